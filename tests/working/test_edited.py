"""Edited code a memory covers (rules/edited_decision.sql over the working layer's ``:lore/edited``): a
definition whose text differs from the graph branch's head warns, in the layer only, for the decisions,
constraints and preferences linked to it. On a real graph and git repository: a buffer's edit warns on the
definition and undoing it clears; lines moved, a new definition and a deleted one do not count as edited;
nothing reaches history (query, history, ``:as-of``); hostile buffers (one name defined thousands of times,
one huge definition) are answered in bounded time; and ``lore check`` on a feature branch through the CLI."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from gitrepo import commit_files, git
from lore import operations
from lore.store.graph import Graph

from .test_check import lore
from .test_layer import run

NET = ("import time\n\n\ndef backoff(attempt):\n    retries = 5\n    return min(2 ** attempt, 30) if attempt < retries "
       "else None\n\n\ndef jitter(x):\n    return x\n")
# backoff's retry budget changed: its text, not its place
NET_EDITED = NET.replace("retries = 5", "retries = 9")
# backoff moved below jitter, its text unchanged
NET_MOVED = "import time\n\n\ndef jitter(x):\n    return x\n\n\n" + NET[NET.index("def backoff"):NET.index("\n\n\ndef jitter")] + "\n"
MEMORIES = ('[[:constraint/retry :description "never change the retry budget in backoff()"] '
            '[:decision/fresh :description "fresh_start must be idempotent"]]')
BACKOFF = ":function/src-net-py-backoff"


@pytest.fixture
def ws(tmp_path: Path):
    root = commit_files(tmp_path / "repo", {"src/net.py": NET}, "init")
    operations.load_features()
    g = Graph(tmp_path / "g.duckdb")
    assert run(g, "transact", {"facts": MEMORIES, "reason": "team memories"})["ok"]
    assert run(g, "ingest", {"repo": str(root), "wait": True})["ok"]
    yield g, root
    g.close()


def buffer(g: Graph, root: Path, text: str | None, version: int, path: str = "src/net.py") -> list[dict]:
    r = run(g, "layerBuffer", {"root": str(root), "path": str(root / path), "text": text, "version": version})
    assert r["ok"], r
    return r["warnings"]


def edited(warnings: list[dict]) -> list[tuple[str, str, int]]:
    return [(w["entity"], w["slots"]["memory"], w["line"]) for w in warnings if w["rule"] == "edited_decision"]


def test_an_edited_body_warns_on_its_definition_and_undoing_it_clears(ws):
    g, root = ws
    tx = g.last_tx()[0]
    assert edited(buffer(g, root, NET, 1)) == []
    ws_ = buffer(g, root, NET_EDITED, 2)
    assert edited(ws_) == [(BACKOFF, ":constraint/retry", 4)]
    [w] = [w for w in ws_ if w["rule"] == "edited_decision"]
    assert w["severity"] == "warning" and w["anchor"] == {"kind": "definition", "name": "backoff"}
    assert "edited in the working tree" in w["message"] and "never change the retry budget" in w["message"]
    # another keystroke inside the edited body: still the one warning
    assert edited(buffer(g, root, NET_EDITED.replace("30", "60"), 3)) == [(BACKOFF, ":constraint/retry", 4)]
    # never history: no transaction, and neither a query, the entity's history nor :as-of sees the mark
    assert g.last_tx()[0] == tx
    q = run(g, "query", {"query": "[:find ?e :where [?e :lore/edited ?v]]"})
    assert q["ok"] and q["results"] == []
    q = run(g, "query", {"query": f"[:find ?e :as-of {tx} :where [?e :lore/edited ?v]]"})
    assert q["ok"] and q["results"] == []
    h = run(g, "history", {"entity": BACKOFF})
    assert h["ok"] and h["history"] and {r["attribute"] for r in h["history"]}.isdisjoint({":lore/edited"}), h
    assert [w for w in run(g, "warnings", {})["warnings"] if w["rule"] == "edited_decision"] == []
    # undone: the same text as the head's
    assert edited(buffer(g, root, NET, 4)) == []


def test_moved_lines_a_new_and_a_deleted_definition_are_not_edits(ws):
    g, root = ws
    assert edited(buffer(g, root, NET_MOVED, 1)) == []
    st = run(g, "layerWarnings", {"root": str(root), "file": "src/net.py"})
    assert st["ok"] and edited(st["warnings"]) == []
    # a definition new in the buffer that a memory names: linked (shown on hover) but not edited
    fresh = NET + "\n\ndef fresh_start():\n    return 1\n"
    assert edited(buffer(g, root, fresh, 2)) == []
    # backoff deleted: nothing left to anchor an edit on, and the layer's links follow the definitions there are
    gone = NET[:NET.index("def backoff")] + NET[NET.index("def jitter"):]
    assert edited(buffer(g, root, gone, 3)) == []
    assert edited(run(g, "layerWarnings", {"root": str(root)})["warnings"]) == []


def test_a_function_nothing_covers_is_edited_silently(ws):
    g, root = ws
    assert edited(buffer(g, root, NET.replace("return x", "return x * 2"), 1)) == []


def test_one_name_defined_thousands_of_times_and_a_huge_definition_stay_bounded(ws):
    """A cloned repository's file (or a pasted buffer) that defines backoff 5,000 times, each body different,
    and one that is a single 900 KB definition of it: each is answered, in bounded time, with one warning per
    memory and definition, and the layer keeps answering afterwards."""
    g, root = ws
    many = "".join(f"def backoff(attempt):\n    return {i}\n\n\n" for i in range(5000))
    t0 = time.perf_counter()
    assert edited(buffer(g, root, many, 1)) == [(BACKOFF, ":constraint/retry", 1)]
    huge = "def backoff(attempt):\n" + "    x = attempt + 1  # retry budget\n" * 25_000
    assert len(huge.encode()) < 1_000_000
    assert edited(buffer(g, root, huge, 2)) == [(BACKOFF, ":constraint/retry", 1)]
    assert time.perf_counter() - t0 < 60
    assert edited(buffer(g, root, NET, 3)) == []
    assert edited(buffer(g, root, NET_EDITED, 4)) == [(BACKOFF, ":constraint/retry", 4)]


# ------------------------------------------------------------------ lore check, through the CLI


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = commit_files(tmp_path / "app", {"src/net.py": NET, ".gitignore": ".lore/\n"}, "init")
    assert lore(r, "transact", MEMORIES, "--reason", "team memories").returncode == 0
    assert lore(r, "ingest", ".").returncode == 0
    return r


def test_lore_check_reports_a_branch_that_edits_a_covered_function(repo):
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "net.py").write_text(NET_EDITED)
    git(repo, "commit", "-qam", "a bigger retry budget")
    p = lore(repo, "check")
    assert p.returncode == 1, p.stderr
    assert p.stdout.splitlines() == [
        "src/net.py:4:1: edited_decision backoff (src/net.py) is edited in the working tree (not yet in the graph's "
        'history) and the constraint "never change the retry budget in backoff()" covers it: check that the edit '
        "keeps to it"]
    report = json.loads(lore(repo, "check", "--format", "json").stdout)
    assert [(w["rule"], w["entity"], w["line"]) for w in report["warnings"]] == [("edited_decision", BACKOFF, 4)]
    # history has none of it
    assert json.loads(lore(repo, "--json", "warnings").stdout)["warnings"] == []


def test_lore_check_passes_a_branch_that_edits_only_what_nothing_covers(repo):
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "net.py").write_text(NET.replace("return x", "return x * 2"))
    git(repo, "commit", "-qam", "jitter doubles")
    p = lore(repo, "check")
    assert p.returncode == 0, (p.stdout, p.stderr)
    assert p.stdout == ""
    # and moving backoff without changing it is no edit either
    (repo / "src" / "net.py").write_text(NET_MOVED)
    p = lore(repo, "check")
    assert p.returncode == 0 and p.stdout == "", (p.stdout, p.stderr)


def test_line_endings_alone_are_no_edit(ws):
    """A work tree checked out with core.autocrlf (Windows) has CRLF where the head's blobs have LF: no
    definition of the file is edited for that alone; an edit in it still is."""
    g, root = ws
    crlf = NET.replace("\n", "\r\n")
    assert edited(buffer(g, root, crlf, 1)) == []
    assert edited(buffer(g, root, NET_EDITED.replace("\n", "\r\n"), 2)) == [(BACKOFF, ":constraint/retry", 4)]

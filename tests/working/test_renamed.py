"""A definition renamed in the working layer keeps the memories that covered it (SPEC §5; user trial 17's L1):
backoff() renamed in a buffer, staged or on a feature branch — its text otherwise the same, so ingestion's own
rename pairing (same kind and shape) holds — is backoff under its new name: the constraint that names backoff()
links to the new name (hover shows it, with "renamed from"), and edited_decision warns on the renamed
definition, through the layer's operations and ``lore check``. A new function (a copy under another name, or a
rename that also rewrote the body) inherits nothing, a deleted one leaves no link anywhere, and undoing the
rename puts the link back on backoff. On real graphs and real git repositories; nothing reaches history."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from gitrepo import commit_files, git
from lore import operations
from lore.ingest.renames import match_renames
from lore.store.graph import Graph

from .test_check import lore
from .test_edited import BACKOFF, MEMORIES, NET, buffer, edited, repo  # noqa: F401 - repo: test_edited's fixture
from .test_layer import run

RENAMED = NET.replace("def backoff(attempt)", "def retry_delay(attempt)")
RETRY_DELAY = ":function/src-net-py-retry-delay"
# backoff kept, and a copy of it under another name: a new function, not a rename
COPIED = NET + "\n\n" + NET[NET.index("def backoff"):NET.index("\n\n\ndef jitter")].replace("backoff", "retry_delay") + "\n"
# renamed and its body rewritten: another shape, so a new function (as ingestion would read the commit)
REWRITTEN = NET.replace("def backoff(attempt):\n    retries = 5\n", "def retry_delay(attempt, budget=5):\n    if budget:\n"
                        "        budget -= 1\n    retries = budget\n")
GONE = NET[:NET.index("def backoff")] + NET[NET.index("def jitter"):]
CLIENT = ("class Client:\n    def __init__(self):\n        self.tries = 0\n\n    def throttle(self, attempt):\n"
          "        self.tries += 1\n        return min(2 ** attempt, 30)\n")
CLIENT_MEMORY = '[[:constraint/client :description "never change the signature of Client.throttle; plugins override it"]]'


@pytest.fixture
def ws(tmp_path: Path):
    root = commit_files(tmp_path / "repo", {"src/net.py": NET, "src/client.py": CLIENT}, "init")
    operations.load_features()
    g = Graph(tmp_path / "g.duckdb")
    assert run(g, "transact", {"facts": MEMORIES, "reason": "team memories"})["ok"]
    assert run(g, "transact", {"facts": CLIENT_MEMORY, "reason": "team memories"})["ok"]
    assert run(g, "ingest", {"repo": str(root), "wait": True})["ok"]
    yield g, root
    g.close()


def hover(g: Graph, root: Path, name: str, line: int, file: str = "src/net.py") -> dict:
    h = run(g, "layerHover", {"root": str(root), "file": file, "kind": "function", "name": name,
                              "qualifiedName": name, "line": line})
    assert h["ok"], h
    return h


def memories(h: dict) -> list[str]:
    return [m["entity"] for m in h.get("memories") or []]


def test_a_function_renamed_in_a_buffer_keeps_its_memories(ws):
    g, root = ws
    tx = g.last_tx()[0]
    assert memories(hover(g, root, "backoff", 4)) == [":constraint/retry"]
    assert edited(buffer(g, root, RENAMED, 1)) == [(RETRY_DELAY, ":constraint/retry", 4)]
    h = hover(g, root, "retry_delay", 4)
    assert h["entity"] == RETRY_DELAY and memories(h) == [":constraint/retry"]
    assert h["history"]["renamedFrom"] == [BACKOFF]
    [w] = [w for w in run(g, "layerWarnings", {"root": str(root), "file": "src/net.py"})["warnings"]
           if w["rule"] == "edited_decision"]
    assert w["anchor"] == {"kind": "definition", "name": "retry_delay"} and "retry_delay" in w["message"]
    # never history
    assert g.last_tx()[0] == tx
    q = run(g, "query", {"query": f"[:find ?m :where [?m :relates-to {RETRY_DELAY}]]"})
    assert q["ok"] and q["results"] == []
    q = run(g, "query", {"query": f"[:find ?x :where [{BACKOFF} :renamed-to ?x]]"})
    assert q["ok"] and q["results"] == []
    # undone: backoff has its memory again, and nothing is edited
    assert edited(buffer(g, root, NET, 2)) == []
    assert memories(hover(g, root, "backoff", 4)) == [":constraint/retry"]
    # a work tree checked out with core.autocrlf: the same rename with CRLFs
    assert edited(buffer(g, root, RENAMED.replace("\n", "\r\n"), 3)) == [(RETRY_DELAY, ":constraint/retry", 4)]


def test_a_method_renamed_keeps_a_memory_that_names_it_qualified(ws):
    g, root = ws
    text = CLIENT.replace("def throttle(self", "def delay(self")
    ws_ = buffer(g, root, text, 1, "src/client.py")
    assert edited(ws_) == [(":function/src-client-py-client-delay", ":constraint/client", 5)]
    h = hover(g, root, "delay", 5, "src/client.py")
    assert memories(h) == [":constraint/client"] and h["history"]["renamedFrom"] == [":function/src-client-py-client-throttle"]
    # the class renamed instead: its method follows it (ingestion's pairing), keeps the memory, and is not
    # edited (its own text is the same)
    text = CLIENT.replace("class Client:", "class Session:")
    assert edited(buffer(g, root, text, 2, "src/client.py")) == []
    h = hover(g, root, "throttle", 5, "src/client.py")
    assert h["entity"] == ":function/src-client-py-session-throttle"
    assert memories(h) == [":constraint/client"]


def test_only_a_paired_rename_inherits_and_a_deleted_function_leaves_no_ghost(ws):
    g, root = ws
    assert edited(buffer(g, root, RENAMED, 1)) == [(RETRY_DELAY, ":constraint/retry", 4)]
    assert memories(hover(g, root, "retry_delay", 4)) == [":constraint/retry"]
    # a copy of backoff under a new name: backoff keeps its memory, the copy has none
    assert edited(buffer(g, root, COPIED, 2)) == []
    assert memories(hover(g, root, "retry_delay", 13)) == []
    assert memories(hover(g, root, "backoff", 4)) == [":constraint/retry"]
    # renamed with its body rewritten: not paired, so a new function
    assert edited(buffer(g, root, REWRITTEN, 3)) == []
    h = hover(g, root, "retry_delay", 4)
    assert h["entity"] == RETRY_DELAY and memories(h) == [] and h["history"]["renamedFrom"] == []
    # deleted: no warning, and the constraint links to nothing the layer has
    assert edited(buffer(g, root, GONE, 4)) == []
    assert memories(hover(g, root, "jitter", 4)) == []
    assert edited(run(g, "layerWarnings", {"root": str(root)})["warnings"]) == []


def test_the_rename_is_found_through_the_memory_index_postings(tmp_path: Path):
    """With more memory rows than linking reads whole (FEW_MEMORY_ROWS), the layer finds the memories to
    re-link through the index's postings of the definitions' names: the old name must be among them."""
    root = commit_files(tmp_path / "repo", {"src/net.py": NET}, "init")
    operations.load_features()
    g = Graph(tmp_path / "g.duckdb")
    try:
        filler = " ".join(f'[:decision/d{i} :description "decision number {i} about caching layer {i}"]'
                          for i in range(320))
        assert run(g, "transact", {"facts": "[" + filler + "]", "reason": "many"})["ok"]
        assert run(g, "transact", {"facts": MEMORIES, "reason": "team memories"})["ok"]
        assert run(g, "ingest", {"repo": str(root), "wait": True})["ok"]
        assert edited(buffer(g, root, RENAMED, 1)) == [(RETRY_DELAY, ":constraint/retry", 4)]
        assert memories(hover(g, root, "retry_delay", 4)) == [":constraint/retry"]
    finally:
        g.close()


# ------------------------------------------------------------------ lore check, through the CLI


def test_lore_check_reports_a_rename_on_a_branch_and_unstaged(repo):  # noqa: F811 - the fixture
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "net.py").write_text(RENAMED)
    p = lore(repo, "check")  # unstaged
    assert p.returncode == 1, (p.stdout, p.stderr)
    assert p.stdout.startswith("src/net.py:4:1: edited_decision retry_delay (src/net.py) is edited in the working tree")
    git(repo, "commit", "-qam", "backoff is retry_delay")
    report = json.loads(lore(repo, "check", "--format", "json").stdout)
    assert [(w["rule"], w["entity"], w["line"]) for w in report["warnings"]] == [("edited_decision", RETRY_DELAY, 4)]
    assert "never change the retry budget" in report["warnings"][0]["message"]
    # a deleted backoff is no warning (and no ghost)
    (repo / "src" / "net.py").write_text(GONE)
    p = lore(repo, "check")
    assert p.returncode == 0 and p.stdout == "", (p.stdout, p.stderr)


# ------------------------------------------------------------------ hostile input


def _classes(prefix: str, n: int) -> str:
    return "".join(f"class {prefix}{i}:\n    def run(self):\n        return {i}\n\n\n" for i in range(n))


def test_thousands_of_classes_renamed_in_one_buffer_are_paired_in_bounded_time(tmp_path: Path):
    """A cloned file (or a pasted buffer) that renames every one of 3,000 classes at once: each is paired with
    its old self, its method follows it, and the keystroke is answered in bounded time."""
    root = commit_files(tmp_path / "repo", {"src/many.py": _classes("Old", 3000)}, "init")
    operations.load_features()
    g = Graph(tmp_path / "g.duckdb")
    try:
        assert run(g, "transact", {"facts": '[[:constraint/run :description "never change Old2999.run"]]',
                                   "reason": "r"})["ok"]
        assert run(g, "ingest", {"repo": str(root), "wait": True})["ok"]
        t0 = time.perf_counter()
        buffer(g, root, _classes("New", 3000), 1, "src/many.py")
        assert time.perf_counter() - t0 < 60
        h = hover(g, root, "run", 3 + 5 * 2999, "src/many.py")
        assert h["entity"] == ":function/src-many-py-new2999-run" and memories(h) == [":constraint/run"]
        assert h["history"]["renamedFrom"] == [":function/src-many-py-old2999-run"]
    finally:
        g.close()


def test_pairing_the_members_of_renamed_classes_is_linear():
    """Ingestion's pairing, which the layer runs on every keystroke: the members of each renamed class were
    looked for in a pass over every definition (8,000 classes renamed in one file: a minute)."""
    gone = {f"c{i}": ("class", i + 1, "p", f"C{i}") for i in range(8000)}
    gone.update({f"m{i}": ("field", 10**6 + i, "p", f"C{i}.x") for i in range(8000)})
    new = {f"d{i}": ("class", i + 1, "p", f"D{i}", False) for i in range(8000)}
    new.update({f"n{i}": ("field", 10**6 + i, "p", f"D{i}.x", True) for i in range(8000)})
    t0 = time.perf_counter()
    links = match_renames(gone, new)
    assert time.perf_counter() - t0 < 15
    assert len(links) == 16000 and ("m7", "n7", "p") in links

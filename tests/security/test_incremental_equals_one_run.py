"""Issue 13 item 11, SPEC §7: an incremental ingest writes exactly what one full ingest of the same history
writes. Property test (hypothesis): histories the test builds with real git (files gain, change, rename and
lose functions, classes, fields and variables; files import each other, call each other, move and go), cut
into incremental runs at any first-parent commits, with small batches so runs also flush mid-way; the facts
the graph believes afterwards are those of one uninterrupted run (ids and tx numbers aside)."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from lore.ingest.api import ingest
from lore.store.graph import MAX_TX, Graph
from lore.timeutil import FOREVER

FILES = ("pkg/a.py", "pkg/b.py", "pkg/c.py", "pkg/d.py")
NAMES = ("load", "_load", "save", "parse", "render")  # `_load` and `load` share an ident (slugs alike)
CLASSES = ("Store", "Cache")
FIELDS = ("size", "limit", "name")
VARS = ("RETRY_LIMIT", "MAX_RETRIES", "TIMEOUT", "_TIMEOUT")


def render(defs: dict) -> str:
    """A Python file from its model: imports, variables, functions (with their calls), classes."""
    out = [f"from pkg.{t[4:-3]} import {n}\n" for t, n in sorted(defs.get("imports", ()))]
    for name, value in sorted(defs.get("vars", {}).items()):
        out.append(f"{name} = {value}\n")
    for name, (body, calls) in sorted(defs.get("funcs", {}).items()):
        lines = [f"def {name}(x):\n", f"    y = x * {body}\n"]
        lines += [f"    y = {c}(y)\n" for c in calls]
        out.append("".join(lines) + "    return y\n")
    for name, (fields, methods) in sorted(defs.get("classes", {}).items()):
        body = [f"    {f} = {i}\n" for i, f in enumerate(fields)]
        body += [f"    def {m}(self):\n        return {len(m)}\n" for m in methods]
        out.append(f"class {name}:\n" + ("".join(body) or "    pass\n"))
    return "\n".join(out)


@st.composite
def histories(draw):
    """(commits, cuts): commits = [{path: text | None}] applied in order; cuts = first-parent indices after
    which an incremental run ends."""
    state: dict[str, dict] = {}
    commits = []
    for _ in range(draw(st.integers(2, 9))):
        changed: dict[str, str | None] = {}
        for _ in range(draw(st.integers(1, 3))):
            path = draw(st.sampled_from(FILES))
            kind = draw(st.sampled_from(["func", "func", "drop", "rename", "var", "class", "import", "mv", "rm"]))
            model = state.setdefault(path, {})
            funcs = model.setdefault("funcs", {})
            if kind == "func":
                name = draw(st.sampled_from(NAMES))
                callees = draw(st.lists(st.sampled_from(NAMES), max_size=2, unique=True))
                funcs[name] = (draw(st.integers(1, 3)), tuple(c for c in callees if c != name))
            elif kind == "drop" and funcs:
                funcs.pop(draw(st.sampled_from(sorted(funcs))))
            elif kind == "rename" and funcs:
                old = draw(st.sampled_from(sorted(funcs)))
                new = draw(st.sampled_from([n for n in NAMES if n not in funcs] or [old]))
                funcs[new] = funcs.pop(old)
            elif kind == "var":
                model.setdefault("vars", {})[draw(st.sampled_from(VARS))] = draw(st.integers(0, 2))
                if draw(st.booleans()) and len(model["vars"]) > 1:
                    model["vars"].pop(sorted(model["vars"])[0])
            elif kind == "class":
                name = draw(st.sampled_from(CLASSES))
                fields = tuple(draw(st.lists(st.sampled_from(FIELDS), max_size=2, unique=True)))
                model.setdefault("classes", {})[name] = (fields, tuple(draw(st.lists(
                    st.sampled_from(NAMES), max_size=2, unique=True))))
            elif kind == "import":
                target = draw(st.sampled_from([f for f in FILES if f != path]))
                tfuncs = sorted(state.get(target, {}).get("funcs", {}))
                if tfuncs:
                    name = draw(st.sampled_from(tfuncs))
                    model.setdefault("imports", set()).add((target, name))
                    caller = draw(st.sampled_from(NAMES))
                    body, calls = funcs.get(caller, (1, ()))
                    funcs[caller] = (body, tuple(sorted(set(calls) | {name})))
            elif kind == "mv" and any(model.values()):
                dest = draw(st.sampled_from([f for f in FILES if f != path]))
                if dest not in state or not state[dest]:
                    state[dest] = state.pop(path)
                    changed[path] = None
                    changed[dest] = render(state[dest])
                    continue
            elif kind == "rm":
                state.pop(path, None)
                changed[path] = None
                continue
            changed[path] = render(model)
        commits.append(changed)
    cuts = draw(st.lists(st.integers(0, len(commits) - 1), max_size=3, unique=True))
    return commits, sorted(cuts)


def build(repo: Path, commits: list[dict]) -> list[str]:
    """The history as real git commits (fast-import: one process), one a day; returns their shas."""
    lines = []
    t0 = 1_700_000_000
    for i, changed in enumerate(commits):
        msg = f"commit {i}"
        lines.append(f"commit refs/heads/main\nmark :{i + 1}\ncommitter Dev <dev@example.com> {t0 + i * 86400} +0000\n"
                     f"data {len(msg)}\n{msg}\n" + (f"from :{i}\n" if i else ""))
        for path, text in changed.items():
            if text is None:
                lines.append(f"D {path}\n")
            else:
                data = text.encode()
                lines.append(f"M 100644 inline {path}\ndata {len(data)}\n{text}\n")
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input="".join(lines).encode(), check=True)
    out = subprocess.run(["git", "-C", str(repo), "rev-list", "--reverse", "main"], check=True,
                         capture_output=True, text=True).stdout
    return out.split()


def believed(g: Graph) -> Counter:
    return Counter(g.con.execute(
        f"SELECT e, a, vt, v, valid_from, valid_to FROM facts WHERE tx_to = {MAX_TX}").fetchall())


def locations(g: Graph) -> list:
    return sorted(g.con.execute("SELECT * FROM code_locations").fetchall()) + sorted(
        g.con.execute("SELECT * FROM import_locations").fetchall())


def edges_and_locations(g: Graph) -> tuple[set, set]:
    """(module, target) of the open :depends-on facts, and of the import locations (a self-import is no edge)."""
    facts = set(g.con.execute(
        f"SELECT e, v FROM facts WHERE a = ':depends-on' AND tx_to = {MAX_TX} AND valid_to = {FOREVER}").fetchall())
    locs = set(g.con.execute("SELECT module, target FROM import_locations WHERE module <> target").fetchall())
    return facts, locs


# derandomize: CI runs the same 30 histories every time; a history found failing is kept below as a test of
# its own (a fresh clone has no example database, so a random search made CI fail at random on a known bug).
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(histories(), st.sampled_from(["1", "2", "1000"]))
# psf/requests's move to src/: `_codes` and `codes` (one ident) moved with their file, one :renamed-to.
@example(([{"pkg/a.py": "_codes = {}\ncodes = dict(_codes)\n\ndef load(x):\n    return codes\n"},
           {"pkg/a.py": None, "pkg/b.py": "_codes = {}\ncodes = dict(_codes)\n\ndef load(x):\n    return codes\n"},
           {"pkg/c.py": "from pkg.b import load\n\ndef run():\n    return load(1)\n"}], [0]), "1000")
def test_any_split_into_incremental_runs_writes_the_rows_of_one_run(history, batch):
    _split_equals_one_run(history, batch)


def _split_equals_one_run(history, batch):
    commits, cuts = history
    old = os.environ.get("LORE_INGEST_BATCH")
    os.environ["LORE_INGEST_BATCH"] = batch  # small batches: runs also flush (and could be killed) mid-way
    try:
        with tempfile.TemporaryDirectory() as tmp:
            repo = Path(tmp) / "repo"
            shas = build(repo, commits)
            full = Graph(Path(tmp) / "full.duckdb")
            ingest(full, str(repo))
            split = Graph(Path(tmp) / "split.duckdb")
            for k in cuts:
                ingest(split, str(repo), shas[k])
            ingest(split, str(repo), "main")
            a, b = believed(full), believed(split)
            assert not [k for k, n in a.items() if n > 1], "one run stored a fact interval twice"
            assert a == b, (sorted((a - b).elements())[:6], sorted((b - a).elements())[:6])
            assert locations(full) == locations(split)
            facts, locs = edges_and_locations(full)
            assert facts == locs, (sorted(facts - locs)[:6], sorted(locs - facts)[:6])
            full.close()
            split.close()
    finally:
        if old is None:
            os.environ.pop("LORE_INGEST_BATCH", None)
        else:
            os.environ["LORE_INGEST_BATCH"] = old


def test_an_importer_follows_a_module_that_comes_back():
    """Found by the random search on a fresh clone (stop 24): b.py imports pkg.a; a.py goes, then comes back."""
    _split_equals_one_run(([{"pkg/a.py": "def load(x):\n    y = x * 1\n    return y\n"},
                            {"pkg/a.py": "def load(x):\n    y = x * 1\n    return y\n"},
                            {"pkg/b.py": "from pkg.a import load\n\ndef load(x):\n    y = x * 1\n    y = load(y)\n"
                                         "    return y\n"},
                            {"pkg/a.py": None,
                             "pkg/b.py": "from pkg.a import load\n\ndef load(x):\n    y = x * 1\n    return y\n"},
                            {"pkg/a.py": ""}], [3]), "1")

"""A per-file warnings call (the language server's, for each open document) answers exactly what the
all-files call answers for that file: the same warnings, resolved the same way, in the same order, under
the same threshold and dismissals — on a graph with many warnings of every anchor kind across many files."""

from __future__ import annotations

import pytest

from lore import operations
from lore.inference.api import warnings
from lore.inference.warnings import _file_matches

N = 40


def _build(g) -> None:
    g.code_tables()
    facts = ['[:module/os :entity-type :type/external-dependency]',
             '[:decision/no-os :rejects :module/os]',
             '[:decision/no-os :description "shell out through the sandbox"]',
             '[:service/slow :processing-ms 5000]']
    for s in "abc":  # a single point of failure with no location at all, and one defined in pkg/m2.py
        facts += [f'[:service/{s} :depends-on :db/x]', f'[:service/{s}2 :depends-on :function/pkg-m2-py-call]']
    defs, imps = [], []
    for i in range(N):
        path, mod, fn = f"pkg/m{i}.py", f":module/pkg-m{i}-py", f":function/pkg-m{i}-py-call"
        facts += [f'[{mod} :entity-type :type/module]', f'[{mod} :path "{path}"]',
                  f'[{mod} :depends-on :module/os]', f'[{mod} :contains {fn}]',
                  f'[{fn} :entity-type :type/function]', f'[{fn} :file "{path}"]']
        if i % 7 != 0:  # else no import row: the warning falls back to the module's :path (line 1)
            imps.append((mod, ":module/os", "os", path, 1 + i % 3, 0, 1 + i % 3, 9))
        if i % 5 == 0:  # a second import elsewhere, earlier by file: the warning belongs there, not here
            imps.append((mod, ":module/os", "os", "pkg/a_shared.py", 40 + i, 4, 40 + i, 13))
        if i % 2 == 0:  # a definition anchor (timeout_conflict) in the same file, a few lines down
            facts += [f'[{fn} :calls :service/slow]', f'[{fn} :timeout-ms {1000 + i}]']
            defs.append((fn, path, "function", "call", "call", 10 + i, 0, 12 + i, 0))
        if i % 6 == 0:  # defined twice: the first file wins
            defs.append((fn, "pkg/z_copy.py", "function", "call", "call", 3, 0, 4, 0))
    g.write("[" + " ".join(facts) + "]")
    g.sql("INSERT INTO code_locations SELECT r[1], r[2], r[3], r[4], r[5], r[6]::INT, r[7]::INT, r[8]::INT, "
          "r[9]::INT FROM (SELECT unnest(?::VARCHAR[][]) AS r)",
          [[[str(x) for x in d] for d in defs]])
    g.sql("INSERT INTO import_locations SELECT r[1], r[2], r[3], r[4], r[5]::INT, r[6]::INT, r[7]::INT, "
          "r[8]::INT FROM (SELECT unnest(?::VARCHAR[][]) AS r)",
          [[[str(x) for x in d] for d in imps]])


def _files(every: list[dict], root) -> list[str]:
    files = sorted({w["file"] for w in every if w.get("file")})
    return files + [str(root / f) for f in files[::3]] + [
        "pkg/none.py", "pkg/m_.py", "pkg/m%.py", "m1.py", "/elsewhere/pkg/m2.py", "'; DROP TABLE facts; --"]


@pytest.mark.parametrize("kw", [{}, {"threshold": 0.85}, {"threshold": 0.0, "include_dismissed": True}])
def test_per_file_equals_all_files_filtered(g, tmp_path, kw):
    _build(g)
    every = warnings(g.graph)
    victim = next(w for w in every if w["rule"] == "rejected_dependency" and w["file"] == "pkg/m3.py")
    reply = operations.run("dismiss", g.graph, {"id": victim["id"], "reason": "os is fine in this tool"})
    assert reply["ok"], reply

    every = warnings(g.graph, **kw)
    rules = {w["rule"] for w in every}
    # the graph really holds many warnings of each anchor kind, over many files (else the test proves little)
    assert len(every) >= N - 1  # the rejected imports alone, less the dismissed one
    assert len({w.get("file") for w in every}) >= N // 2
    assert ("rejected_dependency" in rules) and (("timeout_conflict" in rules) == (kw.get("threshold") != 0.85))
    assert any(w.get("anchor", {}).get("kind") == "module" for w in every)  # the :path fallback
    assert any(w.get("file") is None for w in every) == (kw.get("threshold") != 0.85)  # no location at all
    assert (victim["id"] in {w["id"] for w in every}) == bool(kw.get("include_dismissed"))

    for f in _files(every, tmp_path):
        expected = [w for w in every if _file_matches(f, w.get("file"))]
        assert warnings(g.graph, f, **kw) == expected, f
        # found the other way (only the anchors located in the file are read: many warnings), the same
        assert warnings(g.graph, f, locate_all_under=0, **kw) == expected, f


def test_resolution_picks_the_first_location(g):
    _build(g)
    every = warnings(g.graph)
    shared = [w for w in every if w.get("file") == "pkg/a_shared.py"]
    # every fifth module's import resolves to its earlier-by-file location, never to its own file
    assert sorted(w["entity"] for w in shared) == sorted(f":module/pkg-m{i}-py" for i in range(0, N, 5))
    assert all(w["line"] == 40 + int(w["entity"].split("-m")[1].split("-")[0]) for w in shared)
    assert [w["entity"] for w in warnings(g.graph, "pkg/m5.py") if w["rule"] == "rejected_dependency"] == []
    # a module without an import row: its :path, line 1, anchored as a module
    [w] = [w for w in warnings(g.graph, "pkg/m7.py") if w["rule"] == "rejected_dependency"]
    assert (w["line"], w["anchor"]) == (1, {"kind": "module", "name": "pkg/m7.py"})
    # a function defined in two files belongs to the first (pkg/m6.py < pkg/z_copy.py)
    assert [w["rule"] for w in warnings(g.graph, "pkg/m6.py")] == ["rejected_dependency", "timeout_conflict"]
    [spof] = [w for w in warnings(g.graph, "pkg/m2.py") if w["rule"] == "shared_dependency_risk"]
    assert (spof["line"], [r["entity"] for r in spof["related"]]) == (12, [":service/a2", ":service/b2", ":service/c2"])
    assert warnings(g.graph, "pkg/z_copy.py") == []
    # related entities resolved (the decision has no location: its description is the message)
    [r] = w["related"]
    assert r == {"entity": ":decision/no-os", "message": "shell out through the sandbox"}

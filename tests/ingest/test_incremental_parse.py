"""Incremental parsing (each version of a file parsed from the tree of its previous version) writes the same
facts as parsing every version from scratch: on a real git history with edits at the start, middle and end
of files, broken and repaired syntax, non-ASCII text, renames and deletions, in Python, Rust and JavaScript;
with the two parse workers and with parsing in the ingest's own process."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from lore.ingest.api import ingest
from lore.ingest.edits import text_edit
from lore.ingest.extract import extract_packed, parse_tree
from lore.ingest.parse import Trees, parse_blob_packed
from lore.ingest.walk import CatFile
from lore.store.graph import Graph

from .conftest import Repo


def _py(i: int, n: int) -> str:
    head = "" if i % 5 else f"# révision {i} — ünïcode\n"
    body = "".join(f"def f{n}_{j}(x):\n    y = helper{n}(x) + {j}\n    return g{n}(y)\n\n" for j in range(i % 6 + 1))
    broken = "def oops(:\n    pass\n\n" if i % 9 == 4 else ""
    return (head + f"import os\nfrom pkg import m{(n + 1) % 12}\n\n" + body + broken +
            f"class C{n}:\n    LIMIT = {i}\n\n    def m(self):\n        self.x = f{n}_0(1)\n        return os.path.join('a', 'b')\n")


def _rs(i: int, n: int) -> str:
    fns = "".join(f"pub fn r{n}_{j}(v: u32) -> u32 {{\n    helper(v) + {j}\n}}\n\n" for j in range(i % 4 + 1))
    broken = "fn half( {\n" if i % 7 == 3 else ""
    return (f"use crate::m{(n + 1) % 12};\n\n" + ("// é\n" if i % 3 == 0 else "") + fns + broken +
            f"struct S{n} {{ a: u32 }}\n\nimpl S{n} {{\n    fn get(&self) -> u32 {{ self.a + {i % 5} }}\n}}\n")


def _js(i: int, n: int) -> str:
    fns = "".join(f"function j{n}_{j}(a) {{\n  return call{j}(a);\n}}\n" for j in range((i * 7) % 5 + 1))
    return f"import {{ x }} from './m{(n + 1) % 12}';\n" + fns + f"class K{n} {{\n  m() {{ return j{n}_0({i}); }}\n}}\n"


def _history(repo: Repo, commits: int) -> None:
    """Written with git fast-import: each commit changes a few files; some are renamed or deleted."""
    lines = []
    t0 = 1_700_000_000
    for i in range(commits):
        lines.append(f"commit refs/heads/main\nmark :{i + 1}\ncommitter Dev <dev@example.com> {t0 + i * 3600} +0000\n")
        msg = f"commit {i}"
        lines.append(f"data {len(msg)}\n{msg}\n")
        if i:
            lines.append(f"from :{i}\n")
        for k in range(3):
            n = (i * 3 + k) % 12
            for name, text in ((f"pkg/m{n}.py", _py(i, n)), (f"src/m{n}.rs", _rs(i, n)), (f"web/m{n}.js", _js(i, n))):
                if (i + k) % 3 == 0 or name.endswith(".py"):
                    data = text.encode()
                    lines.append(f"M 100644 inline {name}\ndata {len(data)}\n")
                    lines.append(data.decode() + "\n")
        if i % 13 == 6:
            lines.append(f"R pkg/m{i % 12}.py pkg/moved{i}.py\n")
        if i % 17 == 9:
            lines.append(f"D src/m{i % 12}.rs\n")
    subprocess.run(["git", "-C", str(repo.path), "fast-import", "--quiet"], input="".join(lines).encode(),
                   check=True)
    repo.git("checkout", "-q", "main")


def _everything(g: Graph) -> dict[str, list[tuple]]:
    """All that the ingest wrote, without row ids and transaction numbers (those depend on flush sizes)."""
    return {
        "facts": g.con.execute("SELECT e, a, vt, v, vn, valid_from, valid_to, tx_to = 2147483647 FROM facts "
                               "ORDER BY ALL").fetchall(),
        "code_locations": g.con.execute("SELECT * FROM code_locations ORDER BY ALL").fetchall(),
        "import_locations": g.con.execute("SELECT * FROM import_locations ORDER BY ALL").fetchall(),
        "ingest_defs": g.con.execute("SELECT * FROM ingest_defs ORDER BY ALL").fetchall(),
    }


@pytest.mark.parametrize("workers", ["2", "1"])
def test_incremental_parse_writes_the_same_facts_as_parsing_from_scratch(tmp_path: Path, monkeypatch, workers):
    repo = Repo(tmp_path / "repo")
    _history(repo, 60)  # ~240 blobs: enough for the worker processes to start (64)
    monkeypatch.setenv("LORE_INGEST_WORKERS", workers)
    out = {}
    for mode in ("0", "1"):
        monkeypatch.setenv("LORE_INCREMENTAL_PARSE", mode)
        g = Graph(str(tmp_path / f"g{mode}.duckdb"))
        r = ingest(g, str(repo.path))
        assert r["status"] == "complete"
        out[mode] = (_everything(g), r)
        g.close()
    full, inc = out["0"], out["1"]
    assert full[1]["incremental_parses"] == 0
    # Most versions were parsed from their predecessor's tree (the rest: first versions, renamed paths).
    assert inc[1]["incremental_parses"] > inc[1]["files_parsed"] // 2
    assert inc[1]["files_parsed"] == full[1]["files_parsed"]
    assert len(full[0]["facts"]) > 1000 and full[0]["code_locations"]
    for table in full[0]:
        assert inc[0][table] == full[0][table], table


def test_each_version_parsed_from_the_previous_tree_gives_the_fresh_parse_extract(repo: Repo):
    versions = [_py(i, 1) for i in range(12)] + [_py(3, 1)[:40], "", _py(5, 1)]  # cut short, emptied, back
    shas = []
    for i, text in enumerate(versions):
        repo.write("a.py", text)
        shas.append(repo.git("hash-object", "-w", "a.py").strip())
        repo.write("b.rs", _rs(i, 2))
        shas.append(repo.git("hash-object", "-w", "b.rs").strip())
    trees = Trees()
    with CatFile(str(repo.path)) as cat:
        for k, sha in enumerate(shas):
            path, lang = ("a.py", "python") if k % 2 == 0 else ("b.rs", "rust")
            data = cat.read(sha)
            assert data is not None
            assert parse_blob_packed(cat, sha, lang, path, trees) == extract_packed(lang, data)
    assert trees.hits == len(shas) - 2 and trees.misses == 2


def test_text_edit_keeps_the_common_prefix_and_suffix():
    old, new = "ab\ncdé\nxyz".encode(), "ab\ncQQdé\nxyz".encode()
    assert text_edit(old, new) == (4, 4, 6, (1, 1), (1, 1), (1, 3))
    assert text_edit(b"abc", b"abc") == (3, 3, 3, (0, 3), (0, 3), (0, 3))
    assert text_edit(b"", b"x\ny") == (0, 0, 3, (0, 0), (0, 0), (1, 1))
    assert text_edit(b"aaaa", b"aa") == (2, 4, 2, (0, 2), (0, 4), (0, 2))
    # A parse from an edited tree is the fresh parse, nodes and positions alike.
    a, b = b"def f(x):\n    return x\n", b"# new\ndef f(x, y):\n    return x + y\n"
    t = parse_tree("python", a)
    assert str(parse_tree("python", b, (t, a)).root_node) == str(parse_tree("python", b).root_node)


def test_a_parse_worker_that_dies_is_an_error_not_a_hang(tmp_path: Path):
    """A worker killed mid-run (a parser crash, the kernel's OOM killer) never answers: the ingest stops with
    ``parse-worker-died`` instead of waiting for ever (a server would hang its ingest thread)."""
    from lore.errors import LoreError
    from lore.ingest.parse import Parser

    repo = tmp_path / "r"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    blobs = []
    for i in range(80):
        data = f"def f{i}(x):\n    return x + {i}\n".encode()
        sha = subprocess.run(["git", "-C", str(repo), "hash-object", "-w", "--stdin"], input=data,
                             capture_output=True, check=True).stdout.decode().strip()
        blobs.append((sha, "python", f"m{i}.py"))
    p = Parser(str(repo), processes=2)
    try:
        p.extend(blobs)
        assert p.procs, "the workers started"
        for proc in p.procs:
            proc.kill()
            proc.join()
        with pytest.raises(LoreError) as exc:
            for b, lang, path in blobs:
                p.get(b, lang, path)
        assert exc.value.code == "parse-worker-died"
    finally:
        p.close()

"""What an ingest holds in memory: a flush hands DuckDB its rows in bounded slices (lore.ingest.flush.ARROW_ROWS;
the last flush of a bulk run writes every file's open facts), and the ident caches a walk fills are emptied
when it ends (their entries kept Python's memory arenas from going back to the system). Neither changes what
is written."""

from __future__ import annotations

import pyarrow as pa

from lore import idents as S
from lore.ingest import flush
from lore.ingest.api import ingest
from lore.store.graph import Graph

TABLES = ("SELECT * FROM facts ORDER BY id", "SELECT * FROM ingest_open ORDER BY id, path, e, a, v",
          "SELECT * FROM ingest_defs ORDER BY ALL", "SELECT * FROM code_locations ORDER BY ALL",
          "SELECT * FROM import_locations ORDER BY ALL", "SELECT * FROM ingest_files ORDER BY ALL")


def test_slices_hold_at_most_a_slice_and_insert_every_row_in_order(tmp_path, monkeypatch):
    monkeypatch.setattr(flush, "ARROW_ROWS", 5)
    g = Graph(tmp_path / "g.duckdb")
    try:
        g.con.execute("CREATE TABLE t (k VARCHAR, n BIGINT)")
        s = flush._Slices(g.con, "_t_rows", "INSERT INTO t SELECT * FROM _t_rows",
                          (("k", pa.string()), ("n", pa.int64())))
        held = []
        for i in range(23):
            s.add((f"k{i}", i))
            held.append(len(s.rows))
        assert max(held) == 4  # a fifth row sends the slice
        assert g.con.execute("SELECT count(*) FROM t").fetchall()[0][0] == 20
        assert s.close() == 23
        assert g.con.execute("SELECT k, n FROM t").fetchall() == [(f"k{i}", i) for i in range(23)]
        assert s.close() == 23  # nothing left to send
    finally:
        g.close()


def _history(repo) -> None:
    for i in range(6):
        for j in range(3 if i < 3 else 2):  # pkg/m2.py goes away at the fourth commit
            body = "".join(f"def f{j}_{k}():\n    return helper{k % 2}()\n\n" for k in range(4 + i))
            repo.write(f"pkg/m{j}.py", "from pkg.util import helper0, helper1\n\n" + body)
        repo.write("pkg/util.py", f"def helper0():\n    return {i}\n\ndef helper1():\n    return 1\n")
        if i == 3:
            (repo.path / "pkg/m2.py").unlink()
        repo.commit(f"c{i}", f"2024-01-0{i + 1}T00:00:00Z")


def test_an_ingest_in_tiny_slices_writes_what_one_slice_writes(repo, tmp_path, monkeypatch):
    _history(repo)
    whole = Graph(tmp_path / "whole.duckdb")
    sliced = Graph(tmp_path / "sliced.duckdb")
    try:
        a = ingest(whole, str(repo.path))
        monkeypatch.setattr(flush, "ARROW_ROWS", 3)
        b = ingest(sliced, str(repo.path))
        assert a["facts_written"] == b["facts_written"] > 3 * 10
        assert a["attributes_written"] == b["attributes_written"]
        for q in TABLES:
            x, y = whole.con.execute(q).fetchall(), sliced.con.execute(q).fetchall()
            assert x == y and x, q
    finally:
        whole.close()
        sliced.close()


def test_the_walks_ident_caches_are_empty_once_it_ends(repo, tmp_path):
    _history(repo)
    S.slug("warm")  # whatever the process had cached before goes too
    g = Graph(tmp_path / "g.duckdb")
    seen: list[int] = []

    def progress(done, total, sha):  # during the walk the caches fill
        seen.append(S.def_ident.cache_info().currsize)
    try:
        r = ingest(g, str(repo.path), progress=progress)
        assert r["status"] == "complete" and max(seen) > 10
        assert S.def_ident.cache_info().currsize == 0 and S.slug.cache_info().currsize == 0
        # and the next run, an incremental one with nothing new, still works from an empty cache
        assert ingest(g, str(repo.path)).get("facts_written", 0) == 0
    finally:
        g.close()

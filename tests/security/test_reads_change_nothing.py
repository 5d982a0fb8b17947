"""Attack 12: `lore --graph analytics.duckdb query …` added Lore's tables to any DuckDB file, even for a
read; a file with a different `facts` table ended in a traceback; and a graph in a read-only folder could
not be queried (`graph-unwritable`). Now a read never creates or changes a file, Lore writes only into a
Lore graph (`not-a-graph` otherwise), and a read-only folder's graph answers reads."""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess

import duckdb
import pytest


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _listing(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


READS = [
    ("query", "[:find ?e :where [?e :description ?d]]"),
    ("sql", "SELECT count(*) FROM facts"),
    ("history", ":decision/db"),
    ("warnings",),
    ("status",),
]


def test_foreign_duckdb_file_is_left_untouched(victim, tmp_path):
    other = tmp_path / "analytics"
    other.mkdir()
    db = other / "analytics.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE facts (day DATE, revenue DECIMAL(10, 2))")
    con.execute("INSERT INTO facts VALUES ('2026-01-01', 12.5)")
    con.close()
    before, files = _digest(db), _listing(other)
    for args in [*READS, ("transact", '[[:a/b :description "x"]]', "--reason", "r")]:
        rc, out, err, _ = victim.run("--graph", str(db), *args)
        assert rc != 0 and out["error"]["code"] == "not-a-graph", (args, out)
        assert "Traceback" not in err
    assert _digest(db) == before and _listing(other) == files
    con = duckdb.connect(str(db), read_only=True)
    assert [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()] == ["facts"]
    con.close()


def test_a_read_creates_no_graph(victim):
    for args in READS:
        rc, out, err, _ = victim.run(*args)
        assert rc == 0 and out["ok"], (args, out, err)
    assert not (victim.repo / ".lore").exists()


def test_a_read_does_not_change_the_graph(victim):
    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc == 0, out
    graph = victim.repo / ".lore" / "lore.duckdb"
    before, files = _digest(graph), _listing(graph.parent)
    for args in READS:
        if args[0] == "warnings":
            continue  # a warnings read catches inference up, as derived work of the earlier writes
        rc, out, _, _ = victim.run(*args)
        assert rc == 0 and out["ok"], (args, out)
    assert _digest(graph) == before and _listing(graph.parent) == files


@contextlib.contextmanager
def read_only_folder(folder):
    """The folder made unwritable for this user: chmod for a normal user; for root, whom permissions do not
    stop, the immutable attribute."""
    if os.geteuid() == 0:
        if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode != 0:
            pytest.skip("cannot make a folder read-only for root here (no chattr)")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
    else:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)


def test_read_only_folder_graph_can_be_queried(victim):
    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc == 0, out
    folder = victim.repo / ".lore"
    with read_only_folder(folder):
        with pytest.raises(OSError):
            (folder / "probe").write_text("x")
        rc, out, _, _ = victim.run("query", "[:find ?d :where [:decision/db :description ?d]]")
        assert rc == 0 and out["results"] == [["use Postgres"]], out
        rc, out, _, _ = victim.run("sql", "SELECT count(*) FROM facts WHERE NOT inferred")
        assert rc == 0 and out["rows"] == [[1]], out
        rc, out, _, _ = victim.run("history", ":decision/db")
        assert rc == 0 and len(out["history"]) == 1, out
        rc, out, _, _ = victim.run("warnings")
        assert rc == 0 and out["ok"], out
        rc, out, _, _ = victim.run("transact", '[[:a/b :description "x"]]', "--reason", "r")
        assert rc != 0 and out["error"]["code"] in ("graph-unwritable", "unsafe-path"), out

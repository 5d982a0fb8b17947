"""Issue 13 item 7: a write inside a CTE passed as a SELECT (``WITH x AS (UPDATE facts SET v='pwned'
RETURNING *) SELECT * FROM x`` ran; an INSERT variant grew the file for good). Now every statement is
checked with DuckDB's own parser before it runs, and any query node that is not a read is refused."""

from __future__ import annotations

import pytest

from lore.errors import LoreError
from lore.store.readonly_sql import run_readonly

from .conftest import facts_of

WRITES = [
    "WITH x AS (UPDATE facts SET v='pwned' RETURNING *) SELECT * FROM x",
    "WITH x AS (INSERT INTO facts SELECT * FROM facts RETURNING *) SELECT count(*) FROM x",
    "WITH x AS (DELETE FROM facts RETURNING *) SELECT * FROM x",
    "WITH x AS (INSERT INTO tx VALUES (99, 0, 'r', 'cli') RETURNING *) SELECT 1",
    "WITH a AS (SELECT 1), x AS (UPDATE facts SET v='pwned' RETURNING *) SELECT * FROM a",
    "SELECT * FROM (WITH x AS (DELETE FROM facts RETURNING *) SELECT * FROM x) t",
    "SELECT 1 UNION ALL (WITH x AS (DELETE FROM facts RETURNING *) SELECT 1 FROM x)",
    "SELECT (WITH x AS (UPDATE facts SET v='p' RETURNING *) SELECT count(*) FROM x)",
    "UPDATE facts SET v='pwned'",
    "INSERT INTO facts SELECT * FROM facts",
    "DELETE FROM facts",
    "CREATE TABLE t AS SELECT 1",
    "COPY facts TO '/tmp/x.csv'",
    "ATTACH '/tmp/other.duckdb'",
    "SET memory_limit='1GB'",
    "PRAGMA version",
    "CALL pragma_version()",
    "SELECT 1; DELETE FROM facts",
    "EXPLAIN ANALYZE DELETE FROM facts",
]


@pytest.mark.parametrize("sql", WRITES)
def test_a_write_anywhere_is_refused_before_it_runs(filled, sql):
    before = facts_of(filled)
    size = filled.con.execute("SELECT count(*) FROM tx").fetchone()[0]
    with pytest.raises(LoreError) as exc:
        run_readonly(filled, sql)
    assert exc.value.code in ("sql-not-read-only", "sql-syntax"), exc.value
    assert facts_of(filled) == before
    assert filled.con.execute("SELECT count(*) FROM tx").fetchone()[0] == size


def test_the_file_does_not_grow_through_the_cli(cli):
    rc, out, _, _ = cli.run("transact", '[[:decision/db :description "Postgres"]]', "--reason", "r")
    assert rc == 0 and out["ok"]
    grow = ("WITH x AS (INSERT INTO facts SELECT * FROM facts, range(20000) RETURNING *) "
            "SELECT count(*) FROM x")
    size = cli.graph.stat().st_size
    rc, out, _, _ = cli.run("sql", grow)
    assert rc != 0 and out["ok"] is False and out["error"]["code"] == "sql-not-read-only"
    assert "INSERT" in out["error"]["message"]
    assert cli.graph.stat().st_size == size
    rc, out, _, _ = cli.run("sql", "SELECT count(*) AS n FROM facts")
    assert out == {"ok": True, "columns": ["n"], "rows": [[1]]}


@pytest.mark.parametrize("sql, rows", [
    ("SELECT count(*) FROM facts", [[2]]),
    ("WITH x AS (SELECT e FROM facts) SELECT count(*) FROM x", [[2]]),
    ("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT count(*) FROM r", [[3]]),
    ("SELECT 1 AS a UNION SELECT 2 ORDER BY a", [[1], [2]]),
    ("SELECT (SELECT count(*) FROM facts WHERE a = ':n')", [[1]]),
    ("FROM (VALUES ('update'), ('delete')) t(s) WHERE s <> 'insert' ORDER BY s", [["delete"], ["update"]]),
    ("SELECT 'WITH x AS (UPDATE facts SET v=1 RETURNING *)' AS s", [["WITH x AS (UPDATE facts SET v=1 RETURNING *)"]]),
])
def test_reads_still_run(filled, sql, rows):
    assert run_readonly(filled, sql)[1] == rows

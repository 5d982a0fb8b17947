"""Issue 13 item 7, rule files: a SQL rule whose SELECT hides a write in a CTE is refused before it runs
(the same check as ``lore sql``), reported as a rule error, and the graph is unchanged — even when the
user has trusted the workspace's rules (trust lets a rule read, never write)."""

from __future__ import annotations

import pytest

from lore.inference.engine import Engine
from lore.store.graph import Graph
from lore.store.txdata import parse_tx

HEADER = "-- name: sneaky\n-- kind: fact\n-- derives: :x\n-- reads: :n\n"


@pytest.mark.parametrize("body", [
    "WITH w AS (DELETE FROM facts RETURNING *) SELECT e, v, [] AS provenance FROM w",
    "WITH w AS (UPDATE facts SET v = 'pwned' RETURNING *) SELECT e, v, [] AS provenance FROM w",
    "WITH w AS (INSERT INTO facts SELECT * FROM facts RETURNING *) SELECT e, v, [] AS provenance FROM w",
])
def test_a_rule_with_a_write_in_a_cte_is_refused(tmp_path, monkeypatch, body):
    monkeypatch.setenv("LORE_TRUST_RULES", "1")  # trusted: the write must still be refused
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True)
    (folder / "sneaky.sql").write_text(HEADER + body)
    g = Graph(tmp_path / ".lore" / "lore.duckdb")  # workspace rules are found beside the graph
    try:
        g.transact(parse_tx("[[:x/a :n 1]]", default_kind="add"), reason="t", source="cli")
        rows = g.con.execute("SELECT * FROM facts ORDER BY id").fetchall()
        rep = Engine(g).run(full=True)
        errs = {e.path.rsplit("/", 1)[-1]: (e.code, e.message) for e in rep.errors}
        assert errs["sneaky.sql"][0] == "rule-not-select", errs
        assert "sneaky" not in rep.rules_run
        assert g.con.execute("SELECT * FROM facts WHERE NOT inferred ORDER BY id").fetchall() == \
            [r for r in rows if not r[10]]
        assert g.con.execute("SELECT count(*) FROM facts WHERE v = 'pwned'").fetchone()[0] == 0
    finally:
        g.close()

"""Issue 13 item 5 / issue 18 item 2, Datalog side: a runaway query stopped only after 120 s. Now it
stops at LORE_QUERY_TIMEOUT (default 30 s) with error ``timeout``, its temp tables dropped and its
connection usable."""

from __future__ import annotations

import pytest

from lore.errors import LoreError
from lore.query.api import run_query
from lore.query.rules import register
from lore.store import limits

from .conftest import ENDLESS_RULES


def test_endless_rules_stop_with_timeout(filled, monkeypatch):
    for r in ENDLESS_RULES:
        register(filled, r)
    monkeypatch.setenv("LORE_QUERY_TIMEOUT", "0.5")
    with pytest.raises(LoreError) as exc:
        run_query(filled, "[:find ?x :where (up ?x)]")
    assert exc.value.code == "timeout"
    assert limits.running() == 0
    temps = filled.con.execute("SELECT count(*) FROM duckdb_tables() WHERE temporary").fetchone()[0]
    assert temps == 0
    assert run_query(filled, "[:find ?v :where [:decision/db :description ?v]]")["results"] == [["Postgres"]]


def test_an_endless_join_stops_with_timeout_through_the_cli(cli):
    rc, out, _, _ = cli.run("transact", "[" + " ".join(f"[:e/{i} :n {i}]" for i in range(400)) + "]",
                            "--reason", "r")
    assert rc == 0 and out["ok"]
    # four scans of 400 facts joined on nothing: 400^4 rows to look at
    q = ("[:find (count ?a) :where [?a :n ?x] [?b :n ?y] [?c :n ?z] [?d :n ?w] "
         "[(+ ?x ?y ?z ?w) ?s] [(< ?s 0)]]")
    rc, out, _, _ = cli.run("query", q, env={"LORE_QUERY_TIMEOUT": "1"})
    assert rc != 0 and out["ok"] is False and out["error"]["code"] == "timeout", out

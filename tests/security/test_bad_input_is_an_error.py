"""Attack 13c: malformed input gave `internal` (a crash reported as data): lone surrogates in EDN strings,
`SELECT INTERVAL 10000000 YEAR`, `limit: "abc"`, invalid UTF-8 given to `history` and `sql`; and a client
could record its own facts as `source: "rule"`. Now each is a clear error of its own and nothing is written."""

from __future__ import annotations

import os

import pytest

from lore import operations
from lore.store.graph import Graph


@pytest.fixture
def g(tmp_path):
    graph = Graph(tmp_path / "g.duckdb")
    yield graph
    graph.close()


def test_lone_surrogates_in_edn_strings(g):
    reply = operations.run("transact", g, {"facts": '[[:a/b :description "x\ud800y"]]', "reason": "r"})
    assert reply["error"]["code"] == "invalid-utf8"
    reply = operations.run("transact", g, {"facts": '[[:a/b :description "\\ud800"]]', "reason": "r"})
    assert reply["ok"] is False and reply["error"]["code"] != "internal"
    assert g.last_tx() == (0, 0)


def test_interval_that_python_cannot_hold(g):
    reply = operations.run("sql", g, {"sql": "SELECT INTERVAL 10000000 YEAR"})
    assert reply["error"]["code"] == "sql-value"


@pytest.mark.parametrize("limit", ["abc", 1.5, True, [1]])
def test_limit_that_is_not_a_number(g, limit):
    reply = operations.run("sql", g, {"sql": "SELECT 1", "limit": limit})
    assert reply["error"]["code"] == "bad-params"


def test_invalid_utf8_on_the_command_line(victim):
    bad = os.fsdecode(b":module/\xff\xfe")
    rc, out, err, _ = victim.run("history", bad)
    assert rc != 0 and out["error"]["code"] == "invalid-utf8", (out, err)
    rc, out, err, _ = victim.run("sql", os.fsdecode(b"SELECT '\xff'"))
    assert rc != 0 and out["error"]["code"] == "invalid-utf8", (out, err)
    assert "Traceback" not in err


@pytest.mark.parametrize("source", ["rule", "ingest", "journal", 7])
def test_a_client_cannot_pass_its_facts_off_as_lores_own(g, source):
    reply = operations.run("transact", g, {"facts": '[[:a/b :description "x"]]', "reason": "r", "source": source})
    assert reply["error"]["code"] == "bad-source"
    assert g.last_tx() == (0, 0)

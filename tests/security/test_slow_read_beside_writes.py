"""Issue 13 item 5: one slow ``lore sql`` stalled the owner for everyone (other clients' writes timed
out). Now the owner runs bounded reads (queries, ``lore sql``) on reader threads beside its worker: while
one client's statement runs towards its time limit, another client's write is served, and closing the
server stops the statement instead of waiting for it."""

from __future__ import annotations

import threading

from lore.runtime.backend import Backend
from lore.store import limits

from .conftest import ENDLESS_RULES, ENDLESS_SQL


def test_a_write_succeeds_while_a_slow_read_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("LORE_QUERY_TIMEOUT", "600")  # the slow read would run for ten minutes
    backend = Backend(tmp_path / "g.duckdb")
    backend.start()
    try:
        assert backend.is_owner
        assert backend.run("transact", {"facts": '[[:x/a :n 0]]', "reason": "seed"})["ok"]
        for r in ENDLESS_RULES:
            assert backend.run("rule", {"rule": r})["ok"]
        replies: dict[str, dict] = {}
        sql = threading.Thread(target=lambda: replies.update(sql=backend.run("sql", {"sql": ENDLESS_SQL})))
        dl = threading.Thread(target=lambda: replies.update(
            query=backend.run("query", {"query": "[:find ?x :where (up ?x)]"})))
        sql.start()
        dl.start()
        assert limits.wait_running(2, 60), "the two reads did not start"
        # another client writes and reads meanwhile
        reply = backend.run("transact", {"facts": '[[:decision/db :description "Postgres"]]', "reason": "meanwhile"})
        assert reply["ok"] and reply["tx"] == 2
        assert backend.run("history", {"entity": ":decision/db"})["ok"]
        assert sql.is_alive() and dl.is_alive() and not replies  # the slow reads are still running
    finally:
        backend.close()
    sql.join(60)
    dl.join(60)
    assert not sql.is_alive() and not dl.is_alive()
    assert replies["sql"]["ok"] is False and replies["sql"]["error"]["code"] == "shutting-down"
    assert replies["query"]["ok"] is False and replies["query"]["error"]["code"] == "shutting-down"
    assert limits.running() == 0

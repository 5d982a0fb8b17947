"""finalize-turn: heuristic capture of durable facts, the why, rejected alternatives, entity resolution,
and what must not be stored."""

from __future__ import annotations

import pytest
from memory_helpers import remember

from lore import operations
from lore.memory import capture as cap
from lore.memory.capture import capture
from lore.store.graph import MAX_TX


def current(graph, e):
    return sorted(graph.con.execute(f"SELECT a, v FROM facts WHERE e = ? AND tx_to = {MAX_TX} AND NOT inferred",
                                    [e]).fetchall())


def test_a_decision_with_its_why_and_rejected_alternative(graph):
    r = capture(graph, "User: We're using FastAPI over Flask — async support is critical for our Redis calls.\n"
                       "Agent: Noted.")
    assert r["ok"] and r["stored"] == 1 and r["strategy"] == "heuristic"
    facts = current(graph, ":decision/fastapi")
    assert (":entity-type", ":type/decision") in facts
    assert (":rationale", "async support is critical for our Redis calls") in facts
    assert (":rejects", ":dependency/flask") in facts
    assert (":description", "Flask") in current(graph, ":dependency/flask")
    src = graph.con.execute("SELECT source, reason FROM tx WHERE tx = ?", [r["tx"]]).fetchone()
    assert src[0] == "agent" and src[1].startswith("finalize-turn")


def test_because_in_a_following_sentence_and_too_slow(graph):
    capture(graph, "User: Let's go with Postgres for the main store. MySQL was too slow for analytics.")
    facts = current(graph, ":decision/postgres")
    assert (":rejects", ":dependency/mysql") in facts
    assert (":rationale", "MySQL was too slow for analytics") in facts
    capture(graph, "User: We'll adopt Ruff as the linter. That's because pylint takes ten minutes.")
    assert (":rationale", "That's because pylint takes ten minutes") in current(graph, ":decision/ruff")


def test_rejected_alternative_inside_the_why_clause(graph):
    capture(graph, "User: We'll use Redis for caching because it's already deployed, instead of memcached.")
    facts = current(graph, ":decision/redis")
    assert (":rejects", ":dependency/memcached") in facts
    assert (":rationale", "because it's already deployed, instead of memcached") in facts
    # "over" inside a why clause is not a choice between alternatives
    capture(graph, "User: We'll use gRPC for the sync service because it streams well over the network.")
    assert not [f for f in current(graph, ":decision/grpc") if f[0] == ":rejects"]


def test_kinds_and_relations(graph):
    capture(graph, "User: Never log request bodies because they contain card numbers.\n"
                   "User: We can't use MongoDB because of licensing.\n"
                   "User: The auth service calls the JWT module for token validation.\n"
                   "User: The billing service depends on the ledger database.\n"
                   "User: The scheduler is responsible for retrying failed webhooks.")
    kinds = dict(graph.con.execute(f"SELECT e, v FROM facts WHERE a = ':entity-type' AND tx_to = {MAX_TX}").fetchall())
    assert kinds[":preference/no-request-bodies"] == ":type/preference"
    assert kinds[":constraint/no-mongodb"] == ":type/constraint"
    assert (":forbids", ":dependency/mongodb") in current(graph, ":constraint/no-mongodb")
    assert (":calls", ":dependency/jwt-module") in current(graph, ":dependency/auth-service")
    assert (":depends-on", ":dependency/ledger-database") in current(graph, ":dependency/billing-service")
    assert (":entity-type", ":type/dependency") in current(graph, ":dependency/scheduler")


@pytest.mark.parametrize("delta", [
    "User: Can you run the tests again?\nAgent: Running.",
    "User: Thanks, that looks great!\nAgent: :)",
    "User: Maybe we should use Kafka here?\nAgent: It could work.",
    "User: For now, just hardcode the port to 8080.\nAgent: Done.",
    "User: It must be the cache, clear it.\nAgent: Cleared.",
    "User: I decided to take a break, back in 10.",
    "User: ok",
    "Agent: We'll use Redis for caching.",  # the agent's own words are not the user's decision
    "",
])
def test_chatter_is_not_stored(graph, delta):
    before = graph.last_tx()[0]
    r = capture(graph, delta)
    assert r["ok"] and r["stored"] == 0 and graph.last_tx()[0] == before


def test_entities_resolve_against_idents_and_aliases(graph):
    remember(graph, '[[:decision/cache-layer :description "Redis in front of the catalogue"]'
                    ' [:decision/cache-layer :alias "Redis"] [:dependency/mysql :description "MySQL"]]')
    r = capture(graph, "User: We'll use Redis for caching over MySQL query caching.")
    assert [m["entity"] for m in r["memories"]] == [":decision/cache-layer"] and r["memories"][0]["new"] is False
    assert (":rejects", ":dependency/mysql") in current(graph, ":decision/cache-layer")
    assert not graph.con.execute("SELECT count(*) FROM facts WHERE e = ':decision/redis'").fetchone()[0]
    # The same exchange again adds nothing new.
    rows = graph.con.execute("SELECT count(*) FROM facts").fetchone()[0]
    capture(graph, "User: We'll use Redis for caching over MySQL query caching.")
    assert graph.con.execute("SELECT count(*) FROM facts").fetchone()[0] == rows


def test_idents_are_canonical(graph):
    r = capture(graph, "User: We chose Node.js 20 (LTS) over Deno!!")
    e = r["memories"][0]["entity"]
    assert e == ":decision/node-js-20" and (":rejects", ":dependency/deno") in current(graph, e)


def test_text_is_stored_as_values_never_parsed(graph):
    delta = 'User: We will use "]] [:db/retract :decision/x :a 1]" for quoting because {:a 1} breaks.'
    r = capture(graph, delta)
    assert r["stored"] == 1
    e = r["memories"][0]["entity"]
    desc = [v for a, v in current(graph, e) if a == ":description"]
    assert desc == ['We will use "]] [:db/retract :decision/x :a 1]" for quoting because {:a 1} breaks']


def test_malformed_deltas_are_errors_and_store_nothing(graph):
    before = graph.last_tx()[0]
    for bad in (None, 7, ["User: x"], {"d": 1}):
        r = operations.run("finalizeTurn", graph, {"delta": bad})
        assert r["ok"] is False and r["error"]["code"] == "bad-params"
    assert operations.run("finalizeTurn", graph, {})["error"]["code"] == "bad-params"
    assert operations.run("finalizeTurn", graph, {"delta": "x" * (cap.MAX_DELTA_CHARS + 1)})["error"]["code"] == "too-large"
    assert operations.run("finalizeTurn", graph, {"delta": "User: we'll use \ud800"})["error"]["code"] == "invalid-utf8"
    r = operations.run("finalizeTurn", graph, {"delta": "User: We'll use Redis.", "strategy": "llm"})
    assert r["error"]["code"] == "bad-params" and "heuristic" in r["error"]["message"]
    assert graph.last_tx()[0] == before


def test_dry_run_and_a_pluggable_strategy(graph):
    r = operations.run("finalizeTurn", graph, {"delta": "User: We'll use Redis.", "dryRun": True})
    assert r["ok"] and r["stored"] == 1 and r["dry_run"] and graph.last_tx()[0] == 0
    cap.register_strategy("fixed", lambda delta: [cap.Extracted("constraint", "budget", "cloud bill under $5k")])
    try:
        r = operations.run("finalizeTurn", graph, {"delta": "anything", "strategy": "fixed"})
        assert r["ok"] and r["strategy"] == "fixed"
        assert (":description", "cloud bill under $5k") in current(graph, ":constraint/budget")
    finally:
        cap.STRATEGIES.pop("fixed")

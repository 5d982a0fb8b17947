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


# ------------------------------------------------------------------ changes of mind (issue 14)

def valid_now(graph, e):
    from lore.timeutil import now_micros

    now = now_micros()
    return sorted(graph.con.execute(f"SELECT a, v FROM facts WHERE e = ? AND tx_to = {MAX_TX} AND NOT inferred "
                                    f"AND valid_from <= ? AND valid_to > ?", [e, now, now]).fetchall())


def _one(delta: str):
    from lore.memory.extract import heuristic

    got = heuristic(delta)
    assert len(got) == 1, [g.to_json() for g in got]
    return got[0]


@pytest.mark.parametrize("delta, subject, rejects", [
    ("User: We're switching caching from Redis to memcached.", "memcached", ["Redis"]),
    ("User: Move from webpack to vite.", "vite", ["webpack"]),
    ("User: Replace moment with date-fns.", "date-fns", ["moment"]),
    ("User: Swap webpack for vite.", "vite", ["webpack"]),
    ("User: Drop alice in favor of httpx.", "httpx", ["alice"]),
    ("User: We no longer use Celery.", "no Celery", ["Celery"]),
    ("User: We decided against the backoff library.", "no backoff", ["backoff"]),
    ("User: MySQL was rejected.", "no MySQL", ["MySQL"]),
    ("User: We won't use GraphQL for the public API.", "no GraphQL", ["GraphQL"]),
    ("User: We're dropping PostgreSQL, switching to CockroachDB for geo-distribution.", "CockroachDB",
     ["PostgreSQL"]),
])
def test_changes_of_mind_name_what_is_chosen_and_what_is_dropped(delta, subject, rejects):
    it = _one(delta)
    assert it.kind == "decision" and it.subject == subject and it.rejects == rejects


def test_reasons_after_so_and_before_the_decision():
    it = _one("User: Travis sprung some surprise billing changes on us, so we are now prioritizing removing "
              "usage of TravisCI completely.")
    assert it.rationale == "Travis sprung some surprise billing changes on us" and it.rejects == ["TravisCI"]
    it = _one("User: Some of the data we need to use is sensitive. The data directory will be split out into its "
              "own repository and encrypted using sops.")
    assert it.rationale == "Some of the data we need to use is sensitive"
    it = _one("User: Switch to Vite for faster builds. It is much simpler to configure than webpack.")
    assert it.subject == "Vite" and "simpler" in (it.rationale or "")


def test_statements_that_are_not_what_they_look_like():
    from lore.memory.extract import heuristic

    assert heuristic("User: The test depends on the fixture order.") == []
    it = _one("User: When we deploy, always run the migrations first.")  # "When …" is not a question here
    assert it.kind == "preference"
    assert heuristic("User: When do we deploy?") == []
    it = _one("User: When a deploy fails, we roll back first and debug later because uptime matters more.")
    assert it.kind == "preference" and it.rationale == "because uptime matters more"
    assert heuristic("User: When I ran the tests yesterday, we saw two failures.") == []
    it = _one("User: Avoid default exports across the whole codebase; use named exports.")
    assert it.kind == "preference" and it.subject == "no default exports"
    it = _one("User: Never import pyOpenSSL directly; go through the ssl wrapper.")
    assert it.subject == "no pyOpenSSL"  # a short name never drops the negation


def test_a_switch_supersedes_the_decision_it_replaces(graph):
    capture(graph, "User: We'll use Redis for caching because it is already deployed.\nAgent: Noted.")
    r = capture(graph, "User: We're switching caching from Redis to memcached.\nAgent: OK.")
    assert r["memories"][0]["entity"] == ":decision/memcached" and r["memories"][0]["supersedes"] == [":decision/redis"]
    new = current(graph, ":decision/memcached")
    assert (":supersedes", ":decision/redis") in new and (":rejects", ":dependency/redis") in new
    instant = graph.last_tx()[1]
    # Every fact of the old decision ends exactly at the change; none is deleted.
    rows = graph.con.execute(f"SELECT a, valid_to FROM facts WHERE e = ':decision/redis' AND tx_to = {MAX_TX}").fetchall()
    assert rows and {vt for _, vt in rows} == {instant}
    assert {a for a, _ in rows} >= {":description", ":rationale", ":alias", ":entity-type"}
    # Said again, nothing more is superseded (the old one is no longer current).
    r = capture(graph, "User: We're switching caching from Redis to memcached.\nAgent: OK.")
    assert "supersedes" not in r["memories"][0]


def test_a_drop_supersedes_and_a_reversal_supersedes_the_drop(graph):
    capture(graph, "User: We chose Celery for background jobs.\nAgent: Noted.")
    r = capture(graph, "User: We no longer use Celery.\nAgent: OK.")
    assert r["memories"][0]["entity"] == ":decision/no-celery" and r["memories"][0]["supersedes"] == [":decision/celery"]
    r = capture(graph, "User: We're going back to Celery from RQ.\nAgent: OK.")
    assert r["memories"][0]["entity"] == ":decision/celery" and r["memories"][0]["supersedes"] == [":decision/no-celery"]
    assert (":description", "We're going back to Celery from RQ") in current(graph, ":decision/celery")


def test_a_revert_and_a_new_version_floor_supersede_what_they_undo(graph):
    capture(graph, "User: Replace Jest with Vitest, since it shares the Vite config.\nAgent: Noted.")
    r = capture(graph, 'User: Revert "Replace Jest with Vitest". Vitest broke the snapshot tests.\nAgent: OK.')
    # the chosen name resolves to the entity the first turn's rejection made (entity resolution, as for any name)
    got = r["memories"][0]
    assert got["supersedes"] == [":decision/vitest"], got
    assert (":rejects", ":dependency/vitest") in current(graph, got["entity"])
    capture(graph, "User: We chose Node 18 as the runtime for the workers.\nAgent: Noted.")
    r = capture(graph, "User: Drop Node 18 support. Node 20 is now the minimum supported version.\nAgent: OK.")
    assert [m["entity"] for m in r["memories"]] == [":decision/node-20"], r["memories"]
    assert r["memories"][0]["supersedes"] == [":decision/node-18"]


# ------------------------------------------------------------------ the agent's own extraction (SPEC §4)

def test_agent_facts_are_validated_resolved_and_stored_as_one_transaction(graph):
    capture(graph, "User: We'll use Redis for caching.\nAgent: Noted.")
    before = graph.last_tx()[0]
    r = operations.run("finalizeTurn", graph, {"facts": [
        {"entity": ":Decision/Memcached", "attribute": ":description", "value": "memcached for the page cache"},
        {"entity": ":decision/memcached", "attribute": ":supersedes", "value": ":decision/redis"},
        {"entity": ":decision/memcached", "attribute": ":rejects", "value": ":Dependency/Redis"},
        {"entity": ":decision/memcached", "attribute": ":priority", "value": 2}]})
    assert r["ok"] and r["strategy"] == "agent" and r["tx"] == before + 1, r
    assert [m["entity"] for m in r["memories"]] == [":decision/memcached"]
    facts = current(graph, ":decision/memcached")
    assert (":rejects", ":dependency/redis") in facts and (":supersedes", ":decision/redis") in facts
    assert (":priority", "2") in facts
    assert valid_now(graph, ":decision/redis") == []  # superseded: no longer valid now
    src = graph.con.execute("SELECT source, reason FROM tx ORDER BY tx DESC LIMIT 1").fetchone()
    assert src[0] == "agent" and "agent extracted" in src[1]
    # EDN works the same; an alias names the entity the graph already has.
    r = operations.run("finalizeTurn", graph, {"facts": '[[:decision/Memcached :rationale "it is simpler"]]'})
    assert r["ok"] and (":rationale", "it is simpler") in current(graph, ":decision/memcached")


@pytest.mark.parametrize("facts", [
    "[[", "{:a 1}", "[[:decision/x :description]]", "[[:db/retract :decision/x :description \"y\"]]",
    "[[:decision/x :db/cardinality :db.cardinality/one]]", "[[\"x\" :description \"y\"]]", 5, "[[]]",
    "[[:decision/x :rejects :redis]]", "[[:redis :description \"y\"]]",  # no kind: was an internal error
    [{"entity": ":decision/x"}], [{"entity": "no ident", "attribute": ":a", "value": "v"}],
    [{"entity": ":decision/x", "attribute": "description", "value": "v"}],
    [{"entity": ":decision/x", "attribute": ":a", "value": {"nested": 1}}],
    [{"entity": ":decision/x", "attribute": ":a", "value": None}],
    [{"entity": ":decision/x", "attribute": ":a", "value": "x" * 1_000_001}],
    [{"entity": f":decision/x{i}", "attribute": ":description", "value": "v"} for i in range(1001)],
    [{"entity": ":decision/ok", "attribute": ":description", "value": "fine"}, {"entity": 1, "attribute": ":a",
                                                                               "value": "v"}],
])
def test_malformed_agent_facts_are_errors_and_store_nothing(graph, facts):
    before = graph.last_tx()[0]
    r = operations.run("finalizeTurn", graph, {"facts": facts})
    assert r["ok"] is False and r["error"]["code"] in ("bad-params", "edn-syntax", "too-large", "value-too-large"), r
    assert graph.last_tx()[0] == before


@pytest.mark.parametrize("nothing", [[], "[]", " [ ] "])
def test_an_agent_that_found_nothing_durable_passes_no_facts_and_nothing_is_stored(graph, nothing):
    """Agreement study (set 21): an agent told to call finalize-turn on every turn, which read a proposal or a
    question and found nothing settled, had no way to say so — `facts: []` was refused, and the delta alone let the
    rule reader store what the agent had judged noise (15 false memories on set 21's 41 noise exchanges)."""
    before = graph.last_tx()[0]
    r = operations.run("finalizeTurn", graph, {"delta": "User: We'll use Redis for caching.\nAgent: Noted.",
                                               "facts": nothing})
    assert r["ok"] and r["strategy"] == "agent" and r["stored"] == 0 and r["memories"] == [], r
    assert graph.last_tx()[0] == before


def test_the_agent_routes_reply_names_the_reason_and_what_is_rejected_as_stored(graph):
    """Agreement study (set 21): the heuristic's reply names each memory's rationale, rejected names and edges; the
    agent route's named only the description, so an agent (or the bench) reading the reply saw its reasons and
    rejected alternatives as lost although the graph held every one."""
    remember(graph, "[[:module/certifi :entity-type :type/module] [:module/certifi :description \"certifi\"]]",
             reason="ingest fixture", source="ingest")
    r = operations.run("finalizeTurn", graph, {"facts": (
        '[[:decision/truststore :description "Use truststore instead of certifi"] '
        '[:decision/truststore :rationale "the system store is kept up to date"] '
        '[:decision/truststore :rejects :library/certifi] [:decision/truststore :rejects "=="] '
        '[:constraint/no-pickle :description "Never unpickle user data"] '
        '[:constraint/no-pickle :forbids :module/pickle]]')})
    assert r["ok"], r
    decision, constraint = r["memories"]
    assert decision["rationale"] == "the system store is kept up to date"
    assert decision["rejects"] == ["certifi", "=="]
    assert decision["edges"] == [[":rejects", ":module/certifi"]]  # the ident the transaction wrote
    assert (":rejects", ":module/certifi") in current(graph, ":decision/truststore")
    assert constraint["edges"] == [[":forbids", ":module/pickle"]] and "rationale" not in constraint
    assert constraint["forbids"] == ["pickle"]


def test_what_a_captured_or_agent_decision_rejects_is_the_codes_own_entity(graph):
    remember(graph, "[[:module/certifi :entity-type :type/module] [:module/certifi :description \"certifi\"]]",
             reason="ingest fixture", source="ingest")  # as ingestion writes `import certifi`
    capture(graph, "User: We decided to use truststore instead of certifi.\nAgent: Noted.")
    assert (":rejects", ":module/certifi") in current(graph, ":decision/truststore")
    r = operations.run("finalizeTurn", graph, {"facts": [
        {"entity": ":decision/no-requests", "attribute": ":rejects", "value": ":library/certifi"}]})
    assert r["ok"] and (":rejects", ":module/certifi") in current(graph, ":decision/no-requests")


def test_the_decision_replaced_is_found_by_what_its_description_chooses(graph):
    remember(graph, '[[:decision/cache-backend :description "Use Redis for the page cache"]]')
    remember(graph, '[[:decision/sessions :description "Sessions live in Postgres, not Redis"]]')
    r = capture(graph, "User: We're switching caching from Redis to memcached.\nAgent: OK.")
    assert r["memories"][0]["supersedes"] == [":decision/cache-backend"]
    assert valid_now(graph, ":decision/cache-backend") == []
    assert valid_now(graph, ":decision/sessions") != []  # it names Redis but chose Postgres


def test_an_agent_decision_that_rejects_what_a_current_one_chose_supersedes_it(graph):
    capture(graph, "User: We use requests for all HTTP calls.\nAgent: Noted.")
    remember(graph, '[[:decision/sessions :description "Sessions live in Postgres"]]')
    r = operations.run("finalizeTurn", graph, {"facts": (
        '[[:decision/http-client :description "Use httpx for HTTP calls"] '
        '[:decision/http-client :rejects :module/requests]]')})
    assert r["ok"] and r["memories"][0]["supersedes"] == [":decision/requests"], r
    assert (":supersedes", ":decision/requests") in current(graph, ":decision/http-client")
    assert valid_now(graph, ":decision/requests") == []  # ended at the change ...
    assert graph.con.execute("SELECT count(*) FROM facts WHERE e = ':decision/requests'").fetchone()[0] > 0  # ... kept
    assert valid_now(graph, ":decision/sessions") != []
    # Named by the agent, or asserted again in the same turn, nothing more is superseded.
    capture(graph, "User: We use celery for background jobs.\nAgent: Noted.")
    r = operations.run("finalizeTurn", graph, {"facts": (
        '[[:decision/queue :rejects :dependency/celery] [:decision/celery :rationale "still used by reports"]]')})
    assert r["ok"] and "supersedes" not in r["memories"][0] and valid_now(graph, ":decision/celery") != [], r


def test_a_thing_that_must_stay_as_it_is_is_governed_by_a_constraint_on_the_codes_entity(graph):
    from memory_helpers import add_code

    code = add_code(graph, "src/config.py", [("function", "parse_config", 3), ("class", "Session", 20)])
    capture(graph, "User: Never rename parse_config, the plugins import it by name. Keep the Session class as is."
                   "\nAgent: Noted.")
    assert (":entity-type", ":type/constraint") in current(graph, ":constraint/keep-parse-config")
    assert (":governs", code["parse_config"]) in current(graph, ":constraint/keep-parse-config")
    assert (":governs", code["Session"]) in current(graph, ":constraint/keep-session-class")
    # a thing the code does not have is named in the description only: no stub entity is made for it
    capture(graph, "User: The wire format must stay backwards compatible.\nAgent: Noted.")
    assert not [a for a, _ in current(graph, ":constraint/keep-wire-format") if a == ":governs"]


def test_a_name_said_with_its_file_governs_that_files_entity(graph):
    # user trial 17 (pallets/flask): "url_for in helpers.py" was looked up as one name and governed nothing
    from memory_helpers import add_code

    helpers = add_code(graph, "src/flask/helpers.py", [("function", "url_for", 10)])
    add_code(graph, "src/flask/app.py", [("function", "url_for", 40)])  # the same name elsewhere
    bp = add_code(graph, "src/flask/blueprints.py", [("function", "_split_blueprint_path", 12)])
    sessions = add_code(graph, "src/flask/sessions.py", [("function", "dump_session_for_debug", 5)])
    r = capture(graph, "User: Never rename url_for in helpers.py. Don't call _split_blueprint_path from outside "
                       "blueprints.py. Never log the secret key in dump_session_for_debug; it ends up in CI logs."
                       "\nAgent: ok")
    got = {m["entity"]: m for m in r["memories"]}
    assert (":governs", helpers["url_for"]) in current(graph, ":constraint/keep-url-for-in-helpers-py")
    never_call = next(e for e in got if "split-blueprint-path" in e)
    assert (":governs", bp["_split_blueprint_path"]) in current(graph, never_call)
    secret = next(e for e in got if "secret-key" in e)
    assert (":governs", sessions["dump_session_for_debug"]) in current(graph, secret)
    for e in got:  # nothing of these is a package: no :rejects, no :dependency stub
        assert not [a for a, _ in current(graph, e) if a in (":rejects", ":forbids")], current(graph, e)
    assert not graph.con.execute("SELECT 1 FROM facts WHERE starts_with(e, ':dependency/')").fetchall()
    # a file that holds no such name governs nothing (not the same name in another file)
    capture(graph, "User: Never rename url_for in views.py.\nAgent: ok")
    assert not [a for a, _ in current(graph, ":constraint/keep-url-for-in-views-py") if a == ":governs"]

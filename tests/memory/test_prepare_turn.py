"""prepare-turn: lexical ranking in DuckDB, boosts, validity labels, aliases, connections, composition."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from memory_helpers import add_code, infer, remember

from gitrepo import git
from lore import operations
from lore.ingest import api
from lore.ingest.ops import job_for
from lore.memory import index, linking
from lore.memory.turns import prepare_turn
from lore.store.graph import Graph
from lore.store.txdata import parse_tx


def ents(reply):
    return [f["entity"] for f in reply["facts"]]


def linked_code(reply):
    """The context's lines under "Linked code:"."""
    lines = reply["context"].splitlines()
    return lines[lines.index("Linked code:") + 1:]


def test_memory_is_boosted_over_code_structure(graph):
    add_code(graph, "src/cache.py", [("function", "cache_warmup", 1)])
    remember(graph, '[[:decision/warm :description "warm the cache on deploy with cache_warmup"]]')
    reply = prepare_turn(graph, "cache warmup")
    assert ents(reply)[0] == ":decision/warm"
    plain = prepare_turn(graph, "cache warmup", memory_boost=0.01)
    assert ents(plain)[0] != ":decision/warm"


def test_history_is_discounted_and_labelled(graph):
    graph.transact(parse_tx('[[:decision/old :description "RabbitMQ message bus" {:valid-from "2023-01-01" '
                            ':valid-to "2024-06-01"}] [:decision/new :description "Kafka is the message bus"]]'),
                   reason="history", source="cli")
    facts = prepare_turn(graph, "which message bus?")["facts"]
    by = {(f["entity"], f["value"]): f for f in facts}
    new = by[(":decision/new", "Kafka is the message bus")]
    old = by[(":decision/old", "RabbitMQ message bus")]
    assert new["status"] == "current" and "label" not in new
    assert old["status"] == "historical" and old["label"] == "[was valid 2023-01-01 → 2024-06-01]"
    assert facts.index(new) < facts.index(old)
    context = prepare_turn(graph, "which message bus?")["context"]
    assert "[was valid 2023-01-01 → 2024-06-01]" in context


def test_a_decision_replaced_the_same_day_is_labelled_with_its_times(graph):
    graph.transact(parse_tx('[[:decision/slog :description "log requests with log/slog" '
                            '{:valid-from "2025-03-02T09:15:00Z" :valid-to "2025-03-02T16:40:30Z"}]]'),
                   reason="switched the same day", source="cli")
    old = next(f for f in prepare_turn(graph, "how do we log requests?")["facts"] if f["entity"] == ":decision/slog")
    # main: [was valid 2025-03-02 → 2025-03-02], which reads as a window of no time at all
    assert old["label"] == "[was valid 2025-03-02 09:15:00 → 16:40:30 UTC]", old


def test_retracted_facts_are_labelled_with_their_tx(graph):
    remember(graph, '[[:decision/gone :description "use Memcached for sessions"]]')
    r = graph.transact(parse_tx('[[:db/retract :decision/gone :description "use Memcached for sessions"]]'),
                       reason="wrong", source="cli")
    f = prepare_turn(graph, "memcached sessions")["facts"][0]
    assert f["status"] == "retracted" and f["label"] == f"[retracted in tx {r.tx}]"
    assert prepare_turn(graph, "memcached", historical_discount=0.0)["facts"][0]["score"] == 0.0


def test_alias_values_are_searched(graph):
    remember(graph, '[[:decision/redis :description "Redis in front of the catalogue"]'
                    ' [:decision/redis :alias "caching layer"]]')
    reply = prepare_turn(graph, "what is our caching layer?")
    assert ents(reply)[:2] == [":decision/redis", ":decision/redis"]
    assert {f["attribute"] for f in reply["facts"][:2]} == {":alias", ":description"}


def test_a_matched_rationale_brings_its_description(graph):
    remember(graph, '[[:decision/pg :description "PostgreSQL 15 is the primary store"]'
                    ' [:decision/pg :rationale "ACID compliance and JSON support"]]')
    facts = prepare_turn(graph, "why ACID?")["facts"]
    assert [(f["entity"], f["attribute"]) for f in facts[:2]] == [(":decision/pg", ":rationale"),
                                                                  (":decision/pg", ":description")]


def test_a_lower_match_shows_what_it_is_and_its_matched_rationale_only_when_asked_why(graph):
    # Five memories whose rationale matches the question as well as their description: the first three bring
    # their rationale, the fourth and fifth only their description, unless the question asks why.
    remember(graph, "[" + " ".join(f'[:decision/q{i} :description "queue broker choice {i}"]'
                                   f' [:decision/q{i} :rationale "queue broker throughput {i}"]' for i in range(5)) + "]")

    def shown(message):
        facts = prepare_turn(graph, message)["facts"]
        order = list(dict.fromkeys(f["entity"] for f in facts))
        return order, {e: {f["attribute"] for f in facts if f["entity"] == e} for e in order}

    order, attrs = shown("queue broker")
    assert len(order) == 5
    assert all(attrs[e] == {":description", ":rationale"} for e in order[:3])
    assert all(attrs[e] == {":description"} for e in order[3:])
    order, attrs = shown("why this queue broker?")
    assert len(order) == 5 and all(attrs[e] == {":description", ":rationale"} for e in order)


def test_connections_rank_up_explicit_over_inferred_by_confidence(graph):
    remember(graph, '[[:decision/a :description "queue retry policy"] [:decision/b :description "queue retry policy"]'
                    ' [:decision/c :description "queue retry policy"] [:decision/d :description "queue retry policy"]'
                    ' [:decision/d :governs :dependency/x] [:dependency/y :depends-on :decision/d]]')
    # Without connections the tie breaks by insertion order (a, b, c, d); connections reverse it.
    infer(graph, [(":decision/c", ":related", ":dependency/x", 0.9), (":decision/c", ":related", ":dependency/y", 0.9),
                  (":decision/b", ":related", ":dependency/x", 0.2), (":decision/b", ":related", ":dependency/y", 0.2)])
    order = [e for e in ents(prepare_turn(graph, "queue retry policy")) if e.startswith(":decision/")]
    assert order == [":decision/d", ":decision/c", ":decision/b", ":decision/a"]


def test_at_most_fifty_facts_and_a_few_entities(graph, monkeypatch):
    # 80 memories match equally: the context stays lean (a few entities, each once), never past the limit.
    from lore.memory import turns

    remember(graph, "[" + " ".join(f'[:decision/d{i} :description "deploy window rule {i}"]' for i in range(80)) + "]")
    default = prepare_turn(graph, "deploy window")["facts"]
    assert 0 < len(default) <= 50 and len(set(ents({"facts": default}))) == turns.MAX_MEMORY_ENTITIES
    assert len(prepare_turn(graph, "deploy window", limit=500)["facts"]) == len(default)
    monkeypatch.setenv("LORE_PREPARE_LIMIT", "2")
    assert len(prepare_turn(graph, "deploy window")["facts"]) == 2
    monkeypatch.setenv("LORE_PREPARE_LIMIT", "lots")  # a bad setting falls back to the default
    assert len(prepare_turn(graph, "deploy window")["facts"]) == len(default)


def test_context_carries_composition_and_linked_code(graph):
    ids = add_code(graph, "src/auth.py", [("function", "validate_token", 12)])
    remember(graph, '[[:dependency/api :description "the API gateway checks tokens with validate_token"]'
                    ' [:dependency/api :calls :dependency/jwt]]')
    linking.derive_links(graph)
    infer(graph, [(":dependency/api", ":transitively-depends-on", ":dependency/crypto", 0.6),
                  (":dependency/api", ":maybe-related", ":dependency/noise", 0.3)], rule="transitive")
    reply = prepare_turn(graph, "how does the gateway check tokens?")
    ctx = reply["context"]
    assert ":dependency/api :transitively-depends-on :dependency/crypto  (rule transitive, confidence 0.60)" in ctx
    assert ":maybe-related" not in ctx  # below the seed's 0.5 threshold
    assert "src/auth.py:12" in ctx and ids["validate_token"] in ctx
    loc = [c for c in reply["code"] if c.get("memory") == ":dependency/api"]
    assert loc and loc[0]["location"] == "src/auth.py:12" and loc[0]["rule"] == "link/name"
    assert all(c["rule"] != "link/name" for c in reply["composed"])


def test_the_context_names_an_entity_and_a_linking_memory_once(graph):
    # What an agent pays in tokens: a memory's rationale and description come under the one name, and the code
    # a memory links (here five functions of one name) under one line naming the memory and the link, the first
    # three of them shown and the rest counted (the reply's "code" keeps them all).
    funcs = [add_code(graph, f"src/auth{i}.py", [("function", "validate_token", 10 + i)])["validate_token"]
             for i in range(5)]
    remember(graph, '[[:dependency/api :description "the API gateway checks tokens with validate_token"]'
                    ' [:dependency/api :rationale "the gateway is the one place tokens are checked"]]')
    linking.derive_links(graph)
    reply = prepare_turn(graph, "why does the gateway check tokens?")
    lines = reply["context"].splitlines()
    first, second = [(f["attribute"], f["value"]) for f in reply["facts"] if f["entity"] == ":dependency/api"]
    assert sum(":dependency/api" in ln for ln in lines) == 2, lines  # before: 2 facts + a line per function
    at = lines.index(f'  :dependency/api {first[0]} "{first[1]}"')
    assert lines[at + 1] == f'    {second[0]} "{second[1]}"', lines
    linked = linked_code(reply)
    assert linked[0].startswith("  ← :dependency/api (link/name, 0.") and linked[0].endswith("):"), linked
    every = {f"    src/auth{i}.py:{10 + i}  {f}" for i, f in enumerate(funcs)}
    assert len(linked) == 5 and set(linked[1:4]) <= every, linked  # before: all five lines
    assert linked[4] == '    +2 more', linked
    assert {c["memory"] for c in reply["code"]} == {":dependency/api"} and len(reply["code"]) == 5


def test_a_memory_linking_code_at_two_relevances_heads_one_group(graph):
    # Before, the linked code was grouped by (memory, link, relevance): a memory naming a class defined once
    # (0.70) and a function defined twice (0.49) was named under two headers, another memory's group between.
    queue = add_code(graph, "src/queue.py", [("class", "MailQueue", 3), ("function", "drain_spool", 9)])
    spool = add_code(graph, "src/spool.py", [("class", "SpoolStore", 5), ("function", "drain_spool", 7)])
    remember(graph, '[[:decision/queue :description "MailQueue is distributed and drain_spool empties it"]'
                    ' [:decision/spool :description "SpoolStore keeps the mail spool on local disk"]]')
    linking.derive_links(graph)
    reply = prepare_turn(graph, "how are the mail queue and spool kept?")
    linked = linked_code(reply)
    headers = [ln for ln in linked if ln.startswith("  ←")]
    assert headers == ["  ← :decision/queue (link/name, 0.70):", "  ← :decision/spool (link/name, 0.70):"], linked
    assert linked[1] == f"    src/queue.py:3  {queue['MailQueue']}", linked
    assert set(linked[2:4]) == {f"    src/queue.py:9  {queue['drain_spool']}",
                                f"    src/spool.py:7  {spool['drain_spool']}"}, linked
    assert linked[5] == f"    src/spool.py:5  {spool['SpoolStore']}", linked


def test_code_two_memories_link_is_shown_once(graph):
    # Before, a class named by two decisions was listed whole under each (in a Java tree each line a path and an
    # ident spelling the path again, ~200 characters).
    code = add_code(graph, "src/events/bus.py", [("class", "EventBus", 35), ("function", "dispatch_later", 50)])
    remember(graph, '[[:decision/bus :description "the EventBus of the event system is distributed"]'
                    ' [:decision/retry :description "EventBus events failing go to dispatch_later for the event system"]]')
    linking.derive_links(graph)
    reply = prepare_turn(graph, "what did we decide about the event system?")
    linked = linked_code(reply)
    assert sum(code["EventBus"] in ln for ln in linked) == 1, linked  # before: once under each decision
    assert any(ln.startswith("  ← :decision/") and ln.endswith(" 1 shown above") for ln in linked), linked
    assert sum(c["entity"] == code["EventBus"] for c in reply["code"]) == 2  # the reply's list keeps both links


def test_a_lower_memory_long_text_is_cut_in_the_context(graph):
    # Set 9's contexts (Apache James's ADRs: a 300-character decision and a 300-character context each) were over
    # the 3,000-character goal. The best two entities are shown whole; a lower one's long value is cut at a word's
    # end, saying how much was left out; the reply's facts keep every value whole.
    tail = " ".join(f"clause{i} of the retention policy" for i in range(12))
    remember(graph, '[[:decision/keep :description "mail retention keeps deleted mail for a year"]'
                    ' [:decision/vault :description "mail retention moves deleted mail to the vault bucket"]'
                    f' [:decision/purge :description "mail retention purges the vault monthly: {tail}"]]')
    reply = prepare_turn(graph, "what is our mail retention for deleted mail?")
    order = ents(reply)
    assert set(order[:3]) == {":decision/keep", ":decision/vault", ":decision/purge"}, order
    long = next(f["value"] for f in reply["facts"] if f["entity"] == ":decision/purge")
    assert len(long) > 200 and long.endswith("clause11 of the retention policy")  # whole
    line = next(ln for ln in reply["context"].splitlines() if ":decision/purge" in ln)
    assert order.index(":decision/purge") >= 2, order
    shown = line.split(" :description ", 1)[1]
    cut = shown[1:shown.index("…")]
    assert long.startswith(cut) and len(cut) <= 200 and not cut.endswith(" "), line
    assert shown.endswith(f'… (+{len(long) - len(cut)} chars)"'), line  # before: the whole value
    for e in order[:2]:  # the best two are whole
        value = next(f["value"] for f in reply["facts"] if f["entity"] == e)
        assert f'"{value}"' in reply["context"]


def test_a_lower_memory_shows_one_line_of_its_linked_code(graph):
    # Linked code in a Java tree is ~200 characters a line: the best two memories show three lines of what they
    # link, a lower one its first, the rest counted (the reply's "code" list keeps them all).
    funcs = [add_code(graph, f"src/spool{i}.py", [("function", "drain_spool", 10 + i)])["drain_spool"]
             for i in range(3)]
    remember(graph, '[[:decision/keep :description "the mail spool keeps mail on local disk"]'
                    ' [:decision/size :description "the mail spool is capped at ten gigabytes"]'
                    ' [:decision/drain :description "the mail spool is emptied by drain_spool hourly"]]')
    linking.derive_links(graph)
    reply = prepare_turn(graph, "is the mail spool kept on disk or capped?")
    order = ents(reply)
    assert set(order[:3]) == {":decision/keep", ":decision/size", ":decision/drain"}, order
    linked = linked_code(reply)
    head = next(i for i, ln in enumerate(linked) if ln.startswith("  ← :decision/drain "))
    every = {f"    src/spool{i}.py:{10 + i}  {f}" for i, f in enumerate(funcs)}
    assert order.index(":decision/drain") >= 2, order
    assert linked[head + 1] in every and linked[head + 2] == "    +2 more", linked  # before: three lines
    assert sum(c["memory"] == ":decision/drain" for c in reply["code"]) == 3


def test_the_index_catches_up_with_writes_that_skipped_derivation(graph):
    remember(graph, '[[:decision/one :description "blue green deploys"]]')
    assert ents(prepare_turn(graph, "blue green"))[:1] == [":decision/one"]
    remember(graph, '[[:decision/two :description "green field rewrite of billing"]]')  # no derive call
    assert ":decision/two" in ents(prepare_turn(graph, "green field billing"))
    assert index.sync(graph) == 0  # prepare-turn already folded it in


def test_tokenizer_meets_inflections_and_identifiers(graph):
    remember(graph, '[[:decision/x :description "We decided on caching tokens in TokenCache"]]')
    for q in ("decide cache", "token cache", "tokencache", "Decisions? caches!"):
        assert ents(prepare_turn(graph, q))[:1] == [":decision/x"], q


def test_a_plural_meets_its_singular_when_both_take_a_suffix(graph):
    # the plural is stripped first: "findings" was "finding" while "finding" was "find"
    remember(graph, '[[:decision/x :description "Findings are soft-deleted when no analyzer reports them"]]')
    for q in ("finding", "Is a finding deleted?", "find"):
        assert ents(prepare_turn(graph, q))[:1] == [":decision/x"], q
    assert index.tokenize("findings settings warnings") == index.tokenize("finding setting warning")


@pytest.mark.parametrize("message", ["", "   ", "?!", "the of and"])
def test_nothing_to_search_gives_an_empty_context(graph, message):
    remember(graph, '[[:decision/x :description "something"]]')
    reply = prepare_turn(graph, message)
    assert reply == {**reply, "ok": True, "facts": [], "context": ""}


def test_malformed_and_hostile_messages(graph):
    remember(graph, '[[:decision/x :description "drop table plans"]]')
    for bad in (None, 42, ["a"], {"m": 1}):
        r = operations.run("prepareTurn", graph, {"message": bad})
        assert r["ok"] is False and r["error"]["code"] == "bad-params"
    assert operations.run("prepareTurn", graph, {})["error"]["code"] == "bad-params"
    assert operations.run("prepareTurn", graph, {"message": "x", "limit": "9"})["error"]["code"] == "bad-params"
    r = operations.run("prepareTurn", graph, {"message": "bad \ud800 text"})
    assert r["ok"] is False and r["error"]["code"] == "invalid-utf8"
    hostile = "'); DROP TABLE facts; -- \" OR 1=1 {first_id} {max_tx} %s ? $1 plans"
    assert operations.run("prepareTurn", graph, {"message": hostile})["ok"] is True
    hostile = "'); DROP TABLE plans; -- \" OR 1=1 %s ? $1"  # SQL-looking, but about the memory's topic
    r = operations.run("prepareTurn", graph, {"message": hostile})
    assert r["ok"] is True and ents(r)[:1] == [":decision/x"]
    big = "plans " * 200_000
    assert operations.run("prepareTurn", graph, {"message": big})["ok"] is True
    assert graph.con.execute("SELECT count(*) FROM facts WHERE e = ':decision/x'").fetchone()[0] == 1


def test_read_only_graph_answers_without_writing(tmp_path):
    from lore.store.graph import Graph

    g = Graph(tmp_path / "ro.duckdb")
    remember(g, '[[:decision/x :description "read only works"]]')
    index.sync(g)
    g.close()
    ro = Graph(tmp_path / "ro.duckdb", read_only=True)
    try:
        assert ents(prepare_turn(ro, "read only"))[:1] == [":decision/x"]
    finally:
        ro.close()


def test_facts_with_several_intervals(graph):
    graph.transact(parse_tx('[[:decision/on-off :description "feature flags in Consul" {:valid-from "2020-01-01" '
                            ':valid-to "2021-01-01"}] [:decision/on-off :description "feature flags in Consul" '
                            '{:valid-from "2022-01-01"}] [:decision/gone :description "feature flags in Vault" '
                            '{:valid-from "2020-01-01" :valid-to "2021-01-01"}] [:decision/gone :description '
                            '"feature flags in Vault" {:valid-from "2022-01-01" :valid-to "2023-01-01"}]]'),
                   reason="windows", source="cli")
    by = {f["entity"]: f for f in prepare_turn(graph, "feature flags")["facts"]}
    assert by[":decision/on-off"]["status"] == "current" and by[":decision/on-off"]["valid_from"].startswith("2022")
    assert by[":decision/gone"]["label"] == "[was valid 2022-01-01 → 2023-01-01]"


def test_a_reader_thread_answers_on_its_own_cursor(graph):
    import threading

    remember(graph, '[[:decision/t :description "threads read on their own cursor"]]')
    linking.derive_links(graph)
    out = {}

    def reader():
        cur = graph.cursor()
        try:
            out["reply"] = prepare_turn(graph, "own cursor threads", con=cur)
            out["hover"] = linking.memories_for(graph, ":function/none", con=cur)
        finally:
            cur.close()

    t = threading.Thread(target=reader)
    t.start()
    t.join(30)
    assert ents(out["reply"])[:1] == [":decision/t"] and out["hover"] == []


@pytest.mark.parametrize("wait", ["soon", -1, True, [5]])
def test_code_wait_is_a_number_of_seconds(graph, wait):
    """codeWait: how long a turn on a graph with no code yet waits for a running ingest's head (a hook with a
    budget of its own asks for less than the default 60 s; mcp's start-up ingest is tests/mcp's)."""
    reply = operations.run("prepareTurn", graph, {"message": "caching?", "codeWait": wait})
    assert not reply["ok"] and reply["error"]["code"] == "bad-params" and "codeWait" in reply["error"]["message"]


def test_no_ingest_running_means_no_wait(graph):
    import time

    t = time.monotonic()
    reply = operations.run("prepareTurn", graph, {"message": "caching?", "codeWait": 30})
    assert reply["ok"] and time.monotonic() - t < 10, reply  # nothing to wait for: an answer at once


def test_a_first_turn_between_the_heads_code_and_its_journal_waits_for_the_journal(tmp_path, monkeypatch):
    """Head-first ingestion commits the head's code, then applies the journal. A first turn that came between
    the two saw a watermark, did not wait, and answered without a teammate's decision (a CI run of
    tests/mcp/test_ingest_on_start.py). Here the journal is held back until the turn has had its chance."""
    r = tmp_path / "repo"
    (r / "src").mkdir(parents=True)
    git(r, "init", "-q", "-b", "main")
    (r / "src" / "net.py").write_text("import json\n\n\ndef fetch_page(url):\n    return json.loads(url)\n")
    server = Path(__file__).resolve().parents[2] / "server"
    subprocess.run([sys.executable, "-m", "lore", "transact", '[[:decision/no-httpx :description "No httpx: '
                    'fetch_page stays on urllib"] [:decision/no-httpx :rejects :module/httpx]]', "--reason", "x"],
                   cwd=r, env={**os.environ, "LORE_GRAPH_PATH": "", "PYTHONPATH": str(server)}, check=True,
                   capture_output=True)
    for f in (r / ".lore").glob("lore.duckdb*"):
        shutil.rmtree(f) if f.is_dir() else f.unlink()  # a fresh clone: the journal, no graph
    git(r, "add", "-A")
    git(r, "commit", "-q", "-m", "fetch pages")

    journal_may_go = threading.Event()
    real_after_ingest = api.after_ingest

    def held_after_ingest(graph, reply):
        journal_may_go.wait(60)
        return real_after_ingest(graph, reply)

    monkeypatch.setattr(api, "after_ingest", held_after_ingest)
    operations.load_features()  # the journal's step after an ingest, as in a server
    g = Graph(tmp_path / "g.duckdb")
    g.share_between_threads()  # as a server's graph: the ingest, the turn and this test each on a cursor
    try:
        job = job_for(g)
        assert job.start(str(r), head_first=True)["ok"]
        while not operations.run("headWatermark", g, {}).get("watermark"):  # the head's code is committed
            assert job.running, job.status()
            journal_may_go.wait(0.05)
        replies: list[dict] = []
        turn = threading.Thread(target=lambda: replies.append(
            operations.run("prepareTurn", g, {"message": "why not httpx for fetch_page?"})))
        turn.start()
        turn.join(2.0)  # a turn that does not wait has answered by now (fixed, it waits on the journal)
        journal_may_go.set()
        turn.join(60)
        assert replies and ":decision/no-httpx" in replies[0]["context"], replies
        job.wait(120)
    finally:
        journal_may_go.set()
        g.close()


def test_one_warning_at_many_places_is_one_line_and_where_else(graph, tmp_path):
    """A decision rejecting a package its code imports in many files gave the agent's context one line per
    file, each the same but for its place (user trial 11: twelve on labstack/echo). Alike warnings are now
    one line and a line of the other places; the reply's warnings keep each (its id, for dismiss). A
    warning that says something else keeps its own line."""
    from gitrepo import commit_files

    files = {f"src/page{n}.py": f"import chardet\n\n\ndef page{n}(b):\n    return chardet.detect(b)\n" for n in range(8)}
    files["src/fetch.py"] = "import requests\n\n\ndef fetch(u):\n    return requests.get(u)\n"
    repo = commit_files(tmp_path / "repo", files)
    api.ingest(graph, str(repo))
    result = remember(graph, '[[:decision/no-chardet :description "Detect encodings with charset-normalizer, '
                             'never chardet"] [:decision/no-chardet :rejects :module/chardet] '
                             '[:decision/httpx :description "Use httpx for HTTP calls, not requests"] '
                             '[:decision/httpx :rejects :module/requests]]')
    operations.load_features()
    operations.derive(graph, result)  # the write's derived work: links, then the rules
    reply = prepare_turn(graph, "what did we decide about chardet and requests for HTTP?")
    chardet = [w for w in reply["warnings"] if w["memory"] == ":decision/no-chardet"]
    assert len(chardet) == 8 and len({w["id"] for w in chardet}) == 8, reply["warnings"]
    lines = reply["context"].splitlines()
    marked = [ln for ln in lines if ln.lstrip().startswith("⚠")]
    assert len(marked) == 2, reply["context"]  # one for chardet's eight imports, one for requests
    first = next(i for i, ln in enumerate(lines) if "chardet" in ln and ln.lstrip().startswith("⚠"))
    assert lines[first].endswith(f"at {chardet[0]['file']}:{chardet[0]['line']}")
    assert lines[first + 1] == ("    the same at " + ", ".join(f"{w['file']}:{w['line']}" for w in chardet[1:6])
                                + " and 2 more")

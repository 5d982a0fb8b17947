"""What prepare-turn keeps or short-cuts between turns for speed (docs/DESIGN-CHOICES.md, the latency rounds):
each gives what the slow way gives, and a write between two turns is seen by the second."""

from __future__ import annotations

import re

import pytest

from lore.memory import mentions


def names_code_slowly(text: str) -> bool:
    """What prepare-turn asked before: every name found, then whether one is code (a name shaped like a file,
    ``auth.py``, never is: it is a path)."""
    return any(n.marked or "." in n.text or mentions.distinctive(n.text) for n in mentions.names_in(text)
               if not mentions.file_shaped(n.text))


QUESTIONS = [
    "which database do we use and why?", "how is configuration loaded?", "why does `cache` expire?",
    "what calls load_config?", "is TokenCache.evict still used?", "what does auth.py do?", "edit auth.py.bak now",
    "the function cache is slow", "cache() fails", "the methods evict and load", "how are magics registered?",
    "what about getHTTPClient", "x.y", "abcd.py", "a.b.c.d", "HTTP", "Http2 support", "config.yaml and",
    "the def main", "`abc`", "why `abcd`", "call   (", "renderer   (args)", "class   Renderer", "classes: Foo",
    "over the __init__ method", "_private", "ünïcödé wörds äbout cäching", "tabs\tand\nnewlines\r\nhere",
    "function", "functions are we using", "the callable", ".leading.dots.", "trailing.dots..", "",
    "a" * 5000, "word " * 3000 + "snake_case", "`" * 100, "(((((", "x" * 3 + "(" + "y" * 4,
]


@pytest.mark.parametrize("text", QUESTIONS)
def test_names_code_is_what_the_names_say(text):
    assert mentions.names_code(text) is names_code_slowly(text)


def test_names_code_on_recall_questions():
    """Every question of the recall sets: the short cut and the whole reading agree on each."""
    import json
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "bench" / "data"
    questions = [q["question"] for d in sorted(data.glob("recall*")) for q in json.loads((d / "questions.json").read_text())]
    assert len(questions) > 1000
    said = [mentions.names_code(q) for q in questions]
    assert said == [names_code_slowly(q) for q in questions]
    assert 0 < sum(said) < len(said)  # both answers occur: the comparison means something


def test_names_code_on_hostile_text():
    """Long runs of name characters, dots and marks: the answer, in bounded time, the same as before."""
    for text in ["a." * 20000, "`" + "a" * 50000 + "`", "(" * 50000, re.escape("x.py" * 10000), "\x00" * 1000 + "load_cfg"]:
        assert mentions.names_code(text) is names_code_slowly(text)


def test_a_resident_turn_sees_inferred_facts_written_after_the_last_turn(graph):
    """The in-memory index finds inferred facts by entity: a rule's conclusion written between two turns, about
    either end of it, is composed into the second turn's context (an index of the first turn's rows would not
    know it)."""
    from memory_helpers import infer, remember

    from lore.memory import linking
    from lore.memory.turns import prepare_turn

    remember(graph, '[[:dependency/api :description "the API gateway checks tokens"]'
                    ' [:dependency/api :calls :dependency/jwt]]')
    linking.derive_links(graph)
    graph.session.resident = True
    first = prepare_turn(graph, "how does the gateway check tokens?")
    assert first["facts"] and ":transitively-depends-on" not in first["context"]
    infer(graph, [(":dependency/api", ":transitively-depends-on", ":dependency/crypto", 0.6)], rule="transitive")
    second = prepare_turn(graph, "how does the gateway check tokens?")
    assert (":dependency/api :transitively-depends-on :dependency/crypto  (rule transitive, confidence 0.60)"
            in second["context"])
    # the other end: a conclusion whose value is the recalled memory
    infer(graph, [(":service/billing", ":depends-on", ":dependency/api", 0.9)], rule="reverse")
    third = prepare_turn(graph, "how does the gateway check tokens?")
    assert ":service/billing :depends-on :dependency/api  (rule reverse, confidence 0.90)" in third["context"]
    assert [c["entity"] for c in third["composed"]] == [c["entity"] for c in prepare_turn_cold(graph)["composed"]]


def prepare_turn_cold(graph):
    """The same question answered from DuckDB's index (the graph not resident), for comparison."""
    from lore.memory.turns import prepare_turn

    graph.session.resident = False
    try:
        return prepare_turn(graph, "how does the gateway check tokens?")
    finally:
        graph.session.resident = True


def test_a_servers_settled_turn_right_after_a_write_sees_the_rules_conclusions(tmp_path, monkeypatch):
    """An owner answers a settled read straight from its worker only when nothing derived is pending; right after
    a write the turn waits for the rules as before: the supersession chain the write completes is composed."""
    import asyncio

    from lore.runtime.backend import Backend

    monkeypatch.setenv("LORE_JOURNAL", "0")
    monkeypatch.setenv("LORE_SEMANTIC", "0")
    backend = Backend(tmp_path / "g.duckdb")
    backend.start()

    async def turns() -> tuple[dict, dict]:
        question = {"message": "which gateway version handles tokens?", "settle": True}
        before = await backend.run_async("prepareTurn", question)
        write = await backend.run_async("transact", {"reason": "gateway versions", "facts": (
            '[[:decision/gw3 :description "gateway version 3 handles tokens"] [:decision/gw3 :supersedes :decision/gw2]'
            ' [:decision/gw2 :description "gateway version 2 handles tokens"] [:decision/gw2 :supersedes :decision/gw1]'
            ' [:decision/gw1 :description "gateway version 1 handles tokens"]]')})
        assert write["ok"], write
        return before, await backend.run_async("prepareTurn", question)

    try:
        assert backend.is_owner
        before, after = asyncio.run(turns())
    finally:
        backend.close()
    assert before["ok"] and not before["facts"]
    assert ":decision/gw1" in [f["entity"] for f in after["facts"]]
    assert {(c["entity"], c["attribute"], c["value"]) for c in after["composed"]} >= {
        (":decision/gw1", ":current-version", ":decision/gw3")}


REPLY_KEYS = ("facts", "context", "composed", "warnings", "code")


@pytest.fixture
def semantic(monkeypatch):
    """The sentence encoder on for this test, whichever test of this process switched it off before (the switch
    is read once a process); as it was after."""
    from lore.memory import embed

    monkeypatch.delenv("LORE_SEMANTIC", raising=False)
    for name in ("_model", "_error", "MODEL", "DIM"):
        monkeypatch.setattr(embed, name, getattr(embed, name))
    if embed._model is None:
        embed._error = None
    assert embed.model() is not None


def _reply(graph, question: str, *, resident: bool) -> dict:
    """prepare-turn's reply (the graph part), as a resident graph gives it from its caches or as DuckDB does."""
    from lore.memory.turns import prepare_turn

    graph.session.resident = resident
    try:
        reply = prepare_turn(graph, question)
    finally:
        graph.session.resident = True
    return {k: reply.get(k) for k in REPLY_KEYS}


def _caches(graph) -> dict:
    from lore import operations

    status = operations.run("status", graph, {})
    return status["memory"]["caches"]


def _fetch_repo(tmp_path, line: int):
    """A real repository whose src/net.py defines fetch_page at ``line``."""
    from gitrepo import commit_files, git

    repo = tmp_path / "repo"
    text = "\n" * (line - 1) + "def fetch_page(url):\n    return url\n"
    if not repo.exists():
        return commit_files(repo, {"src/net.py": text}, "fetch pages")
    (repo / "src" / "net.py").write_text(text)
    git(repo, "commit", "-q", "-am", "move fetch_page")
    return repo


def test_a_resident_turn_after_each_write_sees_it_without_reading_its_caches_whole(graph, tmp_path, monkeypatch,
                                                                                  semantic):
    """A server's prepare-turn right after a write: a new memory is found, a retracted one is no longer current,
    a superseded decision no longer current, and code ingested again is where the new commit has it; each reply
    is the one DuckDB's index gives. A memory written updates the vectors' matrix and the index in memory by
    what it changed and keeps the code locations and the composed warnings: none is read whole again (only the
    ingestion re-reads the code locations)."""
    from memory_helpers import embed_all, remember

    from lore import operations
    from lore.ingest.api import ingest
    from lore.memory import linking

    monkeypatch.setenv("LORE_JOURNAL", "0")
    ingest(graph, str(_fetch_repo(tmp_path, 1)))
    remember(graph, '[[:decision/fetch :description "fetch_page retries a page three times"]'
                    ' [:decision/db :description "use Postgres as the primary database"]'
                    ' [:decision/queue :description "jobs go through a RabbitMQ queue"]]')
    embed_all(graph)
    graph.session.resident = True
    _reply(graph, "warm up", resident=True)  # the derivation's own marks caught up
    first = _reply(graph, "how often does fetch_page retry?", resident=True)
    assert ":decision/fetch" in [f["entity"] for f in first["facts"]]
    assert "src/net.py:1" in [c.get("location") for c in first["code"]], first["code"]
    before = _caches(graph)
    assert before["vector_matrix"]["loads"] == 1 and before["hot_index"]["builds"] == 1, before

    def turn(question: str) -> dict:
        linking.derive_links(graph)  # the write's derivation, as a server runs it after the write
        hot = _reply(graph, question, resident=True)
        assert hot == _reply(graph, question, resident=False), question
        return hot

    # a new memory: found on its words and on its meaning
    remember(graph, '[[:decision/cache :description "cache fetched pages in Redis for an hour"]]')
    got = turn("where do we cache fetched pages?")
    assert got["facts"][0]["entity"] == ":decision/cache", got["facts"]
    # retracted: no longer current
    remember(graph, '[[:db/retract :decision/db :description "use Postgres as the primary database"]]')
    got = turn("which primary database do we use?")
    assert "current" not in [f["status"] for f in got["facts"] if f["entity"] == ":decision/db"], got["facts"]
    # superseded: the old decision no longer current, the new one is
    reply = operations.run("supersedeDecision", graph, {"decision": ":decision/queue", "text": "jobs go through "
                                                        "a Kafka topic", "reason": "throughput"})
    assert reply["ok"], reply
    got = turn("which queue do jobs go through?")
    status = {f["entity"]: f["status"] for f in got["facts"] if f["attribute"] == ":description"}
    assert status.get(":decision/queue") != "current" and "current" in status.values(), got["facts"]
    after_memories = _caches(graph)
    assert after_memories["vector_matrix"]["loads"] == before["vector_matrix"]["loads"], after_memories
    assert after_memories["vector_matrix"]["patches"] > before["vector_matrix"]["patches"], after_memories
    assert after_memories["hot_index"]["builds"] == before["hot_index"]["builds"], after_memories
    assert after_memories["hot_index"]["rereads"] == before["hot_index"]["rereads"], after_memories
    assert after_memories["hot_index"]["patches"] >= before["hot_index"]["patches"] + 3, after_memories
    assert after_memories["code_locations_reads"] == before["code_locations_reads"], after_memories
    assert after_memories["warnings_reads"] == before["warnings_reads"], after_memories
    # the code ingested again: the function moved, the next turn says where it is now
    ingest(graph, str(_fetch_repo(tmp_path, 7)))
    got = turn("how often does fetch_page retry?")
    assert "src/net.py:7" in [c.get("location") for c in got["code"]], got["code"]
    assert _caches(graph)["code_locations_reads"] == after_memories["code_locations_reads"] + 1


def test_the_caches_patched_by_writes_are_what_a_whole_read_gives(graph, semantic):
    """The index in memory and the vectors' matrix, updated write by write (memories new, retracted, valid in
    several intervals, superseded; inferred rows added and closed; code), hold exactly what reading the
    tables afresh gives: every document's columns, the timelines, the inferred rows in the table's order, the
    matrix's rows in order."""
    import numpy as np
    from memory_helpers import add_code, embed_all, infer, remember

    from lore.memory import hot_index, linking, vectors
    from lore.memory.turns import prepare_turn
    from lore.store.txdata import parse_tx
    from lore.timeutil import now_micros

    add_code(graph, "src/registry.py", [("function", "push_image", 3), ("class", "Registry", 10)])
    remember(graph, '[[:decision/registry :description "push_image retries the registry twice"]'
                    ' [:decision/db :description "use Postgres"] [:decision/db :rationale "we know it"]]')
    embed_all(graph)
    graph.session.resident = True
    prepare_turn(graph, "how does push_image retry?")

    def writes():
        yield lambda: remember(graph, '[[:decision/redis :description "use Redis for sessions"]'
                                      ' [:decision/redis :rejects :module/memcache]]')
        yield lambda: remember(graph, '[[:db/retract :decision/db :description "use Postgres"]]')
        yield lambda: remember(graph, '[[:decision/flags :description "flags in Consul" {:valid-from "2020-01-01" '
                                      ':valid-to "2021-01-01"}] [:decision/flags :description "flags in Consul" '
                                      '{:valid-from "2022-01-01"}]]')
        yield lambda: infer(graph, [(":decision/redis", ":relates-to", ":function/src-registry-py-push-image", 0.7)])
        yield lambda: graph.transact(parse_tx('[[:decision/mc :description "sessions in memcached after all"]'
                                              ' [:decision/mc :supersedes :decision/redis]]'),
                                     reason="change of mind", source="cli")
        yield lambda: add_code(graph, "src/sessions.py", [("function", "redis_sessions", 4)])
        yield lambda: remember(graph, '[[:db/retract :decision/redis :rejects :module/memcache]'
                                      ' [:decision/registry :rationale "the registry drops connections"]]')

    for write in writes():
        write()
        prepare_turn(graph, "sessions in redis or memcached?")  # caught up by what the write changed
    linking.derive_links(graph)
    prepare_turn(graph, "which flags?")
    hot = graph.session.peek(hot_index.HOT)
    assert hot is not None and hot.counts["builds"] == 1 and hot.counts["patches"] >= 7, hot.counts
    whole = hot_index.HotIndex()
    assert whole.catch_up(graph, graph.con)
    ids = list(range(1, whole.n_docs + 1))
    assert hot.n_docs == whole.n_docs and hot.rows(ids) == whole.rows(ids)
    assert hot.timelines == whole.timelines and len(hot.timelines) >= 1
    everyone = sorted(set(hot.inferred_at) | set(whole.inferred_at))
    now = now_micros()
    assert hot.inferred_about(everyone, now) == whole.inferred_about(everyone, now)
    assert list(hot.inferred.values()) == list(whole.inferred.values()) and hot.inferred
    cache = graph.session.get(vectors.MATRIX)
    assert cache.patches >= 1 and cache.loads == 1, (cache.patches, cache.loads)
    patched = (list(cache.owners), list(cache.entities), cache.matrix.copy())
    vectors.sync(graph, None)
    cache.load(graph.con, vectors.embed.model(), cache.mark)
    assert patched[0] == cache.owners and patched[1] == cache.entities
    assert np.array_equal(patched[2], cache.matrix)


def test_a_resident_turn_keeps_its_warnings_through_unrelated_writes_and_follows_the_rest(graph, tmp_path,
                                                                                          monkeypatch):
    """The composed warnings a resident graph keeps between turns: a write that brings a warning shows it on the
    next turn; a memory about something else keeps them unread; a new text for the memory a warning quotes, and
    a dismissal, each show on the next turn as the warnings operation gives them."""
    from gitrepo import git
    from lore import operations
    from lore.ingest.api import ingest
    from lore.memory import linking
    from lore.store.txdata import parse_tx

    monkeypatch.setenv("LORE_JOURNAL", "0")
    monkeypatch.setenv("LORE_SEMANTIC", "0")
    repo = tmp_path / "repo"
    (repo / "src" / "shop").mkdir(parents=True)
    (repo / "src" / "shop" / "__init__.py").write_text("")
    (repo / "src" / "shop" / "net.py").write_text("import certifi\n\n\ndef fetch():\n    return 1\n")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "first")
    ingest(graph, str(repo))
    graph.session.resident = True

    def write(facts: str, rules: bool = True) -> None:
        result = graph.transact(parse_tx(facts), reason="decided", source="agent")
        if rules:  # the write's derived work (links, then the rules), as a settled write has it
            operations.derive(graph, result)

    def shown(question: str) -> list[tuple[str, str]]:
        linking.derive_links(graph)
        reply = _reply(graph, question, resident=True)
        expected = {w["id"]: w["message"] for w in operations.run("warnings", graph, {"catchUp": False})["warnings"]}
        for w in reply["warnings"]:
            assert expected.get(w["id"]) == w["message"], (w, expected)
        return [(w["entity"], w["message"]) for w in reply["warnings"]]

    question = "should we use certifi or truststore?"
    write('[[:decision/truststore :description "use truststore instead of certifi"] '
          '[:decision/truststore :rejects :module/certifi]]')
    shown("warm up")
    assert shown(question) == [(":module/src-shop-net-py", 'src/shop/net.py imports certifi, which the decision '
                                                           '"use truststore instead of certifi" rejects')]
    reads = _caches(graph)["warnings_reads"]
    write('[[:decision/queue :description "jobs go through a RabbitMQ queue"]]')
    assert shown(question) == [(":module/src-shop-net-py", 'src/shop/net.py imports certifi, which the decision '
                                                           '"use truststore instead of certifi" rejects')]
    assert _caches(graph)["warnings_reads"] == reads  # a memory about something else: kept
    # the rules not run yet (a turn before the write settled): the stored warning is as it was, its message
    # names the memory by its text now
    write('[[:db/retract :decision/truststore :description "use truststore instead of certifi"] '
          '[:decision/truststore :description "use truststore, never certifi"]]', rules=False)
    assert shown(question) == [(":module/src-shop-net-py", 'src/shop/net.py imports certifi, which the decision '
                                                           '"use truststore, never certifi" rejects')]
    wid = operations.run("warnings", graph, {"catchUp": False})["warnings"][0]["id"]
    assert operations.run("dismiss", graph, {"id": wid, "reason": "vendored"})["ok"]
    assert shown(question) == []

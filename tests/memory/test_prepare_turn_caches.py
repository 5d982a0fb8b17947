"""What prepare-turn keeps or short-cuts between turns for speed (docs/DESIGN-CHOICES.md, the latency rounds):
each gives what the slow way gives, and a write between two turns is seen by the second."""

from __future__ import annotations

import re

import pytest

from lore.memory import mentions


def names_code_slowly(text: str) -> bool:
    """What prepare-turn asked before: every name found, then whether one is code."""
    return any(n.marked or "." in n.text or mentions.distinctive(n.text) for n in mentions.names_in(text))


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

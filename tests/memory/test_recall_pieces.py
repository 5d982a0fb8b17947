"""A memory's pieces (issue 14's synonym goal; ``LORE_RECALL_PIECES=1``, not the default): beside the vector of
its whole text, MiniLM embeds each piece of a memory of several sentences (lore.memory.chunks), and the memory
scores by the mean of its whole text's cosine and its nearest piece's, so a question about one sentence of a
long memory finds it on its meaning. The vectors have their own table: switching pieces on embeds a graph
afresh, lazily; switching them off finds the one-vector table as it was."""

from __future__ import annotations

from dataclasses import replace

import pytest
from memory_helpers import embed_all, remember
from memory_helpers import q as quoted

from lore.memory import chunks, embed, vectors
from lore.memory.turns import prepare_turn


@pytest.fixture
def pieces(monkeypatch):
    """This process's MiniLM as LORE_RECALL_PIECES=1 loads it (the model is loaded once per process)."""
    monkeypatch.setenv("LORE_RECALL_PIECES", "1")
    m = embed._with_pieces(embed.model())
    assert (m.table, m.state_key, m.pieces) == ("mem_vectors_minilm_pieces", "vectors-minilm-pieces", True)
    monkeypatch.setattr(embed, "_model", m)
    return m


def test_pieces_are_off_unless_asked(monkeypatch):
    monkeypatch.delenv("LORE_RECALL_PIECES", raising=False)
    m = embed.model()
    assert (m.table, m.pieces) == ("mem_vectors_minilm", False)
    for off in ("0", "", "no"):
        monkeypatch.setenv("LORE_RECALL_PIECES", off)
        assert embed._with_pieces(m) is m
    monkeypatch.setenv("LORE_RECALL_PIECES", "on")
    assert embed._with_pieces(replace(m, table="mem_vectors_minilm_int8", state_key="vectors-minilm-int8")).table == (
        "mem_vectors_minilm_int8_pieces")


# A platform decision whose last sentence (the pager's escalation) is one topic among four; the others are
# short decisions near the question's words (on-call, incidents).
PLATFORM = {
    "platform": "Run the platform team's services on one shared Kubernetes cluster in eu-west-2. Each team gets "
                "its own namespace with resource quotas and network policies. Logs are shipped to the central "
                "Elasticsearch cluster by Fluent Bit and kept for thirty days. Pager alerts go to the on-call "
                "engineer through Opsgenie, and a page nobody acknowledges escalates to the team lead after "
                "fifteen minutes.",
    "postmortem": "Write a blameless postmortem within five working days of every severity one incident, reviewed "
                  "at the fortnightly reliability meeting.",
    "deploys": "Deploy every service through Argo CD from the main branch; a failed health check rolls the "
               "release back automatically.",
    "secrets": "Keep secrets in HashiCorp Vault and inject them into pods at start-up; never put them in "
               "environment files in the repository.",
    "dashboards": "Every service publishes its latency and error-rate dashboards in Grafana, built from Prometheus "
                  "metrics.",
    "oncall": "Each team keeps a weekly on-call rotation of at least four engineers; nobody is on call two weeks "
              "running.",
    "backups": "Back up the Postgres databases every night to a second region and test a restore every quarter.",
}


def _edn(memories: dict[str, str]) -> str:
    return "[" + " ".join(f"[:decision/{k} :description {quoted(v)}]" for k, v in memories.items()) + "]"


def ents(reply):
    return list(dict.fromkeys(f["entity"] for f in reply["facts"]))


def test_a_synonym_question_about_one_sentence_of_a_long_memory_is_found_by_that_piece(graph, pieces):
    remember(graph, _edn(PLATFORM))
    embed_all(graph)
    # no word in common with the escalation sentence but "the"; its whole text is about clusters and logs
    reply = prepare_turn(graph, "Who is paged when the first responder ignores the alarm?")
    assert ents(reply)[:1] == [":decision/platform"], ents(reply)
    reply = prepare_turn(graph, "Who gets woken up if nobody answers an emergency notification?")
    assert ents(reply)[:1] == [":decision/platform"], ents(reply)


def test_a_memory_keeps_a_vector_per_piece_beside_its_whole_text(graph, pieces):
    remember(graph, _edn(PLATFORM))
    embed_all(graph)
    rows = graph.con.execute("SELECT e, piece, typeof(vec) FROM mem_vectors_minilm_pieces ORDER BY e, piece").fetchall()
    platform = [(p, t) for e, p, t in rows if e == ":decision/platform"]
    # the whole text, its first sentence, then runs of whole sentences
    assert platform == [(0, "FLOAT[384]"), (1, "FLOAT[384]"), (2, "FLOAT[384]"), (3, "FLOAT[384]")]
    # a memory of one sentence has only its whole text's vector
    assert [p for e, p, _ in rows if e == ":decision/backups"] == [0]
    assert vectors.count(graph.con) == len(PLATFORM)
    # the cosine recall uses is the mean of the whole text's and the nearest piece's
    import numpy as np

    text = vectors.entity_texts(graph.con, [":decision/platform"])[":decision/platform"]
    whole, *pieces = embed.embed([text] + chunks.chunks(text))
    question = "Who is paged when the first responder ignores the alarm?"
    qv = embed.embed_query(question)
    expected = (float(whole @ qv) + max(float(p @ qv) for p in pieces)) / 2
    found = dict((e, c) for e, c, _z in vectors.search(graph, graph.con, question))
    assert abs(found[":decision/platform"] - expected) < 1e-5
    assert not np.isclose(found[":decision/platform"], float(whole @ qv))


def test_switching_pieces_on_embeds_the_graph_afresh_and_off_finds_the_old_vectors(graph, monkeypatch):
    """A graph embedded one vector per memory: with pieces on, every memory is queued for the pieces' table
    (an owner's prepare-turn leaves a long queue to its background thread; recall answers lexically
    meanwhile), the one-vector table left as it was; with pieces off again, that table serves at once."""
    remember(graph, _edn(PLATFORM))
    embed_all(graph)
    con = graph.con
    question = "Who is paged when the first responder ignores the alarm?"
    assert ":decision/platform" not in ents(prepare_turn(graph, question))[:1]
    one = con.execute("SELECT e, vec FROM mem_vectors_minilm ORDER BY e").fetchall()
    monkeypatch.setenv("LORE_RECALL_PIECES", "1")
    monkeypatch.setattr(embed, "_model", embed._with_pieces(embed.model()))
    cache = graph.session.get(vectors.MATRIX)  # a process loads one model; this test swaps it: forget its matrix
    cache.synced_at = cache.mark = cache.version = None
    assert vectors.awaiting(con) == len(PLATFORM) and vectors.count(con) == 0
    result = vectors.sync(graph, inline=2)  # an owner's prepare-turn: too many wait, its background embeds them
    assert result.embedded == 0 and result.awaiting == len(PLATFORM)
    assert vectors.sync(graph, None).awaiting == 0 and vectors.count(con) == len(PLATFORM)
    assert ents(prepare_turn(graph, question))[:1] == [":decision/platform"]
    assert con.execute("SELECT e, vec FROM mem_vectors_minilm ORDER BY e").fetchall() == one
    monkeypatch.setattr(embed, "_model", replace(embed.model(), table="mem_vectors_minilm",
                                                 state_key="vectors-minilm", pieces=False))
    cache = graph.session.get(vectors.MATRIX)  # a process loads one model; this test swaps it: forget its matrix
    cache.synced_at = cache.mark = cache.version = None
    assert vectors.sync(graph, inline=2).awaiting == 0
    assert ":decision/platform" not in ents(prepare_turn(graph, question))[:1]


def test_pieces_are_whole_sentences_and_hostile_text_stays_bounded():
    text = ("Use gRPC between services, e.g. for the billing API. Version 1.2 of the schema is frozen. "
            "Clients retry twice! Why? Because the network drops packets; the load balancer hides it.")
    assert chunks.sentences(text) == ["Use gRPC between services, e.g. for the billing API.",
                                      "Version 1.2 of the schema is frozen.", "Clients retry twice!", "Why?",
                                      "Because the network drops packets; the load balancer hides it."]
    # the first sentence alone (what the memory is), then runs of about PIECE_WORDS words
    assert chunks.chunks(text)[0] == "Use gRPC between services, e.g. for the billing API."
    assert " ".join(chunks.chunks(text)) == " ".join(chunks.sentences(text))
    assert chunks.chunks("") == [] and chunks.chunks(" \n\n \t") == [] and chunks.chunks("one") == ["one"]
    # a text of a thousand sentences is at most MAX_PIECES pieces, the rest in the last; none is lost
    many = " ".join(f"Sentence {i} says something about topic {i}." for i in range(1000))
    pieces = chunks.chunks(many)
    assert len(pieces) == chunks.MAX_PIECES and pieces[-1].endswith("topic 999.")
    # no sentence end at all (a pasted log): one piece, which the encoder cuts to its first word pieces
    assert len(chunks.chunks("x" * 100_000)) == 1
    # a sentence ends only before a capital, digit, quote or bracket: control and format characters do not
    assert chunks.chunks("\x00\u200b. \ufeffNext one. Last") == ["\x00\u200b. \ufeffNext one.", "Last"]

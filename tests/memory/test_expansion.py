"""Query expansion through the encoder's word vectors (issue 14, recall round 16; lore.memory.expansion): a
question's words no memory says stand for their nearest memory words, a memory that the expansions of two of
them hit is recalled after the plain reply, and the memories' words are embedded once, kept in the graph."""

from __future__ import annotations

import pytest
from memory_helpers import embed_all, recalled, remember, remember_decisions
from memory_helpers import q as quoted

from lore.memory import expansion, index, vectors
from lore.memory.turns import prepare_turn
from lore.store.graph import Graph

# A mail server's decisions; the push one is mostly about JMAP, so a question about phones being alerted is
# far from its whole text in meaning and shares no word with it: "phones" -> devices, "alerted" -> notifications.
MAIL = {
    "webpush": "Adopt JMAP for the web client's synchronisation: state strings per object type, a changes endpoint "
               "per type and batched method calls in one request; the server also sends notifications to "
               "registered devices through the push gateway.",
    "idle": "Support the IMAP IDLE command so that a client holding a session open learns of new messages without "
            "polling.",
    "search": "Index every stored message in OpenSearch and answer IMAP SEARCH from that index rather than scanning "
              "the mailbox.",
    "quota": "Enforce a storage quota per mailbox and reject deliveries once a user's mailbox is full.",
    "spam": "Classify incoming messages with a Bayesian spam filter trained per user from the messages they mark as "
            "junk.",
    "threads": "Group messages into conversations by their References and In-Reply-To headers.",
    "blobs": "Keep message bodies in an object store and only their metadata in Cassandra.",
    "retention": "Delete messages from the trash folder thirty days after they were moved there.",
    "pop": "Keep POP3 for legacy clients that download and delete their messages.",
    "smtp": "Accept outgoing messages only over authenticated SMTP submission on port 587.",
    "dkim": "Sign every outgoing message with DKIM and publish a DMARC policy of quarantine.",
}
QUESTION = "Do phones get alerted about incoming email?"


@pytest.fixture
def mail(graph):
    remember_decisions(graph, MAIL)
    return graph


@pytest.mark.parametrize("resident", [False, True], ids=["one-shot", "resident"])
def test_a_memory_two_question_words_expand_to_comes_after_the_plain_reply(mail, monkeypatch, resident):
    mail.session.resident = resident
    got = recalled(mail, QUESTION)
    monkeypatch.setattr(expansion, "SHORT_REPLY", 0)  # the same question without expansion
    plain = recalled(mail, QUESTION)
    assert ":decision/webpush" not in plain
    assert got == plain + [":decision/webpush"], (got, plain)


def test_what_the_expansion_brings_shows_what_it_is_not_why(mail):
    remember(mail, f"[[:decision/webpush :rationale {quoted('Browsers and handsets wake for pushes, not polls.')}]]")
    embed_all(mail)
    reply = prepare_turn(mail, QUESTION)
    shown = [(f["entity"], f["attribute"]) for f in reply["facts"] if f["entity"] == ":decision/webpush"]
    assert shown == [(":decision/webpush", ":description")]
    assert ":decision/webpush :description \"Adopt JMAP" in reply["context"]
    reply = prepare_turn(mail, "Why do phones get alerted about incoming email?")
    assert (":decision/webpush", ":rationale") in [(f["entity"], f["attribute"]) for f in reply["facts"]]


def test_neighbours_of_one_question_word_expand_nothing(mail):
    # "phones" has a memory word near it (devices); "IMAP" and "support" are the memories' own words
    _hits, query = index.search(mail.con, "Do phones support IMAP?")
    assert expansion.expansions(mail, mail.con, "Do phones support IMAP?", frozenset(query.topic)) == {}
    _hits, query = index.search(mail.con, QUESTION)
    near = expansion.expansions(mail, mail.con, QUESTION, frozenset(query.topic))
    assert ("devic", "devices") in [(tok, word) for tok, _ in near["phon"] for t, word in
                                    mail.con.execute("SELECT token, word FROM mem_words_minilm").fetchall() if t == tok]
    assert all(cos >= expansion.THRESHOLD for got in near.values() for _, cos in got)
    assert all(len(got) <= expansion.PER_WORD for got in near.values())


def test_a_memory_word_is_embedded_once_and_kept_in_the_graph(mail):
    con = mail.con
    rows = dict(con.execute("SELECT token, word FROM mem_words_minilm").fetchall())
    assert rows["devic"] == "devices" and rows["notification"] == "notifications"
    assert "the" not in rows and "decid" not in rows  # stop words and question framing words are no words here
    before = len(rows)
    # a new memory adds its new words only
    remember_decisions(mail, {"calendar": "Serve CalDAV calendars beside the mailboxes."})
    after = dict(con.execute("SELECT token, word FROM mem_words_minilm").fetchall())
    assert set(after) - set(rows) == {"serv", "caldav", "calendar", "besid"}
    assert len(after) == before + 4


def test_a_graph_embedded_before_the_words_table_reads_its_words_once(tmp_path):
    path = tmp_path / "g.duckdb"
    graph = Graph(path)
    remember_decisions(graph, MAIL)
    words = graph.con.execute("SELECT token, word, vec FROM mem_words_minilm ORDER BY token").fetchall()
    graph.con.execute("DROP TABLE mem_words_minilm")
    graph.con.execute("DROP TABLE mem_words_minilm_pending")
    graph.close()
    graph = Graph(path)  # as main left it: vectors, no words
    try:
        assert vectors.sync(graph, None).awaiting == 0
        again = graph.con.execute("SELECT token, word, vec FROM mem_words_minilm ORDER BY token").fetchall()
        assert [r[:2] for r in again] == [r[:2] for r in words]
        assert graph.con.execute("SELECT count(*) FROM mem_words_minilm_pending").fetchone()[0] == 0
        assert ":decision/webpush" in recalled(graph, QUESTION)
    finally:
        graph.close()


def test_a_resident_graph_reads_old_memories_words_in_its_background_steps(tmp_path):
    path = tmp_path / "g.duckdb"
    graph = Graph(path)
    remember_decisions(graph, MAIL)
    graph.con.execute("DROP TABLE mem_words_minilm")
    graph.con.execute("DROP TABLE mem_words_minilm_pending")
    graph.close()
    graph = Graph(path)
    try:
        steps = 0
        while vectors.background_step(graph, lambda _awaited: None):
            steps += 1
        assert steps == -(-len(MAIL) // vectors.STEP_MEMORIES)
        assert graph.con.execute("SELECT count(*) FROM mem_words_minilm WHERE token = 'devic'").fetchone()[0] == 1
    finally:
        graph.close()


def test_a_hostile_question_embeds_at_most_the_topic_terms(mail):
    # thousands of words no memory says: only the question's index.TOPIC_TERMS rarest are looked at
    text = " ".join(f"zq{i}x{'abcdefghij'[i % 10]}word" for i in range(3000)) + " " + QUESTION
    kept = len(expansion._question_vectors)
    reply = prepare_turn(mail, text)
    assert reply["ok"]
    assert len(expansion._question_vectors) - kept <= index.TOPIC_TERMS
    # a memory's words: the most frequent spelling of each token; controls and stop words are no words
    assert expansion.vocabulary(["\u202e" * 5000 + " DEVICES, devices; device and the"]) == {"devic": "devices"}
    # a memory of thousands of distinct words: its first WORDS_PER_TEXT are embedded, once
    flood = " ".join(f"zq{i}x{'abcdefghij'[i % 10]}word" for i in range(3000))
    assert len(expansion.vocabulary([flood, "devices"])) == expansion.WORDS_PER_TEXT + 1


def test_no_expansion_without_a_sentence_encoder(mail, monkeypatch):
    monkeypatch.setenv("LORE_SEMANTIC", "0")
    from lore.memory import embed

    monkeypatch.setattr(embed, "_model", None)
    monkeypatch.setattr(embed, "_error", "switched off (LORE_SEMANTIC=0)")
    assert expansion.expansions(mail, mail.con, QUESTION, frozenset({"phon", "alert", "email", "incom"})) == {}
    assert ":decision/webpush" not in recalled(mail, QUESTION)

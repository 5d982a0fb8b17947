"""The token index: the Python query tokenizer agrees with the SQL document tokenizer; the index is a
cache that rebuilds itself."""

from __future__ import annotations

import duckdb
from hypothesis import given, settings
from hypothesis import strategies as st
from memory_helpers import remember

from lore.memory import index
from lore.memory.turns import prepare_turn

WORDS = st.sampled_from(["TokenCache", "validate_token", "HTTPServer", "decisions", "caching", "studies",
                         "x", "the", "a1b2", "évité", "naïve_café", "snake_case_2", "ABC", "Ies", "used",
                         "ss", "boss", "findings", "strings", "Settings", "needs", "__init__", "lore", "v2", "Ωmega", "日本語", "e.g.", "path/to/file.py"])


CON = duckdb.connect()  # the tokenizer needs no tables


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(WORDS, st.text(max_size=12)), max_size=12))
def test_python_and_sql_tokenizers_agree(words):
    text = " ".join(words)
    assert index.query_terms(CON, text) == index.sql_tokens(CON, text)


def test_an_index_of_another_version_is_rebuilt(graph):
    remember(graph, '[[:decision/x :description "rebuild the index"]]')
    index.sync(graph)
    graph.con.execute("UPDATE mem_index_state SET tx = 1 WHERE key = 'version'")
    graph.session.get(index.MARKS).schema_ok = False  # as a fresh process would find it
    assert [f["entity"] for f in prepare_turn(graph, "rebuild index")["facts"]][:1] == [":decision/x"]
    assert graph.con.execute("SELECT tx FROM mem_index_state WHERE key = 'version'").fetchone()[0] == \
        index.SCHEMA_VERSION


def _postings(graph):
    return sorted(graph.con.execute("SELECT t.token, d.e, d.a, p.tf, p.dl, p.mem FROM mem_postings p "
                                    "JOIN mem_terms t USING (term_id) JOIN mem_docs d USING (doc_id)").fetchall())


def test_python_and_sql_paths_build_the_same_index(tmp_path, monkeypatch):
    from lore.store.graph import Graph

    facts = ('[[:decision/a :description "TokenCache.evict runs hourly; validate_token checks expiry"]'
             ' [:decision/a :rationale "Caching decisions were studied"] [:decision/a :rejects :dependency/memcached]'
             ' [:function/src-x-py-f :qualified-name "HTTPServer.serve_forever"] [:decision/b :alias "naïve café"]]')
    got = []
    for limit in (0, 10_000):
        monkeypatch.setattr(index, "PY_TOKENIZE_MAX", limit)
        g = Graph(tmp_path / f"g{limit}.duckdb")
        remember(g, facts)
        index.sync(g)
        got.append(_postings(g))
        g.close()
    assert got[0] == got[1] and len(got[0]) > 10


def test_connection_counts_kept_by_difference_match_a_recount(graph):
    from lore.store.graph import MAX_TX
    from lore.store.txdata import parse_tx

    steps = ['[[:decision/a :governs :dependency/x] [:decision/a :rejects :dependency/y] [:decision/a :description "a"]]',
             '[[:dependency/z :depends-on :decision/a] [:decision/b :supersedes :decision/a]]',
             '[[:db/retract :decision/a :rejects :dependency/y] [:decision/a :entity-type :type/decision]]',
             '[[:decision/b :supersedes :decision/a {:valid-from "2020-01-01"}]]']
    for step in steps:
        graph.transact(parse_tx(step), reason="step", source="cli")
        index.sync(graph)
    graph.con.execute("BEGIN TRANSACTION")
    tx, _ = graph.begin_tx("rule", "rule")
    graph.insert_rows([(graph.allocate_ids(1), ":decision/a", ":similar", "k", ":decision/b", None, 0, 2**62, tx,
                        MAX_TX, True, "r", 0.4, [1])])
    graph.con.execute("COMMIT")
    index.sync(graph)
    got = {e: (x, round(c, 6)) for e, x, c in graph.con.execute("SELECT * FROM mem_degree").fetchall()
           if x or c}
    want = {}
    for e, v, inferred, conf in graph.con.execute(
            f"SELECT e, v, inferred, confidence FROM facts WHERE tx_to = {MAX_TX} AND vt = 'k' "
            f"AND a <> ':entity-type' AND a NOT LIKE ':db/%'").fetchall():
        for end in (e, v):
            x, c = want.get(end, (0, 0.0))
            want[end] = (x, round(c + conf, 6)) if inferred else (x + 1, c)
    assert got == want
    assert graph.con.execute("SELECT explicit, inferred_conf FROM mem_docs WHERE e = ':decision/a' "
                             "AND a = ':description'").fetchone() == (want[":decision/a"][0], 0.4)

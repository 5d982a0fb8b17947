"""The token index: the Python query tokenizer agrees with the SQL document tokenizer; the index is a
cache that rebuilds itself."""

from __future__ import annotations

import duckdb
from hypothesis import given, settings
from hypothesis import strategies as st

from lore.memory import index
from lore.memory.turns import prepare_turn

from memory_helpers import remember

WORDS = st.sampled_from(["TokenCache", "validate_token", "HTTPServer", "decisions", "caching", "studies",
                         "x", "the", "a1b2", "évité", "naïve_café", "snake_case_2", "ABC", "Ies", "used",
                         "ss", "boss", "__init__", "lore", "v2", "Ωmega", "日本語", "e.g.", "path/to/file.py"])


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
    graph._mem_schema_ok = False
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

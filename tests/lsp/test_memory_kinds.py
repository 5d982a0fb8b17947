"""One list of memory namespaces (lore.idents): the hover, the warnings' labels and the diagnostics' related
information read a hand-written memory (:lesson/, :note/, …) as they read a decision. Each once had its own list,
and a :lesson/ was left out of the hover, a :note/ was labelled by its bare ident, a :fact/ was not called one."""

from __future__ import annotations

from pygls.workspace import TextDocument

from lore import operations
from lore.codeview import hover
from lore.idents import CAPTURED_KINDS, MEMORY_KINDS, STATEMENT_KINDS
from lore.lsp.diagnostics import to_diagnostics
from lore.query.labels import label_of
from lore.store.graph import Graph

from .conftest import AUTH_PY, cli, make_repo


def test_the_lists_are_one():
    assert set(CAPTURED_KINDS) <= set(MEMORY_KINDS)
    assert set(STATEMENT_KINDS) == set(MEMORY_KINDS) - {"dependency"}
    assert {"lesson", "note", "fact", "problem"} <= set(STATEMENT_KINDS)


def test_every_memory_kind_governing_code_shows_on_its_hover(tmp_path):
    root = make_repo(tmp_path / "repo")
    graph_path = root / ".lore" / "lore.duckdb"
    assert cli(graph_path, "ingest", str(root))[0] == 0
    facts = " ".join(f'[:{k}/login :governs :function/src-auth-py-login] [:{k}/login :description "about {k}"]'
                     for k in MEMORY_KINDS)
    assert cli(graph_path, "transact", f"[{facts} [:service/x :governs :function/src-auth-py-login]]",
               "--reason", "r")[0] == 0
    operations.load_features()
    g = Graph(graph_path)
    try:
        info = hover.hover_info(g, {"entity": ":function/src-auth-py-login"})
    finally:
        g.close()
    shown = {m["entity"] for m in info["memories"]}
    assert shown == {f":{k}/login" for k in MEMORY_KINDS}  # :lesson/, :problem/, :solution/ were left out
    assert ":service/x" not in shown  # not a memory namespace


def test_labels_quote_every_statement_and_name_a_dependency():
    for k in STATEMENT_KINDS:
        assert label_of(f":{k}/x", {":description": "Keep retries at three. Always."}) == \
            f'the {k} "Keep retries at three…"', k  # :note/, :convention/, :memory/ were shown as the bare ident
    assert label_of(":dependency/redis", {":name": "redis", ":description": "the cache"}) == "redis"


def test_related_information_calls_a_hand_written_memory_what_it_is(tmp_path):
    root = make_repo(tmp_path / "repo")
    graph_path = root / ".lore" / "lore.duckdb"
    assert cli(graph_path, "ingest", str(root))[0] == 0
    assert cli(graph_path, "transact", '[[:fact/no-redis :rejects :module/redis] '
               '[:fact/no-redis :description "Redis is not allowed here; use the database"]]', "--reason", "r")[0] == 0
    operations.load_features()
    g = Graph(graph_path)
    try:
        warnings = operations.run("warnings", g, {})["warnings"]
    finally:
        g.close()
    doc = TextDocument((root / "src/auth.py").as_uri(), AUTH_PY)
    diags = [d for d in to_diagnostics(doc, warnings, root) if d.related_information]
    messages = [r.message for d in diags for r in d.related_information or []]
    assert any(m.startswith("the fact: Redis is not allowed here; use the database") for m in messages), messages

"""Anchors in every language ingestion reads: the open buffer's parse is ingestion's own (lore.ingest.extract),
so a Go file's warnings follow unsaved edits and its hovers name the right definition or import, end to end
through a real ``lore serve``; and the parse itself, for a few more languages, directly."""

from __future__ import annotations

import asyncio

import pytest
import pytest_asyncio
from lsprotocol import types

from lore.lsp import anchors

from .conftest import lsp, make_repo, open_doc, request, wait_for

AUTH_GO = '''package auth

import (
	"fmt"
	"github.com/redis/go-redis/v9"
)

type TokenCache struct {
	client *redis.Client
}

func (c *TokenCache) Evict(key string) string {
	return key
}

type Sessions struct{}

func (s *Sessions) Evict(id string) string {
	return id
}

func Login(user string) *TokenCache {
	fmt.Println(user)
	return &TokenCache{}
}
'''
REDIS = ":module/github-com-redis-go-redis-v9"
FACTS = (f'[[:decision/cache :rejects {REDIS}] '
         '[:decision/cache :description "no redis in auth: ops burden"] '
         '[:decision/login :governs :function/cmd-auth-go-login] '
         '[:decision/login :description "login must be rate limited"] '
         '[:decision/login :rationale "credential stuffing"] '
         '[:decision/sessions :governs :function/cmd-auth-go-sessions-evict] '
         '[:decision/sessions :description "sessions expire after a day"]]')


def rejected(client, uri: str) -> list[types.Diagnostic]:
    return [d for d in client.diagnostics.get(uri, []) if d.source == "lore" and d.code == "rejected_dependency"]


def edit(client, uri: str, version: int, line: int, col: int, end_line: int, end_col: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(line, col), types.Position(end_line, end_col)), text=text)]))


_VERSIONS = iter(range(2, 1_000_000))  # one document shared by this module's tests: versions only go up


def reset(client, uri: str, text: str) -> None:
    """The buffer back to ``text`` (each test starts from the text it expects, whatever ran before it)."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=next(_VERSIONS)),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def hover(client, uri: str, line: int, col: int) -> str | None:
    h = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line, col))), 10)
    return h.contents.value if h is not None else None


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def go_ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("anchors") / "repo",
                     {"cmd/auth.go": AUTH_GO, "go.mod": "module example.com/auth\n\ngo 1.21\n"})
    graph = root / ".lore" / "lore.duckdb"
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 50}}) as client:
        async def complete():
            status = await request(client, "lore/ingestStatus", {})
            return status if status.get("status") == "complete" else None

        await wait_for(complete, 90, "the ingest to complete")
        reply = await request(client, "lore/transact", {"facts": FACTS, "reason": "architecture review"})
        assert reply["ok"], reply
        uri = open_doc(client, root / "cmd" / "auth.go")
        yield client, uri


@pytest.mark.asyncio(loop_scope="module")
async def test_go_import_warning_follows_unsaved_edits(go_ws):
    client, uri = go_ws
    reset(client, uri, AUTH_GO)
    # on the module path inside the quotes of line 5 (0-based 4): `\t"github.com/redis/go-redis/v9"`
    first = await wait_for(lambda: [x for x in rejected(client, uri) if x.range.start.line == 4],
                           what="rejected_dependency on the Go import")
    d = first[0]
    assert (d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character) == (4, 2, 4, 30)
    assert d.data["slots"]["memory"] == ":decision/cache" and "no redis in auth" in d.message
    # three lines inserted above: the warning moves with the import before anything is saved or re-ingested
    edit(client, uri, next(_VERSIONS), 0, 0, 0, 0, "// one\n// two\n// three\n")
    moved = await wait_for(lambda: [x for x in rejected(client, uri) if x.range.start.line == 7],
                           what="the warning to follow the inserted lines")
    assert (moved[0].range.start.character, moved[0].range.end.character) == (2, 30)
    # an alias written before the path moves it along the line too
    edit(client, uri, next(_VERSIONS), 7, 1, 7, 1, "rds ")
    aliased = await wait_for(lambda: [x for x in rejected(client, uri)
                                      if (x.range.start.line, x.range.start.character) == (7, 6)],
                             what="the warning to follow the alias")
    assert aliased[0].range.end.character == 34
    # the import moved into its own declaration further down (and the block lost it): still found
    edit(client, uri, next(_VERSIONS), 7, 0, 8, 0, "")
    edit(client, uri, next(_VERSIONS), 8, 0, 8, 0, 'import rds "github.com/redis/go-redis/v9"\n')
    again = await wait_for(lambda: [x for x in rejected(client, uri) if x.range.start.line == 8],
                           what="the warning to follow the import into its own declaration")
    assert (again[0].range.start.character, again[0].range.end.character) == (12, 40)


@pytest.mark.asyncio(loop_scope="module")
async def test_go_hovers_name_the_right_definition_and_import(go_ws):
    client, uri = go_ws
    text = "\n".join(["// one", "// two", "// three"] + AUTH_GO.split("\n"))
    reset(client, uri, text)
    lines = text.split("\n")
    login = next(i for i, ln in enumerate(lines) if ln.startswith("func Login"))
    md = await hover(client, uri, login, len("func Lo"))
    assert md is not None and ":function/cmd-auth-go-login" in md
    assert "login must be rate limited" in md and "credential stuffing" in md  # its memories
    assert "Introduced by" in md and "first commit" in md and "ada@example.com" in md  # its history
    # two methods named Evict: each hover is about its own receiver's method
    evicts = [i for i, ln in enumerate(lines) if ") Evict(" in ln]
    col = lines[evicts[0]].index("Evict") + 1
    first, second = [await hover(client, uri, i, col) for i in evicts]
    assert first is not None and ":function/cmd-auth-go-tokencache-evict" in first
    assert "sessions expire" not in first
    assert second is not None and ":function/cmd-auth-go-sessions-evict" in second
    assert "sessions expire after a day" in second
    # the import's module path: the module it names, with the decision that rejects it
    imp = next(i for i, ln in enumerate(lines) if "go-redis" in ln)
    md = await hover(client, uri, imp, lines[imp].index("github") + 3)
    assert md is not None and REDIS in md and "no redis in auth" in md


# ------------------------------------------------------------------------------- the parse, directly

def _texts(text: str, symbols: list[anchors.Symbol]) -> list[tuple[str, str, str]]:
    lines = text.split("\n")
    return [(s.kind, s.qualified_name, lines[s.line][s.col:s.end_col]) for s in symbols]


@pytest.mark.parametrize("path,text,expected", [
    ("lib.rs", ("use std::collections::HashMap;\n\npub struct Cache { n: u32 }\n\nimpl Cache {\n"
                "    pub fn evict(&self) -> u32 { self.n }\n}\n"),
     [("import", "std::collections::HashMap", "std::collections::HashMap"), ("class", "Cache", "Cache"),
      ("field", "Cache.n", "n"), ("function", "Cache.evict", "evict")]),
    ("A.java", "package x;\nimport java.util.List;\n\npublic class A {\n  void run() {}\n}\n",
     [("import", "java.util.List", "java.util.List"), ("class", "A", "A"), ("function", "A.run", "run")]),
    ("m.c", '#include <stdio.h>\n#include "db.h"\nint main(void) { return 0; }\n',
     [("import", "<stdio.h>", "<stdio.h>"), ("import", "db.h", "db.h"), ("function", "main", "main")]),
    ("a.py", "import port\nfrom a.b import x, y\n\nclass K:\n    def m(self):\n        pass\n",
     [("import", "port", "port"), ("import", "a.b", "a.b"), ("class", "K", "K"), ("function", "K.m", "m")]),
])
def test_parse_gives_name_ranges_in_many_languages(path, text, expected):
    assert _texts(text, anchors.parse(text, path)) == expected


def test_ranges_are_code_points_and_bodies_cover_the_definition():
    text = 'package p\n\nvar s = "héllo wörld"; func Über() {\n\treturn\n}\n'
    syms = {s.qualified_name: s for s in anchors.parse(text, "p.go")}
    f = syms["Über"]
    assert text.split("\n")[f.line][f.col:f.end_col] == "Über"
    assert f.body[:2] == (2, text.split("\n")[2].index("func")) and f.body[2:] == (4, 1)
    assert anchors.at(list(syms.values()), 3, 2) is f  # inside the body: the definition around
    assert anchors.at(list(syms.values()), 2, 1) is None  # a variable is not what a hover names


def test_find_matches_path_specs_exactly():
    text = 'package p\n\nimport (\n\t"github.com/a/x"\n\t"github.com/b/y"\n)\n'
    syms = anchors.parse(text, "p.go")
    assert anchors.find(syms, "import", "github.com/b/y").line == 4
    assert anchors.find(syms, "import", "github.com/c/z") is None  # not "the first github.com import"


@pytest.mark.parametrize("path,text", [
    ("notes.txt", "def f(): pass\n"),  # not a language ingestion reads
    ("big.py", "x = 1\n" * (anchors.MAX_PARSE_BYTES // 6 + 1)),  # over the size limit
    ("bin.go", "package p\x00\nfunc F() {}\n"),  # binary
    ("broken.go", "package p\nfunc (\n\x7f\udcff {{{"),  # garbage, lone surrogate: parsed, no crash
    ("", ""),
])
def test_parse_of_odd_buffers(path, text):
    syms = anchors.parse(text, path)
    assert isinstance(syms, list)
    if path in ("notes.txt", "big.py", "bin.go", ""):
        assert syms == []

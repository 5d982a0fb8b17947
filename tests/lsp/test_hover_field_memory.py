"""A hover on a TypeScript arrow-function property (``json = (o) => …``, hono's Context API) shows the
memories that name it as ``Context.json``, as a hover on a method does: the extractor calls it a field, and
before, linking looked only at functions and classes (user trial 12). Also for a property typed into an
unsaved buffer (the working layer). Real ``lore serve`` on a real ingested repository."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .conftest import hover_text, ingest_complete, lsp, make_repo, open_doc, request, wait_for

PATH = "src/context.ts"
CONTEXT = ("export class Context {\n  status = 200\n  json = (object: unknown): Response => {\n"
           "    return new Response(JSON.stringify(object))\n  }\n}\n")



@pytest.mark.asyncio
async def test_hover_on_an_arrow_function_property_shows_the_memory_naming_it(tmp_path):
    root = make_repo(tmp_path / "repo", {PATH: CONTEXT})
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        await ingest_complete(client)
        reply = await request(client, "lore/transact", {
            "facts": '[[:constraint/json-frozen :description "Context.json keeps its signature until the next '
                     'major"] [:constraint/html-escape :description "Context.html escapes nothing: callers do"]]',
            "reason": "API freeze"})
        assert reply["ok"], reply
        uri = open_doc(client, root / PATH)

        async def json_hover():
            text = await hover_text(client, uri, 2, 3)
            return text if "json-frozen" in text else None

        text = await wait_for(json_hover, 30, "the hover on json to show the constraint")
        assert ":field/src-context-ts-context-json" in text and "keeps its signature" in text
        assert "html-escape" not in text
        assert "json-frozen" not in await hover_text(client, uri, 1, 3)  # status: another field
        # an unsaved buffer adds Context.html: the memory naming it shows on its hover
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(
                text=CONTEXT.replace("  status = 200\n", "  status = 200\n  html = (s: string): string => s\n"))]))

        async def html_hover():
            text = await hover_text(client, uri, 2, 3)
            return text if "html-escape" in text else None

        text = await wait_for(html_hover, 30, "the hover on the unsaved html to show its constraint")
        assert ":field/src-context-ts-context-html" in text

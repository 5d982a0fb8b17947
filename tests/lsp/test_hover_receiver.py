"""A hover on a member reached through another object or class (``$this->dispatcher->handle(...)``, ``$app->handle``,
``Dispatcher::create()``) shows that class's member, not this file's own member of the same name. Before, on
slimphp/Slim (user trial 15), the hover on ``$this->middlewareDispatcher->handle($request)`` inside ``App::handle``
showed ``App.handle`` — the file's definition nearest the cursor — with the constraint "Never rename
Slim\\App::handle". Real ``lore serve`` on a real ingested repository."""

from __future__ import annotations

import pytest

from .conftest import hover_text, ingest_complete, lsp, make_repo, open_doc, request

APP = """<?php
namespace Acme;

class App
{
    private Dispatcher $middlewareDispatcher;

    public function handle(Request $request): Response
    {
        $response = $this->middlewareDispatcher->handle($request);
        $again = Dispatcher::create()->handle($request);
        return $this->handle($request);
    }
}
"""
DISPATCHER = """<?php
namespace Acme;

class Dispatcher
{
    public static function create(): self
    {
        return new self();
    }

    public function handle(Request $request): Response
    {
        return new Response();
    }
}
"""
RUNNER = "<?php\nnamespace Acme;\n\nclass Runner\n{\n    public function handle(): void\n    {\n    }\n}\n"


@pytest.mark.asyncio
async def test_hover_on_another_objects_member_shows_that_member_not_this_files(tmp_path):
    root = make_repo(tmp_path / "repo", {"src/App.php": APP, "src/Dispatcher.php": DISPATCHER,
                                         "src/Runner.php": RUNNER})
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        await ingest_complete(client)
        reply = await request(client, "lore/transact", {
            "facts": '[[:constraint/keep-app-handle :description "Never rename App.handle"] '
                     '[:constraint/keep-app-handle :relates-to :function/src-app-php-app-handle]]', "reason": "review"})
        assert reply["ok"], reply
        uri = open_doc(client, root / "src/App.php")
        lines = APP.split("\n")

        def at(fragment: str) -> tuple[int, int]:
            row = next(i for i, text in enumerate(lines) if fragment in text)
            return row, lines[row].index(fragment) + len(fragment) - 3

        other = await hover_text(client, uri, *at("middlewareDispatcher->handle"))
        assert ":function/src-dispatcher-php-dispatcher-handle" in other, other
        assert "keep-app-handle" not in other and "src-app-php-app-handle" not in other, other
        # a receiver no class is named like (create()'s result): no hover rather than App's own handle
        unknown = await hover_text(client, uri, *at("create()->handle"))
        assert "keep-app-handle" not in unknown and "src-runner-php" not in unknown, unknown
        # the class's own member, through $this, and its definition: App.handle with its memory
        own = await hover_text(client, uri, *at("$this->handle"))
        assert ":function/src-app-php-app-handle" in own and "Never rename App.handle" in own, own
        defined = await hover_text(client, uri, *at("function handle"))
        assert "Never rename App.handle" in defined, defined
        # a static member through its class: Dispatcher::create
        static = await hover_text(client, uri, *at("Dispatcher::create"))
        assert ":function/src-dispatcher-php-dispatcher-create" in static, static

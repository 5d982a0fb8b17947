"""Two Ruby methods whose names slug alike (``route`` and ``route!``: seed 001 slugs both to ``…-route``) are one
entity; a hover on ``def route`` named ``route!`` (user trial 13, sinatra's ``Sinatra::Base``). The hover names the
definition under the cursor. Real ``lore serve`` on a real ingested repository."""

from __future__ import annotations

import pytest

from .conftest import hover_text, ingest_complete, lsp, make_repo, open_doc, wait_for

PATH = "lib/app.rb"
APP = ("class App\n  def route!(x)\n    x\n  end\n\n  def helper\n    1\n  end\n\n  def route(verb)\n"
       "    verb\n  end\nend\n")



@pytest.mark.asyncio
async def test_a_hover_names_the_definition_under_the_cursor_of_two_that_slug_alike(tmp_path):
    root = make_repo(tmp_path / "repo", {PATH: APP})
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        await ingest_complete(client)
        uri = open_doc(client, root / PATH)

        async def hovered(line: int) -> str | None:
            text = (await hover_text(client, uri, line, 7)).replace("\\!", "!")  # markdown escapes the bang
            return text if ":function/lib-app-rb-app-route" in text else None

        plain = await wait_for(lambda: hovered(9), 30, "the hover on def route")
        bang = await wait_for(lambda: hovered(1), 30, "the hover on def route!")
        assert "App.route!" not in plain and "App.route" in plain
        assert "App.route!" in bang

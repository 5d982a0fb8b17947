"""A hover on the name of a Java overload after the first (``baseUrl(String)`` below ``baseUrl(URL)``) shows the
method's memories. Overloads share one entity, located at the first; the buffer's parse has no symbol for the
others, so the hover looks the word up by name — and before, took any definition of that name in the file: on
square/retrofit the field ``Retrofit.baseUrl`` of another class, four hundred lines up, with none of the
constraint on ``Retrofit.Builder.baseUrl`` (user trial 14). Real ``lore serve`` on a real ingested repository."""

from __future__ import annotations

import pytest

from .conftest import hover_text, ingest_complete, lsp, make_repo, open_doc, request, wait_for

PATH = "src/main/java/retrofit2/Retrofit.java"
RETROFIT = """package retrofit2;

import java.net.URL;

public final class Retrofit {
  final String baseUrl;

  Retrofit(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  public String baseUrl() {
    return baseUrl;
  }

  public static final class Builder {
    private String baseUrl;

    public Builder baseUrl(URL baseUrl) {
      return baseUrl(baseUrl.toString());
    }

    public Builder baseUrl(String baseUrl) {
      if (!baseUrl.endsWith("/")) throw new IllegalArgumentException("baseUrl must end in /");
      this.baseUrl = baseUrl;
      return this;
    }
  }
}
"""


@pytest.mark.asyncio
async def test_hover_on_a_later_overload_shows_the_method_and_its_memory(tmp_path):
    root = make_repo(tmp_path / "repo", {PATH: RETROFIT})
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        await ingest_complete(client)
        reply = await request(client, "lore/transact", {
            "facts": '[[:constraint/slash :description "Retrofit.Builder.baseUrl keeps rejecting a base URL that '
                     'does not end in a slash"]]', "reason": "review"})
        assert reply["ok"], reply
        uri = open_doc(client, root / PATH)
        lines = RETROFIT.split("\n")
        second = next(i for i, text in enumerate(lines) if "baseUrl(String baseUrl) {" in text)
        col = lines[second].index("baseUrl(") + 2

        async def overload_hover():
            text = await hover_text(client, uri, second, col)
            return text if "constraint/slash" in text else None

        text = await wait_for(overload_hover, 30, "the hover on the second overload to show the constraint")
        assert text.startswith("**:function/src-main-java-retrofit2-retrofit-java-retrofit-builder-baseurl**"), text
        # the first overload answers the same; the outer class's accessor is another method
        first = next(i for i, text in enumerate(lines) if "baseUrl(URL baseUrl) {" in text)
        assert "constraint/slash" in await hover_text(client, uri, first, lines[first].index("baseUrl(") + 2)
        outer = next(i for i, text in enumerate(lines) if "public String baseUrl() {" in text)
        assert "constraint/slash" not in await hover_text(client, uri, outer, lines[outer].index("baseUrl(") + 2)

"""Attack 14d: an agent (or a prompt-injected one) calls an MCP tool with a parameter of megabytes. Errors quote
what they were given, and `lore_history`'s "did you mean" quoted the whole entity: a 20 MB entity came back as
a 20 MB error, which the MCP SDK's own client took 100 s to read (its line reader re-joins its buffer per
chunk). An error message is now kept to 2,000 characters, whatever it quotes. Driven with the official SDK's
client over stdio against a real `lore mcp`."""

from __future__ import annotations

import asyncio
import os
import time

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from .clone import ROOT, lore_cmd

ENTITY_CHARS = 5_000_000


def test_an_error_quotes_at_most_two_thousand_characters_of_a_huge_parameter(victim):
    cmd = lore_cmd()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "mcp"], cwd=str(victim.repo),
                                   env={**victim.env, "PYTHONPATH": str(ROOT / "server"), "LORE_MCP_INGEST": "0",
                                        "PATH": os.environ.get("PATH", "")})

    async def run() -> tuple[str, float, str]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            t = time.monotonic()
            result = await session.call_tool("lore_history", {"entity": "x" * ENTITY_CHARS})
            took = time.monotonic() - t
            after = await session.call_tool("lore_sql", {"sql": "SELECT 1 AS one"})
            return result.content[0].text, took, after.content[0].text

    text, took, after = asyncio.run(asyncio.wait_for(run(), 300))
    assert '"bad-entity"' in text
    assert len(text) < 5_000, len(text)  # main: the 5 MB entity came back whole
    assert '"rows": [[1]]' in after  # still serving


def test_an_error_message_is_kept_to_two_thousand_characters():
    from lore.errors import LoreError

    err = LoreError("bad-params", "got " + "y" * 50_000)
    assert len(err.to_json()["message"]) < 2_100 and err.message.endswith("(48,004 characters more)")

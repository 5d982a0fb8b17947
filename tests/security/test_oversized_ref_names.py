"""An agent (or an editor's request) names a branch or base of hundreds of kilobytes. Lore handed it to git
as an argument, past what the system lets one argument be (E2BIG): `lore_ingest` answered `started`, and the
job then failed with `ingest-failed: [Errno 7] Argument list too long` (a traceback in the log), the status
echoing the whole name; `lore_check` said `git-failed`. No ref is longer than a path (4,096): a longer name
is refused at once as `bad-branch` / `bad-base`. Driven with the official SDK's client over stdio against a
real `lore mcp`."""

from __future__ import annotations

import asyncio
import json
import os

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from .clone import ROOT, lore_cmd

NAME = "x" * 200_000  # over Linux's 128 KB bound on one argument


def test_a_branch_or_base_longer_than_a_path_is_refused_at_once(victim):
    cmd = lore_cmd()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "mcp"], cwd=str(victim.repo),
                                   env={**victim.env, "PYTHONPATH": str(ROOT / "server"), "LORE_MCP_INGEST": "0",
                                        "PATH": os.environ.get("PATH", "")})

    async def run() -> list[dict]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            out = []
            for tool, args in (("lore_ingest", {"branch": NAME}), ("lore_ingest", {"branch": NAME, "wait": True}),
                               ("lore_check", {"base": NAME}), ("lore_ingest", {"wait": True}),
                               ("lore_ingest_status", {})):
                result = await session.call_tool(tool, args)
                out.append(json.loads(result.content[0].text))
            return out

    bg, waited, check, ingest, status = asyncio.run(asyncio.wait_for(run(), 300))
    for reply, code in ((bg, "bad-branch"), (waited, "bad-branch"), (check, "bad-base")):
        assert reply["ok"] is False and reply["error"]["code"] == code, str(reply)[:500]
        assert len(reply["error"]["message"]) < 1_000
    assert ingest["ok"] and ingest["status"] == "complete", ingest  # still serving, on the usual branch
    assert status["ok"] and status["error"] is None and status["result"]["branch"] == "main", str(status)[:500]

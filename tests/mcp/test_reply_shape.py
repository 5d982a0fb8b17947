"""A tool's reply is sent once in the form the client reads: structured content (SPEC §4: the object
`lore <op> --json` prints) with a text beside it, prepare-turn's text being its context only (it was the whole
reply again as JSON); a client of a protocol before structured content (2025-06-18) gets the JSON as text alone."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import stdio_client

from .conftest import LORE, server_parameters

DECISION = '[[:decision/no-chardet :rejects :module/chardet] [:decision/no-chardet :description "Do not use chardet"]]'


@pytest.mark.asyncio
async def test_prepare_turn_sends_its_facts_once_and_its_context_as_text(repo: Path):
    async with stdio_client(server_parameters(repo, LORE_MCP_INGEST="0")) as (read, write), \
            ClientSession(read, write) as session:
        await session.initialize()
        assert session.protocol_version >= "2025-06-18"
        assert not (await session.call_tool("lore_ingest", {"wait": True})).is_error
        assert not (await session.call_tool("lore_transact", {"facts": DECISION, "reason": "r"})).is_error
        result = await session.call_tool("lore_prepare_turn", {"message": "what did we decide about chardet?"})
        reply = result.structured_content
        assert not result.is_error and reply["ok"] and reply["facts"], reply
        assert [c.type for c in result.content] == ["text"]
        assert result.content[0].text == reply["context"] and "Do not use chardet" in reply["context"]
        assert '"facts"' not in result.content[0].text  # the facts travel once, structured
        status = await session.call_tool("lore_status", {})
        assert json.loads(status.content[0].text) == status.structured_content  # no other rendering: the JSON
        bad = await session.call_tool("lore_history", {"entity": "not an ident"})
        assert bad.is_error and json.loads(bad.content[0].text) == bad.structured_content


def _rpc(proc: subprocess.Popen, message: dict) -> dict | None:
    assert proc.stdin and proc.stdout
    proc.stdin.write((json.dumps(message) + "\n").encode())
    proc.stdin.flush()
    if "id" not in message:
        return None
    while True:  # notifications (logs, progress) may come first
        line = proc.stdout.readline()
        assert line, "the server closed its output"
        got = json.loads(line)
        if got.get("id") == message["id"]:
            return got


def test_a_client_before_structured_content_gets_the_json_as_text_once(repo: Path):
    params = server_parameters(repo, LORE_MCP_INGEST="0")
    proc = subprocess.Popen([LORE, "mcp"], cwd=str(repo), env=params.env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        init = _rpc(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "old", "version": "1"}}})
        assert init and init["result"]["protocolVersion"] == "2025-03-26"
        _rpc(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _rpc(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                    "params": {"name": "lore_transact", "arguments": {"facts": DECISION, "reason": "r"}}})
        got = _rpc(proc, {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
            "name": "lore_prepare_turn", "arguments": {"message": "what did we decide about chardet?"}}})
        assert got
        result = got["result"]
        assert "structuredContent" not in result and not result.get("isError")
        (block,) = result["content"]
        reply = json.loads(block["text"])  # the whole reply, as the SDK's structured content would be
        assert reply["ok"] and "Do not use chardet" in reply["context"] and reply["facts"]
        err = _rpc(proc, {"jsonrpc": "2.0", "id": 4, "method": "tools/call",
                          "params": {"name": "lore_history", "arguments": {"entity": "not an ident"}}})
        assert err and err["result"]["isError"] and "structuredContent" not in err["result"]
        assert json.loads(err["result"]["content"][0]["text"])["error"]["code"] == "bad-entity"
    finally:
        assert proc.stdin
        proc.stdin.close()
        proc.wait(timeout=60)

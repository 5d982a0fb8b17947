"""Attack 15a: a client (an editor acting up, or whatever talks to Lore's stdio) sends one enormous message.
pygls read a header line of any length and a body of whatever ``Content-Length`` said whole; the MCP SDK
read a line of any length whole: one message held the server's memory. Now a header is read to 64 KB and a
message to ``LORE_MAX_MESSAGE_MB``; the rest is read in 1 MB pieces and dropped, a dropped request gets an
error reply, and the server answers the next message. Driven over raw stdio frames (a real ``lore serve``)
and with the official MCP SDK's client (a real ``lore mcp``). ``Content-Length: 10^12`` made pygls ask for a
buffer of that size: the MemoryError ended its loop and the server quit; it now waits for the rest."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

from .clone import ROOT, lore_cmd
from .test_lsp_malformed_requests import RawClient

LIMIT_MB = 1


def _peak_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM")


def _hover(rid: int, root, pad: str = "") -> dict:
    params: dict = {"textDocument": {"uri": (root / "src" / "app.py").as_uri()}, "position": {"line": 2, "character": 5}}
    if pad:
        params["padding"] = pad
    return {"jsonrpc": "2.0", "id": rid, "method": "textDocument/hover", "params": params}


@pytest.fixture
def lsp(victim):
    c = RawClient([*lore_cmd(), "serve"], {**victim.env, "LORE_MAX_MESSAGE_MB": str(LIMIT_MB)}, victim.repo)
    c.start(victim.repo)
    yield c
    c.close()


def test_a_request_over_the_limit_gets_an_error_and_the_next_is_answered(lsp, victim):
    lsp.send(_hover(2, victim.repo, "x" * (3 * LIMIT_MB << 20)))
    r = lsp.reply()
    assert r["id"] == 2 and r["error"]["code"] == -32600, r  # main: the 3 MB hover was read and answered
    assert "LORE_MAX_MESSAGE_MB" in r["error"]["message"]
    lsp.send({"jsonrpc": "2.0", "id": 3, "method": "lore/stats"})
    r = lsp.reply()
    assert r["id"] == 3 and r["result"]["ok"] is True, r


def test_a_notification_over_the_limit_is_dropped_and_the_stream_stays_framed(lsp, victim):
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": (victim.repo / "src" / "big.py").as_uri(), "languageId": "python", "version": 1,
        "text": "x = 1\n" * (LIMIT_MB << 19)}}}).encode()
    assert len(body) > LIMIT_MB << 20
    lsp.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    lsp.send({"jsonrpc": "2.0", "id": 4, "method": "lore/serverStatus"})
    r = lsp.reply()
    assert r["id"] == 4, r
    assert not any(d.get("uri", "").endswith("big.py") for d in r["result"]["documents"]), r["result"]["documents"]


def test_a_header_line_of_two_hundred_megabytes_is_not_held(lsp, victim):
    lsp.send({"jsonrpc": "2.0", "id": 5, "method": "lore/stats"})
    assert lsp.reply()["id"] == 5  # warm: what the server holds anyway
    before = _peak_kb(lsp.proc.pid)
    piece = b"X" * (1 << 20)
    for _ in range(200):
        lsp.proc.stdin.write(piece)
    lsp.proc.stdin.write(b"\r\n")
    lsp.send({"jsonrpc": "2.0", "id": 6, "method": "lore/stats"})
    r = lsp.reply()
    assert r["id"] == 6 and r["result"]["ok"] is True, r
    grew_mb = (_peak_kb(lsp.proc.pid) - before) / 1024
    # main: the 200 MB line was held whole (2,396 MB peak, bench/attack_memory.py). Dropped piece by piece it still
    # raises the peak some: 2.4 MB for a 1 MB line, 6.3 for 50 MB, 23-25 for 200 MB here and 27 on a loaded CI
    # run (not yet explained; see docs/SECURITY.md), so the bound is half the line, not a figure at the edge.
    assert grew_mb < 100, grew_mb


def test_mcp_a_line_over_the_limit_gets_an_error_and_the_next_call_is_answered(victim):
    cmd = lore_cmd()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "mcp"], cwd=str(victim.repo),
                                   env={**victim.env, "PYTHONPATH": str(ROOT / "server"), "LORE_MCP_INGEST": "0",
                                        "LORE_MAX_MESSAGE_MB": str(LIMIT_MB), "PATH": os.environ.get("PATH", "")})

    async def run() -> tuple[str, str]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            try:
                result = await session.call_tool("lore_history", {"entity": "x" * (3 * LIMIT_MB << 20)})
                first = "answered: " + result.content[0].text[:200]
            except MCPError as exc:
                first = f"error {exc.code}: {exc}"
            after = await session.call_tool("lore_sql", {"sql": "SELECT 1 AS one"})
            return first, after.content[0].text

    first, after = asyncio.run(asyncio.wait_for(run(), 300))
    # main: the 3 MB call was read and answered (bad-entity); then the SDK's bare -32601 (Method not found)
    assert first.startswith("error -32600: ") and "LORE_MAX_MESSAGE_MB" in first, first
    assert '"rows": [[1]]' in after  # still serving


def test_a_content_length_of_a_terabyte_does_not_end_the_server(victim):
    """main: pygls asked Python for a buffer of 10^12 bytes, the MemoryError ended its reading loop and the
    server quit. Now the frame is read (and dropped) as it comes: the server waits for the rest, holding nothing."""
    proc = subprocess.Popen([*lore_cmd(), "serve"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=victim.env, cwd=victim.repo)
    try:
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "capabilities": {}, "rootUri": victim.repo.as_uri(),
            "initializationOptions": {"ingestOnStartup": False}}}).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.write(b"Content-Length: %d\r\n\r\n{}" % 10 ** 12)
        proc.stdin.flush()
        said = next((line for line in proc.stderr if b"over the limit" in line), None)  # or the end: it quit
        assert said is not None and proc.poll() is None, said
        proc.stdin.close()  # the stream ends inside the frame: the server stops as at any end of its input
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        proc.wait()

"""Attack round 8, `lore mcp` (a real server on stdio; the official SDK's client, or raw lines where the SDK's
client cannot send them): malformed JSON-RPC, arguments that are not text, huge and deeply nested arguments,
NULs and controls in arguments, many calls at once.

Found: (1) a line the SDK's transport cannot read as a message — a request whose arguments hold a lone UTF-16
surrogate (`"\\ud800"`: valid JSON, not text), `params` that is not an object, a `method` that is not a
string, a batch, a line cut short — was dropped without a reply, so the client waited for ever; now each
whose id can be read is answered with a JSON-RPC error (Parse error / Invalid Request) naming what is wrong,
and nothing of it runs. (2) `lore_check` with a path holding a NUL failed as `internal` (a traceback in the
log); now `bad-path`. Held: the rest (below)."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import subprocess
import threading

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from .clone import ROOT, lore_cmd


def _env(victim) -> dict[str, str]:
    return {**victim.env, "PYTHONPATH": str(ROOT / "server"), "LORE_MCP_INGEST": "0",
            "PATH": os.environ.get("PATH", "")}


def _params(victim) -> StdioServerParameters:
    cmd = lore_cmd()
    return StdioServerParameters(command=cmd[0], args=[*cmd[1:], "mcp"], cwd=str(victim.repo), env=_env(victim))


def _calls(victim, calls, *, timeout: float = 600):
    """Run ``calls(session)`` against a real `lore mcp` in the victim's clone."""

    async def run():
        async with stdio_client(_params(victim)) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            return await calls(session)

    return asyncio.run(asyncio.wait_for(run(), timeout))


def _reply(result) -> dict:
    return result.structured_content or json.loads(result.content[0].text)


class RawClient:
    """`lore mcp` driven line by line, for what the SDK's client will not send."""

    def __init__(self, victim) -> None:
        cmd = lore_cmd()
        self.proc = subprocess.Popen([*cmd, "mcp"], cwd=victim.repo, env=_env(victim), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(b) for b in self.proc.stdout], daemon=True).start()
        self.stderr: list[bytes] = []
        threading.Thread(target=lambda: self.stderr.extend(self.proc.stderr), daemon=True).start()
        self.send_json({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                   "clientInfo": {"name": "raw", "version": "1"}}})
        assert "result" in self.reply(0)
        self.send_json({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, line: str) -> None:
        self.proc.stdin.write(line.encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def send_json(self, obj) -> None:
        self.send(json.dumps(obj))

    def reply(self, rid, timeout: float = 300) -> dict:
        """The reply to ``rid`` (earlier replies to other ids are skipped); fails when none comes."""
        while True:
            line = self.lines.get(timeout=timeout)
            msg = json.loads(line)
            if msg.get("id") == rid:
                return msg

    def tool(self, rid: int, name: str, arguments: dict) -> dict:
        self.send_json({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                        "params": {"name": name, "arguments": arguments}})
        return self.reply(rid)["result"]["structuredContent"]

    def close(self) -> int:
        self.proc.stdin.close()
        return self.proc.wait(120)


# (raw line, the error code): valid JSON that is not text, not a JSON-RPC request MCP reads, or not JSON
UNREADABLE = [
    ('{"jsonrpc": "2.0", "id": ID, "method": "tools/call", "params": {"name": "lore_transact", "arguments": '
     '{"facts": "[[:decision/x :description \\"\\ud800\\"]]", "reason": "r"}}}', -32600),
    ('{"jsonrpc": "2.0", "id": ID, "method": "tools/call", "params": {"name": "lore_history", "arguments": '
     '{"entity": ":a/\\udfff"}}}', -32600),
    ('{"jsonrpc": "2.0", "id": ID, "method": 5}', -32600),
    ('{"jsonrpc": "2.0", "id": ID, "method": "tools/call", "params": "lore_sql"}', -32600),
    ('[{"jsonrpc": "2.0", "id": ID, "method": "tools/list"}]', -32600),
    ('{"jsonrpc": "2.0", "id": ID, "method": "tools/call", "params": {"name": "lore_sql", "arguments": ', -32700),
]


def test_a_line_the_sdk_cannot_read_is_answered_and_runs_nothing(victim):
    client = RawClient(victim)
    try:
        for n, (line, code) in enumerate(UNREADABLE, start=1):
            client.send(line.replace("ID", str(n)))
            error = client.reply(n, timeout=120)["error"]  # main: no reply ever came
            assert error["code"] == code and error["message"], (line, error)
        # what no reply can carry is dropped, said in the log: a notification, a line with no id, junk
        client.send("not json at all")
        client.send('{"jsonrpc": "2.0", "method": "notifications/x", "params": {"a": "\\ud800"}}')
        client.send('{"jsonrpc": "2.0", "id": "\\ud800", "method": "tools/list"}')
        assert client.tool(100, "lore_sql", {"sql": "SELECT count(*) AS n FROM tx"})["rows"] == [[0]]
        later = client.tool(101, "lore_transact", {"facts": '[[:decision/x :description "fine"]]', "reason": "r"})
        assert later["ok"] and later["tx"] == 1  # the surrogate's transaction wrote nothing
    finally:
        assert client.close() == 0
    assert b"Traceback" not in b"".join(client.stderr)


def test_a_check_of_a_path_with_a_nul_is_a_bad_path(victim):
    async def calls(session):
        nul = await session.call_tool("lore_check", {"paths": ["src/app.py\x00.txt"]})
        after = await session.call_tool("lore_check", {"paths": ["src/app.py"]})
        return _reply(nul), _reply(after)

    nul, after = _calls(victim, calls)
    assert nul["error"]["code"] == "bad-path", nul  # main: internal, ValueError: embedded null byte
    assert after["ok"], after


def test_hostile_arguments_are_clear_errors_and_write_nothing(victim):
    deep = 100_000
    cases = [
        ("lore_transact", {"facts": "[" * deep + "]" * deep, "reason": "r"}, "too-deep"),
        ("lore_transact", {"facts": "[[:a/b :c " + "{:d " * deep, "reason": "r"}, "too-deep"),
        ("lore_transact", {"facts": '[[:a/b\x00 :description "x"]]', "reason": "r"}, "bad-ident"),
        ("lore_transact", {"facts": '[[:a/b :description "x"]]', "reason": ""}, "missing-reason"),
        ("lore_transact", {"facts": '[[:a/b :description "x"]]'}, "bad-params"),
        ("lore_transact", {"facts": ['[[:a/b :description "x"]]'], "reason": "r"}, "bad-params"),
        ("lore_transact", {"facts": '[[:a/b :description "x"]]', "reason": "r", "validFrom": "\x00"},
         "bad-timestamp"),
        ("lore_transact", {"facts": '[[:a/b :description "' + "x" * 17_000_000 + '"]]', "reason": "r"},
         "too-large"),
        ("lore_query", {"query": "[:find ?e :where " + "(not " * 50_000 + "[?e :a ?v]" + ")" * 50_000 + "]"},
         "too-deep"),
        ("lore_finalize_turn", {"delta": "User: we decided to use postgres because it is reliable. " * 180_000},
         "too-large"),
        ("lore_finalize_turn", {"delta": "x", "facts": "[" * deep}, "too-deep"),
        ("lore_finalize_turn", {"delta": "x", "facts": [{"entity": ":a/b", "attribute": ":c", "value": [[1]]}]},
         "bad-params"),
        ("lore_finalize_turn", {"delta": "ok", "facts": '[[:decision/\x00 :description "x"]]'}, "bad-params"),
        ("lore_warnings", {"file": "src/app.py\x00"}, "bad-params"),
        ("lore_check", {"base": "HEAD\x00"}, "bad-base"),
        ("lore_ingest", {"branch": "ma\x00in"}, "bad-branch"),
        ("lore_ingest", {"repo": "/tmp\x00x"}, "bad-repo"),
    ]

    async def calls(session):
        out = []
        for name, args, _ in cases:
            out.append(_reply(await session.call_tool(name, args)))
        # a 10 MB question is answered (recall reads it), and the server answers the next call at once
        asked = _reply(await session.call_tool("lore_prepare_turn", {"message": "postgres decision " * 600_000}))
        count = _reply(await session.call_tool("lore_sql", {"sql": "SELECT count(*) AS n FROM tx"}))
        return out, asked, count

    out, asked, count = _calls(victim, calls)
    for (name, _args, code), reply in zip(cases, out, strict=True):
        assert not reply["ok"] and reply["error"]["code"] == code, (name, reply)
        assert len(reply["error"]["message"]) < 2_100
    assert asked["ok"]
    assert count["rows"] == [[0]]  # nothing half-written


def test_many_concurrent_writes_are_each_one_transaction_without_gaps(victim):
    n = 150

    async def calls(session):
        writes = [session.call_tool("lore_transact", {"facts": f'[[:decision/d{i} :description "d\x00{i}"]]',
                                                      "reason": f"r{i}\u202e"}) for i in range(n)]
        replies = [_reply(r) for r in await asyncio.gather(*writes)]
        rows = _reply(await session.call_tool("lore_sql", {"sql": "SELECT count(*) AS n, max(tx) AS m, "
                                                           "count(DISTINCT tx) AS d FROM tx"}))
        return replies, rows

    replies, rows = _calls(victim, calls)
    assert all(r["ok"] for r in replies), [r for r in replies if not r["ok"]][:3]
    assert sorted(r["tx"] for r in replies) == list(range(1, n + 1))
    assert rows["rows"] == [[n, n, n]]

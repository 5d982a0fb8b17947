"""How big `lore_prepare_turn`'s reply is to an agent over MCP, part by part: this checkout's code beside
another's (`--baseline CHECKOUT`, e.g. /work/main), on copies of one graph, in one run.

  python bench/mcp_reply.py --graph G.duckdb --repo WORK_TREE [--baseline /work/main] [--message TEXT …]

For each checkout, `lore mcp` (PYTHONPATH=CHECKOUT/server, the SDK's stdio client, ingestion on start-up off,
journal off) on its own copy of the graph answers each message once to warm up, then once measured:
- `result_bytes`: the tool result as the SDK serialises it onto the wire (JSON-RPC `result`);
- `text_bytes` / `structured_bytes`: its text content and its structured content, each as JSON;
- `parts`: the structured reply's keys, each one's JSON size; `warnings` / `facts`: how many;
- `ms` (wall, round trip) and the server's CPU for the call (from /proc).
`load` is `os.getloadavg()` before and after (the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

LORE = str(Path(sys.executable).with_name("lore"))
HERE = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")
MESSAGES = ("Should we keep traitlets for the configuration system?",
            "How do the terminal tests run, with pexpect?")


def proc_cpu_ms(pid: int) -> float:
    total = 0.0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) * 1000.0 / TICK
    except OSError:
        pass
    return total


def server_pid() -> int | None:
    me = os.getpid()
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == me:
                        return int(d)
            except OSError:
                continue
    return None


def size(x: object) -> int:
    return len(json.dumps(x, ensure_ascii=False, default=str).encode())


async def measure(checkout: Path, graph: Path, repo: Path, messages: list[str]) -> dict:
    with tempfile.TemporaryDirectory(prefix="mcp-reply-") as tmp:
        copy = Path(tmp) / "graph.duckdb"
        shutil.copyfile(graph, copy)
        params = StdioServerParameters(command=LORE, args=["mcp"], cwd=str(repo), env={
            "PYTHONPATH": str(checkout / "server"), "LORE_GRAPH_PATH": str(copy), "LORE_MCP_INGEST": "0",
            "LORE_JOURNAL": "0", "PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/root")})
        out = []
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            pid = server_pid()
            for message in messages:
                await session.call_tool("lore_prepare_turn", {"message": message})  # warm
                cpu0, t0 = proc_cpu_ms(pid) if pid else 0.0, time.perf_counter()
                result = await session.call_tool("lore_prepare_turn", {"message": message})
                ms = (time.perf_counter() - t0) * 1000
                cpu = (proc_cpu_ms(pid) - cpu0) if pid else None
                reply = result.structured_content or {}
                text = "".join(c.text for c in result.content if getattr(c, "type", "") == "text")
                out.append({
                    "message": message,
                    "result_bytes": len(result.model_dump_json(by_alias=True, exclude_none=True).encode()),
                    "text_bytes": len(text.encode()),
                    "structured_bytes": size(reply) if result.structured_content is not None else 0,
                    "parts": {k: size(v) for k, v in reply.items()},
                    "warnings": len(reply.get("warnings") or []), "facts": len(reply.get("facts") or []),
                    "ms": round(ms, 1), "server_cpu_ms": cpu})
        return {"checkout": str(checkout), "calls": out}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--graph", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--baseline")
    ap.add_argument("--message", action="append")
    args = ap.parse_args()
    messages = args.message or list(MESSAGES)
    load0 = os.getloadavg()
    runs = [asyncio.run(measure(HERE, Path(args.graph), Path(args.repo), messages))]
    if args.baseline:
        runs.append(asyncio.run(measure(Path(args.baseline), Path(args.graph), Path(args.repo), messages)))
    print(json.dumps({"runs": runs, "load": [load0, os.getloadavg()]}, indent=1))


if __name__ == "__main__":
    main()

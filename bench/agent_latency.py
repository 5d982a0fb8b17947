"""MCP and agent-hook latency: `lore mcp` driven by the SDK's client (lore_prepare_turn round trips), and the
wall time of `lore hook prepare` / `lore hook check` processes with and without a running owner.

  python bench/agent_latency.py --graph GRAPH [--repo REPO] [--n 200] [--hooks 20]

GRAPH is copied first (the bench never writes the original). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

LORE = str(Path(sys.executable).with_name("lore"))
QUESTIONS = [
    "what did we decide about caching?", "which database do we use and why?", "how is configuration loaded?",
    "why do we avoid global state in the shell?", "what is our policy on deprecations?",
    "which test runner do we use?", "how are magics registered?", "what did we reject for serialization?",
    "how should errors be reported to the user?", "why is the history stored in sqlite?",
]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))], 2)


async def mcp_latency(graph: Path, cwd: Path, n: int) -> dict:
    params = StdioServerParameters(command=LORE, args=["--graph", str(graph), "mcp"], cwd=str(cwd))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await session.call_tool("lore_prepare_turn", {"message": "warm up"})
        lat = []
        for i in range(n):
            t = time.perf_counter()
            r = await session.call_tool("lore_prepare_turn", {"message": QUESTIONS[i % len(QUESTIONS)]})
            lat.append((time.perf_counter() - t) * 1000)
            assert not r.is_error, r.content[0].text[:300]
        return {"n": n, "p50_ms": pct(lat, 50), "p95_ms": pct(lat, 95), "max_ms": round(max(lat), 2)}


def hook_wall(graph: Path, cwd: Path, hook: str, event: dict, runs: int) -> dict:
    lat = []
    env = {**os.environ, "LORE_GRAPH_PATH": str(graph)}
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.run([LORE, "hook", hook], input=json.dumps(event).encode(), capture_output=True, env=env,
                           cwd=cwd, timeout=300)
        lat.append((time.perf_counter() - t) * 1000)
        assert p.returncode == 0
    return {"runs": runs, "p50_ms": pct(lat, 50), "p95_ms": pct(lat, 95)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--graph", required=True)
    ap.add_argument("--repo", default=None, help="the work tree the graph is of (cwd of the processes)")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--hooks", type=int, default=20)
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="lore-mcp-bench-"))
    graph = tmp / "lore.duckdb"
    shutil.copy(a.graph, graph)
    cwd = Path(a.repo) if a.repo else tmp
    out: dict = {"graph": a.graph, "load_before": os.getloadavg()}
    out["mcp_prepare_turn"] = asyncio.run(mcp_latency(graph, cwd, a.n))
    prompt = {"hook_event_name": "UserPromptSubmit", "cwd": str(cwd), "prompt": QUESTIONS[0]}
    edit = {"hook_event_name": "PostToolUse", "cwd": str(cwd), "tool_name": "Edit",
            "tool_input": {"file_path": str(cwd / "setup.py")}}
    out["hook_prepare_no_owner"] = hook_wall(graph, cwd, "prepare", prompt, a.hooks)
    owner = subprocess.Popen([LORE, "--graph", str(graph), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=cwd)
    try:
        for line in owner.stderr:  # the owner says when it listens
            if b"listening" in line:
                break
        out["hook_prepare_with_owner"] = hook_wall(graph, cwd, "prepare", prompt, a.hooks)
        out["hook_check_with_owner"] = hook_wall(graph, cwd, "check", edit, a.hooks)
    finally:
        owner.stdin.close()
        owner.terminate()
        owner.wait(60)
    out["load_after"] = os.getloadavg()
    print(json.dumps(out))
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`lore mcp` ingests the work tree in the background when it starts (as `lore serve` does), and neither
`lore_check` nor an explicit `lore_ingest` with `wait` collides with that ingest (`ingest-running`): both
wait for it. Driven by the official SDK's client over stdio on a real git repository."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import stdio_client

from gitrepo import git

from .test_mcp_server import call

ROOT = Path(__file__).resolve().parents[2]
LORE_CMD = [sys.executable, "-m", "lore"]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "repo"
    (r / "src").mkdir(parents=True)
    git(r, "init", "-q", "-b", "main")
    for i in range(30):  # enough history that the start-up ingest is still running when the agent calls
        (r / "src" / f"m{i % 7}.py").write_text(f"import os\n\n\ndef f{i}():\n    return {i}\n")
        git(r, "add", "-A")
        git(r, "commit", "-q", "-m", f"step {i}")
    (r / "src" / "net.py").write_text("import json\n\n\ndef fetch_page(url):\n    return json.loads(url)\n")
    git(r, "add", "-A")
    git(r, "commit", "-q", "-m", "fetch pages")
    return r


async def _status_until(session: ClientSession, done, timeout: float = 120.0) -> dict:
    end = time.monotonic() + timeout
    while True:
        err, st = await call(session, "lore_ingest_status")
        assert not err, st
        if done(st) or time.monotonic() > end:
            return st
        await asyncio.sleep(0.2)


@pytest.mark.asyncio
async def test_the_repository_is_ingested_without_being_asked(repo: Path, mcp_server):
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        st = await _status_until(session, lambda s: s.get("status") == "complete" and s.get("history") == "complete")
        assert st["status"] == "complete" and st["history"] == "complete", st
        assert st["total"] == 31 and st["processed"] == 31, st


@pytest.mark.asyncio
async def test_check_and_a_waited_ingest_right_after_start_wait_for_it(repo: Path, mcp_server):
    (repo / "src" / "net.py").write_text("import json\nimport requests\n\n\ndef fetch_page(url):\n    return 1\n")
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        err, r = await call(session, "lore_check")
        assert not err and r["ok"], r
        err, r = await call(session, "lore_ingest", wait=True)
        assert not err and r["ok"] and r["status"] == "complete", r
        err, r = await call(session, "lore_transact", reason="no HTTP library",
                            facts='[[:decision/no-requests :rejects :module/requests]'
                                  ' [:decision/no-requests :description "No requests; urllib only"]]')
        assert not err, r
        err, r = await call(session, "lore_check")
        assert not err and [w["rule"] for w in r["warnings"]] == ["rejected_dependency"], r


@pytest.mark.asyncio
async def test_turned_off_it_stays_idle(repo: Path, mcp_server):
    async with stdio_client(mcp_server(repo, LORE_MCP_INGEST="0")) as (read, write), \
            ClientSession(read, write) as session:
        await session.initialize()
        err, st = await call(session, "lore_ingest_status")
        assert not err and st["status"] == "idle" and st["total_ingested"] == 0, st


@pytest.mark.asyncio
async def test_the_first_prepare_turn_waits_for_the_heads_code(tmp_path: Path, mcp_server):
    """An agent's first turn on a fresh clone comes right after `lore mcp` starts. It waited for nothing and
    answered an empty context, as if nothing in the repository bore on the question (user trial 9,
    serde-rs/json: 3.6 s for ""). It waits for the start-up ingest's head, as lore_check does."""
    r = tmp_path / "repo"
    (r / "src").mkdir(parents=True)
    git(r, "init", "-q", "-b", "main")
    for i in range(400):  # a head of some size: its ingest is still running when the agent's first call comes
        (r / "src" / f"mod{i}.py").write_text("".join(f"def helper_{i}_{j}(x):\n    return x + {j}\n\n\n"
                                                      for j in range(20)))
    (r / "src" / "net.py").write_text("import json\n\n\ndef fetch_page(url):\n    return json.loads(url)\n")
    # a teammate's decision, committed in the journal: it arrives with the head (SPEC §6)
    subprocess.run([*LORE_CMD, "transact", '[[:decision/no-httpx :description "No httpx: fetch_page stays on '
                    'urllib"] [:decision/no-httpx :rejects :module/httpx]]', "--reason", "one HTTP stack"],
                   cwd=r, env={**os.environ, "LORE_GRAPH_PATH": "", "PYTHONPATH": str(ROOT / "server")},
                   check=True, capture_output=True)
    for f in (r / ".lore").glob("lore.duckdb*"):
        shutil.rmtree(f) if f.is_dir() else f.unlink()  # a fresh clone: the journal, no graph
    git(r, "add", "-A")
    git(r, "commit", "-q", "-m", "fetch pages")
    async with stdio_client(mcp_server(r)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        err, reply = await call(session, "lore_prepare_turn", message="Where is fetch_page defined, and why not httpx?")
        assert not err and reply["ok"], reply
        assert "fetch_page" in reply["context"] and ":decision/no-httpx" in reply["context"], reply

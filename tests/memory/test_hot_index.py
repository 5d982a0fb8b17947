"""The token index held in memory by a resident graph (an owner): the same prepare-turn replies as DuckDB's
index gives, before and after writes of every kind, on the real-text recall set."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from memory_helpers import add_code, remember

from lore.memory import hot_index, linking, vectors
from lore.memory.turns import prepare_turn
from lore.store.txdata import parse_tx

ROOT = Path(__file__).resolve().parents[2]
LORE = str(Path(sys.executable).with_name("lore"))
DATA = ROOT / "bench" / "data" / "recall"
DATA2 = DATA.with_name("recall2")  # the second, blind set: 64 NATS and Dependency-Track ADRs, 137 questions
DATA3 = DATA.with_name("recall3")  # the third, blind set: 61 Jupyter JEPs and NumPy NEPs, 138 questions
DATA4 = DATA.with_name("recall4")  # the fourth, blind set: 113 Cloud Native Buildpacks RFCs, 150 questions


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def load_recall_set(graph, data: Path = DATA) -> list[str]:
    """The real ADR memories of a recall set (bench/data/recall: 67), written as a user would; returns its
    questions (101)."""
    facts = []
    for m in json.loads((data / "memories.json").read_text()):
        facts.append(f"[{m['entity']} :description {_q(m['description'])}]")
        if m.get("rationale"):
            facts.append(f"[{m['entity']} :rationale {_q(m['rationale'])}]")
        facts += [f"[{m['entity']} :rejects {r}]" for r in m.get("rejects", [])]
        if m.get("supersedes"):
            facts.append(f"[{m['entity']} :supersedes {m['supersedes']}]")
    remember(graph, "[" + " ".join(facts) + "]")
    linking.derive_links(graph)
    vectors.sync(graph, None)  # every vector now: a prepare-turn embeds only for a bounded time
    return [q["question"] for q in json.loads((data / "questions.json").read_text())]


def both(graph, question: str) -> tuple[dict, dict]:
    """prepare-turn's reply from DuckDB's index and from the one in memory."""
    graph.session.resident = False
    cold = prepare_turn(graph, question)
    graph.session.resident = True
    hot = prepare_turn(graph, question)
    graph.session.resident = False
    return cold, hot


def assert_same(graph, questions: list[str]) -> None:
    for question in questions:
        cold, hot = both(graph, question)
        assert json.dumps(hot, sort_keys=True, default=str) == json.dumps(cold, sort_keys=True, default=str), question


def test_the_same_replies_on_the_real_text_set(graph):
    add_code(graph, "src/registry.py", [("function", "push_image", 3), ("class", "Registry", 10)])
    add_code(graph, "src/backup.py", [("function", "nightly_backup", 1)])
    questions = load_recall_set(graph)
    assert_same(graph, questions + ["", "the", "push_image", "why?", "src/backup.py nightly_backup", "x" * 5000])
    hot = graph.session.peek(hot_index.HOT)
    assert hot is not None and hot.ready and hot.n_docs > 67


def test_the_same_replies_on_the_second_real_text_set(graph):
    # one project's memories (semantic-only and agreement admissions are common here)
    add_code(graph, "nats/js/client.py", [("function", "pull_subscribe", 3), ("class", "JetStreamContext", 10)])
    assert_same(graph, load_recall_set(graph, DATA2))


def test_the_same_replies_on_the_third_real_text_set(graph):
    # two projects' proposals (the kernel protocol's words recur in the code beside)
    add_code(graph, "ipykernel/kernelbase.py", [("function", "kernel_info_request", 3), ("class", "Kernel", 10)])
    assert_same(graph, load_recall_set(graph, DATA3))


def test_the_same_replies_on_the_fourth_real_text_set(graph):
    # one project's RFCs, twice as many memories, the same few words (buildpack, builder, lifecycle) everywhere
    add_code(graph, "pkg/client/build.go", [("function", "Build", 3), ("class", "BuildOptions", 10)])
    assert_same(graph, load_recall_set(graph, DATA4))


def test_writes_are_caught_up_without_a_rebuild(graph):
    add_code(graph, "src/cache.py", [("function", "warm_cache", 1)])
    remember(graph, '[[:decision/cache :description "warm the cache on deploy"]'
                    ' [:decision/db :description "use Postgres as the primary database"]]')
    questions = ["how do we warm the cache?", "which database?", "what about redis?", "sessions in memcached"]
    assert_same(graph, questions)
    hot = graph.session.peek(hot_index.HOT)
    built = hot.base
    # a new memory, a retraction, a supersession with a validity window, new code: each folded incrementally
    remember(graph, '[[:decision/redis :description "use Redis for sessions"]'
                    ' [:decision/redis :rationale "memcached lost sessions"]]')
    assert_same(graph, questions)
    graph.transact(parse_tx('[[:db/retract :decision/cache :description "warm the cache on deploy"]]'),
                   reason="wrong", source="cli")
    assert_same(graph, questions)
    graph.transact(parse_tx('[[:decision/mc :description "sessions in memcached after all" {:valid-from "2024-01-01"}]'
                            ' [:decision/mc :supersedes :decision/redis]]'), reason="change of mind", source="cli")
    assert_same(graph, questions)
    add_code(graph, "src/sessions.py", [("function", "redis_sessions", 4)])
    assert_same(graph, questions + ["redis_sessions"])
    # facts valid in several intervals (their timelines are held too), one current, one only in the past
    graph.transact(parse_tx('[[:decision/flags :description "feature flags in Consul" {:valid-from "2020-01-01" '
                            ':valid-to "2021-01-01"}] [:decision/flags :description "feature flags in Consul" '
                            '{:valid-from "2022-01-01"}] [:decision/gone :description "feature flags in Vault" '
                            '{:valid-from "2020-01-01" :valid-to "2021-01-01"}] [:decision/gone :description '
                            '"feature flags in Vault" {:valid-from "2022-01-01" :valid-to "2023-01-01"}]]'),
                   reason="windows", source="cli")
    assert_same(graph, questions + ["feature flags", "consul or vault?"])
    assert len(hot.timelines) >= 2
    assert hot.base is built and hot.delta is not None  # appended, never rebuilt
    assert graph.session.peek(hot_index.HOT) is hot


def test_a_resident_graph_answers_from_memory_until_a_write_begins(graph):
    """An owner's prepare-turn asks DuckDB whether anything was written only after a write began in it (a
    transaction, a batch of them, one rolled back); every reply is still the one DuckDB's index gives."""
    from lore.memory import index
    from lore.store.graph import TxSpec

    remember(graph, '[[:decision/db :description "use Postgres as the primary database"]]')
    questions = ["which database?", "what about redis?", "sessions in memcached"]
    marks = graph.session.get(index.MARKS)
    graph.session.resident = True
    prepare_turn(graph, "which database?")  # catches the index and links up (a write)
    prepare_turn(graph, "which database?")
    assert marks.fresh_at is not None and marks.fresh_at[0] == graph.tx_begun
    cached = marks.fresh_at
    prepare_turn(graph, "what about redis?")
    assert marks.fresh_at == cached
    remember(graph, '[[:decision/redis :description "use Redis for sessions"]]')
    assert graph.tx_begun > cached[0]
    assert "Redis for sessions" in prepare_turn(graph, "what about redis?")["context"]
    prepare_turn(graph, "what about redis?")
    assert marks.fresh_at is not None and marks.fresh_at[0] == graph.tx_begun
    with graph.atomic():  # a batch, as the journal applies one
        graph.apply_transactions([TxSpec(parse_tx('[[:decision/mc :description "sessions in memcached"]]'),
                                         "journal", "cli")])
    assert "sessions in memcached" in prepare_turn(graph, "sessions in memcached")["context"]
    try:
        with graph.write_tx("rolled back", "cli"):
            raise RuntimeError("abandon the write")
    except RuntimeError:
        pass
    prepare_turn(graph, "which database?")
    assert marks.fresh_at is None  # the rolled-back tx number is above the newest: DuckDB is asked each time
    graph.session.resident = False
    assert_same(graph, questions)


def test_a_one_shot_graph_never_builds_it(graph):
    remember(graph, '[[:decision/db :description "use Postgres"]]')
    prepare_turn(graph, "which database?")
    assert graph.session.peek(hot_index.HOT) is None


# ---------------------------------------------------------------- a real server's caches follow the graph

SERVER_ADRS = ('[[:decision/shield :description "Use AWS Shield Advanced for protection against DDoS attacks"]'
               ' [:decision/secrets :description "Use Secrets Manager for secrets storage"]'
               ' [:decision/secrets :rationale "rotation without redeploys"]'
               ' [:decision/backup :description "Back up production instances nightly using AWS Backup"]'
               ' [:decision/backup :rejects :module/cron]]')
SERVER_QUESTIONS = ["How are we defended from denial of service floods?", "where do secrets live and why?",
                    "Where do we keep the encryption keys?", "how are backups taken?", "fetch_page",
                    "what did we reject for backups?", "Do we use AWS Shield Advanced against DDoS attacks?"]
# What a reply says of the graph (``awaiting_embedding`` and ``code_history`` say what a process has caught up)
REPLY_KEYS = ("facts", "context", "composed", "warnings", "code")


def _repo(tmp_path: Path) -> Path:
    from gitrepo import commit_files

    return commit_files(tmp_path / "repo", {"src/net.py": "def fetch_page(url):\n    return url\n"}, "fetch pages")


async def _tool(session: Any, name: str, args: dict[str, Any]) -> dict[str, Any]:
    result = await session.call_tool(name, args)
    data = result.structured_content or json.loads(result.content[0].text)
    assert not result.is_error and data["ok"], data
    return data


def _graph_part(reply: dict[str, Any]) -> str:
    return json.dumps({k: reply.get(k) for k in REPLY_KEYS}, sort_keys=True, default=str)


ONE_SHOT = """
import json, sys
from lore import operations
from lore.store.graph import Graph
graph = Graph(sys.argv[1])
print(json.dumps([operations.run("prepareTurn", graph, {"message": q}) for q in json.loads(sys.argv[2])], default=str))
"""


def _one_shot(repo: Path, questions: list[str]) -> list[str]:
    """The replies of a one-shot process with no owner (DuckDB's index, the vectors read from their table), its
    questions embedded by onnxruntime as the server's are."""
    p = subprocess.run([sys.executable, "-c", ONE_SHOT, str(repo / ".lore" / "lore.duckdb"), json.dumps(questions)],
                       capture_output=True, cwd=repo, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT / "server"), "LORE_ENCODER": "onnx",
                            "LORE_JOURNAL": "0"})
    assert p.returncode == 0, p.stderr.decode()[-2000:]
    replies = json.loads(p.stdout.decode().strip().splitlines()[-1])
    assert all(r["ok"] and not r.get("awaiting_embedding") for r in replies), replies
    return [_graph_part(r) for r in replies]


@pytest.mark.asyncio
async def test_a_servers_prepare_turn_follows_writes_retractions_and_a_reopened_graph(tmp_path: Path):
    """An owner answers prepare-turn from memory (the index's columns and BM25 denominators, the vectors'
    matrix): a memory written is recalled by the next prepare-turn, on its words and on its
    meaning; one retracted is no longer current; and every reply is the one a one-shot process gives from
    DuckDB after the server is gone, and the one a server that reopens the graph gives."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    repo = _repo(tmp_path)
    params = StdioServerParameters(command=LORE, args=["mcp"], cwd=str(repo),
                                   env={"PYTHONPATH": str(ROOT / "server"), "LORE_GRAPH_PATH": "", "LORE_JOURNAL": "0"})
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await _tool(session, "lore_ingest", {"wait": True})
        await _tool(session, "lore_transact", {"facts": SERVER_ADRS, "reason": "adrs"})
        first = await _tool(session, "lore_prepare_turn", {"message": SERVER_QUESTIONS[0]})
        assert first["facts"][0]["entity"] == ":decision/shield", first  # on its meaning: no word shared
        for q in SERVER_QUESTIONS:
            await _tool(session, "lore_prepare_turn", {"message": q})  # the caches built and used
        # written now: the next prepare-turn finds it on its words and on its meaning
        await _tool(session, "lore_transact", {"facts": '[[:decision/kms :description "Keep encryption keys in '
                                                        'AWS KMS"]]', "reason": "keys"})
        reply = await _tool(session, "lore_prepare_turn", {"message": "Where do we keep the encryption keys?"})
        assert reply["facts"][0]["entity"] == ":decision/kms" and not reply["awaiting_embedding"], reply
        reply = await _tool(session, "lore_prepare_turn", {"message": "Which managed service holds our ciphers' "
                                                                      "master secrets?"})
        assert ":decision/kms" in [f["entity"] for f in reply["facts"]], reply
        # retracted: found on its words, no longer current
        await _tool(session, "lore_retract", {"facts": '[[:decision/shield :description "Use AWS Shield Advanced '
                                                       'for protection against DDoS attacks"]]', "reason": "gone"})
        reply = await _tool(session, "lore_prepare_turn", {"message": SERVER_QUESTIONS[-1]})
        shield = [f["status"] for f in reply["facts"] if f["entity"] == ":decision/shield"]
        assert shield and "current" not in shield, reply
        served = [_graph_part(await _tool(session, "lore_prepare_turn", {"message": q})) for q in SERVER_QUESTIONS]
    assert served == _one_shot(repo, SERVER_QUESTIONS)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()  # the graph reopened: caches built afresh from it
        reopened = [_graph_part(await _tool(session, "lore_prepare_turn", {"message": q})) for q in SERVER_QUESTIONS]
    assert reopened == served

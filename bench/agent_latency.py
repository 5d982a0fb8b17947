"""MCP and agent-hook latency: `lore mcp` driven by the SDK's client (lore_prepare_turn round trips), and
`lore hook prepare` / `lore hook check` processes with and without a running owner.

  python bench/agent_latency.py --graph GRAPH [--repo REPO] [--n 200] [--hooks 20]
  python bench/agent_latency.py --graph GRAPH --baseline CHECKOUT --after-writes 30

GRAPH is copied first (the bench never writes the original). Prints one JSON object. Every process it starts
inherits its environment: `PYTHONPATH=OTHER/server` measures another checkout's code with the same bench.

The machine is shared, so beside wall time every figure has its CPU time, which load does not inflate:
- MCP (`--baseline CHECKOUT`: that checkout's code in a second server beside this one's, run through
  CHECKOUT/.venv when it has one so it reads its own built-in rules, the same questions
  asked of both in turn, and how many replies were identical): distinct questions (the five recall sets', each once; `--repeat`: the ten below in turn), wall p50/p95/max
  and the `lore mcp` process's own CPU (user + system, all its threads, from /proc) per tool call, and
  the client's, p50/p95 over the calls (the server's per-call CPU is read around each call). The calls
  start once the server is idle (its start-up work on other threads, e.g. the hover index, would be
  counted in the first calls); the owner of the hook runs likewise.
- hooks: the hook process's CPU (getrusage of the child) and, with an owner, the owner's CPU spent on the
  forwarded call (from /proc, around the call): `cpu_total` is their sum, what one hook costs the machine.
  `owner_children_cpu_mean_ms`: what the owner's own subprocesses (git, for `check`) used per call, not in
  `cpu_total` (/proc counts it in 10 ms ticks, so only the mean over the runs is given).
- `--after-writes ROUNDS` (with `--baseline`): an agent's turns on servers in use, each round a memory written
  (lore_transact, every other one lore_finalize_turn with the agent's facts), the prepare-turn right after it
  (it waits for the write's derived work, links and rules: `settle`) and one more with no write between (the
  steady state): wall and server CPU of each beside the baseline's, and how many replies were identical.
- `cli_transact_no_owner`: a whole CLI write in one process (start-up, the write, links, rules).
- `python_start_floor`: this Python starting and doing nothing, the part of a hook that is not Lore's.
The goals (issue 15): MCP lore_prepare_turn p95 <= 20 ms; hooks with a running owner p95 <= 300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

LORE = str(Path(sys.executable).with_name("lore"))
# The hooks' prompts, and the MCP calls' questions with --repeat (ten, asked in turn).
QUESTIONS = [
    "what did we decide about caching?", "which database do we use and why?", "how is configuration loaded?",
    "why do we avoid global state in the shell?", "what is our policy on deprecations?",
    "which test runner do we use?", "how are magics registered?", "what did we reject for serialization?",
    "how should errors be reported to the user?", "why is the history stored in sqlite?",
]


def distinct_questions() -> list[str]:
    """Every question of the five recall sets (bench/data/recall*), in order, each once (661): what the MCP
    calls ask by default, so no call is answered by anything a process kept of an earlier identical one."""
    out: list[str] = []
    for d in sorted(Path(__file__).resolve().parent.glob("data/recall*")):
        out += [q["question"] for q in json.loads((d / "questions.json").read_text())]
    return list(dict.fromkeys(out))


TICK = os.sysconf("SC_CLK_TCK")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))], 2)


def summary(wall: list[float], **cpu: list[float]) -> dict:
    out = {"n": len(wall), "wall_p50_ms": pct(wall, 50), "wall_p95_ms": pct(wall, 95),
           "wall_max_ms": round(max(wall), 2)}
    for name, xs in cpu.items():
        out[f"{name}_p50_ms"] = pct(xs, 50)
        out[f"{name}_p95_ms"] = pct(xs, 95)
        out[f"{name}_max_ms"] = round(max(xs), 2)
        out[f"{name}_mean_ms"] = round(sum(xs) / len(xs), 2)  # steadier than a percentile for a comparison
    return out


def proc_cpu_fine_ms(pid: int) -> float:
    """The same from schedstat (nanoseconds, summed over the threads): fine enough for one call."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            continue  # a thread that ended meanwhile
    return total / 1e6


def cpu_by_thread(pid: int) -> dict[str, float]:
    """Each thread's CPU so far (ms, from schedstat), by thread id (Python does not name its threads for /proc)."""
    out: dict[str, float] = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                out[tid] = int(f.read().split()[0]) / 1e6
        except (FileNotFoundError, ProcessLookupError):
            continue
    return out


def wait_idle(pid: int, quiet_ms: float = 5.0, window: float = 0.5, limit: float = 120.0) -> None:
    """Until the process used under ``quiet_ms`` of CPU in ``window`` seconds: its start-up work (the hover
    index, the rules' catch-up) runs on its own threads and is not what a call costs."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        c0 = proc_cpu_fine_ms(pid)
        time.sleep(window)
        if proc_cpu_fine_ms(pid) - c0 < quiet_ms:
            return


def children_named(word: str) -> list[int]:
    """Our descendants whose command line holds ``word`` (the MCP server the SDK's client started)."""
    me, found, parents = os.getpid(), [], {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    parents[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    for pid in parents:
        p, seen = pid, 0
        while p in parents and p != me and seen < 50:
            p, seen = parents[p], seen + 1
        if p == me and pid != me:
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if word.encode() in f.read().split(b"\0"):
                        found.append(pid)
            except OSError:
                continue
    return found


async def mcp_latency(graph: Path, cwd: Path, n: int, questions: list[str]) -> dict:
    # this environment (the SDK's default passes only a few variables): PYTHONPATH runs another checkout's code
    params = StdioServerParameters(command=LORE, args=["--graph", str(graph), "mcp"], cwd=str(cwd),
                                   env=hook_env(graph))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await session.call_tool("lore_prepare_turn", {"message": "warm up"})
        (server,) = children_named("mcp")
        wait_idle(server)
        wall, server_cpu, client_cpu = [], [], []
        threads0 = cpu_by_thread(server)
        for i in range(n):
            s0, c0, t = proc_cpu_fine_ms(server), time.process_time(), time.perf_counter()
            r = await session.call_tool("lore_prepare_turn", {"message": questions[i % len(questions)]})
            wall.append((time.perf_counter() - t) * 1000)
            client_cpu.append((time.process_time() - c0) * 1000)
            server_cpu.append(proc_cpu_fine_ms(server) - s0)
            assert not r.is_error, r.content[0].text[:300]
        out = summary(wall, server_cpu=server_cpu, client_cpu=client_cpu)
        threads1 = cpu_by_thread(server)
        # where the server's CPU went, per call: each thread's mean, the busiest first (a thread that ended
        # meanwhile is missing)
        spent = sorted((v - threads0.get(k, 0.0) for k, v in threads1.items()), reverse=True)
        out["server_cpu_by_thread_mean_ms"] = [round(v / n, 3) for v in spent if v > 0.001 * n]
        out["distinct_questions"] = min(n, len(set(questions)))
        out["server_rss_mb"] = rss_mb(server)
        try:  # which recall the server ran (bm25+semantic: the embedding model loaded in the server)
            out["recall"] = (r.structured_content or {}).get("recall")
        except (ValueError, AttributeError, IndexError):
            out["recall"] = None
        try:  # what ran the embedding model in the server (onnxruntime or numpy; None before it was said)
            status = json.loads((await session.call_tool("lore_status", {})).content[0].text)
            out["semantic_runtime"] = status["memory"]["semantic"].get("runtime")
        except (ValueError, AttributeError, IndexError, KeyError, TypeError):
            out["semantic_runtime"] = None
        return out


async def start_servers(stack: Any, graphs: dict[str, tuple[Path, str | None]],
                        cwd: Path) -> dict[str, tuple[ClientSession, int]]:
    """One `lore mcp` per checkout (name -> its own copy of the graph, its server folder or None for this one),
    in ``stack``, each asked one warm-up turn: name -> (its client session, its process id)."""
    sessions: dict[str, tuple[ClientSession, int]] = {}
    for name, (graph, server_dir) in graphs.items():
        env = hook_env(graph)
        command = LORE
        if server_dir:
            env["PYTHONPATH"] = server_dir
            # The checkout's own venv when it has one: its editable install maps lore.builtin_rules to its own
            # rules/ (through this venv a baseline would read this checkout's rule files).
            own = Path(server_dir).parent / ".venv" / "bin" / "lore"
            command = str(own) if own.exists() else LORE
        before = set(children_named("mcp"))
        read, write = await stack.enter_async_context(stdio_client(StdioServerParameters(
            command=command, args=["--graph", str(graph), "mcp"], cwd=str(cwd), env=env)))
        session = await stack.enter_async_context(ClientSession(read, write))
        await session.initialize()
        await session.call_tool("lore_prepare_turn", {"message": "warm up"})
        (pid,) = set(children_named("mcp")) - before
        sessions[name] = (session, pid)
    return sessions


async def mcp_side_by_side(graphs: dict[str, tuple[Path, str | None]], cwd: Path, n: int,
                           questions: list[str], writes: int = 0) -> dict:
    """One `lore mcp` per checkout (name -> its own copy of the graph, its server folder or None for this
    one), all running at once; each question goes to every server in turn, the order rotating, so load
    drifts alike for all. Also counts the questions whose replies (facts, context, composed, warnings,
    code) were identical across the servers (but for the instant each wrote a --writes memory at). ``writes``: first, each server is sent that many turns of a
    server in use: a memory written (lore_transact), then a prepare-turn."""
    from contextlib import AsyncExitStack

    async with AsyncExitStack() as stack:
        sessions = await start_servers(stack, graphs, cwd)
        for session, _ in sessions.values():
            for i in range(writes):
                r = await session.call_tool("lore_transact", {"reason": "bench", "facts": (
                    f'[[:decision/bench-write-{i} :description "keep the build artefacts of branch {i} for '
                    f'{i % 7 + 1} days"]]')})
                assert not r.is_error, r.content[0].text[:300]
                await session.call_tool("lore_prepare_turn", {"message": f"how long are branch {i}'s artefacts kept?"})
        for _, pid in sessions.values():
            wait_idle(pid)
        names = list(sessions)
        wall: dict[str, list[float]] = {k: [] for k in names}
        cpu: dict[str, list[float]] = {k: [] for k in names}
        identical = 0
        for i in range(n):
            question = questions[i % len(questions)]
            replies = {}
            for name in names[i % len(names):] + names[:i % len(names)]:
                session, pid = sessions[name]
                s0, t = proc_cpu_fine_ms(pid), time.perf_counter()
                r = await session.call_tool("lore_prepare_turn", {"message": question})
                wall[name].append((time.perf_counter() - t) * 1000)
                cpu[name].append(proc_cpu_fine_ms(pid) - s0)
                assert not r.is_error, r.content[0].text[:300]
                reply = r.structured_content or {}
                for fact in reply.get("facts") or []:  # the instants of the memories --writes wrote differ
                    if isinstance(fact, dict) and str(fact.get("entity", "")).startswith(":decision/bench-write-"):
                        fact.pop("valid_from", None)
                replies[name] = json.dumps({k: reply.get(k) for k in ("facts", "context", "composed", "warnings",
                                                                      "code")}, sort_keys=True)
            identical += len(set(replies.values())) == 1
        out: dict = {"distinct_questions": min(n, len(set(questions))), "identical_replies": identical,
                     "writes_before": writes}
        for name in names:
            out[name] = {**summary(wall[name], server_cpu=cpu[name]), "server_rss_mb": rss_mb(sessions[name][1])}
        return out


def _write_call(i: int) -> tuple[str, dict]:
    """The ``i``-th memory write of an agent's turn: a lore_transact, every other one a lore_finalize_turn with
    the agent's own facts (how an agent records what a turn settled)."""
    fact = (f'[[:decision/bench-write-{i} :description "keep the build artefacts of branch {i} for '
            f'{i % 7 + 1} days"]]')
    if i % 2:
        return "lore_finalize_turn", {"facts": fact}
    return "lore_transact", {"reason": "bench", "facts": fact}


async def mcp_after_writes(graphs: dict[str, tuple[Path, str | None]], cwd: Path, rounds: int,
                           questions: list[str]) -> dict:
    """An agent's turns on servers in use: each round, on every server in turn (the order rotating), one memory
    written (``_write_call``), then the prepare-turn right after it (asking of what was just written), then one
    more prepare-turn with no write between (a distinct question: the steady state). Each server has its own
    copy of the graph and its own checkout's code, as ``mcp_side_by_side``. Gives the turn-after-write and the
    steady turn's wall and server CPU, the write's, how many after-write replies held the memory just
    written, and how many replies were identical across the servers (but for the written memories' instants)."""
    from contextlib import AsyncExitStack

    async with AsyncExitStack() as stack:
        sessions = await start_servers(stack, graphs, cwd)
        for _, pid in sessions.values():
            wait_idle(pid)
        names = list(sessions)
        kinds = ("after_write", "steady", "write")
        wall = {k: {n: [] for n in names} for k in kinds}
        cpu = {k: {n: [] for n in names} for k in kinds}
        identical = {"after_write": 0, "steady": 0}
        saw_write = {n: 0 for n in names}

        async def timed(name: str, kind: str, tool: str, args: dict) -> dict:
            session, pid = sessions[name]
            s0, t = proc_cpu_fine_ms(pid), time.perf_counter()
            r = await session.call_tool(tool, args)
            wall[kind][name].append((time.perf_counter() - t) * 1000)
            cpu[kind][name].append(proc_cpu_fine_ms(pid) - s0)
            assert not r.is_error, r.content[0].text[:300]
            return r.structured_content or {}

        for i in range(rounds):
            replies: dict[str, dict[str, str]] = {"after_write": {}, "steady": {}}
            for name in names[i % len(names):] + names[:i % len(names)]:
                tool, args = _write_call(i)
                await timed(name, "write", tool, args)
                after = await timed(name, "after_write", "lore_prepare_turn",
                                    {"message": f"how long are branch {i}'s artefacts kept?"})
                saw_write[name] += f":decision/bench-write-{i}" in [f.get("entity") for f in after.get("facts") or []]
                steady = await timed(name, "steady", "lore_prepare_turn", {"message": questions[i % len(questions)]})
                for kind, reply in (("after_write", after), ("steady", steady)):
                    for fact in reply.get("facts") or []:  # the instants of the written memories differ
                        if isinstance(fact, dict) and str(fact.get("entity", "")).startswith(":decision/bench-write-"):
                            fact.pop("valid_from", None)
                    replies[kind][name] = json.dumps({k: reply.get(k) for k in ("facts", "context", "composed",
                                                                                "warnings", "code")}, sort_keys=True)
            for kind in identical:
                identical[kind] += len(set(replies[kind].values())) == 1
        out: dict = {"rounds": rounds, "identical_replies": identical}
        for name in names:
            out[name] = {kind: summary(wall[kind][name], server_cpu=cpu[kind][name]) for kind in kinds}
            out[name]["after_write_saw_the_write"] = saw_write[name]
            out[name]["server_rss_mb"] = rss_mb(sessions[name][1])
        return out


async def mcp_first_call(graph: Path, cwd: Path, catch_up: float) -> dict:
    """The first lore_prepare_turn of a server just started on the graph (no warm-up), as a user's first
    turn after opening a graph whose memories have no vectors yet; then one call a second for up to
    ``catch_up`` seconds while the server embeds in the background (its reply's ``awaiting_embedding``),
    until none await."""
    params = StdioServerParameters(command=LORE, args=["--graph", str(graph), "mcp"], cwd=str(cwd),
                                   env=hook_env(graph))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        (server,) = children_named("mcp")
        s0, t = proc_cpu_fine_ms(server), time.perf_counter()
        r = await session.call_tool("lore_prepare_turn", {"message": QUESTIONS[0]})
        out: dict = {"first_wall_ms": round((time.perf_counter() - t) * 1000, 1),
                     "first_server_cpu_ms": round(proc_cpu_fine_ms(server) - s0, 1)}
        assert not r.is_error, r.content[0].text[:300]
        out["first_awaiting_embedding"] = (r.structured_content or {}).get("awaiting_embedding")
        start, wall, cpu, awaiting = time.monotonic(), [], [], out["first_awaiting_embedding"]
        while awaiting and time.monotonic() - start < catch_up:
            await asyncio.sleep(1.0)
            s0, t = proc_cpu_fine_ms(server), time.perf_counter()
            r = await session.call_tool("lore_prepare_turn", {"message": QUESTIONS[len(wall) % len(QUESTIONS)]})
            wall.append((time.perf_counter() - t) * 1000)
            cpu.append(proc_cpu_fine_ms(server) - s0)
            awaiting = (r.structured_content or {}).get("awaiting_embedding")
        if wall:
            out["during_catch_up"] = {**summary(wall, call_cpu=cpu), "awaiting_at_end": awaiting,
                                      "seconds": round(time.monotonic() - start, 1)}
        return out


def rss_mb(pid: int) -> dict | None:
    """The process's resident set now (VmRSS) and at its peak (VmHWM), in MB."""
    try:
        with open(f"/proc/{pid}/status") as f:
            got = {k: int(v.split()[0]) / 1024 for k, v in (line.split(":", 1) for line in f) if k in ("VmRSS", "VmHWM")}
    except OSError:
        return None
    return {"rss": round(got.get("VmRSS", 0), 1), "peak": round(got.get("VmHWM", 0), 1)}


def hook_env(graph: Path) -> dict:
    # Bytecode is cached as after any install (pip compiles it): a PYTHONDONTWRITEBYTECODE=1 in the shell would
    # make every hook recompile the modules it imports.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # `lore mcp` ingests the work tree on start; on a graph older than the extractor's stamp that is a full
    # rebuild of the history, whose CPU would be counted into every call measured here: off unless asked.
    env.setdefault("LORE_MCP_INGEST", "0")
    return {**env, "LORE_GRAPH_PATH": str(graph)}


def interpreter_floor(runs: int) -> dict:
    """CPU of starting this venv's Python and doing nothing (site and the editable install's finder
    included): the part of a hook that is not Lore's."""
    cpu = []
    for _ in range(runs):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", "pass"], capture_output=True, env=hook_env(Path("/nonexistent")))
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000)
    return {"n": runs, "cpu_p50_ms": pct(cpu, 50), "cpu_p95_ms": pct(cpu, 95)}


def children_cpu_ms(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[13]) + int(fields[14])) * 1000 / TICK


def hook_runs(graph: Path, cwd: Path, hook: str, event: dict, runs: int, owner: int | None) -> dict:
    wall, hook_cpu, owner_cpu, total = [], [], [], []
    env = hook_env(graph)
    kids0 = children_cpu_ms(owner) if owner else 0.0
    for _ in range(runs):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        o0 = proc_cpu_fine_ms(owner) if owner else 0.0
        t = time.perf_counter()
        p = subprocess.run([LORE, "hook", hook], input=json.dumps(event).encode(), capture_output=True, env=env,
                           cwd=cwd, timeout=300)
        wall.append((time.perf_counter() - t) * 1000)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000
        hook_cpu.append(cpu)
        oc = (proc_cpu_fine_ms(owner) - o0) if owner else 0.0
        owner_cpu.append(oc)
        total.append(cpu + oc)
        assert p.returncode == 0
        assert not p.stderr.strip(), p.stderr.decode()[-2000:]
    out = summary(wall, hook_cpu=hook_cpu, **({"owner_cpu": owner_cpu, "cpu_total": total} if owner else {}))
    if owner:
        out["owner_children_cpu_mean_ms"] = round((children_cpu_ms(owner) - kids0) / runs, 1)
    out["printed"] = bool(p.stdout.strip())  # the last run gave the agent something
    return out


def cli_writes(graph: Path, cwd: Path, runs: int) -> dict:
    """`lore transact` with no owner: a whole CLI write (start-up, the write, links, rules) in one process."""
    wall, cpu = [], []
    for i in range(runs):
        facts = f'[[:decision/bench-{os.getpid()}-{i} :description "cache parsed rule checks between CLI runs"]]'
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        p = subprocess.run([LORE, "--graph", str(graph), "transact", facts, "--reason", "bench"], capture_output=True,
                           env=hook_env(graph), cwd=cwd, timeout=300)
        wall.append((time.perf_counter() - t) * 1000)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000)
        assert p.returncode == 0, p.stderr.decode()[-2000:]
    return summary(wall, cpu=cpu)


def main() -> int:
    os.environ["LORE_JOURNAL"] = "0"  # bench memories are never journaled into the repository they sit beside
    ap = argparse.ArgumentParser()
    ap.add_argument("--graph", required=True)
    ap.add_argument("--repo", default=None, help="the work tree the graph is of (cwd of the processes)")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--hooks", type=int, default=20)
    ap.add_argument("--check-file", default="setup.py", help="the file `lore hook check` is given")
    ap.add_argument("--skip-no-owner", action="store_true", help="skip the hooks without an owner (slow)")
    ap.add_argument("--mcp-only", action="store_true", help="only the MCP round trips")
    ap.add_argument("--baseline", default=None, metavar="CHECKOUT",
                    help="MCP only: also run CHECKOUT/server's code (e.g. /work/main) in a second server at the same "
                         "time, each question asked of both in turn")
    ap.add_argument("--writes", type=int, default=0,
                    help="with --baseline: first send each server this many turns of a memory written, then a prepare-turn")
    ap.add_argument("--after-writes", type=int, default=0, metavar="ROUNDS",
                    help="with --baseline: ROUNDS of an agent's turn on each server (a memory written, the prepare-turn "
                         "right after it, one more prepare-turn): turn-after-write and steady figures side by side")
    ap.add_argument("--repeat", action="store_true",
                    help="the MCP calls ask the hooks' ten questions in turn (before: the default), not distinct ones")
    ap.add_argument("--first-call", type=float, default=None, metavar="SECONDS",
                    help="only a fresh server's first prepare-turn, then one call a second for up to SECONDS while "
                         "it embeds memories in the background")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="lore-mcp-bench-"))
    graph = tmp / "lore.duckdb"
    shutil.copy(a.graph, graph)
    cwd = Path(a.repo) if a.repo else tmp
    out: dict = {"graph": a.graph, "load_before": os.getloadavg(), "cpus": os.cpu_count()}
    if a.first_call is not None:
        out["mcp_first_prepare_turn"] = asyncio.run(mcp_first_call(graph, cwd, a.first_call))
        print(json.dumps({**out, "load_after": os.getloadavg()}, indent=1))
        shutil.rmtree(tmp, ignore_errors=True)
        return 0
    questions = QUESTIONS if a.repeat else distinct_questions()
    if a.baseline:
        other = tmp / "baseline.duckdb"
        shutil.copy(a.graph, other)
        if a.after_writes:
            out["mcp_after_writes"] = asyncio.run(mcp_after_writes(
                {"this": (graph, None), "baseline": (other, str(Path(a.baseline) / "server"))}, cwd, a.after_writes,
                questions))
            print(json.dumps({**out, "baseline": a.baseline, "load_after": os.getloadavg()}, indent=1))
            shutil.rmtree(tmp, ignore_errors=True)
            return 0
        out["mcp_side_by_side"] = asyncio.run(mcp_side_by_side(
            {"this": (graph, None), "baseline": (other, str(Path(a.baseline) / "server"))}, cwd, a.n, questions,
            a.writes))
        print(json.dumps({**out, "baseline": a.baseline, "load_after": os.getloadavg()}, indent=1))
        shutil.rmtree(tmp, ignore_errors=True)
        return 0
    out["mcp_prepare_turn"] = asyncio.run(mcp_latency(graph, cwd, a.n, questions))
    if a.mcp_only:
        print(json.dumps({**out, "load_after": os.getloadavg()}, indent=1))
        shutil.rmtree(tmp, ignore_errors=True)
        return 0
    out["python_start_floor"] = interpreter_floor(a.hooks)
    prompt = {"hook_event_name": "UserPromptSubmit", "cwd": str(cwd), "prompt": QUESTIONS[0]}
    edit = {"hook_event_name": "PostToolUse", "cwd": str(cwd), "tool_name": "Edit",
            "tool_input": {"file_path": str(cwd / a.check_file)}}
    if not a.skip_no_owner:
        out["hook_prepare_no_owner"] = hook_runs(graph, cwd, "prepare", prompt, max(3, a.hooks // 4), None)
    out["cli_transact_no_owner"] = cli_writes(graph, cwd, max(3, a.hooks // 4))
    owner = subprocess.Popen([LORE, "--graph", str(graph), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=cwd)
    try:
        for line in owner.stderr:  # the owner says when it listens
            if b"listening" in line:
                break
        # one of each first: the owner's first check builds its working layer, its first prepare loads caches
        hook_runs(graph, cwd, "prepare", prompt, 1, owner.pid)
        hook_runs(graph, cwd, "check", edit, 1, owner.pid)
        wait_idle(owner.pid)
        out["hook_prepare_with_owner"] = hook_runs(graph, cwd, "prepare", prompt, a.hooks, owner.pid)
        out["hook_check_with_owner"] = hook_runs(graph, cwd, "check", edit, a.hooks, owner.pid)
    finally:
        owner.stdin.close()
        owner.terminate()
        owner.wait(60)
    out["load_after"] = os.getloadavg()
    out["goals"] = {"mcp_prepare_turn_p95_ms": "<= 20", "hook_with_owner_p95_ms": "<= 300"}
    print(json.dumps(out, indent=1))
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

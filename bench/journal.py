#!/usr/bin/env python3
"""Benchmark: the memory journal (docs/reference/journal.md).

    python bench/journal.py REPO [--memories 10000] [--writes 300] [--skip-rebuild]

REPO is a git repository (a bare mirror is fine): it is cloned into a temporary work tree. Prints one JSON
object:
  write      p50/p95 ms of a `transact` operation with the journal on and off (alternating, same graph), and
             the p50 difference (goal <= 2 ms);
  (journal_seconds is wall time; journal_cpu_seconds the CPU seconds of the step, this process and git:
  the figure that means something on a loaded machine)
  rebuild    N memories, one journal entry (one transaction) each, committed in one commit; then a
             fresh graph runs `ingest` over the whole repository: the journal step's seconds (goal <= 10 s
             beyond the ingest), the ingest's own seconds, and whether every memory came back with the same
             valid time;
  pull       100 new entries arrive in one new commit (as `git pull` brings them); the incremental `ingest`
             that follows: its journal step's seconds (goal <= 1 s) and its total seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "server"))

from lore import operations  # noqa: E402 - after the sys.path line that finds server/
from lore.store.graph import MAX_TX, Graph  # noqa: E402 - (the same)


def git(repo: Path, *args: str) -> str:
    p = subprocess.run(["git", "-C", str(repo), *args], capture_output=True)
    if p.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {p.stderr.decode()}")
    return p.stdout.decode()


def run(graph: Graph, op: str, **params):
    reply = operations.run(op, graph, params)
    reply.pop("_result", None)
    if not reply.get("ok"):
        raise SystemExit(f"{op} failed: {reply}")
    return reply


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 3)


def bench_write(work: Path, writes: int) -> dict:
    g = Graph(work / ".lore" / "write-bench.duckdb")
    on: list[float] = []
    off: list[float] = []
    on_cpu: list[float] = []
    off_cpu: list[float] = []
    try:
        for i in range(writes):
            order = ((True, on, on_cpu), (False, off, off_cpu))
            for journal, bucket, cpu in order if i % 2 else order[::-1]:
                params = {"facts": f'[[:decision/w{i}-{int(journal)} :description "write {i}"]]',
                          "reason": f"bench write {i}"}
                if not journal:
                    params["journal"] = False
                c, t = time.process_time(), time.perf_counter()
                reply = operations.run("transact", g, params)
                bucket.append((time.perf_counter() - t) * 1000)
                cpu.append((time.process_time() - c) * 1000)
                assert reply.get("ok"), reply
    finally:
        g.close()
    # Wall time on a shared machine is mostly waiting for a core; CPU time (this process, all its threads)
    # is the cost itself.
    return {"writes_each": writes, "on_p50_ms": pct(on, 0.5), "on_p95_ms": pct(on, 0.95),
            "off_p50_ms": pct(off, 0.5), "off_p95_ms": pct(off, 0.95),
            "overhead_p50_ms": round(statistics.median(on) - statistics.median(off), 3),
            "on_cpu_p50_ms": pct(on_cpu, 0.5), "off_cpu_p50_ms": pct(off_cpu, 0.5),
            "overhead_cpu_p50_ms": round(statistics.median(on_cpu) - statistics.median(off_cpu), 3),
            "goal_ms": 2.0}


def write_memories(work: Path, n: int, seed: int, prefix: str) -> dict[str, int]:
    """n memories, one journal entry (one transaction) each, written with the journal's own renderer and
    file writer (what a write's observer calls; n separate transacts would measure the write path again,
    bench_write does that); returns entity -> valid_from."""
    import uuid

    from lore.journal.entry import render
    from lore.journal.files import JournalDir
    from lore.store.txdata import parse_tx
    from lore.timeutil import now_micros, parse_instant

    rnd = random.Random(seed)
    expected: dict[str, int] = {}
    base = now_micros()
    with JournalDir(work, create=True) as jdir:
        for i in range(n):
            day = 1 + rnd.randrange(28)
            month = 1 + rnd.randrange(12)
            kind = rnd.choice(["decision", "constraint", "preference"])
            e = f":{kind}/{prefix}-{i}"
            ops = parse_tx(f'[[{e} :description "memory {i} about module {i % 97}"] [{e} :rationale "because {i}"]]')
            vf = parse_instant(f"2023-{month:02d}-{day:02d}")
            name, text = render(id=str(uuid.UUID(int=rnd.getrandbits(128), version=4)), instant=base + i,
                                author="bench@example.com", source=rnd.choice(["cli", "agent", "lsp"]),
                                reason=f"bench memory {i}", ops=ops, windows=[(vf, 2**62)] * len(ops))
            jdir.write_new(name, text)
            expected[e] = vf
    return expected


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--memories", type=int, default=10_000)
    ap.add_argument("--writes", type=int, default=300)
    ap.add_argument("--skip-rebuild", action="store_true")
    args = ap.parse_args()
    operations.load_features()
    os.environ.pop("LORE_JOURNAL", None)
    out: dict = {"repo": os.path.abspath(args.repo), "load_before": [round(x, 2) for x in os.getloadavg()]}
    with tempfile.TemporaryDirectory(prefix="lore-journal-bench-") as tmp:
        work = Path(tmp) / "work"
        t = time.perf_counter()
        subprocess.run(["git", "clone", "-q", args.repo, str(work)], check=True)
        git(work, "config", "user.email", "bench@example.com")
        git(work, "config", "user.name", "bench")
        git(work, "config", "commit.gpgsign", "false")
        out["clone_seconds"] = round(time.perf_counter() - t, 1)
        out["write"] = bench_write(work, args.writes)
        if args.skip_rebuild:
            print(json.dumps(out))
            return
        t = time.perf_counter()
        expected = write_memories(work, args.memories, 1, "m")
        out["rebuild"] = {"memories": args.memories, "write_seconds": round(time.perf_counter() - t, 1)}
        git(work, "add", ".lore/journal")
        git(work, "commit", "-qm", "journal: bench memories")
        g = Graph(work / ".lore" / "lore.duckdb")
        try:
            t = time.perf_counter()
            reply = run(g, "ingest", repo=str(work), wait=True)
            total = time.perf_counter() - t
            j = reply["journal"]
            got = dict(g.con.execute(
                f"SELECT e, valid_from FROM facts WHERE a = ':description' AND tx_to = {MAX_TX} "
                f"AND e LIKE '%/m-%' AND tx_from IN (SELECT tx FROM tx WHERE source = 'journal')").fetchall())
            out["rebuild"].update({
                "ingest_and_journal_seconds": round(total, 1), "journal_seconds": j["seconds"],
                "journal_cpu_seconds": j.get("cpu_seconds"),
                "applied": j["applied"], "refused": j["refused"], "commits": reply.get("commits"),
                "same_valid_times": got == expected, "goal_journal_seconds": 10.0})
            # A pull: one new commit carrying 100 entries written elsewhere.
            more = write_memories(work, 100, 2, "p")
            git(work, "add", ".lore/journal")
            git(work, "commit", "-qm", "journal: 100 more")
            t = time.perf_counter()
            reply = run(g, "ingest", repo=str(work), wait=True)
            total = time.perf_counter() - t
            j = reply["journal"]
            n = g.con.execute(f"SELECT count(*) FROM facts WHERE a = ':description' AND tx_to = {MAX_TX} "
                              f"AND e LIKE '%/p-%'").fetchone()[0]
            out["pull"] = {"entries": 100, "applied": j["applied"], "journal_seconds": j["seconds"],
                           "journal_cpu_seconds": j.get("cpu_seconds"),
                           "ingest_seconds": round(total, 3), "memories_present": n == len(more),
                           "goal_journal_seconds": 1.0}
        finally:
            g.close()
    try:
        out["load_average"] = os.getloadavg()
    except OSError:
        pass
    print(json.dumps(out))


if __name__ == "__main__":
    main()

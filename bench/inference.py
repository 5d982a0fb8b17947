"""Inference benchmark (issue 5). Prints one JSON object.

  write_latency      in-process write latency p50/p99 with inference off (no derivation) and on (the
                     derivation hands each write to a background InferenceScheduler, as the server does);
                     goal: on within 1.2x of off, p50 <= 5 ms. Also the CLI's synchronous mode for reference.
  fixpoint           1,000 writes through the scheduler on a 100k-fact graph: time from the last write until
                     every affected rule has run (and a check that a full re-derivation then changes nothing).
  full_rederivation  every rule from scratch on a graph with a repository ingested (--ingested GRAPH, e.g.
                     ipython/ipython ingested with `lore --graph G ingest REPO`); goal <= 10 s. Runs on a copy.

  python bench/inference.py [--facts 100000] [--writes 500] [--fixpoint-writes 1000] [--ingested G]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

import pyarrow as pa

from lore import operations
from lore.inference.engine import Engine
from lore.inference.ops import derivation
from lore.inference.scheduler import InferenceScheduler
from lore.store.graph import FACT_SCHEMA, MAX_TX, Graph
from lore.timeutil import FOREVER, now_micros


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def synthetic(graph: Graph, n_facts: int, seed: int = 7) -> int:
    """A graph of memories and code shaped like the seeds' vocabulary, bulk-loaded as one transaction."""
    rnd = random.Random(seed)
    rows: list[tuple] = []
    scale = max(1, n_facts // 100_000)
    n_srv, n_dec, n_mod, n_fn, n_commit = 2000 * scale, 2000 * scale, 4000 * scale, 8000 * scale, 2000 * scale
    t0 = now_micros() - 86_400_000_000

    def ref(e, a, v):
        rows.append((e, a, "k", v, None))

    def txt(e, a, v):
        rows.append((e, a, "s", v, None))

    def num(e, a, v):
        rows.append((e, a, "i", str(v), float(v)))

    for i in range(n_srv):
        s = f":service/s{i}"
        txt(s, ":description", f"service {i}")
        for j in rnd.sample(range(n_srv), 2):
            if j > i:
                ref(s, ":depends-on", f":service/s{j}")
        if rnd.random() < 0.5:
            ref(s, ":calls", f":service/s{rnd.randrange(n_srv)}")
            num(s, ":timeout-ms", rnd.randrange(100, 5000))
            num(s, ":processing-ms", rnd.randrange(100, 5000))
    for i in range(n_dec):
        d = f":decision/d{i}"
        txt(d, ":description", f"decision {i} about caching and auth")
        txt(d, ":tag", f"t{rnd.randrange(200)}")
        ref(d, ":governs", f":service/s{rnd.randrange(n_srv)}")
        if rnd.random() < 0.1:
            ref(d, ":rejects", f":module/ext{rnd.randrange(50)}")
        if rnd.random() < 0.2:
            ref(d, ":relates-to", f":function/f{rnd.randrange(n_fn)}")
        if i and rnd.random() < 0.3:
            ref(d, ":supersedes", f":decision/d{rnd.randrange(i)}")
        if rnd.random() < 0.2:
            ref(d, ":causes", f":problem/p{rnd.randrange(300)}")
        if rnd.random() < 0.2:
            ref(d, ":solves", f":problem/p{rnd.randrange(300)}")
    for i in range(n_commit):
        txt(f":commit/c{i}", ":date", "2024-%02d-%02dT10:00:00Z" % (1 + i % 12, 1 + i % 28))
    for i in range(n_mod):
        m = f":module/m{i}"
        ref(m, ":entity-type", ":type/module")
        txt(m, ":path", f"src/m{i}.py")
        for _ in range(2):
            ref(m, ":depends-on", f":module/m{rnd.randrange(n_mod)}")
        if rnd.random() < 0.05:
            ref(m, ":depends-on", f":module/ext{rnd.randrange(50)}")
    for i in range(n_fn):
        f = f":function/f{i}"
        ref(f, ":entity-type", ":type/function")
        txt(f, ":file", f"src/m{i % n_mod}.py")
        ref(f, ":modified-in", f":commit/c{rnd.randrange(n_commit)}")
        ref(f":module/m{i % n_mod}", ":contains", f)
    i = 0
    while len(rows) < n_facts:
        txt(f":note/n{i}", ":description", f"note {i}")
        i += 1
    rows = rows[:n_facts]
    with graph.lock:
        graph.con.execute("BEGIN TRANSACTION")
        tx, _ = graph.begin_tx("bench: synthetic graph", "ingest")
        first = graph.allocate_ids(len(rows))
        cols = list(zip(*rows))
        n = len(rows)
        table = pa.Table.from_arrays([
            pa.array(range(first, first + n), pa.int64()), pa.array(cols[0]), pa.array(cols[1]),
            pa.array(cols[2]), pa.array(cols[3]), pa.array(cols[4], pa.float64()),
            pa.array([t0] * n, pa.int64()), pa.array([FOREVER] * n, pa.int64()), pa.array([tx] * n, pa.int32()),
            pa.array([MAX_TX] * n, pa.int32()), pa.array([False] * n), pa.array([None] * n, pa.string()),
            pa.array([1.0] * n), pa.array([None] * n, pa.list_(pa.int64())),
        ], schema=FACT_SCHEMA)
        graph.insert_arrow(table)
        graph.con.execute("COMMIT")
    return len(rows)


def write(graph: Graph, edn: str):
    reply = operations.run("transact", graph, {"facts": edn, "reason": "bench"})
    assert reply["ok"], reply
    return reply.pop("_result")


def bench_latency(graph: Graph, n: int, n_srv: int) -> dict:
    rnd = random.Random(1)

    def edn(tag: str, i: int) -> str:
        a, b = rnd.randrange(n_srv), rnd.randrange(n_srv)
        return (f"[[:service/{tag}{i} :depends-on :service/s{a}] [:service/{tag}{i} :calls :service/s{b}] "
                f"[:service/{tag}{i} :description \"bench write {i}\"]]")

    for i in range(20):  # warm up caches and the first rule run
        derivation(graph, write(graph, edn("warm", i)))
    # Off and on alternate in blocks, each going first in turn, so the machine's load (shared cores) and
    # DuckDB's checkpoints fall on both alike.
    off: list[float] = []
    on: list[float] = []
    block = max(1, n // 10)
    k = 0

    def run_off(count: int) -> None:
        nonlocal k
        for _ in range(count):
            t = time.perf_counter()
            write(graph, edn("off", k))
            off.append((time.perf_counter() - t) * 1000)
            k += 1

    def run_on(count: int) -> None:
        nonlocal k
        sched = InferenceScheduler(graph, debounce=0.2, poll=None)
        try:
            for _ in range(count):
                t = time.perf_counter()
                derivation(graph, write(graph, edn("on", k)))  # hands off to the scheduler
                on.append((time.perf_counter() - t) * 1000)
                k += 1
            sched.flush(600)
        finally:
            sched.stop()

    b = 0
    while len(off) < n or len(on) < n:
        first, second = (run_off, run_on) if b % 2 == 0 else (run_on, run_off)
        for fn in (first, second):
            done = len(off) if fn is run_off else len(on)
            fn(min(block, n - done))
        b += 1
    sync = []
    for i in range(min(n, 50)):
        t = time.perf_counter()
        derivation(graph, write(graph, edn("sync", i)))  # the CLI: rules run before the command exits
        sync.append((time.perf_counter() - t) * 1000)
    return {
        "writes": n,
        "off": {"p50_ms": round(statistics.median(off), 3), "p99_ms": round(pct(off, 99), 3)},
        "on": {"p50_ms": round(statistics.median(on), 3), "p99_ms": round(pct(on, 99), 3)},
        "on_over_off_p50": round(statistics.median(on) / statistics.median(off), 3),
        "on_over_off_p99": round(pct(on, 99) / pct(off, 99), 3),
        "cli_sync_mode": {"writes": len(sync), "p50_ms": round(statistics.median(sync), 3),
                          "p99_ms": round(pct(sync, 99), 3)},
        "goal": "on within 1.2x of off; p50 <= 5 ms",
    }


def bench_fixpoint(graph: Graph, n: int, n_srv: int) -> dict:
    rnd = random.Random(2)
    Engine(graph).run()  # settled before the burst
    sched = InferenceScheduler(graph, debounce=0.2, poll=None)
    try:
        t0 = time.perf_counter()
        for i in range(n):
            a, b = rnd.randrange(n_srv), rnd.randrange(n_srv)
            derivation(graph, write(graph, f"[[:service/fx{i} :depends-on :service/s{a}] "
                                           f"[:service/s{a} :depends-on :service/s{b}]]"))
        t_last = time.perf_counter()
        done = sched.flush(600)
        t_fix = time.perf_counter()
        runs = sched.runs
    finally:
        sched.stop()
    check = Engine(graph).run(full=True)
    return {
        "writes": n, "write_seconds": round(t_last - t0, 3),
        "fixpoint_after_last_write_s": round(t_fix - t_last, 3), "total_s": round(t_fix - t0, 3),
        "scheduler_runs": runs, "reached": done,
        "full_rederivation_after_changed": {"inserted": check.inserted, "closed": check.closed},
    }


def add_memories(g: Graph, seed: int = 3) -> int:
    """Memories about the ingested code, so the code-aware rules have something to find: decisions linked
    to live and to deleted functions, decisions rejecting external packages the code imports, services."""
    rnd = random.Random(seed)
    def q(sql):
        return [r[0] for r in g.con.execute(sql).fetchall()]

    live = q(f"SELECT DISTINCT e FROM facts WHERE a = ':entity-type' AND v = ':type/function' AND tx_to = {MAX_TX} "
             f"AND valid_to > {now_micros()} ORDER BY e")
    gone = q(f"SELECT DISTINCT e FROM facts WHERE a = ':entity-type' AND v = ':type/function' AND tx_to = {MAX_TX} "
             f"AND valid_to <= {now_micros()} ORDER BY e")
    ext = q(f"SELECT DISTINCT v FROM facts WHERE a = ':depends-on' AND tx_to = {MAX_TX} AND v IN (SELECT e FROM facts "
            f"WHERE a = ':entity-type' AND v = ':type/external-dependency') ORDER BY v")
    facts = []
    for i, f in enumerate(rnd.sample(live, min(200, len(live)))):
        facts.append(f'[:decision/live{i} :description "decision {i} about {f}"] [:decision/live{i} :relates-to {f}]')
    for i, f in enumerate(rnd.sample(gone, min(100, len(gone)))):
        facts.append(f'[:decision/old{i} :description "old decision {i}"] [:decision/old{i} :relates-to {f}]')
    for i, m in enumerate(rnd.sample(ext, min(10, len(ext)))):
        facts.append(f'[:decision/no{i} :description "do not use {m}"] [:decision/no{i} :rejects {m}]')
    for i in range(300):
        facts.append(f"[:service/s{i} :depends-on :service/s{rnd.randrange(300)}] [:decision/live{i % 200} :tag \"t{i % 30}\"]")
    reply = operations.run("transact", g, {"facts": "[" + " ".join(facts) + "]", "reason": "bench memories"})
    assert reply["ok"], reply
    return reply["asserted"]


def bench_full(path: str) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="lore-bench-inf-"))
    copy = tmp / "g.duckdb"
    shutil.copy(path, copy)
    wal = Path(path + ".wal")
    if wal.exists():
        shutil.copy(wal, str(copy) + ".wal")
    try:
        g = Graph(copy)
        memories = add_memories(g)
        facts = g.con.execute(f"SELECT count(*) FROM facts WHERE tx_to = {MAX_TX}").fetchall()[0][0]
        t = time.perf_counter()
        first = Engine(g).run(full=True)
        n_warn = g.con.execute(f"SELECT rule, count(*) FROM facts WHERE tx_to = {MAX_TX} AND inferred "
                               f"GROUP BY rule ORDER BY rule").fetchall()
        first_s = time.perf_counter() - t
        t = time.perf_counter()
        again = Engine(g).run(full=True)
        again_s = time.perf_counter() - t
        g.close()
        return {"graph": path, "current_facts": facts, "memories_added": memories, "seconds": round(first_s, 3),
                "inserted": first.inserted, "conclusions_by_rule": dict(n_warn), "rule_seconds": first.rule_seconds,
                "errors": [e.to_json() for e in first.errors],
                "unchanged_rerun_seconds": round(again_s, 3), "unchanged_rerun_writes": again.inserted + again.closed,
                "goal_s": 10}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--facts", type=int, default=100_000)
    ap.add_argument("--writes", type=int, default=500)
    ap.add_argument("--fixpoint-writes", type=int, default=1000)
    ap.add_argument("--ingested", help="a graph with a repository ingested (e.g. ipython/ipython)")
    args = ap.parse_args()
    out: dict = {"benchmark": "inference"}
    with tempfile.TemporaryDirectory(prefix="lore-bench-inf-") as d:
        g = Graph(Path(d) / "g.duckdb")
        t = time.perf_counter()
        n = synthetic(g, args.facts)
        out["base_graph"] = {"facts": n, "load_s": round(time.perf_counter() - t, 3)}
        t = time.perf_counter()
        first = Engine(g).run()
        out["base_graph"]["first_derivation_s"] = round(time.perf_counter() - t, 3)
        out["base_graph"]["inferred_rows"] = first.inserted
        n_srv = 2000 * max(1, args.facts // 100_000)
        out["write_latency"] = bench_latency(g, args.writes, n_srv)
        out["fixpoint"] = bench_fixpoint(g, args.fixpoint_writes, n_srv)
        g.close()
    if args.ingested:
        out["full_rederivation"] = bench_full(args.ingested)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

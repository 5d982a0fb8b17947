"""Store benchmark (issue 2): bulk load through Arrow, as-of point lookups, small transactions,
side by side with minigraf 2.0.11 on the same facts and the same point query. Prints one JSON object.

usage: python bench/store.py [--facts 1000000] [--minigraf-facts N] [--lookups 300] [--tx 200]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from lore.store.graph import FACT_SCHEMA, MAX_TX, Graph
from lore.store.txdata import parse_tx
from lore.timeutil import FOREVER, now_micros

ATTRS = 10


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def ms(x: float) -> float:
    return round(x * 1000, 3)


def fact_table(n: int, first_id: int, instant: int) -> pa.Table:
    ids = pa.array(range(first_id, first_id + n), pa.int64())
    ents = [f":bench/e{i // ATTRS}" for i in range(n)]
    attrs = [f":attr{i % ATTRS}" for i in range(n)]
    vals = [str(i) for i in range(n)]
    return pa.Table.from_arrays([
        ids, pa.array(ents), pa.array(attrs), pa.array(["i"] * n), pa.array(vals),
        pa.array([float(i) for i in range(n)], pa.float64()),
        pa.array([instant] * n, pa.int64()), pa.array([FOREVER] * n, pa.int64()),
        pa.array([1] * n, pa.int32()), pa.array([MAX_TX] * n, pa.int32()),
        pa.array([False] * n), pa.array([None] * n, pa.string()), pa.array([1.0] * n, pa.float64()),
        pa.array([None] * n, pa.list_(pa.int64())),
    ], schema=FACT_SCHEMA)


def bench_lore(n: int, lookups: int, txs: int, workdir: Path) -> dict:
    out: dict = {"facts": n}
    g = Graph(workdir / "lore.duckdb")
    t0 = time.perf_counter()
    g.con.execute("BEGIN TRANSACTION")
    tx, instant = g.begin_tx("bench load", "cli")
    t_build = time.perf_counter()
    table = fact_table(n, g.allocate_ids(n), instant)
    t_insert = time.perf_counter()
    g.insert_arrow(table)
    g.con.execute("COMMIT")
    g.con.execute("CHECKPOINT")
    t1 = time.perf_counter()
    out["load_s"] = round(t1 - t0, 3)
    out["load_arrow_build_s"] = round(t_insert - t_build, 3)
    out["load_insert_commit_checkpoint_s"] = round(t1 - t_insert, 3)
    out["load_rows_per_s"] = int(n / (t1 - t0))

    rng = random.Random(7)
    ents = [f":bench/e{rng.randrange(n // ATTRS)}" for _ in range(lookups)]
    now = now_micros()

    def lookup_times() -> list[float]:
        times = []
        for e in ents:
            s = time.perf_counter()
            rows = g.entity(e, valid_at=now, as_of=tx)
            times.append(time.perf_counter() - s)
            assert len(rows) == ATTRS, rows
        return times

    lookup_times()  # warm
    ts = lookup_times()
    out["point_lookup_unsorted_ms"] = {"p50": ms(pct(ts, 50)), "p95": ms(pct(ts, 95))}
    s = time.perf_counter()
    g.compact()
    out["compact_s"] = round(time.perf_counter() - s, 3)
    lookup_times()
    ts = lookup_times()
    out["point_lookup_ms"] = {"p50": ms(pct(ts, 50)), "p95": ms(pct(ts, 95))}

    times = []
    for i in range(txs):
        facts = " ".join(f'[:bench/t{i} :attr{k} "value {i} {k}"]' for k in range(10))
        ops = parse_tx(f"[{facts}]")
        s = time.perf_counter()
        g.transact(ops, reason="bench", source="cli")
        times.append(time.perf_counter() - s)
    out["transact_10_facts_ms"] = {"p50": ms(pct(times, 50)), "p99": ms(pct(times, 99))}
    times = []
    for i in range(txs):
        s = time.perf_counter()
        g.transact(parse_tx(f'[[:bench/t{i} :attr0 "changed {i}"]]'), reason="bench", source="cli")
        times.append(time.perf_counter() - s)
    out["transact_1_fact_on_1m_ms"] = {"p50": ms(pct(times, 50)), "p99": ms(pct(times, 99))}
    g.close()
    out["cold_point_query"] = cold_query(LORE_COLD.format(path=str(workdir / "lore.duckdb"), e=n // ATTRS // 2,
                                                           attrs=ATTRS))
    out["file_mb"] = round((workdir / "lore.duckdb").stat().st_size / 1e6, 1)
    return out


def cold_query(code: str) -> dict:
    """A fresh process opens the graph file and answers one point query (what each CLI call pays)."""
    import subprocess

    inner, wall = [], []
    for _ in range(3):
        s = time.perf_counter()
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={"PYTHONPATH": str(Path(__file__).resolve().parents[1] / "server")})
        wall.append(time.perf_counter() - s)
        if p.returncode != 0:
            return {"error": p.stderr[-300:]}
        inner.append(float(p.stdout.split()[0]))
    return {"open_and_query_ms": ms(statistics.median(inner)), "process_wall_ms": ms(statistics.median(wall))}


LORE_COLD = """
import time; t = time.perf_counter()
from lore.store.graph import Graph
g = Graph({path!r}); r = g.entity(':bench/e{e}'); assert len(r) == {attrs}; print(time.perf_counter() - t)"""
MINIGRAF_COLD = """
import time, json; t = time.perf_counter()
from minigraf import MiniGrafDb
db = MiniGrafDb.open({path!r}); r = json.loads(db.execute('(query [:find ?a ?v :where [:bench/e{e} ?a ?v]])'))
assert len(r['results']) == {attrs}; print(time.perf_counter() - t)"""


def bench_minigraf(n: int, lookups: int, workdir: Path) -> dict:
    try:
        from minigraf import MiniGrafDb
    except ImportError:
        return {"skipped": "pip install minigraf==2.0.11 (bench extra)"}
    out: dict = {"facts": n}
    db = MiniGrafDb.open(str(workdir / "minigraf.graph"))
    t0 = time.perf_counter()
    batch = 50_000
    for start in range(0, n, batch):
        facts = " ".join(f"[:bench/e{i // ATTRS} :attr{i % ATTRS} {i}]" for i in range(start, min(n, start + batch)))
        db.execute(f"(transact [{facts}])")
    db.checkpoint()
    out["load_s"] = round(time.perf_counter() - t0, 3)
    rng = random.Random(7)
    ents = [f":bench/e{rng.randrange(n // ATTRS)}" for _ in range(lookups)]
    times = []
    for e in ents:
        s = time.perf_counter()
        res = json.loads(db.execute(f"(query [:find ?a ?v :where [{e} ?a ?v]])"))
        times.append(time.perf_counter() - s)
        assert len(res["results"]) == ATTRS, res
    out["point_lookup_ms"] = {"p50": ms(pct(times, 50)), "p95": ms(pct(times, 95))}
    del db
    out["cold_point_query"] = cold_query(MINIGRAF_COLD.format(path=str(workdir / "minigraf.graph"),
                                                               e=n // ATTRS // 2, attrs=ATTRS))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--facts", type=int, default=1_000_000)
    ap.add_argument("--minigraf-facts", type=int, default=None, help="default: same as --facts")
    ap.add_argument("--lookups", type=int, default=300)
    ap.add_argument("--minigraf-lookups", type=int, default=20)
    ap.add_argument("--tx", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        lore = bench_lore(args.facts, args.lookups, args.tx, Path(d))
        mg = bench_minigraf(args.minigraf_facts or args.facts, args.minigraf_lookups, Path(d))
    result = {"benchmark": "store", "lore": lore, "minigraf": mg,
              "goals": {"load_1m_s": 3.0, "point_lookup_p50_ms": 3.0, "transact_10_p50_ms": 5.0,
                        "point_query_vs_minigraf": ">= 500x"}}
    if "point_lookup_ms" in mg and mg.get("facts") == lore["facts"]:
        result["point_lookup_ratio_minigraf_over_lore"] = round(
            mg["point_lookup_ms"]["p50"] / max(lore["point_lookup_ms"]["p50"], 1e-6), 1)
        result["load_ratio_minigraf_over_lore"] = round(mg["load_s"] / max(lore["load_s"], 1e-6), 2)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

"""Warnings read benchmark. Prints one JSON object.

One decision ``:rejects`` a package (``:module/os``) that N files import, so the rule rejected_dependency
stores N warnings, each anchored on an import. Measured: ``warnings(graph, file=<one file>)`` (what the
language server asks for every open document) and ``warnings(graph)`` (``lore warnings``), each the median
of --reps calls, on a graph that also holds --filler unrelated facts (an ingested repository is ~1M).
Goal: a per-file call costs about the same whatever N is; the all-files call grows with N, without a
query per warning.

  python bench/file_warnings.py [--sizes 10,1000,5000] [--filler 200000] [--reps 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

import pyarrow as pa

from lore.inference.engine import Engine
from lore.inference.warnings import warnings
from lore.store.graph import FACT_SCHEMA, MAX_TX, Graph
from lore.timeutil import FOREVER, now_micros

# The columns docs/ARCHITECTURE.md gives for ingestion's side tables.
LOCATION_TABLES = """
CREATE TABLE IF NOT EXISTS code_locations(entity VARCHAR, file VARCHAR, kind VARCHAR, name VARCHAR,
    qualified_name VARCHAR, line INTEGER, col INTEGER, end_line INTEGER, end_col INTEGER);
CREATE TABLE IF NOT EXISTS import_locations(module VARCHAR, target VARCHAR, spec VARCHAR, file VARCHAR,
    line INTEGER, col INTEGER, end_line INTEGER, end_col INTEGER);
"""


def build(graph: Graph, n_files: int, filler: int) -> None:
    """N modules importing os (+ one function each), the decision rejecting os, and filler notes."""
    rows: list[tuple] = []
    defs: list[tuple] = []
    imps: list[tuple] = []

    def add(e, a, vt, v):
        rows.append((e, a, vt, v))

    add(":module/os", ":entity-type", "k", ":type/external-dependency")
    add(":decision/no-os", ":rejects", "k", ":module/os")
    add(":decision/no-os", ":description", "s", "shell out through the sandbox, never os")
    for i in range(n_files):
        path = f"pkg/m{i}.py"
        mod, fn = f":module/pkg-m{i}-py", f":function/pkg-m{i}-py-run"
        add(mod, ":entity-type", "k", ":type/module")
        add(mod, ":path", "s", path)
        add(mod, ":depends-on", "k", ":module/os")
        add(mod, ":contains", "k", fn)
        add(fn, ":entity-type", "k", ":type/function")
        add(fn, ":file", "s", path)
        defs.append((fn, path, "function", "run", "run", 3, 0, 5, 0))
        imps.append((mod, ":module/os", "os", path, 1, 0, 1, 9))
    for i in range(filler):
        add(f":note/n{i}", ":description", "s", f"note {i}")
    t0 = now_micros() - 86_400_000_000
    n = len(rows)
    cols = list(zip(*rows))
    with graph.lock:
        graph.con.execute(LOCATION_TABLES)
        graph.con.execute("BEGIN TRANSACTION")
        tx, _ = graph.begin_tx("bench: modules importing a rejected package", "ingest")
        first = graph.allocate_ids(n)
        graph.insert_arrow(pa.Table.from_arrays([
            pa.array(range(first, first + n), pa.int64()), pa.array(cols[0]), pa.array(cols[1]),
            pa.array(cols[2]), pa.array(cols[3]), pa.array([None] * n, pa.float64()),
            pa.array([t0] * n, pa.int64()), pa.array([FOREVER] * n, pa.int64()), pa.array([tx] * n, pa.int32()),
            pa.array([MAX_TX] * n, pa.int32()), pa.array([False] * n), pa.array([None] * n, pa.string()),
            pa.array([1.0] * n), pa.array([None] * n, pa.list_(pa.int64())),
        ], schema=FACT_SCHEMA))
        for name, data in (("code_locations", defs), ("import_locations", imps)):
            c = list(zip(*data))
            graph.con.register("_bench_locs", pa.table({f"c{k}": list(col) for k, col in enumerate(c)}))
            graph.con.execute(f"INSERT INTO {name} SELECT * FROM _bench_locs")
            graph.con.unregister("_bench_locs")
        graph.con.execute("COMMIT")
        Engine(graph).run(full=True)


def timed(fn, reps: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(reps):
        t = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t) * 1000)
    return round(statistics.median(times), 2), result


def bench_size(n_files: int, filler: int, reps: int) -> dict:
    with tempfile.TemporaryDirectory() as d:
        graph = Graph(Path(d) / ".lore" / "lore.duckdb")
        try:
            t = time.perf_counter()
            build(graph, n_files, filler)
            setup_s = round(time.perf_counter() - t, 2)
            one = f"pkg/m{n_files // 2}.py"
            file_ms, per_file = timed(lambda: warnings(graph, one), reps)
            all_ms, every = timed(lambda: warnings(graph), reps)
            same = per_file == [w for w in every if w.get("file") == one]
            return {"files": n_files, "warnings": len(every), "file_warnings": len(per_file),
                    "per_file_ms": file_ms, "all_files_ms": all_ms, "per_file_matches_all": same,
                    "setup_s": setup_s}
        finally:
            graph.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10,1000,5000")
    ap.add_argument("--filler", type=int, default=200_000)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    out = {"filler_facts": args.filler, "reps": args.reps,
           "results": [bench_size(n, args.filler, args.reps) for n in sizes]}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

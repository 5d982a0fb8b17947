"""Benchmark: window functions in Datalog vs the same windows written by hand as DuckDB SQL.

Prints one JSON object: for each workload lore_ms (parse + compile + run + decode, median), sql_ms (the
hand-written SQL, fetched, median), ratio (lore/sql) and rows. Data: bench/query.py's people (10
attributes per entity; 100k facts by default).

    .venv/bin/python bench/windows.py               # 100k facts
    .venv/bin/python bench/windows.py --facts 1000000
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from lore.query.api import run_query
from lore.store.graph import Graph
from lore.timeutil import now_micros
from query import NOW_FILTER, load, median_ms, people  # bench/query.py

JOIN = ("FROM facts d JOIN facts g ON g.e = d.e WHERE d.a = ':dept' AND g.a = ':age' "
        "AND {fd} AND {fg}")

WORKLOADS = {
    "running_sum_per_partition": (
        "[:find ?p ?d ?a (sum ?a :over (:partition-by ?d :order-by ?a)) :where [?p :dept ?d] [?p :age ?a]]",
        "SELECT d.e, d.v, g.vn, sum(CAST(g.v AS BIGINT)) OVER (PARTITION BY d.v ORDER BY g.vn) " + JOIN),
    "rank_per_partition_desc": (
        "[:find ?p ?d (rank :over (:partition-by ?d :order-by ?a :desc)) :with ?a "
        ":where [?p :dept ?d] [?p :age ?a]]",
        "SELECT d.e, d.v, rank() OVER (PARTITION BY d.v ORDER BY g.vn DESC) " + JOIN),
    "row_number_whole_set": (
        "[:find ?p ?a (row-number :over (:order-by ?a)) :where [?p :age ?a]]",
        "SELECT g.e, g.vn, row_number() OVER (ORDER BY g.vn, g.e) FROM facts g WHERE g.a = ':age' AND {fg}"),
    "lag_per_partition": (
        "[:find ?p ?d ?a (lag ?a :over (:partition-by ?d :order-by ?a)) :where [?p :dept ?d] [?p :age ?a]]",
        "SELECT d.e, d.v, g.vn, lag(g.vn) OVER (PARTITION BY d.v ORDER BY g.vn, d.e) " + JOIN),
    "dense_rank_and_avg": (
        "[:find ?p ?d ?a (dense-rank :over (:partition-by ?d :order-by ?a)) "
        "(avg ?a :over (:partition-by ?d :order-by ?a)) :where [?p :dept ?d] [?p :age ?a]]",
        "SELECT d.e, d.v, g.vn, dense_rank() OVER w, avg(g.vn) OVER w " + JOIN
        + " WINDOW w AS (PARTITION BY d.v ORDER BY g.vn)"),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--facts", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        g = Graph(Path(d) / "g.duckdb")
        load(g, people(args.facts))
        t = now_micros()
        f = {k: NOW_FILTER.format(t=t).replace("tx_to", f"{k}.tx_to").replace("valid_", f"{k}.valid_")
             for k in ("d", "g")}
        out: dict = {"facts": g.con.execute("SELECT count(*) FROM facts").fetchone()[0], "runs": args.runs,
                     "load": os.getloadavg()[0], "workloads": {}}
        for name, (dl, sql) in WORKLOADS.items():
            sql = sql.format(fd=f["d"], fg=f["g"])
            rows = len(run_query(g, dl)["results"])
            sql_rows = len(g.con.execute(sql).fetchall())
            lore_ms = median_ms(lambda dl=dl: run_query(g, dl), args.runs)
            sql_ms = median_ms(lambda sql=sql: g.con.execute(sql).fetchall(), args.runs)
            out["workloads"][name] = {"lore_ms": lore_ms, "sql_ms": sql_ms, "ratio": round(lore_ms / sql_ms, 2),
                                      "rows": rows, "sql_rows": sql_rows}
        g.close()
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

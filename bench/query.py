"""Benchmark: Lore's Datalog engine vs minigraf 2.0.11, plus hand-written SQL of the same queries.

Prints one JSON object. Each workload reports lore_ms (parse + compile + run + decode, median), sql_ms
(the same query written by hand as DuckDB SQL, median), compiler_overhead (lore/sql), minigraf_ms and
ratio (minigraf/lore). minigraf runs in a child process with a time limit; a run that does not finish
is reported as {"timeout_s": N}.

    .venv/bin/python bench/query.py                 # full size (1M facts, 100k-node DAG)
    .venv/bin/python bench/query.py --scale 0.01    # quick
    .venv/bin/python bench/query.py --no-minigraf
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

import pyarrow as pa

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from lore.query.api import run_query
from lore.query.rules import register
from lore.store.graph import FACT_SCHEMA, MAX_TX, Graph
from lore.timeutil import FOREVER

NOW_FILTER = "tx_to = 2147483647 AND valid_from <= {t} AND valid_to > {t}"


def median_ms(fn, runs: int) -> float:
    fn()  # warm: first run pays for page cache and plan caches
    xs = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        xs.append((time.perf_counter() - t) * 1000)
    return round(statistics.median(xs), 3)


# ------------------------------------------------------------------ data

def load(graph: Graph, facts: list[tuple[str, str, str, str]]) -> None:
    """Bulk-load (e, a, vt, v) as current facts valid since 1970 in one transaction."""
    n = len(facts)
    first = graph.allocate_ids(n)
    cols = list(zip(*facts)) if facts else [[], [], [], []]
    vn = [float(v) if vt == "i" else None for vt, v in zip(cols[2], cols[3])]
    table = pa.Table.from_arrays([
        pa.array(range(first, first + n), pa.int64()), pa.array(cols[0], pa.string()),
        pa.array(cols[1], pa.string()), pa.array(cols[2], pa.string()), pa.array(cols[3], pa.string()),
        pa.array(vn, pa.float64()), pa.array([0] * n, pa.int64()), pa.array([FOREVER] * n, pa.int64()),
        pa.array([1] * n, pa.int32()), pa.array([MAX_TX] * n, pa.int32()), pa.array([False] * n, pa.bool_()),
        pa.array([None] * n, pa.string()), pa.array([1.0] * n, pa.float64()),
        pa.array([None] * n, pa.list_(pa.int64())),
    ], schema=FACT_SCHEMA)
    graph.con.execute("BEGIN TRANSACTION")
    graph.begin_tx("bench load", "ingest")
    graph.insert_arrow(table)
    graph.con.execute("COMMIT")


def people(n_facts: int, seed: int = 1) -> list[tuple[str, str, str, str]]:
    """Entities with 10 attributes each: name, dept (ref), manager (ref), age, role, 5 fillers."""
    rnd = random.Random(seed)
    n = max(1, n_facts // 10)
    out = []
    roles = [":role/admin", ":role/owner", ":role/guest", ":role/dev"]
    for i in range(n):
        e = f":p/{i}"
        out += [(e, ":name", "s", f"person {i}"), (e, ":dept", "k", f":dept/d{i % 100}"),
                (e, ":manager", "k", f":p/{rnd.randrange(n)}"), (e, ":age", "i", str(20 + i % 50)),
                (e, ":role", "k", roles[i % 4])]
        if i % 10 == 0:
            out.append((e, ":banned", "b", "true"))
        else:
            out.append((e, ":note", "s", f"n{i}"))
        out += [(e, f":f{k}", "s", f"v{i}-{k}") for k in range(4)]
    return out


def chain(n: int) -> list[tuple[str, str, str, str]]:
    return [(f":c/{i}", ":next", "k", f":c/{i + 1}") for i in range(n)]


def dag(nodes: int, edges: int, seed: int = 7, band: int | None = None) -> list[tuple[str, str, str, str]]:
    """A random DAG: edges a -> b with a < b, b uniform above a (or within ``band`` of it, which makes the
    graph hundreds of levels deep, like long dependency chains)."""
    rnd = random.Random(seed)
    seen = set()
    out = []
    while len(out) < edges:
        a = rnd.randrange(nodes - 1)
        b = rnd.randrange(a + 1, nodes if band is None else min(nodes, a + 1 + band))
        if (a, b) not in seen:
            seen.add((a, b))
            out.append((f":n/{a}", ":depends-on", "k", f":n/{b}"))
    return out


# ------------------------------------------------------------------ minigraf (child process)

MG_CHILD = r"""
import json, sys, time, statistics, minigraf
spec = json.load(open(sys.argv[1]))
db = minigraf.MiniGrafDb.open_in_memory()
t = time.perf_counter()
facts = spec["facts"]
def edn(vt, v):
    if vt == "s": return json.dumps(v)
    if vt == "b": return v
    return v
for i in range(0, len(facts), 5000):
    db.execute("(transact [" + " ".join(f"[{e} {a} {edn(vt, v)}]" for e, a, vt, v in facts[i:i+5000]) + "])")
load_s = time.perf_counter() - t
for r in spec["rules"]:
    db.execute("(rule " + r + ")")
out = {"load_s": round(load_s, 3)}
xs = []
n_rows = None
for _ in range(spec["runs"]):
    t = time.perf_counter()
    res = json.loads(db.execute("(query " + spec["query"] + ")"))
    xs.append((time.perf_counter() - t) * 1000)
    n_rows = len(res.get("results", []))
out["ms"] = round(statistics.median(xs), 3)
out["rows"] = n_rows
print(json.dumps(out))
"""


def minigraf(facts, query: str, rules: list[str], runs: int, timeout: float) -> dict:
    with tempfile.TemporaryDirectory() as d:
        spec = Path(d) / "spec.json"
        spec.write_text(json.dumps({"facts": facts, "query": query, "rules": rules, "runs": runs}))
        script = Path(d) / "child.py"
        script.write_text(MG_CHILD)
        try:
            p = subprocess.run([sys.executable, str(script), str(spec)], capture_output=True, text=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"timeout_s": timeout}
        if p.returncode != 0:
            return {"error": p.stderr.strip().splitlines()[-1][:300] if p.stderr.strip() else f"rc={p.returncode}"}
        return json.loads(p.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------ workloads

def workload(name: str, graph: Graph, facts, query: str, sql: str, sql_params: list, *, rules=(), mg_rules=(),
             runs: int, args) -> dict:
    if args.only and not any(name.startswith(p) for p in args.only.split(",")):
        return {"workload": name, "skipped": True}
    t_now = int(time.time() * 1e6)
    lore_rows = len(run_query(graph, query)["results"])
    lore_ms = median_ms(lambda: run_query(graph, query), runs)
    hand = sql.replace("{NOW}", NOW_FILTER.format(t=t_now))
    sql_rows = len(graph.con.execute(hand, sql_params).fetchall())
    sql_ms = median_ms(lambda: graph.con.execute(hand, sql_params).fetchall(), runs)
    out = {"workload": name, "facts": len(facts), "rows": lore_rows, "sql_rows": sql_rows,
           "lore_ms": lore_ms, "sql_ms": sql_ms, "compiler_overhead": round(lore_ms / sql_ms, 2) if sql_ms else None}
    if args.minigraf:
        mg = minigraf(facts, query, list(mg_rules), max(1, min(runs, 3)), args.minigraf_timeout)
        out["minigraf"] = mg
        if "ms" in mg:
            out["minigraf_ms"] = mg["ms"]
            out["ratio_minigraf_over_lore"] = round(mg["ms"] / lore_ms, 3) if lore_ms else None
            out["minigraf_rows"] = mg.get("rows")
    print(json.dumps(out), file=sys.stderr)
    return out


def fresh(d: str, name: str) -> Graph:
    return Graph(os.path.join(d, name + ".duckdb"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--no-minigraf", dest="minigraf", action="store_false")
    ap.add_argument("--minigraf-timeout", type=float, default=120.0)
    ap.add_argument("--only", default="", help="comma-separated workload prefixes to run, e.g. point,chain")
    ap.add_argument("--minigraf-max-facts", type=int, default=100_000,
                    help="skip minigraf above this many facts (it loads ~N facts/s; see the note)")
    args = ap.parse_args()
    s = args.scale
    results = []
    with tempfile.TemporaryDirectory() as d:
        # point query and 3-pattern join
        for n in sorted({int(10_000 * s), int(100_000 * s), int(1_000_000 * s)}):
            facts = people(n)
            g = fresh(d, f"people{n}")
            load(g, facts)
            ent = f":p/{(n // 10) // 2}"
            want_mg = args.minigraf and len(facts) <= args.minigraf_max_facts
            saved, args.minigraf = args.minigraf, want_mg
            r = workload(f"point {n}", g, facts, f"[:find ?a ?v :where [{ent} ?a ?v]]",
                         "SELECT DISTINCT a, vt, v FROM facts WHERE e = ? AND {NOW}", [ent], runs=args.runs, args=args)
            r["compacted"] = False
            results.append(r)
            g.compact()
            r = workload(f"point {n} compacted", g, facts, f"[:find ?a ?v :where [{ent} ?a ?v]]",
                         "SELECT DISTINCT a, vt, v FROM facts WHERE e = ? AND {NOW}", [ent], runs=args.runs, args=args)
            r["compacted"] = True
            r.pop("minigraf", None), r.pop("minigraf_ms", None), r.pop("ratio_minigraf_over_lore", None)
            if want_mg and results[-1].get("minigraf_ms"):
                r["minigraf_ms"] = results[-1]["minigraf_ms"]
                r["ratio_minigraf_over_lore"] = round(r["minigraf_ms"] / r["lore_ms"], 3)
            results.append(r)
            if n >= 100_000 * s:
                join_q = "[:find ?n ?mn :where [?e :dept :dept/d7] [?e :manager ?m] [?m :name ?mn] [?e :name ?n]]"
                join_sql = ("SELECT DISTINCT n.v, mn.v FROM facts d, facts m, facts mn, facts n "
                            "WHERE d.a = ':dept' AND d.vt = 'k' AND d.v = ':dept/d7' AND m.e = d.e AND m.a = ':manager' "
                            "AND m.vt = 'k' AND mn.e = m.v AND mn.a = ':name' AND n.e = d.e AND n.a = ':name' "
                            "AND " + " AND ".join(f"{x}.{c}" for x in ("d", "m", "mn", "n")
                                                  for c in ("tx_to = 2147483647",)))
                results.append(workload(f"join3 {n}", g, facts, join_q, join_sql, [], runs=args.runs, args=args))
            if n == int(10_000 * s):
                not_q = "[:find ?e :where [?e :name _] (not [?e :banned true])]"
                not_sql = ("SELECT DISTINCT f.e FROM facts f WHERE f.a = ':name' AND f.{NOW} AND NOT EXISTS "
                           "(SELECT 1 FROM facts b WHERE b.e = f.e AND b.a = ':banned' AND b.vt = 'b' AND b.v = 'true' "
                           "AND b.{NOW})").replace("f.{NOW}", "{NOWF}").replace("b.{NOW}", "{NOWB}")
                t_now = int(time.time() * 1e6)
                not_sql = not_sql.replace("{NOWF}", NOW_FILTER.format(t=t_now).replace("tx_to", "f.tx_to")
                                          .replace("valid_", "f.valid_")).replace(
                    "{NOWB}", NOW_FILTER.format(t=t_now).replace("tx_to", "b.tx_to").replace("valid_", "b.valid_"))
                results.append(workload(f"not {n}", g, facts, not_q, not_sql, [], runs=args.runs, args=args))
                or_q = "[:find ?e :where (or [?e :role :role/admin] [?e :role :role/owner])]"
                or_sql = ("SELECT DISTINCT e FROM facts WHERE a = ':role' AND vt = 'k' "
                          "AND v IN (':role/admin', ':role/owner') AND {NOW}")
                results.append(workload(f"or {n}", g, facts, or_q, or_sql, [], runs=args.runs, args=args))
            args.minigraf = saved
            g.close()
        # recursive chains
        reach_rules = ["[(reach ?x ?y) [?x :next ?y]]", "[(reach ?x ?y) [?x :next ?m] (reach ?m ?y)]"]
        for hops in (10, 100, 1000):
            facts = chain(hops)
            g = fresh(d, f"chain{hops}")
            load(g, facts)
            for r in reach_rules:
                register(g, r)
            sql = ("WITH RECURSIVE r(x) AS (SELECT v FROM facts WHERE e = ? AND a = ':next' AND {NOW} "
                   "UNION SELECT f.v FROM r, facts f WHERE f.e = r.x AND f.a = ':next' AND f.vt = 'k' AND f.{NOW}) "
                   "SELECT DISTINCT x FROM r")
            t_now = int(time.time() * 1e6)
            sql = sql.replace("f.{NOW}", NOW_FILTER.format(t=t_now).replace("tx_to", "f.tx_to").replace("valid_", "f.valid_"))
            results.append(workload(f"chain {hops} hops", g, facts, "[:find ?y :where (reach :c/0 ?y)]", sql,
                                    [":c/0"], mg_rules=reach_rules, runs=args.runs, args=args))
            g.close()
        # reachability on a random DAG (uniform, as the issue asks; and banded, hundreds of levels deep)
        for band in (None, 2000):
            nodes, edges = int(100_000 * s), int(300_000 * s)
            facts = dag(nodes, edges, band=band)
            g = fresh(d, f"dag{band}")
            load(g, facts)
            g.compact()
            # the built-in reachable follows :depends-on, :calls and :contains; so does the hand-written SQL
            edge_attrs = "IN (':depends-on', ':calls', ':contains')"
            sql = (f"WITH RECURSIVE r(x) AS (SELECT v FROM facts WHERE e = ? AND a {edge_attrs} AND {{NOW}} "
                   f"UNION SELECT f.v FROM r, facts f WHERE f.e = r.x AND f.a {edge_attrs} AND f.vt = 'k' AND f.{{NOW}}) "
                   "SELECT DISTINCT x FROM r")
            t_now = int(time.time() * 1e6)
            sql = sql.replace("f.{NOW}", NOW_FILTER.format(t=t_now).replace("tx_to", "f.tx_to").replace("valid_", "f.valid_"))
            mg_rules = ["[(reachable ?a ?b) [?a :depends-on ?b]]",
                        "[(reachable ?a ?b) [?a :depends-on ?m] (reachable ?m ?b)]"]
            saved = args.minigraf
            args.minigraf = saved and len(facts) <= args.minigraf_max_facts
            name = f"reachability {nodes} nodes / {edges} edges" + (f" banded {band}" if band else "")
            results.append(workload(name, g, facts,
                                    "[:find ?y :where (reachable :n/0 ?y)]", sql, [":n/0"], mg_rules=mg_rules,
                                    runs=args.runs, args=args))
            args.minigraf = saved
            g.close()
    goals = {"chain 100 hops <= 50 ms": None, "point 1M <= 5 ms": None, "reachability 100k/300k <= 100 ms": None}
    results = [r for r in results if not r.get("skipped")]
    for r in results:
        if r["workload"] == "chain 100 hops":
            goals["chain 100 hops <= 50 ms"] = r["lore_ms"]
        if r["workload"] == f"point {int(1_000_000 * s)} compacted":
            goals["point 1M <= 5 ms"] = r["lore_ms"]
        if r["workload"].startswith("reachability") and "banded" not in r["workload"]:
            goals["reachability 100k/300k <= 100 ms"] = r["lore_ms"]
    # the machine is shared: say how busy it was, since every figure above depends on it
    busy = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(json.dumps({"scale": s, "runs": args.runs, "cpus": os.cpu_count(), "load_average": busy,
                      "results": results, "goals_lore_ms": goals}, indent=1))


if __name__ == "__main__":
    main()

"""What prepare-turn pays for the project's own names (lore.memory.index.project_names) around writes: this
checkout's code beside another's (`--baseline CHECKOUT`), each on its own copy of one graph, in one run.

  python bench/project_names.py --graph G.duckdb [--baseline /work/main] [--writes 5]

Each side, in a child process (PYTHONPATH=CHECKOUT/server), opens its copy once (as the owner's worker does:
one graph, its session kept between operations) and then, per round: a memory write (a decision, journal off),
a prepare-turn, the write's derived work (rules, links: transactions of their own), a prepare-turn. It counts the share's counting (``said_counts``, or ``said_by_memories`` where that runs the queries) and manifest
blob reads (``manifests.read_blobs``) and times ``project_names`` (wall and CPU ms, summed per phase).
`load` is `os.getloadavg()` before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, sys, time
from lore import operations
from lore.memory import index, manifests
from lore.store.graph import Graph

operations.load_features()
g = Graph(sys.argv[1])
counts = {"said_by_memories": 0, "read_blobs": 0}
spent = {"after_write": [0.0, 0.0], "after_derive": [0.0, 0.0], "first": [0.0, 0.0]}
phase = ["first"]
said, read, names = index.said_by_memories, manifests.read_blobs, index.project_names

def count_said(*a, **k):
    counts["said_by_memories"] += 1
    return said(*a, **k)

def count_read(*a, **k):
    counts["read_blobs"] += 1
    return read(*a, **k)

def timed(*a, **k):
    t, c = time.perf_counter(), time.process_time()
    try:
        return names(*a, **k)
    finally:
        spent[phase[0]][0] += (time.perf_counter() - t) * 1000
        spent[phase[0]][1] += (time.process_time() - c) * 1000

manifests.read_blobs, index.project_names = count_read, timed
if hasattr(index, "said_counts"):  # the share's two counting queries, whichever function runs them
    said = index.said_counts
    index.said_counts = count_said
else:
    index.said_by_memories = count_said
operations.run("prepareTurn", g, {"message": "how is the configuration loaded?"})
per = {}
for i in range(int(sys.argv[2])):
    r = operations.run("transact", g, {"facts": f'[[:decision/bench-{i} :description "Use option {i} for the '
                                                f'configuration loader"]]', "reason": "bench", "journal": False})
    result = r.pop("_result")
    phase[0] = "after_write"
    operations.run("prepareTurn", g, {"message": "how is the configuration loaded?"})
    operations.derive(g, result)
    phase[0] = "after_derive"
    operations.run("prepareTurn", g, {"message": "how is the configuration loaded?"})
g.close()
print(json.dumps({"counts": counts, "project_names_ms": {k: {"wall": round(v[0], 1), "cpu": round(v[1], 1)}
                                                         for k, v in spent.items()}}))
"""


def side(checkout: Path, graph: Path, writes: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="project-names-") as tmp:
        copy = Path(tmp) / "graph.duckdb"
        shutil.copyfile(graph, copy)
        env = {**os.environ, "PYTHONPATH": str(checkout / "server"), "LORE_JOURNAL": "0"}
        p = subprocess.run([sys.executable, "-c", CHILD, str(copy), str(writes)], capture_output=True, text=True,
                           env=env, timeout=1800)
        if p.returncode != 0:
            raise SystemExit(p.stderr[-3000:])
        return {"checkout": str(checkout), **json.loads(p.stdout.strip().splitlines()[-1])}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--graph", required=True)
    ap.add_argument("--baseline")
    ap.add_argument("--writes", type=int, default=5)
    args = ap.parse_args()
    load0 = os.getloadavg()
    runs = [side(HERE, Path(args.graph), args.writes)]
    if args.baseline:
        runs.append(side(Path(args.baseline), Path(args.graph), args.writes))
    print(json.dumps({"writes": args.writes, "runs": runs, "load": [load0, os.getloadavg()]}, indent=1))


if __name__ == "__main__":
    main()

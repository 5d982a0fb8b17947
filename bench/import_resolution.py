#!/usr/bin/env python3
"""Benchmark: what a repository's imports resolve to, this tree's code beside a baseline's, in one run.

    python bench/import_resolution.py REPO [--baseline /work/main]

Each side ingests REPO's whole first-parent history into a fresh graph with `lore ingest` in a child process
(PYTHONPATH=<side>/server) and prints, for the head: import_locations rows by language of the importing file,
split into internal (a tracked file) and external (an outside package), the externals whose names look like
path aliases (`@/…`, `~/…`, `#…`), the distinct externals, and the ingest's wall and CPU seconds (CPU
includes the parse workers). The load (`os.getloadavg`) is printed beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

COUNTS = """
SELECT l.language, starts_with(i.target, ':module/') AND i.target IN (SELECT module FROM ingest_files) AS internal,
       count(*) FROM import_locations i
  LEFT JOIN (SELECT e, v AS language FROM facts WHERE a = ':language' AND tx_to = 2147483647) l
         ON l.e = (SELECT module FROM ingest_files f WHERE f.path = i.file)
 GROUP BY ALL ORDER BY ALL
"""
EXTERNALS = """
SELECT DISTINCT v FROM facts WHERE a = ':name' AND tx_to = 2147483647 AND e IN
       (SELECT target FROM import_locations)
"""


def _side(server: Path, repo: str, graph: Path, with_names: bool = False) -> dict:
    env = {**os.environ, "PYTHONPATH": str(server)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "lore", "--graph", str(graph), "--json", "ingest", repo],
                       capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(f"ingest failed ({server}): {p.stderr[-2000:]}")
    import duckdb

    con = duckdb.connect(str(graph), read_only=True)
    counts: dict[str, dict[str, int]] = {}
    for lang, internal, n in con.execute(COUNTS).fetchall():
        counts.setdefault(lang or "?", {"internal": 0, "external": 0})["internal" if internal else "external"] += n
    names = sorted(r[0] for r in con.execute(EXTERNALS).fetchall())
    con.close()
    return {"seconds": round(wall, 2),
            "cpu_seconds": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2),
            "imports": counts, "externals": len(names),
            "alias_like_externals": [n for n in names if n.startswith(("@/", "~/", "~", "#"))],
            **({"external_names": names} if with_names else {})}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--baseline", metavar="DIR", help="a checkout of the code to compare with (its server/)")
    ap.add_argument("--names", action="store_true", help="list the distinct externals' names too")
    args = ap.parse_args()
    out: dict = {"repo": args.repo, "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmp:
        out["this"] = _side(HERE.parent / "server", args.repo, Path(tmp) / "this.duckdb", args.names)
        if args.baseline:
            out["baseline"] = _side(Path(args.baseline).resolve() / "server", args.repo, Path(tmp) / "base.duckdb",
                                    args.names)
    out["load_after"] = os.getloadavg()
    print(json.dumps(out))


if __name__ == "__main__":
    main()

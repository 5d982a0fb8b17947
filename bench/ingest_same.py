#!/usr/bin/env python3
"""Do two ingests of one repository write the same thing? (issue 19's guard for ingest speed-ups)

    python bench/ingest_same.py REPO [--max-commits N] --baseline DIR [--resume-at K]

Ingests REPO (cut at its N-th first-parent commit) once with this checkout's code and once with DIR's
(its server/ on the path), each in a child process into a fresh graph, then compares every table the ingest
writes: all fact rows, open and closed (row ids, transaction numbers and provenance aside: they count
rows), ``ingest_open`` (ids aside), ``ingest_defs``, ``code_locations``, ``import_locations``,
``ingest_files``, ``ingest_idents``, ``ingest_known`` and ``ingest_meta``'s watermark. With --resume-at K
each side ingests the first K first-parent commits, then the rest (a resumed run diffs files from the
database), and only current fact rows are compared (the resumed run's flushes follow a timer). Prints JSON with each table's row count per side and the rows only one side has (first 5).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

TABLES = {
    "facts": "SELECT e, a, vt, v, vn, valid_from, valid_to, tx_to = 2147483647 AS current, inferred, rule, "
             "confidence FROM facts",
    "ingest_open": "SELECT path, e, a, vt, v, valid_from FROM ingest_open",
    "ingest_defs": "SELECT * FROM ingest_defs",
    "code_locations": "SELECT * FROM code_locations",
    "import_locations": "SELECT * FROM import_locations",
    "ingest_files": "SELECT * FROM ingest_files",
    "ingest_idents": "SELECT * FROM ingest_idents",
    "ingest_known": "SELECT * FROM ingest_known",
    "watermark": "SELECT value FROM ingest_meta WHERE key IN ('watermark', 'open_complete', 'last_time')",
}


def child(repo: str, graph: str, stops: str) -> None:
    from lore.ingest.api import ingest
    from lore.store.graph import Graph
    g = Graph(graph)
    for sha in stops.split(","):
        r = ingest(g, repo, sha)
        assert r.get("status") == "complete", r
    g.close()
    print("ok")


def compare(a: str, b: str, resumed: bool = False) -> dict:
    import duckdb
    con = duckdb.connect()
    con.execute(f"ATTACH '{a}' AS a (READ_ONLY)")
    con.execute(f"ATTACH '{b}' AS b (READ_ONLY)")
    out: dict = {}
    tables = dict(TABLES)
    if resumed:
        # A resumed run flushes on a 15 s timer too, so which rows were written open and closed again by a
        # later flush (tx_to < current) depends on the machine's speed: only current rows are compared.
        tables["facts"] = TABLES["facts"] + " WHERE tx_to = 2147483647"
    for name, sql in tables.items():
        qa = sql.replace(" FROM ", " FROM a.")
        qb = sql.replace(" FROM ", " FROM b.")
        na = con.execute(f"SELECT count(*) FROM ({qa})").fetchone()[0]
        nb = con.execute(f"SELECT count(*) FROM ({qb})").fetchone()[0]
        only_a = con.execute(f"SELECT count(*) FROM ({qa} EXCEPT ALL {qb})").fetchone()[0]
        only_b = con.execute(f"SELECT count(*) FROM ({qb} EXCEPT ALL {qa})").fetchone()[0]
        entry: dict = {"rows": [na, nb], "only_ours": only_a, "only_baseline": only_b}
        if only_a or only_b:
            entry["examples_ours"] = [list(map(str, r)) for r in
                                      con.execute(f"{qa} EXCEPT ALL {qb} LIMIT 5").fetchall()]
            entry["examples_baseline"] = [list(map(str, r)) for r in
                                          con.execute(f"{qb} EXCEPT ALL {qa} LIMIT 5").fetchall()]
        out[name] = entry
    out["identical"] = all(v["only_ours"] == 0 and v["only_baseline"] == 0 for v in out.values()
                           if isinstance(v, dict))
    return out


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--_child":
        return child(sys.argv[2], sys.argv[3], sys.argv[4])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repo")
    ap.add_argument("--max-commits", type=int, default=0)
    ap.add_argument("--baseline", metavar="DIR", required=True)
    ap.add_argument("--resume-at", type=int, default=0, help="ingest the first K first-parent commits, then the rest")
    ap.add_argument("--keep", metavar="DIR", help="keep the two graphs in DIR")
    args = ap.parse_args()
    repo = str(Path(args.repo).resolve())
    shas = subprocess.run(["git", "-C", repo, "rev-list", "--first-parent", "--reverse", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.split()
    last = shas[min(args.max_commits, len(shas)) - 1] if args.max_commits else shas[-1]
    stops = ([shas[args.resume_at - 1]] if 0 < args.resume_at < shas.index(last) + 1 else []) + [last]
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="lore-same-"))
    work.mkdir(parents=True, exist_ok=True)
    graphs = {}
    for name, server in (("ours", HERE.parent / "server"), ("baseline", Path(args.baseline).resolve() / "server")):
        graph = work / f"{name}.duckdb"
        for f in (graph, Path(str(graph) + ".wal")):
            f.unlink(missing_ok=True)
        p = subprocess.run([sys.executable, __file__, "--_child", repo, str(graph), ",".join(stops)],
                           capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(server)})
        if p.returncode != 0:
            raise SystemExit(f"{name} ingest failed: {p.stderr[-3000:]}")
        graphs[name] = str(graph)
    out = {"repo": repo, "head": last, "stops": len(stops),
           **compare(graphs["ours"], graphs["baseline"], resumed=len(stops) > 1)}
    if not args.keep:
        import shutil
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Benchmark: a Rust repository's ingest and its import facts per crate, this tree's code beside a baseline's.

    python bench/cargo_crates.py REPO [--baseline /work/main] [--keep DIR]

Each side ingests REPO's whole first-parent history (a shared clone in a temporary folder: REPO is only read)
into a fresh graph with `lore ingest` in a child process (PYTHONPATH=<side>/server) under /usr/bin/time, and
prints its wall and CPU seconds (CPU includes the parse workers) and the ingest process's peak RSS, then, per
crate (the nearest folder at or above a file whose Cargo.toml has [package]; "-" for a file under none), the
open `:depends-on` facts of its .rs files and Cargo.toml to `:module/…` targets, split into internal (a
tracked file) and external. The crates whose counts differ between the sides are listed with the targets
that differ. The load (`os.getloadavg`) is printed beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import posixpath
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tomllib

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from ingest import cut_history  # noqa: E402 - bench/ingest.py, beside this file

EDGES = """
SELECT f.path, d.v, d.v IN (SELECT module FROM ingest_files) AS internal
  FROM facts d JOIN ingest_files f ON f.module = d.e
 WHERE d.a = ':depends-on' AND d.tx_to = 2147483647 AND d.valid_to = 4611686018427387904
   AND d.v LIKE ':module/%' AND (f.path LIKE '%.rs' OR f.path = 'Cargo.toml' OR f.path LIKE '%/Cargo.toml')
"""


def _packages(repo: str) -> set[str]:
    """The folders of the head's package manifests."""
    paths = subprocess.run(["git", "-C", repo, "ls-files", "-z"], capture_output=True, check=True).stdout
    out = set()
    for p in paths.decode("utf-8", "replace").split("\0"):
        if posixpath.basename(p) != "Cargo.toml":
            continue
        text = subprocess.run(["git", "-C", repo, "show", f"HEAD:{p}"], capture_output=True).stdout
        try:
            if isinstance(tomllib.loads(text.decode("utf-8")).get("package"), dict):
                out.add(posixpath.dirname(p))
        except (ValueError, UnicodeDecodeError):
            continue
    return out


def _crate(path: str, packages: set[str]) -> str:
    d = posixpath.dirname(path)
    while True:
        if d in packages:
            return d or "."
        if not d:
            return "-"
        d = posixpath.dirname(d)


def _side(server: Path, repo: str, graph: Path, packages: set[str]) -> tuple[dict, dict]:
    env = {**os.environ, "PYTHONPATH": str(server)}
    t = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "TIME %U %S %M", sys.executable, "-m", "lore", "--graph", str(graph),
                        "--json", "ingest", repo], capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        raise SystemExit(f"ingest failed ({server}): {p.stderr[-2000:]}")
    user, system, rss_kb = p.stderr.strip().splitlines()[-1].split()[1:]
    import duckdb

    con = duckdb.connect(str(graph), read_only=True)
    edges: dict[str, set[tuple[str, str, bool]]] = {}
    for path, target, internal in con.execute(EDGES).fetchall():
        edges.setdefault(_crate(path, packages), set()).add((path, target, bool(internal)))
    con.close()
    per = {c: {"internal": sum(1 for e in es if e[2]), "external": sum(1 for e in es if not e[2])}
           for c, es in sorted(edges.items())}
    # CPU: the ingest process and its parse workers (time(1) counts waited-for children)
    return ({"seconds": round(wall, 2), "cpu_seconds": round(float(user) + float(system), 2),
             "peak_rss_mb": round(int(rss_kb) / 1024, 1), "edges": sum(len(es) for es in edges.values()),
             "per_crate": per}, edges)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repo")
    ap.add_argument("--baseline", metavar="DIR", help="a checkout of the code to compare with (its server/)")
    ap.add_argument("--keep", metavar="DIR", help="keep the two graphs there (this.duckdb, baseline.duckdb)")
    args = ap.parse_args()
    src = str(Path(args.repo).resolve())
    repo = cut_history(src, 10**9, "lore-bench-crates-")
    out: dict = {"repo": src, "head": subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True,
                                                      text=True).stdout.strip(),
                 "load_before": [round(x, 2) for x in os.getloadavg()]}
    keep = Path(args.keep) if args.keep else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    try:
        packages = _packages(repo)
        with tempfile.TemporaryDirectory(prefix="lore-bench-crates-") as tmp:
            where = keep or Path(tmp)
            for name in ("this.duckdb", "baseline.duckdb"):
                (where / name).unlink(missing_ok=True)
            out["this"], mine = _side(HERE.parent / "server", repo, where / "this.duckdb", packages)
            if args.baseline:
                out["baseline"], theirs = _side(Path(args.baseline).resolve() / "server", repo,
                                                where / "baseline.duckdb", packages)
                diff = {}
                for c in sorted(set(mine) | set(theirs)):
                    a, b = mine.get(c, set()), theirs.get(c, set())
                    if a != b:
                        diff[c] = {"only_this": sorted(f"{p} -> {t}" for p, t, _ in a - b)[:20],
                                   "only_baseline": sorted(f"{p} -> {t}" for p, t, _ in b - a)[:20],
                                   "count_this": len(a), "count_baseline": len(b)}
                out["crates"] = len(set(mine) | set(theirs))
                out["crates_differing"] = diff
    finally:
        shutil.rmtree(repo, ignore_errors=True)
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

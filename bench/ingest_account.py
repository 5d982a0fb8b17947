#!/usr/bin/env python3
"""Where an ingest's CPU seconds go, beside the floor's (issue 19's accounting):

    python bench/ingest_account.py REPO [--max-commits N] [--skip-floor] [--baseline DIR]

Prints one JSON object. ``ingest``: the same full ingest into a fresh graph that ``bench/ingest.py`` times
(``lore.ingest.api.ingest`` up to HEAD~1, in a child process), with its CPU split by process and phase:

  main_cpu_seconds       the ingest's own process, all its threads (DuckDB's included), and inside it
                         (inclusive CPU of that process over the call): ``run`` (IngestRun.run: the walk and its
                         flushes), ``flush`` (BatchWriter._flush: DuckDB writes), ``receive`` (Parser._receive:
                         unpickling the workers' results), ``unpack`` (extracts to named tuples), ``checkpoint``,
                         ``tags``, ``after_ingest`` (rules, links), ``compact``; ``walk_python`` is ``run`` less
                         flush, checkpoint, tags and receive;
  workers                each parse worker's own CPU (read from /proc just before the run closes them) and,
                         on its main thread, ``read`` (git cat-file round trips), ``parse`` (the text edits,
                         tree edit + tree-sitter parse), ``query`` (QueryCursor.matches), ``extract``
                         (extract_items, or extract_packed, less the query: Python turning matches into
                         tuples, and the reused items' re-basing), ``task_get`` (unpickling the chunks);
                         ``other_threads`` = its CPU less its main thread's (the queue's feeder thread:
                         pickling results and writing the pipe);
  worker_git_cpu_seconds its ``git cat-file --batch`` processes;
  main_git_cpu_seconds   the other children of the ingest (git log streams, the main process's cat-file);
  peak_rss_mb            the ingest process's peak resident set, parse_worker_peak_rss_mb the largest worker's.

``floor`` is bench/ingest.py's floor (same code) and ``floor_parts`` the same work in one process with
timers (read, parse, query), for the split only. With --baseline DIR the ingest of DIR's code (its
server/ on the path) is accounted the same way in the same run. Timers cost a little CPU of their own.
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
TICK = os.sysconf("SC_CLK_TCK")


def _proc_cpu(pid: int) -> float:
    try:
        f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(f[11]) + int(f[12])) / TICK  # utime, stime (fields 14, 15)


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            out += [int(x) for x in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
    except OSError:
        pass
    return out


def _rus() -> tuple[float, float]:
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime, b.ru_utime + b.ru_stime


# ------------------------------------------------------------------ the parse worker, timed

def timed_worker(repo, tasks, results, index, incremental_parse):
    """lore.ingest.parse._worker with timers on its main thread; writes its account to LORE_ACCOUNT_DIR."""
    import tree_sitter

    from lore.ingest import extract as X
    from lore.ingest import parse as P
    acc = {"read": 0.0, "parse": 0.0, "query": 0.0, "extract_with_query": 0.0, "task_get": 0.0, "blobs": 0,
           "bytes": 0, "errors": 0}
    tt = time.thread_time
    real_cursor = tree_sitter.QueryCursor

    class Cursor:
        def __init__(self, q):
            self.c = real_cursor(q)

        def set_byte_range(self, start, end):
            self.c.set_byte_range(start, end)

        def matches(self, node):
            t = tt()
            r = self.c.matches(node)
            acc["query"] += tt() - t
            return r
    tree_sitter.QueryCursor = Cursor

    cat = P.CatFile(repo)
    trees = P.Trees() if incremental_parse else None

    def one(blob, lang, path):
        t = tt()
        data = cat.read(blob, X.MAX_SOURCE_BYTES)
        acc["read"] += tt() - t
        if data is None or X.looks_binary(data):
            return None
        acc["blobs"] += 1
        acc["bytes"] += len(data)
        prev = trees.take(path) if trees is not None and path else None
        items_kept = hasattr(X, "extract_items")  # (a baseline from before items' extraction was kept)
        try:
            t = tt()
            tree = X.parse_tree(lang, data, prev[:2] if prev is not None else None)
            t1 = tt()
            shapes = trees.shapes if trees is not None else None
            if items_kept:
                out, items = X.extract_items(lang, data, tree, shapes, prev[2] if prev is not None else None)
            else:
                out = X.extract_packed(lang, data, tree, shapes)
            t2 = tt()
            acc["parse"] += t1 - t
            acc["extract_with_query"] += t2 - t1
        except Exception:  # noqa: BLE001 - as parse_blob_packed: one bad file does not stop the run
            acc["errors"] += 1  # counted: a wrapper that breaks the parse must show, not pass as a cheap run
            return None
        if trees is not None and path:
            if items_kept:
                trees.put(path, tree, data, items)
            else:
                trees.put(path, tree, data)
        return out
    try:
        while True:
            t = tt()
            chunk = tasks.get()
            acc["task_get"] += tt() - t
            if chunk is None:
                break
            res = [(b, one(b, lang, path)) for b, lang, path in chunk]
            results.put((index, res, trees.hits if trees is not None else 0,
                         resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
    finally:
        cat.close()
        ru = resource.getrusage(resource.RUSAGE_SELF)
        acc["cpu"] = ru.ru_utime + ru.ru_stime
        acc["main_thread"] = tt()
        acc["extract"] = acc["extract_with_query"] - acc["query"]
        d = os.environ.get("LORE_ACCOUNT_DIR")
        if d:
            Path(d, f"worker-{os.getpid()}.json").write_text(json.dumps(acc))


# ------------------------------------------------------------------ the ingest, accounted (child process)

def child(repo: str, graph_path: str, out_dir: str) -> None:
    from lore import operations
    from lore.ingest import api, engine, parse
    from lore.ingest import flush as F
    from lore.store.graph import Graph
    os.environ["LORE_ACCOUNT_DIR"] = out_dir
    parts: dict[str, float] = {}
    pc = time.process_time

    def timed(name, fn):
        def wrapper(*a, **k):
            t = pc()
            try:
                return fn(*a, **k)
            finally:
                parts[name] = parts.get(name, 0.0) + pc() - t
        return wrapper
    engine.IngestRun.run = timed("run", engine.IngestRun.run)
    F.BatchWriter._flush = timed("flush", F.BatchWriter._flush)
    parse.Parser._receive = timed("receive", parse.Parser._receive)
    parse._unpacked = timed("unpack", parse._unpacked)
    engine.tag_pass = timed("tags", engine.tag_pass)
    Graph.checkpoint = timed("checkpoint", Graph.checkpoint)
    Graph.compact = timed("compact", Graph.compact)
    operations.AFTER_INGEST[:] = [timed("after_ingest", fn) for fn in operations.AFTER_INGEST]
    parse._worker = timed_worker  # spawned by reference: __mp_main__.timed_worker in the worker
    seen_workers: dict[int, dict] = {}
    peaks: dict[str, float] = {}
    real_close = parse.Parser.close

    def close(self):
        for p in self.procs:
            if p.pid:
                kids = _children(p.pid)
                seen_workers[p.pid] = {"cpu_at_close": _proc_cpu(p.pid),
                                       "git_cpu_at_close": sum(_proc_cpu(k) for k in kids)}
        peaks["parse_worker_peak_rss_mb"] = max(peaks.get("parse_worker_peak_rss_mb", 0.0),
                                                round(self.worker_peak_rss_kb / 1024, 1))
        return real_close(self)
    parse.Parser.close = close

    g = Graph(graph_path)
    prev = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD~1"], capture_output=True, text=True).stdout.strip()
    s0, c0 = _rus()
    t0 = time.perf_counter()
    res = api.ingest(g, repo, prev or None)
    wall = time.perf_counter() - t0
    s1, c1 = _rus()
    g.close()
    workers = []
    for pid, seen in seen_workers.items():
        f = Path(out_dir, f"worker-{pid}.json")
        w = json.loads(f.read_text()) if f.exists() else {}
        w = {k: round(v, 3) if isinstance(v, float) else v for k, v in w.items()}
        if "cpu" in w:
            w["other_threads"] = round(w["cpu"] - w["main_thread"], 3)
        workers.append({**w, **{k: round(v, 3) for k, v in seen.items()}})
    worker_py = sum(w.get("cpu", w["cpu_at_close"]) for w in workers)
    worker_git = sum(w["git_cpu_at_close"] for w in workers)
    main = s1 - s0
    inner = sum(parts.get(k, 0.0) for k in ("flush", "checkpoint", "tags", "receive"))
    print(json.dumps({
        "wall_seconds": round(wall, 3), "cpu_seconds": round(main + c1 - c0, 3),
        "main_cpu_seconds": round(main, 3),
        "main_parts": {**{k: round(v, 3) for k, v in sorted(parts.items())},
                       "walk_python": round(parts.get("run", 0.0) - inner, 3)},
        "workers_cpu_seconds": round(worker_py, 3), "worker_git_cpu_seconds": round(worker_git, 3),
        "main_git_cpu_seconds": round(c1 - c0 - worker_py - worker_git, 3),
        "workers": workers,
        "facts_written": res.get("facts_written"), "files_parsed": res.get("files_parsed"),
        "first_parent_commits": res.get("first_parent_commits"),
        "incremental_parses": res.get("incremental_parses"),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1), **peaks,
    }))


def run_child(repo: str, work: Path, name: str, server: Path) -> dict:
    out_dir = work / f"acct-{name}"
    out_dir.mkdir()
    env = {**os.environ, "PYTHONPATH": str(server)}
    p = subprocess.run([sys.executable, __file__, "--_child", repo, str(work / f"{name}.duckdb"), str(out_dir)],
                       capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise SystemExit(f"ingest child failed: {p.stderr[-3000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------ the floor's work, timed in one process

def floor_parts(repo: str) -> dict:
    """The floor's per-blob work (bench/ingest.py's _floor_work) in this process, with timers."""
    sys.path.insert(0, str(HERE))
    from tree_sitter import QueryCursor

    import ingest as B  # bench/ingest.py
    from lore.ingest.extract import MAX_SOURCE_BYTES, looks_binary
    from lore.ingest.ignore import build_ignore
    from lore.ingest.walk import CatFile
    ignore = build_ignore(env="")
    out = subprocess.run(["git", "-C", repo, "log", "--first-parent", "--raw", "-z", "-M", "--no-abbrev",
                          "--diff-merges=first-parent", "--format=%x01%H", "HEAD"], capture_output=True).stdout
    plan, _ = B.floor_plan(out, ignore)
    cat = CatFile(repo)
    acc = {"read": 0.0, "parse": 0.0, "query": 0.0}
    tt = time.thread_time
    for blob, lang in plan:
        t = tt()
        data = cat.read(blob, MAX_SOURCE_BYTES)
        acc["read"] += tt() - t
        if data is None or looks_binary(data):
            continue
        parser, query = B._floor_query(lang)
        t = tt()
        tree = parser.parse(data)
        t1 = tt()
        QueryCursor(query).matches(tree.root_node)
        acc["query"] += tt() - t1
        acc["parse"] += t1 - t
    cat.close()
    return {k: round(v, 3) for k, v in acc.items()} | {"blobs": len(plan)}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--_child":
        sys.path.insert(0, os.environ.get("PYTHONPATH", str(HERE.parent / "server")))
        return child(sys.argv[2], sys.argv[3], sys.argv[4])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repo")
    ap.add_argument("--max-commits", type=int, default=0)
    ap.add_argument("--skip-floor", action="store_true")
    ap.add_argument("--floor-parts", action="store_true", help="also the floor's work in one process, timed")
    ap.add_argument("--baseline", metavar="DIR", help="also account DIR's code (its server/) in the same run")
    args = ap.parse_args()
    sys.path.insert(0, str(HERE.parent / "server"))
    sys.path.insert(0, str(HERE))
    repo = str(Path(args.repo).resolve())
    cut_dir = None
    if args.max_commits:
        import ingest as B  # bench/ingest.py
        cut_dir = repo = B.cut_history(repo, args.max_commits, "lore-account-cut-")
    out: dict = {"repo": str(Path(args.repo).resolve()), "max_commits": args.max_commits or None,
                 "load_before": [round(x, 2) for x in os.getloadavg()]}
    with tempfile.TemporaryDirectory(prefix="lore-account-") as tmp:
        work = Path(tmp)
        if not args.skip_floor:
            import ingest as B  # bench/ingest.py
            out["floor"] = B.floor(repo)
        if args.floor_parts:
            out["floor_parts"] = floor_parts(repo)
        out["ingest"] = run_child(repo, work, "ours", HERE.parent / "server")
        if args.baseline:
            out["baseline"] = run_child(repo, work, "base", Path(args.baseline).resolve() / "server")
        if "floor" in out:
            for k in ("ingest", "baseline"):
                if k in out:
                    out[k]["cpu_ratio"] = round(out[k]["cpu_seconds"] / out["floor"]["cpu_seconds"], 2)
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if cut_dir:
        import shutil
        shutil.rmtree(cut_dir, ignore_errors=True)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

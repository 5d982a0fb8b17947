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

``--rss-trace FILE``: the ingest's child samples, every half second, its own VmRSS and each descendant's
(parse workers, git) from /proc, and what its own resident set is made of: DuckDB's buffer pool
(duckdb_memory(), through a cursor of its own), Arrow's pool, glibc's heap in use (mallinfo2: Python's
objects and what else mallocs), and the run's state (extracts held, per-file state, rows and closes waiting
for the flush, commits walked). One JSON line per sample in FILE; ``rss_at_peak`` in the reply is the sample
with the largest main-process RSS. A sample costs a few ms of the child's CPU.

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


# ------------------------------------------------------------------ resident set over time (--rss-trace)

def _status_mb(pid: int | str, *keys: str) -> list[float]:
    """Fields of /proc/<pid>/status in MB (VmRSS, RssAnon, RssFile ...), 0.0 for a process gone."""
    out = dict.fromkeys(keys, 0.0)
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            k = line.split(":", 1)[0]
            if k in out:
                out[k] = int(line.split()[1]) / 1024
    except OSError:
        pass
    return [out[k] for k in keys]


def _vmrss_mb(pid: int | str) -> float:
    return _status_mb(pid, "VmRSS")[0]


def _descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        kids = _children(todo.pop())
        out += kids
        todo += kids
    return out


def _heap_in_use_mb() -> float | None:
    """glibc's malloc: bytes in use (small-block arenas + mmapped blocks), via mallinfo2."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                   "fsmblks", "uordblks", "fordblks", "keepcost")]
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
        m = libc.mallinfo2()
    except (OSError, AttributeError):
        return None
    return round((m.uordblks + m.hblkhd) / 2**20, 1)


class RssTrace:
    """Samples the ingest's process tree and its parts every ``every`` seconds into ``path`` (JSON lines)."""

    def __init__(self, path: str, graph, every: float = 0.5) -> None:
        import threading
        self.path, self.every = path, every
        self.cur = graph._con.cursor()  # its own connection to the database: reads duckdb_memory() only
        self.run = None  # a weak reference to the IngestRun being walked (set by the child's hook)
        self.phase: list[str] = []  # the timed parts running now (the child's wrappers push and pop)
        self.stop = threading.Event()
        self.peak: dict = {}
        self.t0 = time.perf_counter()
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def sample(self) -> dict:
        import pyarrow as pa
        me = os.getpid()
        kids = _descendants(me)
        rss, anon, file = _status_mb(me, "VmRSS", "RssAnon", "RssFile")
        s: dict = {"t": round(time.perf_counter() - self.t0, 2), "main_mb": round(rss, 1),
                   "anon_mb": round(anon, 1), "file_mb": round(file, 1)}
        procs = []
        for k in kids:
            try:
                name = Path(f"/proc/{k}/comm").read_text().strip()
            except OSError:
                continue
            procs.append((name, round(_vmrss_mb(k), 1)))
        s["children_mb"] = procs
        s["tree_mb"] = round(s["main_mb"] + sum(r for _n, r in procs), 1)
        try:
            rows = self.cur.execute("SELECT sum(memory_usage_bytes), sum(temporary_storage_bytes) "
                                    "FROM duckdb_memory()").fetchall()
            s["duckdb_mb"] = round((rows[0][0] or 0) / 2**20, 1)
            s["duckdb_temp_mb"] = round((rows[0][1] or 0) / 2**20, 1)
        except Exception as exc:  # noqa: BLE001 - a bench: say it, go on
            s["duckdb_error"] = str(exc)[:80]
        s["arrow_mb"] = round(pa.total_allocated_bytes() / 2**20, 1)
        s["malloc_mb"] = _heap_in_use_mb()
        s["py_blocks_k"] = sys.getallocatedblocks() // 1000  # Python objects' pymalloc blocks (thousands)
        s["phase"] = "/".join(self.phase)
        r = self.run() if self.run is not None else None
        if r is not None:
            try:
                s["run"] = {"commits": r.stats.get("commits"), "extracts": len(r.extracts),
                            "fstate": len(r.fstate), "files": len(r.files), "rows": len(r.rows),
                            "closes": len(r.closes), "pending": len(r.pending),
                            "ready": len(r.parser.ready) if getattr(r, "parser", None) is not None else None}
            except Exception:  # noqa: BLE001 - the run's state moved under us: next sample
                pass
        return s

    def _loop(self) -> None:
        with open(self.path, "w") as f:
            while not self.stop.wait(self.every):
                s = self.sample()
                f.write(json.dumps(s) + "\n")
                if s["main_mb"] >= self.peak.get("main_mb", 0):
                    self.peak = s

    def start(self) -> None:
        self.thread.start()

    def finish(self) -> dict:
        self.stop.set()
        self.thread.join()
        self.cur.close()
        return self.peak


# ------------------------------------------------------------------ the ingest, accounted (child process)

def child(repo: str, graph_path: str, out_dir: str, trace_path: str | None = None) -> None:
    from lore import operations
    from lore.ingest import api, engine, parse
    from lore.ingest import flush as F
    from lore.store.graph import Graph
    os.environ["LORE_ACCOUNT_DIR"] = out_dir
    parts: dict[str, float] = {}
    pc = time.process_time
    phase: list[str] = []  # what is running now, for the RSS trace

    def timed(name, fn):
        def wrapper(*a, **k):
            t = pc()
            phase.append(name)
            try:
                return fn(*a, **k)
            finally:
                phase.pop()
                parts[name] = parts.get(name, 0.0) + pc() - t
        return wrapper
    engine.IngestRun.run = timed("run", engine.IngestRun.run)
    F.BatchWriter._flush = timed("flush", F.BatchWriter._flush)
    if trace_path:  # (their CPU is inside flush's)
        F.BatchWriter._write_open = timed("write_open", F.BatchWriter._write_open)
        F.BatchWriter._write_locations = timed("write_locations", F.BatchWriter._write_locations)
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
    trace = None
    if trace_path:
        import weakref
        trace = RssTrace(trace_path, g)
        trace.phase = phase
        real_prepare = engine.IngestRun._prepare

        def prepare(self, *a, **k):
            trace.run = weakref.ref(self)  # (a strong one would keep the run's state alive after it)
            return real_prepare(self, *a, **k)
        engine.IngestRun._prepare = prepare
        trace.start()
    prev = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD~1"], capture_output=True, text=True).stdout.strip()
    s0, c0 = _rus()
    t0 = time.perf_counter()
    res = api.ingest(g, repo, prev or None)
    wall = time.perf_counter() - t0
    s1, c1 = _rus()
    at_peak = trace.finish() if trace is not None else None
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
        **({"rss_at_peak": at_peak} if at_peak is not None else {}),
    }))


def run_child(repo: str, work: Path, name: str, server: Path, trace: str | None = None) -> dict:
    out_dir = work / f"acct-{name}"
    out_dir.mkdir()
    env = {**os.environ, "PYTHONPATH": str(server)}
    p = subprocess.run([sys.executable, __file__, "--_child", repo, str(work / f"{name}.duckdb"), str(out_dir),
                        *([f"{trace}.{name}.jsonl"] if trace else [])],
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
        return child(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repo")
    ap.add_argument("--max-commits", type=int, default=0)
    ap.add_argument("--skip-floor", action="store_true")
    ap.add_argument("--floor-parts", action="store_true", help="also the floor's work in one process, timed")
    ap.add_argument("--baseline", metavar="DIR", help="also account DIR's code (its server/) in the same run")
    ap.add_argument("--rss-trace", metavar="FILE", help="sample the resident sets into FILE.<ours|base>.jsonl")
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
        trace = str(Path(args.rss_trace).resolve()) if args.rss_trace else None
        out["ingest"] = run_child(repo, work, "ours", HERE.parent / "server", trace)
        if args.baseline:
            out["baseline"] = run_child(repo, work, "base", Path(args.baseline).resolve() / "server", trace)
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

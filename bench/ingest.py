#!/usr/bin/env python3
"""Benchmark: `lore ingest` against the git-and-parse floor, and against the peer ingester.

    python bench/ingest.py REPO [--max-commits N] [--also-full-parse] [--peer-commits 300] [--skip-floor]

Prints one JSON object:
  floor    the floor measured in this run: one `git log --first-parent --raw -z -M` over the first-parent
           history Lore walks + `git cat-file --batch` of each changed source blob once + tree-sitter parse and a
           definitions/imports query, in 2 processes;
  floor    is a full parse of every blob (never incremental), whatever the ingest does;
  ingest   a full ingest into a fresh graph (all commits but the last), in a child process: seconds,
           commits/s, facts written, peak RSS of the ingest process (CPU seconds include the parse workers;
           parse_worker_peak_rss_mb: the largest parse worker's own); parse says whether Lore parsed incrementally
           (each version of a file from its previous version's tree, lore.ingest.parse) and
           incremental_parses how many blobs it parsed so;
  ingest_full_parse  with --also-full-parse: the same ingest with LORE_INCREMENTAL_PARSE=0 (every blob
           parsed from scratch, as the floor does), and its ratio_full_parse / cpu_ratio_full_parse;
  --max-commits N: REPO cut at its N-th first-parent commit (a local shared clone; REPO is not touched);
  incremental_one_commit_ms, reingest_nothing_new_ms: the next two ingests into the same graph (the last
           commit of REPO, whatever it touched; then nothing new); incremental_one_file_commit_ms: then one
           commit adding a function to the largest Python file, made on a local clone;
  head     on a second fresh graph, what the editor gets first (lore.ingest.backfill): the branch head's code
           (seconds, CPU seconds, facts), then the first `warnings` reply (rules caught up):
           first_diagnostics_seconds is head + that reply (goal <= 30 s);
  ratio    ingest seconds / floor seconds, cpu_ratio the same in CPU seconds (goal <= 1.3 for both);
  peer     with --peer-commits N: temporal-reasoning 0.9.0 and Lore on a clone cut at the N-th commit.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "server"))


# ------------------------------------------------------------------ floor

def _cpu() -> float:
    """CPU seconds of this process and its finished children (the parse workers): less noisy than wall
    time on a shared machine."""
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


_fcat = None
_fq: dict = {}


def _floor_init(repo: str) -> None:
    global _fcat
    from lore.ingest.walk import CatFile
    _fcat = CatFile(repo)


def _floor_query(lang: str):
    if lang not in _fq:
        from tree_sitter import Query
        from tree_sitter_language_pack import get_language, get_parser

        from lore.ingest.extract import QUERY_DIR
        # Definitions and imports only: drop the call patterns.
        text = "\n".join(line for line in (QUERY_DIR / f"{lang}.scm").read_text().splitlines() if "@call" not in line)
        _fq[lang] = (get_parser(lang), Query(get_language(lang), text))
    return _fq[lang]


def _floor_work(items):
    from tree_sitter import QueryCursor

    from lore.ingest.extract import MAX_SOURCE_BYTES, looks_binary
    n = 0
    for blob, lang in items:
        data = _fcat.read(blob, MAX_SOURCE_BYTES)
        if data is None or looks_binary(data):
            continue
        parser, query = _floor_query(lang)
        tree = parser.parse(data)
        n += len(QueryCursor(query).matches(tree.root_node))
    return n


def cut_history(repo: str, max_commits: int, prefix: str) -> str:
    """A shared clone of ``repo`` whose branch main stops at its first ``max_commits`` first-parent commits (a
    temporary folder the caller removes): the history a cut run ingests."""
    shas = subprocess.run(["git", "-C", repo, "rev-list", "--first-parent", "--reverse", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.split()
    cut_dir = tempfile.mkdtemp(prefix=prefix)
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", repo, cut_dir], check=True)
    subprocess.run(["git", "-C", cut_dir, "checkout", "-q", "-B", "main", shas[min(max_commits, len(shas)) - 1]],
                   check=True)
    return cut_dir


def floor_plan(log: bytes, ignore) -> tuple[list[tuple[str, str]], int]:
    """(blob, language) of each unique parsable blob of a `git log --first-parent --raw -z -M` output, in
    order, and the number of commits: what the floor parses (bench/ingest_account.py times the same plan)."""
    from lore.ingest.extract import language_of
    from lore.ingest.walk import GITLINK

    toks = log.split(b"\0")
    seen, plan, commits, i = set(), [], 0, 0
    while i < len(toks):
        tok = toks[i].lstrip(b"\n")
        i += 1
        if tok.startswith(b"\x01"):
            commits += 1
            continue
        if not tok.startswith(b":"):
            continue
        meta = tok[1:].decode().split()
        path = toks[i].decode("utf-8", "backslashreplace")
        i += 1
        if meta[4][0] in "RC":
            path = toks[i].decode("utf-8", "backslashreplace")
            i += 1
        if meta[4] == "D" or meta[1] == GITLINK or ignore(path):
            continue
        lang = language_of(path)
        if lang and meta[3] not in seen:
            seen.add(meta[3])
            plan.append((meta[3], lang))
    return plan, commits


def floor(repo: str) -> dict:
    from lore.ingest.ignore import build_ignore
    ignore = build_ignore(env="")
    cpu0 = _cpu()
    t0 = time.perf_counter()
    p = subprocess.Popen(["git", "-C", repo, "log", "--first-parent", "--raw", "-z", "-M", "--no-abbrev", "--diff-merges=first-parent",
                          "--format=%x01%H", "HEAD"], stdout=subprocess.PIPE)
    out = p.stdout.read()
    p.wait()
    plan, commits = floor_plan(out, ignore)
    t_walk = time.perf_counter() - t0
    chunks = [plan[k:k + 24] for k in range(0, len(plan), 24)]
    with mp.get_context("spawn").Pool(2, initializer=_floor_init, initargs=(repo,)) as pool:
        matches = sum(pool.imap_unordered(_floor_work, chunks))
    return {"seconds": round(time.perf_counter() - t0, 3), "cpu_seconds": round(_cpu() - cpu0, 3),
            "walk_seconds": round(t_walk, 3), "commits": commits,
            "blobs_parsed": len(plan), "query_matches": matches}


# ------------------------------------------------------------------ ours (child process)

def child(repo: str, graph_path: str) -> None:
    from lore.ingest.api import ingest
    from lore.store.graph import Graph
    g = Graph(graph_path)
    prev = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD~1"], capture_output=True, text=True).stdout.strip()
    cpu0 = _cpu()
    t0 = time.perf_counter()
    full = ingest(g, repo, prev or None)
    t_full = time.perf_counter() - t0
    cpu_full = _cpu() - cpu0
    t1 = time.perf_counter()
    one = ingest(g, repo)
    t_one = time.perf_counter() - t1
    t2 = time.perf_counter()
    none = ingest(g, repo)
    t_none = time.perf_counter() - t2
    # A typical commit: one line added to one source file, on a local clone (the repository is not touched).
    clone = tempfile.mkdtemp(prefix="lore-bench-clone-")
    subprocess.run(["git", "clone", "-q", "--shared", repo, clone], check=True)
    biggest = max((p for p in subprocess.run(["git", "-C", clone, "ls-files"], capture_output=True, text=True)
                   .stdout.split("\n") if p.endswith(".py")), key=lambda p: os.path.getsize(os.path.join(clone, p)),
                  default=None)
    t_file = None
    if biggest:
        with open(os.path.join(clone, biggest), "a") as fh:
            fh.write("\n\ndef _lore_bench_added(x):\n    return x\n")
        subprocess.run(["git", "-C", clone, "-c", "user.email=b@e", "-c", "user.name=bench", "commit", "-qam",
                        "bench: one line"], check=True)
        t3 = time.perf_counter()
        ingest(g, clone)
        t_file = time.perf_counter() - t3
    rows = g.con.execute("SELECT count(*) FROM facts").fetchone()[0]
    g.close()
    import shutil
    shutil.rmtree(clone, ignore_errors=True)
    # Fresh clone -> first diagnostics: the head first, then the first warnings reply.
    from lore import operations
    from lore.ingest.backfill import ingest_head
    h = Graph(graph_path + ".head")
    c0, t4 = _cpu(), time.perf_counter()
    head = ingest_head(h, repo)
    t_head, cpu_head = time.perf_counter() - t4, _cpu() - c0
    warn = operations.run("warnings", h, {})
    t_diag, cpu_diag = time.perf_counter() - t4, _cpu() - c0
    h.close()
    print(json.dumps({
        "seconds": round(t_full, 3), "cpu_seconds": round(cpu_full, 3), "commits": full.get("commits"),
        "first_parent_commits": full.get("first_parent_commits"),
        "commits_per_s": round((full.get("commits") or 0) / t_full, 1) if t_full else None,
        "facts_written": full.get("facts_written"), "files_parsed": full.get("files_parsed"),
        "parse": "incremental" if os.environ.get("LORE_INCREMENTAL_PARSE", "1") != "0" else "full",
        "incremental_parses": full.get("incremental_parses"),
        "parse_worker_peak_rss_mb": full.get("parse_worker_peak_rss_mb"),
        "fact_rows_in_graph": rows,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "incremental_one_commit_ms": round(t_one * 1000, 1), "incremental_commits": one.get("commits"),
        "incremental_one_file_commit_ms": round(t_file * 1000, 1) if t_file is not None else None,
        "one_file_commit_file": biggest,
        "reingest_nothing_new_ms": round(t_none * 1000, 1), "reingest_up_to_date": bool(none.get("up_to_date")),
        "graph_mb": round(os.path.getsize(graph_path) / 2**20, 1),
        "head": {"seconds": round(t_head, 3), "cpu_seconds": round(cpu_head, 3), "facts": head.get("facts_written"),
                 "first_diagnostics_seconds": round(t_diag, 3), "first_diagnostics_cpu_seconds": round(cpu_diag, 3),
                 "warnings": warn.get("count"),
                 "warnings_ok": warn.get("ok")},
    }))


def run_child(repo: str, graph_path: str, extra_env: dict | None = None, script: str = __file__) -> dict:
    p = subprocess.run([sys.executable, script, "--_child", repo, graph_path], capture_output=True, text=True,
                       env={**os.environ, **(extra_env or {})})
    if p.returncode != 0:
        raise SystemExit(f"ingest child failed: {p.stderr[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------ peer

def peer_child(repo: str, graph_path: str) -> None:
    import asyncio
    os.environ["MINIGRAF_GRAPH_PATH"] = graph_path
    os.environ["MINIGRAF_NO_AUTO_INGEST"] = "1"
    import mcp_server  # temporal-reasoning 0.9.0's server module
    t = time.perf_counter()
    asyncio.run(mcp_server._run_ingestion(repo, "main"))
    print(json.dumps({"seconds": round(time.perf_counter() - t, 3),
                      "status": mcp_server._ingest_progress.get("status"),
                      "error": mcp_server._ingest_progress.get("error")}))


def peer(repo: str, n: int, work: Path) -> dict:
    cut = work / f"cut{n}"
    subprocess.run(["git", "clone", "-q", repo, str(cut)], check=True)
    sha = subprocess.run(["git", "-C", str(cut), "rev-list", "--reverse", "--topo-order", "HEAD"],
                         capture_output=True, text=True).stdout.split()[n - 1]
    subprocess.run(["git", "-C", str(cut), "checkout", "-q", "-B", "main", sha], check=True)
    commits = int(subprocess.run(["git", "-C", str(cut), "rev-list", "--count", "HEAD"], capture_output=True,
                                 text=True).stdout)
    p = subprocess.run([sys.executable, __file__, "--_peer", str(cut), str(work / "peer.graph")],
                       capture_output=True, text=True)
    theirs = json.loads(p.stdout.strip().splitlines()[-1]) if p.returncode == 0 and p.stdout.strip() else \
        {"error": p.stderr[-500:]}
    t0 = time.perf_counter()
    ours = subprocess.run([sys.executable, "-m", "lore", "--graph", str(work / "ours.duckdb"), "--json", "ingest",
                           str(cut)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(HERE.parent / "server")})
    t_ours = time.perf_counter() - t0
    reply = json.loads(ours.stdout.strip().splitlines()[-1])
    return {"commits": commits, "peer": "temporal-reasoning 0.9.0", "peer_seconds": theirs.get("seconds"),
            "peer_status": theirs.get("status"), "peer_commits_per_s": round(commits / theirs["seconds"], 2)
            if theirs.get("seconds") else None,
            "lore_seconds_cli": round(t_ours, 3), "lore_seconds_ingest": reply.get("seconds"),
            "lore_commits_per_s": round(commits / t_ours, 1),
            # CLI: a fresh `lore ingest` process incl. start-up and the derived work (rules, links) after it.
            "speedup_cli": round(theirs["seconds"] / t_ours, 1) if theirs.get("seconds") else None,
            # In-process: the ingest itself, as the peer's figure is (its _run_ingestion coroutine).
            "speedup_ingest": round(theirs["seconds"] / reply["seconds"], 1)
            if theirs.get("seconds") and reply.get("seconds") else None}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--_child":
        return child(sys.argv[2], sys.argv[3])
    if len(sys.argv) > 1 and sys.argv[1] == "--_peer":
        return peer_child(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repo")
    ap.add_argument("--peer-commits", type=int, default=0)
    ap.add_argument("--skip-floor", action="store_true")
    ap.add_argument("--skip-ingest", action="store_true")
    ap.add_argument("--max-commits", type=int, default=0, help="cut REPO at its N-th first-parent commit")
    ap.add_argument("--baseline", metavar="DIR",
                    help="a checkout of another revision (e.g. `git worktree add DIR main`): its own ingest, run "
                         "right after this one's on the same repository, beside the same floor")
    ap.add_argument("--also-full-parse", action="store_true",
                    help="a second ingest with LORE_INCREMENTAL_PARSE=0 (every blob parsed from scratch)")
    args = ap.parse_args()
    repo = str(Path(args.repo).resolve())
    cut_dir = None
    if args.max_commits:
        cut_dir = repo = cut_history(repo, args.max_commits, "lore-bench-cut-")
    out: dict = {"repo": str(Path(args.repo).resolve()), "max_commits": args.max_commits or None, "head": subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True,
                                                       text=True).stdout.strip(), "cpus": os.cpu_count(),
                 # a shared machine: the load beside the figures (CPU ratio and peak RSS are robust to it)
                 "load_before": [round(x, 2) for x in os.getloadavg()]}
    with tempfile.TemporaryDirectory(prefix="lore-bench-") as tmp:
        work = Path(tmp)
        if not args.skip_floor:
            out["floor"] = floor(repo)
        if not args.skip_ingest:
            out["ingest"] = run_child(repo, str(work / "g.duckdb"))
            if "floor" in out:
                out["ratio"] = round(out["ingest"]["seconds"] / out["floor"]["seconds"], 2)
                out["cpu_ratio"] = round(out["ingest"]["cpu_seconds"] / out["floor"]["cpu_seconds"], 2)
            if args.baseline:
                base = Path(args.baseline).resolve()
                rev = subprocess.run(["git", "-C", str(base), "rev-parse", "HEAD"], capture_output=True,
                                     text=True).stdout.strip()
                out["baseline"] = {"dir": str(base), "revision": rev,
                                   **run_child(repo, str(work / "gb.duckdb"), script=str(base / "bench" / "ingest.py"))}
                if "floor" in out:
                    out["baseline"]["ratio"] = round(out["baseline"]["seconds"] / out["floor"]["seconds"], 2)
                    out["baseline"]["cpu_ratio"] = round(out["baseline"]["cpu_seconds"] / out["floor"]["cpu_seconds"], 2)
            if args.also_full_parse:
                out["ingest_full_parse"] = run_child(repo, str(work / "gf.duckdb"), {"LORE_INCREMENTAL_PARSE": "0"})
                if "floor" in out:
                    out["ratio_full_parse"] = round(out["ingest_full_parse"]["seconds"] / out["floor"]["seconds"], 2)
                    out["cpu_ratio_full_parse"] = round(out["ingest_full_parse"]["cpu_seconds"] /
                                                        out["floor"]["cpu_seconds"], 2)
            out["goals"] = {"ratio_le_1_3": out.get("ratio") is not None and out["ratio"] <= 1.3,
                            "cpu_ratio_le_1_3": out.get("cpu_ratio") is not None and out["cpu_ratio"] <= 1.3,
                            "first_diagnostics_le_30s": out["ingest"]["head"]["first_diagnostics_seconds"] <= 30,
                            "incremental_le_200ms": out["ingest"]["incremental_one_commit_ms"] <= 200,
                            "incremental_one_file_le_200ms": (out["ingest"]["incremental_one_file_commit_ms"] or 1e9)
                            <= 200,
                            "reingest_le_1s": out["ingest"]["reingest_nothing_new_ms"] <= 1000,
                            "rss_le_1gb": out["ingest"]["peak_rss_mb"] <= 1024}
        if args.peer_commits:
            out["peer"] = peer(repo, args.peer_commits, work)
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if cut_dir:
        import shutil
        shutil.rmtree(cut_dir, ignore_errors=True)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

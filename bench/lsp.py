"""Language-server benchmark: a real ``lore serve`` on stdio, driven by pygls's client, on a workspace whose
history is already ingested (issue 7: ipython/ipython).

    python bench/lsp.py --repo REPO [--graph G] [--hovers 200] [--saves 20] [--writes 300]

REPO is a git work tree; G a graph with REPO ingested (default REPO/.lore/lore.duckdb; ingested first if
missing). The benchmark works on a copy of G. It records a decision that rejects a package one file imports
(so that file has a warning) and decisions about a few functions (so hovers have memories), then measures:

  first_diagnostics_s  process start -> first lore diagnostic for the open file   goal <= 1.5 s
  hover_ms             p50/p95 over definitions in open files, once the server's hover index is built
                       (apart: hovers before that, and the first hover in a just-opened file, which
                       parses it)                                                goal p95 <= 30 ms
  save_to_diagnostics_ms  didSave -> publishDiagnostics                          goal <= 150 ms
  transact_ms          lore/transact round trip p50/p99                          goal p50 <= 10 ms
  rss_mb               the server's resident set at the end (and its peak)       goal <= 400 MB

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from lore.lsp.server import _converter  # plain-JSON replies for lore/* requests

LORE = str(Path(sys.executable).with_name("lore"))


def pct(xs: list[float], p: float) -> float | None:
    xs = sorted(xs)
    if not xs:
        return None
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


def cli(graph: Path, *args: str) -> dict[str, Any]:
    out = subprocess.run([LORE, "--graph", str(graph), "--json", *args], capture_output=True, text=True)
    return json.loads(out.stdout)


def sql(graph: Path, text: str) -> list[list[Any]]:
    reply = cli(graph, "sql", text)
    if not reply.get("ok"):
        raise SystemExit(f"sql failed: {reply}")
    return reply["rows"]


def seed_memories(graph: Path, n_functions: int) -> tuple[str, str]:
    """A decision rejecting an external package one file imports; decisions about some functions."""
    # A package few files import (a decision against `os` would light up half the repository).
    row = sql(graph, """
        WITH ext AS (
            SELECT i.target, count(DISTINCT i.file) AS files, min(i.file) AS file FROM import_locations i
              JOIN facts f ON f.e = i.target AND f.a = ':entity-type' AND f.v = ':type/external-dependency'
                          AND f.tx_to = 2147483647
             WHERE i.file LIKE '%.py' GROUP BY i.target)
        SELECT file, target FROM ext WHERE files BETWEEN 1 AND 3 ORDER BY files DESC, target LIMIT 1""")
    if not row:
        raise SystemExit("no file imports an external package; is the repository ingested?")
    file, target = row[0]
    facts = [f'[:decision/bench-reject :rejects {target}]',
             '[:decision/bench-reject :description "benchmark: this package is rejected"]']
    funcs = sql(graph, f"SELECT entity FROM code_locations WHERE kind = 'function' ORDER BY entity "
                       f"LIMIT {int(n_functions)}")
    for i, (e,) in enumerate(funcs):
        facts.append(f'[:decision/bench-{i} :governs {e}]')
        facts.append(f'[:decision/bench-{i} :description "benchmark decision {i}"]')
    reply = cli(graph, "transact", "[" + " ".join(facts) + "]", "--reason", "benchmark memories")
    if not reply.get("ok"):
        raise SystemExit(f"transact failed: {reply}")
    return file, target


class Bench:
    def __init__(self) -> None:
        self.client = LanguageClient("lore-bench", "1", converter_factory=_converter)
        self.diag_events: dict[str, list[tuple[float, int]]] = {}
        self.changed = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diags(params: types.PublishDiagnosticsParams) -> None:
            n = sum(1 for d in params.diagnostics if d.source == "lore")
            self.diag_events.setdefault(params.uri, []).append((time.perf_counter(), n))
            self.changed.set()

        @self.client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def on_create(params: Any) -> None:
            return None

        self.logs: list[str] = []

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def on_log(params: types.LogMessageParams) -> None:
            self.logs.append(params.message)

        @self.client.feature(types.PROGRESS)
        def on_progress(params: Any) -> None:
            return None

        @self.client.feature(types.WORKSPACE_CONFIGURATION)
        def on_config(params: types.ConfigurationParams) -> list[Any]:
            return [None for _ in params.items]

    async def wait_diag(self, uri: str, after: float, timeout: float = 30, need_lore: bool = True) -> float:
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            for t, n in self.diag_events.get(uri, []):
                if t >= after and (n > 0 or not need_lore):
                    return t
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.001, deadline - time.perf_counter()))
            except asyncio.TimeoutError:
                break
        raise SystemExit(f"no diagnostics for {uri} within {timeout}s")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    repo = Path(args.repo).resolve()
    source_graph = Path(args.graph).resolve() if args.graph else repo / ".lore" / "lore.duckdb"
    if not source_graph.exists():
        t = time.perf_counter()
        subprocess.run([LORE, "--graph", str(source_graph), "ingest", str(repo)], check=True)
        print(f"ingested {repo} in {time.perf_counter() - t:.1f}s", file=sys.stderr)
    work = Path(tempfile.mkdtemp(prefix="lore-lsp-bench-"))
    graph = work / "lore.duckdb"
    shutil.copy(source_graph, graph)
    wal = Path(str(source_graph) + ".wal")
    if wal.exists():
        shutil.copy(wal, str(graph) + ".wal")
    warn_file, target = seed_memories(graph, args.functions)
    warn_path = repo / warn_file
    warn_uri = warn_path.as_uri()
    defs = sql(graph, f"""
        SELECT file, line, col, name FROM code_locations
         WHERE kind IN ('function', 'class') AND file IN (
               SELECT file FROM code_locations GROUP BY file ORDER BY count(*) DESC, file LIMIT {int(args.files)})
         ORDER BY file, line""")
    b = Bench()
    caps = types.ClientCapabilities(
        window=types.WindowClientCapabilities(work_done_progress=True),
        workspace=types.WorkspaceClientCapabilities(configuration=True),
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True)))

    t0 = time.perf_counter()
    await b.client.start_io(LORE, "serve", "--graph", str(graph))
    server = b.client._server
    stderr_log = open(work / "server.stderr", "wb")

    async def drain() -> None:  # an unread stderr pipe would block the server once it fills
        while chunk := await server.stderr.read(65536):
            stderr_log.write(chunk)

    drainer = asyncio.ensure_future(drain())
    await b.client.initialize_async(types.InitializeParams(
        capabilities=caps, root_uri=repo.as_uri(), process_id=os.getpid(),
        initialization_options={"diagnostics": {"debounceMs": 100}}))
    b.client.initialized(types.InitializedParams())
    b.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=warn_uri, language_id="python", version=1, text=warn_path.read_text())))
    t_first = await b.wait_diag(warn_uri, t0)
    first_s = t_first - t0

    # hovers over definitions of the largest files (each opened once): a few while the server's hover
    # index is still being built (start-up), then the measured ones
    opened = {warn_uri}
    hover_ms: list[float] = []
    with_content = 0
    startup_ms: list[float] = []
    first_hover_ms: list[float] = []  # the first hover in a file just opened (includes parsing it)
    t_ready = None
    for k, (file, line, col, name) in enumerate(defs[: args.hovers + args.startup_hovers]):
        if k == args.startup_hovers:
            startup_ms, hover_ms = hover_ms, []
            deadline = time.perf_counter() + 60
            while time.perf_counter() < deadline:
                st = await b.client.protocol.send_request_async("lore/serverStatus", {})
                if st.get("hoverIndexTx") is not None:
                    break
                await asyncio.sleep(0.05)
            t_ready = time.perf_counter() - t0
        uri = (repo / file).as_uri()
        first_in_file = uri not in opened
        if first_in_file:
            b.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=1, text=(repo / file).read_text())))
            opened.add(uri)
        # code_locations: 1-based line, 0-based column of the definition; the name follows "def "/"class "
        text_line = (repo / file).read_text().splitlines()[line - 1] if line else ""
        c = text_line.find(name)
        pos = types.Position(line=line - 1, character=max(c, col))
        t = time.perf_counter()
        h = await b.client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=pos))
        (first_hover_ms if first_in_file and k >= args.startup_hovers else hover_ms).append(
            (time.perf_counter() - t) * 1000)
        with_content += h is not None

    # save -> diagnostics
    save_ms: list[float] = []
    for _ in range(args.saves):
        await asyncio.sleep(0.05)
        t = time.perf_counter()
        b.client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=warn_uri)))
        t_pub = await b.wait_diag(warn_uri, t, need_lore=False)
        save_ms.append((t_pub - t) * 1000)

    # lore/transact round trips
    tx_ms: list[float] = []
    for i in range(args.writes):
        t = time.perf_counter()
        r = await b.client.protocol.send_request_async(
            "lore/transact", {"facts": f'[[:bench/w{i} :description "write {i}"]]', "reason": "bench"})
        tx_ms.append((time.perf_counter() - t) * 1000)
        if not r.get("ok"):
            raise SystemExit(f"transact failed: {r}")

    status = {}
    with open(f"/proc/{server.pid}/status") as f:
        for ln in f:
            k, _, v = ln.partition(":")
            if k in ("VmRSS", "VmHWM"):
                status[k] = int(v.split()[0]) / 1024
    await b.client.shutdown_async(None)
    b.client.exit(None)
    await asyncio.wait_for(server.wait(), 60)
    await drainer
    stderr_log.close()
    await b.client.stop()
    for line in sorted(set(b.logs))[:20]:
        print("server log:", line[:200], file=sys.stderr)
    stats = cli(graph, "status")
    shutil.rmtree(work, ignore_errors=True)
    def r2(x):
        return None if x is None else round(x, 2)

    return {
        "benchmark": "lsp",
        "repo": str(repo), "graph_rows": stats.get("rows"), "graph_entities": stats.get("entities"),
        "warning_file": warn_file, "rejected": target,
        "first_diagnostics_s": round(first_s, 3), "first_diagnostics_goal_s": 1.5,
        "hover_ms": {"n": len(hover_ms), "p50": r2(pct(hover_ms, 50)),
                     "p95": r2(pct(hover_ms, 95)), "max": r2(max(hover_ms))}, "hover_goal_p95_ms": 30,
        "hovers_with_content": with_content,
        "hover_first_in_new_file_ms": {"n": len(first_hover_ms), "p50": r2(pct(first_hover_ms, 50)),
                                       "max": r2(max(first_hover_ms, default=0))},
        "hover_index_ready_s": round(t_ready, 3) if t_ready is not None else None,
        "hover_before_index_ms": {"n": len(startup_ms), "p50": r2(pct(startup_ms, 50)),
                                  "p95": r2(pct(startup_ms, 95)), "max": r2(max(startup_ms, default=0))},
        "save_to_diagnostics_ms": {"n": len(save_ms), "p50": r2(pct(save_ms, 50)), "p95": r2(pct(save_ms, 95)),
                                   "max": r2(max(save_ms))}, "save_goal_ms": 150,
        "transact_ms": {"n": len(tx_ms), "p50": r2(pct(tx_ms, 50)), "p99": r2(pct(tx_ms, 99)),
                        "mean": r2(statistics.mean(tx_ms))}, "transact_goal_p50_ms": 10,
        "rss_mb": r2(status.get("VmRSS")), "rss_peak_mb": r2(status.get("VmHWM")),
        "rss_goal_mb": 400,
        "server_log_messages": len(b.logs),
    }


def main() -> None:
    os.environ["LORE_JOURNAL"] = "0"  # bench memories are never journaled into the repository they sit beside
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", required=True, help="a git work tree (e.g. a clone of ipython/ipython)")
    ap.add_argument("--graph", help="a graph with REPO ingested (default REPO/.lore/lore.duckdb)")
    ap.add_argument("--hovers", type=int, default=200)
    ap.add_argument("--startup-hovers", type=int, default=20, help="hovers right after start, reported apart")
    ap.add_argument("--files", type=int, default=10, help="hover over definitions in this many files")
    ap.add_argument("--functions", type=int, default=50, help="functions that get a decision")
    ap.add_argument("--saves", type=int, default=20)
    ap.add_argument("--writes", type=int, default=300)
    args = ap.parse_args()
    print(json.dumps(asyncio.run(run(args)), indent=2))


if __name__ == "__main__":
    main()

"""A fresh clone's first ingest inside a real ``lore serve`` (stdio, pygls's client): the head first, then the
history on the side and swapped in, while the server's other threads (rules, memory links, embeddings, the
hover index) run. What it measures is the checkpoint after the swap (lore.ingest.backfill): whether it ran
("done") or ran out of its wait ("deferred"), and how long the backfill took.

    python bench/server_first_ingest.py REPO [--baseline DIR] [--journal] [--runs N]

REPO is cloned (git clone --shared) into a temporary folder for each run; nothing in REPO is written.
``--journal``: the clone carries a committed journal entry (a decision rejecting a package a file imports)
and that file is open in the editor, as a teammate's clone would be (the server then has memories to link
and embed while the history is ingested). ``--baseline DIR`` runs the same with DIR/server's code
(PYTHONPATH) in the same invocation, alternating with this tree's. Goal: checkpoint "done" on every run.

With ``--journal`` it also times the editor's first useful answer (issue 19, goal <= 30 s): from the server's
start (and from didOpen) to the first publishDiagnostics for the open file carrying a lore diagnostic (the
journal's decision rejects a package that file imports, so the warning needs the ingested head's imports and
the journal applied), with the server's CPU seconds to then (its reaped children, the head's parse workers,
included) and its peak RSS (sampled each 0.1 s). ``--ext rs``: the open file is Rust (``use X::``), for
repositories without Python; ``--stop-at-diagnostics`` ends the run there instead of at the history's end.

Prints one JSON object: per run, the server's reply (checkpoint, backfill seconds, facts), the wall time from
start to the history's end, the server's CPU seconds, and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
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
DONE = ("complete", "error", "stopped", "skipped")


def cpu_seconds(pid: int) -> float:
    """utime + stime of a live process and its waited-for children (the parse workers)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / ticks


def _import_target(where: Path, ext: str) -> tuple[str, str] | None:
    """The first file of ``ext`` with a line importing an external package (a plain ``import X`` in
    Python, ``use X::...`` in Rust; X not a folder or file at the repository's top): (file, X)."""
    files = subprocess.run(["git", "-C", str(where), "ls-files", f"*.{ext}"], capture_output=True, text=True,
                           check=True).stdout.split()
    top = {p.name.split(".")[0] for p in where.iterdir()}
    for f in files:
        for line in (where / f).read_text(errors="replace").splitlines():
            if ext == "py" and line.startswith("import "):
                name = line.split()[1].split(".")[0].rstrip(",")
                if name not in ("os", "sys", "re") and name not in top:
                    return f, name
            elif ext == "rs" and line.startswith("use ") and "::" in line:
                name = line[4:].split("::")[0].strip()
                if name.isidentifier() and name not in ("crate", "self", "super", "std", "core", "alloc") \
                        and name not in top:
                    return f, name
    return None


def prepare(repo: Path, where: Path, journal: bool, env: dict[str, str], ext: str = "py") -> Path | None:
    subprocess.run(["git", "clone", "-q", "--shared", str(repo), str(where)], check=True)
    if not journal:
        return None
    # One file importing an external package: the journal's decision rejects that package.
    target = _import_target(where, ext)
    if target is None:
        raise SystemExit(f"no .{ext} file with a plain import")
    from lore.idents import external_ident
    lore_env = {**env, "GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.com"}
    lore_env.pop("LORE_GRAPH_PATH", None)
    subprocess.run([LORE, "transact", f"[[:decision/bench :description \"not {target[1]}\"] "
                    f"[:decision/bench :rejects {external_ident(target[1])}]]", "--reason", "benchmark"],
                   cwd=where, check=True, capture_output=True, env=lore_env)
    subprocess.run(["git", "-C", str(where), "add", ".lore/journal"], check=True)
    subprocess.run(["git", "-C", str(where), "-c", "user.email=b@example.com", "-c", "user.name=B", "commit",
                    "-q", "-m", "decision"], check=True)
    for p in (where / ".lore").glob("lore.duckdb*"):
        shutil.rmtree(p) if p.is_dir() else p.unlink()
    return where / target[0]


def rss_mb(pid: int) -> float:
    """VmRSS of a live process, 0.0 once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def one_run(repo: Path, code: str | None, journal: bool, ext: str = "py",
                  stop_at_diagnostics: bool = False) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("LORE_GRAPH_PATH", None)
    if code:
        env["PYTHONPATH"] = str(Path(code).resolve() / "server")
    with tempfile.TemporaryDirectory(prefix="lore-first-ingest-") as tmp:
        root = Path(tmp) / repo.name
        open_file = prepare(repo, root, journal, env, ext)
        client = LanguageClient("lore-bench", "1", converter_factory=_converter)
        first_diag: list[float] = []  # when the open file first had a lore diagnostic (the journal's warning)

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diags(params: types.PublishDiagnosticsParams) -> None:
            if open_file is not None and params.uri == open_file.as_uri() and not first_diag and any(
                    d.source == "lore" for d in params.diagnostics):
                first_diag.append(time.perf_counter())

        @client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def on_create(params: Any) -> None:
            return None

        @client.feature(types.PROGRESS)
        def on_progress(params: Any) -> None:
            return None

        @client.feature(types.WORKSPACE_CONFIGURATION)
        def on_config(params: types.ConfigurationParams) -> list[Any]:
            return [None for _ in params.items]

        t0 = time.perf_counter()
        await client.start_io(LORE, "serve", env=env, cwd=str(root))
        pid = client._server.pid  # type: ignore[union-attr]
        await client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(window=types.WindowClientCapabilities(work_done_progress=True)),
            root_uri=root.as_uri(), workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)]))
        client.initialized(types.InitializedParams())
        t_open = None
        if open_file is not None:
            t_open = time.perf_counter()
            client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
                uri=open_file.as_uri(), language_id={"py": "python", "rs": "rust"}[ext], version=1,
                text=open_file.read_text())))
        peak_rss = 0.0
        diag_cpu = None
        while True:
            peak_rss = max(peak_rss, rss_mb(pid))
            if first_diag and diag_cpu is None:
                diag_cpu = cpu_seconds(pid)
                if stop_at_diagnostics:
                    st = {}
                    break
            st = await client.protocol.send_request_async("lore/ingestStatus", {})
            if st.get("status") in DONE and st.get("history") != "partial":
                break
            await asyncio.sleep(0.1)
        wall = time.perf_counter() - t0
        cpu = cpu_seconds(pid)
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        result = st.get("result") or {}
        history = result.get("history_backfilled") or {}
        diag = {} if open_file is None else {
            "first_diagnostics_seconds": round(first_diag[0] - t0, 2) if first_diag else None,
            "first_diagnostics_after_open_seconds": round(first_diag[0] - t_open, 2) if first_diag and t_open else None,
            "first_diagnostics_server_cpu_seconds": round(diag_cpu, 2) if diag_cpu is not None else None,
            "open_file": str(open_file.relative_to(root))}
        return {**diag, "server_peak_rss_mb": round(peak_rss, 1), "status": st.get("status"),
                "checkpoint": result.get("checkpoint"),
                "backfill_seconds": history.get("seconds"), "facts_swapped_in": history.get("facts_swapped_in"),
                "wall_seconds": round(wall, 2), "server_cpu_seconds": round(cpu, 2),
                "load": [round(x, 2) for x in os.getloadavg()]}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    repo = Path(args.repo).resolve()
    out: dict[str, Any] = {"repo": str(repo), "journal": args.journal, "this": [], "goal": "checkpoint done"}
    if args.baseline:
        out["baseline"] = {"dir": args.baseline, "runs": []}
    for _ in range(args.runs):
        out["this"].append(await one_run(repo, None, args.journal, args.ext, args.stop_at_diagnostics))
        if args.baseline:
            out["baseline"]["runs"].append(await one_run(repo, args.baseline, args.journal, args.ext,
                                                         args.stop_at_diagnostics))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repo")
    ap.add_argument("--baseline", metavar="DIR", help="also run DIR/server's code (e.g. /work/main)")
    ap.add_argument("--journal", action="store_true", help="a committed journal entry and its file open")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--ext", choices=("py", "rs"), default="py", help="the open file's language (with --journal)")
    ap.add_argument("--stop-at-diagnostics", action="store_true",
                    help="end each run at the open file's first lore diagnostic (with --journal), not at the "
                         "history's end")
    args = ap.parse_args()
    print(json.dumps(asyncio.run(main_async(args)), indent=1))


if __name__ == "__main__":
    main()

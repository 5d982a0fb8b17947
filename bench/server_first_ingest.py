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


def prepare(repo: Path, where: Path, journal: bool, env: dict[str, str]) -> Path | None:
    subprocess.run(["git", "clone", "-q", "--shared", str(repo), str(where)], check=True)
    if not journal:
        return None
    # One Python file importing an external package: the journal's decision rejects that package.
    files = subprocess.run(["git", "-C", str(where), "ls-files", "*.py"], capture_output=True, text=True,
                           check=True).stdout.split()
    target = None
    for f in files:
        for line in (where / f).read_text(errors="replace").splitlines():
            if line.startswith("import ") and line.split()[1].split(".")[0] not in ("os", "sys", "re"):
                target = (f, line.split()[1].split(".")[0].rstrip(","))
                break
        if target:
            break
    if target is None:
        raise SystemExit("no Python file with a plain import")
    lore_env = {**env, "GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.com"}
    lore_env.pop("LORE_GRAPH_PATH", None)
    subprocess.run([LORE, "transact", f"[[:decision/bench :description \"not {target[1]}\"] "
                    f"[:decision/bench :rejects :module/{target[1]}]]", "--reason", "benchmark"],
                   cwd=where, check=True, capture_output=True, env=lore_env)
    subprocess.run(["git", "-C", str(where), "add", ".lore/journal"], check=True)
    subprocess.run(["git", "-C", str(where), "-c", "user.email=b@example.com", "-c", "user.name=B", "commit",
                    "-q", "-m", "decision"], check=True)
    for p in (where / ".lore").glob("lore.duckdb*"):
        shutil.rmtree(p) if p.is_dir() else p.unlink()
    return where / target[0]


async def one_run(repo: Path, code: str | None, journal: bool) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("LORE_GRAPH_PATH", None)
    if code:
        env["PYTHONPATH"] = str(Path(code).resolve() / "server")
    with tempfile.TemporaryDirectory(prefix="lore-first-ingest-") as tmp:
        root = Path(tmp) / repo.name
        open_file = prepare(repo, root, journal, env)
        client = LanguageClient("lore-bench", "1", converter_factory=_converter)

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
        if open_file is not None:
            client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
                uri=open_file.as_uri(), language_id="python", version=1, text=open_file.read_text())))
        while True:
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
        return {"status": st.get("status"), "checkpoint": result.get("checkpoint"),
                "backfill_seconds": history.get("seconds"), "facts_swapped_in": history.get("facts_swapped_in"),
                "wall_seconds": round(wall, 2), "server_cpu_seconds": round(cpu, 2),
                "load": [round(x, 2) for x in os.getloadavg()]}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    repo = Path(args.repo).resolve()
    out: dict[str, Any] = {"repo": str(repo), "journal": args.journal, "this": [], "goal": "checkpoint done"}
    if args.baseline:
        out["baseline"] = {"dir": args.baseline, "runs": []}
    for _ in range(args.runs):
        out["this"].append(await one_run(repo, None, args.journal))
        if args.baseline:
            out["baseline"]["runs"].append(await one_run(repo, args.baseline, args.journal))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repo")
    ap.add_argument("--baseline", metavar="DIR", help="also run DIR/server's code (e.g. /work/main)")
    ap.add_argument("--journal", action="store_true", help="a committed journal entry and its file open")
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    print(json.dumps(asyncio.run(main_async(args)), indent=1))


if __name__ == "__main__":
    main()

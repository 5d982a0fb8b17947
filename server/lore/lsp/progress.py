"""Background ingestion of the workspace at startup, shown as LSP work-done progress (cancellable).

Ingestion is lore.ingest's operation ``ingest`` (``wait: false`` starts a job and returns) and
``ingestStatus`` reports it. When those operations are not there, or the workspace is not a git
repository, nothing starts and nothing is shown.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from lore import operations
from lore.store.graph import Graph

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger("lore")

POLL_SECONDS = 0.25
_DONE = {"complete", "idle", "error", "stopped", "skipped"}


@operations.register("lspIngestCancel")
def ingest_cancel(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Stop the background ingestion between commits (what is committed stays; the next run resumes)."""
    from lore.ingest.ops import job_for

    job = job_for(graph)
    job.cancel()
    return {"ok": True, **job.status()}


@operations.register("lspCatchUp")
def catch_up(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """After an ingestion (bulk writes that bypass derived work): let the rules and links see it."""
    try:
        from lore.inference.scheduler import scheduler_for
    except ImportError:
        return {"ok": True, "queued": False}
    sched = scheduler_for(graph)
    if sched is not None:
        sched.submit(None)
    return {"ok": True, "queued": sched is not None}


def _percent(status: dict[str, Any]) -> int | None:
    done, total = status.get("processed"), status.get("total")
    if isinstance(done, (int, float)) and isinstance(total, (int, float)) and total > 0:
        return max(0, min(100, int(100 * done / total)))
    return None


def _message(status: dict[str, Any]) -> str:
    state = str(status.get("status") or status.get("state") or "running")
    parts = [state]
    if status.get("history") == "partial":
        # An ingestion that ended without its history (an error, a cancel) has none in progress: it resumes
        # on the next ingest ("error, head ingested, history in progress, git log failed: …" was shown).
        parts.append("head ingested, history in progress" if state in ("starting", "running")
                     else "head ingested, history not complete")
    if status.get("processed") is not None and status.get("total") is not None:
        parts.append(f"{status['processed']}/{status['total']} commits")
    error = _error_text(status)
    if error:
        parts.append(error)
    return ", ".join(parts)


def _error_text(status: dict[str, Any]) -> str | None:
    error = status.get("error")
    if isinstance(error, dict) and (error.get("message") or error.get("code")):
        return str(error.get("message") or error.get("code"))
    return None


def _report_failure(ls: "LoreServer", root: Path, status: dict[str, Any]) -> None:
    """An ingestion that failed (or never started) is told to the person, not only to the log."""
    error = _error_text(status)
    if error is None or status.get("status") == "skipped" or (status.get("error") or {}).get("code") == "graph-locked":
        log.info("not ingesting %s: %s", root, error)  # another process has the graph: it ingests
        return
    log.error("ingestion of %s failed: %s", root, error)
    try:
        ls.window_show_message(types.ShowMessageParams(
            type=types.MessageType.Error, message=f"Lore: ingesting {root.name} failed: {error}"))
    except Exception:  # a client that is gone cannot be told
        log.exception("could not show the ingestion failure")


async def ingest_workspace(ls: "LoreServer", root: Path) -> dict[str, Any] | None:
    """Start ingesting ``root`` and follow it until it ends; returns the last status (None if not started)."""
    try:
        operations.load_features()
        if "ingest" not in operations.OPERATIONS or not (root / ".git").exists():
            log.info("not ingesting %s (no ingestion, or not a git repository)", root)
            return None
        started = await ls.run_op("ingest", {"repo": str(root), "wait": False})
    finally:
        ls.ingest_pending = False  # the job has started (its own status says so from now), or never will
    if started.get("ok") and ls.backend is not None:
        # An agent's hook forwarded here prepares its turn with the model: loaded on a thread once this ingest
        # has ended (not beside the first hovers and typed lines), never on the graph's worker (a status there
        # held every hover behind the load; user trial 10).
        ls.backend.warm_encoder(after="done")
    following = False
    if not started.get("ok"):
        if (started.get("error") or {}).get("code") != "ingest-running":
            _report_failure(ls, root, started)
            return started
        # Another process ingests (the graph's owner, which this server forwards to) or an earlier request:
        # that run is followed and shown here too (a forwarding Neovim showed nothing while another ingested);
        # not cancellable from here, since it is not this editor's.
        following = True
    if "ingestStatus" not in operations.OPERATIONS:
        return started

    token = f"lore-ingest-{uuid.uuid4().hex[:8]}"
    progress = ls.work_done_progress
    shown = False
    caps = ls.client_capabilities
    if caps and caps.window and caps.window.work_done_progress:
        try:
            await asyncio.wait_for(progress.create_async(token), 5)
            progress.begin(token, types.WorkDoneProgressBegin(title="Lore: ingesting", cancellable=not following,
                                                              message=f"{root.name}", percentage=0))
            shown = True
        except Exception as exc:  # noqa: BLE001 - a client that refuses progress still gets ingestion
            log.info("work-done progress unavailable: %s", exc)
    status: dict[str, Any] = started
    if shown and not following and token in progress.tokens:
        # The editor's cancel resolves pygls's token future: stop the ingestion at once, not at the next poll.
        loop = asyncio.get_running_loop()

        def on_cancel(fut: Any) -> None:
            if fut.cancelled():
                log.info("ingestion cancelled from the editor")
                loop.create_task(ls.run_op("lspIngestCancel", {}))

        progress.tokens[token].add_done_callback(
            lambda fut: loop.call_soon_threadsafe(on_cancel, fut))
    head_shown = False
    try:
        while True:
            status = await ls.run_op("ingestStatus", {})
            if not status.get("ok") or str(status.get("status") or status.get("state")) in _DONE:
                break
            if status.get("head_ingested_at") and not head_shown:
                # A fresh graph has the branch head's code now (history follows): rules, links and
                # diagnostics need not wait for the history.
                head_shown = True
                await ls.run_op("lspCatchUp", {})
                ls.on_graph_changed("ingested")
            if shown:
                progress.report(token, types.WorkDoneProgressReport(message=_message(status),
                                                                    percentage=_percent(status)))
            await asyncio.sleep(POLL_SECONDS)
    finally:
        if shown:
            progress.end(token, types.WorkDoneProgressEnd(message=_message(status)))
    if not following and (status.get("status") == "error" or not status.get("ok")):
        _report_failure(ls, root, status)
    await ls.run_op("lspCatchUp", {})
    stats = await ls.run_op("stats", {})
    ls.on_graph_changed("ingested", stats.get("tx") if stats.get("ok") else None)
    return status

"""A background ingest: a thread that runs ``ingest`` with status, progress and cancellation, for the
language server's work-done progress and ``lore/ingestStatus``.

Status: idle -> starting -> running -> complete | error | stopped; skipped when another process owns the
graph (the seed's vocabulary). ``processed`` counts the commits the graph has, cumulative across interrupted
runs (the graph's commits at the run's start plus this run's); ``processed_this_run`` this run's alone;
``total`` the commits the graph will have when the run ends; ``current_commit`` the last commit processed;
``owner_pid`` the process that owns the graph and runs its ingestion (a forwarded reply carries the
owner's, not the caller's).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any, Callable

from lore.errors import LoreError
from lore.store.graph import Graph
from lore.timeutil import format_instant, now_micros

log = logging.getLogger("lore")

STATUSES = ("idle", "starting", "running", "complete", "error", "stopped", "skipped")


class IngestJob:
    """One ingest at a time per job object. ``on_progress(status_dict)`` is called from the worker thread
    (throttled to ~10 per second) so a server can forward it as work-done progress."""

    def __init__(self, graph: Graph, *, on_progress: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.graph = graph
        self.on_progress = on_progress
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_emit = 0.0
        self.state: dict[str, Any] = {"status": "idle", "processed": 0, "processed_this_run": 0, "total": None,
                                      "current_commit": None, "error": None}
        self._base = 0  # the graph's commits when the run started
        # Set once the run has written the branch head's code (head first) or has ended: a caller that needs
        # some code to work on (lore check's first ingest) waits on it instead of starting a second ingest.
        self.head_or_done = threading.Event()
        self.head_or_done.set()
        self.head_first = False  # whether the run writes the head first (seconds) or only at its end

    def status(self) -> dict[str, Any]:
        with self._lock:
            st = dict(self.state)
        st["owner_pid"] = os.getpid()
        other = st.get("skipped_for_pid")
        if other is not None:
            # Another process owned the graph: its pid, and whether it has gone since (a retry may work).
            st["owner_pid"] = other
            st["stale"] = not _alive(other)
        st.pop("skipped_for_pid", None)
        return st

    @property
    def running(self) -> bool:
        return self.status()["status"] in ("starting", "running")

    def start(self, repo: str, branch: str | None = None, *, head_first: bool = False) -> dict[str, Any]:
        """Start in the background; ``{"ok": false, ...}`` when an ingest is already under way.

        head_first: on a graph with nothing ingested, the branch head's code first (status then says
        ``history: partial`` and ``head_ingested_at``), then the history behind it (lore.ingest.backfill)."""
        with self._lock:
            if self.state["status"] in ("starting", "running"):
                return {**self.state, "ok": False, "error": {"code": "ingest-running",
                                                             "message": "an ingestion is already in progress"}}
            self._cancel.clear()
            self.head_or_done.clear()
            self.head_first = head_first
            self.state = {"status": "starting", "processed": 0, "processed_this_run": 0, "total": None,
                          "current_commit": None, "error": None, "repo": repo, "branch": branch,
                          "started_at": format_instant(now_micros())}
            self._thread = threading.Thread(target=self._run, args=(repo, branch, head_first), name="lore-ingest",
                                            daemon=True)
            self._thread.start()
        return {"ok": True, "started": True, **self.status()}

    def refuse(self, repo: str, branch: str | None, exc: LoreError) -> None:
        """An ingest refused before it started (no repository there): ingestStatus says so, as if it had
        run and failed at once."""
        with self._lock:
            if self.state["status"] in ("starting", "running"):
                return
            at = format_instant(now_micros())
            self.state = {"status": "error", "processed": 0, "processed_this_run": 0, "total": None,
                          "current_commit": None, "error": exc.to_json(), "repo": repo, "branch": branch,
                          "started_at": at, "error_at": at}

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> dict[str, Any]:
        t = self._thread
        if t is not None:
            t.join(timeout)
        return self.status()

    def _progress(self, done: int, total: int, commit: str | None = None) -> None:
        with self._lock:
            self.state.update(status="running", processed=self._base + done, processed_this_run=done,
                              total=self._base + total, current_commit=commit)
        now = time.monotonic()
        if self.on_progress and (now - self._last_emit > 0.1 or done == total):
            self._last_emit = now
            try:
                self.on_progress(self.status())
            except Exception:  # a failing listener must not stop the ingest
                log.exception("ingest progress listener failed")

    def _on_head(self, reply: dict[str, Any]) -> None:
        with self._lock:
            self.state.update(history="partial", head_ingested_at=format_instant(now_micros()),
                              head_seconds=reply.get("head_seconds"), head=reply.get("summary"))
        self.head_or_done.set()
        if self.on_progress:
            try:
                self.on_progress(self.status())
            except Exception:  # a failing listener must not stop the ingest
                log.exception("ingest progress listener failed")

    def _run(self, repo: str, branch: str | None, head_first: bool = False) -> None:
        from lore.ingest.api import ingest
        from lore.ingest.backfill import history_on_the_side, history_state, ingest_head_first

        try:
            # processed/total count the commits of the graph being walked: history rebuilt on the side (an
            # older extractor's graph) counts the side graph's, not the old history's still in place (a
            # rebuild of 2,655 commits said 2,985/5,310, then "complete, 5310/5310").
            base = 0 if history_on_the_side(self.graph) else persisted_commits(self.graph)
            with self._lock:
                self._base = base
                self.state.update(processed=base)
            if head_first:
                result = ingest_head_first(self.graph, repo, branch, progress=self._progress, cancel=self._cancel,
                                           on_head=self._on_head)
            else:
                result = ingest(self.graph, repo, branch, progress=self._progress, cancel=self._cancel)
            # Read before the status changes, in one update with it: a status of 'complete' beside the
            # head's 'partial' was seen while this read waited for the graph's lock.
            history = history_state(self.graph)
            with self._lock:
                self.state.update(status=result.get("status", "complete"), result=result, history=history,
                                  finished_at=format_instant(now_micros()))
                if self.state.get("total") is None:  # nothing to walk (up to date): what the graph has
                    self.state["total"] = self.state["processed"]
        except LoreError as exc:
            if exc.code != "graph-locked":
                log.error("ingest of %s failed: %s: %s", repo, exc.code, exc.message)
            with self._lock:
                skipped = exc.code == "graph-locked"
                self.state.update(status="skipped" if skipped else "error", error=exc.to_json(),
                                  error_at=format_instant(now_micros()))
                if skipped and exc.extra.get("owner_pid"):
                    self.state["skipped_for_pid"] = exc.extra["owner_pid"]
        except Exception as exc:  # reported as status, logged in full
            log.exception("ingest failed")
            with self._lock:
                self.state.update(status="error", error={"code": "ingest-failed", "message": str(exc)},
                                  error_at=format_instant(now_micros()))
        self.head_or_done.set()
        if self.on_progress:
            try:
                self.on_progress(self.status())
            except Exception:
                log.exception("ingest progress listener failed")


def persisted_commits(graph: Graph) -> int:
    """The commits the graph holds (seed 001: processed is seeded from the true count, not a watermark)."""
    with graph.lock:
        try:
            return graph.con.execute(
                "SELECT count(DISTINCT e) FROM facts WHERE a = ':entity-type' AND vt = 'k' AND v = ':type/commit' "
                "AND tx_to = 2147483647").fetchall()[0][0]
        except Exception:  # noqa: BLE001 - a graph being created: nothing yet
            return 0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True

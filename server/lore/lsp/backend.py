"""Where a server's operations run: on its own graph when it owns it, else at the owner (forwarded).

The owner runs every operation on one worker thread (a DuckDB connection is not shared across threads)
from a priority queue: editor requests first, then derived work (inference, links) that writes trigger,
batched so a burst of writes runs the rules once. A write's reply goes out before its derived work runs.

A server that finds another owner stands by: it forwards, and a thread blocks on the owner lock so that
when the owner dies (even ``kill -9``) this server takes the graph over without anyone noticing.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import queue
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable

from lore import operations
from lore.errors import LoreError, error_reply
from lore.lsp import owner
from lore.store.graph import Graph, TxResult

log = logging.getLogger("lore")

INTERACTIVE, BACKGROUND = 0, 1
OPEN_RETRY_SECONDS = 120.0  # a CLI process may hold the graph file briefly; wait for it
# Derived work waits for writes to pause this long (at most DERIVE_MAX_DELAY after the first write), so a
# burst of writes runs it once and no write waits behind it.
DERIVE_DEBOUNCE = 0.15
DERIVE_MAX_DELAY = 1.0

Listener = Callable[[str], None]  # called with "write" or "derived" after the graph changed


def _merge(results: list[TxResult]) -> TxResult:
    """Derived work for a batch of writes: the last tx, every (entity, attribute) any of them touched."""
    last = results[-1]
    touched = sorted({t for r in results for t in r.touched})
    return TxResult(last.tx, last.instant, sum(r.asserted for r in results),
                    sum(r.retracted for r in results), touched)


class Backend:
    def __init__(self, graph_path: str | Path, on_change: Listener | None = None) -> None:
        self.graph_path = Path(graph_path)
        self.on_change = on_change
        self.lock = owner.OwnerLock(self.graph_path)
        self.graph: Graph | None = None
        self.socket: owner.OwnerSocket | None = None
        self.is_owner = False
        self._owner_ready = threading.Event()
        self._queue: queue.PriorityQueue[tuple[int, int, Callable[[], Any], Future[Any]]] = queue.PriorityQueue()
        self._seq = itertools.count()
        self._pending_derive: list[TxResult] = []
        self._derive_first = 0.0
        self._derive_last = 0.0
        self._closed = False
        self.open_error: LoreError | None = None
        self._worker_thread: threading.Thread | None = None
        self.scheduler: Any = None

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        if self.lock.try_acquire():
            self._become_owner()
        else:
            log.info("graph %s is owned by pid %s; forwarding to it", self.graph_path,
                     owner.owner_pid(self.graph_path))
            threading.Thread(target=self._standby, name="lore-standby", daemon=True).start()

    def _standby(self) -> None:
        try:
            self.lock.acquire()
        except OSError as exc:
            log.error("cannot wait for the graph's owner lock: %s", exc)
            return
        if self._closed:
            self.lock.release()
            return
        log.info("the graph's owner is gone; taking the graph over")
        self._become_owner()

    def _become_owner(self) -> None:
        self.is_owner = True
        # Listen first: clients that connect while the graph opens wait in the queue, not in a retry loop.
        self.socket = owner.OwnerSocket(self.graph_path, self._handle_forwarded)
        self.socket.start()
        self._worker_thread = threading.Thread(target=self._worker, name="lore-graph", daemon=True)
        self._worker_thread.start()
        self._owner_ready.set()

    def close(self, timeout: float = 30.0) -> None:
        """Stop serving and close the graph (checkpointed), then give up ownership. Waits for the worker:
        a process must not exit while DuckDB is mid-statement on another thread."""
        if self._closed:
            return
        self._closed = True
        if self.socket is not None:
            self.socket.close()
        if self._worker_thread is not None:
            # The stop marker sorts after every queued request and derived work, so nothing is dropped.
            self._queue.put((BACKGROUND + 1, next(self._seq), lambda: None, Future()))
            self._worker_thread.join(timeout)
        self.lock.release()

    # ------------------------------------------------------------------ the worker (owner only)

    def _open_graph(self) -> Graph | None:
        deadline = time.monotonic() + OPEN_RETRY_SECONDS
        delay = 0.02
        while True:
            try:
                return Graph(self.graph_path)
            except LoreError as exc:
                if exc.code != "graph-locked" or time.monotonic() > deadline or self._closed:
                    self.open_error = exc
                    log.error("cannot open the graph: %s", exc.message)
                    return None
                time.sleep(delay)
                delay = min(delay * 2, 0.5)

    def _start_inference(self, graph: Graph) -> None:
        """Rules run off the write path on lore.inference's scheduler (its own thread and cursor); a catch-up
        run at start sees whatever changed while no server was running (CLI writes, ingestion)."""
        try:
            from lore.inference.scheduler import InferenceScheduler
        except ImportError:
            return
        try:
            self.scheduler = InferenceScheduler(graph, on_change=lambda _files: self._notify("derived"))
            self.scheduler.submit(None)
        except Exception:  # noqa: BLE001 - without a scheduler derived work runs on the worker
            log.exception("inference scheduler did not start")
            self.scheduler = None

    def catch_up(self) -> None:
        """After bulk writes that bypassed derivation (ingestion): let the rules see them."""
        if self.scheduler is not None:
            self.scheduler.submit(None)

    def _worker(self) -> None:
        self.graph = self._open_graph()
        if self.graph is not None:
            self._start_inference(self.graph)
        while True:
            timeout = None
            if self._pending_derive:
                due = min(self._derive_last + DERIVE_DEBOUNCE, self._derive_first + DERIVE_MAX_DELAY)
                timeout = max(0.0, due - time.monotonic())
            try:
                prio, _, fn, fut = self._queue.get(timeout=timeout)
            except queue.Empty:
                self._derive_batch()
                continue
            if prio > BACKGROUND:
                self._derive_batch()  # nothing a write triggered is dropped
                self._shutdown_graph()
                return
            if not fut.set_running_or_notify_cancel():
                continue
            if self.graph is None:
                fut.set_result(error_reply(self.open_error or LoreError("graph-open-failed", "no graph")))
                continue
            try:
                # Ingestion and inference run on their own threads and take graph.lock around their writes.
                with self.graph.lock:
                    result = fn()
                fut.set_result(result)
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting caller
                fut.set_exception(exc)
            if self._pending_derive and time.monotonic() >= self._derive_first + DERIVE_MAX_DELAY:
                self._derive_batch()  # a steady stream of writes never goes quiet: run at the deadline

    def _shutdown_graph(self) -> None:
        """Stop the threads that use the graph (an ingestion between commits, the rules), then close it."""
        if self.graph is None:
            return
        try:
            import sys

            ingest_ops = sys.modules.get("lore.ingest.ops")
            job = ingest_ops._JOBS.get(self.graph) if ingest_ops is not None else None
            if job is not None and job.running:
                job.cancel()
                job.wait(30)
        except Exception:  # noqa: BLE001 - closing goes on regardless
            log.exception("stopping the ingestion failed")
        if self.scheduler is not None:
            self.scheduler.stop()
        self.graph.close()

    def submit(self, fn: Callable[[Graph], Any], priority: int = INTERACTIVE) -> Future[Any]:
        """Run ``fn(graph)`` on the owner's worker thread."""
        fut: Future[Any] = Future()
        self._queue.put((priority, next(self._seq), lambda: fn(self.graph), fut))
        return fut

    def _run_local(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        def job(graph: Graph) -> dict[str, Any]:
            reply = operations.run(op, graph, params)
            result = reply.pop("_result", None)
            if result is not None:
                self._schedule_derive(result)
            return reply

        reply = self.submit(job).result()
        if op in operations.WRITES and reply.get("ok"):
            self._notify("write")
        return reply

    def _schedule_derive(self, result: TxResult) -> None:
        # On the worker thread: no lock needed around the batch.
        now = time.monotonic()
        if not self._pending_derive:
            self._derive_first = now
        self._derive_last = now
        self._pending_derive.append(result)

    def _derive_batch(self) -> None:
        batch, self._pending_derive = self._pending_derive, []
        if not batch or self.graph is None:
            return
        with self.graph.lock:
            operations.derive(self.graph, _merge(batch))
        self._notify("derived")

    def _notify(self, kind: str) -> None:
        if self.on_change is not None:
            try:
                self.on_change(kind)
            except Exception:  # noqa: BLE001 - a listener never breaks the graph
                log.exception("change listener failed")

    def _handle_forwarded(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        return self._run_local(op, params)

    # ------------------------------------------------------------------ the face the server uses

    def run(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        """Run one operation wherever the graph is; the reply is what ``lore … --json`` prints."""
        if not isinstance(params, dict):
            return error_reply(LoreError("bad-params", f"params for {op} must be an object"))
        for _ in range(3):
            if self.is_owner:
                return self._run_local(op, params)
            reply = owner.forward(self.graph_path, op, params)
            if reply is not None:
                return reply
            # Nobody owns the graph any more: our standby thread is taking it over.
            if self._owner_ready.wait(owner.STARTUP_WAIT):
                continue
        return error_reply(LoreError("owner-unreachable", f"no process could take over {self.graph_path}"))

    async def run_async(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.run, op, params)

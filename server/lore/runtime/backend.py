"""Where a server's operations run: on its own graph when it owns it, else at the owner (forwarded).

The owner opens the graph once and every thread uses that one ``Graph`` (its lock, session, id counter
and caches), each on its own cursor of the connection (``Graph.share_between_threads``: a DuckDB connection
must not be shared across threads). Writers serialise on ``graph.lock`` as everywhere in Lore.

Threads of an owner:
- the worker: every operation (editor requests, lore/* requests, forwarded CLI commands), one at a time,
  except the bounded reads (``operations.BOUNDED_READS``: queries, ``lore sql``), which run on a small pool
  of reader threads beside it under their time limit, so a slow query never holds up a write. What an
  operation only waits for (``operations.THEN``: a waited ``ingest`` runs as the ingest job and is waited
  for) is waited for in the request's own thread (the forwarding connection's, the editor's executor), so
  a long ingest never holds up the others;
- the deriver: derived work a write triggers (memory links, rule scheduling), batched — it waits for writes
  to pause (``DERIVE_DEBOUNCE``, at most ``DERIVE_MAX_DELAY``) so a burst runs it once, and a write's reply
  never waits for it;
- the background thread: the features' catch-up work (operations.BACKGROUND: the memories' embeddings) in
  bounded steps, each only while the worker has nothing to do, woken at start, after derived work and when
  a feature asks (``graph.session.background``);
- lore.inference's scheduler and lore.ingest's job run on their own threads.

A server that finds another owner stands by: it forwards, and a thread blocks on the owner lock so that
when the owner dies (even ``kill -9``) this server takes the graph over.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import queue
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from lore import operations
from lore.errors import LoreError, error_reply
from lore.memory import embed
from lore.runtime import owner
from lore.store.graph import Graph, TxResult

log = logging.getLogger("lore")

OPEN_RETRY_SECONDS = 120.0  # a CLI process may hold the graph file briefly; wait for it
DERIVE_DEBOUNCE = 0.2
DERIVE_MAX_DELAY = 2.0
READER_THREADS = 2  # bounded reads at once beside the worker (more wait their turn)

# Called with ("write" | "derived", the graph's newest tx or None) after the graph changed.
Listener = Callable[[str, "int | None"], None]


def _merge(results: list[TxResult]) -> TxResult:
    """Derived work for a batch of writes: the last tx, every (entity, attribute) any of them touched."""
    last = results[-1]
    touched = sorted({t for r in results for t in r.touched})
    return TxResult(last.tx, last.instant, sum(r.asserted for r in results),
                    sum(r.retracted for r in results), touched)


_STOP = object()
INGEST_WAIT = 600.0  # the encoder's load waits at most this long for the start-up ingest (warm_encoder)


class Backend:
    def __init__(self, graph_path: str | Path, on_change: Listener | None = None) -> None:
        self.graph_path = Path(graph_path)
        self.on_change = on_change
        self.lock = owner.OwnerLock(self.graph_path)
        self.graph: Graph | None = None
        self.socket: owner.OwnerSocket | None = None
        self.scheduler: Any = None
        self.hover_index: Any = None
        self.is_owner = False
        self.open_error: LoreError | None = None
        self._owner_ready = threading.Event()
        self._queue: queue.Queue[Any] = queue.Queue()
        self._seq = itertools.count()
        self._closed = False
        self._submit_lock = threading.Lock()
        self._worker_thread: threading.Thread | None = None
        self._readers: ThreadPoolExecutor | None = None
        self._deriver_thread: threading.Thread | None = None
        self._derive_cv = threading.Condition()
        self._pending_derive: list[TxResult] = []
        self._derive_first = 0.0
        self._derive_last = 0.0
        self._derive_stop = False
        self._deriving = False  # the deriver is running a batch
        self._derive_now = False  # someone waits in settle(): run the batch without the debounce
        self._background_thread: threading.Thread | None = None
        self._background_cv = threading.Condition()
        self._background_wake = False
        self._background_stop = False
        self._working = False  # the worker runs an operation (the background thread waits for it)

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        try:
            acquired = self.lock.try_acquire()
        except LoreError as exc:  # unsafe-path: the lock is a symlink or another user's file
            self.open_error = exc
            log.error("%s", exc.message)
            return
        except OSError as exc:
            # No lock file can be made beside the graph (a missing or read-only folder): every request
            # answers this error; the editor session itself keeps working.
            self.open_error = LoreError("graph-unwritable", f"cannot use {self.graph_path}: {exc.strerror or exc}")
            log.error("%s", self.open_error.message)
            return
        if acquired:
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
        embed.resident()  # a process that serves many requests: MiniLM in onnxruntime (lore.memory.embed)
        # Listen first: clients that connect while the graph opens wait in the queue, not in a retry loop.
        try:
            self.socket = owner.OwnerSocket(self.graph_path, self._run_local)
            self.socket.start()
        except (LoreError, OSError) as exc:
            # No private folder for the socket: this server still owns and serves the graph; other
            # processes cannot forward to it (they get graph-locked) rather than reach an unsafe socket.
            self.socket = None
            log.error("not listening for other processes: %s", getattr(exc, "message", exc))
        self._worker_thread = threading.Thread(target=self._worker, name="lore-graph", daemon=True)
        self._worker_thread.start()
        self._owner_ready.set()

    def warm_encoder(self, after: str = "head") -> threading.Thread | None:
        """Load the semantic encoder on a thread at the graph's owner (a process forwarding to one has no use
        for it), once a running start-up ingest has written the head (``after="head"``: an agent's first
        prepare-turn comes right after start-up and waits for the head anyway; loading the model then was
        most of that turn's wait on a fresh clone, user trial 10: 10 s of 26 at load 19) or has ended
        (``"done"``: an editor's server, whose first hovers and typed lines come while the history is read,
        and whose model only an agent's forwarded hook needs). Loading beside the ingest slowed it (the
        load's Python holds the GIL). Loaded once per process; ``LORE_SEMANTIC=0`` loads nothing."""
        if not self.is_owner:
            return None
        first = None
        if self.graph is not None:
            from lore.ingest.ops import job_for

            job = job_for(self.graph)
            if job.running:
                if after == "done":
                    def first() -> None:
                        job.wait(INGEST_WAIT)
                elif job.head_first:
                    def first() -> None:
                        job.head_or_done.wait(INGEST_WAIT)
        return embed.load_in_background(first)

    def close(self, timeout: float = 30.0) -> None:
        """Stop serving and close the graph (checkpointed), then give up ownership. Waits for the threads:
        a process must not exit while DuckDB is mid-statement on another thread."""
        with self._submit_lock:
            if self._closed:
                return
            self._closed = True
        if self.socket is not None:
            self.socket.close()
        if self._readers is not None:
            from lore.store.limits import interrupt_all

            interrupt_all()  # reads in flight stop now rather than at their time limit
            self._readers.shutdown(wait=True)
        if self._worker_thread is not None:
            with self._submit_lock:
                self._queue.put(_STOP)  # after every queued request: nothing is dropped
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
        except Exception:  # without a scheduler the derivation runs rules itself
            log.exception("inference scheduler did not start")
            self.scheduler = None

    def catch_up(self) -> None:
        """After bulk writes that bypassed derivation (ingestion): let the rules see them."""
        if self.scheduler is not None:
            self.scheduler.submit(None)

    def _worker(self) -> None:
        graph = self._open_graph()
        if graph is not None:
            graph.share_between_threads()
            graph.session.resident = True
            self.graph = graph
            log.debug("graph open")
            self._start_inference(self.graph)
            from lore.codeview.hover_index import HoverIndex

            self.hover_index = HoverIndex(self.graph)
            self._deriver_thread = threading.Thread(target=self._deriver, name="lore-derive", daemon=True)
            self._deriver_thread.start()
            self._background_thread = threading.Thread(target=self._background, name="lore-background", daemon=True)
            self._background_thread.start()
            # Catch derived state (memory index, links) up now, not on the first write after a long pause.
            tx, instant = self.graph.last_tx()
            self._schedule_derive(TxResult(tx, instant, 0, 0, []))
        while True:
            item = self._queue.get()
            if item is _STOP:
                self._shutdown_graph()
                self._reject_queued()
                return
            fn, fut = item
            if not fut.set_running_or_notify_cancel():
                continue
            if self.graph is None:
                fut.set_result(error_reply(self.open_error or LoreError("graph-open-failed", "no graph")))
                continue
            self._working = True
            try:
                fut.set_result(fn(self.graph))
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting caller
                fut.set_exception(exc)
            finally:
                with self._background_cv:
                    self._working = False
                    self._background_cv.notify_all()

    def _shutdown_graph(self) -> None:
        """Finish derived work, stop the threads that use the graph (an ingestion between commits, the
        rules), then close it."""
        if self.graph is None:
            return
        if self._background_thread is not None:
            with self._background_cv:
                self._background_stop = True
                self._background_cv.notify_all()
            self._background_thread.join(60)
        if self._deriver_thread is not None:
            with self._derive_cv:
                self._derive_stop = True
                self._derive_cv.notify_all()
            self._deriver_thread.join(60)
        if self.scheduler is not None:
            self.scheduler.stop()
        if self.hover_index is not None:
            self.hover_index.stop()
        self.graph.close()

    def _reject_queued(self) -> None:
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is not _STOP:
                item[1].set_result(error_reply(LoreError("shutting-down", "the server is shutting down")))

    def submit(self, fn: Callable[[Graph], Any]) -> Future[Any]:
        """Run ``fn(graph)`` on the owner's worker thread (an error reply once the server is closing)."""
        fut: Future[Any] = Future()
        with self._submit_lock:
            if self._closed:
                fut.set_result(error_reply(LoreError("shutting-down", "the server is shutting down")))
            else:
                self._queue.put((fn, fut))
        return fut

    def _run_local(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        from lore.codeview import hover

        if op == hover.OP and self.hover_index is not None and not self._closed:
            # Hovers are read-only: they run on the hover thread, beside the worker.
            def lookup(graph: Graph, index: Any) -> dict[str, Any]:
                try:
                    return hover.hover_info(graph, params, index)
                except LoreError as exc:
                    return error_reply(exc)
            return self.hover_index.submit(lookup).result()

        if params.get("settle") is True and not self._closed:
            self.settle()  # read-your-writes for derived facts, asked for by the caller (MCP tools do)

        if op in operations.BOUNDED_READS and self.graph is not None and not self._closed:
            return self._run_reader(op, params)

        def job(graph: Graph) -> dict[str, Any]:
            reply = operations.run(op, graph, params, defer=True)
            result = reply.pop("_result", None)
            if result is not None:
                self._schedule_derive(result)
            return reply

        reply = self.submit(job).result()
        if operations.THEN in reply and self.graph is not None:
            # What the operation left to wait for (a waited ingest) is waited for here, in the request's own
            # thread, while the worker serves the others.
            reply = operations.finish(op, self.graph, reply)
            result = reply.pop("_result", None)
            if result is not None:
                self._schedule_derive(result)
        if op in operations.WRITES and reply.get("ok"):
            self._notify("write")
        return reply

    def _run_reader(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        """A bounded read on a reader thread, with that thread's own cursor of the graph."""
        with self._submit_lock:
            if self._closed:
                return error_reply(LoreError("shutting-down", "the server is shutting down"))
            if self._readers is None:
                self._readers = ThreadPoolExecutor(READER_THREADS, thread_name_prefix="lore-read")
            graph = self.graph
            assert graph is not None  # only called once the graph is open
            fut = self._readers.submit(operations.run, op, graph, params)
        return fut.result()

    # ------------------------------------------------------------------ the deriver (owner only)

    def _schedule_derive(self, result: TxResult) -> None:
        now = time.monotonic()
        with self._derive_cv:
            if not self._pending_derive:
                self._derive_first = now
            self._derive_last = now
            self._pending_derive.append(result)
            self._derive_cv.notify_all()

    def _deriver(self) -> None:
        while True:
            with self._derive_cv:
                while True:
                    if self._pending_derive:
                        due = min(self._derive_last + DERIVE_DEBOUNCE, self._derive_first + DERIVE_MAX_DELAY)
                        wait = due - time.monotonic()
                        if wait <= 0 or self._derive_stop or self._derive_now:
                            break
                        self._derive_cv.wait(wait)
                    elif self._derive_stop:
                        return
                    else:
                        self._derive_cv.wait()
                batch, self._pending_derive = self._pending_derive, []
                self._deriving = True
            assert self.graph is not None
            t = time.perf_counter()
            try:
                operations.derive(self.graph, _merge(batch))
            finally:
                with self._derive_cv:
                    self._deriving = False
                    if not self._pending_derive:
                        self._derive_now = False
                    self._derive_cv.notify_all()
            log.debug("derived work for %d writes took %.0f ms", len(batch), (time.perf_counter() - t) * 1000)
            self.wake_background()
            self._notify("derived")

    # ------------------------------------------------------------------ the background thread (owner only)

    def wake_background(self) -> None:
        with self._background_cv:
            self._background_wake = True
            self._background_cv.notify_all()

    def _pause_for_worker(self, unless: Callable[[], bool] = lambda: False) -> None:
        """Block while the worker has an operation to run, until ``unless()`` or the server stops."""
        with self._background_cv:
            while (self._working or not self._queue.empty()) and not self._background_stop and not unless():
                self._background_cv.wait(0.02)

    def _background(self) -> None:
        """Run the features' background steps while any has more to do, one step at a time and only while the
        worker is idle: an operation never waits for more than the step in progress."""
        graph = self.graph
        assert graph is not None
        operations.load_features()
        graph.session.background = self.wake_background
        self._background_wake = True  # catch up with what was written while no owner ran
        while True:
            with self._background_cv:
                while not self._background_wake and not self._background_stop:
                    self._background_cv.wait()
                if self._background_stop:
                    return
                self._background_wake = False
            more = True
            while more:
                self._pause_for_worker()
                if self._background_stop:
                    return
                more = False
                for fn in list(operations.BACKGROUND):
                    try:
                        more = fn(graph, self._pause_for_worker) or more
                    except Exception:  # a failing step is retried at the next wake, never kills the thread
                        log.exception("background work %s failed", getattr(fn, "__name__", fn))

    def settle(self, timeout: float = 30.0) -> bool:
        """Wait until the derived work of every write acknowledged so far has run — memory links, then the
        rules — so a read that follows sees what those writes imply. True when it did in time."""
        deadline = time.monotonic() + timeout
        with self._derive_cv:
            while self._pending_derive or self._deriving:
                self._derive_now = True
                self._derive_cv.notify_all()
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._derive_cv.wait(left)
        scheduler = self.scheduler
        return scheduler.flush(max(0.0, deadline - time.monotonic())) if scheduler is not None else True

    def _notify(self, kind: str) -> None:
        if self.on_change is not None:
            try:
                tx = self.graph.last_tx()[0] if self.graph is not None and not self._closed else None
                self.on_change(kind, tx)
            except Exception:  # a listener never breaks the graph
                log.exception("change listener failed")

    # ------------------------------------------------------------------ the face the server uses

    def run(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        """Run one operation wherever the graph is; the reply is what ``lore … --json`` prints."""
        if not isinstance(params, dict):
            return error_reply(LoreError("bad-params", f"params for {op} must be an object"))
        if self.open_error is not None and not self.is_owner:
            return error_reply(self.open_error)
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

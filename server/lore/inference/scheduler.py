"""Inference off the write path (seed 000): writes are queued, debounced, batched, and run on a thread.

``submit`` only appends the write's touched attributes to a bounded queue and returns. The worker waits
for a quiet window (``debounce`` seconds without a new write, at most ``max_delay`` after the first),
then runs every affected rule once for the whole batch on its own connection. When the queue is full the
oldest entries fold into one "everything since the watermark" marker, so nothing is lost: the engine's
watermark finds every change anyway. ``on_change`` gets the files (or, for warnings not anchored in a
file, the entities) whose warnings changed, so the language server can refresh their diagnostics.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from typing import Any, Callable, Iterable

from lore.inference.engine import Engine, RunReport
from lore.store.graph import Graph, TxResult
from lore.store.session import Slot

log = logging.getLogger("lore")

# The graph's running scheduler, if a long-lived process started one; stopped when the graph closes.
SCHEDULER: "Slot[InferenceScheduler]" = Slot("inference.scheduler", close=lambda s: s.stop())


def scheduler_for(graph: Graph) -> "InferenceScheduler | None":
    s = graph.session.peek(SCHEDULER)
    return s if s is not None and s.running else None


class InferenceScheduler:
    def __init__(self, graph: Graph, on_change: Callable[[list[str]], Any] | None = None, *,
                 debounce: float = 0.2, max_delay: float = 2.0, max_queue: int = 1000,
                 poll: float | None = 5.0) -> None:
        self.graph = graph
        self.on_change = on_change
        self.debounce = debounce
        self.max_delay = max_delay
        self.max_queue = max_queue
        # Writes that bypass submit (ingestion's bulk loads, links written by other derivations) are found
        # by polling the last transaction number while idle.
        self.poll = poll
        self._queue: deque[frozenset[str]] = deque()
        self._overflow = False
        self._cv = threading.Condition()
        self._busy = False
        self._stop = False
        self._first_at: float | None = None
        self._last_at = 0.0
        self.last_report: RunReport | None = None
        self.runs = 0
        self.running = True
        self._con: Any = None  # the worker's cursor, interrupted by stop()
        self._engine: Engine | None = None
        self._thread = threading.Thread(target=self._loop, name="lore-inference", daemon=True)
        graph.session.set(SCHEDULER, self)
        self._thread.start()

    # -- the write path: constant time, never blocks on inference

    def submit(self, result: TxResult | Iterable[str] | None = None) -> None:
        if isinstance(result, TxResult):
            attrs = frozenset(a for _, a in result.touched)
        else:
            attrs = frozenset(result or ())
        now = time.monotonic()
        with self._cv:
            if len(self._queue) >= self.max_queue:
                self._overflow = True
                self._queue.clear()
            self._queue.append(attrs)
            if self._first_at is None:
                self._first_at = now
            self._last_at = now
            self._cv.notify_all()

    # -- control

    def flush(self, timeout: float | None = None) -> bool:
        """Run what is queued now (no debounce wait) and wait until it is done. True when idle in time."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cv:
            self._first_at = self._first_at and (time.monotonic() - self.max_delay - 1)
            self._last_at = 0.0
            self._cv.notify_all()
            while self._queue or self._overflow or self._busy:
                if not self._thread.is_alive():
                    return False
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cv.wait(0.05 if left is None else min(left, 0.05))
                self._last_at = 0.0
        return True

    def stop(self, timeout: float = 5.0) -> None:
        with self._cv:
            self._stop = True
            self._cv.notify_all()
        con = self._con
        if self._engine is not None:
            self._engine.cancelled.set()
        if con is not None:
            try:
                con.interrupt()  # a rule mid-query (SIGTERM during a long rule) stops now, not in 60 s
            except Exception:  # noqa: BLE001 - already closed
                pass
        self._thread.join(timeout)
        self.running = False

    # -- the worker

    def _ready(self) -> bool:
        if not self._queue and not self._overflow:
            return False
        now = time.monotonic()
        return (self._stop or now - self._last_at >= self.debounce
                or (self._first_at is not None and now - self._first_at >= self.max_delay))

    def _loop(self) -> None:
        con = self._con = self.graph.cursor()
        engine = self._engine = Engine(self.graph, con)
        seen_tx = -1
        next_poll = time.monotonic()
        try:
            while True:
                with self._cv:
                    while not self._ready():
                        if self._stop:
                            return
                        if self.poll is not None and time.monotonic() >= next_poll and not self._queue:
                            next_poll = time.monotonic() + self.poll
                            last = con.execute("SELECT coalesce(max(tx), 0) FROM tx").fetchall()[0][0]
                            if last != seen_tx:
                                seen_tx = last
                                self._queue.append(frozenset())  # catch up from the watermark
                                self._first_at = self._first_at or time.monotonic()
                                continue
                        self._cv.wait(self.debounce / 2 if (self._queue or self._overflow) else
                                      min(0.5, self.poll or 0.5))
                    batch = list(self._queue)
                    overflow = self._overflow
                    self._queue.clear()
                    self._overflow = False
                    self._first_at = None
                    self._busy = True
                try:
                    touched: set[str] = set()
                    for attrs in batch:
                        touched |= attrs
                    # An overflowed queue lost its entries; the watermark still finds every change.
                    report = engine.run(touched=touched)
                    seen_tx = con.execute("SELECT coalesce(max(tx), 0) FROM tx").fetchall()[0][0]
                    self.last_report = report
                    self.runs += 1
                    if report.deferred:  # the run's time budget left rules for later: run them next
                        with self._cv:
                            self._queue.append(frozenset())
                            self._first_at = self._first_at or time.monotonic()
                    if report.changed_entities and self.on_change is not None:
                        self._notify(con, report.changed_entities)
                    if overflow:
                        log.info("inference queue overflowed; caught up from the watermark")
                except Exception:  # the worker must survive a bad batch
                    if self._stop:
                        return  # interrupted because the server is stopping: nothing to report
                    log.exception("inference batch failed")
                finally:
                    with self._cv:
                        self._busy = False
                        self._cv.notify_all()
        finally:
            try:
                con.close()
            except Exception:  # noqa: BLE001 - closing anyway (the graph may be closed already)
                pass

    def _notify(self, con: Any, entities: set[str]) -> None:
        from lore.inference.warnings import _Locator

        if self.on_change is None:
            return
        loc = _Locator(con)
        out: set[str] = set()
        for e in entities:
            d = loc.definition(e)
            out.add(d["file"] if d and d.get("file") else e)
        try:
            self.on_change(sorted(out))
        except Exception:  # a listener's failure is not inference's
            log.exception("inference on_change listener failed")

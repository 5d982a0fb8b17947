"""A hover index for large graphs: hovers read two lookups of an indexed in-memory snapshot instead of
scanning the facts table twice (on ipython/ipython, 1.1 M rows, a scan is tens of milliseconds).

The snapshot lives in TEMP tables of one dedicated thread's connection. It is as of transaction N; rows
written after N are read from ``facts`` (``tx_from > N``), rows closed after N are left out, so a hover is
always current. When many rows were written since N (an ingestion) the snapshot is rebuilt. Until the
first build is done, hovers use the plain queries.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable

from lore.sqlfile import named_statements

log = logging.getLogger("lore")

BUILD_DELAY_SECONDS = 1.0     # let start-up (first diagnostics) have the CPU first
REBUILD_AFTER_ROWS = 20_000   # rows written since the snapshot that make a rebuild worth it
CHECK_EVERY_SECONDS = 10.0


def queries() -> dict[str, str]:
    return named_statements(Path(__file__).with_name("hover_index.sql"))


class HoverIndex:
    """Owns the hover thread: ``submit(fn)`` runs ``fn(graph, index)`` there."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph
        self.n: int | None = None  # the tx the snapshot is as of; None until built
        self._queue: "queue.Queue[Any]" = queue.Queue()
        self._checked = 0.0
        self._thread = threading.Thread(target=self._run, name="lore-hover", daemon=True)
        self._thread.start()

    def _q(self, name: str, **params: Any) -> list[tuple]:
        sql = queries()[name]
        used = {k: v for k, v in params.items() if f"${k}" in sql}
        return self.graph.con.execute(sql, used).fetchall()

    def _build(self) -> None:
        t = time.perf_counter()
        n, _ = self.graph.last_tx()
        con = self.graph.con
        con.execute(queries()["build"])
        con.execute(queries()["index"])
        self.n = n
        self._checked = time.monotonic()
        log.info("hover index built as of tx %s in %.1f s", n, time.perf_counter() - t)

    def _maybe_rebuild(self) -> None:
        if time.monotonic() - self._checked < CHECK_EVERY_SECONDS or self.n is None:
            return
        self._checked = time.monotonic()
        if self._q("delta_size", n=self.n)[0][0] > REBUILD_AFTER_ROWS:
            self._build()

    def _run(self) -> None:
        build_at = time.monotonic() + BUILD_DELAY_SECONDS
        tried = False
        while True:
            try:
                item = self._queue.get(timeout=None if tried else max(0.0, build_at - time.monotonic()))
            except queue.Empty:
                item = False
            if not tried and (item is False or time.monotonic() >= build_at):
                tried = True
                try:
                    self._build()
                except Exception:  # hovers fall back to the plain queries
                    log.exception("hover index not built")
            if item is False:
                continue
            if item is None:
                return
            fn, fut = item
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                self._maybe_rebuild()
            except Exception:  # a failed rebuild keeps the old snapshot (still correct)
                log.exception("hover index rebuild failed")
            try:
                fut.set_result(fn(self.graph, self if self.n is not None else None))
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                fut.set_exception(exc)

    def submit(self, fn: Callable[[Any, "HoverIndex | None"], Any]) -> "Future[Any]":
        fut: Future[Any] = Future()
        self._queue.put((fn, fut))
        return fut

    def stop(self) -> None:
        self._queue.put(None)
        self._thread.join(10)

    # -- the lookups hover.py uses

    def around(self, e: str, now: int) -> list[tuple]:
        return self._q("around", e=e, n=self.n, now=now)

    def describe(self, es: list[str], now: int) -> list[tuple]:
        return self._q("describe", es=es, n=self.n, now=now)

"""Parsing blobs: in this process for a few, in two worker processes for many.

Each worker has its own ``git cat-file --batch`` and returns compact extracts, so only small tuples
cross the process boundary. Jobs go out in commit order with a bounded window, so results arrive about
when the walk needs them and memory stays flat. The plan is fed as the walk reads history ahead
(``extend``), so nothing here grows with the length of the history.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
from collections import deque
from multiprocessing.pool import Pool
from typing import Iterable

from lore.ingest.extract import MAX_SOURCE_BYTES, Extract, Packed, extract_packed, looks_binary, unpack
from lore.ingest.walk import CatFile

log = logging.getLogger("lore")

_cat: CatFile | None = None


def parse_blob(cat: CatFile, blob: str, lang: str) -> Extract | None:
    """None when the blob is missing, huge or binary (the module is still tracked, without structure)."""
    p = parse_blob_packed(cat, blob, lang)
    return None if p is None else unpack(p)


def parse_blob_packed(cat: CatFile, blob: str, lang: str) -> Packed | None:
    data = cat.read(blob, MAX_SOURCE_BYTES)
    if data is None or looks_binary(data):
        return None
    try:
        return extract_packed(lang, data)
    except Exception:  # one file that breaks the parser must not stop the ingest
        log.warning("could not parse blob %s as %s", blob, lang, exc_info=True)
        return None


def _init(repo: str) -> None:
    global _cat
    _cat = CatFile(repo)


def _work(items: list[tuple[str, str]]) -> list[tuple[str, Packed | None]]:
    assert _cat is not None
    return [(b, parse_blob_packed(_cat, b, lang)) for b, lang in items]


def _unpacked(p: Packed | None) -> Extract | None:
    return None if p is None else unpack(p)


def workers() -> int:
    try:
        return max(1, int(os.environ.get("LORE_INGEST_WORKERS", "2")))
    except ValueError:
        return 2


class Parser:
    """Blob id -> Extract, parsed ahead in worker processes in the order the plan lists them: ``plan`` at
    construction and/or ``extend`` as the walk reads ahead (workers start once 64 blobs are planned)."""

    CHUNK = 24
    WINDOW = 12  # chunks in flight
    MIN_POOL = 64  # fewer blobs than this in a run: parsed here, no worker start-up

    def __init__(self, repo: str, plan: Iterable[tuple[str, str]] = (), *, processes: int,
                 cat: CatFile | None = None) -> None:
        self.repo = repo
        self.own_cat = cat is None
        self.cat = cat or CatFile(repo)
        self.processes = processes
        self.ready: dict[str, Packed | None] = {}  # parsed by a worker, not asked for yet
        self.pool: Pool | None = None
        self.inflight: deque = deque()
        self.queue: deque = deque()  # planned, not yet sent to a worker
        self.planned: set[str] = set()  # queued or in flight
        self.ended = False  # no more plan will come: partial chunks may go
        plan = list(plan)
        if plan:
            self.extend(plan)
            self.end_plan()

    def extend(self, items: Iterable[tuple[str, str]]) -> None:
        if self.processes <= 1:
            return  # everything is parsed here, on demand
        for b, lang in items:
            self.queue.append((b, lang))
            self.planned.add(b)
        if self.pool is None and self.processes > 1 and len(self.queue) >= self.MIN_POOL:
            ctx = mp.get_context("spawn")  # never fork a process that holds DuckDB and threads
            self.pool = ctx.Pool(self.processes, initializer=_init, initargs=(self.repo,))
        self._top_up()

    def end_plan(self) -> None:
        self.ended = True
        if self.pool is None:
            self.queue.clear()  # parsed here on demand
            self.planned.clear()
        self._top_up()

    def _top_up(self) -> None:
        while self.pool is not None and len(self.inflight) < self.WINDOW and (
                len(self.queue) >= self.CHUNK or (self.ended and self.queue)):
            self._submit()

    def _submit(self) -> bool:
        if not self.queue or self.pool is None:
            return False
        chunk = [self.queue.popleft() for _ in range(min(self.CHUNK, len(self.queue)))]
        self.inflight.append(self.pool.apply_async(_work, (chunk,)))
        return True

    def get(self, blob: str, lang: str) -> Extract | None:
        if blob in self.ready:
            return _unpacked(self.ready.pop(blob))
        while self.pool is not None and blob in self.planned:
            if not self.inflight and not self._submit():
                break
            res = self.inflight.popleft().get()
            for b, ex in res:
                self.planned.discard(b)
                self.ready[b] = ex
            self._top_up()
            if blob in self.ready:
                return _unpacked(self.ready.pop(blob))
        return parse_blob(self.cat, blob, lang)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None
        if self.own_cat:
            self.cat.close()

"""Parsing blobs: in this process for a few, in two worker processes for many.

Each worker has its own ``git cat-file --batch`` and returns compact extracts, so only small tuples
cross the process boundary. Jobs go out in commit order with a bounded window, so results arrive about
when the walk needs them and memory stays flat.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
from collections import deque
from typing import Iterable, Iterator

from lore.ingest.extract import MAX_SOURCE_BYTES, Extract, extract_source, looks_binary
from lore.ingest.walk import CatFile

log = logging.getLogger("lore")

_cat: CatFile | None = None


def parse_blob(cat: CatFile, blob: str, lang: str) -> Extract | None:
    """None when the blob is missing, huge or binary (the module is still tracked, without structure)."""
    data = cat.read(blob, MAX_SOURCE_BYTES)
    if data is None or looks_binary(data):
        return None
    try:
        return extract_source(lang, data)
    except Exception:  # noqa: BLE001 - one file that breaks the parser must not stop the ingest
        log.warning("could not parse blob %s as %s", blob, lang, exc_info=True)
        return None


def _init(repo: str) -> None:
    global _cat
    _cat = CatFile(repo)


def _work(items: list[tuple[str, str]]) -> list[tuple[str, Extract | None]]:
    assert _cat is not None
    return [(b, parse_blob(_cat, b, lang)) for b, lang in items]


def workers() -> int:
    try:
        return max(1, int(os.environ.get("LORE_INGEST_WORKERS", "2")))
    except ValueError:
        return 2


class Parser:
    """Blob id -> Extract, parsed ahead in worker processes in the order ``plan`` lists them."""

    CHUNK = 24
    WINDOW = 12  # chunks in flight

    def __init__(self, repo: str, plan: Iterable[tuple[str, str]], *, processes: int,
                 cat: CatFile | None = None) -> None:
        self.repo = repo
        self.own_cat = cat is None
        self.cat = cat or CatFile(repo)
        self.ready: dict[str, Extract | None] = {}
        self.pool = None
        self.inflight: deque = deque()
        plan = list(plan)
        self.plan: Iterator[list[tuple[str, str]]] = iter(
            [plan[i:i + self.CHUNK] for i in range(0, len(plan), self.CHUNK)])
        self.planned = {b for b, _ in plan}
        if processes > 1 and len(plan) >= 64:
            ctx = mp.get_context("spawn")  # never fork a process that holds DuckDB and threads
            self.pool = ctx.Pool(processes, initializer=_init, initargs=(repo,))
            for _ in range(self.WINDOW):
                self._submit()
        else:
            self.plan = iter(())
            self.planned = set()

    def _submit(self) -> bool:
        chunk = next(self.plan, None)
        if chunk is None:
            return False
        self.inflight.append(self.pool.apply_async(_work, (chunk,)))
        return True

    def get(self, blob: str, lang: str) -> Extract | None:
        if blob in self.ready:
            return self.ready.pop(blob)
        while self.pool is not None and blob in self.planned and self.inflight:
            res = self.inflight.popleft().get()
            self._submit()
            for b, ex in res:
                self.planned.discard(b)
                self.ready[b] = ex
            if blob in self.ready:
                return self.ready.pop(blob)
        return parse_blob(self.cat, blob, lang)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None
        if self.own_cat:
            self.cat.close()

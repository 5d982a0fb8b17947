"""Parsing blobs: in this process for a few, in two worker processes for many.

Each worker has its own ``git cat-file --batch`` and returns compact extracts, so only small tuples
cross the process boundary. Jobs go out in commit order with a bounded window, so results arrive about
when the walk needs them and memory stays flat. The plan is fed as the walk reads history ahead
(``extend``), so nothing here grows with the length of the history.

Parsing is incremental across the versions of a file: a blob goes to the worker its path hashes to (or,
when that worker is far behind, to the least busy one, which keeps the path from then on), so the
versions of one path reach one worker in commit order, and each worker keeps the tree of the last
version it parsed of its most recent paths (``Trees``, bounded). The next version's parse edits that tree
(``lore.ingest.edits``: the bytes' common prefix and suffix kept, and a long middle split at equal stretches)
and tree-sitter reuses its unchanged subtrees; the tree is the one a fresh parse gives, so the extract is
the same either way (tests/ingest/test_incremental_parse.py). Beside each tree the worker keeps the finished
extraction of its top-level items (``extract.Item``): an item whose insides tree-sitter reused and whose bytes
are the same is neither queried nor extracted again (tests/ingest/test_item_reuse.py).
``LORE_INCREMENTAL_PARSE=0`` parses every blob from scratch.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import queue
import resource
import zlib
from collections import OrderedDict, deque
from typing import Any, Iterable

from lore.errors import LoreError
from lore.ingest.extract import (
    MAX_SOURCE_BYTES,
    Extract,
    Items,
    Packed,
    extract_items,
    looks_binary,
    parse_tree,
    too_many_items,
    unpack,
)
from lore.ingest.walk import CatFile

log = logging.getLogger("lore")


def incremental() -> bool:
    return os.environ.get("LORE_INCREMENTAL_PARSE", "1") != "0"


class Trees:
    """path -> (tree, bytes, Items) of the last version parsed of the most recently parsed paths: at most
    ``MAX_PATHS`` paths and ``MAX_BYTES`` of source (a tree takes about 20 times its source's bytes, its
    Items, the finished extraction of each top-level item, a few times); and the shape hashes of long
    definitions already seen (``extract_packed``'s ``shapes``)."""

    MAX_PATHS = 512
    MAX_BYTES = 8 << 20

    def __init__(self) -> None:
        self.lru: OrderedDict[str, tuple[Any, bytes, Items]] = OrderedDict()
        self.shapes: dict[int, int] = {}  # body hash -> shape hash of long definitions (extract_packed)
        self.size = 0
        self.hits = 0
        self.misses = 0

    def take(self, path: str) -> tuple[Any, bytes, Items] | None:
        prev = self.lru.pop(path, None)
        if prev is not None:
            self.size -= len(prev[1])
            self.hits += 1
        else:
            self.misses += 1
        return prev

    def put(self, path: str, tree: Any, data: bytes, items: Items) -> None:
        if len(data) > self.MAX_BYTES // 4:
            return
        self.lru[path] = (tree, data, items)
        self.size += len(data)
        while len(self.lru) > self.MAX_PATHS or self.size > self.MAX_BYTES:
            _p, (_t, d, _i) = self.lru.popitem(last=False)
            self.size -= len(d)


def parse_blob(cat: CatFile, blob: str, lang: str, path: str = "", trees: Trees | None = None) -> Extract | None:
    """None when the blob is missing, huge or binary (the module is still tracked, without structure)."""
    p = parse_blob_packed(cat, blob, lang, path, trees)
    return None if p is None else unpack(p)


def parse_blob_packed(cat: CatFile, blob: str, lang: str, path: str = "",
                      trees: Trees | None = None) -> Packed | None:
    data = cat.read(blob, MAX_SOURCE_BYTES)
    if data is None or looks_binary(data):
        return None
    prev = trees.take(path) if trees is not None and path else None
    try:
        # The previous version's tree is edited and reparsed; its items that tree-sitter reused keep
        # their extraction (``prev`` holds that tree alive until they are matched by their children's ids).
        tree = parse_tree(lang, data, prev[:2] if prev is not None else None)
        out, items = extract_items(lang, data, tree, trees.shapes if trees is not None else None,
                                   prev[2] if prev is not None else None)
    except Exception:  # one file that breaks the parser must not stop the ingest
        log.warning("could not parse blob %s as %s", blob, lang, exc_info=True)
        return None
    if too_many_items(out[0], out[1], out[2], path or blob):
        return None  # as a file over MAX_SOURCE_BYTES: a module without structure
    if trees is not None and path:
        trees.put(path, tree, data, items)
    return out


def _worker(repo: str, tasks: Any, results: Any, index: int, incremental_parse: bool,
            parent: int | None = None) -> None:
    """A parse worker: chunks of (blob, lang, path) in, (index, [(blob, packed)], incremental parses so far,
    peak RSS in KB) out, in the order sent. It ends when ``parent`` (the ingesting process) is gone: the task
    queue's pipe is held open by the worker itself, so a parent killed mid-ingest (a stopped ``lore check``)
    left its workers, and their ``git cat-file``, waiting for good (user trial 17)."""
    cat = CatFile(repo)
    trees = Trees() if incremental_parse else None
    try:
        while True:
            try:
                chunk = tasks.get(timeout=PARENT_CHECK_S)
            except queue.Empty:
                if parent is not None and os.getppid() != parent:
                    # orphaned (adopted by init or a subreaper): nobody reads the results any more, so the
                    # queue's feeder thread, blocked on a full pipe, must not be waited for at exit
                    results.cancel_join_thread()
                    break
                continue
            if chunk is None:
                break
            res = [(b, parse_blob_packed(cat, b, lang, path, trees)) for b, lang, path in chunk]
            results.put((index, res, trees.hits if trees is not None else 0,
                         resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
    finally:
        cat.close()


# How often an idle parse worker looks whether the process it parses for is still there.
PARENT_CHECK_S = 1.0


def workers() -> int:
    try:
        return max(1, int(os.environ.get("LORE_INGEST_WORKERS", "2")))
    except ValueError:
        return 2


def route(path: str, n: int) -> int:
    """The worker a path's blobs go to (the same in every run: zlib.crc32, not the salted hash)."""
    return zlib.crc32(path.encode("utf-8", "surrogatepass")) % n


class Parser:
    """Blob id -> Extract, parsed ahead in worker processes in the order the plan lists them: ``plan`` at
    construction and/or ``extend`` as the walk reads ahead (workers start once 64 blobs are planned). A
    planned blob goes to the worker of its path (``route``)."""

    CHUNK = 24
    WINDOW = 6  # chunks in flight per worker
    MIN_POOL = 64  # fewer blobs than this in a run: parsed here, no worker start-up

    def __init__(self, repo: str, plan: Iterable[tuple[str, str, str]] = (), *, processes: int,
                 cat: CatFile | None = None) -> None:
        self.repo = repo
        self.own_cat = cat is None
        self.cat = cat or CatFile(repo)
        self.processes = processes
        self.incremental = incremental()
        # What is parsed here: everything with one process; with workers only what they were not given
        # (rare: no trees are kept in the ingest's own process then).
        self.trees = Trees() if self.incremental and processes <= 1 else None
        self.ready: dict[str, Packed | None] = {}  # parsed by a worker, not asked for yet
        self.procs: list[Any] = []
        self.tasks: list[Any] = []
        self.results: Any = None
        self.queues: list[deque] = [deque() for _ in range(max(1, processes))]  # per worker, not yet sent
        self.inflight = [0] * max(1, processes)  # chunks sent to each worker, not yet back
        self.worker_hits = [0] * max(1, processes)  # incremental parses each worker has made
        self.worker_peak_rss_kb = 0  # the largest peak resident set a worker has reported
        self.queued: dict[str, int] = {}  # blob -> worker, not yet sent
        self.home: dict[str, int] = {}  # path -> the worker its versions go to (route, unless it was busy)
        self.sent: set[str] = set()  # sent, not yet back
        self.pending = 0  # planned blobs not yet sent
        self.ended = False  # no more plan will come: partial chunks may go
        plan = list(plan)
        if plan:
            self.extend(plan)
            self.end_plan()

    def extend(self, items: Iterable[tuple[str, str, str]]) -> None:
        """Plan (blob, language, path) items, in the order the walk will ask for them."""
        if self.processes <= 1:
            return  # everything is parsed here, on demand
        n = self.processes
        home = self.home
        for b, lang, path in items:
            w = home.get(path)
            if w is None:
                w = route(path, n)
            # A worker far behind the others gives the path up (its next versions go to the least busy
            # worker, which parses this one from scratch): one busy file must not idle the other worker.
            least = min(range(n), key=self._backlog)
            if self._backlog(w) > self._backlog(least) + 4 * self.CHUNK:
                w = least
            if len(home) > 200_000:
                home.clear()
            home[path] = w
            self.queues[w].append((b, lang, path))
            self.queued[b] = w
            self.pending += 1
        if not self.procs and self.pending >= self.MIN_POOL:
            self._start()
        self._top_up()

    def _backlog(self, w: int) -> int:
        return len(self.queues[w]) + self.inflight[w] * self.CHUNK

    def _start(self) -> None:
        ctx = mp.get_context("spawn")  # never fork a process that holds DuckDB and threads
        self.results = ctx.Queue()
        for i in range(self.processes):
            q = ctx.Queue()
            p = ctx.Process(target=_worker, args=(self.repo, q, self.results, i, self.incremental, os.getpid()),
                            daemon=True)
            p.start()
            self.tasks.append(q)
            self.procs.append(p)

    def end_plan(self) -> None:
        self.ended = True
        if not self.procs:
            for q in self.queues:  # parsed here on demand
                q.clear()
            self.queued.clear()
            self.pending = 0
        self._top_up()

    def _top_up(self) -> None:
        if not self.procs:
            return
        for w, q in enumerate(self.queues):
            while self.inflight[w] < self.WINDOW and (len(q) >= self.CHUNK or (self.ended and q)):
                self._submit(w)

    def _submit(self, w: int) -> None:
        q = self.queues[w]
        chunk = [q.popleft() for _ in range(min(self.CHUNK, len(q)))]
        for b, _lang, _path in chunk:
            self.queued.pop(b, None)
            self.sent.add(b)
        self.pending -= len(chunk)
        self.inflight[w] += 1
        self.tasks[w].put(chunk)

    def _receive(self) -> None:
        # A worker that died (a crash in a parser, killed for memory) never answers: said, not waited on.
        while True:
            try:
                w, res, hits, rss_kb = self.results.get(timeout=1.0)
                break
            except queue.Empty:
                dead = [i for i, p in enumerate(self.procs) if not p.is_alive()]
                if dead:
                    code = self.procs[dead[0]].exitcode
                    raise LoreError("parse-worker-died", f"a parse worker stopped (exit code {code}) with "
                                    f"{sum(self.inflight)} chunk(s) unanswered; nothing of this run was written "
                                    f"after the last flush") from None
        self.inflight[w] -= 1
        self.worker_hits[w] = hits
        self.worker_peak_rss_kb = max(self.worker_peak_rss_kb, rss_kb)
        for b, ex in res:
            self.sent.discard(b)
            self.ready[b] = ex
        self._top_up()

    def get(self, blob: str, lang: str, path: str = "") -> Extract | None:
        if blob in self.ready:
            return _unpacked(self.ready.pop(blob))
        if self.procs:
            w = self.queued.get(blob)
            while w is not None and blob in self.queued:  # a partial chunk goes now: the walk needs it
                self._submit(w)
            while blob in self.sent:
                self._receive()
            if blob in self.ready:
                return _unpacked(self.ready.pop(blob))
        return parse_blob(self.cat, blob, lang, path, self.trees)

    @property
    def incremental_parses(self) -> int:
        """Blobs parsed from an earlier version's tree (the rest were parsed from scratch)."""
        return sum(self.worker_hits) + (self.trees.hits if self.trees is not None else 0)

    def close(self) -> None:
        busy = any(self.inflight) or self.pending > 0  # a stopped run: what is in flight is not wanted
        for q in self.tasks:
            if not busy:
                q.put(None)
        for p in self.procs:
            if not busy:
                p.join(timeout=5)
            if p.is_alive():
                p.terminate()
                p.join()
        for q in [*self.tasks, *([self.results] if self.results is not None else [])]:
            q.close()
            q.cancel_join_thread()
        self.procs, self.tasks, self.results = [], [], None
        if self.own_cat:
            self.cat.close()


def _unpacked(p: Packed | None) -> Extract | None:
    return None if p is None else unpack(p)

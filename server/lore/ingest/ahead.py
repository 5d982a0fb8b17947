"""Reading history ahead of the walk (the parser's plan and the graph's file state, in batches)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from lore.ingest.extract import language_of
from lore.ingest.walk import GITLINK, SYMLINK, Commit

if TYPE_CHECKING:
    from lore.ingest.engine import IngestRun


class ReadAhead:
    """First-parent commits read ahead of the walk: their blobs go to the parser's plan (each blob once per
    run) and the tracked files they touch are loaded from the graph in batches, while only a bounded
    window of the history is in memory."""

    MIN_COMMITS = 32
    MIN_BLOBS = 400  # planned beyond the commit being applied: enough to keep both workers busy

    def __init__(self, run: IngestRun, fp) -> None:
        self.run = run
        self.it = fp
        self.buf: deque = deque()  # (commit, blobs planned for it)
        self.ahead_blobs = 0
        self.planned = 0
        self.seen: set[str] = set(run.extracts)
        self.at_watermark = set(run.files)  # files whose state is in the graph (loaded once, when first seen)
        self.done = False
        self._fill()

    def _fill(self) -> None:
        if self.done:
            return
        run = self.run
        items: list[tuple[str, str, str]] = []
        touched: set[str] = set()
        while len(self.buf) < self.MIN_COMMITS or self.ahead_blobs < self.MIN_BLOBS:
            c = next(self.it, None)
            if c is None:
                self.done = True
                break
            n = 0
            for ch in c.changes:
                for p in (ch.path, ch.old_path):
                    if p and p in self.at_watermark and p not in run.loaded:
                        touched.add(p)
                if ch.status == "D" or ch.new_mode in (GITLINK, SYMLINK) or run.ignore(ch.path):
                    continue
                lang = language_of(ch.path)
                if lang and ch.new_blob not in self.seen:
                    self.seen.add(ch.new_blob)
                    items.append((ch.new_blob, lang, ch.path))
                    n += 1
            self.buf.append((c, n))
            self.ahead_blobs += n
        if touched:
            run._preload(touched)
        self.planned += len(items)
        assert run.parser is not None  # _walk starts its parser before the look-ahead
        run.parser.extend(items)
        if self.done:
            run.parser.end_plan()

    def next_sha(self) -> str | None:
        if not self.buf:
            self._fill()
        return self.buf[0][0].sha if self.buf else None

    def pop(self) -> Commit:
        c, n = self.buf.popleft()
        self.ahead_blobs -= n
        if len(self.buf) < self.MIN_COMMITS // 2 or self.ahead_blobs < self.MIN_BLOBS // 2:
            self._fill()
        return c

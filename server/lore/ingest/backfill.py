"""Useful before history is done: a fresh graph first gets the branch head's code, then its history.

1. ``ingest_head``: the tip's tree as one commit (modules, definitions, imports, locations valid now; no
   commit entities, no :introduced-by / :modified-in events) into the graph itself, with
   ``ingest_meta.history = 'partial'``. Hover, links, warnings and checks work from here, in seconds.
2. ``backfill``: a plain full ingest up to that same tip into a side graph next to the graph
   (``<graph>.backfill``): resumable like any ingest, and the graph stays readable meanwhile.
3. The swap, one transaction: the head's rows are closed in transaction time (they stay in the audit
   trail: what the graph believed while history was partial), the side graph's current rows and
   ingestion tables are copied in (Arrow batches, ids shifted past the graph's), history becomes
   'complete', and the side graph is deleted. The graph's current rows are then those of a plain full
   ingest of the same commits.

Nothing here runs for an in-memory graph (no side file): ``ingest`` is then a plain ingest.
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any, Callable

import pyarrow as pa

from lore.errors import LoreError
from lore.ingest.engine import SCHEMA_SQL, IngestRun
from lore.ingest.job import persisted_commits
from lore.sqlfile import first_row, scalar
from lore.store.graph import FACT_COLUMNS, MAX_TX, Graph

log = logging.getLogger("lore")

# Ingestion's own tables, copied whole from the side graph (ingest_open separately: it holds row ids).
COPIED_TABLES = ("ingest_files", "ingest_idents", "ingest_known", "ingest_defs", "code_locations",
                 "import_locations")
BATCH_ROWS = 100_000
BACKFILL_CHECKPOINT_WAIT = 2.0  # seconds the checkpoint after the swap waits for other transactions (below)


def side_path(graph: Graph) -> str | None:
    return None if graph.path == ":memory:" else graph.path + ".backfill"


def _meta(graph: Graph) -> dict[str, str]:
    with graph.lock:
        try:
            return dict(graph.con.execute("SELECT key, value FROM ingest_meta").fetchall())
        except Exception:  # noqa: BLE001 - no ingestion tables yet: nothing ingested
            return {}


def history_on_the_side(graph: Graph) -> bool:
    """Whether the next ingest walks history into the side graph (a head-first graph's history, or a rebuild
    for another extractor, lore.ingest.stamp): its progress then counts the side graph's commits, not these."""
    from lore.ingest.stamp import extractor_stamp, stored_stamp

    state = history_state(graph)
    return side_path(graph) is not None and (
        state == "partial" or (state == "complete" and stored_stamp(graph) != extractor_stamp()))


def history_state(graph: Graph) -> str | None:
    """'partial' while only the head is ingested, 'complete' after history, None before any ingest."""
    meta = _meta(graph)
    if not meta.get("watermark"):
        return None
    return meta.get("history") or "complete"


def ingest_head(graph: Graph, repo: str, branch: str | None = None) -> dict[str, Any]:
    """The branch head's code, as of its commit, into a graph that has nothing ingested yet."""
    if _meta(graph).get("watermark"):
        raise LoreError("already-ingested", "this graph already has ingested history; ingest incrementally")
    t0 = time.perf_counter()
    out = IngestRun(graph, repo, branch, snapshot=True).run()
    out["history"] = "partial"
    out["head_seconds"] = round(time.perf_counter() - t0, 3)
    return out


def backfill(graph: Graph, repo: str, *, progress: Callable[[int, int, str], None] | None = None,
             cancel: Any = None) -> dict[str, Any]:
    """History up to the head ``ingest_head`` wrote, on the side, then swapped in (see the module doc)."""
    meta = _meta(graph)
    tip, branch = meta.get("snapshot"), meta.get("branch")
    path = side_path(graph)
    if meta.get("history") != "partial" or not tip or path is None:
        return {"ok": True, "status": "complete", "history": history_state(graph)}
    t0 = time.perf_counter()
    side = _open_side(path, meta.get("backfill_token") or tip)
    try:
        counted = progress
        if progress is not None:
            # A side graph resumed after a stop has its commits already: they count as done.
            resumed, report = persisted_commits(side), progress

            def counted(done: int, total: int, commit: str) -> None:
                report(resumed + done, resumed + total, commit)
        run = IngestRun(side, repo, tip, progress=counted, cancel=cancel).run()
        if run.get("status") != "complete":
            return {**run, "history": "partial"}
        swapped = _swap(graph, side, branch or run.get("branch") or "HEAD", tip)
    finally:
        side.close()
    for p in (path, path + ".wal"):
        try:
            os.remove(p)
        except FileNotFoundError:
            pass
    try:
        os.rmdir(path + ".tmp")  # the side graph's spill folder (empty once it is closed)
    except OSError:
        pass
    # In the server other threads work meanwhile, and the checkpoint waits for their transactions while it
    # holds the write lock (Graph.checkpoint): a rule's query begun before the swap holds it off while it runs.
    # The swap is committed either way; DuckDB folds the log later. So: a short wait. (Every wait ran out
    # once, for an idle thread's half-read result: lore.sqlfile.first_row, DESIGN-CHOICES.)
    checkpoint = "done" if graph.compact(BACKFILL_CHECKPOINT_WAIT) else "deferred"
    return {**run, "branch": branch, "history": "complete", "facts_swapped_in": swapped, "compacted": True,
            "checkpoint": checkpoint, "seconds": round(time.perf_counter() - t0, 3)}


def _open_side(path: str, token: str) -> Graph:
    """The side graph of this backfill; anything else at that path (a file left by another graph, or
    one a cloned repository brought along) is replaced, never read."""
    for attempt in (1, 2):
        try:
            side = Graph(path)
        except LoreError:
            side = None
        if side is not None:
            with side.lock:
                side.con.execute(SCHEMA_SQL)
                row = first_row(side.con.execute("SELECT value FROM ingest_meta WHERE key = 'backfill_of'"))
                fresh = scalar(side.con.execute("SELECT count(*) FROM facts")) == 0 and row is None
                if fresh:
                    side.con.execute("INSERT INTO ingest_meta VALUES ('backfill_of', ?)", [token])
                if fresh or (row is not None and row[0] == token):
                    return side
            side.close()
        if attempt == 2:
            break
        for p in (path, path + ".wal"):
            try:
                os.remove(p)
            except FileNotFoundError:
                pass
    raise LoreError("graph-unwritable", f"cannot make the backfill graph {path}")


def _copy(src, con, select: str, table: str, columns: str = "*") -> int:
    """Stream ``select`` on the side connection into ``table`` of the graph, in Arrow batches."""
    n = 0
    reader = src.sql(select).to_arrow_reader(BATCH_ROWS)
    for batch in reader:
        if batch.num_rows == 0:
            continue
        con.register("_lore_backfill", pa.Table.from_batches([batch]))
        try:
            con.execute(f"INSERT INTO {table} SELECT {columns} FROM _lore_backfill")
        finally:
            con.unregister("_lore_backfill")
        n += batch.num_rows
    return n


def _swap(graph: Graph, side: Graph, branch: str, tip: str) -> int:
    scon = side.con
    max_id = scalar(scon.execute("SELECT coalesce(max(id), 0) FROM facts"))
    side_meta = dict(scon.execute("SELECT key, value FROM ingest_meta").fetchall())
    with graph.lock:
        con = graph.con
        con.execute(SCHEMA_SQL)
        con.execute("BEGIN TRANSACTION")
        try:
            tx, _ = graph.begin_tx(f"ingest history of {os.path.basename(side_meta.get('repo') or '')} "
                                   f"{branch} up to {tip[:12]}", "ingest")
            off = graph.allocate_ids(max_id) - 1 if max_id else 0
            # The head's rows: no longer believed, kept for the audit trail.
            con.execute(f"UPDATE facts SET tx_to = ? WHERE tx_to = {MAX_TX} AND NOT inferred "
                        "AND tx_from IN (SELECT tx FROM tx WHERE source = 'ingest' AND tx <> ?)", [tx, tx])
            cols = ", ".join(f"{tx}::INTEGER AS tx_from" if c == "tx_from" else
                             f"id + {off} AS id" if c == "id" else c for c in FACT_COLUMNS)
            n = _copy(scon, con, f"SELECT {cols} FROM facts WHERE tx_to = {MAX_TX}", "facts",
                      ", ".join(FACT_COLUMNS))
            for table in COPIED_TABLES + ("ingest_open",):
                con.execute(f"DELETE FROM {table}")
            for table in COPIED_TABLES:
                _copy(scon, con, f"SELECT * FROM {table}", table)
            _copy(scon, con, f"SELECT path, e, a, vt, v, valid_from, id + {off} AS id FROM ingest_open",
                  "ingest_open", "path, e, a, vt, v, valid_from, id")
            side_meta.update(branch=branch, history="complete")
            side_meta.pop("backfill_of", None)
            con.execute("DELETE FROM ingest_meta")
            for k, v in side_meta.items():
                con.execute("INSERT INTO ingest_meta VALUES (?, ?)", [k, v])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    log.info("ingest: history swapped in (%d rows)", n)
    return n


def rebuild_history(graph: Graph) -> bool:
    """Mark a graph whose code facts another extractor wrote (lore.ingest.stamp) for a rebuild: its
    history up to its watermark is ingested again on the side and swapped in by ``backfill``, as a
    head-first graph's is. False (nothing marked) for an in-memory graph or one with no history."""
    meta = _meta(graph)
    tip = meta.get("watermark")
    if side_path(graph) is None or not tip or meta.get("history", "complete") != "complete":
        return False
    from lore.ingest.stamp import extractor_stamp

    with graph.lock:
        con = graph.con
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute("DELETE FROM ingest_meta WHERE key IN ('history', 'snapshot', 'backfill_token')")
            con.executemany("INSERT INTO ingest_meta VALUES (?, ?)", [
                ("history", "partial"), ("snapshot", tip),
                # a side graph left by another rebuild or head-first run is replaced, not resumed
                ("backfill_token", f"rebuild:{tip}:{extractor_stamp()}")])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    log.info("ingest: the graph's code facts come from another extractor; rebuilding its history up to %s",
             tip[:12])
    return True


def ingest_head_first(graph: Graph, repo: str, branch: str | None = None, *,
                      progress: Callable[[int, int, str], None] | None = None, cancel: Any = None,
                      on_head: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """On a fresh graph: the head first (``on_head(reply)`` then), then history; else a plain ingest."""
    from lore.ingest.api import after_ingest, ingest

    head = None
    if side_path(graph) is not None and not _meta(graph).get("watermark"):
        head = ingest_head(graph, repo, branch)
        # The journal's memories need no history: a fresh clone's teammates' decisions are there with the
        # head's code, not only once the backfill is done (minutes on a long history).
        after_ingest(graph, head)
        if on_head is not None:
            on_head(head)
    out = ingest(graph, repo, branch, progress=progress, cancel=cancel)
    if head is not None:
        out["head_seconds"] = head["head_seconds"]
    return out

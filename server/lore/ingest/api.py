"""The library face of ingestion: ``ingest(graph, repo, branch)`` (synchronous, incremental, resumable)."""

from __future__ import annotations

import logging
from typing import Any, Callable

from lore.errors import LoreError
from lore.ingest.engine import IngestRun
from lore.store.graph import Graph

log = logging.getLogger("lore")

# A run that wrote at least this many rows, and at least a quarter of the table, is followed by a compaction
# (facts rewritten sorted by entity): on ingested ipython/ipython it took point lookups from 3.5 to 2.0 ms p50
# and cost 0.7 s. Small incremental runs never pay for it.
COMPACT_MIN_ROWS = 50_000


# A key of an ingest's result that the steps after it read (lore.journal.ops), never in a reply.
WORKTREE_JOURNAL = "_worktree_journal"


def ingest(graph: Graph, repo: str, branch: str | None = None, *,
           progress: Callable[[int, int, str], None] | None = None, cancel: Any = None,
           compact_min_rows: int = COMPACT_MIN_ROWS, worktree_journal: bool = True) -> dict[str, Any]:
    """Walk ``repo``'s history (branch: explicit, else $LORE_GIT_BRANCH, main, master, HEAD) from the
    graph's watermark and write code structure as bi-temporal facts.

    ``progress(done, total, commit sha)`` is called after each commit; ``cancel`` (an Event or a callable returning
    True) stops between commits after committing what is done: the reply's status is then "stopped" and
    the next call resumes. Raises LoreError for a bad repository or branch. ``worktree_journal=False``: the
    journal is applied from the branch's history only, not from the work tree's files (``lore check``'s
    first ingest: the work tree is the change under review, and its entries are part of that change)."""
    from lore.ingest import backfill, stamp

    history = None
    rebuilt = False
    if backfill.history_state(graph) == "complete" and stamp.stored_stamp(graph) != stamp.extractor_stamp():
        rebuilt = backfill.rebuild_history(graph)  # another extractor wrote the code facts (lore.ingest.stamp)
    if backfill.history_state(graph) == "partial":
        # Only the head is here (lore.ingest.backfill): its history first, then on from that head.
        history = backfill.backfill(graph, repo, progress=progress, cancel=cancel)
        if history.get("status") != "complete":
            return history
    result = IngestRun(graph, repo, branch, progress=progress, cancel=cancel).run()
    # Every code fact the graph has now is this extractor's (a run stopped half-way included: the next one
    # resumes it with the same extractor).
    stamp.write_stamp(graph)
    if history is not None:
        # One reply for both runs, as a plain ingest of the same commits would give it.
        result["history_backfilled"] = {k: history.get(k) for k in (
            "commits", "first_parent_commits", "facts_written", "facts_swapped_in", "seconds")}
        for k in ("commits", "first_parent_commits", "files_parsed", "blobs_planned", "transactions",
                  "definition_renames", "implausible_dates"):
            if history.get(k) or result.get(k):
                result[k] = (result.get(k) or 0) + (history.get(k) or 0)
        for k in ("tags_new", "checkpoint", "compacted"):
            if k in history and k not in result:
                result[k] = history[k]
        result["facts_written"] = (result.get("facts_written") or 0) + (history.get("facts_swapped_in") or 0)
        result["attributes_written"] = sorted(set(result.get("attributes_written") or ()) |
                                              set(history.get("attributes_written") or ()))
        result["history"] = "complete"
        result.pop("up_to_date", None)
    if rebuilt:
        result["rebuilt_for_extractor"] = stamp.extractor_stamp()
    if result.get("status", "complete") == "complete":
        if not worktree_journal:
            result[WORKTREE_JOURNAL] = False
        after_ingest(graph, result)
        result.pop(WORKTREE_JOURNAL, None)
    if history is not None:
        return result  # the swap was compacted already
    written = result.get("facts_written") or 0
    if written >= compact_min_rows:
        total = graph.con.execute("SELECT count(*) FROM facts").fetchall()[0][0]
        if written * 4 >= total:
            graph.compact()
            result["compacted"] = True
    return result


def after_ingest(graph: Graph, result: dict[str, Any]) -> None:
    """The steps registered to follow a completed ingest run (operations.AFTER_INGEST: the journal applies its
    new entries), on ``result``; a failing step is reported in it, never raised."""
    from lore import operations

    for fn in operations.AFTER_INGEST:
        try:
            fn(graph, result)
        except LoreError as exc:
            log.warning("after ingest, %s failed: %s", getattr(fn, "__name__", fn), exc.message)
            result.setdefault("warnings", []).append(exc.to_json())
        except Exception as exc:  # the ingest itself is committed; report, never lose it
            log.exception("after ingest, %s failed", getattr(fn, "__name__", fn))
            result.setdefault("warnings", []).append({"code": "internal", "message": str(exc)})

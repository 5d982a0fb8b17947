"""Run one operation as a one-shot process (a CLI command, an MCP tool call): forwarded to the graph's owner
when one is alive, else on the graph itself, followed by the derived work a write triggers (the write is
committed first)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from lore.errors import LoreError, error_reply
from lore.runtime import owner

# Reads bounded by LORE_QUERY_TIMEOUT. Forwarded, they carry this process's limit when its environment sets
# one, so a command stops where it would have on the graph itself (SPEC §3); the owner takes a shorter limit
# than its own, never a longer one (it keeps serving everyone else).
_TIMED_READS = {"query", "sql"}


def _with_own_timeout(op: str, params: dict[str, Any]) -> dict[str, Any]:
    if op not in _TIMED_READS or not isinstance(params, dict) or "timeout" in params \
            or not os.environ.get("LORE_QUERY_TIMEOUT", "").strip():
        return params
    from lore.store.limits import query_timeout

    return {**params, "timeout": query_timeout()}


def execute(graph_path: Path, op: str, params: dict[str, Any]) -> dict[str, Any]:
    forwarded = owner.forward(graph_path, op, _with_own_timeout(op, params))
    if forwarded is not None:
        return forwarded
    # Only now the store (DuckDB) and the features: a forwarded call (an agent's hook) stays light.
    from lore import operations
    from lore.store.graph import TxResult

    try:
        graph = _open_for(graph_path, op)
    except LoreError as exc:
        return error_reply(exc)
    try:
        reply = operations.run(op, graph, params)
        result = reply.pop("_result", None)
        if result is None and reply.get("ok") and op in operations.WRITES:
            # Writes that commit their own transactions (ingest, rule registration) report no TxResult;
            # derived work finds what changed from its own watermarks, so the newest tx is enough.
            tx, instant = graph.last_tx()
            result = TxResult(tx, instant, 0, 0, []) if tx else None
        if result is not None:
            operations.derive(graph, result)
        return reply
    finally:
        graph.close()


# Reads that catch up derived work when they can write (warnings: inference; prepareTurn: the memory index, the
# links and the embedding vectors, without which a one-shot process recalls lexically only); they still never
# create a graph.
_CATCH_UP_READS = {"warnings", "prepareTurn"}
# Reads that ingest first when the graph has no history (made when missing, opened for writing when they
# can): ``lore check`` on a fresh clone (SPEC §3).
_INGEST_FIRST = {"check"}


def _open_for(graph_path: Path, op: str) -> Any:
    """The graph as ``op`` needs it. A read never creates or changes a file (SPEC §7): a missing graph is
    read as an empty one in memory, an existing one read-only (so a read-only folder's graph still
    answers)."""
    from lore import operations
    from lore.store.graph import Graph

    if operations.kind_of(op) != "read":
        return Graph(graph_path)
    if not graph_path.exists() and not graph_path.is_symlink():
        if op in _INGEST_FIRST:
            return Graph(graph_path)
        return Graph.empty(graph_path)
    if op in (_CATCH_UP_READS | _INGEST_FIRST) and os.access(graph_path, os.W_OK) \
            and os.access(graph_path.parent, os.W_OK):
        try:
            return Graph(graph_path)
        except LoreError as exc:
            if exc.code not in ("graph-unwritable", "graph-locked"):
                raise
    return Graph(graph_path, read_only=True)

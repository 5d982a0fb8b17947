"""Run one operation as a one-shot process (a CLI command, an MCP tool call): forwarded to the graph's owner
when one is alive, else on the graph itself, followed by the derived work a write triggers (the write is
committed first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lore.errors import LoreError, error_reply
from lore.runtime import owner


def execute(graph_path: Path, op: str, params: dict[str, Any]) -> dict[str, Any]:
    forwarded = owner.forward(graph_path, op, params)
    if forwarded is not None:
        return forwarded
    # Only now the store (DuckDB) and the features: a forwarded call (an agent's hook) stays light.
    from lore import operations
    from lore.store.graph import Graph, TxResult

    try:
        graph = Graph(graph_path)
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

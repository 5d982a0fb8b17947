"""Custom requests ``lore/<op>``: one per operation in lore.operations, replies identical to the CLI's
``--json`` (the same ``operations.run``, here or at the graph's owner)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from lore import operations
from lore.errors import LoreError, error_reply
from lore.lsp.settings import to_plain
from lore.store.readonly_sql import finite

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger("lore")

PREFIX = "lore/"


def prepare_params(op: str, raw: Any, root: Any = None, settings: Any = None) -> dict[str, Any]:
    """LSP params -> operation params. Writes from the editor are recorded with source ``lsp`` unless the
    caller says ``agent``; ``ingest`` without a repo ingests the workspace (not the server's cwd); with the
    setting ``journal: false`` a write says ``journal: false`` (no journal entry)."""
    params = to_plain(raw)
    if params is None or params == []:
        params = {}  # absent params, or Neovim's Lua sending an empty table as []
    if not isinstance(params, dict):
        raise LoreError("bad-params", f"params for {PREFIX}{op} must be an object, got {type(params).__name__}")
    if op in ("transact", "retract") and params.get("source") is None:
        params["source"] = "lsp"
    if op in ("ingest", "check") and params.get("repo") is None and root is not None:
        params["repo"] = str(root)
    if settings is not None and settings.get("journal") is False and op in operations.WRITES \
            and params.get("journal") is None:
        params["journal"] = False
    return params


def register_requests(server: "LoreServer") -> list[str]:
    """Register ``lore/<op>`` for every operation known now; returns the method names."""
    operations.load_features()
    methods = []
    for op in sorted(operations.OPERATIONS):
        method = PREFIX + op
        server.feature(method)(_handler(op))
        methods.append(method)
    return methods


def _handler(op: str):
    async def handle(ls: "LoreServer", params: Any = None) -> dict[str, Any]:
        try:
            p = prepare_params(op, params, ls.root, ls.settings)
        except LoreError as exc:
            return error_reply(exc)
        if ls.backend is None:
            return error_reply(LoreError("not-initialized", "the server has not been initialized"))
        # Strict JSON for the editor (JSON.parse rejects NaN): non-finite numbers become null, as in the CLI.
        reply = finite(await ls.run_op(op, p))
        if op == "ingestStatus" and ls.ingest_pending and reply.get("ok") and reply.get("status") == "idle":
            reply["status"] = "starting"  # the start-up ingestion is about to start its job
        return reply

    handle.__name__ = f"lore_{op}"
    return handle

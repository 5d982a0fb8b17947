"""The operations every face of Lore offers: the CLI, the language server's lore/* requests, and the
forwarding between a non-owner process and the graph's owner all call these.

An operation takes an open Graph and a dict of JSON params (the names SPEC §4 uses for the LSP requests)
and returns the JSON object that ``lore … --json`` prints. Feature packages register their own
operations here (``register``) so this module stays the single table of what Lore can do.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from lore.errors import LoreError, error_reply
from lore.store.graph import Graph, Op, TxResult
from lore.store.session import Slot
from lore.store.txdata import parse_tx
from lore.timeutil import parse_instant

log = logging.getLogger("lore")

Operation = Callable[[Graph, dict[str, Any]], dict[str, Any]]
OPERATIONS: dict[str, Operation] = {}
# Which operations write (forwarded and serialised by an owner; followed by derived work).
WRITES: set[str] = set()

# Derived work a write triggers (inference rules, memory-code links): fn(graph, result).
Derivation = Callable[[Graph, TxResult], None]
DERIVATIONS: list[Derivation] = []
# Rewrites of a transact/retract's operations before they are stored (the memory feature's one identity for
# what memories name and what code imports, SPEC §1): fn(graph, ops) -> ops.
WriteFilter = Callable[[Graph, list[Op]], list[Op]]
WRITE_FILTERS: list[WriteFilter] = []


def register(name: str, *, writes: bool = False) -> Callable[[Operation], Operation]:
    def deco(fn: Operation) -> Operation:
        OPERATIONS[name] = fn
        if writes:
            WRITES.add(name)
        return fn
    return deco


def register_write_filter(fn: WriteFilter) -> WriteFilter:
    if fn not in WRITE_FILTERS:
        WRITE_FILTERS.append(fn)
    return fn


def register_derivation(fn: Derivation) -> Derivation:
    if fn not in DERIVATIONS:
        DERIVATIONS.append(fn)
    return fn


class _HistoryNote:
    """Whether ingestion has only the branch head so far (lore.ingest.backfill), re-read at most once a
    second: every read's reply then says ``"code_history": "partial"``."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.at = -1.0
        self.partial = False

    def get(self) -> bool:
        import time

        now = time.monotonic()
        if now - self.at > 1.0:
            self.at = now
            try:
                cur = self.graph.cursor()
                try:
                    row = cur.execute("SELECT value FROM ingest_meta WHERE key = 'history'").fetchone()
                finally:
                    cur.close()
                self.partial = bool(row and row[0] == "partial")
            except Exception:  # noqa: BLE001 - no ingestion tables: nothing is partial
                self.partial = False
        return self.partial


HISTORY_NOTE = Slot("history-note", _HistoryNote)


def run(name: str, graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Run one operation; every failure comes back as ``{"ok": false, "error": …}``."""
    _load_for(name)
    fn = OPERATIONS.get(name)
    if fn is None:
        return error_reply(LoreError("unknown-method", f"unknown operation {name!r}"))
    if not isinstance(params, dict):
        return error_reply(LoreError("bad-params", f"params for {name} must be an object"))
    try:
        reply = fn(graph, params)
        if name not in WRITES and isinstance(reply, dict) and reply.get("ok") and graph.session.get(HISTORY_NOTE).get():
            reply["code_history"] = "partial"  # code facts are the head's only: history is still being ingested
        return reply
    except LoreError as exc:
        return error_reply(exc)
    except RecursionError:
        return error_reply(LoreError("too-deep", "the input nests too deeply"))
    except Exception as exc:  # noqa: BLE001 - a bug must still come back as an error reply, not a crash
        log.exception("operation %s failed", name)
        return error_reply(LoreError("internal", f"{name} failed: {type(exc).__name__}: {exc}"))


def derive(graph: Graph, result: TxResult) -> None:
    """Run derived work after a committed write. Failures are logged, never fatal to the write."""
    load_features()
    for fn in sorted(DERIVATIONS, key=_feature_rank):
        try:
            fn(graph, result)
        except Exception:  # noqa: BLE001 - derived work must never lose a committed write
            log.exception("derived work %s failed after tx %s", getattr(fn, "__name__", fn), result.tx)


_loaded = False
# Order matters for derived work: links (memory) are made before the rules that read them run.
FEATURE_MODULES = (
    "lore.query.ops", "lore.ingest.ops", "lore.memory.ops", "lore.inference.ops", "lore.codeview.ops",
)
# Where a read operation lives, so a one-shot CLI read imports only its own feature (start-up time);
# writes import every feature because their derived work does.
_HOME = {
    "query": "lore.query.ops", "rules": "lore.query.ops",
    "ingestStatus": "lore.ingest.ops", "repoSummary": "lore.ingest.ops",
    "lspHover": "lore.codeview.ops",
    "prepareTurn": "lore.memory.ops", "memoriesFor": "lore.memory.ops",
    "warnings": "lore.inference.ops",
}


def load_features() -> None:
    """Import the feature packages so they register their operations and derivations (once)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for mod in FEATURE_MODULES:
        _import(mod)


def _feature_rank(fn: Derivation) -> int:
    """Derived work runs in FEATURE_MODULES order whatever order the features were imported in."""
    module = getattr(fn, "__module__", "") or ""
    for i, mod in enumerate(FEATURE_MODULES):
        if module.startswith(mod.rsplit(".", 1)[0] + "."):
            return i
    return len(FEATURE_MODULES)


def _load_for(name: str) -> None:
    if name in OPERATIONS and name not in WRITES:
        return
    home = _HOME.get(name)
    if home is not None:
        _import(home)
    else:
        load_features()


def _import(mod: str) -> None:
    """A feature module that is missing is a broken installation: fail loudly, never drop its operations."""
    import importlib

    importlib.import_module(mod)


# ---------------------------------------------------------------- core store operations

def _str_param(params: dict[str, Any], key: str, *, required: bool = True) -> str | None:
    v = params.get(key)
    if v is None:
        if required:
            raise LoreError("bad-params", f"missing parameter {key!r}")
        return None
    if not isinstance(v, str):
        raise LoreError("bad-params", f"parameter {key!r} must be a string")
    return v


def _write(graph: Graph, params: dict[str, Any], kind: str) -> dict[str, Any]:
    text = _str_param(params, "facts")
    reason = _str_param(params, "reason", required=False)
    source = params.get("source") or "cli"
    vf = params.get("validFrom")
    vt = params.get("validTo")
    vf_us = parse_instant(vf, what="valid-from") if vf is not None else None
    vt_us = parse_instant(vt, what="valid-to") if vt is not None else None
    ops = parse_tx(text, default_kind=kind)
    for rewrite in WRITE_FILTERS:
        ops = rewrite(graph, ops)
    result = graph.transact(ops, reason=reason or "", source=source, valid_from=vf_us, valid_to=vt_us)
    reply = {"ok": True, **result.to_json()}
    reply["_result"] = result  # taken off by the caller that runs derived work
    return reply


@register("transact", writes=True)
def transact(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    return _write(graph, params, "add")


@register("retract", writes=True)
def retract(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    return _write(graph, params, "retract")


@register("history")
def history(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    entity = _str_param(params, "entity")
    if not entity.startswith(":"):
        entity = ":" + entity if "/" in entity else entity
    return {"ok": True, "entity": entity, "history": graph.history(entity)}


@register("sql")
def sql(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    from lore.store.readonly_sql import run_readonly

    text = _str_param(params, "sql")
    columns, rows = run_readonly(graph, text, limit=params.get("limit"))
    return {"ok": True, "columns": columns, "rows": rows}


@register("audit")
def audit(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    from lore.store.audit import audit_graph

    return {"ok": True, "violations": audit_graph(graph)}


@register("export")
def export(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    from lore.store.export import export_parquet

    path = _str_param(params, "path")
    return {"ok": True, **export_parquet(graph, path, current_only=bool(params.get("currentOnly")))}


@register("stats")
def stats(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, **graph.stats()}

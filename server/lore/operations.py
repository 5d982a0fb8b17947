"""The operations every face of Lore offers: the CLI, the language server's lore/* requests, and the
forwarding between a non-owner process and the graph's owner all call these.

An operation takes an open Graph and a dict of JSON params (the names SPEC §4 uses for the LSP requests)
and returns the JSON object that ``lore … --json`` prints. Feature packages register their own
operations here (``register``) so this module stays the single table of what Lore can do.
"""

from __future__ import annotations

import logging
import re
import uuid
from typing import Any, Callable

from lore import edn
from lore import params as P
from lore.errors import LoreError, error_reply
from lore.sqlfile import first_row
from lore.store.graph import Graph, Op, TxResult, reset_write_options, set_write_options, storage_error
from lore.store.session import Slot
from lore.store.txdata import parse_tx
from lore.timeutil import parse_instant

log = logging.getLogger("lore")

# Sources a client may name for its own writes (SPEC §6); the others are written by Lore itself.
USER_SOURCES = ("cli", "lsp", "agent", "mcp")

Operation = Callable[[Graph, dict[str, Any]], dict[str, Any]]
OPERATIONS: dict[str, Operation] = {}
# Which operations write (forwarded and serialised by an owner; followed by derived work).
WRITES: set[str] = set()
# Reads bounded in time and size (store.limits) that an owner runs beside its worker, so one slow query
# never holds up other clients' writes.
BOUNDED_READS: set[str] = set()

# Derived work a write triggers (inference rules, memory-code links): fn(graph, result).
Derivation = Callable[[Graph, TxResult], None]
DERIVATIONS: list[Derivation] = []
# Rewrites of a transact/retract's operations before they are stored (the memory feature's one identity for
# what memories name and what code imports, SPEC §1): fn(graph, ops) -> ops.
WriteFilter = Callable[[Graph, list[Op]], list[Op]]
WRITE_FILTERS: list[WriteFilter] = []
# Parts of `lore status` that features add (the memory's recall mode): name -> fn(graph) -> JSON value.
STATUS_PARTS: dict[str, Callable[[Graph], Any]] = {}


def register(name: str, *, writes: bool = False, bounded: bool = False) -> Callable[[Operation], Operation]:
    def deco(fn: Operation) -> Operation:
        OPERATIONS[name] = fn
        if writes:
            WRITES.add(name)
        if bounded and not writes:
            BOUNDED_READS.add(name)
        return fn
    return deco


def register_write_filter(fn: WriteFilter) -> WriteFilter:
    if fn not in WRITE_FILTERS:
        WRITE_FILTERS.append(fn)
    return fn


# Steps that follow every completed ingest run, the CLI's or the server's own (the memory journal applies
# its new entries there): fn(graph, result) may add its own key to the ingest's result, and counts what it
# wrote in facts_written / attributes_written. A failing step is reported in the result, never fails the ingest.
AfterIngest = Callable[[Graph, dict[str, Any]], None]
AFTER_INGEST: list[AfterIngest] = []


def register_after_ingest(fn: AfterIngest) -> AfterIngest:
    if fn not in AFTER_INGEST:
        AFTER_INGEST.append(fn)
    return fn


# Where a warning can be that history's rows do not hold (the working layer's, computed and written nowhere):
# fn(graph, id) -> whether that warning is shown now. ``dismiss`` accepts an id one of them knows.
WarningFinder = Callable[[Graph, str], bool]
WARNING_FINDERS: list[WarningFinder] = []


def register_warning_finder(fn: WarningFinder) -> WarningFinder:
    if fn not in WARNING_FINDERS:
        WARNING_FINDERS.append(fn)
    return fn


def register_status(name: str) -> Callable[[Callable[[Graph], Any]], Callable[[Graph], Any]]:
    def deco(fn: Callable[[Graph], Any]) -> Callable[[Graph], Any]:
        STATUS_PARTS[name] = fn
        return fn
    return deco


# Catch-up work an owner runs on its background thread in bounded steps while its worker is idle (the
# memories' embeddings): fn(graph, pause) does one step and returns whether more remains; pause(unless)
# blocks while the worker has an operation to run, until unless() is true (called often, it keeps a step
# from slowing a request; unless: the request waits for something the step holds).
Pause = Callable[[Callable[[], bool]], None]
Background = Callable[[Graph, Pause], bool]
BACKGROUND: list[Background] = []


def register_background(fn: Background) -> Background:
    if fn not in BACKGROUND:
        BACKGROUND.append(fn)
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
        self.seen = -1  # the graph's write count at the last look
        self.partial = False

    def get(self) -> bool:
        import time

        now = time.monotonic()
        begun = self.graph.tx_begun  # a write in this process since the last look (the backfill's end) re-reads
        # While partial, every read looks again (one row): the swap that ends it began its transaction before
        # committing, so a read in between cached "partial" with the new count, and reads said partial for up
        # to a second after the history was in (tests/lsp/test_requests.py failed on it now and then).
        if self.partial or now - self.at > 1.0 or begun != self.seen:
            self.at, self.seen = now, begun
            try:
                cur = self.graph.cursor()
                try:
                    row = first_row(cur.execute("SELECT value FROM ingest_meta WHERE key = 'history'"))
                finally:
                    cur.close()
                self.partial = bool(row and row[0] == "partial")
            except Exception:  # noqa: BLE001 - no ingestion tables: nothing is partial
                self.partial = False
        return self.partial


HISTORY_NOTE = Slot("history-note", _HistoryNote)


# A reply may hand back the rest of its work as ``reply[THEN]``: ``fn(graph) -> reply``, work that only waits
# (a waited ingest, run as the background job, waits for that job). ``run`` finishes it at once; an owner's
# worker asks ``run(..., defer=True)`` and finishes it in the request's own thread (``finish``), so the wait
# holds up no other client (lore.runtime.backend).
THEN = "_then"


def run(name: str, graph: Graph, params: dict[str, Any], *, defer: bool = False) -> dict[str, Any]:
    """Run one operation; every failure comes back as ``{"ok": false, "error": …}``. ``defer``: a reply's
    ``THEN`` is left in it for the caller to ``finish`` (elsewhere)."""
    _load_for(name)
    fn = OPERATIONS.get(name)
    if fn is None:
        return error_reply(LoreError("unknown-method", f"unknown operation {name!r}"))
    if not isinstance(params, dict):
        return error_reply(LoreError("bad-params", f"params for {name} must be an object"))

    def call() -> dict[str, Any]:
        check_text(params)
        token = _set_write_options(name, params)
        try:
            reply = fn(graph, params)
        finally:
            if token is not None:
                reset_write_options(token)
        return reply

    reply = _guarded(name, call)
    if not isinstance(reply, dict):
        return reply
    if not defer and THEN in reply:
        reply = finish(name, graph, reply)
    elif name not in WRITES and reply.get("ok") and graph.session.get(HISTORY_NOTE).get():
        reply["code_history"] = "partial"  # code facts are the head's only: history is still being ingested
    return reply


def finish(name: str, graph: Graph, reply: dict[str, Any]) -> dict[str, Any]:
    """The reply once its ``THEN`` has run (failures as ``run`` gives them); a reply without one as it is."""
    then = reply.pop(THEN, None)
    if then is None:
        return reply
    done = _guarded(name, lambda: then(graph))
    if name not in WRITES and done.get("ok") and graph.session.get(HISTORY_NOTE).get():
        done["code_history"] = "partial"
    return done


def _guarded(name: str, call: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    try:
        return call()
    except LoreError as exc:
        return error_reply(exc)
    except RecursionError:
        return error_reply(LoreError("too-deep", "the input nests too deeply"))
    except Exception as exc:  # a bug must still come back as an error reply, not a crash
        err = storage_error(exc)
        if err is not None:  # disk full, read-only folder: the system's reason, not a rollback's
            return error_reply(err)
        log.exception("operation %s failed", name)
        return error_reply(LoreError("internal", f"{name} failed: {type(exc).__name__}: {exc}"))


def kind_of(name: str) -> str:
    """'write', 'read' or 'unknown' for an operation name (importing only what is needed to know)."""
    _load_for(name)
    if name not in OPERATIONS:
        return "unknown"
    return "write" if name in WRITES else "read"


_SURROGATE = re.compile("[\ud800-\udfff]")


def check_text(value: Any, where: str = "params", depth: int = 0) -> None:
    """Refuse text that is not valid Unicode (lone surrogates: invalid UTF-8 on a command line, ``\\ud800``
    in JSON) before it reaches DuckDB, which cannot store it."""
    if depth > 64:
        raise LoreError("too-deep", "the input nests too deeply")
    if isinstance(value, str):
        m = _SURROGATE.search(value)  # one C-level scan: an editor buffer's text passes here on every keystroke
        if m is not None:
            raise LoreError("invalid-utf8", f"{where} is not valid UTF-8 or Unicode text (at character {m.start()})")
    elif isinstance(value, dict):
        for k, v in value.items():
            check_text(k, where, depth + 1)
            check_text(v, f"parameter {k!r}" if depth == 0 else where, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            check_text(v, where, depth + 1)


# Options every write operation takes, passed to transaction observers (the journal): "private": true keeps
# the write out of the journal for good; "journal": false writes no journal entry for it (the editor setting).
WRITE_OPTIONS = ("private", "journal")


def _set_write_options(name: str, params: dict[str, Any]) -> Any:
    opts = {k: params[k] for k in WRITE_OPTIONS if params.get(k) is not None}
    if not opts:
        return None
    for k in opts:
        P.flag(params, k)
    return set_write_options(opts)


def derive(graph: Graph, result: TxResult) -> None:
    """Run derived work after a committed write. Failures are logged, never fatal to the write."""
    load_features()
    for fn in sorted(DERIVATIONS, key=_feature_rank):
        try:
            fn(graph, result)
        except Exception:  # derived work must never lose a committed write
            log.exception("derived work %s failed after tx %s", getattr(fn, "__name__", fn), result.tx)


_loaded = False
# Order matters for derived work: links (memory) are made before the rules that read them run.
FEATURE_MODULES = (
    "lore.query.ops", "lore.ingest.ops", "lore.journal.ops", "lore.memory.ops", "lore.inference.ops",
    "lore.codeview.ops", "lore.working.ops",
)
# Where a read operation lives, so a one-shot CLI read imports only its own feature (start-up time);
# writes import every feature because their derived work does.
_HOME = {
    "query": "lore.query.ops", "rules": "lore.query.ops",
    "ingestStatus": "lore.ingest.ops", "repoSummary": "lore.ingest.ops",
    "lspHover": "lore.codeview.ops",
    "prepareTurn": "lore.memory.ops", "memoriesFor": "lore.memory.ops", "memoryStatus": "lore.memory.ops",
    "stats": "lore.memory.ops",  # `lore status` says how recall works (memory's status part)
    "warnings": "lore.inference.ops", "warningIds": "lore.inference.ops", "trust": "lore.inference.ops",
    "journal": "lore.journal.ops", "journalLocate": "lore.journal.ops",
    # lore check (a read unless it has to ingest first) and what it runs: not every feature.
    "check": "lore.working.ops", "headFiles": "lore.ingest.ops", "headWatermark": "lore.ingest.ops",
    "fileFacts": "lore.ingest.ops", "previewWarnings": "lore.inference.ops", "previewLinks": "lore.memory.ops",
    "contextRules": "lore.inference.ops", "memoryIndexSync": "lore.memory.ops",
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
    home = _HOME.get(name)
    if home is not None:
        _import(home)
    elif name not in OPERATIONS or name in WRITES:
        load_features()


def _import(mod: str) -> None:
    """A feature module that is missing is a broken installation: fail loudly, never drop its operations."""
    import importlib

    importlib.import_module(mod)


# ---------------------------------------------------------------- core store operations

def _write(graph: Graph, params: dict[str, Any], kind: str) -> dict[str, Any]:
    text = P.text(params, "facts")
    reason = P.optional_text(params, "reason")
    source = params.get("source") or "cli"
    if source not in USER_SOURCES:
        # rule, ingest and journal rows are Lore's own: a client may not pass its facts off as one of them.
        raise LoreError("bad-source", f"source must be one of {', '.join(USER_SOURCES)}, got {source!r}")
    vf = params.get("validFrom")
    vt = params.get("validTo")
    vf_us = parse_instant(vf, what="valid-from") if vf is not None else None
    vt_us = parse_instant(vt, what="valid-to") if vt is not None else None
    ops = parse_tx(text, default_kind=kind)
    for rewrite in WRITE_FILTERS:
        ops = rewrite(graph, ops)
    # A person's retraction of a rule's conclusion closes it and is the record the rule respects (SPEC §1).
    result = graph.transact(ops, reason=reason or "", source=source, valid_from=vf_us, valid_to=vt_us,
                            reject_inferred=source != "rule")
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
    entity = P.text(params, "entity").strip()
    if entity.startswith("#uuid"):  # the form SPEC §1 writes a uuid entity in; stored as the bare uuid
        entity = _uuid_entity(entity)
    if not entity.startswith(":"):
        entity = ":" + entity if "/" in entity else entity
    if not _names_an_entity(graph, entity):
        raise LoreError("bad-entity", f"history takes an entity ident such as :decision/db or "
                        f":function/src-app-py-main (or a #uuid entity), got {entity[:200]!r}"
                        + (f"; did you mean :{entity[:200]}/…?" if re.fullmatch(r"[a-z0-9_.?\-]+", entity) else ""))
    return {"ok": True, "entity": entity, "history": graph.history(entity)}


_IDENT = re.compile(r":[A-Za-z0-9_.?\-]+(/[^\s/][^\s]*)?")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _uuid_entity(text: str) -> str:
    try:
        value = edn.read(text)
    except LoreError:
        raise LoreError("bad-entity", f"{text[:200]!r} is not a #uuid \"…\" entity") from None
    if not isinstance(value, uuid.UUID):
        raise LoreError("bad-entity", f"{text[:200]!r} is not a #uuid \"…\" entity")
    return str(value)


def _names_an_entity(graph: Graph, entity: str) -> bool:
    """A keyword ident (code idents may carry more than a memory's: any non-space name after the slash), a
    #uuid entity, or anything the graph holds facts about. Plain words and sentences are none of these: an
    empty history for them would read as "never changed"."""
    if _IDENT.fullmatch(entity) or _UUID.fullmatch(entity):
        return True
    return bool(graph.con.execute("SELECT 1 FROM facts WHERE e = ? LIMIT 1", [entity]).fetchall())


@register("sql", bounded=True)
def sql(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    from lore.store.readonly_sql import run_readonly

    text = P.text(params, "sql")
    timeout = P.positive_number(params, "timeout", what="a positive number of seconds")
    if timeout is not None:
        from lore.store.limits import query_timeout

        timeout = min(float(timeout), query_timeout())  # a client may ask for less time, never more
    columns, rows = run_readonly(graph, text, limit=params.get("limit"), timeout=timeout)
    return {"ok": True, "columns": columns, "rows": rows}


@register("audit")
def audit(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    from lore.store.audit import audit_graph

    return {"ok": True, "violations": audit_graph(graph)}


@register("export")
def export(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    from lore.store.export import export_parquet

    path = P.text(params, "path")
    return {"ok": True, **export_parquet(graph, path, current_only=bool(params.get("currentOnly")))}


@register("stats")
@register("status")  # the CLI's name for it (`lore status`), so `lore/status` answers too
def stats(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    load_features()  # every feature's status part (memory's recall, inference's rules)
    out: dict[str, Any] = {"ok": True, **graph.stats()}
    for part, fn in sorted(STATUS_PARTS.items()):
        try:
            out[part] = fn(graph)
        except Exception as exc:  # noqa: BLE001 - a status part that fails says so, the rest still answers
            out[part] = {"error": f"{type(exc).__name__}: {exc}"}
    return out

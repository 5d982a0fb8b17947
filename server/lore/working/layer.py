"""The working layer (SPEC §5): the code as the developer has it, laid over history without writing it.

Per graph (one ``Layer`` in the graph's session), for one work tree: every file that differs from the
graph branch's ingested head (gitstate.py) and every open buffer's text replaces that file's facts. The
layer lives on its own DuckDB connection in TEMP tables (layer.sql): ``facts``, ``code_locations`` and
``import_locations`` are shadowed there by views of history minus the replaced rows plus the layer's rows,
so the features' own code — the scoped warning rules, the memory linker, the hover read model, the warning
reader — runs unchanged on a ``LayerView`` of the graph and sees history + layer. No other connection sees
any of it: it is never a transaction, never in ``:as-of``, ``lore query`` or ``lore history``.

A change to one file (a keystroke in a buffer) re-extracts that file, swaps its rows, re-links memories
to its definitions only when their names changed, and re-runs the scoped warning rules over the entities
the change touched (the file's entities before and after, and what followed from its replaced rows).
The layer records what it saw — HEAD, the graph's last transaction and watermark, each buffer's version —
and rebuilds itself before answering when history moved under it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence, cast

import pyarrow as pa

from lore import operations
from lore.errors import LoreError
from lore.idents import is_code
from lore.sqlfile import named_statements, scalar
from lore.store.graph import MAX_TX, Graph
from lore.store.session import Session, Slot
from lore.timeutil import FOREVER
from lore.working.gitstate import WorkState, history_path, work_state

log = logging.getLogger("lore")

SQL = named_statements(Path(__file__).with_name("layer.sql"))
WARNING_ATTR = ":lore/warning"


def _dismissed_rows_of(con: Any) -> list[tuple[str, int]]:
    return cast(list[tuple[str, int]], con.execute(SQL["dismissed_rows"]).fetchall())

MAX_FILE_BYTES = 1_000_001  # ingestion parses up to 1 MB; one byte more tells it the file is too large
# A change larger than this is not laid over history file by file (the layer says so): ingest it instead.
MAX_LAYER_FILES = int(os.environ.get("LORE_LAYER_MAX_FILES", "5000") or 5000)
# The keystroke's context holds at most this many history rows (else the rules run over the whole view).
CONTEXT_MAX_ROWS = int(os.environ.get("LORE_LAYER_CONTEXT_ROWS", "250000") or 250000)
# ... and the naming rows of at most this many entities (those the file's warnings name).
CONTEXT_MAX_ENTITIES = 20_000
# A layer table is rewritten with its live rows once it took in more than twice as many rows as it holds
# (and at least this many): a DELETE frees no memory of an in-memory table (layer.sql, compact).
COMPACT_MIN_ROWS = int(os.environ.get("LORE_LAYER_COMPACT_ROWS", "10000") or 10000)
LAYER_TABLES = ("layer_facts", "layer_hidden", "layer_defs", "layer_imps", "layer_files")
LAYER_TX = MAX_TX - 1  # the layer's rows: believed now, written by no transaction
# The attributes whose history rows the layer copies (layer.sql, layer_base): what the scoped warning rules
# and the warning reader look up on every keystroke, and few rows in any graph.
HOT_ATTRIBUTES = (":depends-on", ":rejects", ":forbids", ":lore/warning", ":lore/dismissed", ":relates-to",
                  ":timeout-ms", ":processing-ms", ":lore/edited")
_HOT_IN = "(" + ", ".join("'" + a + "'" for a in HOT_ATTRIBUTES) + ")"
# Not ``a NOT IN (…)``: DuckDB sees that ``a = ':depends-on'`` contradicts a chain of ``<>`` and reads
# nothing of the graph's facts for that branch; a NOT IN it evaluates on every row.
_COLD_SQL = " AND ".join("a <> '" + a + "'" for a in HOT_ATTRIBUTES)
_SCHEMA = pa.schema([("id", pa.int64()), ("e", pa.string()), ("a", pa.string()), ("vt", pa.string()),
                     ("v", pa.string()), ("vn", pa.float64()), ("valid_from", pa.int64()),
                     ("valid_to", pa.int64()), ("tx_from", pa.int32()), ("tx_to", pa.int32()),
                     ("inferred", pa.bool_()), ("rule", pa.string()), ("confidence", pa.float64()),
                     ("provenance", pa.list_(pa.int64())), ("tag", pa.string())])

_S, _I = pa.string(), pa.int32()
_DEF_SCHEMA = pa.schema([(n, _S) for n in ("entity", "file", "kind", "name", "qualified_name")]
                        + [(n, _I) for n in ("line", "col", "end_line", "end_col")] + [("tag", _S)])
_IMP_SCHEMA = pa.schema([(n, _S) for n in ("module", "target", "spec", "file")]
                        + [(n, _I) for n in ("line", "col", "end_line", "end_col")] + [("tag", _S)])
_HIDDEN_SCHEMA = pa.schema([("id", pa.int64()), ("tag", _S)])
# Rows per Arrow table handed to DuckDB (a keystroke's are fewer: one insert).
INSERT_CHUNK = 4096


def _columns(rows: list[tuple], schema: pa.Schema) -> pa.Table:
    """Rows as an Arrow table built column by column with declared types (no per-call type inference,
    which costs more than the insert itself on a keystroke)."""
    return pa.table([pa.array([r[i] for r in rows], f.type) for i, f in enumerate(schema)], schema=schema)


class _Borrowed:
    """The layer's connection lent to code that closes what ``graph.cursor()`` gave it."""

    def __init__(self, con: Any) -> None:
        self._con = con

    def close(self) -> None:
        pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)


class LayerView:
    """The graph as the working layer shows it: the same file, rules and tables, but ``con`` (and every
    ``cursor()``) is the layer's connection, it is read-only, and it has its own session (caches made over
    the layer never mix with history's)."""

    def __init__(self, base: Graph, con: Any, lock: threading.RLock,
                 entity_facts: Any = None, journal_locations: Any = None, dismissed: Any = None,
                 file_locations: Any = None) -> None:
        self._base = base
        self.con = con
        self.lock = lock
        self._entity_facts = entity_facts
        self._journal_locations = journal_locations
        self._dismissed = dismissed
        self._file_locations = file_locations
        self.read_only = True
        self.path = base.path
        self.session = Session(self.as_graph())

    def cursor(self) -> Any:
        return _Borrowed(self.con)

    def entity_facts(self, entities: list[str]) -> str | None:
        """A relation on ``con`` holding every current row of these entities as the layer shows them (the
        warning reader's naming look-ups read it instead of history), or None: read ``facts``."""
        return self._entity_facts(entities) if self._entity_facts is not None else None

    def location_tables(self) -> set[str]:
        """Ingestion's location tables the graph has: both (the layer opens only over a graph that has them)."""
        return {"code_locations", "import_locations"}

    def file_locations(self, path: str) -> tuple[set[str], set[tuple[str, str]]] | None:
        """For a file the layer holds (repository-relative), every location in it, which only the layer has
        (history's are hidden): the entities defined there and the (module, target) imports made there; None
        for any other file."""
        return self._file_locations(path) if self._file_locations is not None else None

    def dismissed_rows(self) -> list[tuple[str, int]]:
        """History's dismissals (layer.sql's dismissed_rows; the layer holds none of its own)."""
        return cast(list[tuple[str, int]], self._dismissed()) if self._dismissed is not None \
            else _dismissed_rows_of(self.con)

    def journal_locations(self, entities: list[str]) -> dict[str, Any]:
        """journalLocate's locations of these entities (lore.inference.warnings asks for the memories a
        warning cites that have no place in the code), remembered by the layer while history stays."""
        if self._journal_locations is not None:
            return cast(dict[str, Any], self._journal_locations(entities))
        reply = operations.run("journalLocate", self.as_graph(), {"entities": entities})
        return (reply.get("locations") or {}) if reply.get("ok") else {}

    def as_graph(self) -> Graph:
        """This view where the features expect a Graph: it answers every attribute a Graph has (its own
        ``con``, ``lock`` and ``session``, the rest from the graph it wraps), and they only read through it."""
        return cast(Graph, self)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)


@dataclass
class Entry:
    """One file of the layer: where its text came from and what it contributed."""

    path: str
    source: str  # git | buffer
    digest: str  # of the text ("deleted" for a file the change removes)
    version: int | None = None  # the buffer's version
    data: bytes | None = None
    facts: dict[str, Any] | None = None  # ingestion's fileFacts reply for this text
    names: tuple[str, ...] = ()
    links: list[dict[str, Any]] = field(default_factory=list)
    entities: set[str] = field(default_factory=set)  # before (head) and after (layer): the change's scope

    def facts_at(self, watermark: str | None) -> bool:
        """Whether its facts were computed against this head."""
        return self.facts is not None and self.facts.get("_watermark") == watermark


# Up to this many values, a statement's "x is one of the given list" is list_contains (about 0.4 ms less
# per statement than IN (SELECT unnest(...)), which is what a keystroke's few tags and ids pay); above it,
# the IN, whose join does not test every row against every value (a rebuild's thousand files).
SHORT_LIST = 16


def _one_of(column: str, values: Sequence[Any], kind: str = "VARCHAR", param: str = "?") -> str:
    """SQL: ``column`` is one of the list bound to ``param`` (typed ``kind``)."""
    if len(values) <= SHORT_LIST:
        return f"list_contains({param}::{kind}[], {column})"
    return f"{column} IN (SELECT unnest({param}::{kind}[]))"


def _digest(data: bytes | None) -> str:
    return "deleted" if data is None else hashlib.blake2b(data, digest_size=12).hexdigest()


def cite_graph_facts(warnings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A warning over the layer cites the graph's facts only: the layer's own rows have negative ids that only
    that layer knows, renumbered whenever it is rebuilt (so lore/check and ``lore check`` gave one warning
    different provenance)."""
    for w in warnings:
        w["provenance"] = [i for i in w.get("provenance") or [] if i > 0]
    return warnings


class Layer:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.lock = threading.RLock()
        self.con: Any = None
        self.view: LayerView | None = None
        self.root: str | None = None
        self.entries: dict[str, Entry] = {}
        self.buffers: dict[str, tuple[int | None, bytes]] = {}
        self.git: WorkState | None = None
        self.git_paths: dict[str, bytes | None] = {}
        self.seen_tx: int | None = None
        self.watermark: str | None = None
        self.resolved_through: str | None = None  # what fileFacts last resolved imports through (its digest)
        self.truncated = 0
        self._next_id = -1
        self._dependents: dict[tuple[str, int], tuple[list[str], list[tuple[int, str]]]] = {}
        self.stats = {"rebuilds": 0, "updates": 0, "last_ms": 0.0}
        # Bumped whenever the layer's tables change: answers computed over them (a file's warnings) are
        # reused while it stays, so a keystroke that changes no fact and no location costs no query.
        self.generation = 0
        self.answers: dict[Any, tuple[int, Any]] = {}
        self._history: tuple[int, list[str]] | None = None
        self._base_tx: int | None = None  # the transaction layer_base was brought up to
        # The keystroke's context (ctx_hist, layer.sql): the history transaction and attributes it was made
        # for; None until a keystroke needs it, and again whenever history moves (_rebuild).
        self._ctx: tuple[int | None, frozenset[str]] | None = None
        self._ctx_hidden: int | None = None  # the hidden rows ctx_hist marks (a hash of their ids)
        self._named: tuple[int | None, set[str]] | None = None  # ctx_named: its transaction and entities
        # Where the journal recorded the memories warnings cite (journalLocate): its transaction and the
        # entities found; an entity not found is asked again (its entry may be written after its transaction).
        self._journal: tuple[int | None, dict[str, Any]] | None = None
        self._dismissals: tuple[int | None, list[tuple[str, int]]] | None = None  # and history's dismissals
        self.use_context = os.environ.get("LORE_LAYER_CONTEXT", "1") != "0"
        self.context_stats = {"served": 0, "fallback": 0, "builds": 0, "named": 0, "named_loads": 0}
        self._db = ""  # the graph's catalog, quoted, once the connection is open
        self._mem_code_shadowed = False  # mem_code_view is over the linker's mirror (lore.memory.index)
        # Rows inserted into each of the layer's tables since it was last made (_compact).
        self._taken: dict[str, int] = dict.fromkeys(LAYER_TABLES, 0)
        self.compact_min_rows = COMPACT_MIN_ROWS
        self.compactions = 0

    def warnings(self, file: str | None) -> list[dict[str, Any]]:
        """Composed warnings over history + layer, for one file (repository-relative) or all; reused while
        neither history nor the layer's tables changed."""
        key = ("warnings", file, self.seen_tx)
        hit = self.cached(key)
        if hit is not None:
            return list(hit)
        params: dict[str, Any] = {"catchUp": False}
        if file:
            params["file"] = file
        reply = operations.run("warnings", self._view(), params)
        if not reply.get("ok"):
            err = reply.get("error") or {}
            raise LoreError(err.get("code", "layer-failed"), err.get("message", "warnings failed"))
        cite_graph_facts(reply["warnings"])
        self.remember(key, list(reply["warnings"]))
        return reply["warnings"]

    def history_warning_ids(self) -> set[str]:
        """The ids of history's own composed warnings (no layer), reused until the graph's last transaction
        moves (a one-shot process catches the rules up first)."""
        with self.graph.lock:
            tx = self.graph.newest_tx()
        if self._history is not None and self._history[0] == tx:
            return set(self._history[1])
        reply = operations.run("warningIds", self.graph, {})
        if not reply.get("ok"):
            err = reply.get("error") or {}
            raise LoreError(err.get("code", "check-failed"), err.get("message", "lore check failed"))
        with self.graph.lock:
            after = self.graph.newest_tx()
        if after == tx:  # a one-shot process's catch-up may have written: then not remembered
            self._history = (tx, list(reply["ids"]))
        return set(reply["ids"])

    def cached(self, key: Any) -> Any:
        hit = self.answers.get(key)
        return hit[1] if hit is not None and hit[0] == self.generation else None

    def remember(self, key: Any, value: Any) -> None:
        if len(self.answers) > 256:
            self.answers.clear()
        self.answers[key] = (self.generation, value)

    # ------------------------------------------------------------------ the connection

    def _ensure(self) -> bool:
        """Open the layer's connection (False: the graph has no ingested history yet)."""
        if self.con is not None:
            return True
        g = self.graph
        with g.lock:
            have = scalar(g.con.execute("SELECT count(*) FROM duckdb_tables() WHERE NOT temporary AND table_name IN "
                                        "('facts', 'code_locations', 'import_locations', 'ingest_open')"))
            if have < 4:
                return False
            con = g.cursor()
            db = scalar(con.execute("SELECT current_database()"))
        quoted = '"' + db.replace('"', '""') + '"'
        con.execute(SQL["tables"].replace("{db}", quoted))
        con.execute(SQL["facts_view"].replace("{db}", quoted).replace("{cold}", _COLD_SQL))
        con.execute(SQL["views"].replace("{db}", quoted))
        self._db = quoted
        self.con = con
        self._taken = dict.fromkeys(LAYER_TABLES, 0)
        self._mem_code_shadowed = False
        self._shadow_mem_code()
        con.execute(SQL["named_view"])
        self.view = LayerView(g, con, self.lock, self._named_facts, self._journal_locations, self._dismissed_rows,
                              self._file_locations)
        return True

    def _shadow_mem_code(self) -> None:
        """Lay the layer's names over the memory linker's mirror of code names, once the graph has one (the
        first memory makes it: a layer opened before must still link its buffers' definitions)."""
        if self._mem_code_shadowed or self.con is None:
            return
        if scalar(self.con.execute("SELECT count(*) FROM duckdb_tables() WHERE NOT temporary "
                                   "AND table_name = 'mem_code'")):
            self.con.execute(SQL["mem_code_view"].replace("{db}", self._db))
            self._mem_code_shadowed = True

    def close(self) -> None:
        with self.lock:
            if self.view is not None:
                self.view.session.close()
            if self.con is not None:
                try:
                    self.con.close()
                except Exception:  # noqa: BLE001 - closing anyway
                    pass
            self.con = self.view = None
            self._base_tx = None
            self._ctx = None
            self._named = None

    def _view(self) -> Graph:
        """History + layer as the features read it (the layer is open while it computes)."""
        assert self.view is not None, "the working layer is not open"
        return self.view.as_graph()

    def _sql(self, name: str) -> str:
        hot_selects = " UNION ALL ".join(f"SELECT * FROM {self._db}.main.facts WHERE a = '{a}'" for a in HOT_ATTRIBUTES)
        return SQL[name].replace("{db}", self._db).replace("{hot_selects}", hot_selects).replace("{hot}", _HOT_IN)

    # ------------------------------------------------------------------ what the layer is made of

    def set_root(self, root: str) -> None:
        root = os.path.realpath(root)
        if self.root != root:
            self.root = root
            self.git, self.git_paths = None, {}
            self.buffers.clear()
            self._reset()

    def relative(self, path: str) -> str | None:
        """A path (absolute, or relative to the root) as the repository names it; None outside the tree."""
        if self.root is None or not isinstance(path, str) or not path or "\x00" in path:
            return None
        p = path if os.path.isabs(path) else os.path.join(self.root, path)
        real = os.path.realpath(p)
        try:
            rel = os.path.relpath(real, self.root)
        except ValueError:
            return None
        if rel == "." or rel.startswith("..") or os.path.isabs(rel):
            return None
        rel = rel.replace(os.sep, "/")
        if rel == ".git" or rel.startswith(".git/"):
            return None
        return history_path(rel)  # a name that is not UTF-8 as ingestion writes it

    def refresh_git(self, base_ref: str | None = None) -> WorkState:
        """Recompute the working tree's change against history and lay it over (buffers stay on top)."""
        if self.root is None:
            raise LoreError("no-work-tree", "the working layer has no work tree")
        wm = operations.run("headWatermark", self.graph, {}).get("watermark")
        st = work_state(self.root, wm, self._head_blobs, base_ref)
        paths: dict[str, bytes | None] = {}
        changed = sorted(st.changed.items())
        self.truncated = max(0, len(changed) - MAX_LAYER_FILES)
        if self.truncated:
            st.notes.append(f"{len(changed)} changed files: only the first {MAX_LAYER_FILES} are in the working "
                            f"layer (LORE_LAYER_MAX_FILES); ingest the branch for the rest")
            changed = changed[:MAX_LAYER_FILES]
        for path, status in changed:
            # git's name reads the file; the layer knows it by ingestion's name for it (a name that is not
            # UTF-8 keeps its bytes as \xNN there, walk.decode_path), so it replaces that file's history.
            name = history_path(path)
            if status == "D":
                paths[name] = None
                continue
            data = self._read(path)
            if data is not None:
                paths[name] = data
        self.git, self.git_paths = st, paths
        self._sync_entries()
        return st

    def _read(self, rel: str) -> bytes | None:
        full = os.path.join(self.root or "", rel)
        try:
            if os.path.islink(full) or not os.path.isfile(full):
                return None  # symlinks are never followed; a directory is a submodule
            with open(full, "rb") as fh:
                return fh.read(MAX_FILE_BYTES)
        except OSError:
            return None

    def set_buffer(self, path: str, text: str | None, version: int | None) -> str | None:
        """An open buffer's text (None: closed). Returns the repository path, or None outside the tree."""
        rel = self.relative(path)
        if rel is None:
            return None
        if text is None:
            self.buffers.pop(rel, None)
        else:
            if not isinstance(text, str):
                raise LoreError("bad-params", "text must be a string")
            self.buffers[rel] = (version, text.encode("utf-8", "surrogatepass")[:MAX_FILE_BYTES])
        self._sync_entries([rel])
        return rel

    def _head_blobs(self) -> dict[str, str] | None:
        """The files of the graph's head as ingestion recorded them (read only when git cannot say what
        changed: the head's commit is not in this repository)."""
        reply = operations.run("headFiles", self.graph, {})
        return reply.get("files") if reply.get("ok") else None

    # ------------------------------------------------------------------ keeping the tables true

    def _wanted(self) -> dict[str, tuple[str, bytes | None, int | None]]:
        out: dict[str, tuple[str, bytes | None, int | None]] = {}
        for p, data in self.git_paths.items():
            out[p] = ("git", data, None)
        for p, (version, data) in self.buffers.items():
            out[p] = ("buffer", data, version)
        return out

    def sync(self) -> None:
        """Before every answer: rebuild when history moved under the layer (a write, derived facts, an
        ingestion)."""
        if not self._ensure():
            return
        with self.graph.lock:
            tx = self.graph.newest_tx()
        if tx != self.seen_tx:
            self._rebuild(tx)

    def _reset(self) -> None:
        self.generation += 1
        self.entries.clear()
        self.seen_tx = None
        if self.con is not None:
            for t in LAYER_TABLES:
                self.con.execute(SQL["empty"].replace("{table}", t))
            self._taken = dict.fromkeys(LAYER_TABLES, 0)

    def _compact(self) -> None:
        """Rewrite each of the layer's tables that took in more than twice the rows it holds (layer.sql,
        compact): its memory then follows what it holds, not every row it ever held."""
        for t, n in self._taken.items():
            if n < self.compact_min_rows:
                continue
            live = scalar(self.con.execute(f"SELECT count(*) FROM {t}"))
            if n > 2 * live:
                self.con.execute(SQL["compact"].replace("{table}", t))
                self.compactions += 1
                n = live
            self._taken[t] = n

    def _rebuild(self, tx: int) -> None:
        keep = {p: e for p, e in self.entries.items()}
        self._reset()
        self._dependents.clear()
        self._ctx = None  # history moved: the context is made again when a keystroke needs it
        self.seen_tx = tx
        self.stats["rebuilds"] += 1
        # History's rows of the hot attributes as of now (after the first time, only what changed since).
        if self._base_tx is None:
            self.con.execute(self._sql("base"))
        else:
            for name in ("base_since_drop", "base_since_delete", "base_since_add"):
                sql = self._sql(name)
                self.con.execute(sql, {"tx": self._base_tx} if "$tx" in sql else None)
        self._base_tx = tx
        # The links below read the memory index, which must have folded ``tx`` first.
        operations.run("memoryIndexSync", self.graph, {})
        self._shadow_mem_code()
        # Parses are reused only while the head they were made against is still the head.
        self.watermark = operations.run("headWatermark", self.graph, {}).get("watermark")
        self._apply(self._wanted(), previous=keep, rebuild=True)

    def _sync_entries(self, only: list[str] | None = None) -> None:
        if not self._ensure():
            return
        with self.graph.lock:
            tx = self.graph.newest_tx()
        if tx != self.seen_tx:
            self._rebuild(tx)
            return
        wanted = self._wanted()
        todo: dict[str, tuple[str, bytes | None, int | None]] = {}
        drop: list[str] = []
        paths = only if only is not None else sorted(set(wanted) | set(self.entries))
        for p in paths:
            w = wanted.get(p)
            e = self.entries.get(p)
            if w is None:
                if e is not None:
                    drop.append(p)
                continue
            if e is None or e.digest != _digest(w[1]) or e.source != w[0]:
                todo[p] = w
            elif e.version != w[2]:
                e.version = w[2]  # same text, newer version: nothing to recompute
        # A file the layer holds against the same head: apply the difference (most keystrokes change no
        # fact at all, only locations).
        dropped_manifest = any(self._is_manifest(p) for p in drop)
        was_manifest = any(self._is_manifest(p) for p in todo)
        resolved_through = self.resolved_through
        diffable = {p: w for p, w in todo.items() if p in self.entries and w[1] is not None
                    and self.entries[p].data is not None and self.entries[p].facts_at(self.watermark)}
        rest = {p: w for p, w in todo.items() if p not in diffable}
        if diffable:
            rest.update(self._apply_diffs(diffable))
        if rest or drop:
            self._apply(rest, drop=drop)
        if dropped_manifest or ((was_manifest or any(self._is_manifest(p) for p in todo))
                                and self.resolved_through != resolved_through):
            # A workspace manifest the layer holds changed what imports resolve through (a Cargo dependency
            # renamed in an unsaved Cargo.toml; a keystroke in a version string changes nothing): the layer's
            # other files resolve their imports through it, so their facts are made again.
            others = {p: w for p, w in wanted.items() if p not in todo and p in self.entries and w[1] is not None
                      and self.entries[p].data is not None and self.entries[p].facts_at(self.watermark)}
            if others:
                again = self._apply_diffs(others)
                if again:
                    self._apply(again)

    def _is_manifest(self, path: str) -> bool:
        """Whether the layer holds ``path`` as a workspace manifest (fileFacts says which files are)."""
        e = self.entries.get(path)
        return bool(e is not None and e.facts and e.facts.get("manifest"))

    def _manifests(self, besides: set[str]) -> list[dict[str, Any]]:
        """The workspace manifests the layer holds, but ``besides``: imports resolve through their texts."""
        return [{"path": p, "text": e.data} for p, e in self.entries.items()
                if p not in besides and e.facts and e.facts.get("manifest")]

    def _alloc(self, n: int) -> list[int]:
        ids = list(range(self._next_id, self._next_id - n, -1))
        self._next_id -= n
        return ids

    def _apply(self, files: dict[str, tuple[str, bytes | None, int | None]], *, drop: Sequence[str] = (),
               previous: dict[str, Entry] | None = None, rebuild: bool = False) -> None:
        t0 = time.perf_counter()
        self.generation += 1
        con = self.con
        previous = previous or {}
        touched: set[str] = set()
        closed: list[int] = []
        tags = [f"f:{p}" for p in [*files, *drop]]
        for p in [*files, *drop]:
            old = self.entries.pop(p, None) or previous.get(p)
            if old is not None:
                touched |= old.entities
        # The rows this change adds to what the rules last saw (the layer's new rows, and history's rows it
        # stops hiding), and the layer's own conclusions that cited a row it takes away (their subjects are
        # re-derived): with both known, a rule runs once over what the change touched (Engine.preview).
        fresh: list[int] = []
        if tags and not rebuild:
            fresh += [r[0] for r in con.execute(f"SELECT id FROM layer_hidden WHERE {_one_of('tag', tags)}",
                                                [tags]).fetchall()]
            gone = [r[0] for r in con.execute(f"SELECT id FROM layer_facts WHERE {_one_of('tag', tags)}",
                                              [tags]).fetchall()]
            self._delete_tags(tags)
            if gone:
                touched |= {r[0] for r in con.execute(
                    "SELECT DISTINCT e FROM layer_facts WHERE inferred AND list_has_any(provenance, ?::BIGINT[])",
                    [gone]).fetchall()}
        # What the new texts say, from ingestion's extractor (cached by text while history stays).
        parse = [p for p, (_, data, _) in files.items()
                 if not (p in previous and previous[p].digest == _digest(data)
                         and previous[p].facts_at(self.watermark))]
        replies: dict[str, dict[str, Any]] = {}
        if parse:
            reply = operations.run("fileFacts", self.graph, {"files": [
                {"path": p, "text": files[p][1]} for p in parse], "manifests": self._manifests(set(files) | set(drop)) + [
                {"path": p, "text": files[p][1]} for p in files if p not in parse and (previous[p].facts or {}).get("manifest")]})
            if not reply.get("ok"):
                raise LoreError((reply.get("error") or {}).get("code", "layer-failed"),
                                (reply.get("error") or {}).get("message", "the working layer failed"))
            self.watermark = reply.get("watermark")
            self.resolved_through = reply.get("workspaces")
            for f in reply["files"]:
                f["_watermark"] = self.watermark
                replies[f["path"]] = f
        rows: list[tuple] = []
        hidden: list[tuple[int, str]] = []
        inserted = 0
        link_targets: list[str] = []
        new_entries: dict[str, Entry] = {}
        heads = self._head_dependents({p: list((replies.get(p) or (previous[p].facts if p in previous else None)
                                                or {}).get("replaces") or []) for p in files})
        for p, (source, data, version) in files.items():
            prev = previous.get(p)
            ff = replies.get(p) or (prev.facts if prev is not None else None)
            if ff is None:
                continue
            tag = f"f:{p}"
            entry = Entry(p, source, _digest(data), version, data, ff, tuple(sorted(ff.get("names") or ())))
            replaced = list(ff.get("replaces") or [])
            head_entities, dependents = heads[p]
            entry.entities |= set(head_entities)
            for rid in replaced:
                hidden.append((rid, tag))
            for rid, subject in dependents:
                hidden.append((rid, tag))
                entry.entities.add(subject)
            closed += replaced + [rid for rid, _ in dependents]
            facts = ff.get("facts") or []
            ids = self._alloc(len(facts))
            fresh += ids
            for rid, (e, a, vt, v, vn, *closed_at) in zip(ids, facts):
                rows.append((rid, e, a, vt, v, vn, 0, closed_at[0] if closed_at else FOREVER, LAYER_TX, MAX_TX,
                             False, None, 1.0, None, tag))
                entry.entities.add(e)
                if vt == "k":
                    entry.entities.add(v)
            # A large change's rows go in as they are made, not all held in Python first.
            if len(rows) >= INSERT_CHUNK:
                self._insert("layer_facts", rows)
                inserted += len(rows)
                rows = []
            if len(hidden) >= INSERT_CHUNK:
                self._insert_hidden(hidden)
                inserted += len(hidden)
                hidden = []
            # Links change only when the file's names do; a keystroke inside a body keeps them.
            if prev is not None and prev.names == entry.names and prev.facts is ff and not rebuild:
                entry.links = prev.links
            else:
                link_targets.append(p)
            new_entries[p] = entry
            touched |= entry.entities
        if rows:
            self._insert("layer_facts", rows)
        if hidden:
            self._insert_hidden(hidden)
        self._insert_locations([(ent.facts or {}, f"f:{p}") for p, ent in new_entries.items()])
        if files:
            con.execute("INSERT INTO layer_files SELECT unnest(?::VARCHAR[])", [sorted(files)])
            self._taken["layer_files"] += len(files)
        # Memory links to the changed files' definitions, computed over history + layer.
        relink = [new_entries[p] for p in link_targets]
        if relink:
            for p, links in self._links_for(relink).items():
                new_entries[p].links = links
        fresh += self._insert_links(list(new_entries.values()))
        for ent in new_entries.values():
            touched |= {lk["memory"] for lk in ent.links}
        self.entries.update(new_entries)
        if touched:
            # A rebuild (the first, or after history moved) runs once over many files: the context would
            # cost a scan of history to answer one run; a later change is a keystroke's, and pays it back.
            self._rederive(sorted(touched), closed, fresh=fresh, context=not rebuild)
        self._compact()
        if inserted:
            # pyarrow's allocator keeps what the large change's Arrow tables took (8 MB of a 200-file
            # layer's) unless asked to give it back; a keystroke's small inserts leave it alone.
            pa.default_memory_pool().release_unused()
        self.stats["updates"] += 1
        self.stats["last_ms"] = round((time.perf_counter() - t0) * 1000, 2)

    def _apply_diffs(self, files: dict[str, tuple[str, bytes | None, int | None]]
                     ) -> dict[str, tuple[str, bytes | None, int | None]]:
        """New texts of files the layer holds: swap only the facts that changed, re-link only when the file's
        names changed, and re-run only the rules that read an attribute that changed, over the entities that
        changed. Returns the files that need a full apply instead (their head moved)."""
        t0 = time.perf_counter()
        reply = operations.run("fileFacts", self.graph, {"files": [{"path": p, "text": w[1]} for p, w in files.items()],
                                                         "manifests": self._manifests(set(files))})
        if not reply.get("ok") or reply.get("watermark") != self.watermark:
            return files
        self.resolved_through = reply.get("workspaces")
        con = self.con
        fallback: dict[str, tuple[str, bytes | None, int | None]] = {}
        touched: set[str] = set()
        attrs: set[str] = set()
        fresh: list[int] = []  # the rows this change adds
        gone: list[int] = []  # and the layer's rows it takes away
        about_memories: set[str] = set()  # the attributes of the changed rows about something not code
        for ff in reply["files"]:
            p = ff["path"]
            source, data, version = files[p]
            prev = self.entries[p]
            prev_facts = prev.facts
            assert prev_facts is not None  # a diffable entry has facts
            if sorted(ff.get("replaces") or []) != sorted(prev_facts.get("replaces") or []):
                fallback[p] = files[p]
                continue
            ff["_watermark"] = self.watermark
            tag = f"f:{p}"
            if (ff.get("definitions") or []) != (prev_facts.get("definitions") or []) \
                    or (ff.get("imports") or []) != (prev_facts.get("imports") or []):
                # Most keystrokes inside a line move no definition or import: then nothing is rewritten.
                self.generation += 1
                con.execute("DELETE FROM layer_defs WHERE tag = ?", [tag])
                con.execute("DELETE FROM layer_imps WHERE tag = ?", [tag])
                self._insert_locations([(ff, tag)])
            # A fact is (e, a, vt, v), and the end of its valid time when it has one (a renamed definition's old
            # name, closed, is another row than the same name valid: undoing the rename swaps them).
            old = {(*f[:4], *f[5:6]): f for f in prev_facts.get("facts") or []}
            new = {(*f[:4], *f[5:6]): f for f in ff.get("facts") or []}
            removed = [k for k in old if k not in new]
            added = [new[k] for k in new if k not in old]
            if removed or added:
                self.generation += 1
            if removed:
                con.register("_layer_rm", pa.table({n: pa.array([k[i] for k in removed], pa.string())
                                                    for i, n in enumerate(("e", "a", "vt", "v"))}))
                try:
                    gone += [r[0] for r in con.execute(
                        "DELETE FROM layer_facts USING _layer_rm r WHERE layer_facts.tag = ? "
                        "AND NOT layer_facts.inferred AND layer_facts.e = r.e AND layer_facts.a = r.a "
                        "AND layer_facts.vt = r.vt AND layer_facts.v = r.v RETURNING layer_facts.id", [tag]).fetchall()]
                finally:
                    con.unregister("_layer_rm")
            if added:
                ids = self._alloc(len(added))
                fresh += ids
                self._insert("layer_facts", [(rid, e, a, vt, v, vn, 0, closed_at[0] if closed_at else FOREVER, LAYER_TX,
                                              MAX_TX, False, None, 1.0, None, tag)
                                             for rid, (e, a, vt, v, vn, *closed_at) in zip(ids, added)])
            for e, a, vt, v, *_ in [*removed, *added]:
                touched.add(e)
                attrs.add(a)
                if not is_code(e):
                    about_memories.add(a)
                if vt == "k":
                    touched.add(v)
            entry = Entry(p, source, _digest(data), version, data, ff, tuple(sorted(ff.get("names") or ())),
                          prev.links, set(prev.entities) | {k[0] for k in new} | {k[3] for k in new if k[2] == "k"})
            if entry.names != prev.names:
                self.generation += 1
                gone += [r[0] for r in con.execute(
                    "DELETE FROM layer_facts WHERE tag = ? AND inferred AND a = ':relates-to' RETURNING id",
                    [tag]).fetchall()]
                touched |= {lk["memory"] for lk in prev.links}
                entry.links = self._links_for([entry])[p]
                touched |= {lk["memory"] for lk in entry.links}
                fresh += self._insert_links([entry])
                attrs.add(":relates-to")
                about_memories.add(":relates-to")  # a link is a memory's row
            self.entries[p] = entry
        if gone:
            # The layer's own conclusions that cited a row taken away: their subjects are re-derived.
            touched |= {r[0] for r in con.execute(
                "SELECT DISTINCT e FROM layer_facts WHERE inferred AND list_has_any(provenance, ?::BIGINT[])",
                [gone]).fetchall()}
        if touched:
            # Every row added since the layer's conclusions were computed is in ``fresh``, and every subject
            # that lost one is in ``touched``: what the rules conclude elsewhere stands unless it cites a
            # fresh row (Engine.preview), so a rule usually runs once per keystroke.
            # A rule that reads an attribute only of memories is not run for a change of code's rows of it
            # (a typed import changes :depends-on of a module, which shared_dependency_risk counts only of
            # memories): lore.inference.context.reached.
            self._rederive(sorted(touched), [], sorted(attrs), fresh=fresh, code_only=sorted(attrs - about_memories))
        self._compact()
        self.stats["updates"] += 1
        self.stats["last_ms"] = round((time.perf_counter() - t0) * 1000, 2)
        return fallback

    def _insert_locations(self, files: list[tuple[dict[str, Any], str]]) -> None:
        """The definitions and imports of these files (ingestion's fileFacts replies, each with its tag), in
        one insert per table."""
        defs = [(*d, tag) for ff, tag in files for d in ff.get("definitions") or []]
        imps = [(*i, tag) for ff, tag in files for i in ff.get("imports") or []]
        for rows, schema, table in ((defs, _DEF_SCHEMA, "layer_defs"), (imps, _IMP_SCHEMA, "layer_imps")):
            if rows:
                self._insert(table, rows, schema)

    def _links_for(self, entries: list[Entry]) -> dict[str, list[dict[str, Any]]]:
        """The memory links (over history + layer) to the definitions and modules of these files."""
        targets = sorted({e for ent in entries for e in ent.entities
                          if e.startswith((":function/", ":class/", ":module/", ":variable/", ":field/"))})
        out: dict[str, list[dict[str, Any]]] = {ent.path: [] for ent in entries}
        if not targets:
            return out
        reply = operations.run("previewLinks", self._view(), {"targets": targets})
        by_target: dict[str, list[dict[str, Any]]] = {}
        for link in (reply.get("links") or []) if reply.get("ok") else []:
            by_target.setdefault(link["code"], []).append(link)
        for ent in entries:
            out[ent.path] = [link for t in sorted(ent.entities) for link in by_target.get(t, [])]
        return out

    def _insert_links(self, entries: list[Entry]) -> list[int]:
        """The memory links of these entries as the layer's rows; returns their ids."""
        rows = [(lk, f"f:{ent.path}") for ent in entries for lk in ent.links]
        if not rows:
            return []
        ids = self._alloc(len(rows))
        self._insert("layer_facts", [
            (rid, lk["memory"], ":relates-to", "k", lk["code"], None, lk["valid_from"], lk["valid_to"], LAYER_TX,
             MAX_TX, True, lk["rule"], lk["confidence"], lk["provenance"], tag)
            for rid, (lk, tag) in zip(ids, rows)])
        return ids

    def _head_dependents(self, replaced: dict[str, list[int]]) -> dict[str, tuple[list[str], list[tuple[int, str]]]]:
        """Per file: the head entities of its replaced rows, and the inferred rows that follow from them or
        link to them — the same until history moves, so remembered per (file, transaction); the files not
        remembered yet are looked up together (two queries, however many files)."""
        out: dict[str, tuple[list[str], list[tuple[int, str]]]] = {}
        todo: dict[str, list[int]] = {}
        for path, ids in replaced.items():
            hit = self._dependents.get((path, self.seen_tx or 0))
            if hit is not None:
                out[path] = hit
            elif not ids:
                out[path] = self._dependents[(path, self.seen_tx or 0)] = ([], [])
            else:
                todo[path] = ids
        if todo:
            all_ids = sorted({i for ids in todo.values() for i in ids})
            head = {rid: (e, v) for rid, e, v in self.con.execute(self._sql("head_entities"), {"ids": all_ids}).fetchall()}
            ents: dict[str, list[str]] = {}
            for path, ids in todo.items():
                seen: dict[str, None] = {}
                for rid in ids:
                    e, v = head.get(rid, (None, None))
                    for x in (e, v):
                        if x is not None:
                            seen[x] = None
                ents[path] = list(seen)
            rows = self.con.execute(self._sql("dependents"), {
                "ids": all_ids, "entities": sorted({x for xs in ents.values() for x in xs})}).fetchall()
            for path, ids in todo.items():
                mine, targets = set(ids), set(ents[path])
                deps = [(rid, e) for rid, e, prov, target in rows
                        if (target is not None and target in targets) or (prov and not mine.isdisjoint(prov))]
                out[path] = self._dependents[(path, self.seen_tx or 0)] = (ents[path], deps)
        return out

    def _rederive(self, entities: list[str], closed: list[int], attributes: list[str] | None = None,
                  fresh: list[int] | None = None, context: bool = True, code_only: list[str] | None = None) -> None:
        """Re-run the scoped warning rules (those reading one of ``attributes``, else all) over what the change
        touched; the layer's conclusions replace history's for every subject in each rule's scope. ``fresh``:
        every row added since the layer's conclusions were computed; ``code_only``: the attributes whose
        every changed row is about code (previewWarnings)."""
        self.generation += 1
        params: dict[str, Any] = {"entities": entities, "closed": sorted(set(closed))}
        if attributes is not None:
            params["attributes"] = attributes
        if code_only:
            params["codeOnly"] = code_only
        if fresh is not None:
            params["fresh"] = sorted(set(fresh))
        reply = self._preview(params) if context else operations.run("previewWarnings", self._view(), params)
        if not reply.get("ok"):
            log.warning("working layer: warnings could not be computed: %s", (reply.get("error") or {}).get("message"))
            return
        tags: list[str] = []
        pairs_rule: list[str] = []
        pairs_e: list[str] = []
        rows: list[tuple] = []
        for item in reply["rules"]:
            rule = item["rule"]
            for e in item["scope"]:
                tags.append(f"w:{rule}\x00{e}")
                pairs_rule.append(rule)
                pairs_e.append(e)
            for c in item["conclusions"]:
                rows.append((c["e"], c["a"], c["vt"], c["v"], c["vn"],
                             c["valid_from"] if c["valid_from"] is not None else 0, c["valid_to"], LAYER_TX, MAX_TX,
                             True, rule, c["confidence"], c["provenance"], f"w:{rule}\x00{c['e']}"))
        if tags:
            self._delete_tags(tags)
        if pairs_rule:
            stored = self.con.execute(self._sql("stored_warnings"),
                                      {"rules": pairs_rule, "subjects": pairs_e}).fetchall()
            if stored:
                self._insert_hidden([(rid, f"w:{rule}\x00{e}") for rid, rule, e in stored])
        if rows:
            ids = self._alloc(len(rows))
            self._insert("layer_facts", [(rid, *r) for rid, r in zip(ids, rows)])

    # ------------------------------------------------------------------ the keystroke's context

    def _preview(self, params: dict[str, Any]) -> dict[str, Any]:
        """previewWarnings over history + layer. The rules whose every read a small context answers
        (lore.inference.context: the attributes they read, and which of them only of memories) run with
        ``facts`` being that context — history's current rows of those attributes and every memory's, minus
        the rows the layer replaces, plus the layer's — instead of the million-row history; the others, and
        any served rule whose conclusions cite a row the context lacks, run over the whole view."""
        view = self._view()
        served = self._served_rules(params.get("attributes"), params.get("codeOnly")) if self.use_context else None
        if not served:
            return operations.run("previewWarnings", view, params)
        names, attrs, others = served
        if not self._ensure_context(attrs):
            self.context_stats["fallback"] += 1
            return operations.run("previewWarnings", view, params)
        con = self.con
        hidden = scalar(con.execute("SELECT coalesce(hash(list(id ORDER BY id)), 0) FROM layer_hidden"))
        if hidden != self._ctx_hidden:
            con.execute(SQL["context_hide"])
            self._ctx_hidden = hidden
        con.execute(SQL["context_view"])
        try:
            fast = operations.run("previewWarnings", view, {**params, "rules": names})
        finally:
            con.execute(self._sql("facts_view").replace("{cold}", _COLD_SQL))
        if not fast.get("ok"):
            return fast
        items = list(fast["rules"])
        cited = sorted({int(i) for item in items for c in item["conclusions"] for i in c.get("provenance") or []})
        if cited:
            have = {r[0] for r in con.execute(
                f"SELECT id FROM ctx_hist WHERE NOT hidden AND {_one_of('id', cited, 'BIGINT', '$ids')} "
                f"UNION ALL SELECT id FROM layer_facts WHERE {_one_of('id', cited, 'BIGINT', '$ids')}",
                {"ids": cited}).fetchall()}
            missing = {item["rule"] for item in items
                       if any(int(i) not in have for c in item["conclusions"] for i in c.get("provenance") or [])}
        else:
            missing = set()
        kept = [item for item in items if item["rule"] not in missing]
        self.context_stats["served"] += len(kept)
        rest = sorted(missing) + others
        if rest:
            self.context_stats["fallback"] += len(rest)
            slow = operations.run("previewWarnings", view, {**params, "rules": rest})
            if not slow.get("ok"):
                return slow
            kept += slow["rules"]
        return {"ok": True, "rules": kept}

    def _served_rules(self, attributes: list[str] | None, code_only: list[str] | None = None
                      ) -> tuple[list[str], frozenset[str], list[str]] | None:
        """The scoped rules a context can serve for this change, the attributes it must hold of every
        entity, and the other scoped rules; None when none can be served."""
        params: dict[str, Any] = {} if attributes is None else {"attributes": attributes}
        if code_only:
            params["codeOnly"] = code_only
        reply = operations.run("contextRules", self._view(), params)
        if not reply.get("ok") or not reply.get("served"):
            return None
        return list(reply["served"]), frozenset(HOT_ATTRIBUTES) | frozenset(reply["attributes"]), list(reply["others"])

    def _ensure_context(self, attrs: frozenset[str]) -> bool:
        """ctx_hist holds history's current rows of ``attrs`` and every memory's, as of the layer's
        transaction (False: the context would be too large to pay; the rules then run over the whole view)."""
        if self._ctx is not None and self._ctx[0] == self.seen_tx and attrs <= self._ctx[1]:
            return True
        if self._ctx is not None and self._ctx[0] == self.seen_tx:
            attrs = attrs | self._ctx[1]
        listed = "(" + ", ".join("'" + a.replace("'", "''") + "'" for a in sorted(attrs)) + ")"
        self.con.execute(self._sql("context_hist").replace("{attrs}", listed))
        self.context_stats["builds"] += 1
        n = scalar(self.con.execute("SELECT count(*) FROM ctx_hist"))
        if n > CONTEXT_MAX_ROWS:
            self.con.execute(SQL["context_empty"])
            self._ctx = (self.seen_tx, frozenset())
            return False
        self._ctx = (self.seen_tx, attrs)
        self._ctx_hidden = None  # the new ctx_hist marks no row hidden yet
        return True

    def _named_facts(self, entities: list[str]) -> str | None:
        """ctx_named_facts once ctx_named holds history's current rows of every one of ``entities`` (loaded
        as they are first asked for, kept until history moves); None: too many, or no context."""
        if not self.use_context or self.con is None:
            return None
        if self._named is None or self._named[0] != self.seen_tx:
            self.con.execute("DELETE FROM ctx_named")
            self._named = (self.seen_tx, set())
        held = self._named[1]
        missing = sorted({e for e in entities if isinstance(e, str)} - held)
        if missing:
            if len(held) + len(missing) > CONTEXT_MAX_ENTITIES:
                return None
            self.con.execute(self._sql("named_add"), {"entities": missing})
            held.update(missing)
            self.context_stats["named_loads"] += 1
        self.context_stats["named"] += 1
        return "ctx_named_facts"

    def _file_locations(self, path: str) -> tuple[set[str], set[tuple[str, str]]] | None:
        """What layer_defs and layer_imps hold of one of the layer's files (every file of ``entries`` is in
        layer_files, so the views show none of history's locations in it), read from the entries' facts."""
        if path not in self.entries:
            return None
        defs: set[str] = set()
        imps: set[tuple[str, str]] = set()
        for ent in self.entries.values():
            ff = ent.facts or {}
            defs |= {d[0] for d in ff.get("definitions") or [] if d[1] == path}
            imps |= {(i[0], i[1]) for i in ff.get("imports") or [] if i[3] == path}
        return defs, imps

    def _dismissed_rows(self) -> list[tuple[str, int]]:
        """History's dismissals, read again when history moves (a dismissal is a transaction)."""
        if self._dismissals is None or self._dismissals[0] != self.seen_tx:
            self._dismissals = (self.seen_tx, _dismissed_rows_of(self.con))
        return list(self._dismissals[1])

    def _journal_locations(self, entities: list[str]) -> dict[str, Any]:
        """journalLocate over the layer's view, its finds remembered until history moves (a keystroke that
        shows a rejected import cites the decision's journal entry each time: the look-up reads the journal's
        table and folder). A remembered entry file that is gone (a checkout) is looked up again."""
        if self._journal is None or self._journal[0] != self.seen_tx:
            self._journal = (self.seen_tx, {})
        held = self._journal[1]
        out = {e: held[e] for e in entities if e in held and os.path.isfile(held[e]["file"])}
        missing = sorted({e for e in entities if e not in out})
        if missing:
            reply = operations.run("journalLocate", self._view(), {"entities": missing})
            for e, loc in ((reply.get("locations") or {}) if reply.get("ok") else {}).items():
                if isinstance(loc, dict) and isinstance(loc.get("file"), str):
                    held[e] = out[e] = loc
        return {e: dict(loc) for e, loc in out.items()}

    def _delete_tags(self, tags: list[str]) -> None:
        con = self.con
        tagged = _one_of("tag", tags)
        con.execute(f"DELETE FROM layer_facts WHERE {tagged}", [tags])
        con.execute(f"DELETE FROM layer_hidden WHERE {tagged}", [tags])
        files = [t[2:] for t in tags if t.startswith("f:")]
        if files:
            con.execute(f"DELETE FROM layer_defs WHERE {tagged}", [tags])
            con.execute(f"DELETE FROM layer_imps WHERE {tagged}", [tags])
            con.execute(f"DELETE FROM layer_files WHERE {_one_of('path', files)}", [files])

    def _insert(self, table: str, rows: list[tuple], schema: pa.Schema = _SCHEMA) -> None:
        """Rows into one of the layer's tables, through Arrow tables of at most INSERT_CHUNK rows: a
        rebuild's 30,000 rows as one Arrow table took 20 MB that pyarrow's allocator kept after the insert."""
        name = "_layer_rows"
        for at in range(0, len(rows), INSERT_CHUNK):
            part = rows[at:at + INSERT_CHUNK]
            self.con.register(name, _columns(part, schema))
            try:
                self.con.execute(f"INSERT INTO {table} SELECT * FROM {name}")
            finally:
                self.con.unregister(name)
            self._taken[table] = self._taken.get(table, 0) + len(part)

    def _insert_hidden(self, pairs: list[tuple[int, str]]) -> None:
        self._insert("layer_hidden", pairs, _HIDDEN_SCHEMA)

    # ------------------------------------------------------------------ answers

    def memory(self) -> dict[str, Any]:
        """What the layer holds, measured the same way every time: its DuckDB tables (the database's
        in-memory table bytes: TEMP tables, the layer's and other features' scratch ones, so compare a
        measure before the layer is built with one after), its Python objects
        (the files' texts and facts, buffers, remembered answers), and the process's resident set once the
        freed heap is handed back (the resident set alone includes memory freed but not yet returned)."""
        tables = everything = 0
        if self.con is not None:
            tables, everything = (int(x) for x in self.con.execute(
                "SELECT coalesce(sum(memory_usage_bytes) FILTER (WHERE tag = 'IN_MEMORY_TABLE'), 0), "
                "coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()").fetchall()[0])
        py = _deep_size([self.entries, self.buffers, self.git_paths, self.answers, self._dependents, self.git,
                         self._history])
        # duckdb_mb: all the database's buffers (history's blocks it has cached too, which a rebuild reads)
        return {"tables_mb": round(tables / 2**20, 2), "duckdb_mb": round(everything / 2**20, 2),
                "python_mb": round(py / 2**20, 2),
                "rss_trimmed_mb": _trimmed_rss_mb()}

    def status(self) -> dict[str, Any]:
        files = []
        for p, e in sorted(self.entries.items()):
            ff = e.facts or {}
            item: dict[str, Any] = {"path": p, "source": e.source, "parsed": bool(ff.get("parsed"))}
            if e.version is not None:
                item["version"] = e.version
            if ff.get("reason"):
                item["reason"] = ff["reason"]
            if ff.get("syntax_errors"):
                item["syntaxErrors"] = True
            files.append(item)
        return {"root": self.root, "active": self.con is not None, "watermark": self.watermark,
                "graphTx": self.seen_tx, "git": self.git.to_json() if self.git else None,
                "buffers": {p: v for p, (v, _) in sorted(self.buffers.items())}, "files": files,
                "truncated": self.truncated, "stats": dict(self.stats)}


def _deep_size(roots: list[Any]) -> int:
    """Bytes of these objects and of everything they hold (each object counted once)."""
    seen: set[int] = set()
    stack = list(roots)
    total = 0
    while stack:
        x = stack.pop()
        if id(x) in seen or x is None or isinstance(x, (bool, int, float)):
            continue
        seen.add(id(x))
        total += sys.getsizeof(x)
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)
        elif isinstance(x, (Entry, WorkState)):
            stack.append(vars(x))
    return total


def _trimmed_rss_mb() -> float | None:
    """The process's resident set after glibc returned what it can of the freed heap (None: not Linux/glibc)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, AttributeError, ValueError):
        return None
    return None


def _close(layer: Layer) -> None:
    layer.close()


LAYER: Slot[Layer] = Slot("working.layer", Layer, close=_close)


def layer_for(graph: Graph) -> Layer:
    return graph.session.get(LAYER)


def json_dumps(x: Any) -> str:
    return json.dumps(x, sort_keys=True, default=str)

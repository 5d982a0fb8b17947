"""The graph: a DuckDB file of bi-temporal facts, and the transactions that change it.

This module knows nothing of queries, rules, editors or the command line. It opens (or creates) a graph,
applies transactions atomically, bulk-loads rows through Arrow, and answers history and read-only SQL.
"""

from __future__ import annotations

import contextvars
import logging
import os
import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import duckdb

from lore.errors import LoreError
from lore.store import safefs, timeline
from lore.store.session import Session
from lore.store.values import Value, decode
from lore.timeutil import FOREVER, format_instant, now_micros

log = logging.getLogger("lore")

SCHEMA_VERSION = "1"
CHECKPOINT_WAIT_SECONDS = 30.0  # how long a checkpoint waits for other connections' transactions to end
MAX_TX = 2_147_483_647  # tx_to of rows that are still believed
# journal: a memory applied from the repository's journal (.lore/journal) by ingestion.
SOURCES = ("cli", "lsp", "agent", "mcp", "ingest", "rule", "journal")
MAX_REASON_CHARS = 10_000

FACT_COLUMNS = (
    "id", "e", "a", "vt", "v", "vn", "valid_from", "valid_to", "tx_from", "tx_to",
    "inferred", "rule", "confidence", "provenance",
)


def fact_schema():
    """The Arrow schema of fact rows (pyarrow is imported on first use: CLI start-up stays fast)."""
    import pyarrow as pa

    return pa.schema([
        ("id", pa.int64()), ("e", pa.string()), ("a", pa.string()), ("vt", pa.string()), ("v", pa.string()),
        ("vn", pa.float64()), ("valid_from", pa.int64()), ("valid_to", pa.int64()), ("tx_from", pa.int32()),
        ("tx_to", pa.int32()), ("inferred", pa.bool_()), ("rule", pa.string()), ("confidence", pa.float64()),
        ("provenance", pa.list_(pa.int64())),
    ])


def __getattr__(name: str) -> Any:  # FACT_SCHEMA stays importable without importing pyarrow up front
    if name == "FACT_SCHEMA":
        return fact_schema()
    raise AttributeError(name)

CARDINALITY_ATTR = ":db/cardinality"
CARDINALITY_ONE = ":db.cardinality/one"


# An op's valid_from meaning "the instant of the transaction that applies it" (a change of mind closes the old
# decision's validity exactly there). Below every real instant (-2^62), so it can never be one.
TX_INSTANT = -(2**63)


@dataclass
class Op:
    """One operation of a transaction: assert ('add') or retract a fact, with an optional own window."""

    kind: str  # "add" | "retract"
    e: str
    a: str
    value: Value
    valid_from: int | None = None
    valid_to: int | None = None


@dataclass
class TxResult:
    tx: int
    instant: int
    asserted: int  # interval rows written
    retracted: int  # interval rows closed
    touched: list[tuple[str, str]]  # (entity, attribute) pairs whose timelines changed

    def to_json(self) -> dict[str, Any]:
        return {
            "tx": self.tx,
            "instant": format_instant(self.instant),
            "asserted": self.asserted,
            "retracted": self.retracted,
        }


@dataclass
class TxRecord:
    """What a committed-to-be transaction did, for transaction observers: its operations in order with
    each one's resolved valid-time window [from, to), and the options its caller gave (``write_options``)."""

    tx: int
    instant: int
    reason: str
    source: str
    ops: Sequence[Op]
    windows: Sequence[tuple[int, int]]
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class TxSpec:
    """One transaction of a batch (``Graph.apply_transactions``)."""

    ops: Sequence[Op]
    reason: str
    source: str
    valid_from: int | None = None
    valid_to: int | None = None


# Transaction observers: fn(graph, TxRecord) -> None | fn(committed: bool). A feature registers one; the store
# knows nothing of what it does. It runs inside the DuckDB transaction after the operations applied and before
# COMMIT, so an exception rolls the whole write back; what it returns runs after COMMIT (True) or after a
# failed COMMIT (False), to undo work outside the database.
Observer = Callable[["Graph", TxRecord], "Callable[[bool], None] | None"]
TX_OBSERVERS: list[Observer] = []

# Options the caller of a write gives its observers (e.g. {"private": True}); the store never reads them.
_NO_OPTIONS: Mapping[str, Any] = MappingProxyType({})
_WRITE_OPTIONS: contextvars.ContextVar[Mapping[str, Any]] = contextvars.ContextVar("lore_write_options",
                                                                                  default=_NO_OPTIONS)


def observe_transactions(fn: Observer) -> Observer:
    if fn not in TX_OBSERVERS:
        TX_OBSERVERS.append(fn)
    return fn


def write_options() -> Mapping[str, Any]:
    return _WRITE_OPTIONS.get()


def set_write_options(options: Mapping[str, Any]) -> contextvars.Token:
    """Set the options of the writes this context makes; returns the token ``reset_write_options`` takes."""
    return _WRITE_OPTIONS.set(MappingProxyType(dict(options)))


def reset_write_options(token: contextvars.Token) -> None:
    _WRITE_OPTIONS.reset(token)


_SCHEMA_SQL = (Path(__file__).with_name("schema.sql")).read_text()


def _classify_open_error(path: str, exc: Exception) -> LoreError:
    msg = str(exc)
    if "Conflicting lock" in msg or "Could not set lock" in msg:
        m = re.search(r"PID (\d+)", msg)
        pid = int(m.group(1)) if m else None
        return LoreError("graph-locked",
                         f"the graph {path} is held by another process"
                         + (f" (pid {pid})" if pid else "")
                         + "; run the command through that process or stop it",
                         owner_pid=pid)
    if "Permission denied" in msg or "Read-only file system" in msg or "Cannot open file" in msg:
        return LoreError("graph-unwritable", f"cannot open the graph {path} for writing: {msg.splitlines()[0]}")
    if "not a valid DuckDB database" in msg or "Corrupt" in msg or "corrupt" in msg or "checksum" in msg.lower():
        return LoreError("graph-corrupt", f"{path} is not a Lore graph or is damaged: {msg.splitlines()[0]}")
    return LoreError("graph-open-failed", f"cannot open the graph {path}: {msg.splitlines()[0]}")


def lock_wait() -> float:
    """Seconds to wait for another process's hold on the graph (LORE_LOCK_WAIT, default 5)."""
    try:
        return max(0.0, float(os.environ.get("LORE_LOCK_WAIT", "5")))
    except ValueError:
        return 5.0


# DuckDB writes a new file's headers (three 4 KiB blocks) when it creates it: a file no bigger than that,
# or one made in the last moments, may be another process's graph still being created.
_HEADER_BYTES = 3 * 4096
_BEING_MADE_SECONDS = 2.0


def _maybe_being_created(path: str, existed: bool) -> bool:
    """Whether a file DuckDB calls "not a valid DuckDB database" may be a graph another process is making
    right now (three CLI writers on a fresh clone at once): absent when this open began, or tiny and new."""
    if not existed:
        return True
    try:
        st = os.stat(path)
    except OSError:
        return True
    return st.st_size <= _HEADER_BYTES and time.time() - st.st_mtime < _BEING_MADE_SECONDS


def _connect(path: str, read_only: bool, config: dict[str, Any], *, existed: bool = True) -> duckdb.DuckDBPyConnection:
    """Open the file; while another process holds it (two CLI writers at once, no server), wait a little
    and try again, like a database client's busy timeout, before answering ``graph-locked``. A file that
    another process is still creating reads as invalid for an instant: that waits the same way."""
    deadline = time.monotonic() + lock_wait()
    pause = 0.01
    told = False
    while True:
        try:
            return duckdb.connect(path, read_only=read_only, config=config)
        except duckdb.Error as exc:
            err = _classify_open_error(path, exc)
            waitable = err.code == "graph-locked" or (
                err.code == "graph-corrupt" and "not a valid DuckDB database" in str(exc)
                and _maybe_being_created(path, existed))
            if not waitable or time.monotonic() + pause > deadline:
                raise err from None
            if not told:
                log.info("waiting for the graph %s, %s", path, f"held by pid {err.extra['owner_pid']}"
                         if err.extra.get("owner_pid") else "held or being created by another process")
                told = True
            time.sleep(pause)
            pause = min(pause * 2, 0.2)


_NO_SPACE = ("No space left on device", "ENOSPC", "Disk full", "disk is full")
_UNWRITABLE = ("Read-only file system", "Permission denied", "Operation not permitted", "Cannot open file")


def storage_error(exc: BaseException) -> LoreError | None:
    """The storage failure behind ``exc`` (or the errors it was raised while handling), as a LoreError:
    ``disk-full`` or ``graph-unwritable`` with the system's own words; None when there is none."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if isinstance(cur, (duckdb.Error, OSError)):
            msg = str(cur).splitlines()[0] if str(cur) else type(cur).__name__
            if isinstance(cur, OSError) and cur.errno == 28 or any(m in str(cur) for m in _NO_SPACE):
                return LoreError("disk-full", f"the disk holding the graph is full; nothing was written: {msg}")
            if isinstance(cur, OSError) and cur.errno in (1, 13, 30) or any(m in str(cur) for m in _UNWRITABLE):
                return LoreError("graph-unwritable", f"the graph cannot be written; nothing was written: {msg}")
        cur = cur.__cause__ or cur.__context__
    return None


def _refuse_tracked(path: str) -> None:
    """``graph-tracked`` when git tracks the graph file, its WAL or its temporary folder: a clone then brings them, and a graph is
    a cache of the person's own ingestion, never the repository's (SPEC §6: never committed). A committed
    graph is what its author made it: decisions retracted or dismissed (a pull request's `lore check` in CI
    passed with one), journal entries marked as applied so that they never are, Datalog rules no
    one registered here, memories marked as the person's own in an agent's context."""
    # the temporary folder too: DuckDB spills into it and SQL may read it, so it must be one Lore made
    files = [f for f in (path, path + ".wal", path + ".tmp") if os.path.lexists(f)]
    if not files:
        return
    from lore import gitcmd

    found = gitcmd.tracked(files)
    if found:
        names = ", ".join(os.path.basename(f) for f in found)
        raise LoreError("graph-tracked", f"{path}: git tracks {names}, so it came with the repository; Lore opens no "
                                         f"graph a repository brings (a graph is your own ingestion's cache). Remove "
                                         f"it from the repository (git rm --cached) and delete the file: lore ingest "
                                         f"makes your own", path=found[0])


def _stored_version(con: duckdb.DuckDBPyConnection) -> str | None:
    """The schema version a DuckDB file's ``meta`` says; ``None`` for an empty database (no tables: a first
    open that stopped before the schema was written, one Lore may still make). A file with tables but no
    such record is not a Lore graph (``not-a-graph``)."""
    tables = {r[0] for r in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()").fetchall()}
    if not tables:
        return None
    row = None
    if "meta" in tables:
        try:
            row = _first(con.execute("SELECT value FROM meta WHERE key = 'schema_version'"))
        except duckdb.Error:
            row = None
    if row is None:
        raise LoreError("not-a-graph", "is a DuckDB file but not a Lore graph; Lore leaves it as it is (give "
                        "another --graph)")
    return str(row[0])


def _version_error(path: str, found: str) -> LoreError:
    """A graph of another schema, refused before anything is written to it: one a newer Lore made
    (``graph-newer``: this Lore would add its own tables beside the newer ones and misread them), or a version
    no Lore writes (``graph-corrupt``)."""
    if found.isascii() and found.isdigit() and len(found) < 10 and int(found) > int(SCHEMA_VERSION):
        return LoreError("graph-newer", f"{path} was made by a newer Lore (graph schema {found}; this Lore reads "
                         f"schema {SCHEMA_VERSION}); Lore leaves it as it is: upgrade Lore, or give another --graph")
    return LoreError("graph-corrupt", f"{path} has schema version {found[:100]!r}, expected {SCHEMA_VERSION}; "
                     "Lore leaves it as it is")


class _ThreadCursors:
    """One cursor of a connection for each thread that uses it: a DuckDB connection must not be shared
    across threads, and a cursor is a connection of its own to the same database (its statements and
    transactions are its own; each statement reads the committed state of its start)."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self._con = con
        self._local = threading.local()
        self._made: list[duckdb.DuckDBPyConnection] = []
        self._lock = threading.Lock()

    def get(self) -> duckdb.DuckDBPyConnection:
        c: duckdb.DuckDBPyConnection | None = getattr(self._local, "con", None)
        if c is None:
            c = self._local.con = self._con.cursor()
            with self._lock:
                self._made.append(c)
        return c

    def close(self) -> None:
        with self._lock:
            made, self._made = self._made, []
        for c in made:
            try:
                c.interrupt()  # a statement still running on another thread (SIGTERM mid-rule) ends now
                c.close()
            except Exception:  # noqa: BLE001 - closing anyway
                pass


class Graph:
    """An open graph. One process writes a graph file at a time (DuckDB's own lock).

    ``con`` is the graph's DuckDB connection. In a process whose threads share one Graph (the owner of a
    graph: its worker, readers, deriver, rules, ingestion and hovers) ``share_between_threads()`` makes it
    each thread's own cursor instead, while everything else — the lock, the session, the id counter, the
    caches — stays the one Graph's."""

    def __init__(self, path: str | os.PathLike[str] | None, *, read_only: bool = False) -> None:
        self.path = str(path) if path is not None else ":memory:"
        self.read_only = read_only
        self._threads: _ThreadCursors | None = None
        self.lock = threading.RLock()  # serialises writes from the server's threads
        self.session = Session(self)  # per-graph state of the features (lore.store.session)
        # allocator_background_threads: DuckDB's allocator (jemalloc on Linux) hands the memory its queries
        # freed back to the system in the background; without it a server kept every peak it ever reached
        # (30 MB after a 200-file working layer's rules ran, on ipython/ipython). Process-wide, so every
        # Graph asks for it (one opened without it would turn it off).
        config: dict[str, Any] = {"enable_external_access": False, "allocator_background_threads": True}
        made_tmp = False
        if self.path != ":memory:":
            # A cloned repository may plant symlinks where the graph, its WAL or its temporary folder go.
            try:
                safefs.check_graph(self.path)
            except OSError as exc:
                raise LoreError("graph-unwritable", f"cannot use {self.path}: {exc.strerror}") from None
            _refuse_tracked(self.path)
            parent = Path(self.path).parent
            if not read_only:
                try:
                    safefs.ensure_dir(parent)
                except OSError as exc:
                    raise LoreError("graph-unwritable", f"cannot create {parent}: {exc.strerror}") from None
            if Path(self.path).is_dir():
                raise LoreError("graph-unwritable", f"{self.path} is a directory, not a graph file")
            if read_only and not Path(self.path).exists():
                raise LoreError("graph-missing", f"no graph at {self.path}; write something first")
            self.existed = Path(self.path).exists()
            # DuckDB lets SQL read its temporary folder even with external access off: it must be a folder
            # Lore made and checked; a read-only graph spills nowhere (a read writes no file).
            if read_only:
                config["temp_directory"] = ""
            else:
                made_tmp = not os.path.lexists(self.path + ".tmp")
                try:
                    config["temp_directory"] = safefs.temp_dir(self.path)
                except PermissionError as exc:
                    raise LoreError("graph-unwritable", f"cannot create {self.path}.tmp: {exc.strerror}") from None
                # A bounded buffer pool (beyond it, sorts and joins spill into that folder): DuckDB's default,
                # 80% of RAM, let a bulk ingest's RSS grow with the table (2.4 GB on rust-analyzer).
                config["memory_limit"] = os.environ.get("LORE_MEMORY_LIMIT") or "512MB"
        else:
            self.existed = False
            config["temp_directory"] = ""
        # External access off: SQL on this connection can read or write no file and load no extension.
        # Arrow tables still load through register(), which is how bulk data comes in.
        self._con = _connect(self.path, read_only, config, existed=self.existed)
        try:
            try:
                # Lore writes only into a DuckDB file that is already a Lore graph of its own schema or that
                # it made (SPEC §7): the version is read before the schema's CREATE statements run, which
                # added this Lore's tables to a newer Lore's graph before refusing it.
                found = _stored_version(self.con) if self.existed else None
                if found is not None and found != SCHEMA_VERSION:
                    raise _version_error(self.path, found)
            except LoreError as exc:
                self.con.close()
                if made_tmp:
                    try:
                        os.rmdir(self.path + ".tmp")
                    except OSError:
                        pass
                if exc.code == "not-a-graph":
                    raise LoreError("not-a-graph", f"{self.path} {exc.message}") from None
                raise
            if not read_only:
                self.con.execute(_SCHEMA_SQL)
                self.con.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", [SCHEMA_VERSION])
            # DuckDB draws a progress bar on stdout for queries over 2 s; stdout carries LSP frames.
            self.con.execute("SET enable_progress_bar = false")
            self.con.execute("SET lock_configuration = true")
            row = _first(self.con.execute("SELECT value FROM meta WHERE key = 'schema_version'"))
        except duckdb.Error as exc:
            self.con.close()
            raise LoreError("graph-corrupt", f"{self.path} is not a Lore graph: {str(exc).splitlines()[0]}") from None
        if row is None or row[0] != SCHEMA_VERSION:
            self.con.close()
            raise LoreError("graph-corrupt", f"{self.path} has schema version {row and row[0]}, expected {SCHEMA_VERSION}")
        try:
            self._next_id = (_first(self.con.execute("SELECT coalesce(max(id), 0) FROM facts"))[0] or 0) + 1
        except duckdb.Error as exc:
            self.con.close()
            raise LoreError("graph-corrupt", f"{self.path} is not a Lore graph: {str(exc).splitlines()[0]}") from None
        self._cardinality: dict[str, list[tuple[int, int]]] | None = None
        # The newest tx number this process began to write (committed or not): a write that adds a tx moves
        # it first, so a cache of "nothing written since tx N" holds while it stays N (hot paths of an owner).
        self.tx_begun = 0
        self._newest: tuple[int, int] | None = None  # (tx_begun, the newest tx) of newest_tx's last query

    @classmethod
    def empty(cls, path: str | os.PathLike[str]) -> "Graph":
        """An empty, read-only graph in memory standing for ``path`` (which does not exist): what a read of
        a graph that was never written sees, without creating the file (SPEC §7)."""
        g = cls(None)
        g.path = str(path)
        g.read_only = True
        return g

    # ------------------------------------------------------------------ basics

    @property
    def con(self) -> duckdb.DuckDBPyConnection:
        return self._con if self._threads is None else self._threads.get()

    def share_between_threads(self) -> None:
        """From now on each thread that uses this graph gets its own cursor as ``con`` (see the class)."""
        if self._threads is None:
            self._threads = _ThreadCursors(self._con)

    def close(self) -> None:
        self.session.close()
        if self._threads is not None:
            self._threads.close()
        try:
            self._con.close()
        except Exception as exc:  # noqa: BLE001 - a busy connection at exit: the process ends anyway
            log.info("closing the graph: %s", str(exc).splitlines()[0] if str(exc) else type(exc).__name__)

    def __enter__(self) -> "Graph":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def cursor(self) -> duckdb.DuckDBPyConnection:
        """A cursor for a reader on another thread (DuckDB connections are not shared across threads)."""
        return self.con.cursor()

    def last_tx(self) -> tuple[int, int]:
        # an aggregate: half the CPU of ORDER BY tx DESC LIMIT 1 (a top-N) for the same row
        row = _first(self.con.execute("SELECT max(tx), arg_max(instant, tx) FROM tx"))
        return (row[0], row[1]) if row and row[0] is not None else (0, 0)

    def newest_tx(self) -> int:
        """``last_tx()[0]`` for a reader outside a transaction of its own (an owner's working layer asks before
        every answer): while no write began since an answer that saw every tx this process began, that
        answer again without a query (only this process can write the file while it has it open)."""
        begun = self.tx_begun
        cached = self._newest
        if cached is not None and cached[0] == begun:
            return cached[1]
        tx = self.last_tx()[0]
        self._newest = (begun, tx) if begun <= tx else None
        return tx

    def tx_at_or_before(self, instant: int) -> int:
        row = _first(self.con.execute("SELECT coalesce(max(tx), 0) FROM tx WHERE instant <= ?", [instant]))
        return row[0]

    def allocate_ids(self, n: int) -> int:
        """Reserve ``n`` fact-row ids; returns the first."""
        first = self._next_id
        self._next_id += n
        return first

    # ------------------------------------------------------------ transactions

    @contextmanager
    def atomic(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """One DuckDB transaction under the write lock: committed when the block ends, rolled back (nothing
        of it stored) when it raises. A failed COMMIT (disk full) reports its own error, not the rollback's."""
        with self.lock:
            con = self.con
            con.execute("BEGIN TRANSACTION")
            try:
                yield con
                con.execute("COMMIT")
            except BaseException as exc:
                self._cardinality = None
                try:
                    con.execute("ROLLBACK")
                except duckdb.Error:  # the failed COMMIT ended the transaction already
                    pass
                err = storage_error(exc)
                if err is not None:  # disk full, read-only folder: the system's reason
                    raise err from None
                raise

    @contextmanager
    def write_tx(self, reason: str, source: str) -> Iterator[tuple[int, int]]:
        """``atomic()`` with a new Lore transaction recorded first: yields (tx, instant)."""
        with self.atomic():
            yield self.begin_tx(reason, source)

    def begin_tx(self, reason: str, source: str) -> tuple[int, int]:
        """Inside an open DuckDB transaction: record a new tx row and return (tx, instant)."""
        check_reason(reason)
        if source not in SOURCES:
            raise LoreError("bad-source", f"source must be one of {', '.join(SOURCES)}, got {source!r}")
        last, last_instant = self.last_tx()
        instant = max(now_micros(), last_instant + 1)  # strictly increasing even if the clock steps back
        self.tx_begun = max(self.tx_begun, last + 1)
        self.con.execute("INSERT INTO tx VALUES (?, ?, ?, ?)", [last + 1, instant, reason, source])
        return last + 1, instant

    def transact(self, ops: Sequence[Op], *, reason: str, source: str,
                 valid_from: int | None = None, valid_to: int | None = None,
                 reject_inferred: bool = False) -> TxResult:
        """Apply ops in order, atomically. Windows: per op, else the transaction's, else the defaults
        (assert: [tx instant, forever); retract: all valid time, or [valid_from, forever)).
        ``reject_inferred`` (a person's retraction): a retract also closes the open inferred rows of that
        fact whose valid time it covers — the closed row, with this transaction's reason and source, is
        the record the inference engine reads so the rule does not conclude it again from the same
        inputs."""
        if self.read_only:
            raise LoreError("graph-read-only", "this graph was opened read-only")
        check_reason(reason)
        after: list[Callable[[bool], None]] = []
        try:
            with self.write_tx(reason, source) as (tx, instant):
                windows = [self._window(op, instant, valid_from, valid_to) for op in ops]
                result = self._apply_many([(ops, tx, instant, windows)], reject_inferred=reject_inferred)[0]
                if TX_OBSERVERS:
                    record = TxRecord(tx, instant, reason, source, ops, windows, write_options())
                    for fn in list(TX_OBSERVERS):
                        done = fn(self, record)
                        if done is not None:
                            after.append(done)
        except BaseException:
            _finish(after, False)
            raise
        _finish(after, True)
        return result

    def apply_transactions(self, specs: Sequence[TxSpec]) -> list[TxResult]:
        """Inside an open DuckDB transaction: apply several transactions in order, each with its own tx
        number and instant, in one pass (one read of the rows they touch, one bulk insert). The result is
        the same as calling ``transact`` once per spec. Observers are not called (bulk loads of data
        that is already recorded elsewhere)."""
        if self.read_only:
            raise LoreError("graph-read-only", "this graph was opened read-only")
        batch = []
        tx_rows = []
        last, last_instant = self.last_tx()
        now = now_micros()
        for spec in specs:
            check_reason(spec.reason)
            if spec.source not in SOURCES:
                raise LoreError("bad-source", f"source must be one of {', '.join(SOURCES)}, got {spec.source!r}")
            last, last_instant = last + 1, max(now, last_instant + 1)
            windows = [self._window(op, last_instant, spec.valid_from, spec.valid_to) for op in spec.ops]
            batch.append((spec.ops, last, last_instant, windows))
            tx_rows.append((last, last_instant, spec.reason, spec.source))
        if not batch:
            return []
        import pyarrow as pa

        cols = list(zip(*tx_rows))
        table = pa.table({"tx": pa.array(cols[0], pa.int32()), "instant": pa.array(cols[1], pa.int64()),
                          "reason": pa.array(cols[2], pa.string()), "source": pa.array(cols[3], pa.string())})
        self.tx_begun = max(self.tx_begun, last)
        name = f"_lore_txs_{threading.get_ident()}"
        self.con.register(name, table)
        try:
            self.con.execute(f"INSERT INTO tx SELECT tx, instant, reason, source FROM {name}")
        finally:
            self.con.unregister(name)
        try:
            return self._apply_many(batch)
        except BaseException:
            self._cardinality = None
            raise

    def _window(self, op: Op, instant: int, tx_from: int | None, tx_to: int | None) -> tuple[int, int]:
        vf = op.valid_from if op.valid_from is not None else tx_from
        vt = op.valid_to if op.valid_to is not None else tx_to
        vf = instant if vf == TX_INSTANT else vf  # "from this transaction's instant", known only once it begins
        if op.kind == "add":
            lo = instant if vf is None else vf
            hi = FOREVER if vt is None else vt
        else:
            lo = -FOREVER if vf is None else vf
            hi = FOREVER if vt is None else vt
        if lo >= hi:
            raise LoreError("bad-window",
                            f"valid-from {format_instant(lo) or 'forever'} is not before valid-to "
                            f"{format_instant(hi) or 'forever'} for [{op.e} {op.a} {op.value.v!r}]")
        return lo, hi

    def _current_rows(self, pairs: list[tuple[str, str]]) -> list[tuple]:
        """Current user-fact rows (id, e, a, vt, v, vn, valid_from, valid_to) of some (entity, attribute)
        pairs: an OR of point lookups for a few, one join with an Arrow table for many."""
        cols = "f.id, f.e, f.a, f.vt, f.v, f.vn, f.valid_from, f.valid_to"
        if len(pairs) > 200:
            import pyarrow as pa

            table = pa.table({"e": pa.array([p[0] for p in pairs], pa.string()),
                              "a": pa.array([p[1] for p in pairs], pa.string())})
            name = f"_lore_pairs_{threading.get_ident()}"
            self.con.register(name, table)
            try:
                return self.con.execute(
                    f"SELECT {cols} FROM facts f JOIN {name} p ON f.e = p.e AND f.a = p.a "
                    f"WHERE f.tx_to = {MAX_TX} AND NOT f.inferred").fetchall()
            finally:
                self.con.unregister(name)
        rows: list[tuple] = []
        for chunk_start in range(0, len(pairs), 200):
            chunk = pairs[chunk_start:chunk_start + 200]
            where = " OR ".join(["(f.e = ? AND f.a = ?)"] * len(chunk))
            params = [x for p in chunk for x in p]
            rows += self.con.execute(
                f"SELECT {cols} FROM facts f WHERE f.tx_to = {MAX_TX} AND NOT f.inferred AND ({where})",
                params).fetchall()
        return rows

    def _apply_many(self, batch: Sequence[tuple[Sequence[Op], int, int, Sequence[tuple[int, int]]]],
                    reject_inferred: bool = False) -> list[TxResult]:
        """Apply transactions (ops, tx, instant, each op's window) in order. Each one's effect on a fact's
        timeline is the difference between the timeline before and after its ops: closed rows get that tx
        as tx_to, new intervals are rows from that tx (a row made and replaced within the batch gets both)."""
        pairs = sorted({(op.e, op.a) for ops, _, _, _ in batch for op in ops})
        # Current user-fact rows of every (entity, attribute) the ops touch: cardinality one needs them all.
        # live[key]: the rows believed now, as (valid_from, valid_to, ref); ref >= 0 is a database id,
        # ref < 0 is -(1 + index) into ``inserts`` (a row this batch wrote).
        live: dict[tuple[str, str, str, str], list[tuple[int, int, int]]] = {}
        vn_of: dict[tuple[str, str, str, str], float | None] = {}
        for rid, e, a, vt, v, vn, vf, vto in self._current_rows(pairs):
            live.setdefault((e, a, vt, v), []).append((vf, vto, rid))
            vn_of[(e, a, vt, v)] = vn
        state: dict[tuple[str, str, str, str], list[tuple[int, int]]] = {
            k: sorted((f, t) for f, t, _ in rows) for k, rows in live.items()
        }
        by_pair: dict[tuple[str, str], set[tuple[str, str, str, str]]] = {}
        for k in state:
            by_pair.setdefault((k[0], k[1]), set()).add(k)
        card = dict(self.cardinality_one())
        closes: list[tuple[int, int]] = []  # (database id, tx)
        inserts: list[list] = []  # [e, a, vt, v, vn, valid_from, valid_to, tx_from, tx_to]
        results: list[TxResult] = []
        card_changed = False
        for ops, tx, instant, windows in batch:
            changed: set[tuple[str, str, str, str]] = set()
            for op, (lo, hi) in zip(ops, windows):
                key = (op.e, op.a, op.value.vt, op.value.v)
                vn_of[key] = op.value.vn
                if op.kind == "add":
                    if op.a in card and timeline.overlaps(card[op.a], (lo, hi)):
                        for other in by_pair.get((op.e, op.a), ()):
                            if other != key:
                                state[other] = timeline.subtract(state[other], (lo, hi))
                                changed.add(other)
                    state[key] = timeline.union(state.get(key, []), (lo, hi))
                    by_pair.setdefault((op.e, op.a), set()).add(key)
                    changed.add(key)
                elif key in state:
                    state[key] = timeline.subtract(state[key], (lo, hi))
                    changed.add(key)
                if op.a == CARDINALITY_ATTR and op.value.v == CARDINALITY_ONE:
                    card[op.e] = state.get(key, [])
            asserted = retracted = 0
            touched: set[tuple[str, str]] = set()
            for key in changed:
                before = live.get(key, [])
                before_set = {(f, t) for f, t, _ in before}
                after_set = set(state[key])
                if before_set == after_set:
                    continue
                touched.add((key[0], key[1]))
                kept = []
                for f, t, ref in before:
                    if (f, t) in after_set:
                        kept.append((f, t, ref))
                    elif ref >= 0:
                        closes.append((ref, tx))
                        retracted += 1
                    else:
                        inserts[-1 - ref][8] = tx
                        retracted += 1
                for f, t in state[key]:
                    if (f, t) not in before_set:
                        inserts.append([key[0], key[1], key[2], key[3], vn_of.get(key), f, t, tx, MAX_TX])
                        kept.append((f, t, -len(inserts)))
                        asserted += 1
                live[key] = kept
            if reject_inferred:
                closing = self._inferred_covered(
                    [((op.e, op.a, op.value.vt, op.value.v), w) for op, w in zip(ops, windows) if op.kind != "add"])
                closes.extend((rid, tx) for rid, _ in closing)
                retracted += len(closing)
                touched.update(pair for _, pair in closing)
            if any(a == CARDINALITY_ATTR for _, a in touched):
                card_changed = True
            results.append(TxResult(tx, instant, asserted, retracted, sorted(touched)))
        if closes:
            if len({t for _, t in closes}) == 1:
                tx = closes[0][1]
                ids = [i for i, _ in closes]
                for i in range(0, len(ids), 1000):
                    part = ids[i:i + 1000]
                    self.con.execute(f"UPDATE facts SET tx_to = ? WHERE id IN ({','.join('?' * len(part))})",
                                     [tx, *part])
            else:
                self._close_at(closes)
        if inserts:
            first = self.allocate_ids(len(inserts))
            rows = [(first + i, e, a, vt, v, vn, f, t, txf, txt, False, None, 1.0, None)
                    for i, (e, a, vt, v, vn, f, t, txf, txt) in enumerate(inserts)]
            self.insert_rows(rows)
        if card_changed:
            self._cardinality = None
        return results

    def _close_at(self, closes: Sequence[tuple[int, int]]) -> None:
        """Close database rows each at its own tx: (id, tx) pairs."""
        import pyarrow as pa

        table = pa.table({"id": pa.array([i for i, _ in closes], pa.int64()),
                          "tx": pa.array([t for _, t in closes], pa.int32())})
        name = f"_lore_close_at_{threading.get_ident()}"
        self.con.register(name, table)
        try:
            self.con.execute(f"UPDATE facts SET tx_to = {name}.tx FROM {name} WHERE facts.id = {name}.id")
        finally:
            self.con.unregister(name)

    def _inferred_covered(self, retracts: list[tuple[tuple[str, str, str, str], tuple[int, int]]]
                          ) -> list[tuple[int, tuple[str, str]]]:
        """(id, (e, a)) of the open inferred rows of the retracted facts whose valid time the retraction's
        window covers."""
        out: list[tuple[int, tuple[str, str]]] = []
        for start in range(0, len(retracts), 200):
            chunk = retracts[start:start + 200]
            where = " OR ".join(["(e = ? AND a = ? AND vt = ? AND v = ? AND valid_from >= ? AND valid_to <= ?)"]
                                * len(chunk))
            params = [x for (key, (lo, hi)) in chunk for x in (*key, lo, hi)]
            rows = self.con.execute(f"SELECT id, e, a FROM facts WHERE tx_to = {MAX_TX} AND inferred AND ({where})",
                                    params).fetchall()
            out.extend((rid, (e, a)) for rid, e, a in rows)
        return out

    def cardinality_one(self) -> dict[str, list[tuple[int, int]]]:
        """Attributes declared cardinality one, with the valid time of each declaration."""
        if self._cardinality is None:
            rows = self.con.execute(
                f"SELECT e, valid_from, valid_to FROM facts WHERE a = ? AND vt = 'k' AND v = ? "
                f"AND tx_to = {MAX_TX} AND NOT inferred ORDER BY valid_from",
                [CARDINALITY_ATTR, CARDINALITY_ONE]).fetchall()
            out: dict[str, list[tuple[int, int]]] = {}
            for e, f, t in rows:
                out[e] = timeline.union(out.get(e, []), (f, t))
            self._cardinality = out
        return self._cardinality

    # --------------------------------------------------------------- bulk rows

    def insert_rows(self, rows: Sequence[tuple]) -> None:
        """Insert full fact rows (FACT_COLUMNS order). Small batches as one VALUES statement, large ones
        through Arrow (executemany is ~1,000 rows/s in DuckDB; Arrow is millions)."""
        if not rows:
            return
        if len(rows) <= 64:
            ph = "(" + ",".join("?" * len(FACT_COLUMNS)) + ")"
            self.con.execute(f"INSERT INTO facts VALUES {','.join([ph] * len(rows))}",
                             [x for r in rows for x in r])
            return
        import pyarrow as pa

        schema = fact_schema()
        cols = list(zip(*rows))
        table = pa.Table.from_arrays([pa.array(c, type=f.type) for c, f in zip(cols, schema)], schema=schema)
        self.insert_arrow(table)

    def insert_arrow(self, table: Any) -> None:
        """Insert an Arrow table with FACT_SCHEMA's columns (ids already allocated)."""
        name = f"_lore_rows_{threading.get_ident()}"
        self.con.register(name, table)
        try:
            self.con.execute(f"INSERT INTO facts SELECT {', '.join(FACT_COLUMNS)} FROM {name}")
        finally:
            self.con.unregister(name)

    def close_rows(self, ids: Iterable[int], tx: int) -> int:
        """Close fact rows in transaction time (used by ingestion and rules for their own facts)."""
        ids = list(ids)
        if not ids:
            return 0
        import pyarrow as pa

        table = pa.table({"id": pa.array(ids, pa.int64())})
        name = f"_lore_close_{threading.get_ident()}"
        self.con.register(name, table)
        try:
            self.con.execute(f"UPDATE facts SET tx_to = ? FROM {name} WHERE facts.id = {name}.id "
                             f"AND facts.tx_to = {MAX_TX}", [tx])
        finally:
            self.con.unregister(name)
        return len(ids)

    def compact(self, checkpoint_wait: float = CHECKPOINT_WAIT_SECONDS) -> bool:
        """Rewrite facts sorted by entity so point lookups read few row groups (after bulk loads); then
        checkpoint (``checkpoint_wait``: see ``checkpoint``), whose success is returned."""
        with self.lock:
            with self.atomic() as con:
                con.execute("CREATE TEMP TABLE _lore_sorted AS SELECT * FROM facts ORDER BY e, a, tx_from")
                con.execute("DELETE FROM facts")
                con.execute("INSERT INTO facts SELECT * FROM _lore_sorted")
                con.execute("DROP TABLE _lore_sorted")
            return self.checkpoint(checkpoint_wait)

    def checkpoint(self, wait_seconds: float = CHECKPOINT_WAIT_SECONDS) -> bool:
        """Fold the write-ahead log into the file. DuckDB refuses while another connection (a reader on
        another thread, the server's hover or rule thread) has a transaction older than the last write,
        and FORCE CHECKPOINT would block every new reader until those end (a deadlock when one of them
        waits on us). So: hold the write lock (no writer of this process starts meanwhile) and retry
        until the readers are gone, for at most ``wait_seconds``. False when they never were: nothing is
        lost (the data is committed; DuckDB checkpoints by itself later), and the caller reports it."""
        if self.read_only:
            return False
        deadline = time.monotonic() + wait_seconds
        pause = 0.005
        with self.lock:
            while True:
                try:
                    self.con.execute("CHECKPOINT")
                    return True
                except duckdb.TransactionException as exc:
                    if "CHECKPOINT" not in str(exc):
                        raise
                    if pause == 0.005:
                        log.debug("checkpoint waits for other transactions to end")
                    if time.monotonic() + pause > deadline:
                        log.warning("checkpoint deferred: other transactions stayed open for %.0f s (%s)",
                                    wait_seconds, str(exc).splitlines()[0])
                        return False
                time.sleep(pause)
                pause = min(pause * 2, 0.25)

    # ---------------------------------------------------------------- reading

    def history(self, entity: str) -> list[dict[str, Any]]:
        """Every change to one entity, in both times: each interval row is an 'assert' at the tx that
        wrote it and a 'retract' at the tx that closed it."""
        rows = self.con.execute(
            f"""
            SELECT f.tx_from AS tx, t.instant, t.reason, t.source, 'assert' AS op, f.a, f.vt, f.v,
                   f.valid_from, f.valid_to, f.inferred, f.rule, f.confidence
              FROM facts f JOIN tx t ON t.tx = f.tx_from WHERE f.e = ?
            UNION ALL
            SELECT f.tx_to, t.instant, t.reason, t.source, 'retract', f.a, f.vt, f.v,
                   f.valid_from, f.valid_to, f.inferred, f.rule, f.confidence
              FROM facts f JOIN tx t ON t.tx = f.tx_to WHERE f.e = ? AND f.tx_to <> {MAX_TX}
            ORDER BY 1, 5, 6, 8
            """, [entity, entity]).fetchall()
        out = []
        for tx, inst, reason, source, op, a, vt, v, vf, vto, inferred, rule, conf in rows:
            item = {
                "tx": tx, "instant": format_instant(inst), "reason": reason, "source": source, "op": op,
                "attribute": a, "value": decode(vt, v),
                "valid_from": format_instant(vf) if vf > -FOREVER else None,
                "valid_to": format_instant(vto),
            }
            if inferred:
                item.update(inferred=True, rule=rule, confidence=conf)
            out.append(item)
        return out

    def entity(self, entity: str, *, valid_at: int | None = None, as_of: int | None = None,
               include_inferred: bool = True) -> list[tuple[str, Any]]:
        """Point lookup: (attribute, value) pairs of one entity, valid at ``valid_at`` (default now) as the
        graph believed after tx ``as_of`` (default: now)."""
        t = now_micros() if valid_at is None else valid_at
        tx_filter = f"tx_to = {MAX_TX}" if as_of is None else "tx_from <= ? AND tx_to > ?"
        params: list[Any] = [entity, t, t]
        if as_of is not None:
            params += [as_of, as_of]
        inferred = "" if include_inferred else "AND NOT inferred"
        rows = self.con.execute(
            f"SELECT a, vt, v FROM facts WHERE e = ? AND valid_from <= ? AND valid_to > ? "
            f"AND {tx_filter} {inferred}", params).fetchall()
        return [(a, decode(vt, v)) for a, vt, v in sorted(set(rows))]

    def transactions(self, limit: int = 50) -> list[dict[str, Any]]:
        rows = self.con.execute("SELECT tx, instant, reason, source FROM tx ORDER BY tx DESC LIMIT ?",
                                [limit]).fetchall()
        return [{"tx": t, "instant": format_instant(i), "reason": r, "source": s} for t, i, r, s in rows]

    def stats(self) -> dict[str, Any]:
        tx, _ = self.last_tx()
        row = _first(self.con.execute(
            f"SELECT count(*), count(*) FILTER (WHERE tx_to = {MAX_TX}), "
            f"count(DISTINCT e) FILTER (WHERE tx_to = {MAX_TX}) FROM facts"))
        return {"tx": tx, "rows": row[0], "current_rows": row[1], "entities": row[2]}


def _first(result: Any) -> Any:
    """The first row of a result, read to its end: a result left half-read keeps its connection's
    transaction open, and an open transaction older than a write makes every CHECKPOINT fail."""
    rows = result.fetchall()
    return rows[0] if rows else None


def _finish(after: Sequence[Callable[[bool], None]], committed: bool) -> None:
    """Run what observers asked to run after the transaction ended; one failure does not stop the rest."""
    for fn in after:
        try:
            fn(committed)
        except Exception:  # the transaction's fate is decided; report, never mask it
            log.exception("a transaction observer failed after %s", "COMMIT" if committed else "ROLLBACK")


def check_reason(reason: Any) -> None:
    if not isinstance(reason, str) or not reason.strip():
        raise LoreError("missing-reason", "every write needs a non-empty reason (--reason TEXT)")
    if len(reason) > MAX_REASON_CHARS:
        raise LoreError("reason-too-long", f"the reason has {len(reason)} characters; the limit is {MAX_REASON_CHARS}")
    for idx, ch in enumerate(reason):
        if "\ud800" <= ch <= "\udfff":
            raise LoreError("invalid-utf8", f"the reason is not valid UTF-8 (at character {idx})")

"""Writing a batch: one Lore transaction per flush with the batch's rows (Arrow), the closes of rows open in
the database (closed copies in SQL), ingestion's side tables (files, idents, open facts, definition hashes,
locations at the end) and the watermark, so a killed ingest resumes at the last flush with nothing lost or
duplicated.

A part of ``IngestRun`` (a mixin over the run's state): it consumes ``rows``, ``closes``, ``pending``,
``dirty``, ``new_idents``, ``new_known`` and writes what ``fstate``, ``files`` and ``extracts`` hold.
"""

from __future__ import annotations

import logging
import os

import pyarrow as pa

from lore import idents as S
from lore.ingest.extract import language_of
from lore.ingest.filestate import EVENT_ATTRS, SQL
from lore.ingest.resolve import resolve_all
from lore.ingest.runstate import RunState
from lore.ingest.walk import GITLINK, SYMLINK
from lore.store.graph import FACT_SCHEMA, MAX_TX
from lore.timeutil import FOREVER

log = logging.getLogger("lore")

# Rows per Arrow table handed to DuckDB: a batch's rows (up to 150,000) and the last flush's open facts of every
# file go in slices, so their columns and Arrow copies exist for one slice at a time.
ARROW_ROWS = 32_768


class _Slices:
    """Rows added one at a time, inserted ``ARROW_ROWS`` at a time: registered as ``name`` (an Arrow table
    with ``schema``'s columns) and written by ``sql``. ``close`` inserts the rest."""

    def __init__(self, con, name: str, sql: str, schema: tuple[tuple[str, pa.DataType], ...]) -> None:
        self.con, self.name, self.sql, self.schema = con, name, sql, schema
        self.rows: list[tuple] = []
        self.written = 0

    def add(self, row: tuple) -> None:
        self.rows.append(row)
        if len(self.rows) >= ARROW_ROWS:
            self._insert()

    def _insert(self) -> None:
        cols = list(zip(*self.rows))
        n = len(self.rows)
        self.rows = []
        table = pa.table({name: pa.array(cols[i], typ) for i, (name, typ) in enumerate(self.schema)})
        del cols
        self.con.register(self.name, table)
        try:
            self.con.execute(self.sql)
        finally:
            self.con.unregister(self.name)
        self.written += n

    def close(self) -> int:
        if self.rows:
            self._insert()
        return self.written


class BatchWriter(RunState):
    def _flush(self, *, final: bool, open_rows: bool = False) -> None:
        g = self.graph
        open_rows = open_rows or final or not self.defer_open
        # Opens not yet in the database become rows with an open end (their row ids are kept: closing
        # goes by id).
        pending: list[tuple[list, int]] = []
        rows, closes = self.rows, self.closes
        add, keep = rows.append, pending.append
        snapshot = self.snapshot
        for key, item in self.pending:  # (what _emit writes for each, without a call per row)
            if item[1] is None and not (snapshot and key[1] in EVENT_ATTRS):
                keep((item, len(rows)))
                add((key[0], key[1], key[2], key[3], None, item[0], FOREVER))
        self.pending = []
        first_sha = self.watermark
        reason = (f"ingest {os.path.basename(self.repo) or self.repo} {self.branch} up to "
                  f"{(first_sha or '')[:12]}")
        with g.lock:
            con = g.con
            with g.atomic():
                tx, _instant = g.begin_tx(reason, "ingest")
                closed = 0
                closed_attrs: list[str] = []
                if closes:
                    ct = pa.table({"id": pa.array([c[0] for c in closes], pa.int64()),
                                   "t": pa.array([c[1] for c in closes], pa.int64())})
                    con.register("closes", ct)
                    try:
                        con.execute(SQL["drop_closing"])
                        con.execute(SQL["rows_to_close"])
                        closed = con.execute("SELECT count(*) FROM _ingest_closing").fetchall()[0][0]
                        closed_attrs = [r[0] for r in con.execute("SELECT DISTINCT a FROM _ingest_closing").fetchall()]
                        if closed:
                            first = g.allocate_ids(closed)
                            con.execute(SQL["insert_closed_copies"], {"first": first, "tx": tx})
                            con.execute(SQL["close_old_rows"], {"tx": tx})
                        con.execute(SQL["drop_closing"])
                    finally:
                        con.unregister("closes")
                if rows:
                    n = len(rows)
                    first = g.allocate_ids(n)
                    for item, pos in pending:
                        item[1] = first + pos
                    del pending
                    # In slices: the rows' columns and their Arrow copy exist for one slice at a time.
                    for lo in range(0, n, ARROW_ROWS):
                        g.insert_arrow(self._fact_table(rows, lo, min(n, lo + ARROW_ROWS), first, tx))
                self._write_files(con, open_rows=open_rows)
                if final:
                    self._write_locations(con)
                self._set_meta(con, {"watermark": self.watermark, "last_time": str(self.last_time),
                                     "repo": self.repo, "branch": self.branch, "state": "3",
                                     "locations_complete": "true" if final and self.locations_done else "false",
                                     "open_complete": "true" if open_rows else "false",
                                     **({"history": "partial", "snapshot": self.tip,
                                         "backfill_token": os.urandom(8).hex()} if self.snapshot else {})})
        log.info("ingest: %d of %d commits written (watermark %s)", self.stats["commits"],
                 getattr(self, "total", 0), (self.watermark or "")[:12])
        self.stats["facts_written"] += len(rows) + closed
        self.attrs_written.update(closed_attrs)
        self.stats["transactions"] += 1
        self.rows, self.closes = [], []
        self.dirty = set()
        self.new_idents = []

    locations_done = False

    def _fact_table(self, rows: list[tuple], lo: int, hi: int, first: int, tx: int) -> pa.Table:
        """``rows[lo:hi]`` as facts (row ids from ``first + lo``) written by ``tx``."""
        cols = list(zip(*rows[lo:hi]))
        n = hi - lo
        self.attrs_written.update(set(cols[1]))
        return pa.Table.from_arrays([
            pa.array(range(first + lo, first + hi), pa.int64()),
            pa.array(cols[0], pa.string()), pa.array(cols[1], pa.string()),
            pa.array(cols[2], pa.string()), pa.array(cols[3], pa.string()),
            pa.array(cols[4], pa.float64()), pa.array(cols[5], pa.int64()),
            pa.array(cols[6], pa.int64()), pa.array([tx] * n, pa.int32()),
            pa.array([MAX_TX] * n, pa.int32()), pa.array([False] * n, pa.bool_()),
            pa.nulls(n, pa.string()), pa.array([1.0] * n, pa.float64()),
            pa.nulls(n, pa.list_(pa.int64())),
        ], schema=FACT_SCHEMA)

    def _set_meta(self, con, kv: dict[str, str | None]) -> None:
        con.execute("DELETE FROM ingest_meta WHERE key IN (" + ",".join("?" * len(kv)) + ")", list(kv))
        for k, v in kv.items():
            con.execute("INSERT INTO ingest_meta VALUES (?, ?)", [k, v])

    def _write_files(self, con, *, open_rows: bool = True) -> None:
        if self.new_idents:
            t = pa.table({"path": pa.array([p for p, _ in self.new_idents], pa.string()),
                          "ident": pa.array([i for _, i in self.new_idents], pa.string())})
            con.register("_ingest_new_idents", t)
            con.execute("INSERT INTO ingest_idents SELECT path, ident FROM _ingest_new_idents")
            con.unregister("_ingest_new_idents")
        if self.new_known:
            con.register("_ingest_known", pa.table({"ident": pa.array(self.new_known, pa.string())}))
            con.execute("INSERT INTO ingest_known SELECT ident FROM _ingest_known")
            con.unregister("_ingest_known")
            self.new_known = []
        if not self.v2:
            # First run of a graph from before the side tables: record every tracked file's open facts.
            self._preload(set(self.files))
            self.dirty |= set(self.files)
            con.execute("DELETE FROM ingest_open")
            con.execute("DELETE FROM ingest_defs")
            for e in self.externals:
                con.execute("INSERT INTO ingest_known VALUES (?)", [e])
            self.v2 = True
        if self.dirty:
            dirty = sorted(self.dirty)
            con.register("_ingest_dirty", pa.table({"path": pa.array(dirty, pa.string())}))
            con.execute("DELETE FROM ingest_files WHERE path IN (SELECT path FROM _ingest_dirty)")
            con.unregister("_ingest_dirty")
            now = [(p, *self.files[p]) for p in dirty if p in self.files]
            if now:
                t = pa.table({"path": pa.array([r[0] for r in now], pa.string()),
                              "blob": pa.array([r[1] for r in now], pa.string()),
                              "mode": pa.array([r[2] for r in now], pa.string()),
                              "module": pa.array([self._module_ident(r[0]) for r in now], pa.string())})
                con.register("_ingest_now", t)
                con.execute("INSERT INTO ingest_files SELECT path, blob, mode, module FROM _ingest_now")
                con.unregister("_ingest_now")
        self.open_dirty |= self.dirty
        if open_rows and self.open_dirty:
            self._write_open(con)

    def _write_open(self, con) -> None:
        """ingest_open and ingest_defs for the files whose open facts changed since they were last written."""
        stale = self.open_stale
        if stale:
            # Resumed after a bulk run stopped between flushes: every tracked file's open facts, from the
            # facts table.
            self._preload(set(self.files))
        dirty = sorted(self.open_dirty)
        self.open_dirty = set()
        con.register("_ingest_dirty", pa.table({"path": pa.array(dirty, pa.string())}))
        con.execute("DELETE FROM ingest_open WHERE path IN (SELECT path FROM _ingest_dirty)")
        con.execute("DELETE FROM ingest_defs WHERE path IN (SELECT path FROM _ingest_dirty)")
        con.unregister("_ingest_dirty")
        # In slices of ARROW_ROWS rows: the last flush of a bulk run writes every file's open facts (half a
        # million rows on rust-analyzer), which as one list of tuples, its columns and their Arrow copy
        # were the ingest's peak resident set.
        op = _Slices(con, "_ingest_op", "INSERT INTO ingest_open (path, e, a, vt, v, valid_from, id) "
                     "SELECT * FROM _ingest_op", (("path", pa.string()), ("e", pa.string()), ("a", pa.string()),
                                                  ("vt", pa.string()), ("v", pa.string()),
                                                  ("valid_from", pa.int64()), ("id", pa.int64())))
        add = op.add
        for p in dirty:
            fs = self.fstate.get(p)
            if fs is None or p not in self.files:
                continue
            for d in (fs.facts, *fs.events.values()):
                for key, item in d.items():
                    add((p, key[0], key[1], key[2], key[3], item[0], item[1]))
        op.close()
        drows = _Slices(con, "_ingest_defrows", "INSERT INTO ingest_defs SELECT * FROM _ingest_defrows",
                        (("path", pa.string()), ("kind", pa.string()), ("qname", pa.string()),
                         ("body_hash", pa.int64()), ("shape_hash", pa.int64())))
        for p in dirty:
            if p not in self.files or p not in self.fstate:
                continue
            blob = self.files[p][0]
            if blob in self.extracts:
                ex = self.extracts[blob]
            elif stale:
                ex = self._extract(blob, p) if self.files[p][1] not in (GITLINK, SYMLINK) else None
            else:
                continue  # unknown here: a later change of this file parses its old version
            if ex is None or not ex.defs:
                drows.add((p, "-", "", 0, 0))
            else:
                for df in ex.defs:
                    drows.add((p, df.kind, df.qname, df.body_hash, df.shape_hash))
        drows.close()
        self.open_stale = False

    def _write_locations(self, con) -> None:
        """code_locations / import_locations for the files that changed (all of them after a crash)."""
        paths = set(self.files) if not self.locations_complete else set(self.changed_paths)
        if not paths:
            self.locations_done = True
            return
        if self.locations_complete:
            con.register("_ingest_loc", pa.table({"path": pa.array(sorted(paths), pa.string())}))
            con.execute("DELETE FROM code_locations WHERE file IN (SELECT path FROM _ingest_loc)")
            con.execute("DELETE FROM import_locations WHERE file IN (SELECT path FROM _ingest_loc)")
            con.unregister("_ingest_loc")
        else:
            con.execute("DELETE FROM code_locations")
            con.execute("DELETE FROM import_locations")
        defs_rows = _Slices(con, "_ingest_defs", "INSERT INTO code_locations SELECT * FROM _ingest_defs", (
            ("entity", pa.string()), ("file", pa.string()), ("kind", pa.string()), ("name", pa.string()),
            ("qualified_name", pa.string()), ("line", pa.int32()), ("col", pa.int32()),
            ("end_line", pa.int32()), ("end_col", pa.int32())))
        imp_rows = _Slices(con, "_ingest_imps", "INSERT INTO import_locations SELECT * FROM _ingest_imps", (
            ("module", pa.string()), ("target", pa.string()), ("spec", pa.string()), ("file", pa.string()),
            ("line", pa.int32()), ("col", pa.int32()), ("end_line", pa.int32()), ("end_col", pa.int32())))
        for p in sorted(paths):
            if p not in self.files:
                continue
            blob, mode = self.files[p]
            if mode in (GITLINK, SYMLINK) or language_of(p) is None:
                continue
            ex = self.extracts.get(blob)
            if ex is None and blob not in self.extracts:
                ex = self._extract(blob, p)
            if ex is None:
                continue
            module = self._module_ident(p)
            ms = module.split("/", 1)[1]
            for d in ex.defs:
                defs_rows.add((S.def_ident(d.kind, ms, d.qname), p, d.kind, d.name, d.qname,
                               d.line, d.col, d.end_line, d.end_col))
            lang = language_of(p)
            for im in ex.imports:
                for kind, what in resolve_all(lang, p, im.spec, im.name, self.index):
                    target = self._module_ident(what) if kind == "internal" else S.external_ident(what)
                    imp_rows.add((module, target, im.spec, p, im.line, im.col, im.end_line, im.end_col))
        defs_rows.close()
        imp_rows.close()
        self.locations_done = True

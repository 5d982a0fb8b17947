"""The ingest run: git history -> bi-temporal code facts, incrementally from a watermark.

Valid time comes from commit times along the first-parent chain (clamped so it never goes backwards:
each commit's instant is at least the previous one's plus 1 µs). A module, definition or import is valid
from the commit that introduced it to the commit that removed it.

Bookkeeping: for every tracked file, ``fstate[path]`` maps each open fact the file owns (its module's
and its definitions') to the valid-from of its open interval and whether that interval is already in the
database. A change to a file recomputes the file's structural facts and diffs them against that map:
facts that appear open at the commit's instant, facts that disappear close there. Facts opened and
closed inside one batch are written once, already closed; facts open in the database are closed in SQL
at the flush. A flush is one Lore transaction that also moves the watermark, so a killed ingest resumes
at the last flush with nothing lost or duplicated.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import os
import posixpath
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable

import pyarrow as pa

from lore import gitcmd
from lore import idents as S
from lore.errors import LoreError
from lore.ingest.ahead import ReadAhead
from lore.ingest.changes import ChangeSet, classify
from lore.ingest.extract import Def, Extract, language_of
from lore.ingest.filestate import EVENT_ATTRS, SCHEMA_SQL, SQL, US, FileState, Key, TextFacts, date_value, ref, sval
from lore.ingest.flush import BatchWriter
from lore.ingest.ignore import Ignore, build_ignore
from lore.ingest.parse import Parser, parse_blob, workers
from lore.ingest.renames import match_renames
from lore.ingest.resolve import PathIndex
from lore.ingest.structure import StructureFacts
from lore.ingest.tags import tag_pass
from lore.ingest.tsconfig import CONFIG_FILE, MAX_CONFIG_BYTES, aliases_of
from lore.ingest.walk import (
    GITLINK,
    SYMLINK,
    ZERO,
    CatFile,
    Change,
    Commit,
    CommitInfo,
    commit_info,
    count_commits,
    git,
    iter_all_commits,
    iter_first_parent,
    ls_tree,
    repo_root,
    resolve_branch,
)
from lore.ingest.workspaces import MANIFEST_FILES, Workspaces, workspaces_of
from lore.ingest.workspaces import MAX_MANIFEST_BYTES as WORKSPACE_MANIFEST_BYTES
from lore.store.graph import Graph
from lore.timeutil import FOREVER, now_micros

__all__ = ["SCHEMA_SQL", "Cancelled", "IngestRun"]

log = logging.getLogger("lore")

DATE_SLACK_US = 86_400 * US  # how far in the future a commit date may be (skewed clocks) and still count


def _env_int(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


class Cancelled(Exception):
    pass


_gc_lock = threading.Lock()
_gc_pauses = [0, False]  # runs walking now in this process, whether the collector was on before the first


@contextmanager
def _collector_paused():
    """Python's cycle collector off while a run walks history. The walk keeps millions of long-lived
    objects (per-file state, held extracts, rows of the batch) and the collector traversed them again at
    every collection: a quarter of the main process's CPU on psf/requests, more on bigger histories. The
    walk makes almost no cyclic garbage (5 objects in a whole requests ingest); reference counting frees
    the rest as before, and the collector is back on when the last walking run of the process ends."""
    with _gc_lock:
        if _gc_pauses[0] == 0:
            _gc_pauses[1] = gc.isenabled()
            gc.disable()
        _gc_pauses[0] += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses[0] -= 1
            if _gc_pauses[0] == 0:
                _forget_walk_caches()
                if _gc_pauses[1]:
                    gc.enable()


def _forget_walk_caches() -> None:
    """The ident caches a walk filled (up to 262,144 entries each, about a hundred bytes of objects per
    entry), emptied when the last walking run of the process ends. Made all through the walk, their entries
    were scattered over Python's memory arenas and kept most of them (hundreds of MB on rust-analyzer)
    from going back to the system once the run's own state was freed: DuckDB's buffer pool then grew on
    top of them (the compaction after a bulk run sorts the whole table), which was the ingest's peak."""
    S.slug.cache_clear()
    S.def_ident.cache_clear()
    # Arrow's allocator keeps the pages of the batches' tables it freed (41 MB after ipython's history)
    pa.default_memory_pool().release_unused()


NO_EXTRACT = Extract([], [], [], False)


# Files whose imports may go through tsconfig path aliases
_SCRIPT_EXTS = frozenset((".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"))
# Files whose imports may name a package of the repository's workspace (lore.ingest.workspaces)
_WORKSPACE_EXTS = _SCRIPT_EXTS | frozenset((".rs", ".go", ".toml"))  # .toml: Cargo.toml's own dependencies
# Files whose imports may name a Cargo dependency: resolved again when one is added, dropped or renamed
_CRATE_EXTS = frozenset((".rs", ".toml"))
# Languages whose imports can name a folder of files (resolve.resolve_all)
_PACKAGE_EXTS = frozenset((".go", ".java", ".kt", ".scala", ".cs"))


def _segments(path: str) -> list[str]:
    """The directory names and the extension-less file name of a path: the names an import that fell back
    to an external dependency could have used for it."""
    *dirs, base = path.split("/")
    return [s for s in (*dirs, posixpath.splitext(base)[0]) if s]


def _memo(ignore: Ignore) -> Callable[[str], bool]:
    """``ignore`` remembered per path: a path is asked about at each commit that touches it, twice."""
    seen: dict[str, bool] = {}

    def ignored(path: str) -> bool:
        hit = seen.get(path)
        if hit is None:
            if len(seen) > 200_000:
                seen.clear()
            hit = seen[path] = ignore(path)
        return hit
    return ignored


class _MovedCrates:
    """Per file, the Cargo dependencies (code names) that resolve otherwise after a manifest change: those its
    crate's (a Rust file's: its nearest package manifest's; a Cargo.toml's: its own) gained, lost or renamed.
    Kept per folder: every Rust file of a folder is of one crate."""

    def __init__(self, old: Workspaces, new: Workspaces) -> None:
        self.old, self.new = old, new
        self.by_key: dict[str, frozenset[str]] = {}

    def of(self, path: str) -> frozenset[str]:
        key = path if posixpath.basename(path) == "Cargo.toml" else posixpath.dirname(path) + "/"
        hit = self.by_key.get(key)
        if hit is None:
            a, b = self.old.deps_of(path), self.new.deps_of(path)
            hit = self.by_key[key] = frozenset() if a == b else frozenset(
                k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
        return hit


class IngestRun(StructureFacts, BatchWriter):
    """One ingest of a repository's branch into a graph, from its watermark to the branch tip.

    The run walks the history (``_walk``), applies each first-parent commit to the per-file state
    (``_apply_commit`` and its steps), and writes batches (``BatchWriter``). What a file's text and the tree
    make of it is ``StructureFacts``; the change classification, rename matching, read-ahead and tags are
    their own modules (changes, renames, ahead, tags)."""

    def __init__(self, graph: Graph, repo: str, branch: str | None, *,
                 progress: Callable[[int, int, str], None] | None = None, cancel: Any = None,
                 snapshot: bool = False) -> None:
        # snapshot: only the tip's tree, as if it were the first commit, without the commit entity or
        # event facts (:introduced-by ...): what lore.ingest.backfill writes first on a fresh graph.
        self.snapshot = snapshot
        self.graph = graph
        self.repo = repo_root(repo)
        self.progress = progress
        self.cancel = cancel
        self.branch, self.tip = resolve_branch(self.repo, branch)
        self.date_bound = now_micros() + DATE_SLACK_US
        self.stats: dict[str, Any] = {"commits": 0, "first_parent_commits": 0, "facts_written": 0, "files_parsed": 0,
                      "transactions": 0}

    # ----------------------------------------------------------------- meta
    def _meta(self) -> dict[str, str]:
        with self.graph.lock:
            return dict(self.graph.con.execute("SELECT key, value FROM ingest_meta").fetchall())

    def _cancelled(self) -> bool:
        c = self.cancel
        if c is None:
            return False
        if hasattr(c, "is_set"):
            return c.is_set()
        return bool(c())

    # ------------------------------------------------------------------ run
    def run(self) -> dict[str, Any]:
        g = self.graph
        if g.read_only:
            raise LoreError("graph-read-only", "this graph was opened read-only")
        with g.lock:
            g.con.execute(SCHEMA_SQL)
        meta = self._meta()
        if meta.get("repo") and meta["repo"] != self.repo:
            log.warning("graph was ingested from %s; now ingesting %s", meta["repo"], self.repo)
        wm = meta.get("watermark")
        base = {"ok": True, "repo": self.repo, "branch": self.branch, "head": self.tip}
        if self.tip is None:
            return {**base, "status": "complete", "commits": 0, "message": "the repository has no commits"}
        if wm == self.tip:
            return {**base, "status": "complete", "commits": 0, "up_to_date": True, **tag_pass(self.graph, self.repo, self._plausible),
                    "summary": self._summary()}
        if wm and not self._is_ancestor(wm, self.tip):
            raise LoreError("history-rewritten",
                            f"the ingested commit {wm[:12]} is not an ancestor of {self.branch} "
                            f"({self.tip[:12]}) in {self.repo}; ingest into a fresh graph (--graph) to follow "
                            f"another repository or a rewritten branch")
        t0 = time.perf_counter()
        with g.lock:  # graph.con is shared with the server's threads: use it only under the lock
            self._prepare(meta, wm)
        status = "complete"
        try:
            with _collector_paused():
                self._walk(wm)
        except Cancelled:
            status = "stopped"
        finally:
            if self.parser is not None:
                self.parser.close()
            self.cat.close()
        out = {**base, "status": status, **self.stats, "attributes_written": sorted(self.attrs_written),
               "seconds": round(time.perf_counter() - t0, 3), "watermark": self.watermark}
        if status == "complete" and not self.snapshot:  # tags name commits: history's, not the head's
            out.update(tag_pass(self.graph, self.repo, self._plausible))
        out["summary"] = self._summary()
        return out

    def _summary(self) -> dict[str, int]:
        """What the graph now knows of the code at the watermark (from ingestion's small side tables)."""
        with self.graph.lock:
            con = self.graph.con
            out = {"modules": con.execute("SELECT count(*) FROM ingest_files WHERE mode <> '160000'").fetchall()[0][0],
                   "submodules": con.execute("SELECT count(*) FROM ingest_files WHERE mode = '160000'").fetchall()[0][0]}
            for kind, n in con.execute("SELECT kind, count(*) FROM code_locations GROUP BY kind ORDER BY kind").fetchall():
                out[{"class": "classes"}.get(kind, kind + "s")] = n
            out["imports"] = con.execute("SELECT count(*) FROM import_locations").fetchall()[0][0]
            out["external_dependencies"] = con.execute(
                "SELECT count(*) FROM ingest_known WHERE starts_with(ident, ':module/')").fetchall()[0][0]
        return out

    def _is_ancestor(self, a: str, b: str) -> bool:
        return gitcmd.run(self.repo, "merge-base", "--is-ancestor", a, b, capture_output=True).returncode == 0

    # -------------------------------------------------------------- prepare
    def _prepare(self, meta: dict[str, str], wm: str | None) -> None:
        con = self.graph.con
        self.watermark = wm
        self.last_time = int(meta.get("last_time", "0") or 0)
        self.locations_complete = meta.get("locations_complete") == "true" and wm is not None
        loreignore = git(self.repo, "show", f"{self.tip}:.loreignore", check=False)
        self.ignore: Callable[[str], bool] = _memo(
            build_ignore(loreignore.decode("utf-8", "replace") if loreignore else None))
        self.files: dict[str, tuple[str, str]] = {}  # path -> (blob, mode)
        self.index = PathIndex()
        for path, blob, mode, _m in con.execute("SELECT path, blob, mode, module FROM ingest_files").fetchall():
            self.files[path] = (blob, mode)
            if mode != GITLINK:
                self.index.add(path)
        self.idents: dict[str, str] = dict(con.execute("SELECT path, ident FROM ingest_idents").fetchall())
        self.ident_taken: set[str] = set(self.idents.values())
        self.new_idents: list[tuple[str, str]] = []
        self.fstate: dict[str, FileState] = {}
        # Definition hashes of files at the watermark (from ingest_defs): the previous version of a changed
        # file need not be parsed again.
        self.known_defs: dict[str, list[Def]] = {}
        self.loaded: set[str] = set()
        self.extracts: dict[str, Extract | None] = {}  # blob -> extract, for blobs of tracked files
        self.blob_refs: dict[str, int] = {}
        self.holding: dict[str, str] = {}  # path -> the blob whose extract it holds (counted in blob_refs)
        # Graphs ingested before the side tables existed fall back to scanning the facts table.
        self.v2 = meta.get("state") == "3" or wm is None
        if self.v2:
            self.externals: set[str] = {r[0] for r in con.execute(SQL["known"]).fetchall()
                                        if not r[0].startswith(":tag/")}
        else:
            self.externals = {r[0] for r in con.execute(SQL["known_externals"]).fetchall()}
        # target entity -> paths whose facts point at it through resolution (:calls, internal :depends-on):
        # when the target goes away those files are resolved again (their edges close or re-point).
        self.pointing: dict[str, set[str]] = {}
        if wm is not None and self.v2:
            stale = meta.get("open_complete") == "false"  # ingest_open not written yet: read the facts
            for target, path in con.execute(SQL["pointing_edges_of_facts" if stale else "pointing_edges"]).fetchall():
                self.pointing.setdefault(target, set()).add(path)
        self.new_known: list[str] = []
        self.submodules: dict[str, tuple[str, str]] = {}  # path -> (name, url) from .gitmodules
        self.rows: list[tuple] = []  # (e, a, vt, v, vn, vf, vto) to insert
        self.closes: list[tuple] = []  # (e, a, vt, v, t): open database rows to close
        self.dirty: set[str] = set()  # paths whose fstate has unwritten opens, or whose row changed
        # Opens not yet in the database, in the order they were made: (key, [valid-from, None]); an item
        # closed before its flush is marked -1 (its row was written closed).
        self.pending: list[tuple[Key, list]] = []
        # A bulk run (a fresh graph) writes ingest_open / ingest_defs once, at its last flush, instead of
        # rewriting every touched file's open facts at each flush (12% of a rust-analyzer ingest). Until
        # then ingest_meta says open_complete=false and a resumed run reads open facts from the facts table.
        self.open_stale = meta.get("open_complete") == "false" and wm is not None
        self.defer_open = wm is None or self.open_stale
        self.open_dirty: set[str] = set(self.files) if self.open_stale else set()
        self.changed_paths: set[str] = set()  # paths changed in this run (for locations)
        self.cat = CatFile(self.repo)
        self.parser: Parser | None = None
        self._local_cache: dict = {}  # (module, blob) -> local facts; small: blobs recur only on reverts
        self._path_local: dict[str, tuple[str, list]] = {}  # path -> (blob, local facts) of its current text
        # path -> {(kind, name, qname, static): (entity, its facts)} of the path's last version: most
        # definitions of a changed file are unchanged, their facts are reused rather than built again.
        self._def_facts: dict[str, dict[tuple, tuple[str, tuple]]] = {}
        # path -> (blob, its definitions as _desired made them): the previous version of a modified file
        # is compared without building its definitions' idents again.
        self._last_defs: dict[str, tuple[str, dict]] = {}
        self._mslugs: dict[str, str] = {}
        self.attrs_written: set[str] = set()
        self._names_cache: dict = {}
        self._db_names: dict[str, list[tuple[str, str]]] | None = None
        self._sub_keys: dict[str, str] | None = None
        self._resolve_cache: dict = {}
        self._index_version = 0
        # The Cargo dependencies before and after the last manifest change, when nothing else of the workspaces moved
        self._crates_moved: tuple[Workspaces, Workspaces] | None = None
        self._resolve_version = 0
        self._load_aliases()
        self._load_workspaces()

    # ------------------------------------------------------------------ walk
    def _walk(self, wm: str | None) -> None:
        # Both logs are streamed: the history is never held whole (memory must not grow with it).
        assert self.tip is not None  # run() returns before the walk on a branch without commits
        if self.snapshot:
            infos, fps = self._snapshot_commit()
            commits, fp = iter(infos), iter(fps)
            total = 1
        else:
            total = count_commits(self.repo, self.tip, wm)
            commits, fp = iter_all_commits(self.repo, self.tip, wm), iter_first_parent(self.repo, self.tip, wm)
        self.total = total
        self.parser = Parser(self.repo, processes=workers(), cat=self.cat)
        ahead = ReadAhead(self, fp)
        try:
            self._walk_commits(commits, ahead, total)
        finally:
            for it in (commits, fp):
                close = getattr(it, "close", None)
                if close is not None:
                    close()
            self.stats["blobs_planned"] = ahead.planned
            self.stats["incremental_parses"] = self.parser.incremental_parses
            if self.parser.worker_peak_rss_kb:
                self.stats["parse_worker_peak_rss_mb"] = round(self.parser.worker_peak_rss_kb / 1024, 1)

    def _walk_commits(self, commits, ahead: ReadAhead, total: int) -> None:
        done = 0
        since_flush = 0
        batch = _env_int("LORE_INGEST_BATCH", 3000)
        last_flush = time.perf_counter()
        for info in commits:
            # Stop only right after a first-parent commit: side-branch commits before a merge are written
            # with it, so the watermark never leaves written commits behind it (no duplicates on resume).
            if done == 0 and self._cancelled():
                raise Cancelled()
            t_raw = self._plausible(info.time)
            if info.sha == ahead.next_sha():
                # An implausible date (far future, before 1970) moves that commit alone: it is placed just
                # after its predecessor, and the next commit's own date counts again (SPEC §7).
                t = max(t_raw if t_raw is not None else 0, self.last_time + 1)
                self.last_time = t
                self._apply_commit(ahead.pop(), t)
                self.watermark = info.sha
                self.stats["first_parent_commits"] += 1
            else:
                t = t_raw if t_raw is not None else self.last_time + 1
            if t_raw is None:
                self.stats["implausible_dates"] = self.stats.get("implausible_dates", 0) + 1
            if not self.snapshot:
                self._commit_facts(info, t)
            done += 1
            since_flush += 1
            self.stats["commits"] = done
            if self.progress:
                self.progress(done, total, info.sha)
            if info.sha == self.watermark and self._cancelled():
                self._flush(final=False, open_rows=True)
                raise Cancelled()
            # A bulk run flushes by size only: a flush on a timer made the work (rows spanning flushes are
            # written twice, open then closed) grow with the machine's load.
            if info.sha == self.watermark and (len(self.rows) >= 150_000 or since_flush >= batch or (
                    not self.defer_open and time.perf_counter() - last_flush > 15)):
                self._flush(final=False)
                since_flush = 0
                last_flush = time.perf_counter()
        self._flush(final=True)
        if self.stats["facts_written"] > 50_000:
            # Fold the write-ahead log into the file now, inside the bulk run, rather than on whichever
            # small write (the next incremental ingest, a user's transact) crosses DuckDB's threshold.
            # In the server other threads read meanwhile: the checkpoint waits for them (Graph.checkpoint).
            self.stats["checkpoint"] = "done" if self.graph.checkpoint() else "deferred"

    def _plausible(self, seconds: int | None) -> int | None:
        """A git timestamp as valid time (µs), or None when no real commit can have it: before 1970, or
        later than a day after this run started (a commit cannot come from the future; a day covers
        skewed clocks). A date past that bound would otherwise become the floor of every later commit's
        valid time."""
        if seconds is None or seconds < 0 or seconds * US > self.date_bound:
            return None
        return seconds * US

    def _snapshot_commit(self) -> tuple[list[CommitInfo], list[Commit]]:
        """The tip as one commit that adds every file of its tree."""
        assert self.tip is not None  # called by _walk only
        info = commit_info(self.repo, self.tip)
        changes = [Change("A", path, None, "000000", mode, ZERO, blob) for mode, blob, path in ls_tree(self.repo, self.tip)]
        return [info], [Commit(info.sha, [], info.time, changes)]

    # ------------------------------------------------------------- facts
    def _emit(self, e: str, a: str, val: tuple, vf: int, vto: int = FOREVER) -> None:
        self.rows.append((e, a, val[0], val[1], val[2], vf, vto))

    def _commit_facts(self, c: CommitInfo, t: int) -> None:
        e = S.commit_ident(c.sha)
        subj = c.subject
        for a, val in ((":entity-type", ref(":type/commit")), (":description", sval(subj[:120] or c.sha[:12])),
                       (":hash", sval(c.sha)), (":author", sval(c.author)), (":subject", sval(subj[:200])),
                       (":date", date_value(c.time))):
            if val is not None:
                self._emit(e, a, val, t)
        for p in c.parents:
            self._emit(e, ":parent", ref(S.commit_ident(p)), t)

    def _module_ident(self, path: str) -> str:
        ident = self.idents.get(path)
        if ident is None:
            ident = S.module_ident(path)
            if ident in self.ident_taken or ident in self.externals:
                import hashlib
                ident = f"{ident}-{hashlib.sha1(path.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"
            self.idents[path] = ident
            self.ident_taken.add(ident)
            self.new_idents.append((path, ident))
        return ident

    def _extract(self, blob: str, path: str) -> Extract | None:
        lang = language_of(path)
        if lang is None:
            return None
        if blob in self.extracts:
            return self.extracts[blob]
        ex = self.parser.get(blob, lang, path) if self.parser else parse_blob(self.cat, blob, lang, path)
        self.stats["files_parsed"] += 1
        return ex

    def _old_extract(self, blob: str, path: str) -> Extract | None:
        """The previous version of a changed file: held from this run, else its stored definition hashes
        (enough to diff definitions), else parsed again."""
        if blob in self.extracts:
            return self.extracts[blob]
        defs = self.known_defs.pop(path, None)
        if defs is not None:
            return Extract(defs, [], [], False)
        return self._extract(blob, path)

    def _hold(self, path: str, blob: str, ex: Extract | None) -> None:
        """``path`` now has ``blob``: keep its extract while some path has it (the path's previous blob is
        given back)."""
        self.extracts[blob] = ex
        prev = self.holding.get(path)
        if prev == blob:
            return
        self.holding[path] = blob
        self.blob_refs[blob] = self.blob_refs.get(blob, 0) + 1
        if prev is not None:
            self._unref(prev)

    def _release(self, path: str) -> None:
        """``path`` is gone. Only a hold this run took is given back: a file untouched since the watermark
        holds nothing, and releasing for it would drop the extract that the target of its rename (the
        same blob) has just taken."""
        blob = self.holding.pop(path, None)
        if blob is not None:
            self._unref(blob)

    def _unref(self, blob: str) -> None:
        n = self.blob_refs.get(blob, 0) - 1
        if n <= 0:
            self.blob_refs.pop(blob, None)
            self.extracts.pop(blob, None)
        else:
            self.blob_refs[blob] = n

    # ----------------------------------------------------------- file state
    def _preload(self, paths: set[str]) -> None:
        """Open facts of files that existed at the watermark and that this run will touch."""
        paths = {p for p in paths if p not in self.loaded}
        if not paths:
            return
        con = self.graph.con
        if self.v2 and not self.open_stale:
            table = pa.table({"path": pa.array(sorted(paths), pa.string())})
            with self.graph.lock:
                con.register("mods", table)
                try:
                    rows = con.execute(SQL["open_of_paths"]).fetchall()
                    drows = con.execute(SQL["defs_of_paths"]).fetchall()
                finally:
                    con.unregister("mods")
            for path, kind, qname, body, shape in drows:
                lst = self.known_defs.setdefault(path, [])
                if kind != "-":
                    lst.append(Def(kind, "", qname, False, 0, 0, 0, 0, 0, 0, 0, body, shape))
            mods = {p: p for p in paths}
        else:
            mods = {self._module_ident(p): p for p in paths}
            table = pa.table({"module": pa.array(list(mods), pa.string())})
            with self.graph.lock:
                con.register("mods", table)
                try:
                    rows = con.execute(SQL["open_facts_of_modules"]).fetchall()
                finally:
                    con.unregister("mods")
        for p in paths:
            self.fstate.setdefault(p, FileState()).last = None  # its facts now come from the database
            self.loaded.add(p)
        for module, e, a, vt, v, vf, rid in rows:
            path = mods.get(module)
            if path is not None:
                fs = self.fstate[path]
                if a in EVENT_ATTRS:
                    fs.ev(e)[(e, a, vt, v)] = [vf, rid]
                else:
                    fs.facts[(e, a, vt, v)] = [vf, rid]

    def _open(self, st: dict, key: Key, t: int) -> None:
        if key not in st:
            item = st[key] = [t, None]
            self.pending.append((key, item))

    def _close(self, st: dict, key: Key, t: int) -> None:
        item = st.pop(key, None)
        if item is None:
            return
        vf, rid = item
        if rid is not None:
            self.closes.append((rid, t))
            return
        item[1] = -1  # not pending any more
        if vf < t:
            self._emit(key[0], key[1], (key[2], key[3], None), vf, t)

    # --------------------------------------------------------------- commit
    def _apply_commit(self, c: Commit, t: int) -> None:
        """One first-parent commit: the file set moves, each changed file's facts are diffed against what
        it had, renamed definitions are linked, and unchanged files whose edges pointed at what went away
        are resolved again."""
        cs = classify(c.changes, self.files, self.ignore)
        for blob in cs.gitmodules:
            self._read_gitmodules(blob)
        if not (cs.removed or cs.added or cs.modified):
            return
        self._preload(set(cs.removed) | set(cs.modified))
        self._move_file_set(cs)
        touched = [posixpath.basename(p) for p in (*cs.removed, *cs.added, *cs.modified)]
        aliases_moved = any(CONFIG_FILE.match(b) for b in touched) and self._load_aliases()
        workspaces_moved = any(b in MANIFEST_FILES for b in touched) and self._load_workspaces()
        old_ex, new_ex = self._extracts_of(cs)
        cid = S.commit_ident(c.sha)
        gone_defs: dict[str, tuple[str, int, str, str]] = {}  # entity -> (kind, shape hash, path, qname)
        new_defs: dict[str, tuple[str, int, str, str, bool]] = {}  # ... and whether it is under 3 lines
        for p, (blob, _mode) in cs.removed.items():
            self._remove_file(p, blob, old_ex.get(p), gone_defs, t)
        for p in list(cs.added) + list(cs.modified):
            self._update_file(p, cs, cid, old_ex, new_ex.get(p), gone_defs, new_defs, t)
        for olde, newe, path in match_renames(gone_defs, new_defs):
            self._link(olde, newe, path, t)
        self._resolve_dependents(cs, gone_defs, t)
        if aliases_moved or workspaces_moved:  # every script may import through them: all are resolved again
            exts = (_SCRIPT_EXTS if aliases_moved else frozenset()) | (_WORKSPACE_EXTS if workspaces_moved else frozenset())
            # Only Cargo dependencies moved (a crate added, dropped or renamed in a Cargo.toml, most manifest edits
            # that move anything): only the Rust files and manifests naming one of those crates resolve otherwise.
            crates = self._crates_moved if workspaces_moved and not aliases_moved else None
            if crates is not None:
                exts = _CRATE_EXTS
            moved = _MovedCrates(*crates) if crates is not None else None
            changed = set(cs.removed) | set(cs.added) | set(cs.modified)
            for p in sorted(self.files):
                if p not in changed and posixpath.splitext(p)[1] in exts and \
                        (moved is None or self._names_crate(p, moved.of(p))):
                    self._resolve_again(p, set(), t, force=True)

    def _load_aliases(self) -> bool:
        """The tree's tsconfig path aliases into the path index; whether they changed (a config edit that
        leaves them as they were changes nothing)."""
        aliases = aliases_of(((p, b, m) for p, (b, m) in self.files.items()),
                             lambda blob: self.cat.read(blob, MAX_CONFIG_BYTES), lambda mode: mode.startswith("100"))
        if aliases == self.index.aliases:
            return False
        self.index.aliases = aliases
        self._index_version += 1
        return True

    def _load_workspaces(self) -> bool:
        """The tree's workspace packages into the path index; whether they changed."""
        found = workspaces_of(((p, b, m) for p, (b, m) in self.files.items()),
                              lambda blob: self.cat.read(blob, WORKSPACE_MANIFEST_BYTES),
                              lambda mode: mode.startswith("100"))
        if found == self.index.workspaces:
            return False
        old = self.index.workspaces
        self._crates_moved = ((old, found) if dataclasses.replace(
            old, rust_crates=found.rust_crates, rust_manifests=found.rust_manifests) == found else None)
        self.index.workspaces = found
        self._index_version += 1
        return True

    def _move_file_set(self, cs: ChangeSet) -> None:
        """The tracked files and the path index become the commit's, so imports resolve against its tree."""
        if cs.removed or cs.added:
            self._index_version += 1
        for p in cs.removed:
            del self.files[p]
            self.index.remove(p)
        for p, (blob, mode) in cs.added.items():
            self.files[p] = (blob, mode)
            if mode != GITLINK:
                self.index.add(p)
        for p, (_before, after) in cs.modified.items():
            self.files[p] = after
            if after[1] == GITLINK:
                self.index.remove(p)
            else:
                self.index.add(p)

    def _extracts_of(self, cs: ChangeSet) -> tuple[dict[str, Extract | None], dict[str, Extract | None]]:
        """Each changed path's extract before and after the commit (the new ones held now, so files of this
        commit that import each other see them)."""
        new_ex: dict[str, Extract | None] = {}
        old_ex: dict[str, Extract | None] = {}
        for p, (blob, mode) in cs.removed.items():
            old_ex[p] = self._old_extract(blob, p) if mode not in (GITLINK, SYMLINK) else None
        for p, (before, _after) in cs.modified.items():
            old_ex[p] = self._old_extract(before[0], p) if before[1] not in (GITLINK, SYMLINK) else None
        for p, (blob, mode) in list(cs.added.items()) + [(p, a) for p, (_b, a) in cs.modified.items()]:
            ex = self._extract(blob, p) if mode not in (GITLINK, SYMLINK) else None
            new_ex[p] = ex
            self._hold(p, blob, ex)
        return old_ex, new_ex

    def _remove_file(self, p: str, blob: str, old: Extract | None, gone_defs: dict, t: int) -> None:
        """A deleted (or renamed-away) file: every fact it owns closes at ``t``."""
        fs = self.fstate.pop(p, None) or FileState()
        last = self._last_defs.get(p)
        if last is not None and last[0] == blob:
            for e, info in last[1].items():
                gone_defs[e] = (info[0], info[1], p, info[3])
        else:
            ms = self._mslug(p)
            for d in (old or NO_EXTRACT).defs:
                e = S.def_ident(d.kind, ms, d.qname)
                gone_defs[e] = (d.kind, d.shape_hash, p, d.qname)
        for key in list(fs.facts):
            self._close(fs.facts, key, t)
        for evs in fs.events.values():
            for key in list(evs):
                self._close(evs, key, t)
        # (p stays in self.loaded: its rows in the graph are superseded by this run's state, so a path
        # added again later must not load them back)
        self._release(p)
        self._def_facts.pop(p, None)
        self._last_defs.pop(p, None)
        self._path_local.pop(p, None)
        self.changed_paths.add(p)
        self.dirty.add(p)

    def _update_file(self, p: str, cs: ChangeSet, cid: str, old_ex: dict, ex: Extract | None,
                     gone_defs: dict, new_defs: dict, t: int) -> None:
        """An added or modified file: its events (introduced, modified, renamed) and its structural facts
        diffed against what it had."""
        blob, mode = self.files[p]
        fs = self.fstate.get(p)
        if fs is None:
            fs = self.fstate[p] = FileState()
        self.loaded.add(p)
        module = self._module_ident(p)
        local, edges, defs = self._desired_parts(p, module, blob, mode, ex)
        if p in cs.modified:
            before = cs.modified[p][0][0]
            last = self._last_defs.get(p)
            old_defs = last[1] if last is not None and last[0] == before else None
            self._modified_events(p, fs, module, defs, old_ex.get(p), old_defs, cid, gone_defs, new_defs, t)
        else:
            self._new_file_events(p, fs, module, defs, cs.renames.get(p), old_ex, cid, gone_defs, new_defs, t)
        self._last_defs[p] = (blob, defs)
        self._diff_facts(fs, local, edges, t)
        for e in [e for e in fs.events if e != module and e not in defs]:
            evs = fs.events.pop(e)
            for key in list(evs):
                self._close(evs, key, t)
        self.changed_paths.add(p)
        self.dirty.add(p)

    def _diff_facts(self, fs: FileState, local: TextFacts, edges: set, t: int) -> tuple[int, int]:
        """The file's structural facts become ``local``'s and ``edges``: those gone close at ``t``, new ones
        open. Returns how many closed and opened."""
        facts = fs.facts
        last = fs.last
        gone: set[Key]
        new: set[Key]
        if last is None:
            desired = local.all() | edges
            gone, new = facts.keys() - desired, desired - facts.keys()
        else:
            ol, oe = last
            if ol is local:
                gone, new = oe - edges, edges - oe
            else:
                gone, new = local.changes(ol)
                gone |= oe - edges
                new |= edges - oe
        for key in gone:
            self._close(facts, key, t)
        pending = self.pending
        for key in new:
            item = facts[key] = [t, None]
            pending.append((key, item))
        fs.last = (local, edges)
        return len(gone), len(new)

    def _new_file_events(self, p: str, fs: FileState, module: str, defs: dict, src: str | None, old_ex: dict,
                         cid: str, gone_defs: dict, new_defs: dict, t: int) -> None:
        """A new file (or the target of a rename from ``src``): every entity of it starts here; a renamed
        file's definitions follow it."""
        for e in (module, *defs):
            self._open(fs.ev(e), (e, ":introduced-by", "k", cid), t)
        followed: set[str] = set()
        if src is not None:
            old_module = self._module_ident(src)
            self._open(fs.ev(module), (module, ":renamed-from", "k", old_module), t)
            self._emit(old_module, ":renamed-to", ref(module), t)
            # Definitions follow their file: same qualified name in the old and the new path.
            old_ms, new_ms = self._mslug(src), self._mslug(p)
            for d in (old_ex.get(src) or NO_EXTRACT).defs:
                olde = S.def_ident(d.kind, old_ms, d.qname)
                newe = S.def_ident(d.kind, new_ms, d.qname)
                # Two definitions can share an ident (`_codes` and `codes` slug alike): one rename.
                if newe in defs and newe not in followed:
                    followed.add(newe)
                    gone_defs.pop(olde, None)
                    self._open(fs.ev(newe), (newe, ":renamed-from", "k", olde), t)
                    self._emit(olde, ":renamed-to", ref(newe), t)
        for e, info in defs.items():
            if e not in followed:
                new_defs[e] = (info[0], info[1], p, info[3], info[4])

    def _modified_events(self, p: str, fs: FileState, module: str, defs: dict, old: Extract | None,
                         old_defs: dict | None, cid: str, gone_defs: dict, new_defs: dict, t: int) -> None:
        """A modified file: the module and its changed definitions are modified here, new ones introduced,
        vanished ones gone (a rename candidate). ``old_defs``: the previous version's definitions as
        ``_desired`` made them when this run applied it ({entity: (kind, shape, body, qname, short)}), else
        None and they come from ``old``."""
        self._open(fs.ev(module), (module, ":modified-in", "k", cid), t)
        if old_defs is None:
            ms = self._mslug(p)
            old_defs = {S.def_ident(d.kind, ms, d.qname): (d.kind, d.shape_hash, d.body_hash, d.qname)
                        for d in (old or NO_EXTRACT).defs}
        for e, info in defs.items():
            od = old_defs.get(e)
            if od is None:
                self._open(fs.ev(e), (e, ":introduced-by", "k", cid), t)
                new_defs[e] = (info[0], info[1], p, info[3], info[4])
            elif od[2] != info[2]:
                self._open(fs.ev(e), (e, ":modified-in", "k", cid), t)
        for e, od in old_defs.items():
            if e not in defs:
                gone_defs[e] = (od[0], od[1], p, od[3])

    def _resolve_dependents(self, cs: ChangeSet, gone_defs: dict, t: int) -> None:
        """Files this commit did not change whose calls or imports resolved to what it removed."""
        changed = set(cs.removed) | set(cs.added) | set(cs.modified)
        stale: set[str] = set()
        vanished = {*gone_defs, *(self._module_ident(p) for p in cs.removed)}
        for target in vanished:
            stale |= self.pointing.pop(target, set())
        # The mirror case: an import that fell back to an external dependency (`from pkg.a import load`
        # while pkg/a.py was gone is :module/pkg) may name a path this commit added. The external name is
        # a segment of the path the import would now match, so only files with an open :depends-on to
        # one of the added paths' segments are looked at (and re-pointed if their imports now resolve).
        fallback = {S.external_ident(seg) for p, (_b, mode) in cs.added.items() if mode != GITLINK
                    for seg in _segments(p)}
        fallback = {e for e in fallback if e in self.pointing}
        # A file added to a package (a folder: Go's, a Java wildcard's, a C# namespace's) is one more file
        # its importers depend on: they point at its siblings.
        for p, (_b, mode) in cs.added.items():
            ext = posixpath.splitext(p)[1]
            if mode != GITLINK and ext in _PACKAGE_EXTS and not p.endswith("_test.go"):
                d = posixpath.dirname(p)
                fallback |= {m for q in self.index.by_dir.get(d, ()) if q != p and q.endswith(ext)
                             if (m := self._module_ident(q)) in self.pointing}
        for target in fallback:
            stale |= self.pointing[target]
        for p in sorted(stale - changed):
            if p in self.files:
                self._resolve_again(p, vanished | fallback, t)

    def _names_crate(self, p: str, crates: frozenset[str]) -> bool:
        """Whether a Rust file or Cargo.toml imports one of ``crates`` (code names: ``-`` as ``_``)."""
        if not crates:
            return False
        blob, mode = self.files[p]
        if mode in (GITLINK, SYMLINK):
            return False
        ex = self.extracts[blob] if blob in self.extracts else self._extract(blob, p)
        return ex is not None and any(im.spec.split("::", 1)[0].strip().replace("-", "_") in crates
                                      for im in ex.imports)

    def _resolve_again(self, p: str, vanished: set[str], t: int, force: bool = False) -> None:
        """An unchanged file that has a call or import edge to something this commit removed: its
        structural facts recomputed, so those edges close at ``t`` (or re-point where the name now
        resolves). Only when such an edge is open, so the outcome never depends on where a run began;
        ``force``: always (the tsconfig aliases every script resolves through moved)."""
        blob, mode = self.files[p]
        if mode in (GITLINK, SYMLINK):
            return
        self._preload({p})
        fs = self.fstate.setdefault(p, FileState())
        last = fs.last
        if force:
            pass
        elif last is not None:  # facts == its text's facts | these edges, the only :calls and :depends-on
            if vanished.isdisjoint([k[3] for k in last[1]]):
                return
        elif not any(k[1] in (":calls", ":depends-on") and k[3] in vanished for k in fs.facts):
            return
        ex = self.extracts[blob] if blob in self.extracts else self._extract(blob, p)
        self._hold(p, blob, ex)
        local, edges, defs = self._desired_parts(p, self._module_ident(p), blob, mode, ex)
        self._last_defs[p] = (blob, defs)
        if any(self._diff_facts(fs, local, edges, t)):  # opens are written at the flush, as every open is
            self.dirty.add(p)
            self.changed_paths.add(p)  # its import targets (import_locations) may have moved

    def _mslug(self, path: str) -> str:
        ms = self._mslugs.get(path)
        if ms is None:  # a path's module ident never changes within a run
            ms = self._mslugs[path] = self._module_ident(path).split("/", 1)[1]
        return ms

    def _link(self, olde: str, newe: str, path: str, t: int) -> None:
        fs = self.fstate.get(path)
        if fs is not None:
            self._open(fs.ev(newe), (newe, ":renamed-from", "k", olde), t)
        self._emit(olde, ":renamed-to", ref(newe), t)
        self.stats["definition_renames"] = self.stats.get("definition_renames", 0) + 1


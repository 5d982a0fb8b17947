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

import logging
import os
import posixpath
import re
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable, Sequence

import pyarrow as pa

from lore import idents as S
from lore.errors import LoreError
from lore.ingest.extract import Def, Extract, language_of
from lore.ingest.ignore import Ignore, build_ignore
from lore.ingest.parse import Parser, parse_blob, workers
from lore.ingest.resolve import PathIndex, resolve
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
    list_tags,
    ls_tree,
    repo_root,
    resolve_branch,
)
from lore.store.graph import FACT_SCHEMA, MAX_TX, Graph
from lore.timeutil import FOREVER, format_instant, now_micros

log = logging.getLogger("lore")

_HERE = Path(__file__).parent
SCHEMA_SQL = (_HERE / "schema.sql").read_text()
EVENT_ATTRS = frozenset({":introduced-by", ":modified-in", ":renamed-from", ":renamed-to"})
US = 1_000_000
_TYPE = {k: f":type/{k}" for k in ("function", "class", "variable", "field")}


def _load_sql(name: str) -> dict[str, str]:
    out: dict[str, str] = {}
    cur = None
    for line in (_HERE / name).read_text().splitlines():
        m = re.match(r"--\s*name:\s*(\S+)", line)
        if m:
            cur = m.group(1)
            out[cur] = ""
        elif cur:
            out[cur] += line + "\n"
    return out


SQL = _load_sql("state.sql")

Key = tuple  # (e, a, vt, v)


def ref(x: str) -> tuple[str, str, float | None]:
    return ("k", x, None)


def sval(x: str) -> tuple[str, str, float | None]:
    return ("s", x, None)


DATE_SLACK_US = 86_400 * US  # how far in the future a commit date may be (skewed clocks) and still count
MAX_INSTANT_SECONDS = 253_402_300_799  # 9999-12-31T23:59:59Z: the last instant an RFC 3339 date can write


def _date_value(seconds: int | None) -> tuple[str, str, float] | None:
    """A commit's or tag's own date as written (even a wrong one), or None when it is no instant at all."""
    if seconds is None or not -62_135_596_800 <= seconds <= MAX_INSTANT_SECONDS:
        return None
    text = format_instant(seconds * US)
    return None if text is None else ("t", text, float(seconds))


def _env_int(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


class FileState:
    """The open facts one file owns: structural ones (recomputed from its text at each change) and event
    ones per entity (:introduced-by, :modified-in, :renamed-from: kept until the entity goes away).
    Each maps a fact key to [valid-from, already in the database]."""

    __slots__ = ("facts", "events")

    def __init__(self) -> None:
        self.facts: dict[Key, list] = {}
        self.events: dict[str, dict[Key, list]] = {}

    def ev(self, e: str) -> dict[Key, list]:
        d = self.events.get(e)
        if d is None:
            d = self.events[e] = {}
        return d


class Cancelled(Exception):
    pass


class _Ahead:
    """First-parent commits read ahead of the walk: their blobs go to the parser's plan (each blob once per
    run) and the tracked files they touch are loaded from the graph in batches, while only a bounded
    window of the history is in memory."""

    MIN_COMMITS = 32
    MIN_BLOBS = 400  # planned beyond the commit being applied: enough to keep both workers busy

    def __init__(self, run: "IngestRun", fp) -> None:
        self.run = run
        self.it = fp
        self.buf: deque = deque()  # (commit, blobs planned for it)
        self.ahead_blobs = 0
        self.planned = 0
        self.seen: set[str] = set(run.extracts)
        self.at_watermark = set(run.files)  # files whose state is in the graph (loaded once, when first seen)
        self.done = False
        self._fill()

    def _fill(self) -> None:
        if self.done:
            return
        run = self.run
        items: list[tuple[str, str]] = []
        touched: set[str] = set()
        while len(self.buf) < self.MIN_COMMITS or self.ahead_blobs < self.MIN_BLOBS:
            c = next(self.it, None)
            if c is None:
                self.done = True
                break
            n = 0
            for ch in c.changes:
                for p in (ch.path, ch.old_path):
                    if p and p in self.at_watermark and p not in run.loaded:
                        touched.add(p)
                if ch.status == "D" or ch.new_mode in (GITLINK, SYMLINK) or run.ignore(ch.path):
                    continue
                lang = language_of(ch.path)
                if lang and ch.new_blob not in self.seen:
                    self.seen.add(ch.new_blob)
                    items.append((ch.new_blob, lang))
                    n += 1
            self.buf.append((c, n))
            self.ahead_blobs += n
        if touched:
            run._preload(touched)
        self.planned += len(items)
        assert run.parser is not None  # _walk starts its parser before the look-ahead
        run.parser.extend(items)
        if self.done:
            run.parser.end_plan()

    def next_sha(self) -> str | None:
        if not self.buf:
            self._fill()
        return self.buf[0][0].sha if self.buf else None

    def pop(self) -> Commit:
        c, n = self.buf.popleft()
        self.ahead_blobs -= n
        if len(self.buf) < self.MIN_COMMITS // 2 or self.ahead_blobs < self.MIN_BLOBS // 2:
            self._fill()
        return c


class IngestRun:
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
            return {**base, "status": "complete", "commits": 0, "up_to_date": True, **self._tag_pass(),
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
            out.update(self._tag_pass())
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
        import subprocess
        return subprocess.run(["git", "-C", self.repo, "merge-base", "--is-ancestor", a, b],
                              capture_output=True).returncode == 0

    # -------------------------------------------------------------- prepare
    def _prepare(self, meta: dict[str, str], wm: str | None) -> None:
        con = self.graph.con
        self.watermark = wm
        self.last_time = int(meta.get("last_time", "0") or 0)
        self.locations_complete = meta.get("locations_complete") == "true" and wm is not None
        loreignore = git(self.repo, "show", f"{self.tip}:.loreignore", check=False)
        self.ignore: Ignore = build_ignore(loreignore.decode("utf-8", "replace") if loreignore else None)
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
            for target, path in con.execute(SQL["pointing_edges"]).fetchall():
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
        self.attrs_written: set[str] = set()
        self._names_cache: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._db_names: dict[str, list[tuple[str, str]]] | None = None
        self._sub_keys: dict[str, str] | None = None
        self._resolve_cache: dict = {}
        self._index_version = 0
        self._resolve_version = 0

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
        ahead = _Ahead(self, fp)
        try:
            self._walk_commits(commits, ahead, total)
        finally:
            for it in (commits, fp):
                close = getattr(it, "close", None)
                if close is not None:
                    close()
            self.stats["blobs_planned"] = ahead.planned

    def _walk_commits(self, commits, ahead: "_Ahead", total: int) -> None:
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
                       (":date", _date_value(c.time))):
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
        ex = self.parser.get(blob, lang) if self.parser else parse_blob(self.cat, blob, lang)
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
            self.fstate.setdefault(p, FileState())
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
        cid = S.commit_ident(c.sha)
        removed: dict[str, tuple[str, str]] = {}  # path -> (blob, mode) before
        added: dict[str, tuple[str, str]] = {}
        modified: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {}
        renames: dict[str, str] = {}  # new path -> old path
        for ch in c.changes:
            if ch.path == ".gitmodules" and ch.status != "D":
                self._read_gitmodules(ch.new_blob)
            if ch.status in ("R", "C"):
                old = ch.old_path
                if ch.status == "R" and old in self.files:
                    removed[old] = self.files[old]
                if not self.ignore(ch.path):
                    added[ch.path] = (ch.new_blob, ch.new_mode)
                    if ch.status == "R" and old in removed:
                        renames[ch.path] = old
            elif ch.status == "D":
                if ch.path in self.files:
                    removed[ch.path] = self.files[ch.path]
            elif not self.ignore(ch.path):
                if ch.path in self.files:
                    before = self.files[ch.path]
                    if before[1] == ch.new_mode and before[0] == ch.new_blob:
                        continue
                    modified[ch.path] = (before, (ch.new_blob, ch.new_mode))
                else:
                    added[ch.path] = (ch.new_blob, ch.new_mode)
        # A path both removed (renamed away) and added again in one commit is a modification.
        for p in [p for p in added if p in removed]:
            modified[p] = (removed.pop(p), added.pop(p))
            renames.pop(p, None)
        for p in [p for p in added if p in self.files and p not in modified]:
            modified[p] = (self.files[p], added.pop(p))
        if not (removed or added or modified):
            return
        self._preload(set(removed) | set(modified))
        # Phase 1: the file set, so imports resolve against this commit's tree.
        if removed or added:
            self._index_version += 1
        for p in removed:
            del self.files[p]
            self.index.remove(p)
        for p, (blob, mode) in added.items():
            self.files[p] = (blob, mode)
            if mode != GITLINK:
                self.index.add(p)
        for p, (_before, after) in modified.items():
            self.files[p] = after
            if after[1] == GITLINK:
                self.index.remove(p)
            else:
                self.index.add(p)
        gone_defs: dict[str, tuple[str, int, str, str]] = {}  # entity -> (kind, shape hash, path, qname)
        new_defs: dict[str, tuple[str, int, str, str, bool]] = {}  # ... and whether it is under 3 lines
        new_ex: dict[str, Extract | None] = {}
        old_ex: dict[str, Extract | None] = {}
        for p, (blob, mode) in removed.items():
            old_ex[p] = self._old_extract(blob, p) if mode not in (GITLINK, SYMLINK) else None
        for p, (before, _after) in modified.items():
            old_ex[p] = self._old_extract(before[0], p) if before[1] not in (GITLINK, SYMLINK) else None
        for p, (blob, mode) in list(added.items()) + [(p, a) for p, (_b, a) in modified.items()]:
            ex = self._extract(blob, p) if mode not in (GITLINK, SYMLINK) else None
            new_ex[p] = ex
            self._hold(p, blob, ex)  # now, so files of this commit that import each other see it
        # Phase 2: each changed file's facts against what it had.
        fs: FileState | None
        for p in removed:
            fs = self.fstate.pop(p, None) or FileState()
            for d in (old_ex.get(p) or Extract([], [], [], False)).defs:
                e = S.def_ident(d.kind, self._mslug(p), d.qname)
                gone_defs[e] = (d.kind, d.shape_hash, p, d.qname)
            for key in list(fs.facts):
                self._close(fs.facts, key, t)
            for evs in fs.events.values():
                for key in list(evs):
                    self._close(evs, key, t)
            # (p stays in self.loaded: its rows in the graph are superseded by this run's state, so a path
            # added again later must not load them back)
            self._release(p)
            self.changed_paths.add(p)
            self.dirty.add(p)
        for p in list(added) + list(modified):
            blob, mode = self.files[p]
            fs = self.fstate.get(p)
            if fs is None:
                fs = self.fstate[p] = FileState()
            self.loaded.add(p)
            module = self._module_ident(p)
            desired, defs = self._desired(p, module, blob, mode, new_ex.get(p))
            if p not in modified:
                # New file (or the target of a rename): every entity of it starts here.
                for e in (module, *defs):
                    self._open(fs.ev(e), (e, ":introduced-by", "k", cid), t)
                src = renames.get(p)
                followed: set[str] = set()
                if src is not None:
                    old_module = self._module_ident(src)
                    self._open(fs.ev(module), (module, ":renamed-from", "k", old_module), t)
                    self._emit(old_module, ":renamed-to", ref(module), t)
                    # Definitions follow their file: same qualified name in the old and the new path.
                    for d in (old_ex.get(src) or Extract([], [], [], False)).defs:
                        olde = S.def_ident(d.kind, self._mslug(src), d.qname)
                        newe = S.def_ident(d.kind, self._mslug(p), d.qname)
                        # Two definitions can share an ident (`_codes` and `codes` slug alike): one rename.
                        if newe in defs and newe not in followed:
                            followed.add(newe)
                            gone_defs.pop(olde, None)
                            self._open(fs.ev(newe), (newe, ":renamed-from", "k", olde), t)
                            self._emit(olde, ":renamed-to", ref(newe), t)
                for e, info in defs.items():
                    if e not in followed:
                        new_defs[e] = (info[0], info[1], p, info[3], info[4])
            else:
                self._open(fs.ev(module), (module, ":modified-in", "k", cid), t)
                old_defs = {}
                for d in (old_ex.get(p) or Extract([], [], [], False)).defs:
                    old_defs[S.def_ident(d.kind, self._mslug(p), d.qname)] = d
                for e, info in defs.items():
                    od = old_defs.get(e)
                    if od is None:
                        self._open(fs.ev(e), (e, ":introduced-by", "k", cid), t)
                        new_defs[e] = (info[0], info[1], p, info[3], info[4])
                    elif od.body_hash != info[2]:
                        self._open(fs.ev(e), (e, ":modified-in", "k", cid), t)
                for e, od in old_defs.items():
                    if e not in defs:
                        gone_defs[e] = (od.kind, od.shape_hash, p, od.qname)
            facts = fs.facts
            for key in facts.keys() - desired:
                self._close(facts, key, t)
            for key in desired - facts.keys():
                item = facts[key] = [t, None]
                self.pending.append((key, item))
            for e in [e for e in fs.events if e != module and e not in defs]:
                evs = fs.events.pop(e)
                for key in list(evs):
                    self._close(evs, key, t)
            self.changed_paths.add(p)
            self.dirty.add(p)
        self._match_renames(gone_defs, new_defs, t)
        # Files this commit did not change whose calls or imports resolved to what it removed.
        changed = set(removed) | set(added) | set(modified)
        stale: set[str] = set()
        vanished = {*gone_defs, *(self._module_ident(p) for p in removed)}
        for target in vanished:
            stale |= self.pointing.pop(target, set())
        for p in sorted(stale - changed):
            if p in self.files:
                self._resolve_again(p, vanished, t)

    def _resolve_again(self, p: str, vanished: set[str], t: int) -> None:
        """An unchanged file that has a call or import edge to something this commit removed: its
        structural facts recomputed, so those edges close at ``t`` (or re-point where the name now
        resolves). Only when such an edge is open, so the outcome never depends on where a run began."""
        blob, mode = self.files[p]
        if mode in (GITLINK, SYMLINK):
            return
        self._preload({p})
        fs = self.fstate.setdefault(p, FileState())
        if not any(k[1] in (":calls", ":depends-on") and k[3] in vanished for k in fs.facts):
            return
        ex = self.extracts[blob] if blob in self.extracts else self._extract(blob, p)
        self._hold(p, blob, ex)
        desired, _defs = self._desired(p, self._module_ident(p), blob, mode, ex)
        facts = fs.facts
        gone, new = facts.keys() - desired, desired - facts.keys()
        for key in gone:
            self._close(facts, key, t)
        for key in new:
            facts[key] = [t, None]
        if gone or new:
            self.dirty.add(p)
            self.changed_paths.add(p)  # its import targets (import_locations) may have moved

    def _mslug(self, path: str) -> str:
        return self._module_ident(path).split("/", 1)[1]

    def _match_renames(self, gone: dict, new: dict, t: int) -> None:
        """Definitions that vanished and appeared in one commit with the same shape (see Def.shape_hash): a
        rename, when the pairing is unambiguous. Classes first; the members of a renamed class follow it by
        name (`Store.limit` -> `Repository.limit`); then the rest. A pair is looked for inside each file,
        then across files for definitions of three lines or more (a one-line `X = 0` in another file is
        another definition, not a moved one)."""
        if not gone or not new:
            return
        gone, new = dict(gone), dict(new)
        classes = self._pair(gone, new, t, only_kind="class")
        while classes:  # members of renamed classes (nested classes too) follow their class
            olde_q, newe_q = classes.pop()
            by_rest = {(k, q[len(newe_q[1]) + 1:]): e for e, (k, _s, _p, q, _sh) in new.items()
                       if q.startswith(newe_q[1] + ".")}
            for olde, (kind, _shape, _path, qname) in list(gone.items()):
                if not qname.startswith(olde_q[1] + "."):
                    continue
                newe = by_rest.get((kind, qname[len(olde_q[1]) + 1:]))
                if newe is not None and newe in new:
                    self._link(olde, newe, new[newe][2], t)
                    if kind == "class":
                        classes.append(((olde, qname), (newe, new[newe][3])))
                    del gone[olde], new[newe]
        self._pair(gone, new, t)

    def _pair(self, gone: dict, new: dict, t: int, only_kind: str | None = None) -> list:
        """Link the unambiguous (kind, shape) pairs, inside a file then across files (multi-line only);
        linked entries leave ``gone``/``new``. Returns [((old, old qname), (new, new qname))]."""
        linked = []
        for across in (False, True):
            olds: dict[tuple, list[str]] = {}
            for e, (kind, shape, path, _q) in gone.items():
                if shape and (only_kind is None or kind == only_kind):
                    olds.setdefault((kind, shape) if across else (kind, shape, path), []).append(e)
            news: dict[tuple, list[str]] = {}
            for e, (kind, shape, path, _q, short) in new.items():
                if shape and (only_kind is None or kind == only_kind) and not (across and short):
                    news.setdefault((kind, shape) if across else (kind, shape, path), []).append(e)
            for k, es in olds.items():
                cands = news.get(k)
                if len(es) == 1 and cands and len(cands) == 1:
                    olde, newe = es[0], cands[0]
                    self._link(olde, newe, new[newe][2], t)
                    linked.append(((olde, gone[olde][3]), (newe, new[newe][3])))
                    del gone[olde], new[newe]
        return linked

    def _link(self, olde: str, newe: str, path: str, t: int) -> None:
        fs = self.fstate.get(path)
        if fs is not None:
            self._open(fs.ev(newe), (newe, ":renamed-from", "k", olde), t)
        self._emit(olde, ":renamed-to", ref(newe), t)
        self.stats["definition_renames"] = self.stats.get("definition_renames", 0) + 1

    def _desired(self, path: str, module: str, blob: str, mode: str, ex: Extract | None):
        """The structural facts of one file at this commit, and its definitions
        {entity: (kind, shape, body, qname, under 3 lines)}."""
        desired: set[Key] = set()
        defs: dict[str, tuple[str, int, int, str, bool]] = {}
        if mode == GITLINK:
            name = self.submodules.get(path, (path, ""))
            keys = self._submodule_keys()
            for k in {S.slug(path), S.slug(posixpath.basename(path)), S.slug(name[0])}:
                keys.setdefault(k, module)
                if ":module/" + k in self.externals:
                    self._resolves(":module/" + k, module)
            desired |= {(module, ":entity-type", "k", ":type/external-dependency"),
                        (module, ":description", "s", name[0]), (module, ":path", "s", path),
                        (module, ":pinned-commit", "s", blob)}
            if name[1]:
                desired |= {(module, ":submodule-name", "s", name[0]), (module, ":submodule-url", "s", name[1])}
            return desired, defs
        desired |= {(module, ":entity-type", "k", ":type/module"), (module, ":description", "s", path),
                    (module, ":path", "s", path)}
        lang = language_of(path)
        if lang:
            desired.add((module, ":language", "s", lang))
        if ex is None:
            return desired, defs
        local = self._local_facts(path, module, blob, ex)
        desired |= local[0]
        defs, by_name = local[1], local[2]
        targets: list[str] = []
        if self._resolve_version != self._index_version:
            self._resolve_cache.clear()
            self._resolve_version = self._index_version
        pdir = posixpath.dirname(path)
        for im in ex.imports:
            ck = (lang, pdir, im.spec, im.name)
            r = self._resolve_cache.get(ck, False)
            if r is False:
                r = self._resolve_cache[ck] = resolve(lang, path, im.spec, im.name, self.index)
            if r is None:
                continue
            kind, what = r
            if kind == "internal":
                if what != path:
                    targets.append(what)
                    target = self._module_ident(what)
                    desired.add((module, ":depends-on", "k", target))
                    self.pointing.setdefault(target, set()).add(path)
            else:
                ext = S.external_ident(what)
                # An ident a tracked path already has (a submodule at `redis/`) is that entity: no placeholder.
                if ext not in self.externals and ext not in self.ident_taken:
                    self.externals.add(ext)
                    self.new_known.append(ext)
                    for a, val in ((":entity-type", ref(":type/external-dependency")), (":description", sval(what)),
                                   (":name", sval(what))):
                        self._emit(ext, a, val, self.last_time)
                    sub = self._submodule_keys().get(ext.split("/", 1)[1])
                    if sub:
                        self._resolves(ext, sub)
                desired.add((module, ":depends-on", "k", ext))
        mslug = module.split("/", 1)[1]
        if ex.calls:
            imported: dict[str, list[str]] | None = None
            for caller, callee in ex.calls:
                hits = by_name.get(callee)
                if not hits:
                    if imported is None:
                        imported = self._imported_names(targets)
                    hits = imported.get(callee)
                if not hits or len(set(hits)) != 1:
                    continue
                src = S.def_ident("function", mslug, caller) if caller else module
                if src != hits[0]:
                    desired.add((src, ":calls", "k", hits[0]))
                    self.pointing.setdefault(hits[0], set()).add(path)
        return desired, defs

    def _local_facts(self, path: str, module: str, blob: str, ex: Extract):
        """The facts of a file that depend on its text alone (cached: blobs recur across renames/reverts)."""
        key = (module, blob)
        hit = self._local_cache.get(key)
        if hit is not None:
            return hit
        if len(self._local_cache) > 128:  # entries of big files hold thousands of facts each
            self._local_cache.clear()
        mslug = module.split("/", 1)[1]
        desired: set[Key] = set()
        defs: dict[str, tuple[str, int, int, str, bool]] = {}
        by_name: dict[str, list[str]] = {}
        add = desired.add
        for d in ex.defs:
            e = S.def_ident(d.kind, mslug, d.qname)
            defs[e] = (d.kind, d.shape_hash, d.body_hash, d.qname, d.end_line - d.line < 2)
            add((module, ":contains", "k", e))
            add((e, ":entity-type", "k", _TYPE[d.kind]))
            add((e, ":name", "s", d.name))
            add((e, ":qualified-name", "s", d.qname))
            add((e, ":description", "s", d.qname))
            add((e, ":file", "s", path))
            if d.kind == "field":
                owner = d.qname.rsplit(".", 1)[0]
                add((e, ":class", "k", S.def_ident("class", mslug, owner)))
                add((e, ":static", "b", "true" if d.static else "false"))
            if d.kind in ("function", "class"):
                by_name.setdefault(d.name, []).append(e)
                by_name.setdefault(d.qname, []).append(e)
        hit = (frozenset(desired), defs, by_name)
        self._local_cache[key] = hit
        return hit

    def _submodule_keys(self) -> dict[str, str]:
        """Slugs an import may use for a submodule (its path, last path part, declared name) -> its ident."""
        if self._sub_keys is None:
            self._sub_keys = {}
            for p, (_blob, mode) in self.files.items():
                if mode == GITLINK:
                    name = self.submodules.get(p, (p, ""))[0]
                    for k in (S.slug(p), S.slug(posixpath.basename(p)), S.slug(name)):
                        self._sub_keys.setdefault(k, self._module_ident(p))
        return self._sub_keys

    def _resolves(self, placeholder: str, submodule: str) -> None:
        """[placeholder :resolves-to submodule], once: the bridge between an unresolved import's ident and
        the submodule's path ident (seed 001), whichever was seen first."""
        mark = f"resolves {placeholder} {submodule}"
        if placeholder == submodule or mark in self.externals:
            return
        self.externals.add(mark)
        self.new_known.append(mark)
        self._emit(placeholder, ":resolves-to", ref(submodule), self.last_time)

    def _imported_names(self, targets: list[str]) -> dict[str, list[str]]:
        """Top-level function and class names of the in-repo modules a file imports -> their entities.
        From the parse when this run holds it, else from the graph (files this run has not touched)."""
        out: dict[str, list[str]] = {}
        for tp in dict.fromkeys(targets):
            blob_mode = self.files.get(tp)
            if not blob_mode:
                continue
            blob = blob_mode[0]
            if blob in self.extracts:
                ex = self.extracts[blob]
                if ex is None:
                    continue
                ms = self._mslug(tp)
                names: Sequence[tuple[str, str]] | None = self._names_cache.get((ms, blob))
                if names is None:
                    if len(self._names_cache) > 4096:
                        self._names_cache.clear()
                    names = self._names_cache[(ms, blob)] = [
                        (d.name, S.def_ident(d.kind, ms, d.qname)) for d in ex.defs
                        if d.kind in ("function", "class") and "." not in d.qname]
            else:
                if self._db_names is None:
                    self._db_names = {}
                    with self.graph.lock:
                        if self.v2 and self.locations_complete:
                            for path, name, entity in self.graph.con.execute(
                                    SQL["located_top_level_names"]).fetchall():
                                self._db_names.setdefault(path, []).append((name, entity))
                        else:
                            for module, name, entity in self.graph.con.execute(SQL["top_level_names"]).fetchall():
                                self._db_names.setdefault(module, []).append((name, entity))
                key = tp if self.v2 and self.locations_complete else self._module_ident(tp)
                names = self._db_names.get(key, ())
            for n, e in names:
                out.setdefault(n, []).append(e)
        return out

    def _read_gitmodules(self, blob: str) -> None:
        data = self.cat.read(blob, 1_000_000) or b""
        name = None
        info: dict[str, dict[str, str]] = {}
        for line in data.decode("utf-8", "replace").splitlines():
            m = re.match(r'\s*\[submodule\s+"(.*)"\]', line)
            if m:
                name = m.group(1)
                info[name] = {}
                continue
            m = re.match(r"\s*(\w+)\s*=\s*(.*)$", line)
            if m and name is not None:
                info[name][m.group(1)] = m.group(2).strip()
        self.submodules = {v["path"]: (k, v.get("url", "")) for k, v in info.items() if "path" in v}

    # ---------------------------------------------------------------- flush
    def _flush(self, *, final: bool, open_rows: bool = False) -> None:
        g = self.graph
        open_rows = open_rows or final or not self.defer_open
        # Opens not yet in the database become rows with an open end (their row ids are kept: closing
        # goes by id).
        pending: list[tuple[list, int]] = []
        for key, item in self.pending:
            if item[1] is None and not (self.snapshot and key[1] in EVENT_ATTRS):
                pending.append((item, len(self.rows)))
                self._emit(key[0], key[1], (key[2], key[3], None), item[0])
        self.pending = []
        rows, closes = self.rows, self.closes
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
                    cols = list(zip(*rows))
                    table = pa.Table.from_arrays([
                        pa.array(range(first, first + n), pa.int64()),
                        pa.array(cols[0], pa.string()), pa.array(cols[1], pa.string()),
                        pa.array(cols[2], pa.string()), pa.array(cols[3], pa.string()),
                        pa.array(cols[4], pa.float64()), pa.array(cols[5], pa.int64()),
                        pa.array(cols[6], pa.int64()), pa.array([tx] * n, pa.int32()),
                        pa.array([MAX_TX] * n, pa.int32()), pa.array([False] * n, pa.bool_()),
                        pa.nulls(n, pa.string()), pa.array([1.0] * n, pa.float64()),
                        pa.nulls(n, pa.list_(pa.int64())),
                    ], schema=FACT_SCHEMA)
                    g.insert_arrow(table)
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
        self.attrs_written.update(r[1] for r in rows)
        self.attrs_written.update(closed_attrs)
        self.stats["transactions"] += 1
        self.rows, self.closes = [], []
        self.dirty = set()
        self.new_idents = []

    locations_done = False

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
        op: list[tuple] = []
        for p in dirty:
            fs = self.fstate.get(p)
            if fs is None or p not in self.files:
                continue
            for d in (fs.facts, *fs.events.values()):
                for key, item in d.items():
                    op.append((p, key[0], key[1], key[2], key[3], item[0], item[1]))
        drows: list[tuple] = []
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
                drows.append((p, "-", "", 0, 0))
            else:
                drows.extend((p, d.kind, d.qname, d.body_hash, d.shape_hash) for d in ex.defs)
        if drows:
            c = list(zip(*drows))
            t = pa.table({"path": pa.array(c[0], pa.string()), "kind": pa.array(c[1], pa.string()),
                          "qname": pa.array(c[2], pa.string()), "body_hash": pa.array(c[3], pa.int64()),
                          "shape_hash": pa.array(c[4], pa.int64())})
            con.register("_ingest_defrows", t)
            con.execute("INSERT INTO ingest_defs SELECT * FROM _ingest_defrows")
            con.unregister("_ingest_defrows")
        if op:
            c = list(zip(*op))
            t = pa.table({"path": pa.array(c[0], pa.string()), "e": pa.array(c[1], pa.string()),
                          "a": pa.array(c[2], pa.string()), "vt": pa.array(c[3], pa.string()),
                          "v": pa.array(c[4], pa.string()), "valid_from": pa.array(c[5], pa.int64()),
                          "id": pa.array(c[6], pa.int64())})
            con.register("_ingest_op", t)
            con.execute("INSERT INTO ingest_open (path, e, a, vt, v, valid_from, id) SELECT * FROM _ingest_op")
            con.unregister("_ingest_op")
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
        defs_rows: list[tuple] = []
        imp_rows: list[tuple] = []
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
                defs_rows.append((S.def_ident(d.kind, ms, d.qname), p, d.kind, d.name, d.qname,
                                  d.line, d.col, d.end_line, d.end_col))
            lang = language_of(p)
            for im in ex.imports:
                r = resolve(lang, p, im.spec, im.name, self.index)
                if r is None:
                    continue
                target = self._module_ident(r[1]) if r[0] == "internal" else S.external_ident(r[1])
                imp_rows.append((module, target, im.spec, p, im.line, im.col, im.end_line, im.end_col))
        if defs_rows:
            c = list(zip(*defs_rows))
            t = pa.table({n: pa.array(c[i], typ) for i, (n, typ) in enumerate((
                ("entity", pa.string()), ("file", pa.string()), ("kind", pa.string()), ("name", pa.string()),
                ("qualified_name", pa.string()), ("line", pa.int32()), ("col", pa.int32()),
                ("end_line", pa.int32()), ("end_col", pa.int32())))})
            con.register("_ingest_defs", t)
            con.execute("INSERT INTO code_locations SELECT * FROM _ingest_defs")
            con.unregister("_ingest_defs")
        if imp_rows:
            c = list(zip(*imp_rows))
            t = pa.table({n: pa.array(c[i], typ) for i, (n, typ) in enumerate((
                ("module", pa.string()), ("target", pa.string()), ("spec", pa.string()), ("file", pa.string()),
                ("line", pa.int32()), ("col", pa.int32()), ("end_line", pa.int32()), ("end_col", pa.int32())))})
            con.register("_ingest_imps", t)
            con.execute("INSERT INTO import_locations SELECT * FROM _ingest_imps")
            con.unregister("_ingest_imps")
        self.locations_done = True

    # ----------------------------------------------------------------- tags
    def _tag_pass(self) -> dict[str, Any]:
        """Tags are written once each (new tags only), in their own transaction."""
        try:
            tags = list_tags(self.repo)
        except LoreError:
            return {}
        g = self.graph
        with g.lock:
            g.con.execute(SCHEMA_SQL)
            state = g.con.execute("SELECT value FROM ingest_meta WHERE key = 'state'").fetchone()
            if state and state[0] == "3":
                known = {r[0] for r in g.con.execute(SQL["known"]).fetchall() if r[0].startswith(":tag/")}
            else:
                known = {r[0] for r in g.con.execute(SQL["known_tags"]).fetchall()}
        new = [(n, sha, when) for n, sha, when in tags if S.tag_ident(n) not in known]
        if not new:
            return {"tags": len(tags)}
        rows: list[tuple[str, str, str, str, float | None, int]] = []
        for name, sha, when in new:
            e = S.tag_ident(name)
            vf = self._plausible(when) or 0
            rows += [(e, ":entity-type", "k", ":type/tag", None, vf), (e, ":description", "s", f"git tag {name}", None, vf),
                     (e, ":name", "s", name, None, vf), (e, ":tagged-commit", "k", S.commit_ident(sha), None, vf)]
            date = _date_value(when) if when else None
            if date is not None:
                rows.append((e, ":date", *date, vf))
        with g.lock:
            with g.atomic():
                tx, _ = g.begin_tx(f"ingest tags of {os.path.basename(self.repo)}", "ingest")
                first = g.allocate_ids(len(rows))
                g.insert_rows([(first + i, e, a, vt, v, vn, vf, FOREVER, tx, MAX_TX, False, None, 1.0, None)
                               for i, (e, a, vt, v, vn, vf) in enumerate(rows)])
                g.con.register("_ingest_tags", pa.table({"ident": pa.array(
                    sorted({S.tag_ident(n) for n, _s, _w in new}), pa.string())}))
                g.con.execute("INSERT INTO ingest_known SELECT ident FROM _ingest_tags")
                g.con.unregister("_ingest_tags")
        return {"tags": len(tags), "tags_new": len(new)}

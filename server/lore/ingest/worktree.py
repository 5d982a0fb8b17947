"""What one file's current text says, as ingestion would write it at the graph branch's head — for the
working layer (SPEC §5), which lays these facts over history without writing them.

``file_facts(graph, files)`` parses each file with the ingester's extractor and returns, per file, its
structural facts (module, definitions, ``:contains``, ``:depends-on``, ``:calls`` …), its definition and
import locations, and the ids of the facts rows it replaces (the file's own structural rows at the head,
from ``ingest_open``). Idents, import resolution and ignore rules are the ingester's, so a file that is
committed unchanged gives exactly the facts history has. A definition renamed in the text (paired with the
head's as ingestion pairs renames) gets ingestion's rename facts and its old names closed in valid time.
"""

from __future__ import annotations

import hashlib
import logging
import os
import posixpath
import threading
from pathlib import Path
from typing import Any, Callable, NamedTuple

from lore import idents as S
from lore.errors import LoreError
from lore.ingest.extract import MAX_SOURCE_BYTES, extract_source, language_of, looks_binary, too_many_items
from lore.ingest.ignore import Ignore, build_ignore
from lore.ingest.renames import match_renames
from lore.ingest.resolve import PathIndex, resolve_all
from lore.ingest.tsconfig import CONFIG_FILE, MAX_CONFIG_BYTES, Aliases, aliases_of
from lore.ingest.walk import CatFile
from lore.ingest.workspaces import MANIFEST_FILES, MAX_MANIFEST_BYTES, Workspaces, workspaces_of
from lore.sqlfile import first_row, named_statements, scalar
from lore.store.graph import Graph
from lore.store.session import Slot

log = logging.getLogger("lore")

SQL = named_statements(Path(__file__).with_name("worktree.sql"))
# Facts about an entity's history (ingestion writes them per commit); the working layer keeps them.
EVENT_ATTRS = (":introduced-by", ":modified-in", ":renamed-from", ":renamed-to")
# A definition whose text differs from the head's (never written by ingestion: only the working layer has it,
# so rules/edited_decision.sql warns while the edit is uncommitted; a commit of it is :modified-in).
EDITED_ATTR = ":lore/edited"
# A definition renamed in the text: ingestion's own rename facts, laid over history by the layer only.
RENAMED_FROM, RENAMED_TO = ":renamed-from", ":renamed-to"
# A fact's optional sixth element: the end of its valid time (else it is valid from 0 on, for ever). CLOSED: a
# row that was never valid now (its valid time ends where it begins).
CLOSED = 0
_TYPE = {k: f":type/{k}" for k in ("function", "class", "variable", "field")}
MAX_PATH_CHARS = 4096
MAX_OVERLAID_MANIFESTS = 2_000  # manifests a caller may hold in other text than the head's (workspaces.MAX_MEMBERS)


class HeadDefs(NamedTuple):
    """A file's definitions at the head, as ingestion recorded them (``ingest_defs``)."""

    bodies: dict[str, tuple[int, ...]]  # entity -> its text hashes (several definitions of one name: sorted)
    shapes: dict[str, tuple[str, int, str]]  # entity -> (kind, shape hash, qualified name): rename pairing


class HeadIndex:
    """What the graph knows of the files at its branch's ingested head: tracked paths (for import
    resolution), module idents, external dependencies, top-level names per file. Rebuilt when the
    watermark moves."""

    def __init__(self, graph: Graph) -> None:
        self.lock = threading.Lock()
        self.watermark: str | None = None
        self.index = PathIndex()
        self.idents: dict[str, str] = {}
        self.known: set[str] = set()
        self.names: dict[str, list[tuple[str, str]]] = {}
        self.ignore: Ignore = build_ignore()
        self.has_tables = False
        self.seen_tx: int | None = None  # the graph's last transaction when the index was last looked at
        # Per path, the head rows its new text replaces (``_replaced_rows``) and its definitions' text hashes
        # at the head (``_head_bodies``): the same for every keystroke until history moves, so kept for one
        # (last transaction, watermark).
        self.replaced: dict[str, list[int]] = {}
        self.bodies: dict[str, HeadDefs | None] = {}
        self.replaced_at: tuple[int, str | None] | None = None
        self.repo: str | None = None
        self.manifests: list[tuple[str, str, str]] = []  # (path, blob, mode) of the head's workspace manifests
        # the workspaces of the head with other texts of its manifests (the working layer's): by those texts
        self.overlaid: tuple[tuple[tuple[str, str | None], ...], Workspaces] | None = None

    def refresh(self, graph: Graph) -> None:
        # Ingestion moves the watermark (and makes its tables) only in a transaction of its own: while the
        # graph's last transaction stays, the index stays too, without a query (every keystroke asks).
        tx = graph.newest_tx()
        if tx == self.seen_tx and self.has_tables and self.watermark is not None:
            return
        con = graph.con
        has = scalar(con.execute(SQL["has_tables"])) == 4
        wm = scalar(con.execute(SQL["watermark"])) if has else None
        self.seen_tx = tx
        if has == self.has_tables and wm == self.watermark and (wm is not None or not has):
            return
        self.has_tables, self.watermark = has, wm
        self.index, self.idents, self.known, self.names = PathIndex(), {}, set(), {}
        if not has:
            return
        for (path,) in con.execute(SQL["tracked_paths"]).fetchall():
            self.index.add(path)
        self.idents = dict(con.execute(SQL["idents"]).fetchall())
        self.known = {r[0] for r in con.execute(SQL["known"]).fetchall()}
        for file, name, entity in con.execute(SQL["top_level_names"]).fetchall():
            self.names.setdefault(file, []).append((name, entity))
        repo = (first_row(con.execute(SQL["repo"])) or [None])[0]
        self.ignore = build_ignore(_loreignore(repo))
        tracked = con.execute(SQL["tracked_files"]).fetchall()
        self.index.aliases = _aliases(repo, tracked)
        self.index.workspaces = _workspaces(repo, tracked)
        self.repo = repo
        self.manifests = [f for f in tracked if posixpath.basename(f[0]) in MANIFEST_FILES]
        self.overlaid = None

    def workspaces_with(self, texts: dict[str, bytes | None]) -> Workspaces:
        """The head's workspaces with these texts of its manifests (None: deleted; a path the head lacks: added),
        as ingestion would read them were they committed."""
        key = tuple(sorted((p, None if t is None else hashlib.sha256(t).hexdigest()) for p, t in texts.items()))
        if self.overlaid is not None and self.overlaid[0] == key:
            return self.overlaid[1]
        files = [f for f in self.manifests if f[0] not in texts]
        own: dict[str, bytes] = {}
        for p, t in texts.items():
            if t is not None:
                own[f"layer:{p}"] = t  # never a git object id: workspaces_of keeps no parse of it
                files.append((p, f"layer:{p}", "100644"))
        found = _workspaces(self.repo, files, own) if files else Workspaces()
        self.overlaid = (key, found)
        return found

    def module_of(self, path: str) -> str:
        return self.idents.get(path) or S.module_ident(path)


def _aliases(repo: str | None, files: list[tuple[str, str, str]]) -> dict[str, Aliases]:
    """The head's tsconfig path aliases, read from git's blobs as ingestion read them (never the work tree:
    a config file there may be a symlink out of it)."""
    if not repo or not any(CONFIG_FILE.match(posixpath.basename(p)) for p, _b, _m in files):
        return {}
    try:
        with CatFile(repo) as cat:
            return aliases_of(files, lambda blob: cat.read(blob, MAX_CONFIG_BYTES), lambda mode: mode.startswith("100"))
    except Exception:  # the working layer resolves without aliases rather than not at all
        log.exception("tsconfig path aliases not read")
        return {}


def _workspaces(repo: str | None, files: list[tuple[str, str, str]], own: dict[str, bytes] | None = None
                ) -> Workspaces:
    """The head's workspace packages, read from git's blobs as ingestion read them (never the work tree);
    ``own``: the bytes of the blobs that are no git object (the working layer's texts of manifests)."""
    if not repo or not any(posixpath.basename(p) in MANIFEST_FILES for p, _b, _m in files):
        return Workspaces()
    texts = own or {}
    try:
        with CatFile(repo) as cat:
            return workspaces_of(files, lambda blob: texts[blob] if blob in texts else cat.read(blob, MAX_MANIFEST_BYTES),
                                 lambda mode: mode.startswith("100"))
    except Exception:  # the working layer resolves without them rather than not at all
        log.exception("workspace packages not read")
        return Workspaces()


_digests: dict[int, tuple[Workspaces, str]] = {}


def _digest_of(ws: Workspaces) -> str:
    """A short digest of what a set of workspaces says (kept for the last few: every keystroke asks)."""
    hit = _digests.get(id(ws))
    if hit is not None and hit[0] is ws:
        return hit[1]
    if len(_digests) > 8:
        _digests.clear()
    digest = hashlib.blake2b(repr(ws).encode(), digest_size=8).hexdigest()
    _digests[id(ws)] = (ws, digest)
    return digest


def _loreignore(repo: str | None) -> str | None:
    if not repo:
        return None
    p = Path(repo) / ".loreignore"
    try:
        if p.is_file() and not p.is_symlink() and p.stat().st_size < 1_000_000:
            return p.read_text("utf-8", "replace")
    except OSError:
        return None
    return None


HEAD: Slot[HeadIndex] = Slot("ingest.head-index", HeadIndex)


def clean_path(path: Any) -> str:
    """A repository-relative path as ingestion keys files (``a/b.py``), or a LoreError."""
    if not isinstance(path, str) or not path.strip() or len(path) > MAX_PATH_CHARS or "\x00" in path:
        raise LoreError("bad-path", "path must be a non-empty repository-relative path")
    # Only this system's separator is one: a backslash is part of a git path on POSIX (and how ingestion
    # writes a name's bytes that are not UTF-8, ``\\xe9``), never a folder break.
    p = posixpath.normpath(path.replace(os.sep, "/"))
    if p.startswith("/") or p == ".." or p.startswith("../") or p == ".":
        raise LoreError("bad-path", f"{path[:200]!r} is not inside the work tree")
    return p


def _as_bytes(text: Any) -> bytes | None:
    if text is None:
        return None
    if isinstance(text, str):
        return text.encode("utf-8", "surrogatepass")
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    raise LoreError("bad-text", "text must be a string")


def file_facts(graph: Graph, files: object, manifests: object = None) -> dict[str, Any]:
    """``files``: ``[{"path": "src/a.py", "text": "…" | None}]`` (None: the file is deleted); ``manifests``: the
    same for other workspace manifests (Cargo.toml …) the caller holds in other text than the head's: the
    imports of ``files`` resolve through them (a crate's renamed dependency in an unsaved Cargo.toml)."""
    if not isinstance(files, list) or not isinstance(manifests, (list, type(None))):
        raise LoreError("bad-params", "files must be a list of {path, text}")
    head = graph.session.get(HEAD)
    with head.lock:
        with graph.lock:
            head.refresh(graph)
        items = []
        for f in files:
            if not isinstance(f, dict):
                raise LoreError("bad-params", "each file is an object {path, text}")
            items.append((clean_path(f.get("path")), _as_bytes(f.get("text"))))
        texts: dict[str, bytes | None] = {}
        for f in [*(manifests or [])[:MAX_OVERLAID_MANIFESTS], *({"path": p, "text": d} for p, d in items)]:
            if not isinstance(f, dict):
                raise LoreError("bad-params", "each manifest is an object {path, text}")
            p = clean_path(f.get("path"))
            if posixpath.basename(p) in MANIFEST_FILES:
                texts[p] = _as_bytes(f.get("text"))
        # Files the layer adds resolve as imports while it holds them.
        added = [p for p, data in items if data is not None and p not in head.index.paths]
        for p in added:
            head.index.add(p)
        bodies = _head_bodies(graph, [p for p, data in items if data is not None])
        workspaces = head.index.workspaces
        if texts:  # resolved through the manifests as the caller has them
            head.index.workspaces = head.workspaces_with(texts)
        resolved_through = _digest_of(head.index.workspaces)
        try:
            out = [_one(head, p, data, bodies.get(p)) for p, data in items]
        finally:
            head.index.workspaces = workspaces
            for p in added:
                head.index.remove(p)
        replaced = _replaced_rows(graph, [o["path"] for o in out])
        for o in out:
            o["replaces"] = replaced.get(o["path"], [])
    # what the imports resolved through: a caller holding manifests re-reads its other files only when it moves
    return {"ok": True, "watermark": head.watermark, "files": out, "workspaces": resolved_through}


def _per_path(graph: Graph, paths: list[str], held: Callable[[HeadIndex], dict[str, Any]],
              load: Callable[[HeadIndex, list[str]], dict[str, Any]]) -> dict[str, Any]:
    """Per path, what ``load`` says of it at the head, looked up once per path while history stays (the same
    for every keystroke; forgotten when the graph's last transaction or the watermark moves, or the answers
    grow large). ``held``: the head index's answers of that kind."""
    head = graph.session.get(HEAD)
    if not paths or not head.has_tables:
        return {}
    with graph.lock:
        at = (graph.newest_tx(), head.watermark)
        if head.replaced_at != at or len(head.replaced) > 10_000 or len(head.bodies) > 10_000:
            head.replaced, head.bodies, head.replaced_at = {}, {}, at
        answers = held(head)
        todo = sorted({p for p in paths if p not in answers})
        if todo:
            answers.update(load(head, todo))
        return {p: answers[p] for p in paths}


def _replaced_rows(graph: Graph, paths: list[str]) -> dict[str, list[int]]:
    """Per path, the ids of the head rows its new text replaces (a look-up reads ingestion's open rows: some
    10 ms on every keystroke on ipython/ipython, hence once per path while history stays)."""
    def load(head: HeadIndex, todo: list[str]) -> dict[str, Any]:
        found: dict[str, list[int]] = {p: [] for p in todo}
        for path, ident in graph.con.execute(SQL["replaced"], {"paths": todo, "events": list(EVENT_ATTRS)}
                                             ).fetchall():
            found[path].append(ident)
        return found

    got = _per_path(graph, paths, lambda head: head.replaced, load)
    return {p: list(ids) for p, ids in got.items() if ids}


def _head_bodies(graph: Graph, paths: list[str]) -> dict[str, HeadDefs | None]:
    """Per path, its definitions at the head by entity (ingestion's ``ingest_defs``): their text hashes, what
    it compares a changed file's definitions with for :modified-in (several definitions of one name give
    their hashes sorted), and their kinds and shapes, what it pairs a vanished definition with a new one by
    for a rename; None for a path whose definitions the graph does not hold (a file new in the layer, or one
    ingestion never recorded): then no definition of it counts as edited or renamed."""
    def load(head: HeadIndex, todo: list[str]) -> dict[str, Any]:
        found: dict[str, dict[str, list[int]]] = {}
        shapes: dict[str, dict[str, tuple[str, int, str]]] = {}
        if scalar(graph.con.execute(SQL["has_defs"])):
            slugs: dict[str, str] = {}
            for path, kind, qname, body, shape in graph.con.execute(SQL["head_bodies"], {"paths": todo}).fetchall():
                per = found.setdefault(path, {})
                if kind in _TYPE:  # kind '-': a file known to have no definitions
                    mslug = slugs.get(path) or slugs.setdefault(path, head.module_of(path).split("/", 1)[1])
                    e = S.def_ident(kind, mslug, qname)
                    per.setdefault(e, []).append(body)
                    shapes.setdefault(path, {})[e] = (kind, shape, qname)  # one ident, one shape: the last, as ingestion
        return {p: None if p not in found else
                HeadDefs({e: tuple(sorted(hs)) for e, hs in found[p].items()}, shapes.get(p, {})) for p in todo}

    return _per_path(graph, paths, lambda head: head.bodies, load)


def _unless_only_line_endings(lang: str, data: bytes, mslug: str, changed: list[str],
                              head_bodies: dict[str, tuple[int, ...]]) -> list[str]:
    """Of ``changed``, those still changed with the text's CRLFs read as LFs: a work tree checked out with
    ``core.autocrlf`` (Windows) has CRLF where the head's blobs have LF, and every definition of such a file
    would read as edited. Parsed a second time, only for a CRLF file in which something looked edited."""
    try:
        ex = extract_source(lang, data.replace(b"\r\n", b"\n"))
    except Exception:  # noqa: BLE001 - the first parse succeeded; keep its reading
        return changed
    lf: dict[str, list[int]] = {}
    for d in ex.defs:
        lf.setdefault(S.def_ident(d.kind, mslug, d.qname), []).append(d.body_hash)
    return [e for e in changed if head_bodies[e] != tuple(sorted(lf.get(e, ())))]


def _lf_defs(lang: str, data: bytes, mslug: str, path: str, shapes: dict[str, Any], bodies: dict[str, list[int]]
             ) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """A CRLF text's definitions' shapes and text hashes with its CRLFs read as LFs (a work tree checked out
    with ``core.autocrlf``), for pairing renames with the head's; the text's own when it cannot be parsed."""
    try:
        ex = extract_source(lang, data.replace(b"\r\n", b"\n"))
    except Exception:  # noqa: BLE001 - the first parse succeeded; keep its reading
        return shapes, bodies
    lf_shapes: dict[str, Any] = {}
    lf_bodies: dict[str, list[int]] = {}
    for d in ex.defs:
        e = S.def_ident(d.kind, mslug, d.qname)
        lf_shapes[e] = (d.kind, d.shape_hash, path, d.qname, d.end_line - d.line < 2)
        lf_bodies.setdefault(e, []).append(d.body_hash)
    return lf_shapes, lf_bodies


def _one(head: HeadIndex, path: str, data: bytes | None, at_head: HeadDefs | None = None) -> dict[str, Any]:
    module = head.module_of(path)
    lang = language_of(path)
    res: dict[str, Any] = {"path": path, "module": module, "language": lang, "parsed": False,
                           "facts": [], "definitions": [], "imports": [], "names": []}
    if posixpath.basename(path) in MANIFEST_FILES:
        res["manifest"] = True  # the caller's other files resolve their imports through its text
    if data is None:
        res["reason"] = "deleted"
        return res
    if head.ignore(path):
        res["reason"] = "ignored"
        return res
    facts = res["facts"]
    facts += [[module, ":entity-type", "k", ":type/module", None], [module, ":description", "s", path, None],
              [module, ":path", "s", path, None]]
    if lang:
        facts.append([module, ":language", "s", lang, None])
    if lang is None:
        res["reason"] = "language"
        return res
    if len(data) > MAX_SOURCE_BYTES:
        res["reason"] = "too-large"
        return res
    if looks_binary(data):
        res["reason"] = "binary"
        return res
    try:
        ex = extract_source(lang, data, remember=True)  # an editor's anchors parse the same text next
    except Exception as exc:  # noqa: BLE001 - a parser failure leaves the module without structure
        log.warning("parsing %s failed: %s: %s", path, type(exc).__name__, exc)
        res["reason"] = "parse-failed"
        return res
    if too_many_items(ex.defs, ex.imports, ex.calls, path):
        res["reason"] = "too-many-items"
        return res
    res["parsed"] = True
    if ex.errors:
        res["syntax_errors"] = True  # tree-sitter recovered; what it found is kept, as ingestion does
    mslug = module.split("/", 1)[1]
    by_name: dict[str, list[str]] = {}
    seen: set[str] = set()
    bodies: dict[str, list[int]] = {}
    shapes: dict[str, tuple[str, int, str, str, bool]] = {}
    for d in ex.defs:
        e = S.def_ident(d.kind, mslug, d.qname)
        res["definitions"].append([e, path, d.kind, d.name, d.qname, d.line, d.col, d.end_line, d.end_col])
        bodies.setdefault(e, []).append(d.body_hash)
        shapes[e] = (d.kind, d.shape_hash, path, d.qname, d.end_line - d.line < 2)
        if e in seen:
            continue
        seen.add(e)
        res["names"].append(d.qname)
        facts += [[module, ":contains", "k", e, None], [e, ":entity-type", "k", _TYPE[d.kind], None],
                  [e, ":name", "s", d.name, None], [e, ":qualified-name", "s", d.qname, None],
                  [e, ":description", "s", d.qname, None], [e, ":file", "s", path, None]]
        if d.kind == "field":
            owner = d.qname.rsplit(".", 1)[0]
            facts += [[e, ":class", "k", S.def_ident("class", mslug, owner), None],
                      [e, ":static", "b", "true" if d.static else "false", None]]
        if d.kind in ("function", "class"):
            by_name.setdefault(d.name, []).append(e)
            by_name.setdefault(d.qname, []).append(e)
    if at_head is not None:
        head_bodies = at_head.bodies
        # Edited: the definition's text (ingestion's hash of it) differs from the head's; lines moved around
        # it are no edit, and a definition the head does not have is new, not edited.
        changed = [e for e, hs in bodies.items()
                   if (before := head_bodies.get(e)) is not None and before != tuple(sorted(hs))]
        if changed and b"\r\n" in data:
            changed = _unless_only_line_endings(lang, data, mslug, changed, head_bodies)
        # Renamed: a definition the head has and the text does not, paired with one the text has and the
        # head does not by ingestion's own rule (same kind and shape, unambiguous, members following their
        # class), is that definition under its new name: ingestion's rename facts, and edited when its text
        # differs from the old one's (a renamed function's does: its name is in it; a member that only
        # followed its class does not).
        gone = {e: (k, sh, path, q) for e, (k, sh, q) in at_head.shapes.items() if e not in bodies}
        new = {e: info for e, info in shapes.items() if e not in head_bodies}
        if gone and new and b"\r\n" in data:  # shapes and texts as the head's LF blobs have them
            shapes, bodies = _lf_defs(lang, data, mslug, path, shapes, bodies)
            new = {e: info for e, info in shapes.items() if e not in head_bodies}
        for olde, newe, _path in match_renames(gone, new) if gone and new else ():
            facts += [[newe, RENAMED_FROM, "k", olde, None], [olde, RENAMED_TO, "k", newe, None]]
            # The old definition's names, which the layer hides with the file's head rows, as ingestion leaves
            # a renamed definition's: closed in valid time (never valid now), so the memory linker finds a
            # memory that names it and follows the rename to the new one, as it does in history.
            qname = at_head.shapes[olde][2]
            facts += [[olde, ":name", "s", qname.rsplit(".", 1)[-1], None, CLOSED],
                      [olde, ":qualified-name", "s", qname, None, CLOSED], [olde, ":file", "s", path, None, CLOSED]]
            if head_bodies.get(olde) != tuple(sorted(bodies[newe])):
                changed.append(newe)
        facts += [[e, EDITED_ATTR, "b", "true", None] for e in changed]
    targets: list[str] = []
    deps: set[str] = set()
    for im in ex.imports:
        for kind, what in resolve_all(lang, path, im.spec, im.name, head.index):
            if kind == "internal":
                if what == path:
                    continue
                target = head.module_of(what)
                targets.append(what)
            else:
                target = S.external_ident(what)
                if target not in head.known and target not in deps and target not in head.idents.values():
                    facts += [[target, ":entity-type", "k", ":type/external-dependency", None],
                              [target, ":description", "s", what, None], [target, ":name", "s", what, None]]
            res["imports"].append([module, target, im.spec, path, im.line, im.col, im.end_line, im.end_col])
            if target not in deps:
                deps.add(target)
                facts.append([module, ":depends-on", "k", target, None])
    imported: dict[str, list[str]] | None = None
    calls: set[tuple[str, str]] = set()
    for caller, callee in ex.calls:
        hits = by_name.get(callee)
        if not hits:
            if imported is None:
                imported = {}
                for tp in dict.fromkeys(targets):
                    for n, e in head.names.get(tp, ()):
                        imported.setdefault(n, []).append(e)
            hits = imported.get(callee)
        if not hits or len(set(hits)) != 1:
            continue
        src = S.def_ident("function", mslug, caller) if caller else module
        if src != hits[0]:
            calls.add((src, hits[0]))
    facts += [[a, ":calls", "k", b, None] for a, b in sorted(calls)]
    return res

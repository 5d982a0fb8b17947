"""Composed warnings as the editor and the CLI see them (docs/ARCHITECTURE.md "Warnings").

Warning rules store each warning as an inferred fact ``[entity :lore/warning "<json>"]`` (so an
``:as-of`` query sees the warnings of any past moment). Reading them resolves each anchor against the
code locations of the newest ingested commit, drops warnings under the confidence threshold and the
dismissed ones (``[:warning/<id> :lore/dismissed true]``, a user fact), and sorts by file and line.
"""

from __future__ import annotations

import importlib.resources
import json
import logging
import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes, urlparse

import duckdb

from lore import operations
from lore.errors import LoreError
from lore.inference.rulefile import WARNING_ATTR, Rule, all_rules
from lore.query.labels import IDENT_RE, humanise, label_of, slot_idents
from lore.query.labels import SQL as LABELS_SQL
from lore.sqlfile import first_row, named_statements, scalar
from lore.store.graph import MAX_TX, Graph
from lore.store.values import Value
from lore.timeutil import now_micros

log = logging.getLogger("lore")

DEFAULT_THRESHOLD = 0.5
DISMISSED_ATTR = ":lore/dismissed"
WARNING_ID_RE = re.compile(r"^[a-z][a-z0-9\-]{0,80}-[0-9a-f]{12}$")
MAX_PATH_CHARS = 4096


def warning_entity(wid: str) -> str:
    return f":warning/{wid}"


def dismissed_rows(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int]]:
    """Every believed dismissal: (its :warning/<id> entity, the end of its validity)."""
    return con.execute(
        f"SELECT e, valid_to FROM facts WHERE a = ? AND tx_to = {MAX_TX} AND NOT inferred AND vt = 'b' "
        f"AND v = 'true'", [DISMISSED_ATTR]).fetchall()


def dismissed_ids(con: duckdb.DuckDBPyConnection, rows: list[tuple[str, int]] | None = None) -> set[str]:
    """The ids of the warnings dismissed now (``rows``: dismissed_rows, when the caller holds them)."""
    now = now_micros()
    return {e.split("/", 1)[1] for e, valid_to in (dismissed_rows(con) if rows is None else rows)
            if valid_to > now and "/" in e}


def normalise_file(file: str | None, uri: str | None) -> str | None:
    """A file parameter as given (relative to the repository root, or absolute), or a ``file://`` URI."""
    if uri is not None:
        if not isinstance(uri, str):
            raise LoreError("bad-params", "uri must be a string")
        parsed = urlparse(uri)
        if parsed.scheme != "file":
            raise LoreError("bad-params", f"uri must be a file:// URI, got {uri[:100]!r}")
        # a name whose bytes are not UTF-8 as ingestion writes it (caf%E9.py -> caf\\xe9.py), not U+FFFD
        file = unquote_to_bytes(parsed.path).decode("utf-8", "backslashreplace")
    if file is None:
        return None
    if not isinstance(file, str):
        raise LoreError("bad-params", "file must be a string")
    if not file.strip() or len(file) > MAX_PATH_CHARS or "\x00" in file:
        raise LoreError("bad-params", "file must be a non-empty path")
    f = file.strip().replace(os.sep, "/")  # a backslash is part of a POSIX path (and of the \\xNN form)
    while f.startswith("./"):
        f = f[2:]
    return f


def _file_matches(wanted: str, file: str | None) -> bool:
    if not file:
        return False
    if wanted == file:
        return True
    # An absolute path (an editor's URI) matches the repository-relative path it ends with.
    return wanted.startswith("/") and wanted.endswith("/" + file)


SQL = named_statements(Path(__file__).with_name("warnings.sql"))
# Up to this many warnings, one file's warnings are found by locating every warning (three batched look-ups
# the file's own warnings need anyway); above it, by first asking which anchors are in the file.
LOCATE_ALL_UNDER = 256


_FROM_FACTS = "\n  FROM facts\n"  # where naming_summary reads (labels.sql)


class _Locator:
    """Finds where anchors are in the newest ingested code (ingestion's side tables, when present).
    Lookups are batched: one query per table for a whole set of anchors, never one per warning."""

    def __init__(self, con: duckdb.DuckDBPyConnection,
                 entity_facts: Callable[[list[str]], str | None] | None = None,
                 tables: set[str] | None = None) -> None:
        self.con = con
        # A store that keeps every current row of some entities in a small relation (the working layer's
        # context) says which, for the entities asked: naming look-ups then read it instead of history.
        self._entity_facts = entity_facts
        # ``tables``: which of ingestion's location tables the store has, when it knows (the working layer
        # opens only over a graph that has both).
        have = tables if tables is not None else {r[0] for r in con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE NOT temporary "
            "AND table_name IN ('code_locations', 'import_locations')").fetchall()}
        self.has_code = "code_locations" in have
        self.has_imports = "import_locations" in have
        self._defs: dict[str, dict[str, Any] | None] = {}
        self._imps: dict[tuple[str, str], dict[str, Any] | None] = {}
        # entity -> attribute -> (label value, latest string value, its valid_from, least string value)
        self._naming: dict[str, dict[str, tuple[Any, Any, Any, Any]]] = {}

    def prefetch_naming(self, entities: set[str]) -> None:
        """The naming facts of these entities (labels, paths, descriptions), in one look-up for all of them:
        each look-up of entities scans history's facts."""
        todo = sorted(e for e in entities if isinstance(e, str) and e not in self._naming and IDENT_RE.match(e))
        if not todo:
            return
        for e in todo:
            self._naming[e] = {}
        sql = LABELS_SQL["naming_summary"]
        relation = self._entity_facts(todo) if self._entity_facts is not None else None
        if relation is not None and _FROM_FACTS in sql:
            sql = sql.replace(_FROM_FACTS, f"\n  FROM {relation}\n")
        for e, a, v, latest, latest_from, least in self.con.execute(sql, {"entities": todo}).fetchall():
            self._naming[e][a] = (v, latest, latest_from, least)

    def naming(self, entity: str) -> dict[str, str]:
        """The entity's naming facts as lore.query.labels reads them (attribute -> value)."""
        self.prefetch_naming({entity})
        return {a: row[0] for a, row in self._naming.get(entity, {}).items()}

    def path(self, entity: str) -> str | None:
        """The latest :path or :file string of an entity (a module, a file)."""
        self.prefetch_naming({entity})
        best = None
        for a in (":path", ":file"):
            row = self._naming.get(entity, {}).get(a)
            if row is not None and row[2] is not None and (best is None or row[2] > best[0]):
                best = (row[2], row[1])
        return best[1] if best is not None else None

    def description(self, entity: str) -> str | None:
        self.prefetch_naming({entity})
        row = self._naming.get(entity, {}).get(":description")
        return row[3] if row is not None else None

    def prefetch_imports(self, pairs: set[tuple[str, str]]) -> None:
        pairs = {p for p in pairs if p not in self._imps}
        if not pairs:
            return
        for p in pairs:
            self._imps[p] = None
        if not self.has_imports:
            return
        mods, targets = zip(*sorted(pairs))
        for m, t, file, line, col, end_line, end_col, spec in self.con.execute(
                SQL["imports"], {"modules": list(mods), "targets": list(targets)}).fetchall():
            self._imps[(m, t)] = {"file": file, "line": line, "column": col, "end_line": end_line,
                                  "end_column": end_col, "kind": "import", "name": spec}

    def prefetch_definitions(self, entities: set[str]) -> None:
        todo = sorted(e for e in entities if e not in self._defs)
        if not todo:
            return
        for e in todo:
            self._defs[e] = None
        if self.has_code:
            for e, file, line, col, end_line, end_col, kind, name in self.con.execute(
                    SQL["definitions"], {"entities": todo}).fetchall():
                self._defs[e] = {"file": file, "line": line, "column": col, "end_line": end_line,
                                 "end_column": end_col, "kind": kind, "name": name}
        rest = [e for e in todo if self._defs[e] is None]
        if rest:
            self.prefetch_naming(set(rest))
            for e in rest:
                path = self.path(e)
                if path is not None:
                    self._defs[e] = {"file": path, "line": 1, "column": 0, "end_line": 1, "end_column": 0,
                                     "kind": "module" if e.startswith(":module/") else None, "name": path}

    def definition(self, entity: str) -> dict[str, Any] | None:
        self.prefetch_definitions({entity})
        return self._defs[entity]

    def import_of(self, module: str, target: str) -> dict[str, Any] | None:
        self.prefetch_imports({(module, target)})
        return self._imps[(module, target)]

    def rows_for_file(self, wanted: str, params: dict[str, Any]) -> list[tuple]:
        """The stored warning rows whose anchor entity has some location in the wanted file."""
        hits = [SQL["hit_paths"]]
        if self.has_code:
            hits.append(SQL["hit_code"])
        if self.has_imports:
            hits.append(SQL["hit_imports"])
        sql = SQL["stored_for_file"].replace("{hits}", "\n UNION \n".join(hits))
        return self.con.execute(sql, {**params, "wanted": wanted}).fetchall()


def warning_ids(graph: Graph, *, threshold: float = DEFAULT_THRESHOLD) -> list[str]:
    """The ids of the warnings ``warnings(graph)`` lists, without composing them (no locations, labels or
    journal look-ups): what ``lore check`` needs of history to tell a new warning from one it already had."""
    cur = graph.cursor()
    try:
        rows = cur.execute(SQL["stored"], {"attr": WARNING_ATTR, "now": now_micros(), "threshold": threshold}
                           ).fetchall()
        gone = dismissed_ids(cur)
    finally:
        cur.close()
    out: set[str] = set()
    for row in rows:
        try:
            doc = json.loads(row[2])
        except ValueError:
            continue
        wid = doc.get("id") if isinstance(doc, dict) else None
        if wid and wid not in gone:
            out.add(str(wid))
    return sorted(out)


def warnings(graph: Graph, file: str | None = None, *, threshold: float = DEFAULT_THRESHOLD,
             include_dismissed: bool = False, con: duckdb.DuckDBPyConnection | None = None,
             rules: list[Rule] | None = None, locate_all_under: int = LOCATE_ALL_UNDER) -> list[dict[str, Any]]:
    """The composed warnings the graph holds now, for one file (repository-relative, or an absolute path
    ending in one) or all, in the shape docs/ARCHITECTURE.md gives. ``locate_all_under``: how one file's
    warnings are found (the same answer either way; see LOCATE_ALL_UNDER)."""
    if con is None:
        # Its own connection: the scheduler's thread may be writing on the graph's at this moment.
        cur = graph.cursor()
        try:
            return warnings(graph, file, threshold=threshold, include_dismissed=include_dismissed, con=cur,
                            rules=rules, locate_all_under=locate_all_under)
        finally:
            cur.close()
    wanted = normalise_file(file, None) if file is not None else None
    if rules is None:
        rules = all_rules(graph.path)[0]
    by_name = {r.name: r for r in rules}
    params = {"attr": WARNING_ATTR, "now": now_micros(), "threshold": threshold}
    # A store that remembers what only history's transactions change (the working layer's view, while
    # history stays) answers the location tables it has and the dismissals; any other store is asked.
    known_tables = getattr(graph, "location_tables", None)
    known_dismissals = getattr(graph, "dismissed_rows", None)
    locate = _Locator(con, getattr(graph, "entity_facts", None), known_tables() if known_tables else None)
    # One file: when the warnings are few, each is located (the look-ups the file's own warnings need
    # anyway, batched) and those elsewhere are dropped below; when they are many, only the warnings anchored
    # on something located in the file are read (each look-up of anchors scans history's facts once).
    if wanted is None:
        rows = con.execute(SQL["stored"], params).fetchall()
    else:
        rows = con.execute(SQL["stored_json"], {**params, "cap": locate_all_under + 1}).fetchall()
        if len(rows) > locate_all_under:
            rows = locate.rows_for_file(wanted, params)
    gone = set() if include_dismissed else dismissed_ids(con, known_dismissals() if known_dismissals else None)
    found: list[tuple[tuple, dict[str, Any], dict[str, Any] | None]] = []
    for row in rows:
        try:
            doc = json.loads(row[2])
        except ValueError:
            log.warning("warning row %s is not JSON; skipped", row[0])
            continue
        if not isinstance(doc, dict):
            log.warning("warning row %s is not a JSON object; skipped", row[0])
            continue
        wid = doc.get("id")
        if not wid or wid in gone:
            continue
        anchor = doc.get("anchor")
        found.append((row, doc, anchor if isinstance(anchor, dict) and anchor else None))

    def anchor_entity(anchor: dict[str, Any], entity: str) -> str:
        # as warnings.sql's stored_for_file reads it: the anchor's entity, else the warning's own
        e = anchor.get("entity")
        return e if isinstance(e, str) and e else entity

    def is_import(anchor: dict[str, Any]) -> bool:
        return anchor.get("kind") == "import" and isinstance(anchor.get("target"), str) and bool(anchor["target"])

    # One file whose every location the store holds apart (the working layer's file): only the warnings whose
    # anchor has a definition or the import in it, or whose anchor's path is it, can be located there; the
    # others are dropped before anything of them is looked up (a warning is located at its anchor's first
    # import, else its first definition, else its path).
    in_file = getattr(graph, "file_locations", None)
    held = in_file(wanted) if in_file is not None and wanted is not None else None
    if held is not None and wanted is not None:
        defs, imps = held
        placed = [(x, a, anchor_entity(a, x[0][1])) for x in found if (a := x[2])]
        undecided = [(x, e) for x, a, e in placed if e not in defs
                     and not (is_import(a) and (e, a["target"]) in imps)]
        locate.prefetch_naming({e for _, e in undecided})
        elsewhere = {id(x) for x, e in undecided if not _file_matches(wanted, locate.path(e))}
        found = [x for x, _, _ in placed if id(x) not in elsewhere]

    # The naming facts of everything the warnings name (anchors, related memories, slots), in one look-up.
    named: set[str] = set()
    for row, doc, a in found:
        named.add(row[1])
        if a:
            named.add(anchor_entity(a, row[1]))
        named |= {r for r in doc.get("related") or [] if isinstance(r, str)}
        given = doc.get("slots")
        for v in (given.values() if isinstance(given, dict) else ()):
            named |= slot_idents(v)
    locate.prefetch_naming(named)
    # Batched: every import anchor in one query, then every definition still needed in one (or two).
    locate.prefetch_imports({(anchor_entity(a, row[1]), a["target"])
                             for row, _, a in found if a and is_import(a)})
    locate.prefetch_definitions({anchor_entity(a, row[1]) for row, _, a in found if a and (
        not is_import(a) or locate.import_of(anchor_entity(a, row[1]), a["target"]) is None)})
    out: list[dict[str, Any]] = []
    docs: list[tuple[dict[str, Any], Any]] = []
    for (_id, entity, _v, rule_name, conf, prov), doc, anchor in found:
        rule = by_name.get(rule_name)
        w: dict[str, Any] = {
            "id": doc["id"], "rule": rule_name, "code": rule.code if rule else rule_name,
            "message": doc.get("message", ""), "confidence": round(conf, 4),
            "severity": rule.severity if rule else "warning", "entity": entity,
        }
        loc = None
        if anchor:
            if is_import(anchor):
                loc = locate.import_of(anchor_entity(anchor, entity), anchor["target"])
            if loc is None:
                loc = locate.definition(anchor_entity(anchor, entity))
        if loc is not None:
            w.update(file=loc["file"], line=loc["line"], column=loc["column"], end_line=loc["end_line"],
                     end_column=loc["end_column"])
            w["anchor"] = {"kind": loc["kind"] if loc["kind"] in ("import", "module") else "definition",
                           "name": loc["name"]}
        if wanted is not None and not _file_matches(wanted, w.get("file")):
            continue
        out.append(w)
        docs.append((doc, prov))
    locate.prefetch_definitions({r for doc, _ in docs for r in doc.get("related") or [] if isinstance(r, str)})
    for w, (doc, prov) in zip(out, docs):
        related = []
        for r in doc.get("related") or []:
            item: dict[str, Any] = {"entity": r}
            rl = locate.definition(r) if isinstance(r, str) else None
            if rl is not None:
                item.update(file=rl["file"], line=rl["line"])
            related.append(item)
        w["related"] = related
        w["provenance"] = list(prov or [])
    for w in out:
        for r in w["related"]:
            r["message"] = locate.description(r["entity"]) or r["entity"]
    _in_their_words(graph, con, out, [doc for doc, _ in docs], by_name, locate)
    out.sort(key=lambda w: (w.get("file") or "\uffff", w.get("line") or 0, w["rule"], w["id"]))
    return out


CODE_NS = (":function", ":class", ":variable", ":field", ":method")


def rule_uri(rule: Rule | None) -> str | None:
    """A file: URI of the rule's own file (its header says what it concludes and why): inside the installed
    package for a built-in rule, in the repository's .lore/rules/ for a workspace rule."""
    if rule is None or not rule.path:
        return None
    p = Path(rule.path)
    if rule.origin == "builtin":
        p = Path(str(importlib.resources.files("lore.builtin_rules"))) / p.name
    try:
        return p.resolve().as_uri()
    except (OSError, ValueError):
        return None


def _in_their_words(graph: Graph, con: duckdb.DuckDBPyConnection, out: list[dict[str, Any]],
                    docs: list[dict[str, Any]], by_name: dict[str, Rule], locate: _Locator) -> None:
    """Each warning's message rendered with files, symbols and memories as people name them (the rule's
    template over labelled slots); the idents stay in ``slots``, ``entity`` and ``related``. Related
    memories with no place in the code point at the journal entry that recorded them."""
    idents: set[str] = set()
    for w, doc in zip(out, docs):
        idents.add(w["entity"])
        given = doc.get("slots")
        slots = given if isinstance(given, dict) else {}
        for v in slots.values():
            idents |= slot_idents(v)
    locate.prefetch_naming(idents)
    names = {i: label_of(i, locate.naming(i)) for i in sorted(idents) if isinstance(i, str) and IDENT_RE.match(i)}
    # Code that no fact names yet (only ingestion's location tables know it): its qualified name and file.
    bare = {i for i, label in names.items() if label == i and i.split("/", 1)[0] in CODE_NS}
    locate.prefetch_definitions(bare)
    for i in bare:
        d = locate.definition(i)
        if d and d.get("name") and d.get("kind") != "module":
            names[i] = f"{d['name']} ({d['file']})" if d.get("file") else d["name"]
    for w, doc in zip(out, docs):
        rule = by_name.get(w["rule"])
        found = doc.get("slots")
        doc_slots = found if isinstance(found, dict) else None
        w["slots"] = {"entity": w["entity"], **(doc_slots or {})}
        if rule is not None and doc_slots is not None:
            ctx = {k: humanise(v, names) for k, v in w["slots"].items()}
            w["message"] = rule.render(ctx)
        uri = rule_uri(rule)
        if uri:
            w["rule_uri"] = uri
    unplaced = sorted({r["entity"] for w in out for r in w["related"] if not r.get("file")})
    if unplaced:
        # A store that remembers journal look-ups (the working layer's view, while history stays) answers.
        remembered = getattr(graph, "journal_locations", None)
        if remembered is not None:
            where = remembered(unplaced)
        else:
            reply = operations.run("journalLocate", graph, {"entities": unplaced})
            where = reply.get("locations") or {} if reply.get("ok") else {}
        for w in out:
            for r in w["related"]:
                loc = where.get(r["entity"])
                if not r.get("file") and isinstance(loc, dict):
                    r.update(file=loc["file"], line=loc["line"], journal=True)


def dismiss(graph: Graph, wid: Any, reason: Any, *, source: str = "cli",
            shown_elsewhere: Callable[[str], bool] | None = None):
    """Record that a warning is dismissed: a user fact, so it never comes back (its id is stable).
    ``shown_elsewhere(id)``: whether a warning history does not hold is shown now (the working layer's, on
    an unsaved or uncommitted import); dismissing it then holds when the change is committed."""
    if not isinstance(wid, str) or not WARNING_ID_RE.match(wid):
        raise LoreError("bad-warning-id", "a warning id looks like rejected-dependency-0123456789ab "
                        "(from lore warnings --json)")
    if not isinstance(reason, str) or not reason.strip():
        raise LoreError("missing-reason", "dismissing a warning needs a reason (--reason TEXT)")
    row = first_row(graph.con.execute(
        "SELECT count(*) FROM facts WHERE a = ? AND inferred AND v LIKE ?",
        [WARNING_ATTR, f'%"id": "{wid}"%']))
    if (not row or not row[0]) and not (shown_elsewhere is not None and shown_elsewhere(wid)):
        raise LoreError("unknown-warning", f"no warning has the id {wid}")
    from lore.store.graph import Op

    op = Op("add", warning_entity(wid), DISMISSED_ATTR, Value("b", "true", None))
    return graph.transact([op], reason=reason, source=source)


def _has_table(con: Any, name: str) -> bool:
    return bool(scalar(con.execute(SQL["has_table"], {"name": name})))


def file_known(graph: Graph, wanted: str) -> bool:
    """Whether the graph knows a file by this path (the ingested head's tree, or any entity's path)."""
    with graph.lock:
        con = graph.con
        head = SQL["file_known_head"] if _has_table(con, "ingest_files") else ""
        return bool(scalar(con.execute(SQL["file_known"].replace("{head}", head), {"wanted": wanted})))


def _repo_root(graph: Graph) -> str | None:
    """The repository the graph ingested, else the one holding its ``.lore/``, else None."""
    root = None
    with graph.lock:
        con = graph.con
        if _has_table(con, "ingest_meta"):
            root = scalar(con.execute(SQL["ingested_repo"]))
    if not root:
        gp = Path(graph.path).resolve()
        root = str(gp.parent.parent) if gp.parent.name == ".lore" else None
    return root


def uncommitted(graph: Graph, wanted: str) -> bool:
    """Whether the work tree's copy of ``wanted`` (repository-relative) differs from HEAD or is untracked:
    one ``git status`` (with the repository's programs overridden, lore.gitcmd); False when it cannot tell."""
    from lore import gitcmd

    root = _repo_root(graph)
    if root is None or Path(wanted).is_absolute() or not (Path(root) / ".git").exists():
        return False
    try:
        # GIT_OPTIONAL_LOCKS=0: status would otherwise refresh .git/index, and a read changes no file;
        # --ignore-submodules=all: a submodule's status runs the filters of the submodule's own configuration
        p = gitcmd.run(root, "status", "--porcelain", "--untracked-files=all", "--ignore-submodules=all", "--", wanted,
                       env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"}, capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError, LoreError):  # LoreError: git metadata it would wait on
        return False
    return p.returncode == 0 and bool(p.stdout.strip())


def on_disk(graph: Graph, wanted: str) -> str | None:
    """``"file"`` or ``"folder"`` when the path is one in the repository the graph ingested (a relative path
    is read from its root: the ingested repository's, else the one holding ``.lore/``), else None."""
    p = Path(wanted)
    if not p.is_absolute():
        root = _repo_root(graph)
        if root is None:
            return "file"  # nowhere to look: not said to be missing
        p = Path(root) / p
    if p.is_dir():
        return "folder"
    return "file" if p.exists() else None


def root_relative(path: str, graph_path: str) -> str:
    """An absolute path under the repository that holds the graph (``<root>/.lore/lore.duckdb``) ->
    relative to that root; anything else unchanged."""
    p = Path(path)
    gp = Path(graph_path).resolve()
    if p.is_absolute() and gp.parent.name == ".lore":
        try:
            return p.resolve().relative_to(gp.parent.parent).as_posix()
        except ValueError:
            return path
    return path

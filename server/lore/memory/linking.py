"""Memory <-> code links (SPEC §1): inferred facts ``[memory :relates-to code-entity]``.

``link/file``: a path the memory names (its ``:file``/``:path`` values or a path written in its text),
matched exactly against module paths after normalising; relevance 1.0.
``link/name``: a function or class name in the memory's text at identifier boundaries (>= 4 characters);
a qualified name (``TokenCache.evict``, ``auth.validate_token``) scores above a bare one, and a bare name
defined in many places scores lower (relevance / sqrt(definitions); more than MAX_DEFINITIONS: no link). The
project's own name (index.own_names), said bare and not written as code, names the project and links nothing.

Links are kept current by diffing: after each write the memories whose text changed are re-linked, and
when code changed (an ingest) the memories whose text names a changed definition or module, or that link to
one (_near_changed_code; every memory after a first ingest). A link whose target was renamed follows ``:renamed-to``;
a link whose target disappeared is closed in transaction time, so it stays visible with ``:as-of``.
Linking runs as a derivation and never fails a write; LORE_AUTOLINK=0 (or ``set_autolink(False)``, or
``graph.autolink = False``) switches it off.
"""

from __future__ import annotations

import functools
import logging
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lore.idents import slug
from lore.memory import identity, index
from lore.memory.mentions import Name, name_forms, names_in, normalise_path, paths_in
from lore.memory.tokens import CODE_NAMESPACES, sql_list
from lore.sqlfile import first_row, named_statements, scalar
from lore.store.graph import MAX_TX, Graph
from lore.store.session import Slot
from lore.store.values import decode
from lore.timeutil import FOREVER, format_instant, now_micros

log = logging.getLogger("lore")

RULE_FILE = "link/file"
RULE_NAME = "link/name"
RELEVANCE_FILE = 1.0
RELEVANCE_PARTIAL_FILE = 0.9  # a file name or path tail that one tracked path ends with
RELEVANCE_QUALIFIED = 0.9
RELEVANCE_BARE = 0.7
MAX_DEFINITIONS = 25
REASON_PREFIX = "link:"

_enabled_override: bool | None = None


def set_autolink(enabled: bool | None) -> None:
    """Switch automatic linking on or off for this process (None: back to LORE_AUTOLINK)."""
    global _enabled_override
    _enabled_override = enabled


def autolink_enabled(graph: Graph) -> bool:
    if getattr(graph, "autolink", True) is False:
        return False
    if _enabled_override is not None:
        return _enabled_override
    return os.environ.get("LORE_AUTOLINK", "1").strip().lower() not in ("0", "false", "no", "off")


def _sections() -> dict[str, str]:
    return named_statements(Path(__file__).with_name("linking.sql"))


def _sql(name: str, only: str = "", values: str = "") -> str:
    return _sections()[name].format(max_tx=MAX_TX, code_ns=sql_list(CODE_NAMESPACES), only=only, values=values)


# The mark of the last tx linked, named by the version of what links: when what a memory's text links changes
# (link/2: Ruby scope paths and !/? methods, Javadoc members, a class apart from its constructor, JVM names), a graph
# linked by an older Lore has no mark under the new name, so its next write or prepare-turn re-links every memory
# once (only the links that differ are closed and written) instead of keeping what the older reading linked.
LINK_KEY = "link/2"


def _linked_tx(con: Any) -> int:
    row = first_row(con.execute("SELECT tx FROM mem_index_state WHERE key = ?", [LINK_KEY]))
    return row[0] if row else 0


def _set_linked_tx(con: Any, tx: int) -> None:
    if not scalar(con.execute("UPDATE mem_index_state SET tx = ? WHERE key = ?", [tx, LINK_KEY])):
        con.execute("INSERT INTO mem_index_state VALUES (?, ?)", [LINK_KEY, tx])


# ------------------------------------------------------------------ the derivation


def derive_links(graph: Graph, result: Any = None) -> dict[str, int]:
    """After a committed write: catch the token index up and re-link what changed, in one DuckDB
    transaction (one commit). Never raises: a failure is logged and the index alone is retried."""
    out = {"linked": 0, "closed": 0}
    if graph.read_only:
        return out
    enabled = autolink_enabled(graph)
    try:
        if _up_to_date(graph, enabled):
            return out
        with graph.lock:
            index.ensure_schema(graph)
            # Memory references the code can now answer for name the code's ident (before links and rules).
            identity.catch_up(graph)
        with graph.lock:
            index.ensure_schema(graph)
            marks = graph.session.get(index.MARKS)
            marks.new_docs = 0
            with graph.atomic():
                index.sync_in_tx(graph)
                if enabled:
                    out = _link_changes_in_tx(graph)
                    if out["linked"] or out["closed"]:
                        index.sync_in_tx(graph)  # fold our own link tx in (connections count links)
            index.checkpoint_after_bulk(graph, marks.new_docs)
        return out
    except Exception:  # linking must never fail a write
        log.exception("memory-code linking failed; the write stands")
    try:
        index.sync(graph)
    except Exception:  # the index is a cache; the write stands
        log.exception("memory index sync failed")
    return {"linked": 0, "closed": 0}


def _up_to_date(graph: Graph, enabled: bool) -> bool:
    """Nothing written since the index (and, when linking is on, the links) last caught up: the common
    case of a prepare-turn, answered without opening a transaction."""
    state = graph.session.get(index.MARKS)
    if not state.schema_ok:
        return False
    begun = graph.tx_begun
    cached = state.fresh_at
    if cached is not None and cached[0] == begun and cached[1] == enabled:
        # A resident graph (an owner, the only process with the file open) where no write began since the
        # last answer: the same answer without a query (the marks only move up once the schema is ok).
        state.seen_tx, state.index_mark = cached[2], cached[3]
        return True
    state.fresh_at = None
    con = graph.con
    marks = dict(con.execute("SELECT key, tx FROM mem_index_state WHERE key IN ('tx', ?, ?) "
                             "UNION ALL SELECT 'cur', coalesce(max(tx), 0) FROM tx",
                             [LINK_KEY, identity.STATE_KEY]).fetchall())
    cur = marks["cur"]
    state.seen_tx = cur  # the graph's last tx, for caches keyed on it
    fresh = (marks.get("tx", -1) >= cur and marks.get(identity.STATE_KEY, -1) >= cur
             and (not enabled or marks.get(LINK_KEY, -1) >= cur))
    # the index's own mark, when nothing will fold into it before this prepare-turn reads it (the hot index
    # keys on it)
    state.index_mark = marks.get("tx") if fresh else None
    if fresh and graph.session.resident and begun <= cur:
        # every tx this process began is committed (or rolled back) and seen: while tx_begun stays, so does this
        state.fresh_at = (begun, enabled, cur, state.index_mark)
    return fresh


def link_changes(graph: Graph) -> dict[str, int]:
    """Re-link the memories changed since the last run (all of them when code changed)."""
    with graph.lock:
        index.ensure_schema(graph)
        with graph.atomic():
            index.sync_in_tx(graph)  # links read the index's tables
            out = _link_changes_in_tx(graph)
            index.sync_in_tx(graph)
        return out


def _link_changes_in_tx(graph: Graph) -> dict[str, int]:
    con = graph.con
    last = _linked_tx(con)
    cur = scalar(con.execute("SELECT coalesce(max(tx), 0) FROM tx"))
    if cur <= last:
        return {"linked": 0, "closed": 0}
    changed = [r[0] for r in con.execute(_sql("changed_entities"), [last, last]).fetchall()]
    code_changed = any(_ns(e) in CODE_NAMESPACES for e in changed)
    if code_changed:
        graph.session.discard(SOURCE_ROOTS)
    mems = [e for e in changed if is_memory(e)]
    memories: list[str] | None
    if last == 0:
        memories = None
    elif code_changed:
        memories = _near_changed_code(graph, [e for e in changed if _ns(e) in LINKED_NAMESPACES], mems, last, cur)
    else:
        memories = mems
    out = _relink_in_tx(graph, memories, reason=f"{REASON_PREFIX} memory-code links after tx {cur}", done_tx=cur)
    out["memories"] = -1 if memories is None else len(memories)  # how many were re-linked (-1: all)
    return out


LINKED_NAMESPACES = ("module", "function", "class")  # what a link can point at
MAX_CHANGED_CODE = 20_000  # more changed definitions than this (a first ingest): every memory is re-linked


def _near_changed_code(graph: Graph, code: list[str], mems: list[str], last: int, cur: int) -> list[str] | None:
    """The memories whose links a change of ``code`` (since tx ``last``) can change, with ``mems`` (memories
    that changed themselves); None: all of them. A memory's links read only the definitions and modules
    its text names (their names, paths, counts, files and renames), so those that name none of the changed
    ones, and link to none of them, keep their links: an ingest of one commit re-links the few memories
    near it instead of every memory."""
    if len(code) > MAX_CHANGED_CODE:
        return None
    con = graph.con
    if sorted(con.execute(_sql("roots_at"), {"tx": last}).fetchall()) != sorted(
            con.execute(_sql("roots_at"), {"tx": cur}).fetchall()):
        return None  # absolute paths in memories resolve against other work trees now
    out = set(mems)
    if code:
        rows, _, _ = rows_naming(graph, code, names_sql="code_names_ever")
        out.update(r[1] for r in rows)
        out.update(e for (e,) in con.execute(_sql("linked_to"), {"entities": code}).fetchall())
    return sorted(out)


def _ns(e: str) -> str | None:
    if e.startswith(":") and "/" in e:
        return e[1:].split("/", 1)[0]
    return None


def is_memory(e: str) -> bool:
    ns = _ns(e)
    return ns is not None and ns not in CODE_NAMESPACES and ns not in ("type", "warning", "dismissal")


# ------------------------------------------------------------------ computing links


@dataclass
class _Link:
    relevance: float
    rule: str
    provenance: set[int] = field(default_factory=set)
    vf: int = FOREVER
    vt: int = -FOREVER


# The work-tree roots that absolute paths in memories are taken relative to (dropped when code changes).
SOURCE_ROOTS: "Slot[list[str]]" = Slot("memory.source-roots")


def _roots(graph: Graph) -> list[str]:
    cached = graph.session.peek(SOURCE_ROOTS)
    if cached is not None:
        return cached
    roots: list[str] = []
    gp = Path(graph.path)
    if gp.parent.name == ".lore":
        roots.append(str(gp.parent.parent.resolve()))
    try:
        for (v,) in graph.con.execute(
                f"SELECT DISTINCT v FROM facts WHERE starts_with(e, ':ingestion/') AND vt = 's' "
                f"AND starts_with(v, '/') AND tx_to = {MAX_TX} LIMIT 20").fetchall():
            roots.append(v)
    except Exception:  # noqa: BLE001 - best effort: the roots found so far still resolve paths
        pass
    out = sorted(set(roots), key=len, reverse=True)
    graph.session.set(SOURCE_ROOTS, out)
    return out


def memory_state(graph: Graph, memories: list[str] | None) -> tuple[list[tuple], list[tuple]]:
    """(text rows, link rows) of the memories (None: all), read from the index's own tables."""
    if memories is None:
        only = ""
    elif not memories:
        return [], []
    elif len(memories) <= index.LITERAL_MAX:
        only = f"AND e IN ({index.literal_list(memories)})"
    else:
        only = "AND e IN (SELECT unnest($m::VARCHAR[]))"
    params = {"m": memories} if "$m" in only else {}
    con = graph.con
    text = con.execute(_sql("memory_text", only), params).fetchall()
    links = con.execute(_sql("memory_links", only), params).fetchall()
    return text, links


_LEADING_WORD = re.compile(r"[A-Za-z0-9_]+")
FEW_MEMORY_ROWS = 300  # links_to reads every memory row up to this many


def rows_naming(graph: Graph, targets: list[str], *, names_sql: str = "code_names",
                ) -> tuple[list[tuple], set[str], set[str]]:
    """The memory text rows (memory_state's) that could link to one of ``targets``, found through the
    memory index's postings instead of parsing every memory.

    A superset of the rows a link to a target cites. A name link needs the target's name (bare, or the last
    part of a dotted mention) in the text as a whole word; a file link needs the path's file name, whose
    leading word is then a whole word too (a path starts after ``/`` or a non-word character); a link through
    a rename needs the old entity's name, so the entities renamed into the targets count here as targets.
    A whole word is in a document's postings unless the index drops it (a stop word, one character, past
    the tokenized length): those words are looked for in the text itself. Returns the rows, the names (last
    parts) and the file names a mention must end with to link to a target."""
    con = graph.con
    tokens: set[str] = set()
    words: set[str] = set()  # whole words without a token
    texts: set[str] = set()  # file names without a leading word
    names: set[str] = set()
    files: set[str] = set()
    for a, v in con.execute(_sql(names_sql), {"entities": sorted(set(targets))}).fetchall():
        if a == ":path":
            base = v.replace("\\", "/").rsplit("/", 1)[-1]
            files.add(base)
            m = _LEADING_WORD.match(base)
            if m is None:
                if base:
                    texts.add(base)
                continue
            word = m.group(0)
        else:
            word = v.rsplit(".", 1)[-1]
            names.add(word)
            if not _LEADING_WORD.fullmatch(word):
                if word:
                    texts.add(word)
                continue
        tok = index.word_token(word)
        if tok is None:
            words.add(word)
        else:
            tokens.add(tok)
    out: dict[tuple, None] = {}
    if tokens:
        for row in con.execute(_sql("memory_text", _ROWS_WITH_TOKENS), {"tokens": sorted(tokens)}).fetchall():
            out[row] = None
    # Rows past the tokenized length, and the words and names the postings cannot find.
    conds = [f"length(v) > {index.TOKENIZE_CHARS}"]
    params: dict[str, str] = {}
    if words:
        params["w"] = "(?:^|[^A-Za-z0-9_])(?:" + "|".join(_re2_literal(w) for w in sorted(words)) + ")(?:$|[^A-Za-z0-9_])"
        conds.append("regexp_matches(v, $w)")
    if texts:
        params["t"] = "|".join(_re2_literal(t) for t in sorted(texts))
        conds.append("regexp_matches(v, $t)")
    for row in con.execute(_sql("memory_text", "AND (" + " OR ".join(conds) + ")"), params).fetchall():
        out[row] = None
    return list(out), names, files


_ROWS_WITH_TOKENS = ("AND doc_id IN (SELECT p.doc_id FROM mem_terms t JOIN mem_postings p ON p.term_id = t.term_id "
                     "WHERE t.token IN (SELECT unnest($tokens::VARCHAR[])))")


def _re2_literal(text: str) -> str:
    """``text`` as an RE2 pattern (a query parameter) that matches it literally."""
    return "".join(c if c.isascii() and (c.isalnum() or c == "_") else "\\x{%x}" % ord(c) for c in text)


def links_to(graph: Graph, targets: list[str]) -> tuple[dict[tuple[str, str], _Link], int]:
    """Every memory's links to ``targets`` now — what compute_links over every memory gives for them —
    reading only the memory rows that name a target; and how many rows that was."""
    wanted = set(targets)
    n = scalar(graph.con.execute(f"SELECT count(*) FROM ({_sql('memory_text')})"))
    if n <= FEW_MEMORY_ROWS:  # parsing them all costs less than finding the few
        rows, _ = memory_state(graph, None)
        links = compute_links(graph, None, rows) if rows else {}
        return {k: v for k, v in links.items() if k[1] in wanted}, len(rows)
    rows, names, files = rows_naming(graph, targets)
    links = compute_links(graph, None, rows, only_names=names, only_files=files) if rows else {}
    return {k: v for k, v in links.items() if k[1] in wanted}, len(rows)


def compute_links(graph: Graph, memories: list[str] | None, rows: list[tuple] | None = None, *,
                  only_names: set[str] | None = None, only_files: set[str] | None = None,
                  ) -> dict[tuple[str, str], _Link]:
    """What the memories' rows (None: every memory's) link to now. ``only_names``/``only_files``: only the
    mentions whose last part / file name is one of these (links_to: the links to some targets; a mention's
    every form is still looked up, so what it links to is what it would link to otherwise)."""
    con = graph.con
    if rows is None:
        rows, _ = memory_state(graph, memories)
    roots = _roots(graph)
    # mentions per row
    row_paths: list[tuple[tuple, list[str]]] = []
    row_names: list[tuple[tuple, list[Name]]] = []
    all_paths: set[str] = set()
    all_forms: set[str] = set()
    for row in rows:
        rid, e, a, v, vf, vt = row
        if a in (":file", ":path"):
            p = normalise_path(v, roots)
            ps = [p] if p else []
        else:
            ps = paths_in(v, roots)
        if only_files is not None:
            ps = [p for p in ps if p.rsplit("/", 1)[-1] in only_files]
        if ps:
            row_paths.append((row, ps))
            all_paths.update(ps)
        if a not in (":file", ":path"):
            ns = names_in(v, only_names)
            if ns:
                row_names.append((row, ns))
                for n in ns:
                    qualified, bare = name_forms(n)
                    all_forms.update(qualified)
                    all_forms.update(bare)
    now = now_micros()
    links: dict[tuple[str, str], _Link] = {}

    def add(mem: str, target: str, rel: float, rule: str, row: tuple) -> None:
        link = links.get((mem, target))
        if link is None:
            link = links[(mem, target)] = _Link(rel, rule)
        elif rel > link.relevance:
            link.relevance, link.rule = rel, rule
        link.provenance.add(row[0])
        link.vf = min(link.vf, row[4])
        link.vt = max(link.vt, row[5])

    # Files.
    modules: dict[str, list[tuple[str, bool]]] = {}
    by_suffix: set[str] = set()
    if all_paths:
        sql = _sql("modules_by_path", values=index.literal_list(sorted(all_paths)))
        for path, e, valid_now in con.execute(sql, [now, now]).fetchall():
            modules.setdefault(path, []).append((e, valid_now))
        # A path no module has exactly: the one living module whose path ends with it (`helpers.py`,
        # `auth/tokens.py`), if exactly one does.
        partial = sorted(p for p in all_paths if p not in modules)
        if partial:
            file_names = sorted({p.rsplit("/", 1)[-1] for p in partial})
            rows = con.execute(_sql("modules_by_file_name", values=index.literal_list(file_names)),
                               [now, now]).fetchall()
            for p in partial:
                alive = {e for path, e, ok in rows if ok and path.endswith("/" + p)}
                if len(alive) == 1:
                    modules[p] = [(alive.pop(), True)]
                    by_suffix.add(p)
    # Names.
    by_name: dict[str, list[tuple[str, bool, str | None]]] = {}
    by_qname: dict[str, list[tuple[str, bool, str | None]]] = {}
    if all_forms:
        found = con.execute(_sql("symbols_by_name", values=index.literal_list(sorted(all_forms))),
                            [now, now]).fetchall()
        files: dict[str, str] = {}
        # A file is read only for module.function: the definitions of a qualified form's last part.
        lasts = {f.rpartition(".")[2] for f in all_forms if "." in f}
        idents = sorted({e for a, name, e, _ in found if a == ":name" and name in lasts})
        if idents:
            files = dict(con.execute(_sql("files_of"), {"idents": idents}).fetchall())
        for a, name, e, valid_now in found:
            (by_qname if a == ":qualified-name" else by_name).setdefault(name, []).append(
                (e, valid_now, files.get(e)))
    # Each mention is resolved once, however many memories make it (a thousand memories naming
    # ``IPython.core.magic.Magics`` look its candidates up once): first its candidates, then which dead ones
    # a link can reach — a qualified form's up to the first form with a living candidate (that form links),
    # a bare name's only when no form can, and never past MAX_DEFINITIONS — so that only those are
    # followed through renames.
    plans: dict[Name, tuple[list[list[tuple[str, bool]]], list[tuple[float, list[tuple[str, bool]]]]]] = {}
    # A bare, unmarked mention of the project's own name ("OpenDAL will …") names the project, not the
    # classes that happen to share it (OpenDAL's Java and Ruby bindings define seven: every memory of
    # recall10 that said OpenDAL linked to each); written as code (`OpenDAL`, OpenDAL.Operator) it still links.
    own = index.own_names(graph, con) if row_names else frozenset()
    q_cands: dict[str, list[tuple[str, bool]]] = {}
    reach: set[str] = {e for lst in modules.values() for e, ok in lst if not ok}
    for _, names in row_names:
        for n in names:
            if n in plans:
                continue
            qualified, bare = name_forms(n)
            forms: list[list[tuple[str, bool]]] = []
            certain = False
            for q in qualified:
                cands = q_cands.get(q)
                if cands is None:
                    cands = q_cands[q] = _qualified_candidates(q, by_qname, by_name)
                forms.append(cands)
                reach.update(e for e, ok in cands if not ok)
                if any(ok for _, ok in cands):
                    certain = True  # this form links: the later ones and the bare name are never read
                    break
            bares: list[tuple[float, list[tuple[str, bool]]]] = []
            for b in bare:
                if not qualified and not n.marked and b.lower() in own:
                    continue
                lst = _without_constructors(by_name.get(b, []), b)
                # how many living definitions the name has: a name defined in many places links weakly
                n_defs = max(sum(1 for _, ok, _ in lst if ok), 1)
                if not lst or n_defs > MAX_DEFINITIONS:
                    continue
                bares.append((round(RELEVANCE_BARE / math.sqrt(n_defs), 4), [(e, ok) for e, ok, _ in lst]))
                if not certain:
                    reach.update(e for e, ok, _ in lst if not ok)
            plans[n] = (forms, bares)
    living = _rename_resolver(con, now, sorted(reach))
    resolved: dict[Name, list[tuple[str, float]]] = {}
    for n, (forms, bares) in plans.items():
        got: list[tuple[str, float]] = []
        for cands in forms:
            targets = sorted({t for t in (e if ok else living.get(e) for e, ok in cands) if t is not None})
            if targets:
                rel = round(RELEVANCE_QUALIFIED / math.sqrt(len(targets)), 4)
                got.extend((t, rel) for t in targets)
                break
        else:
            for rel, cands in bares:
                for e, ok in cands:
                    target = e if ok else living.get(e)
                    if target:
                        got.append((target, rel))
        resolved[n] = got

    for row, ps in row_paths:
        for p in ps:
            for e, valid_now in modules.get(p, []):
                target = e if valid_now else living.get(e)
                if target:
                    add(row[1], target, RELEVANCE_PARTIAL_FILE if p in by_suffix else RELEVANCE_FILE,
                        RULE_FILE, row)
    for row, names in row_names:
        mem = row[1]
        for n in names:
            for target, rel in resolved[n]:
                add(mem, target, rel, RULE_NAME, row)
    # A memory never links to itself, and code entities are not memories.
    return {k: v for k, v in links.items() if k[0] != k[1]}


def _without_constructors(cands: list[tuple[str, bool, str | None]], name: str) -> list[tuple[str, bool, str | None]]:
    """A bare name's candidates without the constructors of the classes among them: Java, Kotlin, C# and C++
    name a constructor as its class (``HttpServiceMethod.HttpServiceMethod``), so "HttpServiceMethod" linked
    the class and its constructor, each at half the weight (user trial 14, square/retrofit)."""
    tail = "-" + slug(name)
    classes = {e for e, _, _ in cands if e.startswith(":class/")}
    if not classes:
        return cands
    return [c for c in cands if not (c[0].startswith(":function/") and c[0].endswith(tail)
                                     and ":class/" + c[0][len(":function/"):-len(tail)] in classes)]


def _qualified_candidates(q: str, by_qname: dict[str, list[tuple[str, bool, str | None]]],
                          by_name: dict[str, list[tuple[str, bool, str | None]]]) -> list[tuple[str, bool]]:
    """The definitions a qualified form names, each with whether it is valid now: those of that qualified
    name, and (module.function) those of its last part whose file the dotted prefix names."""
    out = [(e, ok) for e, ok, _ in by_qname.get(q, [])]
    head, _, last = q.rpartition(".")
    if head:
        want = tuple(head.split("."))
        for e, ok, file in by_name.get(last, []):
            if file and _components_end_with(_file_components(file), want):
                out.append((e, ok))
    return out


def _components_end_with(comps: tuple[str, ...], want: tuple[str, ...]) -> bool:
    return 0 < len(want) <= len(comps) and comps[-len(want):] == want


@functools.lru_cache(maxsize=1 << 16)
def _file_components(file: str) -> tuple[str, ...]:
    """A file's path as the dotted names of a module: directories, then the file's stem (none for
    ``__init__``). The same few thousand files come up for every memory, so each is split once."""
    parts = [p for p in re.split(r"[/\\]", file) if p]
    if not parts:
        return ()
    stem = re.sub(r"\.[A-Za-z0-9]+$", "", parts[-1])
    return tuple(parts[:-1] + ([stem] if stem != "__init__" else []))


def _rename_resolver(con: Any, now: int, dead: list[str]) -> dict[str, str]:
    """Each entity no longer valid now -> the living entity its :renamed-to chain ends at (if any).

    Chains are followed per origin: where two meet (a.f -> c.f and b.g -> c.f, or one old name renamed into
    another that is itself asked about) every origin goes on from the meeting point, so the living code
    carries the memories of every old name."""
    out: dict[str, str] = {}
    if not dead:
        return out
    edges: dict[str, list[tuple[str, bool]]] = {}
    for src, dst, alive in sorted(con.execute(_sql("rename_walk"), {"dead": sorted(set(dead)), "now": now}).fetchall()):
        edges.setdefault(src, []).append((dst, alive))
    frontier: dict[str, set[str]] = {e: {e} for e in set(dead)}
    seen: set[tuple[str, str]] = {(e, e) for e in frontier}
    for _ in range(10):
        if not frontier:
            break
        nxt: dict[str, set[str]] = {}
        for src in sorted(frontier):
            for dst, alive in edges.get(src, ()):
                for origin in frontier[src]:
                    if origin in out:
                        continue
                    if alive:
                        out[origin] = dst
                    elif (dst, origin) not in seen:
                        seen.add((dst, origin))
                        nxt.setdefault(dst, set()).add(origin)
        frontier = {k: left for k, v in nxt.items() if (left := {o for o in v if o not in out})}
    return out


# ------------------------------------------------------------------ writing links


def relink(graph: Graph, memories: list[str] | None, *, reason: str, done_tx: int | None = None) -> dict[str, int]:
    """Bring the link rows of ``memories`` (None: all) in line with what their text mentions now."""
    with graph.lock:
        index.ensure_schema(graph)
        with graph.atomic():
            index.sync_in_tx(graph)  # links read the index's tables
            out = _relink_in_tx(graph, memories, reason=reason, done_tx=done_tx)
            index.sync_in_tx(graph)
        return out


def _relink_in_tx(graph: Graph, memories: list[str] | None, *, reason: str,
                  done_tx: int | None = None) -> dict[str, int]:
    con = graph.con
    text, existing = memory_state(graph, memories)
    desired = compute_links(graph, memories, text)
    keep: set[tuple[str, str]] = set()
    close_ids: list[int] = []
    for rid, e, v, rule, conf, prov, vf, vt in existing:
        want = desired.get((e, v))
        if want is not None and (e, v) not in keep and want.rule == rule \
                and abs(want.relevance - conf) < 1e-9 and sorted(prov or []) == sorted(want.provenance) \
                and (vf, vt) == (want.vf, want.vt):
            keep.add((e, v))
        else:
            close_ids.append(rid)
    inserts = [(k, link) for k, link in sorted(desired.items()) if k not in keep]
    if not close_ids and not inserts:
        if done_tx is not None:
            _set_linked_tx(con, done_tx)
        return {"linked": 0, "closed": 0}
    tx, _ = graph.begin_tx(reason, "rule")
    graph.close_rows(close_ids, tx)
    first = graph.allocate_ids(len(inserts))
    rows = [(first + i, mem, ":relates-to", "k", target, None, link.vf, link.vt, tx, MAX_TX, True, link.rule,
             link.relevance, sorted(link.provenance)) for i, ((mem, target), link) in enumerate(inserts)]
    graph.insert_rows(rows)
    # Our own tx counts as linked, so it never re-triggers linking.
    _set_linked_tx(con, tx)
    return {"linked": len(inserts), "closed": len(close_ids)}


def relink_all(graph: Graph) -> dict[str, int]:
    cur, _ = graph.last_tx()
    return relink(graph, None, reason=f"{REASON_PREFIX} re-link every memory", done_tx=cur)


# ------------------------------------------------------------------ reading links


def memories_for(graph: Graph, entity: str, *, con: Any = None) -> list[dict[str, Any]]:
    """Memories linked to a code entity (hover): each with its description, rationale, kind, validity,
    relevance and how it was linked, most relevant first. Reads only the index's own tables."""
    con = con or graph.con
    if not graph.session.get(index.MARKS).schema_ok and index.indexed_tx(con) < 0:
        return []
    now = now_micros()
    first = index.memory_first_doc(con)
    rows = con.execute(_sql("memories_for"), [entity, now, now, entity, first]).fetchall()
    best: dict[str, dict[str, Any]] = {}
    for mem, attr, rule, rel, inferred, vf, vt, n in rows:
        if not inferred and not (n > 1 or vf <= now < vt):
            continue  # a user relation no longer valid
        item = best.get(mem)
        if item is None or rel > item["relevance"]:
            best[mem] = {"entity": mem, "relation": attr, "rule": rule if inferred else None,
                         "relevance": float(rel), "inferred": bool(inferred)}
    if not best:
        return []
    ents = sorted(best)
    docs = [index.Hit.unscored(r) for r in con.execute(
        f"SELECT {index._DOC_COLS} FROM mem_docs WHERE doc_id >= {first} AND e IN ({index.literal_list(ents)}) "
        f"AND a IN (':description', ':rationale', ':alias') AND n_ivals > 0 ORDER BY e, a, vf_min").fetchall()]
    many = index.intervals(con, [h.doc_id for h in docs if h.n_ivals > 1])
    for h in docs:
        item = best[h.e]
        ivals = many.get(h.doc_id) or [h.span()]
        now_ival = next(((f, t) for f, t in ivals if f <= now < t), None)
        valid_now = now_ival is not None
        vf, vto = now_ival or ivals[-1]
        if h.a == ":description":
            if valid_now or "description" not in item:
                item["description"] = decode(h.vt, h.v)
                item["valid_from"] = format_instant(vf) if vf > -FOREVER else None
                item["valid_to"] = format_instant(vto)
                item["valid_now"] = valid_now
        elif h.a == ":rationale" and (valid_now or "rationale" not in item):
            item["rationale"] = decode(h.vt, h.v)
        elif h.a == ":alias":
            item.setdefault("aliases", []).append(decode(h.vt, h.v))
    if scalar(con.execute(
            "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'journal_entries' AND NOT temporary")):
        for e, author, instant in con.execute(_sql("recorded_by"), [ents]).fetchall():
            best[e]["recordedBy"] = {"author": author, "instant": format_instant(instant)}  # repository text
    for item in best.values():
        item["type"] = f":type/{_ns(item['entity'])}"
        item["kind"] = _ns(item["entity"])
    return sorted(best.values(), key=lambda x: (-x["relevance"], x["entity"]))

"""One identity for what memories name and what code imports (SPEC §1).

A memory may name a package or module as ``:dependency/certifi``, ``:library/certifi``, ``:package/certifi``,
``:module/certifi``, a path string (``"src/auth.py"``) or a bare name (``certifi``). Ingestion names the
same thing by the code's own ident: ``:module/certifi`` for ``import certifi`` (an external dependency),
``:module/src-auth-py`` for the file ``src/auth.py``. ``resolve`` maps the first to the second.

The choice (docs/DESIGN-CHOICES.md, "One identity"): **canonical idents on write**. A reference in value
position of a memory's fact (``[:decision/x :rejects :dependency/certifi]``) is stored as the code's ident
when the code has that entity, so every rule, query and hover that joins memory and code meets it with no
alias join. ``canonical_ops`` does it for a transaction before it is written (transact, finalize-turn);
``catch_up`` rewrites references stored before the code knew them (a graph made before this existed, a
memory written before the ingest that brought the import, a journal entry from a teammate), in one
transaction of source ``rule`` that closes the old rows and keeps their valid times.

An entity's own facts are never moved: ``:dependency/api`` that has facts of its own stays the memory it
is, and only references to it that the code can answer for are rewritten.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Iterable

from lore.idents import php_said, said_names, slug
from lore.sqlfile import first_row, scalar
from lore.store.graph import MAX_TX, Graph, Op
from lore.store.values import IDENT_RE, Value

log = logging.getLogger("lore")

# Namespaces a memory uses for a package, a library or a module of the code.
ALIAS_NAMESPACES = ("dependency", "library", "package", "lib", "pkg", "module", "file")
CODE_NAMESPACES = ("module", "function", "class", "variable", "field", "commit", "tag")
# Relations that classify rather than name a thing: their keyword values are vocabulary, not code.
_NOT_REFERENCES = (":entity-type",)
_EXT = re.compile(r"(?:/(?:__init__|index|mod))?\.[A-Za-z0-9]{1,8}$")
# Files a bare import name resolves to, as ingestion's resolvers (lore.ingest.resolve) look one up by a path
# ending with it: Python, Ruby, Lua, JVM, C#, PHP, Elixir, Haskell. A bare name in JavaScript and TypeScript
# (``import 'cookie'``), Go, Rust (outside ``crate::``) and Swift names a package, never a file of the
# repository, so ``cookie`` is not ``src/utils/cookie.ts``.
_NAME_IMPORTABLE = (".py", ".pyi", ".rb", ".lua", ".java", ".kt", ".scala", ".cs", ".php", ".ex", ".exs",
                    ".hs", ".lhs")


def _ns(ident: str) -> str | None:
    return ident[1:].split("/", 1)[0] if ident.startswith(":") and "/" in ident else None


def is_code_ident(ident: str) -> bool:
    return _ns(ident) in CODE_NAMESPACES


def _exists(con: Any, ident: str) -> bool:
    """The graph believes ``ident`` is a code entity (ingestion gave it an :entity-type)."""
    row = first_row(con.execute(
        f"SELECT 1 FROM facts WHERE e = ? AND a = ':entity-type' AND tx_to = {MAX_TX} AND NOT inferred LIMIT 1",
        [ident]))
    return row is not None


def _module_paths(con: Any) -> list[tuple[str, str]]:
    """(path, module ident) of every believed module path (from the facts: the index may not have caught up
    with an ingest yet)."""
    return con.execute(
        f"SELECT DISTINCT v, e FROM facts WHERE a = ':path' AND vt = 's' AND starts_with(e, ':module/') "
        f"AND tx_to = {MAX_TX} AND NOT inferred").fetchall()


def module_for_path(con: Any, path: str, *, paths: list[tuple[str, str]] | None = None) -> str | None:
    """The module of a path as written: exact, else the one tracked path ending with it (``helpers.py`` ->
    ``src/helpers.py`` when no other ``helpers.py`` exists)."""
    p = path.strip().strip("`'\"").lstrip("./")
    if not p:
        return None
    rows = paths if paths is not None else _module_paths(con)
    exact = [e for v, e in rows if v == p]
    if exact:
        return min(exact)
    tail = [(v, e) for v, e in rows if v.endswith("/" + p)]
    return tail[0][1] if len({e for _, e in tail}) == 1 else None


def _module_for_name(con: Any, name: str, paths: list[tuple[str, str]] | None = None) -> str | None:
    """A package or module name (``requests``, ``requests.adapters``, ``auth``) -> the tracked module that
    ``import name`` resolves to, as ingestion resolves it: a path ending with it, the shortest first, of a
    language whose bare imports name files (``_NAME_IMPORTABLE``); two shortest of the same length are
    ambiguous (no answer)."""
    want = slug(name)
    rows = paths if paths is not None else _module_paths(con)
    hits = []
    for v, e in rows:
        if not v.endswith(_NAME_IMPORTABLE):
            continue
        s = slug(_EXT.sub("", v))
        if s == want or s.endswith("-" + want):
            hits.append((len(v), v, e))
    if not hits:
        return None
    hits.sort()
    if len(hits) > 1 and hits[0][0] == hits[1][0] and hits[0][2] != hits[1][2]:
        return None
    return hits[0][2]


# (import name, module ident, the names people say it by: lore.idents.said_names) of an external dependency
External = tuple[str, str, frozenset[str]]

# Languages whose imports name dotted packages (com.google.gson): their names are said by segments (said_names).
_JVM_LANGUAGES = ("java", "kotlin", "scala")


def _externals(con: Any) -> list[External]:
    """(import name, module ident, said names) of every believed external dependency (``github.com/x/y``,
    ``com.google.common.collect``, ``requests``); a dotted package is said by its segments when a Java, Kotlin
    or Scala module imports it, a Python import by the distributions that install it (``yaml``: PyYAML), as
    rejected_dependency says it."""
    def imported_by(langs: str) -> str:
        return (f"EXISTS (SELECT 1 FROM facts d JOIN facts l ON l.e = d.e "
                f"WHERE d.a = ':depends-on' AND d.vt = 'k' AND d.v = n.e AND d.tx_to = {MAX_TX} AND NOT d.inferred "
                f"AND l.a = ':language' AND l.vt = 's' AND l.v IN ({langs}) AND l.tx_to = {MAX_TX} "
                f"AND NOT l.inferred)")

    jvm, python = imported_by(", ".join(f"'{lang}'" for lang in _JVM_LANGUAGES)), imported_by("'python'")
    rows = con.execute(
        f"SELECT DISTINCT n.v, n.e, {jvm}, {python} "
        f"FROM facts n WHERE n.a = ':name' AND n.vt = 's' AND starts_with(n.e, ':module/') "
        f"AND n.tx_to = {MAX_TX} AND NOT n.inferred AND n.e IN (SELECT e FROM facts WHERE a = ':entity-type' "
        f"AND vt = 'k' AND v = ':type/external-dependency' AND tx_to = {MAX_TX} AND NOT inferred)").fetchall()
    return [(name, e, _said_of(name, bool(jvm), bool(py))) for name, e, jvm, py in rows]


def _said_of(name: str, jvm: bool, python: bool) -> frozenset[str]:
    """The names that say this external. A PHP namespace is said only by what does not say its parent namespace
    as well: "nyholm/psr7" is the package Nyholm\\Psr7, not the one sub-namespace of it the code uses now
    (Nyholm\\Psr7\\Factory), so it stays the package, which rejected_dependency covers every namespace under."""
    said = said_names(name, jvm, python)
    return said - php_said(name.rsplit("\\", 1)[0]) if "\\" in name else said


def _parent_of_externals(name: str, externals: list[External]) -> str | None:
    """A package path the code imports packages under (``github.com/stretchr/testify`` for
    ``…/testify/assert``, ``com.google.common`` for ``com.google.common.collect``, PHP's ``GuzzleHttp`` for
    ``GuzzleHttp\\Psr7``) -> the ident of that path,
    ``:module/github-com-stretchr-testify``: what rejected_dependency covers an import by. The code has no
    entity of that name, but it has the packages under it; whether a ``.`` is a folder is the rule's to say
    (a JVM package's is, an npm name's is not)."""
    name = name.strip().strip("/.\\")
    if not name or not re.fullmatch(r"[A-Za-z0-9_.@/+\\-]+", name):
        return None
    if any(v.startswith((name + "/", name + ".", name + "\\")) for v, _, _ in externals):
        return ":module/" + slug(name)
    return None


def _external_for_name(con: Any, name: str, externals: list[External] | None = None) -> str | None:
    """A package named as people say it (``sonic``, ``json-iterator``, ``go-json``, ``yaml``) -> the one external
    dependency whose hosted import path has that name as a run of its segments after the host
    (``github.com/bytedance/sonic``, ``github.com/json-iterator/go``; a major version ``v2`` or ``.v3`` aside), or
    whose JVM package has it as a run of its segments after the first (``jackson-databind``, ``gson``).
    Go imports name packages by such paths, never by a file, so this is asked before a tracked file's name.
    Two dependencies that both answer (``testify`` for ``…/testify/assert`` and ``…/testify/require``) are
    ambiguous: ``""``, which callers take as "a dependency's name, but not one": no file named like it is
    guessed instead."""
    want = slug(name)
    hits = {e for _, e, said in (externals if externals is not None else _externals(con)) if want in said}
    return hits.pop() if len(hits) == 1 else ("" if hits else None)


def _squeezed(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _external_spelled_apart(name: str, externals: list[External]) -> str | None:
    """A package said without the separators its import has, or with other ones (``ActiveSupport`` and the gem
    ``activesupport`` for Ruby's ``require 'active_support'``, ``multijson`` for ``multi_json``) -> the one
    external dependency whose whole import name is the same letters and digits, case aside. Asked only after
    every exact form missed; two that answer are no answer."""
    want = _squeezed(name)
    if len(want) < 3:
        return None
    hits = {e for path, e, _ in externals if _squeezed(path) == want}
    return hits.pop() if len(hits) == 1 else None


def resolve(con: Any, ref: str, *, must_exist: bool = True,
            paths: list[tuple[str, str]] | None = None,
            externals: list[External] | None = None) -> str | None:
    """The code's own ident for what a memory names, or None when it names no code.

    ``ref``: a keyword text (``:dependency/certifi``, ``:library/x``, ``:package/x``, ``:module/x``, a code
    ident), a path string (``src/auth.py``) or a bare package name (``certifi``). With ``must_exist`` (the
    default) only an entity the graph's code has is returned; without it, a name the code does not have yet
    maps to the ident ingestion will write for ``import name`` (``:module/<slug>``), a path to its module
    ident, so what is written before the ingest meets it after. ``paths``: the module paths, when the caller
    resolves many references at once.
    """
    if not isinstance(ref, str):
        return None
    ref = ref.strip()
    if not ref or len(ref) > 500:
        return None
    if ref.startswith(":"):
        ns = _ns(ref)
        if ns is None:
            return None
        name = ref.split("/", 1)[1]
        if ns in CODE_NAMESPACES and ns != "module":
            return ref if (not must_exist or _exists(con, ref)) else None
        if ns not in ALIAS_NAMESPACES:
            return None
        # the ident ingestion writes for ``import name`` is the slug of the name as imported
        # (``typing_extensions`` -> ``:module/typing-extensions``), so a keyword's name is slugged the same way
        direct = ":module/" + slug(name)
        if _exists(con, ":module/" + name):
            return ":module/" + name
        if direct != ":module/" + name and _exists(con, direct):
            return direct
        if externals is None:
            externals = _externals(con)
        found = _external_for_name(con, name, externals)
        if found is None:
            found = (_parent_of_externals(name, externals) or _module_for_name(con, name, paths)
                     or _external_spelled_apart(name, externals))
        if found:
            return found
        return None if must_exist else direct
    if externals is None:
        externals = _externals(con)
    if "/" in ref or re.search(r"\.[A-Za-z][A-Za-z0-9]{0,7}$", ref) and " " not in ref:
        found = module_for_path(con, ref, paths=paths)
        if found:
            return found
        # an import path as written (github.com/json-iterator/go, @scope/pkg): the external it names
        if " " not in ref and _exists(con, ":module/" + slug(ref)):
            return ":module/" + slug(ref)
        found = _parent_of_externals(ref, externals)
        if found:
            return found
        if "/" in ref or ref.endswith((".py", ".js", ".ts", ".go", ".rs", ".rb", ".java")):
            return None if must_exist else ":module/" + slug(ref)
    if not re.fullmatch(r"[A-Za-z0-9_.@/+-]+", ref):
        return None
    direct = ":module/" + slug(ref)
    if _exists(con, direct):
        return direct
    found = _external_for_name(con, ref, externals)
    if found is None:
        found = (_parent_of_externals(ref, externals) or _module_for_name(con, ref, paths)
                 or _external_spelled_apart(ref, externals))
    if found:
        return found
    return None if must_exist else direct


# Relations whose object is code when it is named by a string: a Go import path cannot be a keyword
# (``[:decision/x :rejects "github.com/json-iterator/go"]``), and a file is named by its path.
_CODE_OBJECT = (":rejects", ":forbids", ":governs")


def _is_reference(e: str, a: str, value: Value) -> bool:
    if value.vt == "s":
        return a in _CODE_OBJECT and not is_code_ident(e) and 0 < len(value.v) <= 500 and " " not in value.v.strip()
    return (value.vt == "k" and a not in _NOT_REFERENCES and not a.startswith(":db/")
            and not is_code_ident(e) and _ns(value.v) in ALIAS_NAMESPACES)


def _has_own_edges(con: Any, ident: str) -> bool:
    """``ident`` is a node of the memory's own graph: it has relations of its own (``[:dependency/redis
    :depends-on :dependency/libc]``). References to it stay as written, so a walk through it (``reachable``)
    still finds its edges; an alias with no edges of its own (a name, a description) is the code's entity."""
    row = first_row(con.execute(
        f"SELECT 1 FROM facts WHERE e = ? AND vt = 'k' AND tx_to = {MAX_TX} AND NOT inferred "
        f"AND a <> ':entity-type' AND NOT starts_with(a, ':db/') LIMIT 1", [ident]))
    return row is not None


class _Resolver:
    """``resolve`` with the module paths read once and answers cached, for one batch of facts."""

    def __init__(self, con: Any) -> None:
        self.con = con
        self.cache: dict[str, str | None] = {}
        self.paths: list[tuple[str, str]] | None = None
        self.externals: list[External] | None = None

    def __call__(self, ident: str) -> str | None:
        if ident not in self.cache:
            try:
                if self.paths is None:
                    self.paths = _module_paths(self.con)
                    self.externals = _externals(self.con)
                self.cache[ident] = resolve(self.con, ident, paths=self.paths, externals=self.externals)
            except Exception:  # an unanswerable lookup leaves the fact as written
                log.exception("identity lookup failed for %s", ident)
                self.cache[ident] = None
        return self.cache[ident]


def canonical_ops(graph: Graph, ops: Iterable[Op]) -> list[Op]:
    """A transaction's operations with memory references to code rewritten to the code's idents.
    A retraction retracts both forms (the stored fact may predate the code)."""
    ops = list(ops)
    if not any(_is_reference(op.e, op.a, op.value) for op in ops):
        return ops
    res = _Resolver(graph.con)
    # aliases this transaction gives edges of their own (see _has_own_edges)
    nodes = {op.e for op in ops if op.kind == "add" and op.value.vt == "k" and op.a != ":entity-type"}
    out: list[Op] = []
    for op in ops:
        target = res(op.value.v) if _is_reference(op.e, op.a, op.value) else None
        if target is not None and op.value.vt == "k" and (op.value.v in nodes or _has_own_edges(graph.con, op.value.v)):
            target = None
        if target is None or target == op.value.v or not IDENT_RE.match(target[1:]):
            out.append(op)
            continue
        new = Op(op.kind, op.e, op.a, Value("k", target, None), op.valid_from, op.valid_to)
        if op.kind == "retract":
            out.append(op)
        out.append(new)
    return out


# ------------------------------------------------------------------ catching up stored references

# The pass's mark. Its name changes when the pass learns to resolve what it left before (strings of a
# rejection, parent paths; names spelled apart, identity/3; JVM packages said by their segments, identity/4; Python
# imports said by their distributions, identity/5; JVM packages by an artifact they do not carry, identity/6), so
# an existing graph's next catch-up is a full one: its migration.
STATE_KEY = "identity/6"


def _mark(con: Any) -> int:
    try:
        row = first_row(con.execute("SELECT tx FROM mem_index_state WHERE key = ?", [STATE_KEY]))
    except Exception:  # noqa: BLE001 - no state table yet
        return 0
    return row[0] if row else 0


def _set_mark(con: Any, tx: int) -> None:
    if not scalar(con.execute("UPDATE mem_index_state SET tx = ? WHERE key = ?", [tx, STATE_KEY])):
        con.execute("INSERT INTO mem_index_state VALUES (?, ?)", [STATE_KEY, tx])


def catch_up(graph: Graph) -> int:
    """Rewrite stored memory references the code can now answer for (all of them after code changed,
    else those written since the last run). Returns how many facts were rewritten. Needs the index's
    state table (``index.ensure_schema``)."""
    if graph.read_only:
        return 0
    con = graph.con
    last = _mark(con)
    cur = scalar(con.execute("SELECT coalesce(max(tx), 0) FROM tx"))
    if cur <= last:
        return 0
    if not scalar(con.execute("SELECT count(*) FROM tx WHERE tx > ? AND NOT (source = 'rule' AND "
                              "(starts_with(reason, 'link:') OR starts_with(reason, 'identity:')))", [last])):
        _set_mark(con, cur)  # only our own derived transactions since: nothing new to resolve
        return 0
    code_changed = last == 0 or scalar(con.execute(
        "SELECT count(*) FROM tx WHERE tx > ? AND source IN ('ingest', 'journal')", [last])) > 0
    prefixes = " OR ".join(f"starts_with(v, ':{ns}/')" for ns in ALIAS_NAMESPACES)
    code = " OR ".join(f"starts_with(e, ':{ns}/')" for ns in CODE_NAMESPACES)
    since = "" if code_changed else f"AND tx_from > {int(last)}"
    # keyword references in an alias namespace, and the strings a rejection or a rule of scope names code by
    # ("sonic", "github.com/json-iterator/go"): written before the ingest that brought the import, they
    # resolve now
    strings = " OR ".join(f"a = '{a}'" for a in _CODE_OBJECT)
    rows = con.execute(
        f"SELECT e, a, vt, v, valid_from, valid_to FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred "
        f"AND ((vt = 'k' AND a <> ':entity-type' AND NOT starts_with(a, ':db/') AND ({prefixes})) "
        f"OR (vt = 's' AND ({strings}) AND length(v) <= 500 AND NOT contains(trim(v), ' '))) "
        f"AND NOT ({code}) {since} ORDER BY e, a, vt, v, valid_from").fetchall()
    res = _Resolver(con)
    ops: list[Op] = []
    done: set[tuple[str, str, str, str]] = set()
    n = 0
    nodes: dict[str, bool] = {}
    for e, a, vt_, v, vf, vt in rows:
        target = res(v)
        if target is None or target == v or not IDENT_RE.match(target[1:]):
            continue
        if vt_ == "k":
            if v not in nodes:
                nodes[v] = _has_own_edges(con, v)
            if nodes[v]:
                continue
        if (e, a, vt_, v) not in done:
            done.add((e, a, vt_, v))
            ops.append(Op("retract", e, a, Value(vt_, v, None)))
            n += 1
        ops.append(Op("add", e, a, Value("k", target, None), vf, vt))
    stubs = _orphan_stub_retractions(con, res, {(e, a, v) for e, a, _, v in done}) if code_changed else []
    if ops or stubs:
        gone = len({op.e for op in stubs})
        result = graph.transact(ops + stubs, reason=f"identity: {n} memory reference(s) now name the code's own "
                                f"entity" + (f"; {gone} stub(s) nothing names any more" if gone else ""),
                                source="rule")
        cur = result.tx
    _set_mark(con, cur)
    return n


def _orphan_stub_retractions(con: Any, res: _Resolver, rewritten: set[tuple[str, str, str]]) -> list[Op]:
    """Retractions of the stubs nothing names any more: capture gives a name it meets a stub
    (``:dependency/certifi :description "certifi"``); once every reference to it names the code's entity
    (``:module/certifi``), the stub is a second, empty entity that recall would return beside the code's.
    Only the stub shape goes: its description is its own name, it has no other fact, and the code answers
    for it. History keeps it."""
    prefixes = " OR ".join(f"starts_with(e, ':{ns}/')" for ns in ALIAS_NAMESPACES if ns not in CODE_NAMESPACES)
    stubs = f"""SELECT e FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND a = ':entity-type'
                AND vt = 'k' AND v = ':type/dependency' AND ({prefixes})"""
    own: dict[str, list[tuple[str, str, str, Any]]] = {}
    for e, a, vt, v, vn in con.execute(
            f"SELECT e, a, vt, v, vn FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND e IN ({stubs}) "
            f"ORDER BY e, a, v").fetchall():
        own.setdefault(e, []).append((a, vt, v, vn))
    if not own:
        return []
    named = {v for e, a, v in con.execute(
        f"SELECT e, a, v FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND vt = 'k' AND a <> ':entity-type' "
        f"AND v IN ({stubs})").fetchall() if (e, a, v) not in rewritten}
    ops: list[Op] = []
    for e, facts in own.items():
        name = e.split("/", 1)[1]
        shape = all(a == ":entity-type" or (a == ":description" and vt == "s" and slug(str(v)) == name)
                    for a, vt, v, _ in facts)
        if shape and e not in named and res(e) not in (None, e):
            ops += [Op("retract", e, a, Value(vt, v, vn)) for a, vt, v, vn in facts]
    return ops


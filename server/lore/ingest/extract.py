"""Code structure from source text with tree-sitter: definitions (with ranges), imports and calls.

The per-language patterns are data (queries/<lang>.scm). Their captures:
``@def.function | @def.class | @def.variable | @def.field | @def.field.static`` (the definition node) with
``@name`` (and optionally ``@owner``, e.g. a Go method's receiver type); ``@import`` with ``@import.spec``
(and optionally ``@import.name``); ``@call.name``. Nesting is decided here, the same way for every
language: a method's qualified name is its enclosing classes' names; definitions inside a function body
are locals and are not kept (fields excepted: ``self.x = …`` in a method belongs to the class).

``extract_definitions(path, text)`` is the editor's entry point: the same parse the ingester writes,
for an open buffer.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import sys
import threading
from bisect import bisect_right
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from lore.errors import LoreError
from lore.idents import def_ident, module_ident, slug
from lore.ingest import rustuse
from lore.ingest.edits import text_edits

log = logging.getLogger("lore")

if TYPE_CHECKING:
    from tree_sitter_language_pack import SupportedLanguage

# file extension -> tree-sitter-language-pack grammar
EXTENSIONS = {
    ".py": "python", ".pyi": "python", ".pyw": "python",
    ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx",
    ".go": "go", ".rs": "rust", ".java": "java",
    ".c": "c", ".h": "c",
    ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".c++": "cpp", ".hpp": "cpp", ".hh": "cpp", ".hxx": "cpp",
    ".cs": "csharp", ".rb": "ruby", ".php": "php", ".kt": "kotlin", ".kts": "kotlin", ".swift": "swift",
    ".scala": "scala", ".sc": "scala", ".hs": "haskell", ".lua": "lua", ".ex": "elixir", ".exs": "elixir",
}
LANGUAGES = tuple(sorted(set(EXTENSIONS.values())))
MAX_SOURCE_BYTES = 1_000_000  # larger files are tracked as modules but not parsed
# A file with more definitions, imports and calls than this is tracked as a module but its structure is
# not kept: 1 MB of one-line functions made 420,000 facts (736 MB held by ingestion). The most of any file in
# the repositories measured is 4,790 (rust-analyzer's generated nodes.rs, 352 KB).
DEFAULT_MAX_FILE_ITEMS = 25_000
QUERY_DIR = Path(__file__).with_name("queries")
# Grammars that share another's query file (TSX is TypeScript's grammar with JSX added).
QUERY_FILE = {"tsx": "typescript"}
# Manifests read for the dependencies they declare, named by their file name: language -> its grammar
MANIFESTS = {"Cargo.toml": "cargo"}
GRAMMAR = {"cargo": "toml"}

DEF_KINDS = ("function", "class", "variable", "field")
_IDENT = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")


class Def(NamedTuple):
    kind: str  # function | class | variable | field
    name: str
    qname: str  # Outer.Inner.name
    static: bool  # fields: class-level
    line: int  # 1-based
    col: int  # 0-based, code points
    end_line: int
    end_col: int
    name_line: int
    name_col: int
    name_end_col: int
    body_hash: int  # the definition's exact text: changed -> :modified-in
    # Equal shapes across a rename -> :renamed-from/-to. Three lines or more: the text with every identifier
    # blanked (renamed locals do not matter). Shorter (most variables and fields): the text with only its
    # own name blanked, with its place (container, kind, position among that container's definitions of its
    # kind): `RETRY_LIMIT = 3` -> `MAX_RETRIES = 3` where it was is a rename, `X = 0` elsewhere is not.
    shape_hash: int


class Import(NamedTuple):
    spec: str  # as written (quotes stripped; C system includes keep <...>)
    name: str  # for `from spec import name`, else ""
    line: int
    col: int
    end_line: int
    end_col: int


class Extract(NamedTuple):
    defs: list[Def]
    imports: list[Import]
    calls: list[tuple[str, str]]  # (caller qualified name or "" for module level, callee name)
    errors: bool  # the parse tree has ERROR nodes (kept anyway: tree-sitter recovers)


def _clean_spec(spec: str) -> str:
    spec = spec.strip().strip("\"'`")
    if spec.startswith("import "):  # captured whole declarations (Scala)
        spec = "".join(spec[7:].split())
        spec = spec.split("{")[0].split("=>")[0].rstrip(".")
    return spec


def language_of(path: str) -> str | None:
    manifest = MANIFESTS.get(path[path.rfind("/") + 1:])
    if manifest:
        return manifest
    dot = path.rfind(".")
    if dot < 0 or "/" in path[dot:]:
        return None
    return EXTENSIONS.get(path[dot:].lower())


# Nodes that only group items (a C header's include guard, `#if`/`#else` blocks): no pattern names them or
# starts at them and none is a definition, so their children are items of their own, each reused or
# extracted alone (tests/ingest/test_item_reuse.py checks the .scm files). Not an ERROR node: a query over a
# byte range inside one matched a root-level pattern that the whole query does not (psf/requests).
CONTAINERS = {
    "c": ("preproc_ifdef", "preproc_if", "preproc_else", "preproc_elif", "preproc_elifdef"),
    "cpp": ("preproc_ifdef", "preproc_if", "preproc_else", "preproc_elif", "preproc_elifdef"),
}


@lru_cache(maxsize=None)
def _tools(lang: str) -> tuple[Any, Any, frozenset[int]]:
    """The parser, the query and the kind ids of the language's CONTAINERS."""
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language, get_parser

    src = (QUERY_DIR / f"{QUERY_FILE.get(lang, lang)}.scm").read_text()
    # Our language names are the pack's own (a name it lacks fails here, at run time, like any parse).
    name = cast("SupportedLanguage", GRAMMAR.get(lang, lang))
    language = get_language(name)
    kinds = {language.id_for_node_kind(t, True) for t in CONTAINERS.get(lang, ())}
    return get_parser(name), Query(language, src), frozenset(k for k in kinds if k is not None)


def _items_of(root: Any, containers: frozenset[int]) -> list:
    """The root's children, each container among them replaced by its children (in source order)."""
    kids = root.children
    if not any(k.kind_id in containers for k in kids):
        return kids
    out: list = []
    stack = kids[::-1]
    while stack:
        k = stack.pop()
        if k.kind_id in containers and k.child_count:
            stack.extend(k.children[::-1])
        else:
            out.append(k)
    return out


def parse_tree(lang: str, data: bytes, prev: tuple[Any, bytes] | None = None) -> Any:
    """``data`` parsed; with ``prev`` (a tree of an earlier text of the same file, and that text),
    incrementally: the old tree is edited to match (``text_edits``; ``prev``'s tree is consumed) and
    tree-sitter reuses its unchanged subtrees. Either way the tree is the same as a fresh parse gives."""
    parser = _tools(lang)[0]
    if prev is None:
        return parser.parse(data)
    old_tree, old_data = prev
    for edit in text_edits(old_data, data):
        old_tree.edit(*edit)
    return parser.parse(data, old_tree)


def _hash(b: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(b, digest_size=8).digest(), "little", signed=True)


# An Extract as plain tuples (Def's and Import's fields in order): what a parse worker sends back. Pickling
# named tuples calls their Python constructor once per definition on the receiving side (the ingest's
# main process); plain tuples are rebuilt there with tuple.__new__ instead.
Packed = tuple[list[tuple], list[tuple], list[tuple[str, str]], bool]
_new = tuple.__new__


def unpack(p: Packed) -> Extract:
    defs, imports, calls, errors = p
    return Extract([_new(Def, d) for d in defs], [_new(Import, i) for i in imports], calls, errors)


# The last few parses asked to be remembered, by (language, text digest): an editor's buffer is parsed once
# per version for the working layer's facts (lore.ingest.worktree) and again for its diagnostics' anchors
# (lore.lsp.anchors); the second asks for the same bytes and gets the first's Extract (never mutated).
_RECENT: "OrderedDict[tuple[str, int, bytes], Extract]" = OrderedDict()
_RECENT_SIZE = 8
_recent_lock = threading.Lock()


def extract_source(lang: str, data: bytes, *, remember: bool = False) -> Extract:
    """Parse ``data`` (bytes of a ``lang`` file) and pull out its definitions, imports and calls.
    ``remember``: reuse (and keep) the result of the last few such calls for the very same bytes."""
    if not remember:
        return unpack(extract_packed(lang, data))
    key = (lang, len(data), hashlib.blake2b(data, digest_size=16).digest())
    with _recent_lock:
        hit = _RECENT.get(key)
        if hit is not None:
            _RECENT.move_to_end(key)
            return hit
    ex = unpack(extract_packed(lang, data))
    with _recent_lock:
        _RECENT[key] = ex
        while len(_RECENT) > _RECENT_SIZE:
            _RECENT.popitem(last=False)
    return ex


class Item:
    """A top-level item's finished extraction (a root child of the tree, or a child of a container among
    them: a function, a class, an impl, a statement), kept per path by a parse worker so that the item's next version, when tree-sitter reused its
    subtrees there (see ``extract_items``), costs neither query nor extraction: its rows are moved to where
    the item is now and the file's rows are assembled again.

    ``cands``: its definitions before the file-wide passes, in source order, each ``(key, (container, kind),
    Def's fields, tail, place, index)``; ``tail`` is a short definition's text with its name blanked (its
    shape hash also depends on its place, numbered file-wide; -1: not hashed yet); ``imports``: Import's
    fields; ``calls``: its (caller, callee) pairs when its functions at indexes ``drops`` are not kept (a
    definition whose kind and qualified name an earlier one of the file has is dropped, and its calls go to
    the function around it). ``start``: its first byte in the version it was last taken from. Lines are the
    file's when the item starts on ``row``; its columns hold while the text before it on that line
    (``prefix``, ``col`` bytes) is the same."""

    __slots__ = ("start", "size", "row", "col", "prefix", "cands", "imports", "drops", "calls")

    def __init__(self, start: int, size: int, row: int, col: int, prefix: bytes, cands: list[tuple],
                 imports: list[tuple], drops: tuple[int, ...], calls: set[tuple[str, str]]) -> None:
        self.start, self.size, self.row, self.col, self.prefix = start, size, row, col, prefix
        self.cands, self.imports, self.drops, self.calls = cands, imports, drops, calls

    def move(self, row: int) -> None:
        """Its lines as they are when the item starts on ``row`` (0-based)."""
        k = row - self.row
        self.row = row
        self.cands = [(c[0], c[1], (*d[:4], d[4] + k, d[5], d[6] + k, d[7], d[8] + k, *d[9:]), c[3], c[4], c[5])
                      for c in self.cands for d in (c[2],)]
        self.imports = [(i[0], i[1], i[2] + k, i[3], i[4] + k, i[5]) for i in self.imports]


# An item without definitions, imports or calls stays so wherever it moves: one shared record.
_EMPTY = Item(0, 0, 0, 0, b"", [], [], (), set())


class Items(dict):
    """A version's Items by each top-level item's identity (``_identity``), that version's bytes (``data``:
    a reused item's bytes are compared with its bytes there) and its root's symbol (``root``: patterns
    rooted at the root, `(source_file (const_item …))`, match an item only under that root; a broken file's
    root is an ERROR)."""

    __slots__ = ("data", "root", "idents")

    def __init__(self, data: bytes, root: int) -> None:
        super().__init__()
        self.data, self.root = data, root
        # Node.id -> identity of this version's items: an item of the next version in the same slot (its
        # parent array reused, so the same subtree) has the same identity, not computed again.
        self.idents: dict[int, tuple] = {}


def _identity(node: Any) -> tuple:
    """What identifies a top-level item's subtree across an incremental parse, with its bytes (compared by
    the caller). A ``Node.id`` is the address of the node's slot in its parent's array of children, so it
    is new whenever the parent was rebuilt: the root always is, and tree-sitter rebuilds many items whose
    parts it reused (a Python function whose block it kept; every function of a C file). So an item is
    identified by its symbol and size, each child's symbol and place in it, and, for a child with children,
    its children's ids: slots inside that child's own subtree, which keep their address when tree-sitter
    reused it. Both trees are alive while ids are compared: an equal address is the same slot of the same
    reused subtree, never a new allocation. An item of tokens alone (`const X: u32 = 4;`) has no ids: its
    symbols, places and bytes are all there is to it, and two equal ones share an identity."""
    s = node.start_byte
    key: list = [node.kind_id, node.end_byte - s]
    for c in node.children:
        key.append(c.kind_id)
        key.append(c.start_byte - s)
        key.append(c.end_byte - s)
        if c.child_count:
            key.append(tuple([g.id for g in c.children]))
    return tuple(key)


def extract_packed(lang: str, data: bytes, tree: Any = None, shapes: dict[int, int] | None = None) -> Packed:
    """``extract_source`` as plain tuples (see ``Packed``); ``tree``: ``data`` already parsed
    (``parse_tree``); ``shapes``: body hash -> shape hash of long definitions seen before (a long
    definition's shape depends on its text alone: most definitions of a file's next version are unchanged)."""
    return extract_items(lang, data, tree, shapes)[0]


def extract_items(lang: str, data: bytes, tree: Any = None, shapes: dict[int, int] | None = None,
                  prev: Items | None = None) -> tuple[Packed, Items]:
    """``extract_packed`` and this version's Items; ``prev``: the Items of the version ``tree`` was parsed
    from (``parse_tree``'s ``prev``, its tree still alive): an item whose subtree tree-sitter reused (the same
    symbol and children's ids, ``_identity``) and whose bytes are the same is neither queried nor extracted
    again. The result is the same as without ``prev`` (tests/ingest/test_item_reuse.py)."""
    if tree is None:
        tree = parse_tree(lang, data)
    root = tree.root_node
    kids = _items_of(root, _tools(lang)[2])
    items: list[Item] = []
    keys: list[tuple | None] = []  # each kid's identity (None: a leaf)
    todo: list[int] = []  # indexes of the kids extracted now
    if prev and prev.root != root.kind_id:
        prev = None
    taken: set[int] = set()  # the Items reused so far (an identity of leaves alone is not unique)
    old_data = prev.data if prev else b""
    for i, k in enumerate(kids):
        if not k.child_count:  # no pattern matches a node without children (tests/ingest/test_item_reuse.py)
            items.append(_EMPTY)
            keys.append(None)
            continue
        key = prev.idents.get(k.id) if prev else None
        if key is None:
            key = _identity(k)
        keys.append(key)
        it = prev.get(key) if prev else None
        if it is _EMPTY:
            items.append(it)
            continue
        if it is not None:
            s, e = k.start_byte, k.end_byte
            # An item already taken by an equal one of this version was moved there: its bytes are in ``data``.
            was = data if id(it) in taken else old_data
            if it.size == e - s and data[s:e] == was[it.start:it.start + it.size]:
                sp = k.start_point
                if it.col == sp[1] and (not it.col or data[s - it.col:s] == it.prefix):
                    if id(it) in taken:  # an item of leaves alone (`const X: u32 = 4;`) twice: a copy
                        it = Item(it.start, it.size, it.row, it.col, it.prefix, list(it.cands), it.imports,
                                  it.drops, it.calls)
                    taken.add(id(it))
                    it.start = s
                    if it.row != sp[0]:
                        it.move(sp[0])
                    items.append(it)
                    continue
        items.append(_EMPTY)  # replaced by _extract_kids
        todo.append(i)
    fresh: dict[int, tuple[list, list]] = {}  # item index -> its function spans and called names' offsets
    if todo:
        _extract_kids(lang, data, root, kids, todo, items, fresh, shapes)

    # File-wide: a definition whose (kind, qualified name) an earlier one has is dropped; places (a short
    # definition's rank among its container's definitions of its kind) are numbered over the file.
    seen: set[tuple[str, str]] = set()
    seen_add = seen.add
    places: dict[tuple[str, str], int] = {}
    places_get = places.get
    defs: list[tuple] = []
    defs_append = defs.append
    imports: list[tuple] = []
    calls: set[tuple[str, str]] = set()
    redo: list[tuple[int, tuple[int, ...]]] = []
    for n, it in enumerate(items):
        cands = it.cands
        drops: tuple[int, ...] = ()
        if cands:
            dropped: list[int] | None = None
            for c in cands:
                key = c[0]
                if key in seen:
                    if c[2][0] == "function":
                        if dropped is None:
                            dropped = []
                        dropped.append(c[5])
                    continue
                seen_add(key)
                ck = c[1]
                place = places[ck] = places_get(ck, -1) + 1
                if c[3] is not None and c[4] != place:
                    d = c[2]
                    c = (key, ck, (*d[:12], _hash(f"{ck[1]}\0{ck[0]}\0{place}\0".encode() + c[3])), c[3], place, c[5])
                    cands[c[5]] = c
                defs_append(c[2])
            if dropped is not None:
                drops = tuple(dropped)
        if n in fresh:
            spans, calls_at = fresh[n]
            it.drops, it.calls = drops, _item_calls(data, spans, calls_at, drops)
        elif drops != it.drops:
            redo.append((n, drops))  # its calls are attributed again: the item is queried again (rare)
            continue
        if it.imports:
            imports.extend(it.imports)
        if it.calls:
            calls |= it.calls
    if redo:
        again: dict[int, tuple[list, list]] = {}
        old = {n: items[n] for n, _d in redo}
        _extract_kids(lang, data, root, kids, [n for n, _d in redo], items, again, shapes)
        for n, drops in redo:
            it = items[n]
            it.cands = old[n].cands  # the same subtree: the same definitions, already placed above
            spans, calls_at = again[n]
            it.drops, it.calls = drops, _item_calls(data, spans, calls_at, drops)
            calls |= it.calls
        # Imports are in the file's order: gathered again with the re-extracted items in place.
        imports = [i for it in items for i in it.imports]
    if lang == "rust" and imports:
        imports = rustuse.file_imports(imports, data, {d[1] for d in defs if d[0] == "class"})
    now = Items(data, root.kind_id)
    idents = now.idents
    for k, ident, it in zip(kids, keys, items):
        if ident is not None:
            now[ident] = it
            idents[k.id] = ident
    return (defs, imports, sorted(calls), root.has_error), now


def _extract_kids(lang: str, data: bytes, root: Any, kids: list, todo: list[int], items: list[Item],
                  fresh: dict[int, tuple[list, list]], shapes: dict[int, int] | None) -> None:
    """Query and extract the root's children at indexes ``todo`` (ascending): each one's Item into
    ``items``, and its function spans and called names' offsets into ``fresh`` (its calls are attributed once
    the file-wide pass knows which of its functions are kept)."""
    from tree_sitter import QueryCursor

    query = _tools(lang)[1]
    ascii_only = data.isascii()

    def col_of(byte: int, col_bytes: int) -> int:
        if ascii_only or col_bytes == 0:
            return col_bytes
        return len(data[byte - col_bytes:byte].decode("utf-8", "replace"))

    def text(node: Any) -> str:
        return data[node.start_byte:node.end_byte].decode("utf-8", "replace")

    raw_defs: list[tuple[int, int, str, Any, Any, Any]] = []  # start, end, kind, node, name node, owner
    raw_imports: list[tuple[int, tuple]] = []  # start byte, Import's fields
    calls_at: list[tuple[int, int]] = []  # (start byte, end byte) of each called name
    cursor = QueryCursor(query)
    # The query walks only runs of items to extract; leaves between them (comments) have no matches and do
    # not split a run, so a first version is one run: the whole root.
    runs: list[Any] = []
    a = todo[0]
    for p, q in zip(todo, todo[1:] + [-1]):
        if q < 0 or any(kids[j].child_count for j in range(p + 1, q)):
            runs.append((kids[a].start_byte, kids[p].end_byte))
            a = q
    if len(runs) == 1 and not any(kids[j].child_count for j in range(todo[0])) and \
            not any(kids[j].child_count for j in range(todo[-1] + 1, len(kids))):
        runs = [root]
    for run in runs:
        if run is not root:
            cursor.set_byte_range(run[0], run[1])
        for _pattern, caps in cursor.matches(root):
            # Most matches are a call's name alone: taken first, as plain byte offsets.
            called = caps.get("call.name")
            if called is not None and len(caps) == 1:
                if len(called) == 1:
                    c = called[0]
                    calls_at.append((c.start_byte, c.end_byte))
                else:
                    calls_at.extend([(c.start_byte, c.end_byte) for c in called])
                continue
            for cap, nodes in caps.items():
                if cap.startswith("def."):
                    name_nodes = caps.get("name")
                    if not name_nodes:
                        continue
                    owner = caps.get("owner")
                    node = nodes[0]
                    raw_defs.append((node.start_byte, node.end_byte, cap[4:], node, name_nodes[0],
                                     owner[0] if owner else None))
                elif cap == "import":
                    specs = caps.get("import.spec")
                    if not specs:
                        continue
                    node = nodes[0]
                    if specs[0].type in rustuse.LIST_NODES:  # `use {a::X, b::{Y, Z}}`: each path, on its line
                        for path, at in rustuse.use_paths(specs[0], text):
                            sp, ep = at.start_point, at.end_point
                            raw_imports.append((node.start_byte, (path, "", sp[0] + 1, col_of(at.start_byte, sp[1]),
                                                                  ep[0] + 1, col_of(at.end_byte, ep[1]))))
                        continue
                    names = caps.get("import.name")
                    spec = _clean_spec(text(specs[0]))
                    if not spec or len(spec) > 500:
                        continue
                    sp, ep = node.start_point, node.end_point
                    raw_imports.append((node.start_byte, (spec, text(names[0]) if names else "", sp[0] + 1,
                                        col_of(node.start_byte, sp[1]), ep[0] + 1, col_of(node.end_byte, ep[1]))))
                elif cap == "call.name":
                    calls_at.extend([(c.start_byte, c.end_byte) for c in nodes])
                elif cap == "import.path":  # Rust: `anyhow::bail!`, its crate with no `use`
                    node = nodes[0]
                    crate_path = rustuse.path_crate(node, text)
                    if crate_path:
                        sp, ep = node.start_point, node.end_point
                        raw_imports.append((node.start_byte, (crate_path, rustuse.BY_PATH, sp[0] + 1,
                                                              col_of(node.start_byte, sp[1]), ep[0] + 1,
                                                              col_of(node.end_byte, ep[1]))))

    # Each match to the item it lies in (nodes nest: a match lies in one root child), by sweeps in order.
    raw_defs.sort(key=lambda d: (d[0], -d[1]))
    calls_at.sort()
    bounds = [(kids[n].start_byte, kids[n].end_byte) for n in todo]
    by_item: dict[int, list[tuple]] = {}  # position in todo -> its imports, in the query's order
    if raw_imports:
        starts = [b[0] for b in bounds]
        for b, i in raw_imports:
            t = bisect_right(starts, b) - 1
            if t >= 0 and b < bounds[t][1]:
                by_item.setdefault(t, []).append(i)
    di = ci = 0
    nd, nc = len(raw_defs), len(calls_at)
    for t, n in enumerate(todo):
        k = kids[n]
        s, e = bounds[t]
        item_defs, di = _rows_within(raw_defs, nd, di, s, e)
        item_calls, ci = _rows_within(calls_at, nc, ci, s, e)
        item_imports = by_item.get(t, [])
        if item_imports:
            # `from pkg import name`: the named form (pkg.name, else pkg) replaces the bare one.
            named = {(i[2], i[3], i[0]) for i in item_imports if i[1]}
            item_imports = [i for i in item_imports if i[1] or (i[2], i[3], i[0]) not in named]
        cands, spans = _item_defs(data, item_defs, ascii_only, col_of, text, shapes) if item_defs else ([], [])
        if not cands and not item_imports and not item_calls:
            items[n] = _EMPTY
            continue
        sp = k.start_point
        col = sp[1]
        items[n] = Item(s, e - s, sp[0], col, data[s - col:s] if col else b"", cands, item_imports, (), set())
        fresh[n] = (spans, item_calls)


def _item_defs(data: bytes, raw_defs: list[tuple], ascii_only: bool, col_of: Any, text: Any,
               shapes: dict[int, int] | None) -> tuple[list[tuple], list[tuple[int, int, str, int]]]:
    """One top-level item's definitions (its ``raw_defs`` sorted by start, then longest first) as Item's
    ``cands``, and its functions' spans (start, end, qualified name, index in cands). Nesting is decided by
    one sweep in source order; which are dropped as repeats, and short definitions' shapes (they depend on
    the place) are the file-wide pass's."""
    # (end byte, whether a function encloses or is this entry, the innermost class's qualified name or None)
    stack: list[tuple[int, bool, str | None]] = []
    defs: list[tuple] = []  # Def's fields
    meta: list[tuple[tuple[str, str], tuple[str, str], bytes | None]] = []  # key, (container, kind), tail
    spans: list[tuple[int, int, str, int]] = []
    multi: list[tuple[int, int, int]] = []  # definitions of three lines or more: index in defs, start, end
    blake2b, from_bytes = hashlib.blake2b, int.from_bytes  # _hash, inlined: the loop runs per definition
    for start, end, kind, node, name_node, owner in raw_defs:
        while stack and stack[-1][0] <= start:
            stack.pop()
        static = kind == "field.static"
        base = "field" if static else kind
        name_start, name_end = name_node.start_byte, name_node.end_byte
        name = data[name_start:name_end].decode("utf-8", "replace").strip().lstrip("@#")  # @attr, #private
        if stack:
            in_function, inner_class = stack[-1][1], stack[-1][2]
        else:
            in_function, inner_class = False, None
        if base == "field":
            keep = inner_class is not None or owner is not None
            qual = (text(owner) if owner is not None else cast(str, inner_class)) + "." + name if keep else name
        elif base == "variable":
            keep = not stack
            qual = name
        else:
            keep = not in_function
            prefix = text(owner) if owner is not None else (inner_class or "")
            qual = f"{prefix}.{name}" if prefix else name
        if base == "function":
            stack.append((end, True, inner_class))
        elif base == "class":
            stack.append((end, in_function, qual))
        if not keep or not name or len(name) > 300:
            continue
        sp, ep, np_ = node.start_point, node.end_point, name_node.start_point
        container = qual.rsplit(".", 1)[0] if "." in qual else ""
        tail = None
        if ep[0] - sp[0] >= 2:
            multi.append((len(defs), start, end))  # every identifier blanked: hashed below, all at once
        elif start <= name_start and name_end <= end:
            tail = data[start:name_start] + b"_" + data[name_end:end]  # hashed with its place, file-wide
        if ascii_only:
            name_col = np_[1]
            defs.append((base, name, qual, static, sp[0] + 1, sp[1], ep[0] + 1, ep[1], np_[0] + 1, name_col,
                         name_col + len(name),
                         from_bytes(blake2b(data[start:end], digest_size=8).digest(), "little", signed=True), 0))
        else:
            name_col = col_of(name_start, np_[1])
            defs.append((base, name, qual, static, sp[0] + 1, col_of(start, sp[1]), ep[0] + 1, col_of(end, ep[1]),
                         np_[0] + 1, name_col, name_col + len(name), _hash(data[start:end]), 0))
        if base == "function":
            spans.append((start, end, qual, len(meta)))
        meta.append(((base, qual), (container, base), tail))

    if multi and shapes is not None:
        todo = []
        for m in multi:
            d = defs[m[0]]
            known = shapes.get(d[11])
            if known is None:
                todo.append(m)
            else:
                defs[m[0]] = (*d[:12], known)
        if todo:
            _blanked_shapes(data, defs, todo)
            if len(shapes) > 100_000:
                shapes.clear()
            for i, _s, _e in todo:
                shapes[defs[i][11]] = defs[i][12]
    elif multi:
        _blanked_shapes(data, defs, multi)
    return [(m[0], m[1], d, m[2], -1, i) for i, (m, d) in enumerate(zip(meta, defs))], spans


_NO_CALLS: set[tuple[str, str]] = set()  # shared, never mutated (the pass unions into its own set)


def _item_calls(data: bytes, spans: list[tuple[int, int, str, int]], calls_at: list[tuple[int, int]],
                drops: tuple[int, ...]) -> set[tuple[str, str]]:
    """An item's (caller, callee) pairs: a called name's caller is the innermost kept function around it
    (its functions at ``drops`` are not kept), "" at module level."""
    if not calls_at:
        return _NO_CALLS
    kept = sorted((s, e, q) for s, e, q, i in spans if i not in drops) if drops else \
        sorted((s, e, q) for s, e, q, _i in spans)
    raw_calls: set[tuple[str, bytes]] = set()
    open_spans: list[tuple[int, int, str]] = []
    i, n = 0, len(kept)
    for pos, call_end in calls_at:
        while i < n and kept[i][0] <= pos:
            open_spans.append(kept[i])
            i += 1
        while open_spans and open_spans[-1][1] <= pos:
            open_spans.pop()
        # The top of the stack starts at or before pos and ends after it: the innermost function.
        if data[pos] == 0x23:  # this.#retry(): a private method, named without its # as its definition is
            pos += 1
        raw_calls.add((open_spans[-1][2] if open_spans else "", data[pos:call_end]))
    # A name is called from many places: each distinct name is decoded once, into one string (interned: the
    # same object in every item and version, pickled once per chunk to the ingest's process).
    calls: set[tuple[str, str]] = set()
    decoded: dict[bytes, str] = {}
    for caller, raw in raw_calls:
        callee = decoded.get(raw)
        if callee is None:
            callee = decoded[raw] = sys.intern(raw.decode("utf-8", "replace").strip())
        if callee and len(callee) <= 300:
            calls.add((caller, callee))
    return calls


_ID_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _blanked_shapes(data: bytes, defs: list[tuple], multi: list[tuple[int, int, int]]) -> None:
    """Shape hashes of long definitions: each one's text with every identifier blanked (the pieces between
    identifiers joined with "_", what _IDENT.sub(b"_") gives). Nested definitions share text (a class and its
    methods), so the text between consecutive definition boundaries is blanked once and each definition's
    blanked text is a slice of the joined pieces. That equals blanking each body alone unless a boundary
    falls inside a run of identifier characters; then each body is blanked on its own."""
    bounds = sorted({b for _i, s, e in multi for b in (s, e)})
    n = len(data)
    if any(0 < b < n and data[b - 1] in _ID_BYTES and data[b] in _ID_BYTES for b in bounds):
        for i, s, e in multi:
            defs[i] = (*defs[i][:12], _hash(b"_".join(_IDENT.split(data[s:e]))))
        return
    pieces: list[bytes] = []
    at: dict[int, int] = {bounds[0]: 0}  # boundary -> offset in the blanked text
    size = 0
    for a, b in zip(bounds, bounds[1:]):
        piece = b"_".join(_IDENT.split(data[a:b]))
        pieces.append(piece)
        size += len(piece)
        at[b] = size
    blanked = b"".join(pieces)
    for i, s, e in multi:
        defs[i] = (*defs[i][:12], _hash(blanked[at[s]:at[e]]))


def max_file_items() -> int:
    try:
        return max(1, int(os.environ.get("LORE_MAX_FILE_ITEMS") or DEFAULT_MAX_FILE_ITEMS))
    except ValueError:
        return DEFAULT_MAX_FILE_ITEMS


def too_many_items(defs: list, imports: list, calls: list, path: str) -> bool:
    """Whether a file's extraction is over ``LORE_MAX_FILE_ITEMS`` (said in the log when it is)."""
    n, cap = len(defs) + len(imports) + len(calls), max_file_items()
    if n <= cap:
        return False
    log.warning("%s: %d definitions, imports and calls, more than %d (LORE_MAX_FILE_ITEMS): tracked as a "
                "module, its structure not kept", path or "a file", n, cap)
    return True


def looks_binary(data: bytes) -> bool:
    return b"\x00" in data[:8000]


def extract_definitions(path: str, text: str | bytes) -> dict[str, Any]:
    """For the editor: the definitions and imports of one file's current text, with the idents the
    ingester gives them. Ranges: 1-based lines, 0-based columns in code points.

    Returns ``{"language": str|None, "module": ident, "definitions": [...], "imports": [...]}``; a file in a
    language Lore does not parse has empty lists. Raises LoreError for non-text input."""
    if not isinstance(path, str) or not path or "\x00" in path:
        raise LoreError("bad-path", "path must be a non-empty string")
    if isinstance(text, str):
        data = text.encode("utf-8", "surrogatepass")
    elif isinstance(text, (bytes, bytearray)):
        data = bytes(text)
    else:
        raise LoreError("bad-text", "text must be a string or bytes")
    rel = path.replace("\\", "/").lstrip("/")
    lang = language_of(rel)
    out: dict[str, Any] = {"language": lang, "module": module_ident(rel), "definitions": [], "imports": []}
    if lang is None or len(data) > MAX_SOURCE_BYTES or looks_binary(data):
        return out
    ex = extract_source(lang, data)
    if too_many_items(ex.defs, ex.imports, ex.calls, rel):
        return out
    mslug = slug(rel)
    for d in ex.defs:
        out["definitions"].append({
            "kind": d.kind, "name": d.name, "qualified_name": d.qname, "entity": def_ident(d.kind, mslug, d.qname),
            "static": d.static,
            "range": {"line": d.line, "col": d.col, "end_line": d.end_line, "end_col": d.end_col},
            "name_range": {"line": d.name_line, "col": d.name_col, "end_line": d.name_line,
                           "end_col": d.name_end_col},
        })
    for im in ex.imports:
        out["imports"].append({"spec": im.spec, "name": im.name,
                               "range": {"line": im.line, "col": im.col, "end_line": im.end_line,
                                         "end_col": im.end_col}})
    return out


def _rows_within(rows: list, n: int, i: int, start: int, end: int) -> tuple[list, int]:
    """The rows (sorted by their first field, a byte offset) from index i on that lie in [start, end), and the
    index after them: items come in byte order, so each list is walked once."""
    while i < n and rows[i][0] < start:
        i += 1
    j = i
    while j < n and rows[j][0] < end:
        j += 1
    return rows[i:j], j

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
import re
import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from lore.errors import LoreError
from lore.idents import def_ident, module_ident, slug

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
QUERY_DIR = Path(__file__).with_name("queries")
# Grammars that share another's query file (TSX is TypeScript's grammar with JSX added).
QUERY_FILE = {"tsx": "typescript"}

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
    dot = path.rfind(".")
    if dot < 0 or "/" in path[dot:]:
        return None
    return EXTENSIONS.get(path[dot:].lower())


@lru_cache(maxsize=None)
def _tools(lang: str) -> tuple[Any, Any]:
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language, get_parser

    src = (QUERY_DIR / f"{QUERY_FILE.get(lang, lang)}.scm").read_text()
    # Our language names are the pack's own (a name it lacks fails here, at run time, like any parse).
    name = cast("SupportedLanguage", lang)
    return get_parser(name), Query(get_language(name), src)


def _point(data: bytes, byte: int) -> tuple[int, int]:
    row = data.count(b"\n", 0, byte)
    return row, byte - (data.rfind(b"\n", 0, byte) + 1)


def text_edit(old: bytes, new: bytes) -> tuple[int, int, int, tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The one edit that turns ``old`` into ``new``: their common prefix and suffix kept, what lies between
    replaced (``Tree.edit``'s arguments: start, old end, new end bytes, then the same as points)."""
    n = min(len(old), len(new))
    lo, hi = 0, n
    while lo < hi:  # the longest common prefix, by halving (slice comparisons run at memcmp speed)
        m = (lo + hi + 1) // 2
        if old[:m] == new[:m]:
            lo = m
        else:
            hi = m - 1
    start = lo
    lo, hi = 0, n - start
    lo_old, lo_new = len(old), len(new)
    while lo < hi:
        m = (lo + hi + 1) // 2
        if old[lo_old - m:] == new[lo_new - m:]:
            lo = m
        else:
            hi = m - 1
    old_end, new_end = lo_old - lo, lo_new - lo
    return start, old_end, new_end, _point(old, start), _point(old, old_end), _point(new, new_end)


def parse_tree(lang: str, data: bytes, prev: tuple[Any, bytes] | None = None) -> Any:
    """``data`` parsed; with ``prev`` (a tree of an earlier text of the same file, and that text),
    incrementally: the old tree is edited to match (``prev``'s tree is consumed) and tree-sitter reuses its
    unchanged subtrees. Either way the tree is the same as a fresh parse gives."""
    parser = _tools(lang)[0]
    if prev is None:
        return parser.parse(data)
    old_tree, old_data = prev
    old_tree.edit(*text_edit(old_data, data))
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


def extract_packed(lang: str, data: bytes, tree: Any = None, shapes: dict[int, int] | None = None) -> Packed:
    """``extract_source`` as plain tuples (see ``Packed``); ``tree``: ``data`` already parsed
    (``parse_tree``); ``shapes``: body hash -> shape hash of long definitions seen before (a long
    definition's shape depends on its text alone: most definitions of a file's next version are unchanged)."""
    from tree_sitter import QueryCursor

    query = _tools(lang)[1]
    if tree is None:
        tree = parse_tree(lang, data)
    root = tree.root_node
    ascii_only = data.isascii()

    def col_of(byte: int, col_bytes: int) -> int:
        if ascii_only or col_bytes == 0:
            return col_bytes
        return len(data[byte - col_bytes:byte].decode("utf-8", "replace"))

    def text(node: Any) -> str:
        return data[node.start_byte:node.end_byte].decode("utf-8", "replace")

    raw_defs: list[tuple[int, int, str, Any, Any, Any]] = []  # start, end, kind, node, name node, owner
    imports: list[tuple] = []  # Import's fields
    calls_at: list[tuple[int, int]] = []  # (start byte, end byte) of each called name
    for _pattern, caps in QueryCursor(query).matches(root):
        # Most matches are a call's name alone: taken first, as plain byte offsets.
        called = caps.get("call.name")
        if called is not None and len(caps) == 1:
            if len(called) == 1:
                n = called[0]
                calls_at.append((n.start_byte, n.end_byte))
            else:
                calls_at.extend([(n.start_byte, n.end_byte) for n in called])
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
                names = caps.get("import.name")
                spec = _clean_spec(text(specs[0]))
                if not spec or len(spec) > 500:
                    continue
                sp, ep = node.start_point, node.end_point
                imports.append((spec, text(names[0]) if names else "", sp[0] + 1,
                                col_of(node.start_byte, sp[1]), ep[0] + 1, col_of(node.end_byte, ep[1])))
            elif cap == "call.name":
                calls_at.extend([(n.start_byte, n.end_byte) for n in nodes])

    if imports:
        # `from pkg import name`: the named form (pkg.name, else pkg) replaces the bare one.
        named = {(i[2], i[3], i[0]) for i in imports if i[1]}  # (line, col, spec) of the named forms
        imports = [i for i in imports if i[1] or (i[2], i[3], i[0]) not in named]

    # One sweep in source order finds each definition's enclosing definitions.
    raw_defs.sort(key=lambda d: (d[0], -d[1]))
    defs: list[tuple] = []  # Def's fields
    seen: set[tuple[str, str]] = set()
    places: dict[tuple[str, str], int] = {}  # (container, kind) -> definitions of that kind seen in it
    # (end byte, whether a function encloses or is this entry, the innermost class's qualified name or None)
    stack: list[tuple[int, bool, str | None]] = []
    spans: list[tuple[int, int, str]] = []  # kept functions: start, end, qualified name (for calls)
    multi: list[tuple[int, int, int]] = []  # definitions of three lines or more: index in defs, start, end
    blake2b, from_bytes = hashlib.blake2b, int.from_bytes  # _hash, inlined: the loop runs per definition
    for start, end, kind, node, name_node, owner in raw_defs:
        while stack and stack[-1][0] <= start:
            stack.pop()
        static = kind == "field.static"
        base = "field" if static else kind
        name_start, name_end = name_node.start_byte, name_node.end_byte
        name = data[name_start:name_end].decode("utf-8", "replace").strip().lstrip("@")
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
        if not keep or not name or len(name) > 300 or (base, qual) in seen:
            continue
        seen.add((base, qual))
        sp, ep, np_ = node.start_point, node.end_point, name_node.start_point
        container = qual.rsplit(".", 1)[0] if "." in qual else ""
        place = places[(container, base)] = places.get((container, base), -1) + 1
        if ep[0] - sp[0] >= 2:
            shape = 0  # every identifier blanked: hashed below, all such definitions at once
            multi.append((len(defs), start, end))
        elif start <= name_start and name_end <= end:
            shape = from_bytes(blake2b(f"{base}\0{container}\0{place}\0".encode() + data[start:name_start] + b"_"
                                       + data[name_end:end], digest_size=8).digest(), "little", signed=True)
        else:
            shape = 0
        if ascii_only:
            name_col = np_[1]
            defs.append((base, name, qual, static, sp[0] + 1, sp[1], ep[0] + 1, ep[1], np_[0] + 1, name_col,
                         name_col + len(name),
                         from_bytes(blake2b(data[start:end], digest_size=8).digest(), "little", signed=True), shape))
        else:
            name_col = col_of(name_start, np_[1])
            defs.append((base, name, qual, static, sp[0] + 1, col_of(start, sp[1]), ep[0] + 1, col_of(end, ep[1]),
                         np_[0] + 1, name_col, name_col + len(name), _hash(data[start:end]), shape))
        if base == "function":
            spans.append((start, end, qual))

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

    calls: set[tuple[str, str]] = set()
    raw_calls: set[tuple[str, bytes]] = set()
    if calls_at:
        spans.sort()
        calls_at.sort()
        open_spans: list[tuple[int, int, str]] = []
        i = 0
        for pos, call_end in calls_at:
            while i < len(spans) and spans[i][0] <= pos:
                open_spans.append(spans[i])
                i += 1
            while open_spans and open_spans[-1][1] <= pos:
                open_spans.pop()
            # The top of the stack starts at or before pos and ends after it: the innermost function.
            raw_calls.add((open_spans[-1][2] if open_spans else "", data[pos:call_end]))
        # A name is called from many places: each distinct name is decoded once, into one string that all
        # its callers share (pickled once to the ingest's process, its hash computed there once).
        decoded: dict[bytes, str] = {}
        for caller, raw in raw_calls:
            callee = decoded.get(raw)
            if callee is None:
                callee = decoded[raw] = raw.decode("utf-8", "replace").strip()
            if callee and len(callee) <= 300:
                calls.add((caller, callee))
    return defs, imports, sorted(calls), root.has_error


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

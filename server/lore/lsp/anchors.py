"""The open buffer's own tree-sitter parse: where its definitions and imports are *now*.

Warnings and hovers are computed from the graph (the code as last ingested); the buffer may hold unsaved
edits that moved things. Diagnostics are re-anchored on the definition or import they name in this parse,
and a hover finds the symbol under the cursor here. Positions are 0-based lines and code-point columns
(pygls's server units); the caller converts them to the client's encoding.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

log = logging.getLogger("lore")

_QUERIES = Path(__file__).with_name("queries")
LANGUAGES = {".py": "python", ".pyi": "python", ".js": "javascript", ".mjs": "javascript",
             ".cjs": "javascript", ".jsx": "javascript", ".ts": "typescript", ".tsx": "tsx"}
_CLASS_NODES = {"class_definition", "class_declaration"}
MAX_PARSE_BYTES = 4 * 1024 * 1024  # a larger buffer is not parsed (anchors fall back to stored lines)


@dataclass
class Symbol:
    kind: str                 # "function" | "class" | "import"
    name: str                 # the identifier, or the imported module's text
    qualified_name: str       # Class.method for methods, else the name
    line: int                 # the name's range
    col: int
    end_line: int
    end_col: int
    body: tuple[int, int, int, int]  # the whole definition's range (start line, col, end line, col)

    def contains(self, line: int, col: int, *, body: bool = False) -> bool:
        sl, sc, el, ec = self.body if body else (self.line, self.col, self.end_line, self.end_col)
        return (sl, sc) <= (line, col) <= (el, ec)


def language_for(path: str) -> str | None:
    return LANGUAGES.get(Path(path).suffix.lower())


@lru_cache(maxsize=None)
def _tools(lang: str) -> tuple[Any, Any] | None:
    try:
        import tree_sitter as ts
        import tree_sitter_language_pack as pack

        language = pack.get_language(lang)
        query = ts.Query(language, (_QUERIES / f"{lang}.scm").read_text())
        return pack.get_parser(lang), query
    except Exception as exc:  # noqa: BLE001 - no grammar: no anchors, stored lines are used
        log.info("no tree-sitter anchors for %s: %s", lang, exc)
        return None


def _col(lines: list[bytes], row: int, byte_col: int) -> int:
    """tree-sitter's byte column -> code points."""
    if row >= len(lines):
        return byte_col
    return len(lines[row][:byte_col].decode("utf-8", "replace"))


def parse(text: str, path: str) -> list[Symbol]:
    lang = language_for(path)
    if lang is None:
        return []
    tools = _tools(lang)
    if tools is None:
        return []
    data = text.encode("utf-8", "surrogatepass")
    if len(data) > MAX_PARSE_BYTES:
        return []
    parser, query = tools
    import tree_sitter as ts

    tree = parser.parse(data)
    lines = data.split(b"\n")
    out: list[Symbol] = []
    for _, caps in ts.QueryCursor(query).matches(tree.root_node):
        for cap, nodes in caps.items():
            if not cap.startswith(("def.", "import")):
                continue
            for node in nodes:
                kind = cap.split(".", 1)[1] if cap.startswith("def.") else "import"
                name = data[node.start_byte:node.end_byte].decode("utf-8", "replace")
                body_node = node.parent if kind != "import" else node
                out.append(Symbol(
                    kind=kind, name=name, qualified_name=_qualified(node, name, data, kind),
                    line=node.start_point[0], col=_col(lines, *node.start_point),
                    end_line=node.end_point[0], end_col=_col(lines, *node.end_point),
                    body=(body_node.start_point[0], _col(lines, *body_node.start_point),
                          body_node.end_point[0], _col(lines, *body_node.end_point))))
    out.sort(key=lambda s: (s.line, s.col))
    return out


_CACHE: "OrderedDict[tuple[str, int, int], list[Symbol]]" = OrderedDict()
_CACHE_SIZE = 64
_cache_lock = threading.Lock()


def parse_document(doc: Any) -> list[Symbol]:
    """``parse`` for a pygls TextDocument, cached per (uri, version): a hover or a diagnostics refresh
    on an unchanged buffer does not parse it again (a 4,000-line file takes tens of milliseconds)."""
    text = doc.source
    key = (doc.uri, doc.version if doc.version is not None else -1, len(text))
    with _cache_lock:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit
    symbols = parse(text, doc.path or doc.uri)
    with _cache_lock:
        _CACHE[key] = symbols
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return symbols


def _qualified(node: Any, name: str, data: bytes, kind: str) -> str:
    if kind == "import":
        return name
    parts = [name]
    cur = node.parent.parent if node.parent is not None else None
    while cur is not None:
        if cur.type in _CLASS_NODES:
            n = cur.child_by_field_name("name")
            if n is not None:
                parts.append(data[n.start_byte:n.end_byte].decode("utf-8", "replace"))
        cur = cur.parent
    return ".".join(reversed(parts))


def find(symbols: list[Symbol], kind: str, name: str) -> Symbol | None:
    """The buffer's symbol a warning's anchor names: a definition by qualified or plain name, an import by
    module name (``a.b`` matches ``import a.b``, ``from a.b import x`` and, for ``a``, ``import a.b``)."""
    if not name:
        return None
    if kind == "import":
        want = name.lstrip(":").split("/")[-1]
        for s in symbols:
            if s.kind == "import" and (s.name == want or _slug(s.name) == _slug(want)):
                return s
        for s in symbols:
            if s.kind == "import" and s.name.split(".")[0] == want.split(".")[0]:
                return s
        return None
    defs = [s for s in symbols if s.kind != "import"]
    for s in defs:
        if s.qualified_name == name:
            return s
    for s in defs:
        if s.name == name.split(".")[-1]:
            return s
    return None


def at(symbols: list[Symbol], line: int, col: int) -> Symbol | None:
    """The symbol whose name is under the cursor, else the innermost definition around it."""
    for s in symbols:
        if s.contains(line, col):
            return s
    around = [s for s in symbols if s.kind != "import" and s.contains(line, col, body=True)]
    if around:
        return max(around, key=lambda s: (s.body[0], s.body[1]))
    return None


def word_at(line_text: str, col: int) -> str | None:
    for m in re.finditer(r"[A-Za-z_][A-Za-z0-9_]*", line_text):
        if m.start() <= col <= m.end():
            return m.group(0)
    return None


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")

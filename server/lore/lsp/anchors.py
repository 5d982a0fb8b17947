"""The open buffer's own tree-sitter parse: where its definitions and imports are *now*.

Warnings and hovers are computed from the graph (the code as last ingested); the buffer may hold unsaved
edits that moved things. Diagnostics are re-anchored on the definition or import they name in this parse,
and a hover finds the symbol under the cursor here. The parse is ingestion's own (lore.ingest.extract), so
every language ingestion reads has anchors, with the same qualified names. Positions are 0-based lines and
code-point columns (pygls's server units); the caller converts them to the client's encoding.
"""

from __future__ import annotations

import bisect
import logging
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from lore.idents import slug
from lore.ingest import extract

log = logging.getLogger("lore")

LANGUAGES = extract.EXTENSIONS  # file extension -> grammar: ingestion's list
MAX_PARSE_BYTES = 4 * 1024 * 1024  # a larger buffer is not parsed (anchors fall back to stored lines)
_HOVER_KINDS = ("function", "class", "import")  # what a hover names; variables and fields go by word
_IDENT_CHAR = re.compile(r"[A-Za-z0-9_$]")


@dataclass
class Symbol:
    kind: str                 # "function" | "class" | "variable" | "field" | "import"
    name: str                 # the identifier, or the imported module's text (its spec)
    qualified_name: str       # Class.method for methods (Type.Method for a Go method), else the name
    line: int                 # the name's range (an import: its module spec's)
    col: int
    end_line: int
    end_col: int
    body: tuple[int, int, int, int]  # the whole definition's or import's range (start line, col, end line, col)

    def contains(self, line: int, col: int, *, body: bool = False) -> bool:
        sl, sc, el, ec = self.body if body else (self.line, self.col, self.end_line, self.end_col)
        return (sl, sc) <= (line, col) <= (el, ec)


def language_for(path: str) -> str | None:
    return extract.language_of(path.replace("\\", "/"))


_broken: set[str] = set()  # grammars that failed once: logged once, not retried on every keystroke


def parse(text: str, path: str) -> list[Symbol]:
    lang = language_for(path)
    if lang is None or lang in _broken:
        return []
    data = text.encode("utf-8", "surrogatepass")
    if len(data) > MAX_PARSE_BYTES or extract.looks_binary(data):
        return []
    try:
        # The working layer parsed this very text for the buffer's facts a moment ago: that parse, not another.
        ex = extract.extract_source(lang, data, remember=True)
    except Exception as exc:  # noqa: BLE001 - no grammar or query: no anchors, stored lines are used
        _broken.add(lang)
        log.info("no tree-sitter anchors for %s: %s", lang, exc)
        return []
    out: list[Symbol] = []
    for d in ex.defs:
        # extract: 1-based lines, 0-based code-point columns; a name is on one line
        out.append(Symbol(kind=d.kind, name=d.name, qualified_name=d.qname,
                          line=d.name_line - 1, col=d.name_col, end_line=d.name_line - 1, end_col=d.name_end_col,
                          body=(d.line - 1, d.col, d.end_line - 1, d.end_col)))
    if ex.imports:
        offsets = _line_offsets(text)
        seen: set[tuple[str, int, int]] = set()
        for im in ex.imports:
            key = (im.spec, im.line, im.col)
            if key in seen:  # `from a import b, c`: one import of `a` here
                continue
            seen.add(key)
            body = (im.line - 1, im.col, im.end_line - 1, im.end_col)
            sl, sc, el, ec = _spec_range(text, offsets, body, im.spec)
            out.append(Symbol(kind="import", name=im.spec, qualified_name=im.spec,
                              line=sl, col=sc, end_line=el, end_col=ec, body=body))
    out.sort(key=lambda s: (s.line, s.col))
    return out


def _line_offsets(text: str) -> list[int]:
    """Code-point offset of each line's start (lines split on "\\n" only, as tree-sitter counts rows)."""
    offsets = [0]
    i = text.find("\n")
    while i >= 0:
        offsets.append(i + 1)
        i = text.find("\n", i + 1)
    return offsets


def _spec_range(text: str, offsets: list[int], body: tuple[int, int, int, int],
                spec: str) -> tuple[int, int, int, int]:
    """Where an import's module spec is written inside the import (``redis`` in ``import redis``,
    ``fmt`` in ``import "fmt"``); the whole import when it is not written as is (e.g. Scala's, reassembled)."""
    sl, sc, el, ec = body
    if not spec or sl >= len(offsets) or el >= len(offsets):
        return body
    start, end = offsets[sl] + sc, offsets[el] + ec
    i = text.find(spec, start, end)
    while i >= 0:
        j = i + len(spec)
        # a whole word: `port` is not the one inside `import`
        before_ok = i == 0 or not (_IDENT_CHAR.match(spec[0]) and _IDENT_CHAR.match(text[i - 1]))
        after_ok = j >= len(text) or not (_IDENT_CHAR.match(spec[-1]) and _IDENT_CHAR.match(text[j]))
        if before_ok and after_ok:
            li = bisect.bisect_right(offsets, i) - 1
            lj = bisect.bisect_right(offsets, j) - 1
            return li, i - offsets[li], lj, j - offsets[lj]
        i = text.find(spec, i + 1, end)
    return body


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


def find(symbols: list[Symbol], kind: str, name: str) -> Symbol | None:
    """The buffer's symbol a warning's anchor names: a definition by qualified or plain name, an import by
    module name (``a.b`` matches ``import a.b``, ``from a.b import x`` and, for ``a``, ``import a.b``)."""
    if not name:
        return None
    if kind == "import":
        found = imports_of(symbols, name)
        return found[0] if found else None
    defs = [s for s in symbols if s.kind != "import"]
    for s in defs:
        if s.qualified_name == name:
            return s
    plain = name.split(".")[-1]
    # functions and classes before variables and fields of the same plain name
    for s in sorted(defs, key=lambda s: s.kind not in ("function", "class")):
        if s.name == plain:
            return s
    return None


def imports_of(symbols: list[Symbol], name: str) -> list[Symbol]:
    """Every import in the buffer of the module a warning's anchor names, in buffer order: those that say it
    exactly (``import a.b``, ``from a.b import x``), else those under its top package (``import a.b`` for
    ``a``). A module imported twice (a second ``import dotenv`` inside a function) is warned at each import,
    as a linter flags each banned import."""
    if not name:
        return []
    want = name.lstrip(":").split("/")[-1] if name.startswith(":") else name
    exact = [s for s in symbols if s.kind == "import" and (s.name == want or slug(s.name) == slug(want))]
    if exact or "/" in want:  # a path-like spec (Go, JS): its first dotted part is a host, not a package
        return exact
    top = want.split(".")[0]
    return [s for s in symbols if s.kind == "import" and s.name.split(".")[0] == top]


def at(symbols: list[Symbol], line: int, col: int) -> Symbol | None:
    """The function, class or import whose name is under the cursor, else the innermost function or class
    around it."""
    named = [s for s in symbols if s.kind in _HOVER_KINDS]
    for s in named:
        if s.contains(line, col):
            return s
    around = [s for s in named if s.kind != "import" and s.contains(line, col, body=True)]
    if around:
        return max(around, key=lambda s: (s.body[0], s.body[1]))
    return None


def word_at(line_text: str, col: int) -> str | None:
    for m in re.finditer(r"[A-Za-z_][A-Za-z0-9_]*", line_text):
        if m.start() <= col <= m.end():
            return m.group(0)
    return None

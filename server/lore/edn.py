"""A small EDN reader for transactions, queries and rules.

Reads keywords, symbols, strings with escapes, integers, floats, booleans, ``nil``, ``#inst``, ``#uuid``,
vectors, lists, maps and sets; ``;`` comments and ``#_`` discards. Every error names what is wrong and
where (offset, line, column). Containers and symbols remember where they started so later stages
(the query parser, the transaction builder) can point at the exact clause that is wrong.
"""

from __future__ import annotations

import uuid as _uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from lore.errors import LoreError
from lore.timeutil import from_micros, parse_instant

MAX_TEXT = 16 * 1024 * 1024  # a whole EDN text; values have their own limit in the store


@dataclass(frozen=True)
class Pos:
    offset: int
    line: int
    column: int

    def to_json(self) -> dict[str, int]:
        return {"offset": self.offset, "line": self.line, "column": self.column}


class Keyword(str):
    """``:ns/name`` -- kept as the text after the colon. ``Keyword('a/b')`` prints as ``:a/b``."""

    __slots__ = ("pos",)
    pos: Pos | None

    def __new__(cls, name: str, pos: Pos | None = None) -> "Keyword":
        obj = super().__new__(cls, name)
        obj.pos = pos
        return obj

    @property
    def ident(self) -> str:
        return ":" + str(self)

    def __repr__(self) -> str:
        return ":" + str(self)

    # str's hash/eq would make Keyword('a') == 'a'; keep keywords distinct from strings.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyword) and str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((":", str(self)))


class Symbol(str):
    """A bare symbol: ``?x``, ``_``, ``$name``, ``contains?``, ``<``."""

    __slots__ = ("pos",)
    pos: Pos | None

    def __new__(cls, name: str, pos: Pos | None = None) -> "Symbol":
        obj = super().__new__(cls, name)
        obj.pos = pos
        return obj

    def __repr__(self) -> str:
        return str(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Symbol) and str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(("sym", str(self)))


class Vector(list):
    """``[...]``"""

    pos: Pos | None = None

    def __repr__(self) -> str:
        return "[" + " ".join(map(repr, self)) + "]"


class PList(list):
    """``(...)``"""

    pos: Pos | None = None

    def __repr__(self) -> str:
        return "(" + " ".join(map(repr, self)) + ")"


_Seq = TypeVar("_Seq", Vector, PList)


class Map(dict):
    """``{...}``"""

    pos: Pos | None = None


@dataclass(frozen=True)
class Instant:
    """``#inst "..."`` as UTC microseconds since the epoch."""

    micros: int

    def to_datetime(self) -> datetime:
        return from_micros(self.micros)


_DELIMS = set(" \t\r\n,;()[]{}\"")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "b": "\b", "f": "\f", "/": "/"}


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.n = len(text)
        # line starts, for offset -> (line, column)
        self._lines = [0]
        for idx, ch in enumerate(text):
            if ch == "\n":
                self._lines.append(idx + 1)

    def pos(self, offset: int | None = None) -> Pos:
        off = self.i if offset is None else offset
        lo, hi = 0, len(self._lines) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._lines[mid] <= off:
                lo = mid
            else:
                hi = mid - 1
        return Pos(off, lo + 1, off - self._lines[lo] + 1)

    def fail(self, message: str, offset: int | None = None) -> LoreError:
        p = self.pos(offset)
        return LoreError("edn-syntax", f"{message} (line {p.line}, column {p.column})", p.to_json())

    def skip_ws(self) -> None:
        t, n = self.text, self.n
        while self.i < n:
            ch = t[self.i]
            if ch in " \t\r\n,":
                self.i += 1
            elif ch == ";":
                while self.i < n and t[self.i] != "\n":
                    self.i += 1
            elif ch == "#" and self.i + 1 < n and t[self.i + 1] == "_":
                self.i += 2
                self.read()  # discard the next form
            else:
                return

    def read(self) -> Any:
        self.skip_ws()
        if self.i >= self.n:
            raise self.fail("unexpected end of input")
        t = self.text
        ch = t[self.i]
        start = self.i
        if ch == "[":
            return self._seq(Vector(), "]", start)
        if ch == "(":
            return self._seq(PList(), ")", start)
        if ch == "{":
            return self._map(start)
        if ch in ")]}":
            raise self.fail(f"unexpected '{ch}'")
        if ch == '"':
            return self._string()
        if ch == ":":
            self.i += 1
            tok = self._token()
            if not tok or tok.startswith(":"):
                raise self.fail("a keyword needs a name after ':'", start)
            if tok.endswith("/") or tok.startswith("/") and tok != "/":
                raise self.fail(f"malformed keyword ':{tok}'", start)
            return Keyword(tok, self.pos(start))
        if ch == "#":
            return self._dispatch(start)
        if ch == "\\":
            raise self.fail("character literals are not supported; use a string")
        tok = self._token()
        if not tok:
            raise self.fail(f"unexpected character {ch!r}")
        return self._atom(tok, start)

    def _token(self) -> str:
        t, n = self.text, self.n
        j = self.i
        while j < n and t[j] not in _DELIMS:
            j += 1
        tok = t[self.i : j]
        self.i = j
        return tok

    def _seq(self, out: _Seq, close: str, start: int) -> _Seq:
        out.pos = self.pos(start)
        self.i += 1
        while True:
            self.skip_ws()
            if self.i >= self.n:
                raise self.fail(f"'{self.text[start]}' opened here is never closed", start)
            if self.text[self.i] == close:
                self.i += 1
                return out
            if self.text[self.i] in ")]}":
                raise self.fail(f"expected '{close}' but found '{self.text[self.i]}'")
            out.append(self.read())

    def _map(self, start: int) -> Map:
        items = self._seq(PList(), "}", start)
        if len(items) % 2:
            raise self.fail("a map needs an even number of forms (key value pairs)", start)
        out = Map()
        out.pos = self.pos(start)
        for k, v in zip(items[0::2], items[1::2]):
            try:
                out[k] = v
            except TypeError:
                raise self.fail("a map key must be a keyword, string or number", start) from None
        return out

    def _string(self) -> str:
        t, n = self.text, self.n
        start = self.i
        self.i += 1
        parts: list[str] = []
        seg = self.i
        while True:
            if self.i >= n:
                raise self.fail("string opened here is never closed", start)
            ch = t[self.i]
            if ch == '"':
                parts.append(t[seg : self.i])
                self.i += 1
                return "".join(parts)
            if ch == "\\":
                parts.append(t[seg : self.i])
                if self.i + 1 >= n:
                    raise self.fail("string opened here is never closed", start)
                esc = t[self.i + 1]
                if esc in _ESCAPES:
                    parts.append(_ESCAPES[esc])
                    self.i += 2
                elif esc == "u":
                    hexdigits = t[self.i + 2 : self.i + 6]
                    if len(hexdigits) != 4 or any(c not in "0123456789abcdefABCDEF" for c in hexdigits):
                        raise self.fail("\\u needs four hex digits")
                    code = int(hexdigits, 16)
                    self.i += 6
                    if 0xD800 <= code <= 0xDBFF and t[self.i : self.i + 2] == "\\u":
                        low = t[self.i + 2 : self.i + 6]
                        if len(low) == 4 and all(c in "0123456789abcdefABCDEF" for c in low) \
                                and 0xDC00 <= int(low, 16) <= 0xDFFF:  # a UTF-16 pair: one character
                            code = 0x10000 + ((code - 0xD800) << 10) + (int(low, 16) - 0xDC00)
                            self.i += 6
                    if 0xD800 <= code <= 0xDFFF:
                        raise self.fail(f"\\u{hexdigits} is half of a UTF-16 pair, not a character")
                    parts.append(chr(code))
                else:
                    raise self.fail(f"unknown escape '\\{esc}' in string")
                seg = self.i
            else:
                self.i += 1

    def _dispatch(self, start: int) -> Any:
        t = self.text
        if self.i + 1 < self.n and t[self.i + 1] == "{":
            self.i += 1
            items = self._seq(PList(), "}", start)
            try:
                return frozenset(items)
            except TypeError:
                raise self.fail("a set may hold only keywords, strings, numbers and booleans", start) from None
        self.i += 1
        tag = self._token()
        if tag not in ("inst", "uuid"):
            raise self.fail(f"unknown tag '#{tag}' (supported: #inst, #uuid)", start)
        val = self.read()
        if not isinstance(val, str) or isinstance(val, (Keyword, Symbol)):
            raise self.fail(f"#{tag} takes a string", start)
        if tag == "inst":
            try:
                return Instant(parse_instant(val, what="#inst"))
            except LoreError as exc:
                raise LoreError(exc.code, exc.message, self.pos(start).to_json()) from None
        try:
            return _uuid.UUID(val)
        except ValueError:
            raise self.fail(f"#uuid {val!r} is not a UUID", start) from None

    def _atom(self, tok: str, start: int) -> Any:
        if tok == "nil":
            return None
        if tok == "true":
            return True
        if tok == "false":
            return False
        c0 = tok[0]
        if c0.isdigit() or (c0 in "+-" and len(tok) > 1 and tok[1].isdigit()):
            body = tok[:-1] if tok[-1] in "NM" else tok
            try:
                if any(c in body for c in ".eE"):
                    return float(body)
                return int(body, 10)
            except ValueError:
                raise self.fail(f"malformed number '{tok}'", start) from None
        return Symbol(tok, self.pos(start))


def read(text: str) -> Any:
    """Read exactly one EDN form from ``text``."""
    if not isinstance(text, str):
        raise LoreError("edn-syntax", f"expected EDN text, got {type(text).__name__}")
    check_text(text)
    r = _Reader(text)
    form = r.read()
    r.skip_ws()
    if r.i < r.n:
        raise r.fail("unexpected text after the end of the form")
    return form


def read_all(text: str) -> list[Any]:
    """Read every form in ``text`` (for rule files holding several rules)."""
    check_text(text)
    r = _Reader(text)
    out: list[Any] = []
    while True:
        r.skip_ws()
        if r.i >= r.n:
            return out
        out.append(r.read())


def check_text(text: str) -> None:
    if len(text) > MAX_TEXT:
        raise LoreError("too-large", f"EDN text is {len(text)} characters; the limit is {MAX_TEXT}")
    # Text that came from bytes that were not UTF-8 carries lone surrogates (surrogateescape).
    for idx, ch in enumerate(text):
        if "\ud800" <= ch <= "\udfff":
            raise LoreError("invalid-utf8", f"text is not valid UTF-8 (at character {idx})", {"offset": idx})


def dumps(value: Any) -> str:
    """Write a value back as EDN (used by explain output and exports)."""
    if value is None:
        return "nil"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, Keyword):
        return ":" + str(value)
    if isinstance(value, Symbol):
        return str(value)
    if isinstance(value, str):
        out = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        return '"' + out + '"'
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, Instant):
        from lore.timeutil import format_instant

        return f'#inst "{format_instant(value.micros)}"'
    if isinstance(value, _uuid.UUID):
        return f'#uuid "{value}"'
    if isinstance(value, Vector):
        return "[" + " ".join(dumps(v) for v in value) + "]"
    if isinstance(value, PList):
        return "(" + " ".join(dumps(v) for v in value) + ")"
    if isinstance(value, dict):
        return "{" + " ".join(f"{dumps(k)} {dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (set, frozenset)):
        return "#{" + " ".join(dumps(v) for v in value) + "}"
    if isinstance(value, list):
        return "[" + " ".join(dumps(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as EDN")

"""Typed values: from EDN to the store's (vt, v, vn) columns and back to JSON.

``(vt, v)`` is a value's identity: the type tag and the canonical text. ``vn`` shadows numbers and
instants so ordered comparisons are numeric. A keyword value is a reference to the entity with that ident.
"""

from __future__ import annotations

import math
import re
import uuid as _uuid
from typing import Any, NamedTuple

from lore.edn import Instant, Keyword, Symbol
from lore.errors import LoreError
from lore.idents import slug
from lore.timeutil import format_instant

# Values larger than this are refused: memory is for decisions, not for storing files.
MAX_VALUE_CHARS = 1_000_000

# SPEC §1: entity idents are lowercase, digits, '-', '_', '.', '?' with one optional namespace '/'.
IDENT_RE = re.compile(r"^[a-z0-9_.?\-]+(/[a-z0-9_.?\-]+)?$")
# Attributes are keywords too; allow the wider keyword alphabet but no spaces or brackets.
ATTR_RE = re.compile(r"^[A-Za-z0-9_.?!*+<>=\-]+(/[A-Za-z0-9_.?!*+<>=\-]+)?$")


class Value(NamedTuple):
    vt: str
    v: str
    vn: float | None


def check_ident(kw: Keyword, what: str = "entity") -> str:
    name = str(kw)
    if not IDENT_RE.match(name):
        hint = ""
        ns, _, rest = name.partition("/")
        if rest and ns and "/" in rest:
            # an import path typed as a keyword (:dependency/github.com/json-iterator/go)
            hint = f" (an import path is written as a string, \"{rest}\", or as :{slug(ns)}/{slug(rest)})"
        raise LoreError(
            "bad-ident",
            f"{what} ident :{name} is not valid: use lowercase letters, digits, '-', '_', '.', '?' "
            f"and one optional namespace, e.g. :decision/use-redis{hint}",
            kw.pos.to_json() if kw.pos else None,
        )
    return ":" + name


def entity_text(x: Any) -> str:
    """An entity position: a keyword ident or a ``#uuid``."""
    if isinstance(x, Keyword):
        return check_ident(x)
    if isinstance(x, _uuid.UUID):
        return str(x)
    raise LoreError("bad-entity", f"an entity must be a keyword ident (:ns/name) or #uuid, got {describe(x)}")


def attribute_text(x: Any) -> str:
    if not isinstance(x, Keyword):
        raise LoreError("bad-attribute", f"an attribute must be a keyword such as :description, got {describe(x)}")
    name = str(x)
    if not ATTR_RE.match(name):
        raise LoreError("bad-attribute", f"attribute :{name} has characters a keyword cannot have",
                        x.pos.to_json() if x.pos else None)
    return ":" + name


def encode(x: Any) -> Value:
    """An EDN value -> (vt, v, vn)."""
    if isinstance(x, bool):
        return Value("b", "true" if x else "false", None)
    if isinstance(x, Keyword):
        return Value("k", check_ident(x, "referenced"), None)
    if isinstance(x, Symbol):
        raise LoreError("bad-value", f"'{x}' is a symbol, not a value; quote text as a string",
                        x.pos.to_json() if x.pos else None)
    if isinstance(x, str):
        if len(x) > MAX_VALUE_CHARS:
            raise LoreError("value-too-large",
                            f"a string value has {len(x)} characters; the limit is {MAX_VALUE_CHARS}")
        return Value("s", x, None)
    if isinstance(x, int):
        if not -(2**63) <= x < 2**63:
            raise LoreError("bad-value", f"integer {x} does not fit in 64 bits")
        return Value("i", str(x), float(x))
    if isinstance(x, float):
        if math.isnan(x) or math.isinf(x):
            raise LoreError("bad-value", "NaN and infinite floats cannot be stored")
        return Value("f", repr(x), x)
    if isinstance(x, Instant):
        return Value("t", format_instant(x.micros) or "", x.micros / 1e6)
    if isinstance(x, _uuid.UUID):
        return Value("u", str(x), None)
    if x is None:
        raise LoreError("bad-value", "nil is not a value; retract the fact instead")
    raise LoreError("bad-value", f"{describe(x)} cannot be stored as a value")


def decode(vt: str, v: str) -> Any:
    """(vt, v) -> the JSON value SPEC §3 prescribes (refs and keywords as ':ns/name', instants RFC 3339)."""
    if vt == "s" or vt == "k" or vt == "t" or vt == "u":
        return v
    if vt == "i":
        return int(v)
    if vt == "f":
        return float(v)
    if vt == "b":
        return v == "true"
    return v


def describe(x: Any) -> str:
    if isinstance(x, list):
        return "a vector" if type(x).__name__ == "Vector" else "a list"
    if isinstance(x, dict):
        return "a map"
    if x is None:
        return "nil"
    return f"{type(x).__name__} {x!r}"

"""Bound values in SQL: a value is a triple of SQL expressions (type tag, canonical text, numeric
shadow) mirroring the store's (vt, v, vn) columns, so values of every type join and compare without
conversions in Python. The helpers here build the conditions that compare them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lore.errors import LoreError
from lore.query.parser import NUMERIC_TAGS
from lore.timeutil import FOREVER

PSEUDO = ("db/valid-from", "db/valid-to", "db/tx", "db/tx-instant", "db/inferred", "db/confidence", "db/rule")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2}))?$")
NULL_N = "NULL::DOUBLE"
TRUE, FALSE = "TRUE", "FALSE"


def err(code: str, message: str, pos: Any = None) -> LoreError:
    return LoreError(code, message, pos)


@dataclass
class T:
    """A value bound in SQL: type tag, canonical text, numeric shadow (SQL expressions)."""

    vt: str
    v: str
    vn: str = NULL_N
    ref: bool = False  # entity or attribute column: a keyword ident (type 'k')
    kt: str | None = None  # the type tag when known at compile time
    inst: str | None = None  # a constant string that reads as an instant: its epoch seconds (SQL)


def and_(*parts: str) -> str:
    ps = [p for p in parts if p != TRUE]
    if any(p == FALSE for p in ps):
        return FALSE
    if not ps:
        return TRUE
    return ps[0] if len(ps) == 1 else "(" + " AND ".join(ps) + ")"


def or_(parts: list[str]) -> str:
    ps = [p for p in parts if p != FALSE]
    if any(p == TRUE for p in ps):
        return TRUE
    if not ps:
        return FALSE
    return ps[0] if len(ps) == 1 else "(" + " OR ".join(ps) + ")"


def type_in(t: T, tags: tuple[str, ...]) -> str:
    if t.ref:
        return TRUE if "k" in tags else FALSE
    if t.kt is not None:
        return TRUE if t.kt in tags else FALSE
    if len(tags) == 1:
        return f"{t.vt} = '{tags[0]}'"
    return f"{t.vt} IN (" + ", ".join(f"'{x}'" for x in tags) + ")"


def eq(a: T, b: T) -> str:
    """Value identity: same type and same canonical text (an entity column equals a ref value)."""
    if a.ref and b.ref:
        return f"{a.v} = {b.v}"
    if a.ref or b.ref:
        r, o = (a, b) if a.ref else (b, a)
        return and_(type_in(o, ("k", "u")), f"{o.v} = {r.v}")
    if a.kt is not None and b.kt is not None:
        return f"{a.v} = {b.v}" if a.kt == b.kt else FALSE
    if a.kt is not None:
        return and_(f"{b.vt} = {a.vt}", f"{a.v} = {b.v}")
    return and_(f"{a.vt} = {b.vt}", f"{a.v} = {b.v}")


def compare(a: T, b: T, op: str) -> str:
    """Ordered comparison of like types: numbers, instants (also against an ISO string constant),
    strings, keywords. Mismatched types compare false (the row is dropped)."""
    cases = [
        and_(type_in(a, NUMERIC_TAGS), type_in(b, NUMERIC_TAGS), f"{a.vn} {op} {b.vn}"),
        and_(type_in(a, ("t",)), type_in(b, ("t",)), f"{a.vn} {op} {b.vn}"),
        and_(type_in(a, ("s",)), type_in(b, ("s",)), f"{a.v} {op} {b.v}"),
        and_(type_in(a, ("k",)), type_in(b, ("k",)), f"{a.v} {op} {b.v}"),
    ]
    if a.inst is not None:
        cases.append(and_(type_in(b, ("t",)), f"{a.inst} {op} {b.vn}"))
    if b.inst is not None:
        cases.append(and_(type_in(a, ("t",)), f"{a.vn} {op} {b.inst}"))
    return or_(cases)


def equal(a: T, b: T) -> str:
    """The = predicate: identity, or equal numbers of either numeric type, or an instant and its ISO text."""
    cases = [eq(a, b), and_(type_in(a, NUMERIC_TAGS), type_in(b, NUMERIC_TAGS), f"{a.vn} = {b.vn}")]
    if a.inst is not None:
        cases.append(and_(type_in(b, ("t",)), f"{a.inst} = {b.vn}"))
    if b.inst is not None:
        cases.append(and_(type_in(a, ("t",)), f"{a.vn} = {b.inst}"))
    return or_(cases)


def instant_term(col: str) -> T:
    """A microsecond column as an instant value (text RFC 3339 like timeutil.format_instant; open ends null)."""
    text = (f"CASE WHEN {col} >= {FOREVER} OR {col} <= -{FOREVER} THEN NULL "
            f"WHEN {col} % 1000000 = 0 THEN strftime(make_timestamp({col}), '%Y-%m-%dT%H:%M:%SZ') "
            f"ELSE strftime(make_timestamp({col}), '%Y-%m-%dT%H:%M:%S.%fZ') END")
    return T("'t'", text, f"CAST({col} AS DOUBLE) / 1000000.0", kt="t")


def rank_sql(tcol: str) -> str:
    """Sort order across types: numbers, instants, strings, keywords, booleans, uuids."""
    return (f"CASE {tcol} WHEN 'i' THEN 0 WHEN 'f' THEN 0 WHEN 't' THEN 1 WHEN 's' THEN 2 "
            f"WHEN 'k' THEN 3 WHEN 'b' THEN 4 ELSE 5 END")


def _cols(t: T, i: int) -> str:
    return f"{t.vt} AS t{i}, {t.v} AS v{i}, {_dbl(t.vn)} AS n{i}"


def _dbl(vn: str) -> str:
    # parameters and expressions need a type; columns and NULL::DOUBLE have one
    return vn if vn == NULL_N or re.fullmatch(r"[A-Za-z0-9_]+\.[A-Za-z0-9_]+", vn) else f"CAST({vn} AS DOUBLE)"

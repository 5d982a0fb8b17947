"""Row decoding: DuckDB rows of (type, text[, numeric]) column groups and aggregate columns -> JSON values."""

from __future__ import annotations

import operator
from typing import Any

from lore.query.values import err

_NUMERIC = {"i": int, "f": float}


def decode_row(row: tuple, columns: list[tuple[str, Any]]) -> list[Any]:
    out: list[Any] = []
    i = 0
    for kind, fn in columns:
        if kind == "var":
            t, v = row[i], row[i + 1]
            if v is None or t is None:
                out.append(None)
            elif t in _NUMERIC:
                out.append(_NUMERIC[t](v))
            elif t == "b":
                out.append(v == "true")
            else:  # strings, keywords, instants and uuids are their canonical text
                out.append(v)
            i += fn
        elif kind == "prov":
            out.append(sorted(set(row[i] or [])))
            i += 1
        elif kind == "int":
            out.append(None if row[i] is None else int(row[i]))
            i += 1
        elif fn in ("count", "count-distinct"):
            out.append(int(row[i]))
            i += 1
        elif fn in ("sum", "sum-distinct"):
            si, sf, allint, bad = row[i:i + 4]
            if bad:
                raise err("type-error", f"{fn} over values that are not numbers")
            out.append(int(si) if allint else sf)
            i += 4
        elif fn == "avg":
            val, bad = row[i:i + 2]
            if bad:
                raise err("type-error", "avg over values that are not numbers")
            out.append(val)
            i += 2
        else:
            s = row[i]
            out.append(None if s is None or s["v"] is None else decode_value(s["t"], s["v"]))
            i += 1
    return out


_TEXT = frozenset(("k", "s", "t", "u"))


def decode_rows(rows: list[tuple], columns: list[tuple[str, Any]]) -> list[list[Any]]:
    """Rows -> JSON values. When every column holds only text-valued types (keywords, strings, instants,
    uuids: their canonical text is the JSON value) the rows are sliced without per-value work."""
    if rows and all(k == "var" for k, _ in columns):
        idx, i = [], 0
        for _, width in columns:
            idx.append(i)
            i += width
        if all({r[j] for r in rows} <= _TEXT for j in idx):
            if len(idx) == 1:
                j = idx[0] + 1
                return [[r[j]] for r in rows]
            pick = operator.itemgetter(*[j + 1 for j in idx])
            return [list(pick(r)) for r in rows]
    return [decode_row(r, columns) for r in rows]


def decode_value(t: str, v: str) -> Any:
    from lore.store.values import decode

    return decode(t, v)

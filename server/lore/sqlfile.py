"""Named SQL statements kept in .sql files beside the code that runs them, and reading their one value.

A file holds statements each introduced by a line ``-- name: NAME``; everything up to the next such line is
that statement (surrounding whitespace and a trailing semicolon removed).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

_NAME = re.compile(r"^-- name: *(\S+) *$", re.M)


@lru_cache(maxsize=None)
def named_statements(path: str | Path) -> dict[str, str]:
    text = Path(path).read_text()
    out: dict[str, str] = {}
    marks = list(_NAME.finditer(text))
    for m, nxt in zip(marks, [*marks[1:], None]):
        body = text[m.end(): nxt.start() if nxt else len(text)].strip()
        out[m.group(1)] = body[:-1].rstrip() if body.endswith(";") else body
    return out


class _Result(Protocol):
    def fetchall(self) -> list[Any]: ...


def first_row(result: _Result) -> Any:
    """The first row of a statement's result (None when it has none), read to its end. Never ``fetchone()``:
    a result left half-read keeps its connection's transaction open, and on a thread's idle cursor that
    transaction, older than a later UPDATE's commit, makes every CHECKPOINT fail ("other write transactions
    active") until the cursor runs its next statement (DESIGN-CHOICES, the checkpoint stall)."""
    rows = result.fetchall()
    return rows[0] if rows else None


def scalar(result: _Result) -> Any:
    """The first value of a statement that always returns a row (``count(*)``, ``coalesce(max(x), 0)``, the
    row count an INSERT/UPDATE/DELETE returns): ``scalar(con.execute(sql, params))``."""
    row = first_row(result)
    if row is None:
        raise ValueError("the statement returned no row")
    return row[0]

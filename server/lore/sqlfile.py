"""Named SQL statements kept in .sql files beside the code that runs them.

A file holds statements each introduced by a line ``-- name: NAME``; everything up to the next such line is
that statement (surrounding whitespace and a trailing semicolon removed).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

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

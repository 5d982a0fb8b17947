"""What an ingest run keeps per tracked file, and the names its parts share.

A fact is keyed ``(e, a, vt, v)``. For every tracked file, ``FileState`` maps each open fact the file owns
(its module's and its definitions') to ``[valid-from, row id in the database or None]``.
"""

from __future__ import annotations

from pathlib import Path

from lore.sqlfile import named_statements
from lore.timeutil import format_instant

_HERE = Path(__file__).parent
SCHEMA_SQL = (_HERE / "schema.sql").read_text()
SQL = named_statements(_HERE / "state.sql")
US = 1_000_000
MAX_INSTANT_SECONDS = 253_402_300_799  # 9999-12-31T23:59:59Z: the last instant an RFC 3339 date can write
EVENT_ATTRS = frozenset({":introduced-by", ":modified-in", ":renamed-from", ":renamed-to"})

Key = tuple  # (e, a, vt, v)


def ref(x: str) -> tuple[str, str, float | None]:
    return ("k", x, None)


def sval(x: str) -> tuple[str, str, float | None]:
    return ("s", x, None)


def date_value(seconds: int | None) -> tuple[str, str, float] | None:
    """A commit's or tag's own date as written (even a wrong one), or None when it is no instant at all."""
    if seconds is None or not -62_135_596_800 <= seconds <= MAX_INSTANT_SECONDS:
        return None
    text = format_instant(seconds * US)
    return None if text is None else ("t", text, float(seconds))


class FileState:
    """The open facts one file owns: structural ones (recomputed from its text at each change) and event
    ones per entity (:introduced-by, :modified-in, :renamed-from: kept until the entity goes away).
    Each maps a fact key to [valid-from, already in the database]."""

    __slots__ = ("facts", "events", "last")

    def __init__(self) -> None:
        self.facts: dict[Key, list] = {}
        self.events: dict[str, dict[Key, list]] = {}
        # (text facts, edges) that ``facts`` holds exactly, as the last change computed them; None when
        # ``facts`` came from the database. The next change diffs against these parts: an unchanged text
        # part (the same cached frozenset) costs nothing, and the union is never rebuilt.
        self.last: tuple[frozenset, set] | None = None

    def ev(self, e: str) -> dict[Key, list]:
        d = self.events.get(e)
        if d is None:
            d = self.events[e] = {}
        return d

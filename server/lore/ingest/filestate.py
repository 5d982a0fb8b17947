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


class TextFacts:
    """The structural facts one version of a file's text gives: its module's (``module``) and, per definition
    (key (kind, name, qualified name, static)), the definition's entity and facts (``groups``). ``disjoint``:
    no two definitions share an entity, so no two groups share a fact and two versions are diffed group by
    group (an unchanged definition reuses its group, the same tuple), never fact by fact."""

    __slots__ = ("module", "groups", "disjoint")

    def __init__(self, module: frozenset, groups: dict[tuple, tuple[str, tuple]], disjoint: bool) -> None:
        self.module = module
        self.groups = groups
        self.disjoint = disjoint

    def all(self) -> set[Key]:
        out = set(self.module)
        for _e, facts in self.groups.values():
            out.update(facts)
        return out

    def changes(self, old: TextFacts) -> tuple[set[Key], set[Key]]:
        """(facts ``old`` has and this has not, facts this has and ``old`` has not)."""
        if not (self.disjoint and old.disjoint):
            a, b = old.all(), self.all()
            return a - b, b - a
        og, ng = old.groups, self.groups
        removed: list[Key] = []
        added: list[Key] = []
        for dk, g in ng.items():
            o = og.get(dk)
            if o is not g:
                if o is None:
                    added.extend(g[1])
                elif o[1] != g[1]:
                    removed.extend(o[1])
                    added.extend(g[1])
        for dk in og.keys() - ng.keys():
            removed.extend(og[dk][1])
        # Within one version the groups and the module's facts are disjoint, so what the two versions'
        # unchanged groups hold cancels out.
        rs, ad = set(removed), set(added)
        return (rs - ad).union(old.module - self.module), (ad - rs).union(self.module - old.module)


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
        self.last: tuple[TextFacts, set] | None = None

    def ev(self, e: str) -> dict[Key, list]:
        d = self.events.get(e)
        if d is None:
            d = self.events[e] = {}
        return d

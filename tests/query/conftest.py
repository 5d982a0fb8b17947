"""Fixtures for the query engine's tests: a real graph on disk and small helpers to fill and query it."""

from __future__ import annotations

import pytest

from lore.errors import LoreError
from lore.query.api import run_query
from lore.store.txdata import parse_tx


class Q:
    def __init__(self, graph) -> None:
        self.g = graph

    def tx(self, edn: str, valid_from: str | None = None, valid_to: str | None = None, kind: str = "add") -> int:
        from lore.timeutil import parse_instant

        vf = parse_instant(valid_from) if valid_from else None
        vt = parse_instant(valid_to) if valid_to else None
        return self.g.transact(parse_tx(edn, default_kind=kind), reason="test", source="cli",
                               valid_from=vf, valid_to=vt).tx

    def rows(self, text: str, **kw) -> list[list]:
        return run_query(self.g, text, **kw)["results"]

    def set(self, text: str, **kw) -> set[tuple]:
        return {tuple(r) for r in self.rows(text, **kw)}

    def error(self, text: str, **kw) -> LoreError:
        with pytest.raises(LoreError) as exc:
            run_query(self.g, text, **kw)
        return exc.value

    def rule(self, text: str) -> dict:
        from lore.query.rules import register

        return register(self.g, text)


@pytest.fixture
def q(graph) -> Q:
    return Q(graph)

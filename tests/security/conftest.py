"""Fixtures for the attack tests (issue 13, SPEC §7): a real graph with a few facts, the real CLI, and a
victim running `lore` inside a repository they cloned (clone.py)."""

from __future__ import annotations

import pytest

from lore.store.txdata import parse_tx

from .clone import new_victim

# A statement that never ends by itself: a cross join of two large ranges with a condition no row meets.
ENDLESS_SQL = "SELECT count(*) AS n FROM range(100000000) a, range(100000000) b WHERE a.range * b.range = -1"
# Rules whose fixpoint never ends: each round derives one more number.
ENDLESS_RULES = ("[(up ?x) [_ :n ?x]]", "[(up ?y) (up ?x) [(+ ?x 1) ?y]]")


@pytest.fixture
def filled(graph):
    graph.transact(parse_tx('[[:decision/db :description "Postgres"] [:x/a :n 0]]', default_kind="add"),
                   reason="test", source="cli")
    return graph


def facts_of(graph) -> list[tuple]:
    return graph.con.execute("SELECT e, a, v, tx_from, tx_to FROM facts ORDER BY id").fetchall()


@pytest.fixture
def victim(tmp_path):
    """A user running `lore` inside a repository they cloned (see clone.py)."""
    return new_victim(tmp_path)

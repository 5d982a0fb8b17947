"""Fixtures for the inference tests: a real graph file, writes through the real operations, and the
inference derivation run as the CLI runs it (right after the committed write)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lore import operations
from lore.inference.engine import Engine
from lore.inference.ops import derivation
from lore.store.graph import MAX_TX, Graph

CODE_TABLES = """
CREATE TABLE IF NOT EXISTS code_locations(entity VARCHAR, file VARCHAR, kind VARCHAR, name VARCHAR,
    qualified_name VARCHAR, line INTEGER, col INTEGER, end_line INTEGER, end_col INTEGER);
CREATE TABLE IF NOT EXISTS import_locations(module VARCHAR, target VARCHAR, spec VARCHAR, file VARCHAR,
    line INTEGER, col INTEGER, end_line INTEGER, end_col INTEGER);
"""


class G:
    """A graph plus the few verbs the tests need."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def write(self, edn: str, reason: str = "test", kind: str = "transact", **extra: Any) -> int:
        reply = operations.run(kind, self.graph, {"facts": edn, "reason": reason, **extra})
        assert reply["ok"], reply
        result = reply.pop("_result")
        derivation(self.graph, result)  # inference only, as the CLI would run it after the write
        return reply["tx"]

    def retract(self, edn: str, reason: str = "test") -> int:
        return self.write(edn, reason, kind="retract")

    def run(self, **kw: Any):
        return Engine(self.graph).run(**kw)

    def inferred(self, rule: str, *, as_of: int | None = None) -> dict[tuple[str, str], float]:
        """{(e, v): confidence} of a rule's conclusions now (or as of tx N), valid now."""
        if as_of is None:
            where = f"tx_to = {MAX_TX}"
            params: list[Any] = [rule]
        else:
            where = "tx_from <= ? AND tx_to > ?"
            params = [rule, as_of, as_of]
        with self.graph.lock:  # the scheduler's thread may be writing on the same connection
            rows = self.graph.con.execute(
                f"SELECT e, v, confidence FROM facts WHERE rule = ? AND {where}", params).fetchall()
        return {(e, v): c for e, v, c in rows}

    def rows(self, rule: str) -> list[tuple]:
        with self.graph.lock:
            return self.graph.con.execute(
                f"SELECT id, e, a, v, confidence, provenance, valid_from, valid_to FROM facts "
                f"WHERE rule = ? AND tx_to = {MAX_TX} ORDER BY e, v", [rule]).fetchall()

    def warnings(self, **kw: Any):
        from lore.inference.api import warnings

        return warnings(self.graph, **kw)

    def last_tx(self) -> int:
        return self.graph.last_tx()[0]

    def code_tables(self) -> None:
        self.graph.con.execute(CODE_TABLES)

    def sql(self, text: str, params: list | None = None) -> list[tuple]:
        with self.graph.lock:
            return self.graph.con.execute(text, params or []).fetchall()


@pytest.fixture
def g(tmp_path: Path):
    graph = Graph(tmp_path / ".lore" / "lore.duckdb")
    yield G(graph)
    graph.close()

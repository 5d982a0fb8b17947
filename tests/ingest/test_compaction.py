"""A large ingest run is followed by a compaction (facts sorted by entity) that changes no fact."""

from __future__ import annotations

from lore.ingest.api import ingest
from lore.store.graph import Graph


def _all_rows(g: Graph) -> list[tuple]:
    return sorted(g.con.execute("SELECT * FROM facts").fetchall(), key=repr)


def test_large_run_compacts_and_changes_no_fact(repo, tmp_path):
    for i in range(4):
        repo.write(f"pkg/m{i}.py", "".join(f"def f{i}_{k}():\n    return {k}\n\n" for k in range(20)))
        repo.commit(f"c{i}", f"2024-01-0{i + 1}T00:00:00Z")
    plain = Graph(tmp_path / "plain.duckdb")
    compacted = Graph(tmp_path / "compacted.duckdb")
    try:
        a = ingest(plain, str(repo.path))
        b = ingest(compacted, str(repo.path), compact_min_rows=1)
        assert "compacted" not in a and b["compacted"] is True
        # the same rows (ids included), now stored in entity order
        assert _all_rows(plain) == _all_rows(compacted)
        physical = [r[0] for r in compacted.con.execute("SELECT e FROM facts").fetchall()]
        assert physical == sorted(physical)
        # an incremental run afterwards still works on the compacted graph and writes nothing new
        again = ingest(compacted, str(repo.path), compact_min_rows=1)
        assert again.get("facts_written", 0) == 0 and "compacted" not in again
    finally:
        plain.close()
        compacted.close()

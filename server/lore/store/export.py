"""``lore export``: the graph's facts and transactions as Parquet, through Arrow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from lore.errors import LoreError
from lore.store.graph import MAX_TX, Graph


def export_parquet(graph: Graph, path: str, *, current_only: bool = False) -> dict[str, Any]:
    target = Path(path)
    where = f"WHERE tx_to = {MAX_TX}" if current_only else ""
    facts = graph.con.execute(f"SELECT * FROM facts {where} ORDER BY e, a, tx_from").to_arrow_table()
    txs = graph.con.execute("SELECT * FROM tx ORDER BY tx").to_arrow_table()
    assert facts is not None and txs is not None  # a SELECT always has a result table
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        pq.write_table(facts, str(target))
        tx_path = target.with_name(target.stem + ".tx.parquet")
        pq.write_table(txs, str(tx_path))
    except OSError as exc:
        raise LoreError("export-failed", f"cannot write {target}: {exc.strerror or exc}") from None
    return {"path": str(target), "tx_path": str(tx_path), "facts": facts.num_rows, "transactions": txs.num_rows}

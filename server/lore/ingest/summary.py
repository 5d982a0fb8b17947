"""A summary of what the graph knows about the repository now (``lore show``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lore.sqlfile import named_statements
from lore.store.graph import MAX_TX, Graph
from lore.timeutil import now_micros


def summary(graph: Graph) -> dict[str, Any]:
    now = now_micros()
    cur = f"tx_to = {MAX_TX} AND valid_from <= {now} AND valid_to > {now}"
    sql = {k: v.format(cur=cur, max_tx=MAX_TX)
           for k, v in named_statements(Path(__file__).with_name("summary.sql")).items()}
    con = graph.con
    types = dict(con.execute(sql["code_by_type"]).fetchall())
    return {
        "code": {k.split("/")[-1]: n for k, n in types.items() if k.startswith(":type/")},
        "languages": {ext or "(none)": n for ext, n in con.execute(sql["languages"]).fetchall()},
        "most_changed": [{"path": p, "commits": n} for p, n in con.execute(sql["most_changed"]).fetchall()],
        "recent_commits": [{"date": d, "subject": s} for d, s in con.execute(sql["recent_commits"]).fetchall()],
        "memories": dict(con.execute(sql["memories"]).fetchall()),
    }

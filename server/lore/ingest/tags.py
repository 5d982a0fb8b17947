"""Tags: each written once (new tags only), in their own transaction after the history."""

from __future__ import annotations

import os
from typing import Any, Callable

import pyarrow as pa

from lore import idents as S
from lore.errors import LoreError
from lore.ingest.filestate import SCHEMA_SQL, SQL, date_value
from lore.ingest.walk import list_tags
from lore.sqlfile import first_row
from lore.store.graph import MAX_TX, Graph
from lore.timeutil import FOREVER


def tag_pass(graph: Graph, repo: str, plausible: Callable[[int | None], int | None]) -> dict[str, Any]:
    """Tags are written once each (new tags only), in their own transaction; ``plausible`` turns a tag's
    date into valid time (None when no real tag can have it)."""
    try:
        tags = list_tags(repo)
    except LoreError:
        return {}
    g = graph
    with g.lock:
        g.con.execute(SCHEMA_SQL)
        state = first_row(g.con.execute("SELECT value FROM ingest_meta WHERE key = 'state'"))
        if state and state[0] == "3":
            known = {r[0] for r in g.con.execute(SQL["known"]).fetchall() if r[0].startswith(":tag/")}
        else:
            known = {r[0] for r in g.con.execute(SQL["known_tags"]).fetchall()}
    new = [(n, sha, when) for n, sha, when in tags if S.tag_ident(n) not in known]
    if not new:
        return {"tags": len(tags)}
    rows: list[tuple[str, str, str, str, float | None, int]] = []
    for name, sha, when in new:
        e = S.tag_ident(name)
        vf = plausible(when) or 0
        rows += [(e, ":entity-type", "k", ":type/tag", None, vf), (e, ":description", "s", f"git tag {name}", None, vf),
                 (e, ":name", "s", name, None, vf), (e, ":tagged-commit", "k", S.commit_ident(sha), None, vf)]
        date = date_value(when) if when else None
        if date is not None:
            rows.append((e, ":date", *date, vf))
    with g.lock:
        with g.atomic():
            tx, _ = g.begin_tx(f"ingest tags of {os.path.basename(repo)}", "ingest")
            first = g.allocate_ids(len(rows))
            g.insert_rows([(first + i, e, a, vt, v, vn, vf, FOREVER, tx, MAX_TX, False, None, 1.0, None)
                           for i, (e, a, vt, v, vn, vf) in enumerate(rows)])
            g.con.register("_ingest_tags", pa.table({"ident": pa.array(
                sorted({S.tag_ident(n) for n, _s, _w in new}), pa.string())}))
            g.con.execute("INSERT INTO ingest_known SELECT ident FROM _ingest_tags")
            g.con.unregister("_ingest_tags")
    return {"tags": len(tags), "tags_new": len(new)}

"""Tags: each written once (new tags only), after the history, in transactions of at most ``TAGS_PER_TX``
tags read as git lists them: 100,000 tags were held at once (the refs, their rows and the set of every
known tag), and written in one transaction."""

from __future__ import annotations

import itertools
import os
from typing import Any, Callable, Iterable

import pyarrow as pa

from lore import idents as S
from lore.errors import LoreError
from lore.ingest.filestate import SCHEMA_SQL, SQL, date_value
from lore.ingest.walk import iter_tags
from lore.sqlfile import first_row
from lore.store.graph import MAX_TX, Graph
from lore.timeutil import FOREVER

TAGS_PER_TX = 10_000

Tag = tuple[str, str, int | None]


def tag_pass(graph: Graph, repo: str, plausible: Callable[[int | None], int | None]) -> dict[str, Any]:
    """Tags are written once each (new tags only); ``plausible`` turns a tag's date into valid time (None
    when no real tag can have it)."""
    g = graph
    with g.lock:
        g.con.execute(SCHEMA_SQL)
        state = first_row(g.con.execute("SELECT value FROM ingest_meta WHERE key = 'state'"))
    # Graphs ingested before ingest_known existed: the tags are found in the facts (all at once, as before).
    old = None
    if not (state and state[0] == "3"):
        with g.lock:
            old = {r[0] for r in g.con.execute(SQL["known_tags"]).fetchall()}
    seen = written = 0
    tags = iter_tags(repo)
    try:
        while True:
            chunk = list(itertools.islice(tags, TAGS_PER_TX))
            if not chunk:
                break
            seen += len(chunk)
            written += _write_new(g, repo, chunk, old, plausible)
    except LoreError:
        if not seen:
            return {}
    if not written:
        return {"tags": seen}
    return {"tags": seen, "tags_new": written}


def _known(g: Graph, idents: Iterable[str]) -> set[str]:
    with g.lock:
        g.con.register("_ingest_idents", pa.table({"ident": pa.array(sorted(set(idents)), pa.string())}))
        try:
            return {r[0] for r in g.con.execute(SQL["known_of_idents"]).fetchall()}
        finally:
            g.con.unregister("_ingest_idents")


def _write_new(g: Graph, repo: str, chunk: list[Tag], old: set[str] | None,
               plausible: Callable[[int | None], int | None]) -> int:
    """The tags of ``chunk`` the graph does not know yet, in one transaction; how many."""
    known = old if old is not None else _known(g, (S.tag_ident(n) for n, _s, _w in chunk))
    new = [(n, sha, when) for n, sha, when in chunk if S.tag_ident(n) not in known]
    if not new:
        return 0
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
    if old is not None:
        old.update(S.tag_ident(n) for n, _s, _w in new)
    return len(new)

"""Which extractor wrote a graph's code facts: a stamp in ``ingest_meta`` (key ``extractor``).

A graph ingested by an older extractor (one that missed an import form, say) keeps that extractor's facts
for every file that has not changed since, because an incremental ingest reads only new commits. So an
ingest that finds a graph stamped by another extractor (or not stamped: every graph before the stamp)
rebuilds its code history on the side and swaps it in, the way a head-first graph gets its history
(lore.ingest.backfill): the graph stays readable meanwhile, says ``history: partial`` until the swap, and
its current facts are then those of a fresh ingest by this extractor.

The stamp is ``EXTRACTOR_REVISION`` with a hash of the tree-sitter queries: a changed query changes it by
itself; a change in Python of what a file's text gives (lore.ingest.extract, rustuse, resolve) bumps the
revision by hand.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import duckdb

from lore.store.graph import Graph

# 2: Rust use lists import each path (lore.ingest.rustuse).
# 3: JavaScript/TypeScript private members (#name) are definitions and calls, named without the #.
# 4: PHP: composer.json's PSR-4 maps resolve a class to its file; an outside class is named by its namespace
#    (GuzzleHttp\Psr7, not GuzzleHttp).
# 5: Rust: a crate named by a path alone (anyhow::bail!, -> anyhow::Result) is an import of it; a renamed
#    Cargo dependency (memmap = { package = "memmap2" }) is its package; `use x::…` of a module the file
#    declares (mod x;) or a type it defines is the file's own, never an outside crate.
# 6: Rust: a Cargo dependency (and its rename) is its own crate's: a file takes its nearest package manifest's
#    dependencies (with those it inherits from its workspace), never another manifest's.
EXTRACTOR_REVISION = 6
KEY = "extractor"


@lru_cache(maxsize=1)
def extractor_stamp() -> str:
    h = hashlib.sha256()
    for p in sorted((Path(__file__).parent / "queries").glob("*.scm")):
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return f"{EXTRACTOR_REVISION}-{h.hexdigest()[:16]}"


def stored_stamp(graph: Graph) -> str | None:
    with graph.lock:
        try:
            rows = graph.con.execute("SELECT value FROM ingest_meta WHERE key = ?", [KEY]).fetchall()
        except duckdb.CatalogException:  # no ingestion tables: nothing ingested
            return None
    return rows[0][0] if rows else None


def write_stamp(graph: Graph) -> None:
    """Stamp a graph that has ingested code (a run that found no commit leaves nothing to stamp)."""
    with graph.lock:
        try:
            has = graph.con.execute("SELECT count(*) FROM ingest_meta WHERE key = 'watermark'").fetchall()[0][0]
        except duckdb.CatalogException:
            return
        if not has:
            return
        graph.con.execute("BEGIN TRANSACTION")
        try:
            graph.con.execute("DELETE FROM ingest_meta WHERE key = ?", [KEY])
            graph.con.execute("INSERT INTO ingest_meta VALUES (?, ?)", [KEY, extractor_stamp()])
            graph.con.execute("COMMIT")
        except BaseException:
            graph.con.execute("ROLLBACK")
            raise

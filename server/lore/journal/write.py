"""Writing the journal: every transaction from a person or an agent (sources cli, lsp, agent, mcp) becomes
one entry file in ``.lore/journal/`` of the graph's work tree, inside the write itself.

Order (nothing only in the cache, nothing half-written): inside the DuckDB transaction the entry is written
to a temporary name and renamed into place, then the transaction commits; if the file cannot be written the
write fails as a whole, and if the commit fails the file is removed. A crash between the rename and the
commit leaves an entry the graph lacks, which the next ingest applies: the journal is the record.

Off: ``LORE_JOURNAL=0``, the editor setting ``journal: false`` (sent with each write as ``journal: false``),
or a ``--private`` write (``private: true``), which is also remembered so that ``lore journal export``
never publishes it.
"""

from __future__ import annotations

import logging
import os
import subprocess
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from lore import gitcmd
from lore.errors import LoreError
from lore.journal import entry as E
from lore.journal.files import JournalDir
from lore.sqlfile import named_statements
from lore.store.graph import Graph, TxRecord
from lore.store.session import Slot

log = logging.getLogger("lore")

SQL = named_statements(Path(__file__).with_name("schema.sql"))


@dataclass
class JournalState:
    """Per graph: where its work tree is, who writes, whether the tables exist."""

    root: Path | None = None
    root_known: bool = False
    author: str | None = None
    author_known: bool = False
    schema_ready: bool = False
    cache: dict[str, Any] = field(default_factory=dict)


STATE: Slot[JournalState] = Slot("journal", lambda graph: JournalState())


def env_enabled() -> bool:
    return os.environ.get("LORE_JOURNAL", "1").strip().lower() not in ("0", "false", "no", "off")


def ensure_schema(graph: Graph) -> None:
    st = graph.session.get(STATE)
    if not st.schema_ready:
        graph.con.execute(SQL["schema"])


def mark_schema_ready(graph: Graph) -> None:
    graph.session.get(STATE).schema_ready = True


def work_tree(graph: Graph) -> Path | None:
    """The work tree whose journal this graph writes: the folder holding the graph's ``.lore/`` folder,
    else the repository the graph was ingested from (a graph kept elsewhere, ``--graph``); None for a
    graph that belongs to no work tree (nothing is journaled then)."""
    st = graph.session.get(STATE)
    if st.root_known:
        return st.root
    root: Path | None = None
    if graph.path != ":memory:":
        p = Path(os.path.abspath(graph.path))
        if p.parent.name == ".lore":
            root = p.parent.parent
        else:
            # Inside a write's transaction: a failing statement would silently void the whole transaction
            # (DuckDB), so ask whether ingestion's table exists instead of trying it.
            has = graph.con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'ingest_meta'"
                                    ).fetchall()[0][0]
            rows = graph.con.execute("SELECT value FROM ingest_meta WHERE key = 'repo'").fetchall() if has else []
            row = rows[0] if rows else None
            if row and os.path.isdir(os.path.join(row[0], ".git")):
                root = Path(row[0])
    st.root, st.root_known = root, True
    return root


def forget_work_tree(graph: Graph) -> None:
    st = graph.session.get(STATE)
    st.root_known = False


def author_of(graph: Graph, root: Path | None) -> str | None:
    """git's user.email for the work tree (GIT_AUTHOR_EMAIL first, as git itself does); asked once."""
    st = graph.session.get(STATE)
    if st.author_known:
        return st.author
    email = os.environ.get("GIT_AUTHOR_EMAIL") or None
    if email is None:
        try:
            p = gitcmd.run(str(root or "."), "config", "user.email", capture_output=True, timeout=10)
            email = p.stdout.decode("utf-8", "replace").strip() or None if p.returncode == 0 else None
        except (OSError, subprocess.SubprocessError, LoreError):  # LoreError: git metadata it would wait on
            email = None
    if email is not None:
        email = email[:E.MAX_AUTHOR_CHARS]
    st.author, st.author_known = email, True
    return email


def observe(graph: Graph, record: TxRecord) -> Callable[[bool], None] | None:
    """The store's transaction observer: journal a user transaction (see the module's doc)."""
    if record.source not in E.JOURNALED_SOURCES:
        return None
    opts = record.options
    # A schema change every other clone would refuse (entry.schema_refusal: :db/ident, a cardinality of Lore's
    # own attributes) is this graph's: kept like a private write, never journaled or exported.
    if opts.get("private") or E.schema_refusal(record.ops) is not None:
        ensure_schema(graph)
        graph.con.execute("INSERT INTO journal_private VALUES (?)", [record.tx])
        return _after_schema(graph)
    if opts.get("journal") is False or not env_enabled():
        return None
    root = work_tree(graph)
    if root is None:
        return None
    author = author_of(graph, root)
    eid = str(uuid.uuid4())
    name, text = E.render(id=eid, instant=record.instant, author=author, source=record.source,
                          reason=record.reason, ops=record.ops, windows=record.windows)
    # No bookkeeping row here (one statement less on every write): the next apply recognises the entry as
    # this graph's own, since its instant, source and reason are those of one of the graph's transactions.
    jdir = JournalDir(root, create=True)
    try:
        jdir.write_new(name, text)
    except BaseException:
        jdir.close()
        raise

    def done(committed: bool) -> None:
        try:
            if not committed:
                jdir.remove(name)  # the write failed: its entry must not outlive it
        finally:
            jdir.close()

    return done


def _after_schema(graph: Graph) -> Callable[[bool], None]:
    def done(committed: bool) -> None:
        if committed:
            mark_schema_ready(graph)
    return done

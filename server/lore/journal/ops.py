"""Operations of the memory journal (``lore journal``, ``lore journal export``, ``lore journal apply``), the
transaction observer that writes entries, and the step that applies them after every ingest."""

from __future__ import annotations

import os
import re
import uuid
from pathlib import Path
from typing import Any

from lore import gitcmd, operations
from lore import params as P
from lore.errors import LoreError
from lore.journal import entry as E
from lore.journal.apply import apply_journal, own_entries
from lore.journal.files import JournalDir
from lore.journal.write import SQL, author_of, ensure_schema, forget_work_tree, mark_schema_ready, observe, work_tree
from lore.store.graph import Graph, Op, TxResult, observe_transactions
from lore.store.values import Value
from lore.timeutil import format_instant, parse_instant

observe_transactions(observe)


def _after_ingest(graph: Graph, result: dict[str, Any]) -> None:
    """Apply the journal of the repository just ingested (its work tree, and its branch's history)."""
    forget_work_tree(graph)  # the graph may have just learned its repository
    repo = result.get("repo")
    root = Path(repo) if repo and os.path.isdir(os.path.join(repo, ".git")) else None
    # lore check's first ingest: the branch's history only (lore.ingest.api.ingest, worktree_journal)
    tree = root if result.get("_worktree_journal", True) else None
    report = apply_journal(graph, tree, repo, result.get("head"))
    result["journal"] = report
    if report.get("applied"):
        result["facts_written"] = (result.get("facts_written") or 0) + report.get("_asserted", 0)
    attrs = report.pop("_attributes", [])
    report.pop("_asserted", None)
    if attrs:
        result["attributes_written"] = sorted(set(result.get("attributes_written") or []) | set(attrs))


operations.register_after_ingest(_after_ingest)


def _limit(params: dict[str, Any], default: int) -> int:
    v = P.integer(params, "limit", default, low=1, what="a positive integer")
    assert v is not None  # (it has a default)
    return min(v, 100_000)


@operations.register("journal")
def journal_list(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """The entries this graph wrote or applied, newest first, with author and reason; and how many entry
    files in the work tree it has not applied yet."""
    limit = _limit(params, 50)
    try:
        rows = graph.con.execute(SQL["list_entries"], [limit]).fetchall()
        total, applied = graph.con.execute(SQL["count_entries"]).fetchall()[0]
        known = {r[0] for r in graph.con.execute(SQL["applied_ids"]).fetchall()}
        refused_keys = {(n, h): msg for n, h, msg in graph.con.execute(
            SQL["refused_messages"]).fetchall()}
    except Exception:  # noqa: BLE001 - no journal tables yet: nothing written or applied
        rows, total, applied, known, refused_keys = [], 0, 0, set(), {}
    entries = [{"id": eid, "tx": tx, "instant": format_instant(inst), "author": author, "source": source,
                "reason": reason, "file": f".lore/journal/{name}", "origin": origin}
               for eid, tx, inst, author, source, reason, name, origin in rows]
    root = work_tree(graph)
    pending = 0
    refused: list[dict[str, str]] = []
    if root is not None:
        unread: list[E.Entry] = []
        try:
            with JournalDir(root, create=False) as jdir:
                for name in jdir.names():
                    m = E.NAME_RE.match(name)
                    if m and _uuid(m.group(2)) not in known:
                        try:
                            data = jdir.read(name, E.MAX_ENTRY_BYTES)
                        except LoreError:
                            pending += 1
                            continue
                        why = refused_keys.get((name, E.content_hash(data)))
                        if why is not None:
                            # Refused by an apply and unchanged since: another ingest will not apply it.
                            refused.append({"file": f".lore/journal/{name}", "message": why})
                            continue
                        pending += 1
                        try:
                            unread.append(E.parse(name, data))
                        except LoreError:
                            continue
        except LoreError:
            pass
        # Entries this graph wrote and has not recorded yet (that happens at the next apply) are its own.
        own = own_entries(graph, unread)
        pending -= len(own)
        mine = [{"id": e.id, "tx": own[e.id], "instant": format_instant(e.instant), "author": e.author,
                 "source": e.source, "reason": e.reason, "file": f".lore/journal/{e.name}", "origin": "written"}
                for e in unread if e.id in own]
        entries = sorted(entries + mine, key=lambda x: (parse_instant(x["instant"]), x["id"]), reverse=True)[:limit]
        total += len(mine)
    return {"ok": True, "journal": str(root / ".lore" / "journal") if root else None, "entries": entries,
            "total": total, "applied_from_journal": applied, "pending": pending, "refused": len(refused),
            "refused_entries": refused[:limit]}


def _uuid(hex32: str) -> str:
    return str(uuid.UUID(hex32))


@operations.register("journalApply", writes=True)
def journal_apply(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Apply the work tree's journal (and the graph branch's history) without ingesting code."""
    root = work_tree(graph)
    repo = P.optional_text(params, "repo", what="the path of a work tree")
    if repo is not None:
        if not os.path.isdir(repo):
            raise LoreError("bad-params", "parameter 'repo' must be the path of a work tree")
        root = Path(repo)
    if root is None:
        raise LoreError("no-work-tree", "this graph belongs to no work tree: give repo, or ingest one first")
    tip = None
    if (root / ".git").exists():

        branch = None
        try:
            rows = graph.con.execute("SELECT value FROM ingest_meta WHERE key = 'branch'").fetchall()
            branch = rows[0][0] if rows else None
        except Exception:  # noqa: BLE001 - never ingested
            branch = None
        p = gitcmd.run(str(root), "rev-parse", "--verify", "--quiet", (branch or "HEAD") + "^{commit}",
                       capture_output=True)
        tip = p.stdout.decode().strip() or None
    report = apply_journal(graph, root, str(root), tip)
    asserted = report.pop("_asserted", 0)
    attrs = report.pop("_attributes", [])
    reply: dict[str, Any] = {"ok": True, **report}
    if report.get("applied"):
        tx, instant = graph.last_tx()
        reply["_result"] = TxResult(tx, instant, asserted, 0, [("*", a) for a in attrs])
    return reply


@operations.register("journalExport", writes=True)
def journal_export(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Write every user transaction that no entry holds yet (and that was not private) to the journal,
    once: an existing graph's memories join the journal."""
    if graph.read_only:
        raise LoreError("graph-read-only", "this graph was opened read-only")
    root = work_tree(graph)
    if root is None:
        raise LoreError("no-work-tree", "this graph belongs to no work tree (keep it in <work tree>/.lore/, "
                                        "or ingest the repository first)")
    import pyarrow as pa

    apply_journal(graph, root, only_own=True)  # entries this graph wrote are journaled already
    with graph.lock:
        ensure_schema(graph)
        mark_schema_ready(graph)
        txs = graph.con.execute(SQL["unjournaled_txs"]).fetchall()
        if not txs:
            return {"ok": True, "exported": 0, "empty": 0, "journal": str(root / ".lore" / "journal")}
        table = pa.table({"tx": pa.array([t[0] for t in txs], pa.int32())})
        graph.con.register("txs", table)
        try:
            changes = graph.con.execute(SQL["tx_changes"]).fetchall()
        finally:
            graph.con.unregister("txs")
        by_tx: dict[int, list[tuple[Op, tuple[int, int]]]] = {}
        for tx, kind, e, a, vt, v, vf, vto in changes:
            by_tx.setdefault(tx, []).append((Op(kind, e, a, Value(vt, v, None)), (vf, vto)))
        author = author_of(graph, root)
        written: list[str] = []
        empty = 0
        with JournalDir(root, create=True) as jdir:
            graph.con.execute("BEGIN TRANSACTION")
            try:
                for tx, instant, reason, source in txs:
                    items = by_tx.get(tx)
                    if not items:
                        empty += 1  # a no-op (e.g. retracting what was not there): nothing to replay
                        continue
                    eid = str(uuid.uuid4())
                    name, text = E.render(id=eid, instant=instant, author=author, source=source, reason=reason,
                                          ops=[i[0] for i in items], windows=[i[1] for i in items])
                    graph.con.execute(SQL["insert_entry"], [eid, tx, instant, author, source, reason, name,
                                                            "exported", text])
                    jdir.write_new(name, text)
                    written.append(name)
                graph.con.execute("COMMIT")
            except BaseException:
                graph.con.execute("ROLLBACK")
                for name in written:
                    jdir.remove(name)
                raise
    return {"ok": True, "exported": len(written), "empty": empty, "journal": str(root / ".lore" / "journal")}


def _unrecorded_entries(graph: Graph, root: Path, entities: list[str]) -> list[tuple[str, str, str]]:
    """Entries this graph wrote that no apply has recorded yet (a write journals without a bookkeeping row):
    found by name, which starts with the stamp of the transaction that first asserted the entity."""
    cur = graph.cursor()
    try:
        firsts = cur.execute(SQL["first_user_tx_instants"], {"entities": entities}).fetchall()
    except Exception:  # noqa: BLE001 - an empty graph: nothing to point at
        return []
    finally:
        cur.close()
    if not firsts:
        return []
    out: list[tuple[str, str, str]] = []
    try:
        with JournalDir(root, create=False) as jdir:
            if jdir.fd is None:
                return []
            by_stamp: dict[str, list[str]] = {}
            for name in jdir.names():
                m = E.NAME_RE.match(name)
                if m:
                    by_stamp.setdefault(m.group(1), []).append(name)
            for e, instant in firsts:
                for name in sorted(by_stamp.get(E.stamp(instant), [])):
                    body = jdir.read(name, E.MAX_ENTRY_BYTES).decode("utf-8", "replace")
                    if e in body:
                        out.append((e, name, body))
                        break
    except LoreError:
        return []  # an unreadable or unsafe journal folder: no place to point at
    return out


_IDENT_TAIL = r"(?![A-Za-z0-9_.?\-/])"


@operations.register("journalLocate")
def journal_locate(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Where the journal recorded some entities (a decision a warning cites): for each, the entry file that
    first asserted a fact about it and the 1-based line of its first mention there. Entities the journal
    never held are left out."""
    entities = params.get("entities")
    if not isinstance(entities, list) or not all(isinstance(e, str) for e in entities) or len(entities) > 10_000:
        raise LoreError("bad-params", "'entities' must be a list of entity idents")
    root = work_tree(graph)
    if root is None or not entities:
        return {"ok": True, "locations": {}}
    cur = graph.cursor()  # a reader: the scheduler's thread may be writing on the graph's connection
    try:
        rows = cur.execute(SQL["first_entries"], {"entities": sorted(set(entities))}).fetchall()
    except Exception:  # noqa: BLE001 - no journal table yet: nothing was journaled
        return {"ok": True, "locations": {}}
    finally:
        cur.close()
    missing = sorted(set(entities) - {r[0] for r in rows})
    if missing:
        rows = [*rows, *_unrecorded_entries(graph, root, missing)]
    out: dict[str, Any] = {}
    for e, name, body in rows:
        if not isinstance(name, str) or not E.NAME_RE.match(name):
            continue  # only a name this journal would write points into the work tree
        line = 1
        pattern = re.compile(re.escape(e) + _IDENT_TAIL)
        for i, text in enumerate((body or "").splitlines(), 1):
            if pattern.search(text):
                line = i
                break
        out[e] = {"file": str(root / ".lore" / "journal" / name), "line": line}
    return {"ok": True, "locations": out}

"""Applying the journal: every entry in the work tree's ``.lore/journal/`` and in the graph branch's history
that this graph has not applied yet becomes one transaction with source ``journal``, keeping the entry's
valid times; its instant and author are kept with the entry (``journal_entries``).

- Once: an entry's id is recorded when it is applied (or written here), so applying twice, or a rebase or
  cherry-pick that carries the same file, changes nothing.
- In instant order. An entry that arrives late (older than entries applied before it) is followed, in its
  own transaction, by a replay of the newer entries' operations on the same entity-attribute pairs, so the
  newer write still wins where it would have (a cardinality-one attribute): contradictions resolve by instant.
  Contradictions are reported as warnings (``conflicts``).
- Hostile input is refused per entry with a clear message and never stops the ingest: malformed or
  edited files, files over 4 MiB, sources a journal may not carry (``rule``, ``ingest``), symlinks, FIFOs,
  a symlinked journal folder. More than ``LORE_JOURNAL_MAX_ENTRIES`` new entries (default 100,000) or
  ``LORE_JOURNAL_MAX_BYTES`` (256 MiB) in one run: the rest waits for the next run, and the reply says so.
"""

from __future__ import annotations

import logging
import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lore import gitcmd
from lore.errors import LoreError
from lore.idents import MANY_VALUED_TEXT, STATEMENT_KINDS
from lore.journal import entry as E
from lore.journal.files import JOURNAL_DIR, LORE_DIR, JournalDir, ensure_gitignore
from lore.journal.write import SQL, ensure_schema, mark_schema_ready
from lore.store.graph import CARDINALITY_ATTR, CARDINALITY_ONE, MAX_TX, Graph, Op, TxSpec
from lore.timeutil import FOREVER, format_instant, now_micros

log = logging.getLogger("lore")

JOURNAL_PATH = f"{LORE_DIR}/{JOURNAL_DIR}"
# Memories two teammates can disagree on (a dependency gathers edges from many entries: no disagreement).
STATEMENT_PREFIXES = tuple(f":{k}/" for k in STATEMENT_KINDS)
MAX_REPORTED = 50  # refused entries and conflicts listed in a reply; the counts are always complete
# How far ahead of this machine's clock an entry's instant may be (clocks differ). Entries apply in instant
# order and the newest wins a cardinality-one attribute, replayed after every older entry that arrives later:
# an entry dated 9999 would win over every entry anyone writes, for ever. One further ahead waits (it is not
# applied, nor remembered as refused) until this clock is near it.
MAX_AHEAD_US = 24 * 3600 * 1_000_000


def _env_int(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


@dataclass
class Candidate:
    name: str
    origin: str  # worktree | history
    blob: str | None = None  # history: the blob id


@dataclass
class Report:
    applied: int = 0
    already_ids: set[str] = field(default_factory=set)
    refused: list[dict[str, str]] = field(default_factory=list)
    refused_count: int = 0
    deferred: int = 0
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    asserted: int = 0
    attributes: set[str] = field(default_factory=set)

    def refuse(self, name: str, message: str) -> None:
        self.refused_count += 1
        if len(self.refused) < MAX_REPORTED:
            self.refused.append({"entry": name, "message": message})
        log.warning("journal: %s", message)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"applied": self.applied, "already_applied": len(self.already_ids),
                               "refused": self.refused_count, "conflicts": self.conflicts[:MAX_REPORTED]}
        if self.refused:
            out["refused_entries"] = self.refused
        if self.deferred:
            out["deferred"] = self.deferred
        # For the caller's derived work; taken off before the reply leaves.
        out["_asserted"] = self.asserted
        out["_attributes"] = sorted(self.attributes)
        return out


def apply_journal(graph: Graph, work_tree: Path | None, repo: str | None = None, tip: str | None = None,
                  *, only_own: bool = False) -> dict[str, Any]:
    """Apply every new entry of ``work_tree``'s journal and of the history reachable from ``tip`` in
    ``repo`` (either may be None). Returns the report; per-entry problems are in it, never raised.
    ``only_own``: only record the entries this graph wrote itself (nothing applied)."""
    started, started_cpu = time.perf_counter(), _cpu()
    report = Report()
    with graph.lock:
        ensure_schema(graph)
        mark_schema_ready(graph)
        applied = {r[0] for r in graph.con.execute(SQL["applied_ids"]).fetchall()}
        refused_before = {(n, h) for n, h in graph.con.execute(SQL["refused_keys"]).fetchall()}
        scanned = _meta(graph, "history_tip")
    cands: dict[str, list[Candidate]] = {}  # entry id -> where it can be read
    jdir: JournalDir | None = None
    if work_tree is not None:
        try:
            jdir = JournalDir(work_tree, create=False)
        except LoreError as exc:
            report.refuse(JOURNAL_PATH, f"{exc.code}: {exc.message}")
        if jdir is not None:
            for name in sorted(jdir.names()):
                _consider(name, Candidate(name, "worktree"), applied, cands, report)
    history_tip = None
    if repo is not None and tip is not None:
        try:
            for name, blob in _history(repo, tip, scanned):
                _consider(name, Candidate(name, "history", blob), applied, cands, report, quiet=True)
            history_tip = tip
        except LoreError as exc:
            report.refuse(JOURNAL_PATH, f"reading the journal in history: {exc.message}")
    try:
        entries, new_refused = _load(cands, jdir, repo, refused_before, report)
    finally:
        if jdir is not None:
            jdir.close()
    if report.deferred:
        history_tip = None  # deferred entries may be in the history read this time: read it again next run
    if entries or new_refused or history_tip not in (None, scanned):
        _commit(graph, entries, new_refused, None if only_own else history_tip, report, only_own)
    if work_tree is not None:
        ensure_gitignore(work_tree)
    out = report.to_json()
    out["seconds"] = round(time.perf_counter() - started, 3)
    out["cpu_seconds"] = round(_cpu() - started_cpu, 3)
    return out


def _cpu() -> float:
    """CPU seconds of this process (all its threads, DuckDB's too) and of its finished children (git): what
    the step costs, whatever the machine's load."""
    import resource

    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


def _consider(name: str, cand: Candidate, applied: set[str], cands: dict[str, list[Candidate]],
              report: Report, quiet: bool = False) -> None:
    m = E.NAME_RE.match(name)
    if not m:
        if not quiet and name not in (".gitkeep", "README.md"):
            report.refuse(name, f"{JOURNAL_PATH}/{name}: not a journal entry name "
                                "(<instant>-<uuid hex>-<content hash>.edn); left alone")
        return
    eid = _uuid_text(m.group(2))
    if eid in applied:
        report.already_ids.add(eid)
        return
    cands.setdefault(eid, []).append(cand)


def _uuid_text(hex32: str) -> str:
    return f"{hex32[:8]}-{hex32[8:12]}-{hex32[12:16]}-{hex32[16:20]}-{hex32[20:]}"


def _history(repo: str, tip: str, scanned: str | None) -> list[tuple[str, str]]:
    """(file name, blob) of every journal file added or changed in the history reachable from ``tip``
    (after ``scanned`` when that is an ancestor: the history already read)."""
    rng = tip
    if scanned and scanned != tip:
        p = gitcmd.run(repo, "merge-base", "--is-ancestor", scanned, tip, capture_output=True)
        if p.returncode == 0:
            rng = f"{scanned}..{tip}"
    elif scanned == tip:
        return []
    try:
        p = gitcmd.run(repo, "log", "--format=", "--raw", "-z", "--no-renames",
                       "--diff-filter=AM", "--no-abbrev", rng, "--", JOURNAL_PATH + "/", capture_output=True)
    except FileNotFoundError:
        raise LoreError("git-missing", "git is not installed or not on PATH") from None
    if p.returncode != 0:
        raise LoreError("git-failed", p.stderr.decode("utf-8", "replace").strip()[:300])
    out: list[tuple[str, str]] = []
    fields = p.stdout.split(b"\x00")
    i = 0
    while i < len(fields):
        meta = fields[i].strip(b"\n")
        if not meta.startswith(b":"):
            i += 1
            continue
        parts = meta[1:].split()
        path = fields[i + 1].decode("utf-8", "backslashreplace") if i + 1 < len(fields) else ""
        i += 2
        if len(parts) < 5 or not path.startswith(JOURNAL_PATH + "/"):
            continue
        name = path[len(JOURNAL_PATH) + 1:]
        if "/" in name:
            continue
        new_mode, blob = parts[1].decode(), parts[3].decode()
        if new_mode != "100644" and new_mode != "100755":
            continue  # a symlink or submodule in the journal folder is never an entry
        out.append((name, blob))
    return out


def _load(cands: dict[str, list[Candidate]], jdir: JournalDir | None, repo: str | None,
          refused_before: set[tuple[str, str]], report: Report) -> tuple[list[E.Entry], list[tuple]]:
    """Read and check the candidates (bounded in count and bytes); valid entries in instant order."""
    max_entries = _env_int("LORE_JOURNAL_MAX_ENTRIES", 100_000)
    max_bytes = _env_int("LORE_JOURNAL_MAX_BYTES", 256 * 1024 * 1024)
    order = sorted(cands, key=lambda eid: cands[eid][0].name)  # names start with the instant
    entries: list[E.Entry] = []
    new_refused: list[tuple[str, str, str]] = []
    total = 0
    cat = None
    try:
        for n, eid in enumerate(order):
            if len(entries) >= max_entries or total >= max_bytes:
                report.deferred = len(order) - n
                log.warning("journal: %d entries wait for the next run (at most %d entries, %d bytes per run)",
                            report.deferred, max_entries, max_bytes)
                break
            last_error: tuple[str, str, str] | None = None
            for cand in cands[eid]:
                try:
                    if cand.origin == "worktree":
                        assert jdir is not None
                        data = jdir.read(cand.name, E.MAX_ENTRY_BYTES)
                    else:
                        if cat is None:
                            cat = _CatFile(repo or ".")
                        data = cat.read(cand.blob or "", E.MAX_ENTRY_BYTES)
                except LoreError as exc:
                    last_error = (cand.name, "", exc.message)  # unreadable: reported each run, not recorded
                    continue
                try:
                    key = (cand.name, E.content_hash(data))
                    if key in refused_before:
                        last_error = None
                        report.refused_count += 1
                        break  # refused before, unchanged: not reported again
                    entry = E.parse(cand.name, data)
                    if entry.instant > now_micros() + MAX_AHEAD_US:
                        last_error = (cand.name, "", f"{JOURNAL_PATH}/{cand.name}: its :instant "
                                      f"{format_instant(entry.instant)} is more than a day ahead of this "
                                      f"machine's clock; it waits (an entry from the future would win over "
                                      f"every later one)")
                        break
                    entry.origin = cand.origin
                    total += len(data)
                    entries.append(entry)
                    last_error = None
                    break
                except LoreError as exc:
                    last_error = (cand.name, E.content_hash(data), exc.message)
            if last_error is not None:
                report.refuse(last_error[0], last_error[2])
                if last_error[1]:
                    new_refused.append(last_error)
    finally:
        if cat is not None:
            cat.close()
    entries.sort(key=lambda e: (e.instant, e.id))
    return entries, new_refused


class _CatFile:
    """``git cat-file --batch`` for history blobs (size-bounded: a huge blob is skipped, not held)."""

    def __init__(self, repo: str) -> None:
        self.proc = gitcmd.popen(repo, "cat-file", "--batch", stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def read(self, sha: str, limit: int) -> bytes:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(sha.encode() + b"\n")
        self.proc.stdin.flush()
        parts = self.proc.stdout.readline().split()
        if len(parts) < 3 or parts[1] == b"missing":
            raise LoreError("bad-journal-entry", f"blob {sha[:12]} is missing from the repository")
        size = int(parts[2])
        left = size + 1
        if size > limit:
            while left:
                left -= len(self.proc.stdout.read(min(left, 1 << 20)) or b"\0" * left)
            return b"\0" * (limit + 1)
        return self.proc.stdout.read(left)[:size]

    def close(self) -> None:
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except Exception:  # noqa: BLE001 - best effort
            self.proc.kill()


# ------------------------------------------------------------------------------------------ applying

def own_entries(graph: Graph, entries: list[E.Entry]) -> dict[str, int]:
    """entry id -> tx of the entries this graph wrote itself: their instant, source and reason are those of
    one of its transactions (instants are unique in a graph; a foreign entry matching all three to the
    microsecond is not a real case)."""
    if not entries:
        return {}
    import pyarrow as pa

    con = graph.con
    con.register("_journal_instants", pa.table({"instant": pa.array([e.instant for e in entries], pa.int64())}))
    try:
        rows = con.execute("SELECT t.tx, t.instant, t.source, t.reason FROM tx t "
                           "JOIN _journal_instants i ON t.instant = i.instant").fetchall()
    finally:
        con.unregister("_journal_instants")
    mine = {(inst, source, reason): tx for tx, inst, source, reason in rows}
    return {e.id: mine[(e.instant, e.source, e.reason)] for e in entries
            if (e.instant, e.source, e.reason) in mine}


def _commit(graph: Graph, entries: list[E.Entry], new_refused: list[tuple], history_tip: str | None,
            report: Report, only_own: bool = False) -> None:
    import pyarrow as pa

    with graph.lock:
        con = graph.con
        con.execute("BEGIN TRANSACTION")
        try:
            own = own_entries(graph, entries)
            report.already_ids.update(own)
            others = [] if only_own else [e for e in entries if e.id not in own]
            specs, conflicts = _plan(graph, others, [e for e in entries if e.id in own])
            results = graph.apply_transactions(specs) if specs else []
            applied_tx = {e.id: r.tx for e, r in zip(others, results)}
            entries = [e for e in entries if e.id in own or e.id in applied_tx]
            for e in entries:
                if e.id in own:
                    e.origin = "written"
            if entries:
                table = pa.table({
                    "id": pa.array([e.id for e in entries], pa.string()),
                    "tx": pa.array([own.get(e.id) or applied_tx[e.id] for e in entries], pa.int32()),
                    "instant": pa.array([e.instant for e in entries], pa.int64()),
                    "author": pa.array([e.author for e in entries], pa.string()),
                    "source": pa.array([e.source for e in entries], pa.string()),
                    "reason": pa.array([e.reason for e in entries], pa.string()),
                    "name": pa.array([e.name for e in entries], pa.string()),
                    "origin": pa.array([e.origin for e in entries], pa.string()),
                    "body": pa.array([e.body for e in entries], pa.string()),
                })
                con.register("entries", table)
                try:
                    con.execute(SQL["insert_entries"])
                finally:
                    con.unregister("entries")
            for name, h, msg in new_refused:
                con.execute(SQL["insert_refused"], [name, h, msg])
            if history_tip is not None:
                con.execute(SQL["delete_meta"], ["history_tip"])
                con.execute(SQL["insert_meta"], ["history_tip", history_tip])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    mark_schema_ready(graph)
    entries = [e for e in entries if e.origin != "written"]
    report.applied = len(entries)
    for r in results:
        report.asserted += r.asserted
        report.attributes.update(a for _, a in r.touched)
    report.conflicts.extend(conflicts)
    for c in conflicts:
        log.warning("journal: %s", c["message"])
    if entries:
        report.conflicts.extend(_two_current(graph, entries))


def _plan(graph: Graph, entries: list[E.Entry], own: list[E.Entry] | None = None
          ) -> tuple[list[TxSpec], list[dict[str, Any]]]:
    """One TxSpec per entry; a late entry carries a replay of newer entries on the pairs it touches (the
    applied ones, and ``own``: this graph's own entries recognised in this run, applied already)."""
    card = graph.cardinality_one()
    for e in entries:  # declarations the entries themselves make count too
        for op in e.ops:
            if op.kind == "add" and op.a == CARDINALITY_ATTR and op.value.v == CARDINALITY_ONE:
                card = {**card, op.e: [(-FOREVER, FOREVER)]}
    # Applied entries newer than the oldest new one matter only where a new entry sets a cardinality-one
    # attribute (there the newer write must still win); read only those whose text names such an attribute.
    card_attrs = {op.a for e in entries for op in e.ops if op.kind == "add" and op.a in card}
    newer: list[tuple[int, str, str | None, list[Op]]] = []
    if entries and card_attrs:
        oldest = entries[0].instant
        for eid, instant, author, body in graph.con.execute(SQL["newer_than"], [oldest]).fetchall():
            if not any(f" {a} " in body for a in card_attrs):
                continue
            try:
                old = E.parse(_name_for(body, eid, instant), body.encode("utf-8"))
                newer.append((instant, eid, author, old.ops))
            except LoreError:
                continue
        newer += [(e.instant, e.id, e.author, e.ops) for e in own or () if e.instant > oldest]
    # Every entry in play, in instant order: the new ones and the applied ones newer than the oldest new.
    timeline = sorted([(e.instant, e.id, e.author, e.ops, True) for e in entries]
                      + [(i, eid, a, ops, False) for i, eid, a, ops in newer], key=lambda t: (t[0], t[1]))
    conflicts = _card_conflicts(timeline, card) if card_attrs else []
    # (entity, attribute) -> [(instant, op)] of the applied newer entries, on cardinality-one attributes.
    later: dict[tuple[str, str], list[tuple[int, Op]]] = {}
    for instant, _eid, _author, ops, _is_new in timeline:
        if not _is_new:
            for op in ops:
                if op.a in card:
                    later.setdefault((op.e, op.a), []).append((instant, op))
    specs: list[TxSpec] = []
    for e in entries:
        ops = list(e.ops)
        if later:
            replay = sorted([(inst, n, op) for pair in e.pairs() for n, (inst, op) in enumerate(later.get(pair, ()))
                             if inst > e.instant], key=lambda t: (t[0], t[1]))
            ops.extend(op for _, _, op in replay)
        specs.append(TxSpec(ops, e.reason, "journal"))
    return specs, conflicts


def _name_for(body: str, eid: str, instant: int) -> str:
    return f"{E.stamp(instant)}-{eid.replace('-', '')}-{E.content_hash(body.encode('utf-8'))}.edn"


def _card_conflicts(timeline: list[tuple], card: dict[str, Any]) -> list[dict[str, Any]]:
    """Two entries setting one cardinality-one attribute of one entity to different values, at least one
    of them new: the newer instant wins (reported)."""
    seen: dict[tuple[str, str], tuple[int, str, str | None, str, bool]] = {}
    out: list[dict[str, Any]] = []
    for instant, eid, author, ops, is_new in timeline:
        for op in ops:
            if op.kind != "add" or op.a not in card:
                continue
            pair = (op.e, op.a)
            prev = seen.get(pair)
            if prev is not None and prev[3] != op.value.v and prev[1] != eid and (is_new or prev[4]):
                out.append({
                    "code": "journal-conflict", "entity": op.e, "attribute": op.a,
                    "message": (f"{op.e} {op.a} is cardinality one and two journal entries set it: "
                                f"{prev[3]!r} ({prev[2] or 'unknown author'}, {format_instant(prev[0])}) and "
                                f"{op.value.v!r} ({author or 'unknown author'}, {format_instant(instant)}); "
                                f"the newer one wins"),
                    "entries": [prev[1], eid], "kept": op.value.v,
                })
            seen[pair] = (instant, eid, author, op.value.v, is_new)
    return out


def _two_current(graph: Graph, entries: list[E.Entry]) -> list[dict[str, Any]]:
    """After applying: a memory said in a sentence (STATEMENT_KINDS: a decision, constraint, …) whose attribute now has two current
    values that came from two different journal entries, at least one just applied. Not one many-valued by nature
    (an edge such as :rejects, lore.idents.MANY_VALUED_TEXT: two folders exempted are two exemptions)."""
    pairs = sorted({(op.e, op.a) for e in entries for op in e.ops
                    if op.kind == "add" and op.e.startswith(STATEMENT_PREFIXES) and op.a != CARDINALITY_ATTR
                    and op.a not in MANY_VALUED_TEXT and op.value.vt != "k"})
    if not pairs:
        return []
    import pyarrow as pa

    table = pa.table({"e": pa.array([p[0] for p in pairs], pa.string()),
                      "a": pa.array([p[1] for p in pairs], pa.string())})
    con = graph.con
    con.register("_journal_pairs", table)
    try:
        rows = con.execute(
            f"""SELECT f.e, f.a, list(DISTINCT f.v ORDER BY f.v), list(DISTINCT j.id ORDER BY j.id)
                  FROM facts f JOIN _journal_pairs p ON f.e = p.e AND f.a = p.a
                  JOIN journal_entries j ON j.tx = f.tx_from
                 WHERE f.tx_to = {MAX_TX} AND NOT f.inferred AND f.valid_to = {FOREVER}
                 GROUP BY f.e, f.a HAVING count(DISTINCT f.v) > 1 AND count(DISTINCT j.id) > 1""").fetchall()
    finally:
        con.unregister("_journal_pairs")
    new_ids = {e.id for e in entries}
    out = []
    for e, a, values, ids in rows:
        if not new_ids.intersection(ids):
            continue
        msg = (f"{e} has {len(values)} current values of {a} from {len(ids)} journal entries "
               f"({', '.join(repr(v) for v in values[:3])}{'…' if len(values) > 3 else ''}); "
               f"retract the one that no longer holds")
        log.warning("journal: %s", msg)
        out.append({"code": "journal-two-current", "entity": e, "attribute": a, "message": msg,
                    "values": values[:10], "entries": ids[:10]})
    return out


def _meta(graph: Graph, key: str) -> str | None:
    rows = graph.con.execute(SQL["get_meta"], [key]).fetchall()
    return rows[0][0] if rows else None

"""The inference engine: runs rule files over the graph and keeps their conclusions true.

A run finds the rules whose input attributes changed since the last run (a watermark of transaction
numbers kept in ``meta``), computes each rule's full set of conclusions with one set-based SQL query, and
writes only the difference against the rule's current rows in one transaction of source ``rule``:
conclusions no longer derived are closed in transaction time (truth maintenance: an ``:as-of`` before the
change still sees them), new or changed ones are inserted with the rule, a confidence and provenance.

Computation reads through its own connection (a cursor) and never holds the write lock; only the
difference is written under ``graph.lock``, so a write waits at most for that short step.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import duckdb
import pyarrow as pa

from lore.errors import LoreError
from lore.idents import jvm_artifacts_macro, python_dists_macro
from lore.inference.context import reached
from lore.inference.rulefile import (
    WARNING_ATTR,
    WARNING_COLUMNS,
    Rule,
    RuleError,
    all_rules,
)
from lore.sqlfile import first_row, named_statements
from lore.store.graph import MAX_TX, Graph
from lore.store.readonly_sql import check_read_only, jsonable
from lore.store.values import IDENT_RE
from lore.timeutil import FOREVER, now_micros

log = logging.getLogger("lore")

_VIEWS_SQL = Path(__file__).with_name("views.sql").read_text()
_DIFF_SQL = named_statements(Path(__file__).with_name("diff.sql"))
META_WATERMARK = "inference.watermark"
META_RULES = "inference.rules"
META_PRUNED = "inference.pruned_at"
PRUNE_EVERY_US = 86_400 * 1_000_000
NEW_SCHEMA = pa.schema([
    ("e", pa.string()), ("a", pa.string()), ("vt", pa.string()), ("v", pa.string()), ("vn", pa.float64()),
    ("valid_from", pa.int64()), ("valid_to", pa.int64()), ("confidence", pa.float64()),
    ("provenance", pa.list_(pa.int64())),
])
# Per-run ceiling on one rule's conclusions: a runaway workspace rule must not flood the graph.
MAX_CONCLUSIONS = 2_000_000
# Scoped runs pay while the changed entities are few; a bulk load runs the rules whole.
MAX_SCOPE = 20_000
# A rule's query is interrupted after this long (a workspace rule can recurse forever).
RULE_TIMEOUT_S = 60.0
# Workspace rules share one time budget per run (seconds; LORE_RULE_BUDGET): a repository of runaway rules
# costs one budget, not one timeout per rule per write. What does not fit runs at the next run.
RULE_BUDGET_S = 30.0
# Failing workspace rules, kept until their file changes (then they are tried again): {name: {digest, …}}.
META_QUARANTINE = "inference.quarantine"
# Built-in rules whose last run failed (a timeout on a big graph): {name: {path, code, message}}. They are tried
# at every run, and leave this list when one succeeds; until then every face reports them (rule_errors).
META_BUILTIN_FAILED = "inference.builtin_failed"
# SQL rules that passed check(), with their columns, keyed by their text and the checker's own code, so a CLI
# process (every write) does not re-parse each rule with DuckDB's parser to find out again. Kept in the user's
# own cache folder, not in the graph: a cloned repository could bring a graph file, never this file.
CHECKED_FILE = "checked-rules.json"
CHECKED_MAX = 500


def rule_budget() -> float:
    try:
        return max(0.1, float(os.environ.get("LORE_RULE_BUDGET", RULE_BUDGET_S)))
    except ValueError:
        return RULE_BUDGET_S


def quarantined(con: duckdb.DuckDBPyConnection) -> dict[str, dict[str, Any]]:
    raw = _meta_get(con, META_QUARANTINE)
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def rule_errors(graph: Graph, con: duckdb.DuckDBPyConnection | None = None) -> list[RuleError]:
    """Every rule problem as each face reports it (CLI and server alike): files that do not load, rules
    not trusted yet, and rules quarantined after they failed (until their file changes)."""
    rules, errors = all_rules(graph.path)
    digests = {r.name: r.digest for r in rules}
    try:
        q = quarantined(con or graph.con)
    except duckdb.Error:
        q = {}
    for name, entry in sorted(q.items()):
        if digests.get(name) == entry.get("digest"):
            errors.append(RuleError(entry.get("path", name), entry.get("code", "rule-failed"),
                                    f"{entry.get('message', '')} (quarantined until the rule file changes)"))
    for name, entry in sorted(_builtin_failed(con or graph.con).items()):
        if name in digests:
            errors.append(RuleError(entry.get("path", name), entry.get("code", "rule-failed"),
                                    f"{entry.get('message', '')} (at its last run: its warnings may be out of date; "
                                    f"it is tried again at the next)"))
    return errors


def _builtin_failed(con: duckdb.DuckDBPyConnection) -> dict[str, dict[str, Any]]:
    try:
        raw = _meta_get(con, META_BUILTIN_FAILED)
        data = json.loads(raw) if raw else {}
    except (duckdb.Error, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
# A conclusion's entity (and a reference value) must be an ident the store accepts (SPEC §1); rows that are
# not are dropped rather than stored.
_IDENT_SQL = r":[a-z0-9_.?\-]+(/[a-z0-9_.?\-]+)?|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_ENTITY_RE = re.compile(_IDENT_SQL)
PRUNED_TABLE_SQL = """CREATE TABLE IF NOT EXISTS inference_pruned (
    rule VARCHAR NOT NULL, e VARCHAR NOT NULL, a VARCHAR NOT NULL, vt VARCHAR NOT NULL, v VARCHAR NOT NULL,
    provenance BIGINT[], tx INTEGER NOT NULL)"""


@dataclass
class RunReport:
    """What one run did: for tests, benchmarks, logs and the scheduler's on_change."""

    rules_run: list[str] = field(default_factory=list)
    inserted: int = 0
    closed: int = 0
    txs: list[int] = field(default_factory=list)
    errors: list[RuleError] = field(default_factory=list)
    changed_entities: set[str] = field(default_factory=set)  # entities whose warnings changed
    rule_seconds: dict[str, float] = field(default_factory=dict)  # compute time per rule
    pruned: int = 0
    scoped: list[str] = field(default_factory=list)  # rules run over the changed entities only
    written_ids: list[int] = field(default_factory=list)  # rows this run inserted or closed
    deferred: list[str] = field(default_factory=list)  # workspace rules the run's time budget left for later
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"rules_run": self.rules_run, "inserted": self.inserted, "closed": self.closed, "txs": self.txs,
                "errors": [e.to_json() for e in self.errors], "pruned": self.pruned, "scoped": self.scoped,
                "deferred": self.deferred,
                "seconds": round(self.seconds, 4)}


# ------------------------------------------------------------------ views on a connection

_views_state: dict[int, tuple[bool, bool]] = {}
_COLUMNS: dict[tuple[str, str], list[str]] = {}
_views_lock = threading.Lock()


_SCOPE_ROWS = "_lore_scope_rows"  # a preview's scope (Engine._compute_over), as the rules' lore_in_scope reads it


def _cites(subjects: list[Any], provenance: list[Any], among: set[str], fresh: set[int]) -> bool:
    """Whether a conclusion about a subject ``among`` cites a ``fresh`` row (Engine._compute_over)."""
    return bool(fresh) and any(e in among and not fresh.isdisjoint(p or ()) for e, p in zip(subjects, provenance))


def ensure_views(con: duckdb.DuckDBPyConnection) -> None:
    """Create the documented views on ``con`` (temporary, per connection). The code-location views read
    ingestion's side tables when they exist, else an empty table of the same columns."""
    have = {r[0] for r in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE NOT temporary "
        "AND table_name IN ('code_locations', 'import_locations')").fetchall()}
    state = ("code_locations" in have, "import_locations" in have)
    key = id(con)
    with _views_lock:
        if _views_state.get(key) == state:
            try:
                con.execute("SELECT 1 FROM facts_now LIMIT 0").fetchall()
                return
            except duckdb.Error:
                pass  # a new connection that reused an old id
        con.execute(_VIEWS_SQL)
        con.execute(python_dists_macro())  # rejected_dependency names a Python import by its distribution
        con.execute(jvm_artifacts_macro())  # and a JVM package by its artifact (com.google.common: guava)
        if state[0]:
            con.execute("CREATE OR REPLACE TEMP VIEW code_locs AS SELECT entity, file, kind, name, qualified_name, "
                        "line, col, end_line, end_col FROM code_locations")
        else:
            con.execute("CREATE OR REPLACE TEMP VIEW code_locs AS SELECT * FROM (VALUES (NULL::VARCHAR, "
                        "NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR, NULL::INTEGER, NULL::INTEGER, "
                        "NULL::INTEGER, NULL::INTEGER)) t(entity, file, kind, name, qualified_name, line, col, "
                        "end_line, end_col) WHERE false")
        if state[1]:
            con.execute("CREATE OR REPLACE TEMP VIEW import_locs AS SELECT module, target, spec, file, line, col, "
                        "end_line, end_col FROM import_locations")
        else:
            con.execute("CREATE OR REPLACE TEMP VIEW import_locs AS SELECT * FROM (VALUES (NULL::VARCHAR, "
                        "NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR, NULL::INTEGER, NULL::INTEGER, "
                        "NULL::INTEGER, NULL::INTEGER)) t(module, target, spec, file, line, col, end_line, end_col) "
                        "WHERE false")
        _views_state[key] = state


# ------------------------------------------------------------------ meta helpers

def _meta_get(con: duckdb.DuckDBPyConnection, key: str) -> str | None:
    row = first_row(con.execute("SELECT value FROM meta WHERE key = ?", [key]))
    return row[0] if row else None


_CHECKER: list[str] = []  # the checker's fingerprint, computed once per process


def _checked_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "lore" / CHECKED_FILE


def _checked_key(kind: str, sql: str) -> str:
    """What a passed check depends on: the rule's kind and SQL, and the code that checks it (this module,
    the read-only and file-access guards, DuckDB's parser, the graph's schema)."""
    if not _CHECKER:
        from lore.store import graph as store_graph
        from lore.store import readonly_sql, sql_guard

        h = hashlib.sha256()
        for mod_file in (__file__, readonly_sql.__file__, sql_guard.__file__):
            h.update(Path(mod_file).read_bytes())
        h.update(f"{duckdb.__version__} {store_graph.SCHEMA_VERSION}".encode())
        _CHECKER.append(h.hexdigest())
    text = f"{_CHECKER[0]}\0{kind}\0{sql}".encode("utf-8", "surrogatepass")
    return hashlib.sha256(text).hexdigest()[:32]


def _meta_set(con: duckdb.DuckDBPyConnection, key: str, value: str) -> None:
    con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, value])


def stored_rules(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    text = _meta_get(con, META_RULES)
    try:
        data = json.loads(text) if text else {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
    except ValueError:
        return {}


def watermark(con: duckdb.DuckDBPyConnection) -> int:
    text = _meta_get(con, META_WATERMARK)
    try:
        return int(text) if text else 0
    except ValueError:
        return 0


def strata(rules: list[Rule]) -> list[list[Rule]]:
    """Order rules so a rule runs after the rules whose derived attribute it reads (a rule reading its own
    attribute reads only asserted facts, by convention of its SQL). A cycle between rules falls back to
    one stratum: the next run reaches the fixpoint."""
    remaining = list(rules)
    out: list[list[Rule]] = []
    while remaining:
        derived_by_rest = {r.attribute for r in remaining}
        layer = [r for r in remaining
                 if not any(a in derived_by_rest and a != r.attribute for a in r.reads)]
        if not layer:
            layer = remaining
        out.append(layer)
        remaining = [r for r in remaining if r not in layer]
    return out


# ------------------------------------------------------------------ the engine

class Engine:
    """Runs rules for one graph. ``con`` is the connection rules are computed on (a cursor of the graph's
    own connection on a background thread); writes always go through ``graph.con`` under ``graph.lock``."""

    def __init__(self, graph: Graph, con: duckdb.DuckDBPyConnection | None = None, *,
                 rule_timeout: float = RULE_TIMEOUT_S) -> None:
        self.graph = graph
        self.con = con or graph.con
        self.rule_timeout = rule_timeout
        self._timeout: float | None = None  # this rule's share of the run's budget, while it runs
        # Set by whoever interrupts this engine's connection to stop it (a server shutting down): the run
        # ends at once, writing nothing, and the interrupted rule is not held against it.
        self.cancelled = threading.Event()
        self._columns = _COLUMNS  # a rule's output columns depend only on its text and the schema
        self._checked_rules: dict[str, list[str]] | None = None  # CHECKED_FILE, read on first use

    # -- which rules a run needs

    def changed_attributes(self, since: int, upto: int, own_rules: Iterable[str]) -> set[str]:
        """Attributes of the rows written or closed in transactions (since, upto], other than rows this
        engine's own rules wrote (it never re-triggers itself)."""
        names = sorted(set(own_rules))
        ph = ",".join("?" * len(names)) if names else "NULL"
        rows = self.con.execute(
            f"SELECT DISTINCT a FROM facts WHERE ((tx_from > ? AND tx_from <= ?) OR (tx_to > ? AND tx_to <= ?)) "
            f"AND (rule IS NULL OR rule NOT IN ({ph}))", [since, upto, since, upto, *names]).fetchall()
        return {r[0] for r in rows}

    def run(self, *, touched: Iterable[str] = (), full: bool = False, only: Iterable[str] | None = None,
            rules: list[Rule] | None = None) -> RunReport:
        start = time.perf_counter()
        report = RunReport()
        if self.graph.read_only:
            return report
        if rules is None:
            rules, errs = all_rules(self.graph.path)
            report.errors.extend(errs)
        ensure_views(self.con)
        # Compute time of workspace rules in this run (built-in rules do not draw on their budget).
        budget, spent = rule_budget(), 0.0
        quarantine = quarantined(self.con)
        kept = {n: q for n, q in quarantine.items() if any(r.name == n and r.digest == q.get("digest")
                                                            for r in rules)}
        usable: list[Rule] = []
        broken: dict[str, dict[str, Any]] = {}  # built-in rules that failed in this run
        for r in rules:
            q = kept.get(r.name)
            if q is not None:  # failed before and its file has not changed since: not tried again
                report.errors.append(RuleError(r.path, q.get("code", "rule-failed"),
                                               f"{q.get('message', '')} (quarantined until the rule file changes)"))
                continue
            if r.origin != "builtin":
                self._timeout = max(0.01, min(self.rule_timeout, budget - spent))
            t_check = time.perf_counter()
            try:
                err = self.check(r)
            finally:
                self._timeout = None
                if r.origin != "builtin":
                    spent += time.perf_counter() - t_check
            if err is None:
                usable.append(r)
            else:
                report.errors.append(err)
                if r.origin == "builtin":
                    log.error("built-in rule %s is broken: %s", r.name, err.message)
                    broken[r.name] = {"path": r.path, "code": err.code, "message": err.message}
                else:
                    kept[r.name] = {"digest": r.digest, "path": r.path, "code": err.code, "message": err.message}
        for e in report.errors:
            (log.info if e.code == "rule-untrusted" else log.warning)("rule %s: %s", e.path, e.message)
        stored = stored_rules(self.con)
        upto = self.con.execute("SELECT coalesce(max(tx), 0) FROM tx").fetchall()[0][0]
        since = watermark(self.con)
        names = {r.name for r in rules} | set(stored)
        changed = set(touched) | self.changed_attributes(since, upto, names)
        only_set = set(only) if only is not None else None
        todo: list[Rule] = []
        for r in usable:
            if only_set is not None and r.name not in only_set:
                continue
            if full or stored.get(r.name) != r.digest or self._reached(r, changed, since, upto):
                todo.append(r)
        # Scoped evaluation needs a bounded set of changed entities (not a first run, not a bulk load); the
        # changed entities are gathered only when a rule to run can use them.
        scoped = (not full and since > 0 and any(r.scope for r in todo)
                  and self._prepare_scope(since, upto, names))
        # Rules that are gone (a deleted or now broken workspace rule) lose their conclusions.
        gone = [n for n in stored if n not in {r.name for r in usable}] if only_set is None else []
        if gone:
            self._apply([], gone, report)
        full_share = min(self.rule_timeout, rule_budget())
        for layer in strata(todo):
            computed: list[tuple[Rule, pa.Table, pa.Table | None]] = []
            for r in layer:
                timeout = self.rule_timeout
                if r.origin != "builtin":
                    left = budget - spent
                    if left <= 0:
                        report.deferred.append(r.name)  # not run, not marked as run: it runs next time
                        continue
                    timeout = min(timeout, left)
                t0 = time.perf_counter()
                log.debug("rule %s: computing", r.name)
                try:
                    self._timeout = timeout
                    # Only the first stratum's inputs are all in the changed rows; a rule that is new or
                    # edited must see everything.
                    if scoped and r.scope and r.lang == "sql" and stored.get(r.name) == r.digest:
                        table, scope = self.compute_scoped(r)
                        report.scoped.append(r.name)
                    else:
                        table, scope = self.compute(r), None
                    computed.append((r, table, scope))
                    report.rule_seconds[r.name] = round(time.perf_counter() - t0, 4)
                    report.rules_run.append(r.name)
                except LoreError as exc:
                    if self.cancelled.is_set():
                        log.info("rule run cancelled during %s", r.name)
                        report.seconds = time.perf_counter() - start
                        return report
                    report.errors.append(RuleError(r.path, exc.code, exc.message))
                    log.warning("rule %s failed: %s", r.name, exc.message)
                    if r.origin == "builtin":
                        broken[r.name] = {"path": r.path, "code": exc.code, "message": exc.message}
                    else:
                        if exc.code == "rule-timeout" and timeout < 0.9 * full_share:
                            # Stopped by what other rules left of the budget: it gets a whole one next run.
                            report.deferred.append(r.name)
                        else:
                            kept[r.name] = {"digest": r.digest, "path": r.path, "code": exc.code,
                                            "message": exc.message}
                finally:
                    self._timeout = None
                    if r.origin != "builtin":
                        spent += time.perf_counter() - t0
            mark = len(report.written_ids)
            self._apply(computed, [], report)
            if scoped and len(report.written_ids) > mark:
                # What this stratum wrote is input to the next one: it joins the changed rows.
                scoped = self._extend_scope(report.written_ids[mark:])
            derived = {r.attribute for r, _, _ in computed}
            changed |= derived
        with self.graph.lock:
            new_stored = dict(stored) if only_set is not None else {}
            for r in usable:
                if only_set is None or r.name in only_set:
                    if r.name in report.rules_run or (r not in todo and stored.get(r.name) == r.digest):
                        new_stored[r.name] = r.digest
            for n in gone:
                new_stored.pop(n, None)
            if new_stored != stored:
                _meta_set(self.graph.con, META_RULES, json.dumps(new_stored, sort_keys=True))
            if kept != quarantine:
                _meta_set(self.graph.con, META_QUARANTINE, json.dumps(kept, sort_keys=True))
            failed_before = _builtin_failed(self.graph.con)
            names_now = {r.name for r in rules}
            failed = {n: e for n, e in failed_before.items() if n in names_now and n not in report.rules_run}
            failed.update(broken)
            if failed != failed_before:
                _meta_set(self.graph.con, META_BUILTIN_FAILED, json.dumps(failed, sort_keys=True))
            if only_set is None and max(upto, since) != since:
                _meta_set(self.graph.con, META_WATERMARK, str(max(upto, since)))
        if only_set is None:
            self._maybe_prune(usable, report)
        report.seconds = time.perf_counter() - start
        return report

    def _reached(self, rule: Rule, changed: set[str], since: int, upto: int) -> bool:
        """Whether the rows changed in (since, upto] can change what ``rule`` concludes: it reads one of their
        attributes, and, for an attribute it reads only of the holders of a guard (``reads_only_of``), a row
        changed is about an entity holding a current row of a guard, or a guard's own rows changed. A holder
        that lost its guard row lost it in a transaction whose run handled it (or in this window: the guard
        changed). Every row in the window counts, rules' own too (more rows: never fewer runs)."""
        hit = rule.reads & changed
        for attrs, guards in rule.reads_only_of:
            narrowed = sorted(hit & attrs)
            if not narrowed or guards & changed:
                continue
            a_ph, g_ph = ",".join("?" * len(narrowed)), ",".join("?" * len(guards))
            held = self.con.execute(
                f"SELECT 1 FROM facts c WHERE ((c.tx_from > ? AND c.tx_from <= ?) OR (c.tx_to > ? AND c.tx_to <= ?)) "
                f"AND c.a IN ({a_ph}) AND EXISTS (SELECT 1 FROM facts g WHERE g.e = c.e AND g.a IN ({g_ph}) "
                f"AND g.tx_to = {MAX_TX}) LIMIT 1",
                [since, upto, since, upto, *narrowed, *sorted(guards)]).fetchall()
            if not held:
                hit -= attrs
        return bool(hit)

    def _prepare_scope(self, since: int, upto: int, own_rules: Iterable[str]) -> bool:
        """On the compute connection: ``lore_scope`` = the entities of the rows written or closed in
        (since, upto] (their e and reference values), ``lore_closed`` = the ids of the rows closed then.
        False when the change is too large for scoped runs to pay (then rules run whole)."""
        names = sorted(set(own_rules))
        ph = ",".join("?" * len(names)) if names else "NULL"
        con = self.con
        con.execute(
            f"CREATE OR REPLACE TEMP TABLE lore_changed AS SELECT id, e, vt, v, tx_to FROM facts "
            f"WHERE ((tx_from > ? AND tx_from <= ?) OR (tx_to > ? AND tx_to <= ?)) "
            f"AND (rule IS NULL OR rule NOT IN ({ph}))", [since, upto, since, upto, *names])
        con.execute("CREATE OR REPLACE TEMP TABLE lore_closed AS SELECT id FROM lore_changed "
                    "WHERE tx_to <> 2147483647")
        con.execute("CREATE OR REPLACE TEMP TABLE lore_changed_entities AS SELECT e AS entity FROM lore_changed "
                    "UNION SELECT v FROM lore_changed WHERE vt = 'k'")
        n_scope, n_closed = con.execute(
            "SELECT (SELECT count(*) FROM lore_changed_entities), (SELECT count(*) FROM lore_closed)").fetchall()[0]
        return n_scope <= MAX_SCOPE and n_closed <= MAX_SCOPE * 5

    def _extend_scope(self, ids: list[int]) -> bool:
        con = self.con
        name = f"_lore_written_{threading.get_ident()}"
        con.register(name, pa.table({"id": pa.array(ids, pa.int64())}))
        try:
            con.execute(f"INSERT INTO lore_changed_entities SELECT DISTINCT x FROM (SELECT f.e AS x FROM facts f "
                        f"JOIN {name} w ON f.id = w.id UNION SELECT f.v FROM facts f JOIN {name} w ON f.id = w.id "
                        f"WHERE f.vt = 'k') WHERE x NOT IN (SELECT entity FROM lore_changed_entities)")
            con.execute(f"INSERT INTO lore_closed SELECT f.id FROM facts f JOIN {name} w ON f.id = w.id "
                        f"WHERE f.tx_to <> {MAX_TX}")
            n = con.execute("SELECT count(*) FROM lore_changed_entities").fetchall()[0][0]
        finally:
            con.unregister(name)
        return n <= MAX_SCOPE

    def compute_scoped(self, rule: Rule) -> tuple[pa.Table, pa.Table]:
        """A ``scope: subject`` rule over the changed entities only (``lore_changed_entities``). The scope grows
        to the subjects of the rule's conclusions that lost an input (``lore_closed``) and of what it concludes
        about the changed entities, so for every subject in the final scope the rule's output is complete and
        the difference is exact there (rules/README.md states the contract such a rule keeps). The working
        layer's preview takes the same steps with the scope held in Python (``_compute_over``)."""
        con = self.con
        # A conclusion may also hold by what its memories say of it (a rejection's :exempts, rules/README.md):
        # the current rows of the changed memories count as its inputs, as the closed rows do.
        con.execute("CREATE OR REPLACE TEMP TABLE lore_inputs AS SELECT id FROM lore_closed UNION ALL "
                    f"SELECT id FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND e IN "
                    "(SELECT entity FROM lore_changed_entities WHERE NOT lore_is_code(entity))")
        if con.execute("SELECT count(*) FROM lore_inputs").fetchall()[0][0]:
            con.execute("CREATE OR REPLACE TEMP TABLE lore_scope AS SELECT entity FROM lore_changed_entities "
                        f"UNION SELECT DISTINCT e FROM facts WHERE rule = ? AND tx_to = {MAX_TX} "
                        f"AND list_has_any(provenance, (SELECT coalesce(list(id), []) FROM lore_inputs))",
                        [rule.name])
        else:  # nothing closed (only rows added): no scan of facts for lost inputs
            con.execute("CREATE OR REPLACE TEMP TABLE lore_scope AS SELECT DISTINCT entity FROM lore_changed_entities")
        con.execute("CREATE OR REPLACE TEMP MACRO lore_in_scope(x) AS x IN (SELECT entity FROM lore_scope)")
        try:
            table = self.compute(rule)
            subjects = pa.table({"entity": table.column("e")})
            con.register("_lore_subjects", subjects)
            try:
                added = con.execute("INSERT INTO lore_scope SELECT DISTINCT entity FROM _lore_subjects "
                                    "WHERE entity NOT IN (SELECT entity FROM lore_scope)").fetchall()[0][0]
            finally:
                con.unregister("_lore_subjects")
            if added:
                table = self.compute(rule)
            scope = con.sql("SELECT entity FROM lore_scope").to_arrow_table()
            # Only the conclusions about subjects in the scope (filtered by DuckDB: importing
            # pyarrow.compute costs a one-shot process ~0.1 s of CPU).
            con.register("_lore_scoped", table)
            try:
                table = con.sql("SELECT * FROM _lore_scoped WHERE e IN (SELECT entity FROM lore_scope)"
                                ).to_arrow_table()
            finally:
                con.unregister("_lore_scoped")
        finally:
            con.execute("CREATE OR REPLACE TEMP MACRO lore_in_scope(x) AS true")
        return table, scope

    def preview(self, entities: Iterable[str], closed_ids: Iterable[int], rules: list[Rule] | None = None,
                attributes: Iterable[str] | None = None, fresh: Iterable[int] | None = None,
                code_only: Iterable[str] | None = None) -> list[tuple[Rule, pa.Table, pa.Table]]:
        """What the scoped warning rules conclude now about ``entities`` (and whatever lost an input among
        ``closed_ids``), computed on ``self.con`` and written nowhere: the working layer's warnings, read
        through a connection whose ``facts`` is history with the layer over it. Returns (rule, conclusions,
        scope) per rule; the conclusions are complete for every subject in the scope. ``attributes``: run
        only the rules that read one of them (what the change touched); ``code_only``: those of them whose
        every changed row is about code (a rule that reads them only of memories is not run: context.reached).
        ``fresh``: the ids of every row added since the conclusions now held were computed, when the caller
        knows them all: a subject outside the scope then has new conclusions only through a fresh row (contract 1
        returns each of them) and loses none, so when no conclusion about such a subject cites one, the rule is
        not run a second time over the grown scope.

        The same steps as compute_scoped, with the scope kept in Python (a keystroke's is a few entities):
        one statement per rule run instead of one per step."""
        wanted = set(attributes) if attributes is not None else None
        if rules is None:
            rules = all_rules(self.graph.path)[0]
        code = frozenset(code_only or ())
        todo = [r for r in rules if r.kind == "warning" and r.scope and r.lang == "sql" and reached(r, wanted, code)]
        if not todo:
            return []
        ensure_views(self.con)
        todo = [r for r in todo if self.check(r) is None]
        if not todo:
            return []
        con = self.con
        changed = set(entities)
        closed = sorted(set(closed_ids))
        lost: dict[str, set[str]] = {}
        if closed:
            # Every conclusion of a warning rule is a :lore/warning row: said, so that a store which keeps
            # that attribute apart (the working layer's) reads only those rows.
            for name, e in con.execute(
                    "SELECT DISTINCT rule, e FROM facts "
                    f"WHERE a = '{WARNING_ATTR}' AND tx_to = {MAX_TX} AND rule IN (SELECT unnest(?::VARCHAR[])) "
                    "AND list_has_any(provenance, ?::BIGINT[])", [[r.name for r in todo], closed]).fetchall():
                lost.setdefault(name, set()).add(e)
        fresh_ids = set(fresh) if fresh is not None else None
        out = []
        self._set_scope(changed)  # the macro's body is bound when it is made: the relation must exist
        con.execute(f"CREATE OR REPLACE TEMP MACRO lore_in_scope(x) AS x IN (SELECT entity FROM {_SCOPE_ROWS})")
        try:
            for r in todo:
                table, scope = self._compute_over(r, changed | lost.get(r.name, set()), fresh_ids)
                out.append((r, table, pa.table({"entity": pa.array(sorted(scope), pa.string())})))
        finally:
            con.execute("CREATE OR REPLACE TEMP MACRO lore_in_scope(x) AS true")
            try:
                con.unregister(_SCOPE_ROWS)
            except duckdb.Error:
                pass
        return out

    def _compute_over(self, rule: Rule, scope: set[str], fresh: set[int] | None) -> tuple[pa.Table, set[str]]:
        """compute_scoped's steps over a scope held in Python (``lore_in_scope`` reads _SCOPE_ROWS): the rule
        over ``scope``; the scope grown to the subjects it concluded about, and the rule run again, unless
        ``fresh`` is known and no conclusion about such a subject cites a fresh row; its conclusions about
        subjects in the final scope."""
        self._set_scope(scope)
        table = self.compute(rule)
        subjects = table.column("e").to_pylist()
        added = set(subjects) - scope
        if added and fresh is not None and not _cites(subjects, table.column("provenance").to_pylist(), added, fresh):
            pass  # what the rule concludes about them stands as it was
        elif added:
            scope = scope | added
            self._set_scope(scope)
            table = self.compute(rule)
            subjects = table.column("e").to_pylist()
        if any(e not in scope for e in subjects):
            table = pa.Table.from_pylist([row for row in table.to_pylist() if row["e"] in scope], schema=table.schema)
        return table, scope

    def _set_scope(self, scope: set[str]) -> None:
        self.con.register(_SCOPE_ROWS, pa.table({"entity": pa.array(sorted(scope), pa.string())}))

    def _maybe_prune(self, rules: list[Rule], report: RunReport, now_us: int | None = None) -> None:
        """Seed 000's periodic cleanup, at most once a day, as part of a run."""
        now = now_us if now_us is not None else now_micros()
        last = _meta_get(self.con, META_PRUNED)
        try:
            if last is not None and now - int(last) < PRUNE_EVERY_US:
                return
        except ValueError:
            pass
        report.pruned = prune(self.graph, now_us=now, rule_names=[r.name for r in rules])
        with self.graph.lock:
            _meta_set(self.graph.con, META_PRUNED, str(now))

    # -- checking and computing one rule

    def columns(self, rule: Rule) -> list[str]:
        key = (rule.name, rule.digest)
        if rule.lang == "datalog":
            if key not in self._columns:
                cols = [*_dl_columns(self._datalog(rule).variables), "provenance"]
                if rule.kind == "fact" and "vt" not in cols:
                    cols.append("vt")
                self._columns[key] = cols
            return self._columns[key]
        if key not in self._columns:
            timer = threading.Timer(self._timeout or self.rule_timeout, self.con.interrupt)
            timer.daemon = True
            timer.start()
            try:
                cur = self.con.execute(f"SELECT * FROM ({self.sql_of(rule)}\n) LIMIT 0")
                cols = [d[0] for d in cur.description]
                cur.fetchall()
            except duckdb.Error as exc:
                raise LoreError("rule-sql", f"rule {rule.name}: {str(exc).splitlines()[0]}") from None
            finally:
                timer.cancel()
            self._columns[key] = cols
        return self._columns[key]

    def check(self, rule: Rule) -> RuleError | None:
        """A rule is usable when its body is exactly one SELECT and yields the columns its kind needs."""
        if rule.lang == "datalog":
            try:
                cols = self.columns(rule)
            except LoreError as exc:
                return RuleError(rule.path, exc.code, exc.message)
            need = {"e", "v"} if rule.kind == "fact" else {"entity"}
            missing = need - set(cols)
            if missing:
                return RuleError(rule.path, "rule-columns", f"a {rule.kind} rule's goal must bind the variables "
                                 f"{', '.join('?' + c for c in sorted(need))}; missing "
                                 f"{', '.join('?' + c for c in sorted(missing))}")
            return None
        sql = self.sql_of(rule)
        key = _checked_key(rule.kind, sql)
        known = self._checked().get(key)
        if known is not None:  # passed before, word for word, under this very checker
            self._columns[(rule.name, rule.digest)] = known
            return None
        try:
            try:
                statements = self.con.extract_statements(sql)
            except duckdb.Error as exc:
                return RuleError(rule.path, "rule-sql-syntax", str(exc).splitlines()[0])
            if len(statements) != 1 or statements[0].type != duckdb.StatementType.SELECT:
                return RuleError(rule.path, "rule-not-select", "a rule's body must be exactly one SELECT "
                                 "(WITH … SELECT allowed)")
            try:
                # No write anywhere in it (a data-modifying CTE included), no function that reads a file.
                check_read_only(self.con, sql)
            except LoreError as exc:
                code = exc.code if exc.code == "sql-file-access" else "rule-not-select"
                return RuleError(rule.path, code, f"rule {rule.name}: {exc.message}")
            cols = self.columns(rule)
        except LoreError as exc:
            return RuleError(rule.path, exc.code, exc.message)
        need = {"e", "v", "provenance"} if rule.kind == "fact" else {"entity", "provenance"}
        missing = need - set(cols)
        if missing:
            return RuleError(rule.path, "rule-columns", f"a {rule.kind} rule's SELECT must return the columns "
                             f"{', '.join(sorted(need))}; missing {', '.join(sorted(missing))}")
        if len(set(cols)) != len(cols):
            return RuleError(rule.path, "rule-columns", "the SELECT returns two columns of the same name")
        self._remember_checked(key, cols)
        return None

    def _checked(self) -> dict[str, list[str]]:
        if self._checked_rules is None:
            try:
                data = json.loads(_checked_path().read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = {}
            self._checked_rules = {str(k): [str(c) for c in v] for k, v in data.items()
                                   if isinstance(v, list)} if isinstance(data, dict) else {}
        return self._checked_rules

    def _remember_checked(self, key: str, cols: list[str]) -> None:
        checked = self._checked()
        checked[key] = list(cols)
        while len(checked) > CHECKED_MAX:
            del checked[next(iter(checked))]
        path = _checked_path()
        tmp = path.with_name(f".{CHECKED_FILE}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:  # replaced whole (another process may write it at the same time: the last one wins)
            os.makedirs(path.parent, mode=0o700, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(json.dumps(checked, sort_keys=True))
            os.replace(tmp, path)
        except OSError as exc:  # a cache: the rule is checked again next time
            log.info("could not record a checked rule in %s: %s", path, exc)
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def sql_of(self, rule: Rule) -> str:
        if rule.lang == "sql":
            return rule.sql
        return f"SELECT * FROM {_dl_table(rule)}"

    def _datalog(self, rule: Rule) -> Any:
        """Compile a Datalog rule file with the query engine (its rules plus an optional ``goal``)."""
        try:
            from lore.query.api import compile_rule_query
        except ImportError:
            raise LoreError("rule-datalog-unavailable", f"rule {rule.name} is written in Datalog, but this Lore "
                            "has no Datalog compiler; write it in SQL") from None
        goal = rule.header.get("goal") or None
        try:
            if goal is None and rule.kind == "fact":
                # Default goal of a fact rule: its first rule's head as (name ?e ?v).
                from lore.query.parser import parse_rules

                heads = parse_rules(rule.sql)
                if heads and len(heads[0].args) == 2:
                    goal = f"({heads[0].name} ?e ?v)"
            with self.graph.lock:  # the compiler reads registered rules through graph.con
                return compile_rule_query(self.graph, rule.sql, goal, provenance=True)
        except LoreError as exc:
            raise LoreError("rule-datalog", f"rule {rule.name}: {exc.message}") from None
        except RecursionError:
            raise LoreError("rule-datalog", f"rule {rule.name}: the rule nests too deeply") from None

    def _register_datalog(self, rule: Rule) -> str:
        """Run a Datalog rule and register its rows as a table the pipeline reads like a SELECT's. Each row
        carries as provenance the ids of the facts one derivation matched (the query engine collects them
        through non-recursive rules; a recursive rule's own rows add none), so its confidence and valid
        time follow its inputs' as a SQL rule's do."""
        rq = self._datalog(rule)
        rows = rq.run(self.graph, con=self.con, timeout=self._timeout or self.rule_timeout)
        cols = _dl_columns(rq.variables)
        data: dict[str, list[Any]] = {c: [] for c in cols}
        vts: list[str] = []
        provenance: list[list[int]] = []
        for row in rows:
            provenance.append(list(row[-1]))
            row = row[:-1]
            for c, x in zip(cols, row):
                data[c].append(x if isinstance(x, (str, type(None))) else _dl_text(x))
            vi = cols.index("v") if "v" in cols else None
            vts.append(_dl_vt(row[vi]) if vi is not None else "s")
        arrays = {c: pa.array(vals, pa.string()) for c, vals in data.items()}
        if rule.kind == "fact" and "vt" not in arrays:
            arrays["vt"] = pa.array(vts, pa.string())
        arrays["provenance"] = pa.array(provenance, pa.list_(pa.int64()))
        name = _dl_table(rule)
        self.con.register(name, pa.table(arrays))
        return name

    def _enriched(self, rule: Rule, cols: list[str]) -> str:
        """The rule's rows with the engine's columns: a row number, sorted provenance, weight, and the
        average confidence and common valid time of the input rows (seed 002: confidence scales with the
        inputs'; a conclusion holds while all its inputs hold)."""
        extra = ", coalesce(weight, 1.0) AS __w" if "weight" in cols else ", 1.0 AS __w"
        return f"""
        WITH __raw AS (SELECT * FROM ({self.sql_of(rule)}
        )),
        __r AS (SELECT row_number() OVER () AS __i, *, list_sort(list_distinct(provenance)) AS __prov{extra}
                  FROM __raw),
        __p AS (SELECT __i, unnest(__prov) AS pid FROM __r),
        __a AS (SELECT __p.__i, avg(f.confidence) AS __c, max(f.valid_from) AS __vf, min(f.valid_to) AS __vt
                  FROM __p JOIN facts f ON f.id = __p.pid GROUP BY __p.__i)
        SELECT __r.*, __a.__c, __a.__vf, __a.__vt FROM __r LEFT JOIN __a USING (__i)
        """

    def compute(self, rule: Rule) -> pa.Table:
        """Every conclusion of ``rule`` now, as NEW_SCHEMA rows (no duplicates; never a restatement of an
        asserted fact). A query running past the timeout is interrupted and reported."""
        limit = self._timeout or self.rule_timeout
        timer = threading.Timer(limit, self.con.interrupt)
        timer.daemon = True
        timer.start()
        registered = None
        try:
            if rule.lang == "datalog":
                registered = self._register_datalog(rule)
            return self._compute(rule)
        except LoreError as exc:
            if "INTERRUPT" in exc.message.upper():
                raise LoreError("rule-timeout", f"rule {rule.name} ran longer than {limit:.3g} s "
                                "and was stopped") from None
            raise
        finally:
            timer.cancel()
            if registered is not None:
                self.con.unregister(registered)

    def _compute(self, rule: Rule) -> pa.Table:
        cols = self.columns(rule)
        base = self._enriched(rule, cols)
        conf_expr = f"least(1.0, {rule.confidence!r} * __w * coalesce(__c, 1.0))"
        try:
            if rule.kind == "fact":
                vt = "coalesce(CAST(vt AS VARCHAR), 'k')" if "vt" in cols else "'k'"
                vn = "CAST(vn AS DOUBLE)" if "vn" in cols else "NULL::DOUBLE"
                sql = f"""
                WITH __b AS ({base}),
                __c AS (SELECT CAST(e AS VARCHAR) AS e, ? AS a, {vt} AS vt, CAST(v AS VARCHAR) AS v, {vn} AS vn,
                               __vf AS valid_from, coalesce(__vt, {FOREVER}) AS valid_to,
                               round({conf_expr}, 9) AS confidence,
                               coalesce(__prov, []::BIGINT[]) AS provenance
                          FROM __b WHERE e IS NOT NULL AND v IS NOT NULL)
                SELECT * FROM __c
                 WHERE confidence > 0 AND (valid_from IS NULL OR valid_from < valid_to)
                   AND regexp_full_match(e, '{_IDENT_SQL}') AND vt IN ('k', 's', 'i', 'f', 'b', 't', 'u')
                   AND (vt <> 'k' OR regexp_full_match(v, '{_IDENT_SQL}'))
                   AND (vt NOT IN ('i', 'f', 't') OR vn IS NOT NULL)
                   AND NOT EXISTS (SELECT 1 FROM asserted_now x
                                    WHERE x.e = __c.e AND x.a = __c.a AND x.vt = __c.vt AND x.v = __c.v)
                QUALIFY row_number() OVER (PARTITION BY e, vt, v ORDER BY confidence DESC, provenance) = 1
                LIMIT {MAX_CONCLUSIONS + 1}
                """
                table = self.con.sql(sql, params=[rule.derives]).to_arrow_table()
                if table.num_rows > MAX_CONCLUSIONS:
                    raise LoreError("rule-too-many", f"rule {rule.name} concluded more than {MAX_CONCLUSIONS} facts")
                return table.cast(NEW_SCHEMA)
            return self._compute_warnings(rule, cols, base, conf_expr)
        except duckdb.Error as exc:
            raise LoreError("rule-sql", f"rule {rule.name}: {str(exc).splitlines()[0]}") from None

    def _compute_warnings(self, rule: Rule, cols: list[str], base: str, conf_expr: str) -> pa.Table:
        slots = [c for c in cols if c not in WARNING_COLUMNS]
        res = self.con.execute(
            f"SELECT *, {conf_expr} AS __conf FROM ({base}) WHERE entity IS NOT NULL LIMIT {MAX_CONCLUSIONS + 1}")
        names = [d[0] for d in res.description]
        rows = res.fetchall()
        if len(rows) > MAX_CONCLUSIONS:
            raise LoreError("rule-too-many", f"rule {rule.name} raised more than {MAX_CONCLUSIONS} warnings")
        best: dict[str, dict[str, Any]] = {}
        for raw in rows:
            row = dict(zip(names, raw))
            conf = row["__conf"]
            if conf is None or conf <= 0 or not _ENTITY_RE.fullmatch(str(row["entity"])):
                continue
            vf, vto = row["__vf"], row["__vt"] if row["__vt"] is not None else FOREVER
            if vf is not None and vf >= vto:
                continue
            slot_values = {k: jsonable(row[k]) for k in slots}
            ctx = {"entity": row["entity"], **slot_values}
            key_cols = rule.key or ("entity", *sorted(slots))
            ident = json.dumps([rule.name, *[jsonable(ctx.get(k)) for k in key_cols]], sort_keys=True,
                               default=str)
            wid = f"{rule.name.replace('_', '-')}-{hashlib.sha1(ident.encode()).hexdigest()[:12]}"
            anchor = None
            if row.get("anchor_kind"):
                anchor = {"kind": row["anchor_kind"], "entity": row.get("anchor_entity") or row["entity"]}
                if row.get("anchor_target"):
                    anchor["target"] = row["anchor_target"]
            related = [str(x) for x in (row.get("related") or []) if x is not None]
            doc = {"id": wid, "message": rule.render(ctx), "anchor": anchor, "related": related,
                   "slots": slot_values}
            prev = best.get(wid)
            if prev is None or conf > prev["confidence"]:
                best[wid] = {"e": str(row["entity"]), "a": WARNING_ATTR, "vt": "s",
                             "v": json.dumps(doc, sort_keys=True, ensure_ascii=False, default=str),
                             "vn": None, "valid_from": vf, "valid_to": vto, "confidence": round(conf, 9),
                             "provenance": row["__prov"] or []}
        items = list(best.values())
        return pa.Table.from_pylist(items, schema=NEW_SCHEMA)

    # -- writing the difference

    def _apply(self, computed: list[tuple[Rule, pa.Table, pa.Table | None]], gone: list[str],
               report: RunReport) -> None:
        """Close what is no longer concluded and insert what is new, in one transaction (none when nothing
        changed)."""
        g = self.graph
        with g.lock:
            con = g.con
            with g.atomic():
                tx = None
                instant = None
                names: list[str] = []

                def open_tx() -> int:
                    nonlocal tx, instant
                    if tx is None:
                        label = ", ".join(r.name for r, _, _ in computed) or ", ".join(gone)
                        tx, instant = g.begin_tx(f"inference: {label}"[:500], "rule")
                    return tx

                pruned = self._has_pruned_table(con)
                for name in gone:
                    ids = [r[0] for r in con.execute(
                        f"SELECT id FROM facts WHERE rule = ? AND tx_to = {MAX_TX}", [name]).fetchall()]
                    if ids:
                        self._note_warnings(con, ids, report)
                        g.close_rows(ids, open_tx())
                        report.closed += len(ids)
                for rule, table, scope in computed:
                    reg = f"_lore_new_{threading.get_ident()}"
                    sreg = f"_lore_scope_{threading.get_ident()}"
                    con.register(reg, table)
                    if scope is not None:
                        con.register(sreg, scope)
                    try:
                        scope_filter = f"AND f.e IN (SELECT entity FROM {sreg})" if scope is not None else ""
                        skip_pruned = ("AND NOT EXISTS (SELECT 1 FROM inference_pruned p WHERE p.rule = $rule "
                                       "AND p.e = n.e AND p.a = n.a AND p.vt = n.vt AND p.v = n.v "
                                       "AND p.provenance IS NOT DISTINCT FROM n.provenance)") if pruned else ""
                        con.execute(_DIFF_SQL["new"].replace("{new}", reg).replace("{skip_pruned}", skip_pruned),
                                    {"rule": rule.name})
                        con.execute(_DIFF_SQL["current"], {"rule": rule.name})
                        close_ids = [r[0] for r in con.execute(
                            _DIFF_SQL["close"].replace("{scope_filter}", scope_filter)).fetchall()]
                        new_rows = con.execute(_DIFF_SQL["insert"]).fetchall()
                    finally:
                        con.execute(_DIFF_SQL["drop"])
                        con.unregister(reg)
                        if scope is not None:
                            con.unregister(sreg)
                    if not close_ids and not new_rows:
                        continue
                    t = open_tx()
                    if close_ids:
                        self._note_warnings(con, close_ids, report)
                        g.close_rows(close_ids, t)
                        report.written_ids.extend(close_ids)
                    if new_rows:
                        first = g.allocate_ids(len(new_rows))
                        rows = [(first + i, e, a, vt, v, vn, instant if vf is None else vf, vto, t, MAX_TX, True,
                                 rule.name, conf, list(prov or []))
                                for i, (e, a, vt, v, vn, vf, vto, conf, prov) in enumerate(new_rows)]
                        g.insert_rows(rows)
                        report.written_ids.extend(r[0] for r in rows)
                        if rule.kind == "warning":
                            report.changed_entities.update(r[1] for r in rows)
                    report.closed += len(close_ids)
                    report.inserted += len(new_rows)
                    names.append(rule.name)
            if tx is not None:
                report.txs.append(tx)

    @staticmethod
    def _has_pruned_table(con: duckdb.DuckDBPyConnection) -> bool:
        return bool(con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'inference_pruned' "
                                "AND NOT temporary").fetchall()[0][0])

    @staticmethod
    def _note_warnings(con: duckdb.DuckDBPyConnection, ids: list[int], report: RunReport) -> None:
        if not ids:
            return
        table = pa.table({"id": pa.array(ids, pa.int64())})
        name = f"_lore_ids_{threading.get_ident()}"
        con.register(name, table)
        try:
            rows = con.execute(f"SELECT DISTINCT f.e FROM facts f JOIN {name} i ON f.id = i.id "
                               f"WHERE f.a = ?", [WARNING_ATTR]).fetchall()
        finally:
            con.unregister(name)
        report.changed_entities.update(r[0] for r in rows)


def prune(graph: Graph, *, below: float = 0.3, older_than_days: float = 30.0, now_us: int | None = None,
          rule_names: Iterable[str] | None = None) -> int:
    """Seed 000's cleanup: close old, low-confidence conclusions of Lore's rules, and remember them so the
    same conclusion from the same inputs is not derived again (new evidence can bring it back)."""
    if graph.read_only:
        return 0
    names = sorted(set(rule_names) if rule_names is not None else
                   {r.name for r in all_rules(graph.path)[0]})
    if not names:
        return 0
    cutoff = (now_us if now_us is not None else now_micros()) - int(older_than_days * 86_400 * 1_000_000)
    ph = ",".join("?" * len(names))
    with graph.lock:
        con = graph.con
        with graph.atomic():
            rows = con.execute(
                f"SELECT f.id, f.rule, f.e, f.a, f.vt, f.v, f.provenance FROM facts f JOIN tx t ON t.tx = f.tx_from "
                f"WHERE f.tx_to = {MAX_TX} AND f.inferred AND f.confidence < ? AND t.instant < ? "
                f"AND f.rule IN ({ph})", [below, cutoff, *names]).fetchall()
            if not rows:
                return 0
            con.execute(PRUNED_TABLE_SQL)
            tx, _ = graph.begin_tx(f"inference: prune {len(rows)} low-confidence conclusion(s)", "rule")
            graph.close_rows([r[0] for r in rows], tx)
            table = pa.table({
                "rule": [r[1] for r in rows], "e": [r[2] for r in rows], "a": [r[3] for r in rows],
                "vt": [r[4] for r in rows], "v": [r[5] for r in rows],
                "provenance": pa.array([r[6] for r in rows], pa.list_(pa.int64())),
            })
            name = f"_lore_pruned_{threading.get_ident()}"
            con.register(name, table)
            try:
                con.execute(f"INSERT INTO inference_pruned SELECT rule, e, a, vt, v, provenance, ? FROM {name}", [tx])
            finally:
                con.unregister(name)
    return len(rows)


def _dl_columns(variables: list[str]) -> list[str]:
    return [str(v).lstrip("?").replace("-", "_") for v in variables]


def _dl_table(rule: Rule) -> str:
    return f"_lore_dl_{rule.name.replace('-', '_')}_{threading.get_ident()}"


def _dl_text(x: Any) -> str:
    if isinstance(x, bool):
        return "true" if x else "false"
    return str(x)


def _dl_vt(x: Any) -> str:
    """The store's type tag of a decoded query value (an ident text is a reference)."""
    if isinstance(x, bool):
        return "b"
    if isinstance(x, int):
        return "i"
    if isinstance(x, float):
        return "f"
    if isinstance(x, str) and x.startswith(":") and IDENT_RE.match(x[1:]):
        return "k"
    return "s"

"""The query engine's entry points (the contract other parts of Lore use).

``run_query(graph, text, params=None, *, explain=False, rules=None, timeout=None) -> dict``
    Parse a Datalog query (SPEC §2), compile it to one DuckDB statement and run it. Returns
    ``{"ok": True, "variables": [...], "results": [[...], ...]}`` with values as SPEC §3 says, or with
    ``explain=True`` ``{"ok": True, "sql": ..., "params": {...}}`` without running it. ``params`` maps a
    parameter name (as declared by ``:in $name``) to EDN text. ``rules`` is optional Datalog text of
    extra rules visible to this query only. Raises LoreError on any error.

``compile_rule_query(graph, rules, goal=None, *, params=None, as_of=None, valid_at=None,
                     any_valid_time=False) -> RuleQuery``
    For the inference engine: compile Datalog rules (text; they join the built-in and registered
    ones for this call only) and a goal such as ``"(stale ?d ?m)"`` (default: the first rule's head
    with fresh variables). ``RuleQuery.run(graph, *, timeout=None, con=None) -> list[list]`` gives the
    goal's rows as decoded values (``con``: a cursor for another thread); with ``provenance=True`` each
    row ends with the sorted ids of the facts it was derived from (the scans of the goal's non-recursive
    rules; a recursive rule's rows add none); ``RuleQuery.sql`` / ``.params`` / ``.variables`` show what runs. ``as_of`` is a tx number,
    ``valid_at`` microseconds (default now).

``rule_rows(graph, rules, goal=None, **kw) -> list[list]`` is ``compile_rule_query(...).run(graph)``.
"""

from __future__ import annotations

import logging
import re
import uuid
from dataclasses import dataclass
from typing import Any

from lore import edn
from lore.errors import LoreError
from lore.query.compiler import Compiled, Program, compile_query, decode_rows, time_filter
from lore.query.parser import Query, RuleCall, Var, parse_query, parse_rules, walk_clauses
from lore.query.rules import load_program
from lore.sqlfile import scalar
from lore.store.limits import Deadline, fetch_bounded, max_rows

log = logging.getLogger("lore")

MAX_FIXPOINT_ROUNDS = 100_000


def run_query(graph: Any, text: str, params: dict[str, str] | None = None, *, explain: bool = False,
              rules: str | None = None, timeout: float | None = None) -> dict[str, Any]:
    try:
        return _run_query(graph, text, params, explain=explain, rules=rules, timeout=timeout)
    except RecursionError:
        raise LoreError("too-deep", "the query nests too deeply") from None


def _run_query(graph: Any, text: str, params: dict[str, str] | None, *, explain: bool,
               rules: str | None, timeout: float | None) -> dict[str, Any]:
    if not isinstance(text, str):
        raise LoreError("bad-params", "the query must be a string of Datalog")
    q = parse_query(text)
    extra = parse_rules(rules) if rules else None
    inputs = _inputs(q, params)
    program = load_program(graph, extra) if extra or _calls_rules(q) else Program({})
    program.check_stratified()
    as_of, valid_at = time_filter(graph, q)
    prefix = "_lq" + uuid.uuid4().hex[:8] + "_"
    compiled = compile_query(q, program, as_of=as_of, valid_at=valid_at, inputs=inputs, prefix=prefix)
    if explain:
        return {"ok": True, "sql": explain_text(compiled), "params": dict(compiled.params)}
    rows = execute(graph, compiled, timeout=timeout, bounded=True)
    reply: dict[str, Any] = {"ok": True, "variables": compiled.variables}
    if compiled.max_results is not None:
        reply["truncated"] = len(rows) > compiled.max_results
        rows = rows[:compiled.max_results]
    reply["results"] = decode_rows(rows, compiled.columns)
    return reply


def _calls_rules(q: Query) -> bool:
    return any(isinstance(c, RuleCall) for c, _ in walk_clauses(q.where))


def _inputs(q: Query, params: dict[str, str] | None) -> dict[str, Any]:
    params = params or {}
    if not isinstance(params, dict):
        raise LoreError("bad-params", "params must map names to EDN text")
    out: dict[str, Any] = {}
    for name, text in params.items():
        key = name[1:] if isinstance(name, str) and name.startswith("$") else name
        if key not in q.inputs:
            declared = " ".join("$" + n for n in q.inputs) or "none"
            raise LoreError("unknown-parameter", f"the parameter {key} is not declared by :in (declared: {declared})")
        if not isinstance(text, str):
            raise LoreError("bad-parameter", f"the parameter {key} must be EDN text, e.g. \"Bob\" or :decision/db")
        try:
            value = edn.read(text)
        except LoreError as exc:
            raise LoreError("bad-parameter", f"the parameter {key} is not valid EDN: {exc.message}") from None
        if value is None or isinstance(value, (list, dict, set, frozenset, edn.Symbol)):
            raise LoreError("bad-parameter", f"the parameter {key} must be a single value (string, number, "
                                             f"boolean, keyword, #inst or #uuid), got {text!r}")
        out[key] = value
    for name in q.inputs:
        if name not in out:
            raise LoreError("missing-parameter", f"the query declares ${name} in :in but no value was given "
                                                 f"(--param {name}=EDN)")
    return out


def explain_text(c: Compiled) -> str:
    if not any(r.fix for r in c.relations):
        return c.full_sql()
    parts = []
    for r in c.relations:
        if r.fix is None:
            parts.append(f"-- relation {r.name}\n{r.sql}")
        else:
            fx = r.fix
            for n, t in fx.tables.items():
                parts.append(f"-- fixpoint {n} -> {t}: init\n" + "\nUNION\n".join(fx.init[n] or ["(empty)"]))
                parts.append(f"-- fixpoint {n}: semi-naive step (delta {fx.deltas[n]})\n"
                             + "\nUNION\n".join(fx.step[n] or ["(none)"]))
    parts.append("-- query\n" + c.sql)
    return "\n\n".join(parts)


# ------------------------------------------------------------------ execution

_PARAM = re.compile(r"\$(p\d+)")


def _used(sql: str, params: dict[str, Any]) -> dict[str, Any]:
    return {k: params[k] for k in set(_PARAM.findall(sql)) if k in params}


def execute(graph: Any, compiled: Compiled, *, timeout: float | None = None, con: Any = None,
            bounded: bool = False) -> list[tuple]:
    """Run a compiled query under its time limit (default ``LORE_QUERY_TIMEOUT``, 30 s). ``bounded``:
    a result over the row or byte cap (store.limits) is ``too-large`` (user queries; rules are not)."""
    import duckdb

    con = con if con is not None else graph.con
    temps: list[str] = []
    deadline = Deadline(con, timeout)
    cap = compiled.max_derived_facts
    derived = 0

    def fetch(res: Any) -> list[tuple]:
        if not bounded:
            return res.fetchall()
        rows_cap = max_rows()
        if compiled.max_results is not None and compiled.max_results <= rows_cap:
            rows_cap = compiled.max_results + 1  # the probe row that says "truncated" is not a result
        return fetch_bounded(res, rows_cap=rows_cap)

    def count(table: str) -> None:
        nonlocal derived
        if cap is None:
            return
        derived += scalar(con.execute(f"SELECT count(*) FROM {table}"))
        if derived > cap:
            raise LoreError("derived-facts-limit", f"the query's rules derived more than {cap} facts "
                                                   f"(:max-derived-facts {cap})")

    try:
        with deadline:
            if cap is None and not any(r.fix for r in compiled.relations):
                sql = compiled.full_sql()
                return fetch(con.execute(sql, _used(sql, compiled.params)))
            for r in compiled.relations:  # materialise in dependency order, then run the query
                if r.fix is None:
                    rec = "RECURSIVE " if r.recursive else ""
                    sql = (f"CREATE TEMP TABLE {r.name} AS WITH {rec}{r.name}({r.columns()}) AS ({r.sql}) "
                           f"SELECT * FROM {r.name}")
                    if cap is not None:
                        sql += f" LIMIT {int(cap) + 1}"  # more than the cap is all it takes to know
                    temps.append(r.name)
                    con.execute(sql, _used(sql, compiled.params))
                    count(r.name)
                else:
                    temps.extend(run_fixpoint(con, r.fix, compiled.params, deadline, count))
            return fetch(con.execute(compiled.sql, _used(compiled.sql, compiled.params)))
    except duckdb.InterruptException:
        raise deadline.error() from None
    except duckdb.Error as exc:
        if deadline.fired:
            raise deadline.error() from None
        msg = str(exc).splitlines()[0]
        if "regex" in msg.lower() or "regular expression" in msg.lower() or (
                "regexp_matches" in compiled.sql + "".join(r.sql for r in compiled.relations)
                and msg.startswith("Invalid Input Error")):
            raise LoreError("bad-regex", f"matches? got an invalid regular expression: {msg}") from None
        if "Out of Range" in msg or "overflow" in msg.lower():
            raise LoreError("arithmetic-overflow", f"arithmetic overflowed: {msg}") from None
        if "Conversion Error" in msg:
            raise LoreError("type-error", f"a value has the wrong type: {msg}") from None
        log.warning("query failed in DuckDB: %s", msg)
        raise LoreError("query-failed", f"the query could not run: {msg}") from None
    finally:
        for t in reversed(temps):
            try:
                con.execute(f"DROP TABLE IF EXISTS {t}")
            except duckdb.Error:
                pass


def run_fixpoint(con: Any, fx: Any, params: dict[str, Any], deadline: Deadline,
                 counter: Any = None) -> list[str]:
    """Semi-naive evaluation of mutually or non-linearly recursive rules over temp tables:
    full_p starts as p's non-recursive bodies; each round evaluates every recursive body once per
    recursive occurrence with that occurrence reading the last round's new rows (delta), keeps the
    rows not yet known, and stops when no rule learned anything."""
    made: list[str] = []

    def run(sql: str) -> Any:
        return con.execute(sql, _used(sql, params))

    def cols(n: str) -> str:
        return ", ".join(f"t{i}, v{i}, n{i}" for i in range(fx.arity[n]))

    def empty(n: str) -> str:
        return "SELECT " + ", ".join(f"NULL::VARCHAR AS t{i}, NULL::VARCHAR AS v{i}, NULL::DOUBLE AS n{i}"
                                     for i in range(fx.arity[n])) + " WHERE FALSE"

    for n, table in fx.tables.items():
        body = " UNION ".join(fx.init[n]) or empty(n)
        run(f"CREATE TEMP TABLE {table}({cols(n)}) AS SELECT * FROM ({body}) AS s")
        made.append(table)
        run(f"CREATE TEMP TABLE {fx.deltas[n]} AS SELECT * FROM {table}")
        made.append(fx.deltas[n])
        if counter is not None:
            counter(table)
    for _ in range(MAX_FIXPOINT_ROUNDS):
        if deadline.fired:
            raise deadline.error()
        news = {}
        for n, table in fx.tables.items():
            new = fx.deltas[n] + "_new"
            body = " UNION ".join(fx.step[n]) or empty(n)
            run(f"CREATE OR REPLACE TEMP TABLE {new} AS SELECT * FROM ({body}) AS s EXCEPT SELECT * FROM {table}")
            if new not in made:
                made.append(new)
            news[n] = new
        grew = False
        for n, table in fx.tables.items():
            new_rows = scalar(run(f"SELECT count(*) FROM {news[n]}"))
            run(f"INSERT INTO {table} SELECT * FROM {news[n]}")
            run(f"CREATE OR REPLACE TEMP TABLE {fx.deltas[n]} AS SELECT * FROM {news[n]}")
            grew = grew or new_rows > 0
            if counter is not None:
                counter(news[n])
        if not grew:
            return made
    raise LoreError("query-too-large", "the recursive rules did not reach a fixpoint")


# ------------------------------------------------------------------ rules for the inference engine

@dataclass
class RuleQuery:
    compiled: Compiled
    variables: list[str]

    @property
    def sql(self) -> str:
        return explain_text(self.compiled)

    @property
    def params(self) -> dict[str, Any]:
        return self.compiled.params

    def run(self, graph: Any, *, timeout: float | None = None, con: Any = None) -> list[list[Any]]:
        rows = execute(graph, self.compiled, timeout=timeout, con=con)
        return decode_rows(rows, self.compiled.columns)


def compile_rule_query(graph: Any, rules: str, goal: str | None = None, *, params: dict[str, str] | None = None,
                       as_of: int | None = None, valid_at: int | None = None,
                       any_valid_time: bool = False, provenance: bool = False) -> RuleQuery:
    extra = parse_rules(rules) if rules and rules.strip() else []
    if goal is None:
        if not extra:
            raise LoreError("bad-params", "give rules or a goal")
        head = extra[0]
        call = RuleCall(head.name, [Var(f"?_{i}") for i in range(len(head.args))])
    else:
        form = parse_query(f"[:find ?_goal_unused :where {goal}]").where
        if len(form) != 1 or not isinstance(form[0], RuleCall):
            raise LoreError("bad-params", f"the goal must be one rule call such as (stale ?d ?m), got {goal!r}")
        call = form[0]
    find = [a for a in call.args if isinstance(a, Var)]
    seen: list[Var] = []
    for v in find:
        if v not in seen:
            seen.append(v)
    if not seen:
        raise LoreError("bad-params", "the goal needs at least one variable")
    q = Query(find=list(seen), where=[call])
    q.inputs = list((params or {}).keys())
    inputs = _inputs(q, params)
    program = load_program(graph, extra)
    program.check_stratified()
    from lore.timeutil import now_micros

    vt = None if any_valid_time else (valid_at if valid_at is not None else now_micros())
    prefix = "_lr" + uuid.uuid4().hex[:8] + "_"
    compiled = compile_query(q, program, as_of=as_of, valid_at=vt, inputs=inputs, prefix=prefix,
                             provenance=provenance)
    return RuleQuery(compiled, compiled.variables)


def rule_rows(graph: Any, rules: str, goal: str | None = None, **kw: Any) -> list[list[Any]]:
    return compile_rule_query(graph, rules, goal, **kw).run(graph)

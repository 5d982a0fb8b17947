"""Datalog AST -> DuckDB SQL: the entry point, and the :find projection.

A query's :where clauses become one SELECT: every data pattern is a scan of ``facts`` under the query's
time filter (as-of / valid-at / any-valid-time), joined by the equalities its variables imply; predicates
and binding functions become WHERE conditions and expressions; ``not``/``not-join`` become NOT EXISTS
(DuckDB plans them as anti-joins); ``or``/``or-join`` become a UNION subquery joined in.

A bound value is a triple of SQL expressions (type tag, canonical text, numeric shadow) mirroring the
store's (vt, v, vn) columns, so values of every type join and compare without conversions in Python.
Every constant from the query text or its parameters is a named SQL parameter, never spliced.

Rules become relations with columns (t0, v0, n0, t1, v1, n1, …): a non-recursive rule is a CTE, a linearly
recursive one a ``WITH RECURSIVE … UNION`` CTE (DuckDB evaluates it semi-naively), and mutual or
non-linear recursion a semi-naive fixpoint over temp tables that ``api`` drives. A call to a
linearly recursive "chain" rule with its moving argument (or all its other arguments) bound to a constant
is evaluated from that constant only (a frontier CTE), so ``(reachable :module/a ?x)`` never computes the
whole transitive closure.

The parts live in their own modules: ``values`` (bound values and the conditions on them), ``program``
(rule dependency analysis), ``recursion`` (rule relations), ``context`` (one compilation's state),
``scope`` (clauses -> FROM/WHERE), ``rows`` (decoding results). This module compiles a whole query.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lore.edn import Instant
from lore.query.context import Ctx
from lore.query.parser import Agg, Query, Var, Window, item_name
from lore.query.program import Program
from lore.query.recursion import Relation
from lore.query.rows import decode_row, decode_rows
from lore.query.scope import Scope
from lore.query.values import T, err, rank_sql
from lore.query.windows import project as project_windows
from lore.timeutil import format_instant, parse_instant


@dataclass
class Compiled:
    sql: str  # the main SELECT (without the rule relations' WITH clause)
    params: dict[str, Any]
    variables: list[str]
    columns: list[tuple[str, Any]]  # how to decode each find item: ("var", width), ("agg", fn), ("int", None)
    relations: list[Relation] = field(default_factory=list)
    max_results: int | None = None  # the SQL fetches one row more, to tell whether more existed
    max_derived_facts: int | None = None

    def full_sql(self) -> str:
        """The whole statement when no fixpoint is needed: rule relations as CTEs, then the query."""
        if not self.relations:
            return self.sql
        ctes = []
        for r in self.relations:
            ctes.append(f"{r.name}({r.columns()}) AS ({r.sql})")
        rec = "RECURSIVE " if any(r.recursive for r in self.relations) else ""
        return f"WITH {rec}" + ",\n".join(ctes) + "\n" + self.sql


def compile_query(q: Query, program: Program, *, as_of: int | None, valid_at: int | None,
                  inputs: dict[str, Any], prefix: str = "", provenance: bool = False) -> Compiled:
    """``provenance`` (rule files): plain :find variables only; each row gets a last column with the ids
    of the facts one of its derivations matched (the smallest such list, so it is reproducible)."""
    ctx = Ctx(program, as_of=as_of, valid_at=valid_at, inputs=inputs, prefix=prefix, provenance=provenance)
    scope = Scope(ctx)
    scope.top = True
    for c in q.where:
        scope.add(c)
    scope.finish()

    def need(v: Var, what: str) -> T:
        t = scope.vars.get(v.name)
        if t is None:
            raise err("unknown-variable", f"{what} {v.name} is not bound by any :where clause", v.pos)
        return t

    plain = [f for f in q.find if isinstance(f, Var)]
    aggs = [f for f in q.find if isinstance(f, Agg)]
    windows = [f for f in q.find if isinstance(f, Window)]
    variables = [item_name(f) for f in q.find]
    for f in q.find:
        v = f if isinstance(f, Var) else f.var
        if v is not None:
            need(v, "the :find variable")
    for w in q.with_:
        need(w, "the :with variable")
    for item, _ in q.order_by:
        if item not in q.find:
            raise err("bad-order-by", f":order-by {item_name(item)} must be one of the :find items", item.pos)

    columns: list[tuple[str, Any]] = []
    order: list[str]
    if provenance:
        if aggs or windows or q.order_by:
            raise err("bad-params", "provenance is computed for plain :find variables only")
        cols = []
        for i, f in enumerate(plain):
            t = scope.vars[f.name]
            cols.append(f"{t.vt} AS c{i}_t, {t.v} AS c{i}_v")
            columns.append(("var", 2))
        body = scope.select(cols + [f"{scope.prov_expr()} AS p"])
        keys = ", ".join(f"c{i}_t, c{i}_v" for i in range(len(plain)))
        sql = f"SELECT {keys}, min(p) AS p FROM ({body}) AS b GROUP BY {keys}"
        columns.append(("prov", None))
        order = []
    elif windows:
        sql, columns, order, order_keys = project_windows(q, scope)
        if q.order_by:
            order = []
            for item, desc in q.order_by:
                k = q.find.index(item)
                order += [x + (" DESC" if desc else "") for x in order_keys[k]]
    elif not aggs:
        cols = []
        with_n = bool(q.order_by)  # the numeric shadow is only needed to sort
        for i, f in enumerate(plain):
            t = scope.vars[f.name]
            cols.append(f"{t.vt} AS c{i}_t, {t.v} AS c{i}_v" + (f", {t.vn} AS c{i}_n" if with_n else ""))
            columns.append(("var", 3 if with_n else 2))
        body = scope.select(cols)
        index_of = {f.name: i for i, f in enumerate(plain)}
        order = []
        for item, desc in q.order_by:
            i = index_of[item_name(item)]  # a plain variable here: its name
            d = " DESC" if desc else ""
            order += [f"{rank_sql(f'c{i}_t')}{d}", f"c{i}_n{d}", f"c{i}_v{d}"]
        sql = f"SELECT * FROM ({body}) AS q" if order or q.limit is not None or q.max_results is not None else body
    else:
        # aggregates run over the SET of bindings of the find and :with variables
        used: list[str] = []
        for f in q.find:
            assert not isinstance(f, Window)  # queries with windows were compiled above
            n = f.name if isinstance(f, Var) else f.var.name
            if n not in used:
                used.append(n)
        for w in q.with_:
            if w.name not in used:
                used.append(w.name)
        idx = {n: j for j, n in enumerate(used)}
        inner = scope.select_bindings(used)
        outs, groups, order_keys = [], [], {}
        for k, f in enumerate(q.find):
            if isinstance(f, Var):
                j = idx[f.name]
                outs.append(f"x{j}_t AS c{k}_t, x{j}_v AS c{k}_v, x{j}_n AS c{k}_n")
                groups += [f"x{j}_t", f"x{j}_v", f"x{j}_n"]
                columns.append(("var", 3))
                order_keys[k] = [rank_sql(f"c{k}_t"), f"c{k}_n", f"c{k}_v"]
                continue
            assert not isinstance(f, Window)  # (as above)
            j = idx[f.var.name]
            xt, xv, xn = f"x{j}_t", f"x{j}_v", f"x{j}_n"
            bad = f"bool_or({xt} NOT IN ('i', 'f'))"
            if f.fn == "count":
                outs.append(f"count({xt}) AS c{k}")
            elif f.fn == "count-distinct":
                outs.append(f"count(DISTINCT {xt} || {xv}) AS c{k}")
            elif f.fn == "sum":
                outs.append(f"sum(CASE WHEN {xt} = 'i' THEN CAST({xv} AS HUGEINT) END) AS c{k}_i, "
                            f"sum({xn}) AS c{k}, bool_and({xt} = 'i') AS c{k}_allint, {bad} AS c{k}_bad")
            elif f.fn == "sum-distinct":  # distinct values: 1 and 1.0 are two (their sums of each type)
                outs.append(f"sum(DISTINCT CASE WHEN {xt} = 'i' THEN CAST({xv} AS HUGEINT) END) AS c{k}_i, "
                            f"coalesce(sum(DISTINCT CASE WHEN {xt} = 'i' THEN {xn} END), 0) "
                            f"+ coalesce(sum(DISTINCT CASE WHEN {xt} = 'f' THEN {xn} END), 0) AS c{k}, "
                            f"bool_and({xt} = 'i') AS c{k}_allint, {bad} AS c{k}_bad")
            elif f.fn == "avg":
                outs.append(f"avg({xn}) AS c{k}, {bad} AS c{k}_bad")
            else:
                outs.append(f"{f.fn}(struct_pack(r := {rank_sql(xt)}, n := {xn}, v := {xv}, t := {xt})) AS c{k}")
            columns.append(("agg", f.fn))
            order_keys[k] = [f"c{k}"]
        sql = f"SELECT {', '.join(outs)} FROM ({inner}) AS b"
        if groups:
            sql += " GROUP BY " + ", ".join(groups)
        elif any(a.fn not in ("count", "count-distinct") for a in aggs):
            sql += " HAVING count(*) > 0"  # an aggregate over no rows gives no row (but count gives 0)
        sql = f"SELECT * FROM ({sql}) AS q"
        order = []
        for item, desc in q.order_by:
            k = q.find.index(item)
            order += [x + (" DESC" if desc else "") for x in order_keys[k]]
    if order:
        sql += " ORDER BY " + ", ".join(order)
    limit = q.limit
    if q.max_results is not None and (limit is None or limit > q.max_results):
        limit = q.max_results + 1  # one more than allowed: its presence means the result was truncated
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return Compiled(sql, ctx.params, variables, columns, ctx.relations,
                    max_results=q.max_results, max_derived_facts=q.max_derived_facts)


def time_filter(graph: Any, q: Query) -> tuple[int | None, int | None]:
    """(as-of tx or None for now, valid-at micros or None for any valid time)."""
    from lore.timeutil import now_micros

    as_of: int | None = None
    if isinstance(q.as_of, int):
        as_of = q.as_of
    elif isinstance(q.as_of, str):
        as_of = graph.tx_at_or_before(parse_instant(q.as_of, what=":as-of"))
    if q.any_valid_time:
        return as_of, None
    if q.valid_at is None:
        return as_of, now_micros()
    if isinstance(q.valid_at, Instant):
        return as_of, q.valid_at.micros
    return as_of, parse_instant(q.valid_at, what=":valid-at")


__all__ = ["compile_query", "Program", "Compiled", "time_filter", "decode_row", "decode_rows", "format_instant", "Ctx"]

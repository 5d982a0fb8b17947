"""Datalog AST -> DuckDB SQL.

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
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from lore.edn import Instant, Keyword
from lore.errors import LoreError
from lore.query.parser import (
    NUMERIC_TAGS,
    Agg,
    Const,
    Fn,
    Not,
    Or,
    Param,
    Pattern,
    Pred,
    Query,
    Rule,
    RuleCall,
    Var,
    Wild,
    clause_vars,
    edn_text,
)
from lore.store.graph import MAX_TX
from lore.store.values import encode
from lore.timeutil import FOREVER, format_instant, parse_instant

PSEUDO = ("db/valid-from", "db/valid-to", "db/tx", "db/tx-instant", "db/inferred", "db/confidence", "db/rule")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2}))?$")
NULL_N = "NULL::DOUBLE"
TRUE, FALSE = "TRUE", "FALSE"


def err(code: str, message: str, pos: Any = None) -> LoreError:
    return LoreError(code, message, pos)


# ------------------------------------------------------------------ bound values

@dataclass
class T:
    """A value bound in SQL: type tag, canonical text, numeric shadow (SQL expressions)."""

    vt: str
    v: str
    vn: str = NULL_N
    ref: bool = False  # entity or attribute column: a keyword ident (type 'k')
    kt: str | None = None  # the type tag when known at compile time
    inst: str | None = None  # a constant string that reads as an instant: its epoch seconds (SQL)


def and_(*parts: str) -> str:
    ps = [p for p in parts if p != TRUE]
    if any(p == FALSE for p in ps):
        return FALSE
    if not ps:
        return TRUE
    return ps[0] if len(ps) == 1 else "(" + " AND ".join(ps) + ")"


def or_(parts: list[str]) -> str:
    ps = [p for p in parts if p != FALSE]
    if any(p == TRUE for p in ps):
        return TRUE
    if not ps:
        return FALSE
    return ps[0] if len(ps) == 1 else "(" + " OR ".join(ps) + ")"


def type_in(t: T, tags: tuple[str, ...]) -> str:
    if t.ref:
        return TRUE if "k" in tags else FALSE
    if t.kt is not None:
        return TRUE if t.kt in tags else FALSE
    if len(tags) == 1:
        return f"{t.vt} = '{tags[0]}'"
    return f"{t.vt} IN (" + ", ".join(f"'{x}'" for x in tags) + ")"


def eq(a: T, b: T) -> str:
    """Value identity: same type and same canonical text (an entity column equals a ref value)."""
    if a.ref and b.ref:
        return f"{a.v} = {b.v}"
    if a.ref or b.ref:
        r, o = (a, b) if a.ref else (b, a)
        return and_(type_in(o, ("k", "u")), f"{o.v} = {r.v}")
    if a.kt is not None and b.kt is not None:
        return f"{a.v} = {b.v}" if a.kt == b.kt else FALSE
    if a.kt is not None:
        return and_(f"{b.vt} = {a.vt}", f"{a.v} = {b.v}")
    return and_(f"{a.vt} = {b.vt}", f"{a.v} = {b.v}")


def compare(a: T, b: T, op: str) -> str:
    """Ordered comparison of like types: numbers, instants (also against an ISO string constant),
    strings, keywords. Mismatched types compare false (the row is dropped)."""
    cases = [
        and_(type_in(a, NUMERIC_TAGS), type_in(b, NUMERIC_TAGS), f"{a.vn} {op} {b.vn}"),
        and_(type_in(a, ("t",)), type_in(b, ("t",)), f"{a.vn} {op} {b.vn}"),
        and_(type_in(a, ("s",)), type_in(b, ("s",)), f"{a.v} {op} {b.v}"),
        and_(type_in(a, ("k",)), type_in(b, ("k",)), f"{a.v} {op} {b.v}"),
    ]
    if a.inst is not None:
        cases.append(and_(type_in(b, ("t",)), f"{a.inst} {op} {b.vn}"))
    if b.inst is not None:
        cases.append(and_(type_in(a, ("t",)), f"{a.vn} {op} {b.inst}"))
    return or_(cases)


def equal(a: T, b: T) -> str:
    """The = predicate: identity, or equal numbers of either numeric type, or an instant and its ISO text."""
    cases = [eq(a, b), and_(type_in(a, NUMERIC_TAGS), type_in(b, NUMERIC_TAGS), f"{a.vn} = {b.vn}")]
    if a.inst is not None:
        cases.append(and_(type_in(b, ("t",)), f"{a.inst} = {b.vn}"))
    if b.inst is not None:
        cases.append(and_(type_in(a, ("t",)), f"{a.vn} = {b.inst}"))
    return or_(cases)


def instant_term(col: str) -> T:
    """A microsecond column as an instant value (text RFC 3339 like timeutil.format_instant; open ends null)."""
    text = (f"CASE WHEN {col} >= {FOREVER} OR {col} <= -{FOREVER} THEN NULL "
            f"WHEN {col} % 1000000 = 0 THEN strftime(make_timestamp({col}), '%Y-%m-%dT%H:%M:%SZ') "
            f"ELSE strftime(make_timestamp({col}), '%Y-%m-%dT%H:%M:%S.%fZ') END")
    return T("'t'", text, f"CAST({col} AS DOUBLE) / 1000000.0", kt="t")


def rank_sql(tcol: str) -> str:
    """Sort order across types: numbers, instants, strings, keywords, booleans, uuids."""
    return (f"CASE {tcol} WHEN 'i' THEN 0 WHEN 'f' THEN 0 WHEN 't' THEN 1 WHEN 's' THEN 2 "
            f"WHEN 'k' THEN 3 WHEN 'b' THEN 4 ELSE 5 END")


# ------------------------------------------------------------------ compile context

@dataclass
class Relation:
    """A rule relation to define before the main query: a CTE (or temp table), or a fixpoint."""

    name: str
    arity: int
    sql: str = ""
    recursive: bool = False
    fix: "Fixpoint | None" = None
    frontier: bool = False  # one column triple (t, v, n): the nodes a seeded recursion reaches
    cols: str | None = None  # explicit column list (frontiers that remember their origin)

    def columns(self) -> str:
        if self.cols:
            return self.cols
        if self.frontier:
            return "t, v, n"
        return ", ".join(f"t{i}, v{i}, n{i}" for i in range(self.arity))


@dataclass
class Fixpoint:
    """Semi-naive evaluation of one strongly connected set of rules, run by api.run_fixpoint."""

    tables: dict[str, str]  # rule name -> full table
    deltas: dict[str, str]  # rule name -> delta table
    arity: dict[str, int]
    init: dict[str, list[str]]  # rule name -> SELECTs of its non-recursive bodies
    step: dict[str, list[str]]  # rule name -> SELECTs, one per (body, recursive occurrence)


class Program:
    """Rules by name, with their dependency analysis (strata, recursion kind)."""

    def __init__(self, rules: dict[str, list[Rule]]) -> None:
        self.rules = rules
        self.deps: dict[str, set[str]] = {}
        self.neg: set[tuple[str, str]] = set()
        for name, bodies in rules.items():
            d: set[str] = set()
            for r in bodies:
                for c, negated in _walk(r.body):
                    if isinstance(c, RuleCall):
                        d.add(c.name)
                        if negated:
                            self.neg.add((name, c.name))
            self.deps[name] = d
        self.scc_of: dict[str, frozenset[str]] = {}
        for comp in _tarjan(self.deps):
            for n in comp:
                self.scc_of[n] = comp

    def check_stratified(self) -> None:
        for a, b in sorted(self.neg):
            if b in self.rules and self.scc_of.get(a) is self.scc_of.get(b) and a in self.scc_of:
                cyc = " -> ".join(sorted(self.scc_of[a]))
                raise err("negative-cycle",
                          f"the rule {a} negates {b}, which depends on {a} again ({cyc}): "
                          f"negation through recursion has no stratified meaning")

    def kind(self, name: str) -> str:
        """'plain', 'linear' (one self call per body, at top level) or 'fixpoint'."""
        comp = self.scc_of[name]
        if len(comp) > 1:
            return "fixpoint"
        if name not in self.deps[name]:
            return "plain"
        for r in self.rules[name]:
            top = sum(1 for c in r.body if isinstance(c, RuleCall) and c.name == name)
            nested = sum(1 for c, _ in _walk(r.body) if isinstance(c, RuleCall) and c.name == name)
            if top > 1 or nested != top:
                return "fixpoint"
        return "linear"

    def chain_shape(self, name: str) -> "Chain | None":
        """A linear rule whose recursive bodies are S(H, C), name(…C…) with every other argument passed
        through unchanged and unmentioned by S: evaluable from one bound end."""
        bodies = self.rules[name]
        arity = len(bodies[0].args)
        moving: int | None = None
        steps: list[tuple[str, str, list[Any]]] = []
        bases: list[Rule] = []
        for r in bodies:
            calls = [c for c in r.body if isinstance(c, RuleCall) and c.name == name]
            if not calls:
                bases.append(r)
                continue
            call = calls[0]
            if not all(isinstance(a, Var) for a in call.args):
                return None
            diffs = [i for i in range(arity) if call.args[i].name != r.args[i].name]  # type: ignore[union-attr]
            if len(diffs) != 1:
                return None
            m = diffs[0]
            if moving is None:
                moving = m
            elif moving != m:
                return None
            head_vars = {a.name for a in r.args}
            c_var = call.args[m].name  # type: ignore[union-attr]
            if c_var in head_vars:
                return None
            rest = [c for c in r.body if c is not call]
            mentioned: set[str] = set()
            for c in rest:
                mentioned |= clause_vars(c)
            passthrough = head_vars - {r.args[m].name}
            if mentioned & passthrough:
                return None
            steps.append((r.args[m].name, c_var, rest))
        if moving is None or not bases:
            return None
        return Chain(moving, bases, steps)


@dataclass
class Chain:
    moving: int
    bases: list[Rule]
    steps: list[tuple[str, str, list[Any]]]  # (head var H, call var C, step clauses S)


def _walk(clauses: list[Any]):
    from lore.query.parser import walk_clauses

    return walk_clauses(clauses)


def _tarjan(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[frozenset[str]] = []
    counter = [0]
    for root in graph:
        if root in index:
            continue
        # iterative Tarjan: (node, iterator over successors)
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in graph:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = set()
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.add(x)
                    if x == node:
                        break
                out.append(frozenset(comp))
    return out


class Ctx:
    """State of one compilation: parameters, aliases, rule relations, the time filter."""

    def __init__(self, program: Program, *, as_of: int | None, valid_at: int | None,
                 inputs: dict[str, Any] | None = None, prefix: str = "") -> None:
        self.program = program
        self.as_of = as_of
        self.valid_at = valid_at
        self.inputs = inputs or {}
        self.params: dict[str, Any] = {}
        self.n = 0
        self.prefix = prefix
        self.relations: list[Relation] = []
        self.by_key: dict[Any, str] = {}
        self.building: set[str] = set()
        self.resolver: Callable[[str], str | None] | None = None  # fixpoint bodies: SCC call -> table

    def alias(self, p: str) -> str:
        self.n += 1
        return f"{p}{self.n}"

    def param(self, value: Any) -> str:
        name = f"p{len(self.params)}"
        self.params[name] = value
        return "$" + name

    def time_conds(self, al: str) -> list[str]:
        out = []
        if self.as_of is None:
            out.append(f"{al}.tx_to = {MAX_TX}")
        else:
            out.append(f"{al}.tx_from <= {int(self.as_of)}")
            out.append(f"{al}.tx_to > {int(self.as_of)}")
        if self.valid_at is not None:
            out.append(f"{al}.valid_from <= {int(self.valid_at)}")
            out.append(f"{al}.valid_to > {int(self.valid_at)}")
        return out

    @property
    def needs_fixpoint(self) -> bool:
        return any(r.fix is not None for r in self.relations)

    # -------------------------------------------------------------- constants

    def value_term(self, x: Any, pos: Any) -> T:
        """A constant in a value position or a predicate argument."""
        if isinstance(x, Keyword):
            return T("'k'", self.param(":" + str(x)), kt="k")
        if isinstance(x, Instant):
            val = encode(x)
            return T("'t'", self.param(val.v), self.param(val.vn), kt="t")
        try:
            val = encode(x)
        except LoreError as exc:
            raise err(exc.code, exc.message, exc.position or pos) from None
        vn = self.param(val.vn) if val.vn is not None else NULL_N
        t = T(f"'{val.vt}'", self.param(val.v), vn, kt=val.vt)
        if val.vt == "s" and _ISO.match(val.v):
            try:
                t.inst = self.param(parse_instant(val.v) / 1e6)
            except LoreError:
                pass
        return t

    def constant(self, term: Const | Param) -> Any:
        if isinstance(term, Param):
            if term.name not in self.inputs:
                raise err("unknown-parameter", f"${term.name} is not declared in :in (add :in ${term.name})",
                          term.pos)
            return self.inputs[term.name]
        return term.value

    def entity_const(self, x: Any, pos: Any) -> str:
        import uuid as _uuid

        if isinstance(x, Keyword):
            return self.param(":" + str(x))
        if isinstance(x, _uuid.UUID):
            return self.param(str(x))
        raise err("bad-entity", f"an entity position takes a keyword ident such as :decision/db, got {edn_text(x)}",
                  pos)

    def attr_const(self, x: Any, pos: Any) -> str:
        if isinstance(x, Keyword):
            return self.param(":" + str(x))
        raise err("bad-attribute", f"an attribute position takes a keyword such as :description, got {edn_text(x)}",
                  pos)

    # -------------------------------------------------------------- rules

    def relation(self, name: str, bound: list[T | None], pos: Any, seeds: dict[int, str] | None = None) -> str:
        """The SQL name of rule ``name``'s relation for a call whose arguments ``bound`` are constants
        (or None), and whose ``seeds`` arguments are variables bound earlier in the query (a SELECT of
        their values). Defines it (and what it depends on) on first use."""
        prog = self.program
        if name not in prog.rules:
            known = ", ".join(sorted(prog.rules)) or "none"
            raise err("unknown-rule", f"no rule named {name} (known: {known}); register it with lore rule", pos)
        arity = len(prog.rules[name][0].args)
        if len(bound) != arity:
            raise err("bad-arity", f"the rule {name} takes {arity} argument(s), called with {len(bound)}", pos)
        if self.resolver is not None:
            table = self.resolver(name)
            if table is not None:
                return table
        kind = prog.kind(name)
        if kind == "linear":
            chain = prog.chain_shape(name)
            if chain is not None:
                m = chain.moving
                others = [i for i in range(arity) if i != m]
                if bound[m] is not None:
                    return self._seeded_forward(name, chain, bound[m], arity)  # type: ignore[arg-type]
                if others and all(bound[i] is not None for i in others):
                    return self._seeded_backward(name, chain, bound, arity)
                if seeds and m in seeds:
                    return self._forward_set(name, chain, seeds[m], arity)
                if seeds and arity == 2 and (1 - m) in seeds:
                    return self._backward_set(name, chain, seeds[1 - m])
        key = ("full", name)
        if key in self.by_key:
            return self.by_key[key]
        if name in self.building:
            return self.by_key[("building", name)]
        if kind == "fixpoint":
            return self._fixpoint(name)
        rel = f"{self.prefix}r_{_sqlname(name)}_{self.alias('')}"
        self.building.add(name)
        self.by_key[("building", name)] = rel
        try:
            bases, recs = [], []
            single = len(prog.rules[name]) == 1
            for r in prog.rules[name]:
                sel = self.body_select(r.body, {}, [], [a.name for a in r.args], r.pos, distinct=single)
                if kind == "linear" and any(isinstance(c, RuleCall) and c.name == name for c in r.body):
                    recs.append(sel)
                else:
                    bases.append(sel)
        finally:
            self.building.discard(name)
        if not bases:
            bases = [_empty_select(arity)]
        sql = " UNION ".join(bases)
        if recs:
            sql += " UNION (" + " UNION ".join(recs) + ")"
        self.relations.append(Relation(rel, arity, sql, bool(recs)))
        self.by_key[key] = rel
        return rel

    def _seeded_forward(self, name: str, chain: Chain, seed: T, arity: int) -> str:
        m = chain.moving
        front = f"{self.prefix}q_{_sqlname(name)}_{self.alias('')}"
        ft = T(f"{front}_x.t", f"{front}_x.v", f"{front}_x.n")
        steps = [self.body_select(s, {h: ft}, [f"{front} AS {front}_x"], [c], None, distinct=False)
                 for h, c, s in chain.steps]
        rel = f"{self.prefix}r_{_sqlname(name)}_{self.alias('')}"
        if _closure(chain, arity):
            # p(c, Y) is the S-closure of S(c): seed the frontier with one step and it IS the answer
            b = chain.bases[0]
            first = self.body_select(b.body, {b.args[m].name: seed}, [], [b.args[1 - m].name], b.pos, distinct=False)
            sql = first + " UNION (" + " UNION ".join(steps) + ")"
            self.relations.append(Relation(front, 1, sql, True, frontier=True))
            cols = [_cols(seed, m), _cols(ft, 1 - m)]
            if m == 1:
                cols.reverse()
            self.relations.append(Relation(rel, arity, f"SELECT {', '.join(cols)} FROM {front} AS {front}_x"))
            return rel
        seed_sel = f"SELECT {seed.vt} AS t0, {seed.v} AS v0, CAST({seed.vn} AS DOUBLE) AS n0"
        sql = seed_sel + " UNION (" + " UNION ".join(steps) + ")"
        self.relations.append(Relation(front, 1, sql, True, frontier=True))
        sels = []
        for r in chain.bases:
            h = r.args[m].name
            outs = [a.name for a in r.args]
            sels.append(self.body_select(r.body, {h: ft}, [f"{front} AS {front}_x"], outs, r.pos,
                                         override={m: seed}, distinct=len(chain.bases) == 1))
        self.relations.append(Relation(rel, arity, " UNION ".join(sels), False))
        return rel

    def _seed_relation(self, name: str, seed_sql: str) -> tuple[str, T]:
        seed = f"{self.prefix}s_{_sqlname(name)}_{self.alias('')}"
        self.relations.append(Relation(seed, 1, seed_sql, frontier=True))
        return seed, T(f"{seed}_x.t", f"{seed}_x.v", f"{seed}_x.n")

    def _forward_set(self, name: str, chain: Chain, seed_sql: str, arity: int) -> str:
        """Like _seeded_forward from every value the query bound the moving argument to (magic set):
        the frontier remembers which seed each node was reached from."""
        m = chain.moving
        seed, st = self._seed_relation(name, seed_sql)
        front = f"{self.prefix}q_{_sqlname(name)}_{self.alias('')}"
        fx = f"{front}_x"
        ft = T(f"{fx}.t", f"{fx}.v", f"{fx}.n")
        origin = T(f"{fx}.o_t", f"{fx}.o_v", f"{fx}.o_n")
        keep = [f"{fx}.o_t, {fx}.o_v, {fx}.o_n"]
        steps = [self.body_select(s_, {h: ft}, [f"{front} AS {fx}"], [c], None, distinct=False, lead=keep)
                 for h, c, s_ in chain.steps]
        cols = "o_t, o_v, o_n, t, v, n"
        rel = f"{self.prefix}r_{_sqlname(name)}_{self.alias('')}"
        from_seed = [f"{seed} AS {seed}_x"]
        seed_cols = [f"{st.vt}, {st.v}, {st.vn}"]
        if _closure(chain, arity):
            b = chain.bases[0]
            first = self.body_select(b.body, {b.args[m].name: st}, from_seed, [b.args[1 - m].name], b.pos,
                                     distinct=False, lead=seed_cols)
            self.relations.append(Relation(front, 2, first + " UNION (" + " UNION ".join(steps) + ")", True,
                                           cols=cols))
            pair = [_cols(origin, m), _cols(ft, 1 - m)]
            if m == 1:
                pair.reverse()
            self.relations.append(Relation(rel, arity, f"SELECT {', '.join(pair)} FROM {front} AS {fx}"))
            return rel
        first = f"SELECT {st.vt}, {st.v}, {st.vn}, {st.vt}, {st.v}, {st.vn} FROM {seed} AS {seed}_x"
        self.relations.append(Relation(front, 2, first + " UNION (" + " UNION ".join(steps) + ")", True, cols=cols))
        sels = [self.body_select(r.body, {r.args[m].name: ft}, [f"{front} AS {fx}"], [a.name for a in r.args],
                                 r.pos, override={m: origin}, distinct=len(chain.bases) == 1) for r in chain.bases]
        self.relations.append(Relation(rel, arity, " UNION ".join(sels)))
        return rel

    def _backward_set(self, name: str, chain: Chain, seed_sql: str) -> str:
        """A two-argument chain rule whose passed-through argument the query bound: run backwards from
        every such value, remembering which one."""
        m = chain.moving
        p = 1 - m
        seed, st = self._seed_relation(name, seed_sql)
        front = f"{self.prefix}q_{_sqlname(name)}_{self.alias('')}"
        gx = f"{front}_x"
        gt = T(f"{gx}.t", f"{gx}.v", f"{gx}.n")
        origin = T(f"{gx}.o_t", f"{gx}.o_v", f"{gx}.o_n")
        bases = [self.body_select(r.body, {r.args[p].name: st}, [f"{seed} AS {seed}_x"], [r.args[m].name], r.pos,
                                  distinct=False, lead=[f"{st.vt}, {st.v}, {st.vn}"]) for r in chain.bases]
        steps = [self.body_select(s_, {c: gt}, [f"{front} AS {gx}"], [h], None, distinct=False,
                                  lead=[f"{gx}.o_t, {gx}.o_v, {gx}.o_n"]) for h, c, s_ in chain.steps]
        sql = " UNION ".join(bases) + " UNION (" + " UNION ".join(steps) + ")"
        self.relations.append(Relation(front, 2, sql, True, cols="o_t, o_v, o_n, t, v, n"))
        pair = [_cols(gt, m), _cols(origin, p)]
        if m == 1:
            pair.reverse()
        rel = f"{self.prefix}r_{_sqlname(name)}_{self.alias('')}"
        self.relations.append(Relation(rel, 2, f"SELECT {', '.join(pair)} FROM {front} AS {gx}"))
        return rel

    def _seeded_backward(self, name: str, chain: Chain, bound: list[T | None], arity: int) -> str:
        m = chain.moving
        front = f"{self.prefix}q_{_sqlname(name)}_{self.alias('')}"
        ft = T(f"{front}_x.t", f"{front}_x.v", f"{front}_x.n")
        bases = []
        for r in chain.bases:
            pre = {r.args[i].name: bound[i] for i in range(arity) if i != m}
            bases.append(self.body_select(r.body, pre, [], [r.args[m].name], r.pos,  # type: ignore[arg-type]
                                          distinct=False))
        steps = [self.body_select(s, {c: ft}, [f"{front} AS {front}_x"], [h], None, distinct=False)
                 for h, c, s in chain.steps]
        sql = " UNION ".join(bases) + " UNION (" + " UNION ".join(steps) + ")"
        self.relations.append(Relation(front, 1, sql, True, frontier=True))
        rel = f"{self.prefix}r_{_sqlname(name)}_{self.alias('')}"
        cols = []
        for i in range(arity):
            t = T(f"{front}_x.t", f"{front}_x.v", f"{front}_x.n") if i == m else bound[i]
            cols.append(_cols(t, i))  # type: ignore[arg-type]
        sql = f"SELECT {', '.join(cols)} FROM {front} AS {front}_x"
        self.relations.append(Relation(rel, arity, sql, False))
        return rel

    def _fixpoint(self, name: str) -> str:
        prog = self.program
        comp = sorted(prog.scc_of[name])
        tag = self.alias("")
        tables = {n: f"{self.prefix}fx_{_sqlname(n)}_{tag}" for n in comp}
        deltas = {n: f"{self.prefix}fd_{_sqlname(n)}_{tag}" for n in comp}
        arity = {n: len(prog.rules[n][0].args) for n in comp}
        for n in comp:
            self.by_key[("full", n)] = tables[n]
        init: dict[str, list[str]] = {n: [] for n in comp}
        step: dict[str, list[str]] = {n: [] for n in comp}
        outer = self.resolver
        try:
            for n in comp:
                for r in prog.rules[n]:
                    occ = sum(1 for c, _ in _walk(r.body) if isinstance(c, RuleCall) and c.name in tables)
                    outs = [a.name for a in r.args]
                    if occ == 0:
                        self.resolver = outer
                        init[n].append(self.body_select(r.body, {}, [], outs, r.pos))
                        continue
                    for k in range(occ):
                        seen = [0]

                        def resolve(callee: str, k: int = k, seen: list[int] = seen) -> str | None:
                            if callee not in tables:
                                return outer(callee) if outer else None
                            i = seen[0]
                            seen[0] += 1
                            return deltas[callee] if i == k else tables[callee]

                        self.resolver = resolve
                        step[n].append(self.body_select(r.body, {}, [], outs, r.pos))
        finally:
            self.resolver = outer
        fx = Fixpoint(tables, deltas, arity, init, step)
        self.relations.append(Relation(tables[name], arity[name], fix=fx))
        return tables[name]

    # -------------------------------------------------------------- bodies

    def body_select(self, clauses: list[Any], pre: dict[str, T], froms: list[str], outs: list[str],
                    pos: Any, override: dict[int, T] | None = None, distinct: bool = True,
                    lead: list[str] | None = None) -> str:
        s = Scope(self)
        s.froms.extend(froms)
        s.vars.update(pre)
        for c in clauses:
            s.add(c)
        s.finish()
        cols = list(lead or [])
        for i, name in enumerate(outs):
            t = (override or {}).get(i) or s.vars.get(name)
            if t is None:
                raise err("unsafe-rule", f"the rule head variable {name} is not bound by the rule's body", pos)
            cols.append(_cols(t, i))
        return s.select(cols, distinct=distinct)  # members of a UNION need no DISTINCT of their own


def _closure(chain: Chain, arity: int) -> bool:
    """p(x, y) :- B(x, y).  p(x, y) :- S(x, m), p(m, y).  with B and S the same clauses: a transitive
    closure, where the answer from a bound x is the S-closure of S(x)."""
    if arity != 2 or len(chain.bases) != 1 or len(chain.steps) != 1:
        return False
    m = chain.moving
    b = chain.bases[0]
    h, c, steps = chain.steps[0]
    return _canon(b.body, {b.args[m].name: "H", b.args[1 - m].name: "C"}) == _canon(steps, {h: "H", c: "C"})


def _canon(x: Any, names: dict[str, str]) -> Any:
    """A clause tree with positions dropped and variables renamed in order of appearance."""
    if isinstance(x, Var):
        if x.name not in names:
            names[x.name] = f"L{len(names)}"
        return ("var", names[x.name])
    if isinstance(x, list):
        return tuple(_canon(i, names) for i in x)
    if hasattr(x, "__dataclass_fields__"):
        return (type(x).__name__,) + tuple(_canon(getattr(x, f), names) for f in x.__dataclass_fields__
                                           if f != "pos")
    if isinstance(x, (str, int, float, bool)) or x is None:
        return (type(x).__name__, x)
    return ("other", repr(x))


def _cols(t: T, i: int) -> str:
    return f"{t.vt} AS t{i}, {t.v} AS v{i}, {_dbl(t.vn)} AS n{i}"


def _dbl(vn: str) -> str:
    # parameters and expressions need a type; columns and NULL::DOUBLE have one
    return vn if vn == NULL_N or re.fullmatch(r"[A-Za-z0-9_]+\.[A-Za-z0-9_]+", vn) else f"CAST({vn} AS DOUBLE)"


def _empty_select(arity: int) -> str:
    cols = ", ".join(f"NULL::VARCHAR AS t{i}, NULL::VARCHAR AS v{i}, NULL::DOUBLE AS n{i}" for i in range(arity))
    return f"SELECT {cols} WHERE FALSE"


def _sqlname(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", name)[:40]


# ------------------------------------------------------------------ scopes

class Scope:
    """One conjunction of clauses: FROM items, WHERE conditions and variable bindings."""

    def __init__(self, ctx: Ctx, parent: "Scope | None" = None, visible: set[str] | None = None,
                 local_bind: bool = False) -> None:
        self.ctx = ctx
        self.parent = parent
        self.visible = visible
        self.local_bind = local_bind  # or-branches bind their own variables and are joined outside
        self.froms: list[str] = []
        self.where: list[str] = []
        self.vars: dict[str, T] = {}
        self.deferred: list[Any] = []
        self.last: tuple[str, T] | None = None  # the preceding data pattern (pseudo-attributes)
        self.correlated = False
        self.top = False  # the query's own scope: its bindings may seed rule recursion

    # variable lookup
    def outer(self, name: str) -> T | None:
        if self.parent is None or (self.visible is not None and name not in self.visible):
            return None
        return self.parent.get(name)

    def get(self, name: str) -> T | None:
        t = self.vars.get(name)
        if t is not None:
            return t
        t = self.outer(name)
        if t is not None:
            self.correlated = True
        return t

    def bound(self, name: str) -> bool:
        return name in self.vars or self.outer(name) is not None

    # clauses
    def add(self, c: Any) -> None:
        if isinstance(c, Pattern):
            self.pattern(c)
        elif isinstance(c, RuleCall):
            self.call(c)
        elif isinstance(c, Or):
            self.or_(c)
        elif isinstance(c, (Pred, Fn, Not)):
            if self.ready(c):
                self.apply(c)
            else:
                self.deferred.append(c)
                return
        else:  # pragma: no cover - the parser admits nothing else
            raise err("bad-clause", f"unsupported clause {c!r}")
        self.retry()

    def ready(self, c: Any) -> bool:
        if isinstance(c, (Pred, Fn)):
            return all(self.bound(a.name) for a in c.args if isinstance(a, Var))
        if isinstance(c, Not):
            names = {v.name for v in c.join} if c.join is not None else clause_vars(c)
            return all(self.bound(n) for n in names)
        return True

    def retry(self) -> None:
        progress = True
        while progress and self.deferred:
            progress = False
            for c in list(self.deferred):
                if self.ready(c):
                    self.deferred.remove(c)
                    self.apply(c)
                    progress = True

    def finish(self) -> None:
        self.retry()
        if self.deferred:
            c = self.deferred[0]
            if isinstance(c, Not):
                names = {v.name for v in c.join} if c.join is not None else clause_vars(c)
                missing = sorted(n for n in names if not self.bound(n))
                kind = "not-join" if c.join is not None else "not"
                raise err("unbound-variable",
                          f"{', '.join(missing)} in ({kind} …) is not bound by any clause outside it"
                          + ("; use (not-join [?bound …] …) to negate over a local variable"
                             if c.join is None else ""), c.pos)
            missing = sorted(a.name for a in c.args if isinstance(a, Var) and not self.bound(a.name))
            raise err("unbound-variable",
                      f"{', '.join(missing)} in [({c.op} …)] is not bound by any data pattern or rule", c.pos)

    def apply(self, c: Any) -> None:
        if isinstance(c, Pred):
            self.pred(c)
        elif isinstance(c, Fn):
            self.fn(c)
        else:
            self.not_(c)

    # resolve an argument term that must be bound (predicates, functions)
    def arg(self, a: Any) -> T:
        if isinstance(a, Var):
            t = self.get(a.name)
            assert t is not None
            return t
        return self.ctx.value_term(self.ctx.constant(a), a.pos)

    def place(self, term: Any, slot: T, where: str, pos: Any) -> None:
        """Unify a pattern position with its column: constant -> condition, bound var -> equality,
        new var -> binding."""
        if isinstance(term, Wild):
            return
        if isinstance(term, Var):
            t = self.vars.get(term.name)
            if t is None and not self.local_bind:
                t = self.get(term.name)
            if t is None:
                self.vars[term.name] = slot
            else:
                self.where.append(eq(slot, t))
            return
        x = self.ctx.constant(term)
        if where == "e":
            self.where.append(f"{slot.v} = {self.ctx.entity_const(x, term.pos or pos)}")
        elif where == "a":
            self.where.append(f"{slot.v} = {self.ctx.attr_const(x, term.pos or pos)}")
        else:
            self.where.append(eq(slot, self.ctx.value_term(x, term.pos or pos)))

    def pattern(self, p: Pattern) -> None:
        if isinstance(p.a, Const) and isinstance(p.a.value, Keyword) and str(p.a.value) in PSEUDO:
            return self.pseudo(p, str(p.a.value))
        if isinstance(p.a, Const) and isinstance(p.a.value, Keyword) and str(p.a.value).startswith("db/") \
                and str(p.a.value) != "db/cardinality":
            raise err("unknown-pseudo-attribute",
                      f":{p.a.value} is not a pseudo-attribute; known: " + " ".join(":" + x for x in PSEUDO),
                      p.a.pos or p.pos)
        self.scan(p.e, [p.a], p.v, p.pos)

    def scan(self, e: Any, attrs: list[Any], v: Any, pos: Any) -> None:
        """One scan of the time-filtered facts; several constant attributes become ``a IN (…)``."""
        ctx = self.ctx
        al = ctx.alias("f")
        self.froms.append(f"facts AS {al}")
        self.where.extend(ctx.time_conds(al))
        ent = T("'k'", f"{al}.e", ref=True, kt="k")
        self.place(e, ent, "e", pos)
        if len(attrs) == 1:
            self.place(attrs[0], T("'k'", f"{al}.a", ref=True, kt="k"), "a", pos)
        else:
            ps = [ctx.attr_const(ctx.constant(a), a.pos or pos) for a in attrs]
            self.where.append(f"{al}.a IN ({', '.join(ps)})")
        slot = T(f"{al}.vt", f"{al}.v", f"{al}.vn")
        if isinstance(v, list):  # several constant values: one IN per type (DuckDB pushes IN into the scan)
            terms = [ctx.value_term(ctx.constant(x), x.pos or pos) for x in v]
            by_type: dict[str, list[str]] = {}
            for t in terms:
                by_type.setdefault(t.kt or "", []).append(t.v)
            self.where.append(or_([and_(f"{al}.vt = '{k}'", f"{al}.v IN ({', '.join(vs)})")
                                   for k, vs in by_type.items()]))
        else:
            self.place(v, slot, "v", pos)
        self.last = (al, ent)
        return

    def pseudo(self, p: Pattern, attr: str) -> None:
        if self.last is None:
            raise err("pseudo-attribute-without-pattern",
                      f":{attr} describes the fact of the data pattern just before it; put it after one", p.pos)
        al, ent = self.last
        self.place(p.e, ent, "e", p.pos)
        if attr in ("db/valid-from", "db/valid-to"):
            val = instant_term(f"{al}.{attr[3:].replace('-', '_')}")
        elif attr == "db/tx":
            val = T("'i'", f"CAST({al}.tx_from AS VARCHAR)", f"CAST({al}.tx_from AS DOUBLE)", kt="i")
        elif attr == "db/tx-instant":
            x = self.ctx.alias("x")
            self.froms.append(f"tx AS {x}")
            self.where.append(f"{x}.tx = {al}.tx_from")
            val = instant_term(f"{x}.instant")
        elif attr == "db/inferred":
            val = T("'b'", f"CASE WHEN {al}.inferred THEN 'true' ELSE 'false' END", kt="b")
        elif attr == "db/confidence":
            val = T("'f'", f"CAST({al}.confidence AS VARCHAR)", f"{al}.confidence", kt="f")
        else:
            val = T("'s'", f"{al}.rule", kt="s")
        self.place(p.v, val, "v", p.pos)

    def pred(self, c: Pred) -> None:
        args = [self.arg(a) for a in c.args]
        op = c.op
        if op in ("<", ">", "<=", ">="):
            cond = compare(args[0], args[1], op)
        elif op == "=":
            cond = equal(args[0], args[1])
        elif op == "!=":
            cond = f"NOT coalesce({equal(args[0], args[1])}, FALSE)"
        elif op in ("contains?", "starts-with?", "ends-with?", "matches?"):
            fn = {"contains?": "contains", "starts-with?": "starts_with", "ends-with?": "ends_with",
                  "matches?": "regexp_matches"}[op]
            cond = and_(type_in(args[0], ("s",)), type_in(args[1], ("s",)), f"{fn}({args[0].v}, {args[1].v})")
        else:
            tags = {"string?": ("s",), "integer?": ("i",), "float?": ("f",), "boolean?": ("b",),
                    "keyword?": ("k",), "instant?": ("t",), "number?": NUMERIC_TAGS}[op]
            cond = type_in(args[0], tags)
        self.where.append(cond)

    def fn(self, c: Fn) -> None:
        args = [self.arg(a) for a in c.args]
        op = c.op
        conds: list[str] = []
        if op in ("+", "-", "*", "/"):
            conds = [type_in(a, NUMERIC_TAGS) for a in args]
            if op == "-" and len(args) == 1:
                args = [T("'i'", "'0'", "0.0", kt="i"), args[0]]
            floats = " " + op + " "
            vn_f = "(" + floats.join(f"{a.vn}" for a in args) + ")"
            if op == "/":
                conds += [f"{a.vn} <> 0" for a in args[1:]]
                out = T("'f'", f"CAST({vn_f} AS VARCHAR)", vn_f, kt="f")
            else:
                all_int = and_(*[type_in(a, ("i",)) for a in args])
                v_i = "(" + floats.join(f"CAST({a.v} AS BIGINT)" for a in args) + ")"
                if all_int == TRUE:
                    out = T("'i'", f"CAST({v_i} AS VARCHAR)", f"CAST({v_i} AS DOUBLE)", kt="i")
                elif all_int == FALSE:
                    out = T("'f'", f"CAST({vn_f} AS VARCHAR)", vn_f, kt="f")
                else:
                    out = T(f"(CASE WHEN {all_int} THEN 'i' ELSE 'f' END)",
                            f"(CASE WHEN {all_int} THEN CAST({v_i} AS VARCHAR) ELSE CAST({vn_f} AS VARCHAR) END)",
                            f"(CASE WHEN {all_int} THEN CAST({v_i} AS DOUBLE) ELSE {vn_f} END)")
        elif op == "str":
            out = T("'s'", "concat(" + ", ".join(f"coalesce({a.v}, '')" for a in args) + ")", kt="s")
        else:  # lower, upper
            conds = [type_in(args[0], ("s",))]
            out = T("'s'", f"{op}({args[0].v})", kt="s")
        self.where.append(and_(*conds))
        if isinstance(c.out, Var):
            t = self.vars.get(c.out.name) or (None if self.local_bind else self.get(c.out.name))
            if t is None:
                self.vars[c.out.name] = out
            else:
                self.where.append(eq(out, t))

    def call(self, c: RuleCall) -> None:
        ctx = self.ctx
        bound: list[T | None] = []
        for a in c.args:
            if isinstance(a, (Const, Param)):
                bound.append(ctx.value_term(ctx.constant(a), a.pos or c.pos))
            else:
                bound.append(None)
        seeds: dict[int, str] = {}
        if self.top and self.froms:
            # arguments bound by earlier clauses seed a chain rule's recursion (evaluated from them only)
            for i, a in enumerate(c.args):
                if isinstance(a, Var) and a.name in self.vars:
                    t = self.vars[a.name]
                    seeds[i] = self.select([f"{t.vt} AS t, {t.v} AS v, {_dbl(t.vn)} AS n"])
        rel = ctx.relation(c.name, bound, c.pos, seeds)
        al = ctx.alias("r")
        self.froms.append(f"{rel} AS {al}")
        for i, a in enumerate(c.args):
            col = T(f"{al}.t{i}", f"{al}.v{i}", f"{al}.n{i}")
            if isinstance(a, Wild):
                continue
            if isinstance(a, Var):
                t = self.vars.get(a.name) or (None if self.local_bind else self.get(a.name))
                if t is None:
                    self.vars[a.name] = col
                else:
                    self.where.append(eq(col, t))
            else:
                self.where.append(eq(col, bound[i]))  # type: ignore[arg-type]
        self.last = None

    def not_(self, c: Not) -> None:
        visible = {v.name for v in c.join} if c.join is not None else None
        child = Scope(self.ctx, self, visible)
        for x in c.clauses:
            child.add(x)
        child.finish()
        self.where.append(f"NOT EXISTS ({child.select(['1'], distinct=False)})")

    def or_(self, c: Or) -> None:
        fused = _same_scan(c)
        if fused is not None:  # (or [?a :calls ?b] [?a :depends-on ?b]) is one scan with a IN (…)
            self.scan(*fused, c.pos)
            return
        if c.join is not None:
            names = [v.name for v in c.join]
        else:
            sets = [set().union(*(clause_vars(x) for x in b)) for b in c.branches]
            for s in sets[1:]:
                if s != sets[0]:
                    diff = sorted(s ^ sets[0])
                    raise err("or-variables",
                              f"every branch of (or …) must use the same variables ({', '.join(diff)} differ); "
                              f"use (or-join [?v …] …) to say which variables the branches share", c.pos)
            names = sorted(sets[0])
        sels = []
        correlated = False
        for b in c.branches:
            child = Scope(self.ctx, self, set(names), local_bind=True)
            for x in b:
                child.add(x)
            child.finish()
            cols = []
            for i, n in enumerate(names):
                t = child.get(n)
                if t is None:
                    raise err("unbound-variable", f"a branch of (or …) does not bind {n}", c.pos)
                cols.append(f"{t.vt} AS t{i}, {t.v} AS v{i}, {_dbl(t.vn)} AS n{i}")
            if not cols:
                cols = ["1 AS one"]
            sels.append(child.select(cols))
            correlated = correlated or child.correlated
        al = self.ctx.alias("o")
        self.froms.append(("LATERAL " if correlated else "") + "(" + " UNION ".join(sels) + f") AS {al}")
        for i, n in enumerate(names):
            col = T(f"{al}.t{i}", f"{al}.v{i}", f"{al}.n{i}")
            t = self.vars.get(n) or self.get(n)
            if t is None:
                self.vars[n] = col
            else:
                self.where.append(eq(col, t))
        self.last = None

    def select(self, cols: list[str], distinct: bool = True) -> str:
        sql = "SELECT " + ("DISTINCT " if distinct else "") + ", ".join(cols)
        if self.froms:
            sql += " FROM " + ", ".join(self.froms)
        conds = [w for w in self.where if w != TRUE]
        if conds:
            sql += " WHERE " + " AND ".join(conds)
        return sql


def _same_scan(c: Or) -> tuple[Any, list[Any], Any] | None:
    """An or whose branches are single data patterns differing only in a constant attribute, or only
    in a constant value: one scan with ``a IN (…)`` or ``v IN (…)``."""
    if len(c.branches) < 2 or not all(len(b) == 1 and isinstance(b[0], Pattern) for b in c.branches):
        return None
    ps: list[Pattern] = [b[0] for b in c.branches]
    first = ps[0]

    def same(x: Any, y: Any) -> bool:
        return type(x) is type(y) and x == y and (not isinstance(x, Const) or type(x.value) is type(y.value))

    def attr_const(p: Pattern) -> bool:
        return isinstance(p.a, Const) and isinstance(p.a.value, Keyword) and not str(p.a.value).startswith("db/")

    if not all(same(p.e, first.e) and attr_const(p) for p in ps):
        return None
    names = clause_vars(Pattern(first.e, first.a, first.v))
    if c.join is not None and {v.name for v in c.join} != names:
        return None
    if all(same(p.v, first.v) for p in ps):
        return first.e, [p.a for p in ps], first.v
    if all(same(p.a, first.a) for p in ps) and all(isinstance(p.v, Const) for p in ps):
        return first.e, [first.a], [p.v for p in ps]
    return None


# ------------------------------------------------------------------ queries

@dataclass
class Compiled:
    sql: str  # the main SELECT (without the rule relations' WITH clause)
    params: dict[str, Any]
    variables: list[str]
    columns: list[tuple[str, Any]]  # how to decode each find item: ("var", None) or ("agg", fn)
    relations: list[Relation] = field(default_factory=list)

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
                  inputs: dict[str, Any], prefix: str = "") -> Compiled:
    ctx = Ctx(program, as_of=as_of, valid_at=valid_at, inputs=inputs, prefix=prefix)
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
    variables = [f.name if isinstance(f, Var) else f"({f.fn} {f.var.name})" for f in q.find]
    for f in q.find:
        need(f if isinstance(f, Var) else f.var, "the :find variable")
    for w in q.with_:
        need(w, "the :with variable")
    for item, _ in q.order_by:
        if item not in q.find:
            what = item.name if isinstance(item, Var) else f"({item.fn} {item.var.name})"
            raise err("bad-order-by", f":order-by {what} must be one of the :find items", item.pos)

    columns: list[tuple[str, Any]] = []
    if not aggs:
        cols = []
        with_n = bool(q.order_by)  # the numeric shadow is only needed to sort
        for i, f in enumerate(plain):
            t = scope.vars[f.name]
            cols.append(f"{t.vt} AS c{i}_t, {t.v} AS c{i}_v" + (f", {t.vn} AS c{i}_n" if with_n else ""))
            columns.append(("var", 3 if with_n else 2))
        body = scope.select(cols)
        keys = {f.name: i for i, f in enumerate(plain)}
        order = []
        for item, desc in q.order_by:
            i = keys[item.name]  # type: ignore[union-attr]
            d = " DESC" if desc else ""
            order += [f"{rank_sql(f'c{i}_t')}{d}", f"c{i}_n{d}", f"c{i}_v{d}"]
        sql = f"SELECT * FROM ({body}) AS q" if order or q.limit is not None else body
    else:
        # aggregates run over the SET of bindings of the find and :with variables
        used: list[str] = []
        for f in q.find:
            n = f.name if isinstance(f, Var) else f.var.name
            if n not in used:
                used.append(n)
        for w in q.with_:
            if w.name not in used:
                used.append(w.name)
        idx = {n: j for j, n in enumerate(used)}
        inner_cols = []
        for n in used:
            t = scope.vars[n]
            j = idx[n]
            inner_cols.append(f"{t.vt} AS x{j}_t, {t.v} AS x{j}_v, {_dbl(t.vn)} AS x{j}_n")
        inner = scope.select(inner_cols)
        outs, groups, order_keys = [], [], {}
        for k, f in enumerate(q.find):
            if isinstance(f, Var):
                j = idx[f.name]
                outs.append(f"x{j}_t AS c{k}_t, x{j}_v AS c{k}_v, x{j}_n AS c{k}_n")
                groups += [f"x{j}_t", f"x{j}_v", f"x{j}_n"]
                columns.append(("var", 3))
                order_keys[k] = [rank_sql(f"c{k}_t"), f"c{k}_n", f"c{k}_v"]
                continue
            j = idx[f.var.name]
            t, v, n = f"x{j}_t", f"x{j}_v", f"x{j}_n"
            bad = f"bool_or({t} NOT IN ('i', 'f'))"
            if f.fn == "count":
                outs.append(f"count({t}) AS c{k}")
            elif f.fn == "count-distinct":
                outs.append(f"count(DISTINCT {t} || {v}) AS c{k}")
            elif f.fn == "sum":
                outs.append(f"sum(CASE WHEN {t} = 'i' THEN CAST({v} AS HUGEINT) END) AS c{k}_i, "
                            f"sum({n}) AS c{k}, bool_and({t} = 'i') AS c{k}_allint, {bad} AS c{k}_bad")
            elif f.fn == "avg":
                outs.append(f"avg({n}) AS c{k}, {bad} AS c{k}_bad")
            else:
                outs.append(f"{f.fn}(struct_pack(r := {rank_sql(t)}, n := {n}, v := {v}, t := {t})) AS c{k}")
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
    if q.limit is not None:
        sql += f" LIMIT {int(q.limit)}"
    return Compiled(sql, ctx.params, variables, columns, ctx.relations)


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


_NUMERIC = {"i": int, "f": float}


def decode_row(row: tuple, columns: list[tuple[str, Any]]) -> list[Any]:
    out: list[Any] = []
    i = 0
    for kind, fn in columns:
        if kind == "var":
            t, v = row[i], row[i + 1]
            if v is None or t is None:
                out.append(None)
            elif t in _NUMERIC:
                out.append(_NUMERIC[t](v))
            elif t == "b":
                out.append(v == "true")
            else:  # strings, keywords, instants and uuids are their canonical text
                out.append(v)
            i += fn
        elif fn in ("count", "count-distinct"):
            out.append(int(row[i]))
            i += 1
        elif fn == "sum":
            si, sf, allint, bad = row[i:i + 4]
            if bad:
                raise err("type-error", "sum over values that are not numbers")
            out.append(int(si) if allint else sf)
            i += 4
        elif fn == "avg":
            val, bad = row[i:i + 2]
            if bad:
                raise err("type-error", "avg over values that are not numbers")
            out.append(val)
            i += 2
        else:
            s = row[i]
            out.append(None if s is None or s["v"] is None else decode_value(s["t"], s["v"]))
            i += 1
    return out


_TEXT = frozenset(("k", "s", "t", "u"))


def decode_rows(rows: list[tuple], columns: list[tuple[str, Any]]) -> list[list[Any]]:
    """Rows -> JSON values. When every column holds only text-valued types (keywords, strings, instants,
    uuids: their canonical text is the JSON value) the rows are sliced without per-value work."""
    if rows and all(k == "var" for k, _ in columns):
        idx, i = [], 0
        for _, width in columns:
            idx.append(i)
            i += width
        if all({r[j] for r in rows} <= _TEXT for j in idx):
            if len(idx) == 1:
                j = idx[0] + 1
                return [[r[j]] for r in rows]
            pick = operator.itemgetter(*[j + 1 for j in idx])
            return [list(pick(r)) for r in rows]
    return [decode_row(r, columns) for r in rows]


def decode_value(t: str, v: str) -> Any:
    from lore.store.values import decode

    return decode(t, v)


__all__ = ["compile_query", "Program", "Compiled", "time_filter", "decode_row", "format_instant", "Ctx"]

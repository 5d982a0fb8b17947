"""Clause scope: one conjunction of :where clauses becomes FROM items, WHERE conditions and variable
bindings. Data patterns are scans of ``facts`` under the query's time filter; predicates and binding
functions become conditions and expressions; ``not``/``not-join`` become NOT EXISTS (DuckDB plans them as
anti-joins); ``or``/``or-join`` become a UNION subquery joined in. Every constant is a named SQL parameter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lore.edn import Keyword
from lore.query.parser import (
    NUMERIC_TAGS,
    Const,
    Expr,
    Fn,
    Not,
    Or,
    Param,
    Pattern,
    Pred,
    RuleCall,
    Var,
    Wild,
    clause_vars,
    term_vars,
)
from lore.query.values import (
    FALSE,
    PSEUDO,
    TRUE,
    T,
    _dbl,
    and_,
    compare,
    eq,
    equal,
    err,
    instant_term,
    or_,
    type_in,
)

if TYPE_CHECKING:
    from lore.query.context import Ctx

HOIST_AT = 600  # characters of SQL in one value's three expressions

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
        self.prov: list[str] = []  # provenance mode: fact ids (scans) and id lists (rule calls) bound here

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
            return all(self.bound(n) for a in c.args for n in term_vars(a))
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
            missing = sorted(n for a in c.args for n in term_vars(a) if not self.bound(n))
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
        if isinstance(a, Expr):
            return self.hoist(self.value_of(a.op, [self.arg(x) for x in a.args]))
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
        if ctx.provenance:
            self.prov.append(f"{al}.id")
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
        out = self.value_of(c.op, [self.arg(a) for a in c.args])
        if isinstance(c.out, Var):
            t = self.vars.get(c.out.name) or (None if self.local_bind else self.get(c.out.name))
            if t is None:
                self.vars[c.out.name] = self.hoist(out)
            else:
                self.where.append(eq(out, t))

    def hoist(self, t: T) -> T:
        """A long expression becomes a column of a LATERAL subquery, so that functions applied to
        functions' results grow the SQL linearly rather than by a factor per level."""
        if len(t.vt) + len(t.v) + len(t.vn) <= HOIST_AT:
            return t
        al = self.ctx.alias("e")
        self.froms.append(f"LATERAL (SELECT {t.vt} AS t, {t.v} AS v, {_dbl(t.vn)} AS n) AS {al}")
        return T(f"{al}.t", f"{al}.v", f"{al}.n", kt=t.kt)

    def value_of(self, op: str, args: list[T]) -> T:
        """The value of binding function ``op`` on ``args``; the conditions for it to have one (types,
        a non-zero divisor) go to WHERE."""
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
        return out

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
        if rel in ctx.prov_relations:
            self.prov.append(f"{al}.p")
        for i, a in enumerate(c.args):
            col = T(f"{al}.t{i}", f"{al}.v{i}", f"{al}.n{i}")
            if isinstance(a, Wild):
                continue
            if isinstance(a, Var):
                known = self.vars.get(a.name) or (None if self.local_bind else self.get(a.name))
                if known is None:
                    self.vars[a.name] = col
                else:
                    self.where.append(eq(col, known))
            else:
                value = bound[i]
                assert value is not None  # a constant or a parameter: its term was made above
                self.where.append(eq(col, value))
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

    def prov_expr(self) -> str:
        """The ids of the facts this conjunction's positive scans and non-recursive rule calls matched."""
        ids = [x for x in self.prov if not x.endswith(".p")]
        lists = [x for x in self.prov if x.endswith(".p")]
        parts = ([f"list_value({', '.join(ids)})"] if ids else []) + lists
        if not parts:
            return "[]::BIGINT[]"
        return parts[0] if len(parts) == 1 else f"flatten([{', '.join(parts)}])"

    def select(self, cols: list[str], distinct: bool = True) -> str:
        sql = "SELECT " + ("DISTINCT " if distinct else "") + ", ".join(cols)
        if self.froms:
            sql += " FROM " + ", ".join(self.froms)
        conds = [w for w in self.where if w != TRUE]
        if conds:
            sql += " WHERE " + " AND ".join(conds)
        return sql

    def select_bindings(self, names: list[str]) -> str:
        """The distinct set of bindings of ``names``, the j-th as columns ``xj_t, xj_v, xj_n`` (type tag,
        value, numeric value): what aggregates and windows run over."""
        cols = [f"{self.vars[n].vt} AS x{j}_t, {self.vars[n].v} AS x{j}_v, {_dbl(self.vars[n].vn)} AS x{j}_n"
                for j, n in enumerate(names)]
        return self.select(cols)


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

"""Rule relations: how a call to a rule becomes SQL defined before the main query.

A non-recursive rule is a CTE, a linearly recursive one a ``WITH RECURSIVE … UNION`` CTE (DuckDB evaluates
it semi-naively), and mutual or non-linear recursion a semi-naive fixpoint over temp tables that ``api``
drives. A call to a linearly recursive "chain" rule with its moving argument (or all its other arguments)
bound to a constant is evaluated from that constant only (a frontier CTE), so ``(reachable :module/a ?x)``
never computes the whole transitive closure; bound by an earlier clause, from the set of its values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, cast

from lore.query.parser import RuleCall
from lore.query.program import Chain, Program, _closure, _walk
from lore.query.values import T, _cols, err

if TYPE_CHECKING:
    from lore.query.context import Ctx


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
    prov: bool = False  # a last column p: the ids of the facts each row was derived from

    def columns(self) -> str:
        if self.cols:
            return self.cols
        if self.frontier:
            return "t, v, n"
        return ", ".join(f"t{i}, v{i}, n{i}" for i in range(self.arity)) + (", p" if self.prov else "")


@dataclass
class Fixpoint:
    """Semi-naive evaluation of one strongly connected set of rules, run by api.run_fixpoint."""

    tables: dict[str, str]  # rule name -> full table
    deltas: dict[str, str]  # rule name -> delta table
    arity: dict[str, int]
    init: dict[str, list[str]]  # rule name -> SELECTs of its non-recursive bodies
    step: dict[str, list[str]]  # rule name -> SELECTs, one per (body, recursive occurrence)



class RuleRelations:
    """The part of a compilation that defines rule relations (mixed into ``context.Ctx``)."""

    program: Program
    prefix: str
    provenance: bool
    prov_relations: set[str]
    relations: list[Relation]
    by_key: dict[Any, str]
    building: set[str]
    resolver: Callable[[str], str | None] | None

    def alias(self, p: str) -> str:  # pragma: no cover - defined by Ctx
        raise NotImplementedError

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
                seed = bound[m]
                if seed is not None:
                    return self._seeded_forward(name, chain, seed, arity)
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
        prov = self.provenance and kind == "plain"  # a recursive CTE with provenance would not terminate
        try:
            bases, recs = [], []
            single = len(prog.rules[name]) == 1
            for r in prog.rules[name]:
                sel = self.body_select(r.body, {}, [], [a.name for a in r.args], r.pos, distinct=single, prov=prov)
                if kind == "linear" and any(isinstance(c, RuleCall) and c.name == name for c in r.body):
                    recs.append(sel)
                else:
                    bases.append(sel)
        finally:
            self.building.discard(name)
        if not bases:
            bases = [_empty_select(arity) if not prov else
                     _empty_select(arity).replace(" WHERE FALSE", ", []::BIGINT[] AS p WHERE FALSE")]
        sql = " UNION ".join(bases)
        if recs:
            sql += " UNION (" + " UNION ".join(recs) + ")"
        self.relations.append(Relation(rel, arity, sql, bool(recs), prov=prov))
        if prov:
            self.prov_relations.add(rel)
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
        known = {i: t for i, t in enumerate(bound) if t is not None}  # every argument but the moving one
        bases = []
        for r in chain.bases:
            pre = {r.args[i].name: known[i] for i in range(arity) if i != m}
            bases.append(self.body_select(r.body, pre, [], [r.args[m].name], r.pos, distinct=False))
        steps = [self.body_select(s, {c: ft}, [f"{front} AS {front}_x"], [h], None, distinct=False)
                 for h, c, s in chain.steps]
        sql = " UNION ".join(bases) + " UNION (" + " UNION ".join(steps) + ")"
        self.relations.append(Relation(front, 1, sql, True, frontier=True))
        rel = f"{self.prefix}r_{_sqlname(name)}_{self.alias('')}"
        cols = []
        for i in range(arity):
            t = T(f"{front}_x.t", f"{front}_x.v", f"{front}_x.n") if i == m else known[i]
            cols.append(_cols(t, i))
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
                    lead: list[str] | None = None, prov: bool = False) -> str:
        from lore.query.scope import Scope

        s = Scope(cast("Ctx", self))  # these relations are the part of Ctx that recursion needs
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
        if prov:
            cols.append(f"{s.prov_expr()} AS p")
        return s.select(cols, distinct=distinct)  # members of a UNION need no DISTINCT of their own


def _empty_select(arity: int) -> str:
    cols = ", ".join(f"NULL::VARCHAR AS t{i}, NULL::VARCHAR AS v{i}, NULL::DOUBLE AS n{i}" for i in range(arity))
    return f"SELECT {cols} WHERE FALSE"


def _sqlname(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", name)[:40]

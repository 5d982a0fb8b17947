"""Program analysis: rules by name, their dependency graph (strongly connected components by Tarjan),
stratification of negation, the kind of recursion each rule needs, and the "chain" shape that lets a
linearly recursive rule be evaluated from one bound end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lore.query.parser import Rule, RuleCall, Var, clause_vars
from lore.query.values import err


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
            call_vars = [a for a in call.args if isinstance(a, Var)]
            if len(call_vars) != len(call.args):
                return None
            diffs = [i for i in range(arity) if call_vars[i].name != r.args[i].name]
            if len(diffs) != 1:
                return None
            m = diffs[0]
            if moving is None:
                moving = m
            elif moving != m:
                return None
            head_vars = {a.name for a in r.args}
            c_var = call_vars[m].name
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

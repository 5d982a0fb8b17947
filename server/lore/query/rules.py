"""Rules: the built-in ones, the ones registered in a graph (``lore rule``), and their checks.

Registered rules live in the store's ``rules`` table, one row per body, so they persist across restarts.
Registration checks what can be checked once: the rule parses, its arity matches the other bodies of the
same name, every head variable is bound by a positive clause, and the whole program stays stratified (a
rule that would put a negation inside a recursive cycle is rejected, and nothing is stored).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from lore.errors import LoreError
from lore.query.compiler import Program
from lore.query.parser import Fn, Not, Or, Pattern, Rule, RuleCall, Var, parse_rules
from lore.sqlfile import first_row, named_statements, scalar
from lore.store.session import Slot

_HERE = Path(__file__).parent
_SQL = named_statements(_HERE / "rules_store.sql")


@lru_cache(maxsize=1)
def builtin_rules() -> tuple[Rule, ...]:
    return tuple(parse_rules((_HERE / "builtin_rules.edn").read_text()))


def builtin_names() -> set[str]:
    return {r.name for r in builtin_rules()}


# Parsed registered rules of an open graph, with the stamp (count, newest seq, a hash of every body) of the rules table they were
# read at: a write by anyone (another Graph object, another process) changes the stamp.
STORED_RULES: "Slot[tuple[tuple[int, ...], list[tuple[int, Rule, int]]]]" = Slot("query.stored-rules")


def stored_rules(graph: Any) -> list[tuple[int, Rule, int]]:
    """(seq, rule, tx) of every registered body, in registration order (cached per graph file)."""
    stamp = tuple(first_row(graph.con.execute(_SQL["stamp"])))
    cached = graph.session.peek(STORED_RULES)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    out = []
    for seq, _name, _arity, source, tx in graph.con.execute(_SQL["list"]).fetchall():
        try:
            rules = _parse_stored(source)
        except LoreError:  # a row written by a newer or broken version: skip it, never fail every query
            continue
        for r in rules:
            out.append((seq, r, tx))
    graph.session.set(STORED_RULES, (stamp, out))
    return out


def _forget(graph: Any) -> None:
    graph.session.discard(STORED_RULES)


@lru_cache(maxsize=4096)
def _parse_stored(source: str) -> tuple[Rule, ...]:
    return tuple(parse_rules(source))


def load_program(graph: Any, extra: list[Rule] | None = None) -> Program:
    by_name: dict[str, list[Rule]] = {}
    for r in builtin_rules():
        by_name.setdefault(r.name, []).append(r)
    for _, r, _ in stored_rules(graph):
        by_name.setdefault(r.name, []).append(r)
    for r in extra or []:
        by_name.setdefault(r.name, []).append(r)
    return Program(by_name)


def check_rule(rule: Rule, program_rules: dict[str, list[Rule]]) -> None:
    others = program_rules.get(rule.name)
    if others and len(others[0].args) != len(rule.args):
        raise LoreError("arity-mismatch",
                        f"the rule {rule.name} already has {len(others[0].args)} argument(s); "
                        f"this body has {len(rule.args)}", rule.pos)
    bound = _positively_bound(rule.body)
    for a in rule.args:
        if a.name not in bound:
            raise LoreError("unsafe-rule",
                            f"the head variable {a.name} of {rule.name} is not bound by a data pattern, "
                            f"rule call or function in its body", rule.pos)


def _positively_bound(clauses: list[Any]) -> set[str]:
    out: set[str] = set()
    for c in clauses:
        if isinstance(c, Pattern):
            out |= {t.name for t in (c.e, c.a, c.v) if isinstance(t, Var)}
        elif isinstance(c, RuleCall):
            out |= {t.name for t in c.args if isinstance(t, Var)}
        elif isinstance(c, Fn) and isinstance(c.out, Var):
            out.add(c.out.name)
        elif isinstance(c, Or):
            sets = [_positively_bound(b) for b in c.branches]
            common = set.intersection(*sets) if sets else set()
            if c.join is not None:
                common &= {v.name for v in c.join}
            out |= common
        elif isinstance(c, Not):
            pass
    return out


def register(graph: Any, text: str) -> dict[str, Any]:
    """Parse, check and store one or more rules. Idempotent for a body already registered."""
    if not isinstance(text, str) or not text.strip():
        raise LoreError("bad-params", "give a rule, e.g. [(linked ?a ?b) [?a :calls ?b]]")
    new = parse_rules(text)
    program = load_program(graph)
    rules = {k: list(v) for k, v in program.rules.items()}
    existing = {r.source for bodies in rules.values() for r in bodies}
    to_add: list[Rule] = []
    for r in new:
        check_rule(r, rules)
        if r.source in existing:
            continue
        existing.add(r.source)
        rules.setdefault(r.name, []).append(r)
        to_add.append(r)
    Program(rules).check_stratified()
    undefined = sorted({c.name for r in new for c in _calls(r.body) if c.name not in rules})
    if to_add:
        if graph.read_only:
            raise LoreError("graph-read-only", "this graph was opened read-only")
        tx = graph.last_tx()[0]
        _forget(graph)
        try:
            with graph.atomic() as con:
                seq = scalar(con.execute(_SQL["next_seq"]))
                for i, r in enumerate(to_add):
                    con.execute(_SQL["insert"], {"seq": seq + i, "name": r.name, "arity": len(r.args),
                                                 "source": r.source, "tx": tx})
        finally:
            _forget(graph)
    names = sorted({r.name for r in new})
    reply: dict[str, Any] = {"ok": True, "rule": names[0] if len(names) == 1 else names,
                             "added": len(to_add), "bodies": sum(len(rules[n]) for n in names)}
    if undefined:
        reply["undefined"] = undefined  # allowed (mutual recursion is registered one rule at a time)
    return reply


def _calls(clauses: list[Any]):
    from lore.query.parser import walk_clauses

    for c, _ in walk_clauses(clauses):
        if isinstance(c, RuleCall):
            yield c


def list_rules(graph: Any) -> list[dict[str, Any]]:
    out = [{"name": r.name, "arity": len(r.args), "source": r.source, "builtin": True}
           for r in builtin_rules()]
    for seq, r, tx in stored_rules(graph):
        out.append({"name": r.name, "arity": len(r.args), "source": r.source, "builtin": False,
                    "seq": seq, "tx": tx})
    return out


def remove(graph: Any, name: str) -> dict[str, Any]:
    if not isinstance(name, str) or not name.strip():
        raise LoreError("bad-params", "give the name of the rule to remove")
    n = scalar(graph.con.execute(_SQL["count_named"], {"name": name}))
    if n == 0:
        if name in builtin_names():
            raise LoreError("builtin-rule", f"{name} is built in and cannot be removed")
        raise LoreError("unknown-rule", f"no registered rule named {name}")
    # removing a rule cannot create a negative cycle, but it can leave callers undefined: report them
    with graph.lock:
        graph.con.execute(_SQL["remove"], {"name": name})
        _forget(graph)
    remaining = load_program(graph)
    callers = sorted(k for k, deps in remaining.deps.items() if name in deps and name not in remaining.rules)
    reply: dict[str, Any] = {"ok": True, "rule": name, "removed": n}
    if callers:
        reply["dangling"] = callers
    return reply

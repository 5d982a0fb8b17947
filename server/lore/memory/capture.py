"""finalize-turn, writing: the items a strategy extracted (lore.memory.extract) resolved against the graph's
idents and aliases and stored as one transaction with source 'agent'."""

from __future__ import annotations

import os
from typing import Any

from lore.errors import LoreError
from lore.memory.extract import (MAX_DESCRIPTION, STRATEGIES, Extracted, Strategy, _slug,  # noqa: F401 - re-exported
                                 heuristic, register_strategy)
from lore.store.graph import MAX_TX, Graph, Op
from lore.store.values import IDENT_RE, Value

MAX_DELTA_CHARS = 200_000
KIND_NS = {"decision": "decision", "preference": "preference", "constraint": "constraint",
           "dependency": "dependency", "architecture": "dependency"}
KIND_TYPE = {"decision": ":type/decision", "preference": ":type/preference", "constraint": ":type/constraint",
             "dependency": ":type/dependency", "architecture": ":type/dependency"}


# ------------------------------------------------------------------ resolving and storing


class Resolver:
    """Existing idents and aliases: a mention reuses an entity the graph already has."""

    def __init__(self, graph: Graph) -> None:
        rows = graph.con.execute(
            f"SELECT DISTINCT e, a, v FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND vt = 's' "
            f"AND a IN (':alias', ':description') AND position('/' IN e) > 0 "
            f"AND split_part(substr(e, 2), '/', 1) IN ('decision', 'preference', 'constraint', 'dependency')"
        ).fetchall()
        self.by_alias: dict[str, list[str]] = {}
        for e, a, v in rows:
            key = _slug(v)
            if a == ":alias" or len(v) <= 40:  # short descriptions are names ("AuthService")
                self.by_alias.setdefault(key, []).append(e)
        self.idents = {r[0] for r in graph.con.execute(
            f"SELECT DISTINCT e FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND position('/' IN e) > 0 "
            f"AND split_part(substr(e, 2), '/', 1) IN ('decision', 'preference', 'constraint', 'dependency')"
        ).fetchall()}
        self.new: set[str] = set()

    def resolve(self, phrase: str, ns: str | None) -> str | None:
        """An ident for the phrase: an existing one (same namespace first) or a new canonical one."""
        key = _slug(phrase)
        if not key:
            return None
        pref = [ns] if ns else []
        for n in pref + ["decision", "dependency", "constraint", "preference"]:
            if f":{n}/{key}" in self.idents:
                return f":{n}/{key}"
        for e in sorted(self.by_alias.get(key, [])):
            if ns is None or e.startswith(f":{ns}/"):
                return e
        ident = f":{ns or 'dependency'}/{key}"
        if not IDENT_RE.match(ident[1:]):
            return None
        self.new.add(ident)
        self.idents.add(ident)
        return ident

    def known(self, phrase: str) -> str | None:
        """An existing entity (any memory namespace) the phrase names, else None."""
        key = _slug(phrase)
        if not key:
            return None
        for n in ("dependency", "decision", "constraint", "preference"):
            if f":{n}/{key}" in self.idents and f":{n}/{key}" not in self.new:
                return f":{n}/{key}"
        found = sorted(self.by_alias.get(key, []))
        return found[0] if found else None

    def is_new(self, ident: str) -> bool:
        return ident in self.new


def _s(x: str) -> Value:
    return Value("s", x, None)


def _k(x: str) -> Value:
    return Value("k", x, None)


def to_ops(items: list[Extracted], resolver: Resolver) -> tuple[list[Op], list[dict[str, Any]]]:
    ops: list[Op] = []
    stored: list[dict[str, Any]] = []

    def ref(phrase: str) -> str | None:
        # "MySQL query caching": the longest leading words that name a known entity win.
        words = phrase.split()
        ident = next((resolver.known(" ".join(words[:n])) for n in range(len(words), 0, -1)
                      if resolver.known(" ".join(words[:n]))), None) or resolver.resolve(phrase, None)
        if ident and resolver.is_new(ident) and not any(o.e == ident for o in ops):
            ops.extend([Op("add", ident, ":description", _s(phrase)),
                        Op("add", ident, ":entity-type", _k(":type/dependency"))])
        return ident

    for it in items:
        ns = KIND_NS[it.kind]
        ident = resolver.resolve(it.subject, ns)
        if ident is None:
            continue
        ops.append(Op("add", ident, ":description", _s(it.description)))
        ops.append(Op("add", ident, ":entity-type", _k(KIND_TYPE[it.kind])))
        if it.rationale:
            ops.append(Op("add", ident, ":rationale", _s(it.rationale[:MAX_DESCRIPTION])))
        if it.alias and _slug(it.alias) != ident.split("/", 1)[1] or (it.alias and it.alias != it.alias.lower()):
            ops.append(Op("add", ident, ":alias", _s(it.alias)))
        edges: list[tuple[str, str]] = []
        for r in it.rejects:
            t = ref(r)
            if t and t != ident:
                ops.append(Op("add", ident, ":rejects", _k(t)))
                edges.append((":rejects", t))
        for f in it.forbids:
            t = ref(f)
            if t and t != ident:
                ops.append(Op("add", ident, ":forbids", _k(t)))
                edges.append((":forbids", t))
        if it.relation:
            attr, obj = it.relation
            t = ref(obj) if obj else None
            if t and t != ident:
                ops.append(Op("add", ident, attr, _k(t)))
                edges.append((attr, t))
        stored.append({"entity": ident, **it.to_json(), "edges": [list(e) for e in edges],
                       "new": resolver.is_new(ident)})
    return ops, stored


def capture(graph: Graph, delta: Any, *, strategy: str | None = None, dry_run: bool = False) -> dict[str, Any]:
    if not isinstance(delta, str):
        raise LoreError("bad-params", "finalizeTurn takes a delta string (\"User: … Agent: …\")")
    if len(delta) > MAX_DELTA_CHARS:
        raise LoreError("too-large", f"the delta has {len(delta)} characters; the limit is {MAX_DELTA_CHARS}")
    if any("\ud800" <= ch <= "\udfff" for ch in delta):
        raise LoreError("invalid-utf8", "the delta is not valid UTF-8")
    name = strategy or os.environ.get("LORE_EXTRACTION_STRATEGY") or "heuristic"
    fn = STRATEGIES.get(name)
    if fn is None:
        raise LoreError("bad-params", f"unknown extraction strategy {name!r} (known: {', '.join(sorted(STRATEGIES))})")
    items = fn(delta)
    resolver = Resolver(graph)
    ops, stored = to_ops(items, resolver)
    reply: dict[str, Any] = {"ok": True, "stored": len(stored), "strategy": name, "memories": stored}
    if not ops or dry_run:
        if dry_run:
            reply["dry_run"] = True
        return reply
    result = graph.transact(ops, reason=f"finalize-turn: {len(stored)} durable fact(s) from an exchange",
                            source="agent")
    reply.update(result.to_json())
    reply["_result"] = result
    return reply

"""The query engine's operations: query, rule, rules, ruleRemove (see docs/ARCHITECTURE.md)."""

from __future__ import annotations

from typing import Any

from lore import params as P
from lore.errors import LoreError
from lore.operations import register


@register("query", bounded=True)
def query(graph: Any, params: dict[str, Any]) -> dict[str, Any]:
    from lore.query.api import run_query

    qp = params.get("params") or {}
    if not isinstance(qp, dict) or not all(isinstance(k, str) for k in qp):
        raise LoreError("bad-params", "params must be an object of name -> EDN text")
    timeout = P.positive_number(params, "timeout", what="a positive number of seconds")
    if timeout is not None:
        from lore.store.limits import query_timeout

        timeout = min(float(timeout), query_timeout())  # a client may ask for less time, never more (as sql)
    return run_query(graph, P.text(params, "query"), qp, explain=bool(params.get("explain")), timeout=timeout)


@register("rule", writes=True)
def rule(graph: Any, params: dict[str, Any]) -> dict[str, Any]:
    from lore.query.rules import register as register_rule

    return register_rule(graph, P.text(params, "rule"))


@register("rules")
def rules(graph: Any, params: dict[str, Any]) -> dict[str, Any]:
    from lore.query.rules import list_rules

    return {"ok": True, "rules": list_rules(graph)}


@register("ruleRemove", writes=True)
def rule_remove(graph: Any, params: dict[str, Any]) -> dict[str, Any]:
    from lore.query.rules import remove

    return remove(graph, P.text(params, "name"))

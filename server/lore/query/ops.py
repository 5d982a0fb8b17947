"""The query engine's operations: query, rule, rules, ruleRemove (see docs/ARCHITECTURE.md)."""

from __future__ import annotations

from typing import Any

from lore.errors import LoreError
from lore.operations import register


def _text(params: dict[str, Any], key: str) -> str:
    v = params.get(key)
    if v is None:
        raise LoreError("bad-params", f"missing parameter {key!r}")
    if not isinstance(v, str):
        raise LoreError("bad-params", f"parameter {key!r} must be a string")
    return v


@register("query", bounded=True)
def query(graph: Any, params: dict[str, Any]) -> dict[str, Any]:
    from lore.query.api import run_query

    qp = params.get("params") or {}
    if not isinstance(qp, dict) or not all(isinstance(k, str) for k in qp):
        raise LoreError("bad-params", "params must be an object of name -> EDN text")
    timeout = params.get("timeout")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0):
        raise LoreError("bad-params", "timeout must be a positive number of seconds")
    return run_query(graph, _text(params, "query"), qp, explain=bool(params.get("explain")), timeout=timeout)


@register("rule", writes=True)
def rule(graph: Any, params: dict[str, Any]) -> dict[str, Any]:
    from lore.query.rules import register as register_rule

    return register_rule(graph, _text(params, "rule"))


@register("rules")
def rules(graph: Any, params: dict[str, Any]) -> dict[str, Any]:
    from lore.query.rules import list_rules

    return {"ok": True, "rules": list_rules(graph)}


@register("ruleRemove", writes=True)
def rule_remove(graph: Any, params: dict[str, Any]) -> dict[str, Any]:
    from lore.query.rules import remove

    return remove(graph, _text(params, "name"))

"""Which rows of the graph a rule can read, from its SQL (DuckDB's own parser, ``json_serialize_sql``).

A store that keeps a small context of the graph's rows (the working layer's, answering a keystroke) can run a
rule over that context instead of the whole history exactly when every row the rule reads is in it. This
module says, for a SQL rule, what it reads: ``RuleReads(full, memory)`` — the attributes it reads of any
entity, and those it reads only of memories (its select has ``NOT lore_is_code(e)``); or None when it cannot
tell (the rule reads a view or table other than the facts views below, reads one of them without naming the
attribute, reads history directly through ``facts``, or the parser does not know the SQL). None means:
run the rule over the whole graph. Every row a rule reads through ``facts_now``, ``asserted_now`` or
``refs_now`` is a current row (transaction time now), so a context of current rows suffices.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import Any

import duckdb

from lore.inference.rulefile import Rule
from lore.sqlfile import first_row

# The documented views whose rows are the graph's current facts (views.sql); each select that reads one
# must name the attribute (``a = ':x'`` or ``a IN (…)``) for the rule to be served from a context.
FACT_VIEWS = frozenset({"facts_now", "asserted_now", "refs_now", "links_now"})
# Views that read only memories' rows (any attribute).
MEMORY_VIEWS = frozenset({"memories"})
# Attributes a view implies (links_now is refs_now's :relates-to).
VIEW_ATTRIBUTES = {"links_now": frozenset({":relates-to"})}


@dataclass(frozen=True)
class RuleReads:
    full: frozenset[str]  # attributes read of any entity
    memory: frozenset[str]  # attributes read only of memories (non-code entities)


_cache: dict[str, RuleReads | None] = {}
_lock = threading.Lock()
_parser: duckdb.DuckDBPyConnection | None = None


def rule_reads(rule: Rule) -> RuleReads | None:
    """What ``rule`` reads (see the module's docstring), or None. Cached by the rule's text."""
    if rule.lang != "sql":
        return None
    key = rule.digest or rule.sql
    with _lock:
        if key in _cache:
            return _cache[key]
        global _parser
        if _parser is None:
            _parser = duckdb.connect(":memory:")
        try:
            row = first_row(_parser.execute("SELECT json_serialize_sql(?)", [rule.sql]))
            tree: dict[str, Any] = json.loads(row[0]) if row is not None else {"error": True}
        except (duckdb.Error, TypeError, ValueError):
            tree = {"error": True}
        statements = tree.get("statements")
        out = None if tree.get("error") or not isinstance(statements, list) else _analyse(statements)
        _cache[key] = out
        return out


def _analyse(statements: list[Any]) -> RuleReads | None:
    if len(statements) != 1:
        return None
    ctes: set[str] = set()
    _collect_ctes(statements[0], ctes)
    full: set[str] = set()
    memory: set[str] = set()
    ok = _walk(statements[0], ctes, full, memory)
    if not ok:
        return None
    return RuleReads(frozenset(full), frozenset(memory - full))


def _collect_ctes(node: Any, out: set[str]) -> None:
    if isinstance(node, dict):
        cte_map = node.get("cte_map")
        if isinstance(cte_map, dict):
            for item in cte_map.get("map") or []:
                if isinstance(item, dict) and isinstance(item.get("key"), str):
                    out.add(item["key"].lower())
        for v in node.values():
            _collect_ctes(v, out)
    elif isinstance(node, list):
        for v in node:
            _collect_ctes(v, out)


def _walk(node: Any, ctes: set[str], full: set[str], memory: set[str]) -> bool:
    """Check every select under ``node``; False as soon as one reads something a context cannot answer."""
    if isinstance(node, list):
        return all(_walk(v, ctes, full, memory) for v in node)
    if not isinstance(node, dict):
        return True
    if node.get("type") == "TABLE_FUNCTION":
        return False  # read_csv, range, …: not the graph's facts
    if node.get("type") == "SELECT_NODE" and not _select(node, ctes, full, memory):
        return False
    return all(_walk(v, ctes, full, memory) for v in node.values())


def _tables(node: Any, out: list[tuple[str, str]], on: list[tuple[dict[str, Any], set[tuple[str, str]]]]) -> bool:
    """The base tables of a FROM clause (name, alias) into ``out``, and into ``on`` each join condition's
    conjuncts with the tables whose rows they restrict (both sides of an inner join; the right of a LEFT
    join, the left of a RIGHT one; none of a FULL one). False for a table the context cannot hold."""
    if not isinstance(node, dict):
        return True
    t = node.get("type")
    if t == "BASE_TABLE":
        if node.get("catalog_name") or node.get("schema_name") or node.get("at_clause"):
            return False
        out.append((str(node.get("table_name", "")).lower(), str(node.get("alias") or "").lower()))
        return True
    if t == "JOIN":
        left: list[tuple[str, str]] = []
        right: list[tuple[str, str]] = []
        if not (_tables(node.get("left"), left, on) and _tables(node.get("right"), right, on)):
            return False
        out += left + right
        kind = node.get("join_type")
        restricted = {"INNER": left + right, "LEFT": right, "RIGHT": left}.get(str(kind), [])
        if node.get("ref_type") == "REGULAR" and restricted:
            for c in _conjuncts(node.get("condition")):
                on.append((c, set(restricted)))
        return True
    return t in ("SUBQUERY", "EMPTY", None)


def _conjuncts(expr: Any) -> list[dict[str, Any]]:
    if not isinstance(expr, dict):
        return []
    if expr.get("type") == "CONJUNCTION_AND":
        return [c for ch in expr.get("children") or [] for c in _conjuncts(ch)]
    return [expr]


def _column(expr: Any) -> tuple[str, ...] | None:
    if isinstance(expr, dict) and expr.get("class") == "COLUMN_REF":
        return tuple(str(n).lower() for n in expr.get("column_names") or [])
    return None


def _constant(expr: Any) -> str | None:
    if isinstance(expr, dict) and expr.get("class") == "CONSTANT":
        lit = expr.get("value") or expr.get("literal") or {}
        if isinstance(lit, dict) and lit.get("kind") in ("STRING", "VARCHAR") and isinstance(lit.get("text"), str):
            return lit["text"]
        v = lit.get("value") if isinstance(lit, dict) else None
        if isinstance(v, str):
            return v
    return None


def _refers(col: tuple[str, ...] | None, name: str, alias: str, alone: bool, column: str) -> bool:
    if col is None or not col or col[-1] != column:
        return False
    if len(col) == 1:
        return alone
    return len(col) == 2 and col[0] in (alias or name, name)


def _select(node: dict[str, Any], ctes: set[str], full: set[str], memory: set[str]) -> bool:
    tables: list[tuple[str, str]] = []
    on: list[tuple[dict[str, Any], set[tuple[str, str]]]] = []
    if not _tables(node.get("from_table"), tables, on):
        return False
    facts = [(n, a) for n, a in tables if n in FACT_VIEWS]
    for n, _a in tables:
        if n in FACT_VIEWS or n in MEMORY_VIEWS or n in ctes:
            continue
        return False  # facts itself (history), tx, code_locs, a graph table, …
    conj = _conjuncts(node.get("where_clause"))
    alone = len(facts) == 1
    for name, alias in facts:
        attrs: set[str] = set(VIEW_ATTRIBUTES.get(name, ()))
        only_memories = False
        for c in conj + [c for c, restricts in on if (name, alias) in restricts]:
            t = c.get("type")
            if t == "COMPARE_EQUAL":
                for col, val in ((c.get("left"), c.get("right")), (c.get("right"), c.get("left"))):
                    if _refers(_column(col), name, alias, alone, "a") and _constant(val) is not None:
                        attrs.add(str(_constant(val)))
            elif t == "COMPARE_IN":
                ch = c.get("children") or []
                if ch and _refers(_column(ch[0]), name, alias, alone, "a"):
                    vals = [_constant(x) for x in ch[1:]]
                    if vals and all(v is not None for v in vals):
                        attrs |= {str(v) for v in vals}
            elif t == "OPERATOR_NOT":
                ch = c.get("children") or []
                f = ch[0] if len(ch) == 1 and isinstance(ch[0], dict) else {}
                args = [a.get("expression") if isinstance(a, dict) and "expression" in a else a
                        for a in f.get("arguments") or f.get("children") or []]
                if (f.get("class") == "FUNCTION" and f.get("function_name") == "lore_is_code" and len(args) == 1
                        and _refers(_column(args[0]), name, alias, alone, "e")):
                    only_memories = True
        if not attrs:
            return False  # reads every attribute of the view
        (memory if only_memories else full).update(attrs)
    return True


def reached(rule: Rule, attributes: frozenset[str] | set[str] | None,
            code_only: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether a change of rows of ``attributes`` (None: any) can change what ``rule`` concludes.
    ``code_only``: those of the attributes whose every changed row is about a code entity (``lore.idents.is_code``).
    A rule declares what it reads (``-- reads:``); one whose SQL reads an attribute only of memories
    (``RuleReads.memory``), or not at all, never sees a change to code entities' rows of it: when every
    attribute the change and the rule share is such, the rule's conclusions are what they were (each cites
    rows it read, and holds by them and by facts about its subject it read)."""
    if attributes is None:
        return True
    shared = rule.reads & set(attributes)
    if not shared:
        return False
    if not shared <= set(code_only):
        return True
    reads = rule_reads(rule)
    return reads is None or not reads.full.isdisjoint(shared)

"""The paths a Rust ``use`` list imports: ``use {a::X, b::Y};`` and ``use a::{X, b::{Y, self}}`` name
several paths, each written on a line of its own (rustfmt's style), so each is one import anchored where
it is written (a rejected crate then warns on its own line, and ``crate::{util::hash, net::Socket}``
depends on both files). A plain ``use a::b;`` is not a list and keeps its one import."""

from __future__ import annotations

from typing import Any, Callable

LIST_NODES = ("use_list", "scoped_use_list")
MAX_PATHS = 1000  # one declaration's paths; a crafted one with more is cut there
MAX_PATH_CHARS = 500  # as any import's spec


def use_paths(node: Any, text: Callable[[Any], str]) -> list[tuple[str, Any]]:
    """(path, node naming it) for each path a ``use_list`` / ``scoped_use_list`` node imports, in order;
    ``self`` in a list names the list's own prefix, an alias (``X as Y``) its path, a glob ``prefix::*``."""
    out: list[tuple[str, Any]] = []
    stack: list[tuple[str, Any]] = [("", node)]  # (prefix, node) to expand, last first
    while stack and len(out) < MAX_PATHS:
        prefix, n = stack.pop()
        kind = n.type
        if kind == "scoped_use_list":
            path = n.child_by_field_name("path")
            inner = n.child_by_field_name("list")
            if inner is not None:
                stack.append((_join(prefix, text(path) if path is not None else ""), inner))
        elif kind == "use_list":
            stack.extend((prefix, c) for c in reversed(n.named_children))
        elif kind == "use_as_clause":
            path = n.child_by_field_name("path")
            if path is not None:
                _add(out, prefix if path.type == "self" else _join(prefix, text(path)), n)
        elif kind == "use_wildcard":
            path = n.named_children[0] if n.named_children else None
            _add(out, _join(_join(prefix, text(path) if path is not None else ""), "*"), n)
        elif kind == "self":
            _add(out, prefix, n)
        elif kind in ("identifier", "scoped_identifier", "crate", "super", "metavariable"):
            _add(out, _join(prefix, text(n)), n)
    return out


def _join(prefix: str, tail: str) -> str:
    tail = "".join(tail.split())  # a path split over lines (`a::\n  b`)
    if not prefix:
        return tail
    return prefix + tail if prefix.endswith("::") or tail.startswith("::") else prefix + "::" + tail


def _add(out: list[tuple[str, Any]], path: str, node: Any) -> None:
    if path and len(path) <= MAX_PATH_CHARS:
        out.append((path, node))

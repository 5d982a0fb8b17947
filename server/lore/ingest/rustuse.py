"""The paths a Rust ``use`` list imports: ``use {a::X, b::Y};`` and ``use a::{X, b::{Y, self}}`` name
several paths, each written on a line of its own (rustfmt's style), so each is one import anchored where
it is written (a rejected crate then warns on its own line, and ``crate::{util::hash, net::Socket}``
depends on both files). A plain ``use a::b;`` is not a list and keeps its one import.

A crate is also used by its path alone, with no ``use``: ``anyhow::bail!(…)``, ``-> anyhow::Result<()>``,
``serde_json::to_string(&v)``. Each such path's first segment is an import marked ``BY_PATH`` (its name), kept
once per crate and file (``file_imports``); resolution keeps it only for a crate some ``Cargo.toml`` of the
repository depends on or a crate of its workspace (``io::Result`` after ``use std::io`` names no crate)."""

from __future__ import annotations

import re
from typing import Any, Callable

LIST_NODES = ("use_list", "scoped_use_list")
BY_PATH = "<path>"  # an Import's name: the crate a path (``anyhow::Result``) names, with no ``use``
# Nodes a path inside a ``use`` declaration lies in, up to the declaration
_USE_PARTS = frozenset(("scoped_identifier", "scoped_use_list", "use_list", "use_as_clause", "use_wildcard"))
# A path's first segment that is never a crate: the language's own roots and the primitive types (u8::MAX)
NOT_CRATES = frozenset(("std", "core", "alloc", "self", "super", "crate", "Self", "bool", "char", "str", "f32",
                        "f64", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128",
                        "usize", "proc_macro", "test"))
_MOD = re.compile(rb"^[ \t]*(?:pub(?:\([^)\n]{0,200}\))?[ \t]+)?mod[ \t]+(r#)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*[;{]", re.M)
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


def path_crate(node: Any, text: Callable[[Any], str]) -> str | None:
    """The path a ``scoped_identifier``/``scoped_type_identifier`` whose first segment is an identifier
    writes (``anyhow::bail``), when that segment may be a crate: not in a ``use`` declaration (the use is the
    import), not a language root or primitive, not a type (``Foo::new``: capitalised)."""
    root = node.child_by_field_name("path")
    if root is None:
        return None
    head = text(root)
    if not head or head in NOT_CRATES or not (head[0].islower() or head[0] == "_"):
        return None
    up = node.parent
    while up is not None and up.type in _USE_PARTS:
        up = up.parent
    if up is not None and up.type == "use_declaration":
        return None
    path = "".join(text(node).split())
    return path if len(path) <= MAX_PATH_CHARS else None


def file_imports(imports: list[tuple], data: bytes, classes: set[str]) -> list[tuple]:
    """A Rust file's imports (Import's fields, in order) as the file as a whole reads them: a path's crate
    (``BY_PATH``) is kept once, at its first path, unless a ``use`` of the file already imports that crate or
    brings a name of it into scope (``use std::io;`` then ``io::Result``), or the file declares a module of
    that name (``mod log;``); a ``use`` whose first segment is a module the file declares (``mod index;`` then
    ``use index::Index``) or a type it defines (``use Kind::*`` in a fn) is the file's own: written
    ``self::…``, never an outside crate."""
    if not imports:
        return imports
    mods = {m.group(2).decode() for m in _MOD.finditer(data)} if b"mod" in data else set()
    local = mods | classes
    uses: set[str] = set()  # first segments and names in scope the file's `use`s give
    out: list[tuple] = []
    for i in imports:
        if i[1] == BY_PATH:
            continue
        spec = i[0]
        head = spec.split("::", 1)[0].strip()
        if head not in local:
            uses.add(head)
        last = spec.rsplit(" as ", 1)[-1] if " as " in spec else spec.rsplit("::", 1)[-1]
        uses.add(last.strip())
    seen: set[str] = set()
    for i in imports:
        if i[1] == BY_PATH:
            head = i[0].split("::", 1)[0]
            if head in seen or head in uses or head in mods:
                continue
            seen.add(head)
        elif i[0].split("::", 1)[0].strip() in local - NOT_CRATES:
            i = ("self::" + i[0], *i[1:])
        out.append(i)
    return out

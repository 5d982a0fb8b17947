"""What a read-only statement (``lore sql``, a SQL rule) may call: no function that touches a file.

The graph's connection has external access off, but DuckDB still lets SQL read the files it keeps for the
database — the graph file, its WAL, its temporary folder — by name (``read_blob('.lore/lore.duckdb')``).
The statement's parse tree (DuckDB's own ``json_serialize_sql``) is walked before it runs: a table function
outside a short list of pure ones, a scalar function that runs SQL or touches a file, or a table named by
a path (``FROM 'file.csv'``) is refused with ``sql-file-access``.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import duckdb

from lore.errors import LoreError
from lore.sqlfile import scalar

# Table functions that compute rows without touching a file, another statement or the settings.
PURE_TABLE_FUNCTIONS = frozenset({
    "range", "generate_series", "unnest", "repeat", "repeat_row", "json_each", "json_tree",
    "duckdb_columns", "duckdb_constraints", "duckdb_functions", "duckdb_indexes", "duckdb_keywords",
    "duckdb_schemas", "duckdb_sequences", "duckdb_tables", "duckdb_types", "duckdb_views",
    "pragma_table_info", "pg_timezone_names", "icu_calendar_names",
})
# Scalar functions that run SQL text, change settings or touch files.
REFUSED_FUNCTIONS = frozenset({
    "json_execute_serialized_sql", "json_deserialize_sql", "enable_profile", "disable_profile",
    "add_parquet_key", "getenv", "current_setting", "query", "query_table",
})


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    stack = [node]
    while stack:
        cur = stack.pop()
        if isinstance(cur, dict):
            yield cur
            stack.extend(cur.values())
        elif isinstance(cur, list):
            stack.extend(cur)


def parse_tree(con: duckdb.DuckDBPyConnection, text: str) -> dict[str, Any] | None:
    """DuckDB's parse tree of ``text``; None when DuckDB cannot serialise it (not a plain query)."""
    try:
        raw = scalar(con.execute("SELECT json_serialize_sql(?)", [text]))
        tree = json.loads(raw)
    except (duckdb.Error, ValueError, TypeError):
        return None
    return None if tree.get("error") else tree


def refuse_file_access(con: duckdb.DuckDBPyConnection, text: str, *, what: str = "the statement") -> None:
    """Raise ``sql-file-access`` when ``text`` calls something that touches a file (see module doc)."""
    tree = parse_tree(con, text)
    if tree is None:
        return  # not serialisable: the caller's own SELECT check refuses it, or it runs with no file access
    for node in _walk(tree):
        kind = node.get("type")
        if kind == "TABLE_FUNCTION":
            fn = node.get("function") or {}
            name = str(fn.get("function_name", "")).lower()
            if name not in PURE_TABLE_FUNCTIONS:
                raise LoreError("sql-file-access", f"{what} calls the table function {name}(), which may read "
                                "files or run other statements; Lore's SQL reads the graph's tables only")
        elif node.get("class") == "FUNCTION":
            name = str(node.get("function_name", "")).lower()
            if name in REFUSED_FUNCTIONS or name.startswith("__internal"):
                raise LoreError("sql-file-access", f"{what} calls {name}(), which Lore's SQL may not use")
        elif kind == "BASE_TABLE":
            name = str(node.get("table_name", ""))
            if any(c in name for c in "/\\.:"):
                raise LoreError("sql-file-access", f"{what} reads {name!r} as a table: a file name, which "
                                "Lore's SQL may not read")

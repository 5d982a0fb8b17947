"""``lore sql``: read-only SQL over the graph.

Three walls: the connection itself has external access off and its configuration locked (no file reads
or writes, no extensions: see Graph), the text must be exactly one SELECT-like statement, and it runs in a
transaction that is always rolled back, so even a side effect DuckDB allows in a SELECT does not stay.
"""

from __future__ import annotations

from typing import Any

import duckdb

from lore.errors import LoreError
from lore.store.graph import Graph
from lore.store.sql_guard import refuse_file_access

MAX_ROWS = 100_000


def run_readonly(graph: Graph, text: str, limit: Any = None) -> tuple[list[str], list[list[Any]]]:
    if not text or not text.strip():
        raise LoreError("bad-sql", "no SQL given")
    try:
        statements = graph.con.extract_statements(text)
    except duckdb.Error as exc:
        raise LoreError("sql-syntax", str(exc).splitlines()[0]) from None
    if len(statements) != 1:
        raise LoreError("sql-not-read-only", f"give exactly one SELECT statement, got {len(statements)}")
    st = statements[0]
    if st.type != duckdb.StatementType.SELECT:
        raise LoreError("sql-not-read-only",
                        f"only SELECT (and WITH … SELECT) is allowed; this is a {st.type.name} statement")
    refuse_file_access(graph.con, text, what="this SQL")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)):
        raise LoreError("bad-params", f"limit must be a whole number of rows, got {limit!r}")
    cap = MAX_ROWS if limit is None else max(0, min(limit, MAX_ROWS))
    with graph.lock:
        cur = graph.con.cursor()
        try:
            cur.execute("BEGIN TRANSACTION")
            try:
                res = cur.execute(text)
                columns = [d[0] for d in res.description] if res.description else []
                rows = res.fetchmany(cap)
            finally:
                cur.execute("ROLLBACK")
        except duckdb.Error as exc:
            raise LoreError("sql-error", str(exc).splitlines()[0]) from None
        except (OverflowError, ValueError) as exc:  # a value Python cannot hold (INTERVAL 10000000 YEAR)
            raise LoreError("sql-value", f"a value of the result cannot be returned: {exc}") from None
        finally:
            cur.close()
    return columns, [[jsonable(v) for v in r] for r in rows]


def jsonable(v: Any) -> Any:
    """A DuckDB result value as plain JSON (dates, decimals and the like as their text)."""
    if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
        return None  # NaN and infinities are not JSON
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): jsonable(x) for k, x in v.items()}
    return str(v)


def finite(obj: Any, depth: int = 0) -> Any:
    """``obj`` with NaN and infinities as null, so that it prints as strict JSON (SPEC §3)."""
    if isinstance(obj, float):
        return None if obj != obj or obj in (float("inf"), float("-inf")) else obj
    if depth > 200:
        return obj
    if isinstance(obj, dict):
        return {k: finite(v, depth + 1) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [finite(v, depth + 1) for v in obj]
    return obj


def dumps(obj: Any, **kw: Any) -> str:
    """Strict JSON text of a reply: NaN and infinities become null (json.dumps would print bare NaN)."""
    import json

    try:
        return json.dumps(obj, allow_nan=False, **kw)
    except ValueError:
        return json.dumps(finite(obj), allow_nan=False, **kw)

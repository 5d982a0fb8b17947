"""``lore sql``: read-only SQL over the graph.

Four walls: the connection itself has external access off and its configuration locked (no file reads
or writes, no extensions: see Graph); the text must be exactly one SELECT-like statement with no write
anywhere in it — DuckDB's own parser shows every query node, so ``WITH x AS (UPDATE … RETURNING *)
SELECT …`` is refused before it runs (``check_read_only``); it runs in a transaction that is always
rolled back, so even a side effect DuckDB allows in a SELECT does not stay; and it is bounded in time
and in result size (store.limits: ``timeout``, ``too-large``), on its own cursor so that other clients'
writes go on meanwhile.
"""

from __future__ import annotations

import datetime
import decimal
import json
from typing import Any

import duckdb

from lore.errors import LoreError
from lore.sqlfile import scalar
from lore.store.graph import Graph
from lore.store.limits import Deadline, fetch_bounded, max_bytes, max_rows
from lore.store.sql_guard import refuse_file_access

# The query nodes a read may contain; DuckDB names a write inside a statement (a data-modifying CTE)
# INSERT_QUERY_NODE, UPDATE_QUERY_NODE, DELETE_QUERY_NODE, … — anything not listed here is refused.
READ_NODES = frozenset({"SELECT_NODE", "SET_OPERATION_NODE", "RECURSIVE_CTE_NODE", "CTE_NODE"})


def check_read_only(con: duckdb.DuckDBPyConnection, text: str) -> None:
    """Refuse (``sql-not-read-only``) unless ``text`` is one SELECT with only read query nodes inside."""
    if not text or not text.strip():
        raise LoreError("bad-sql", "no SQL given")
    try:
        statements = con.extract_statements(text)
    except duckdb.Error as exc:
        raise LoreError("sql-syntax", str(exc).splitlines()[0]) from None
    if len(statements) != 1:
        raise LoreError("sql-not-read-only", f"give exactly one SELECT statement, got {len(statements)}")
    st = statements[0]
    if st.type != duckdb.StatementType.SELECT:
        raise LoreError("sql-not-read-only",
                        f"only SELECT (and WITH … SELECT) is allowed; this is a {st.type.name} statement")
    try:
        tree = json.loads(scalar(con.execute("SELECT json_serialize_sql(?)", [text])))
    except (duckdb.Error, ValueError, TypeError) as exc:
        raise LoreError("sql-not-read-only", f"the statement could not be checked: {exc}") from None
    if not isinstance(tree, dict) or tree.get("error"):
        msg = tree.get("error_message", "") if isinstance(tree, dict) else ""
        raise LoreError("sql-not-read-only", f"only a plain SELECT can be checked and run: {msg}".rstrip(": "))
    bad = _write_nodes(tree)
    if bad:
        raise LoreError("sql-not-read-only",
                        f"the statement contains a write ({', '.join(sorted(bad))}); lore sql only reads")
    refuse_file_access(con, text, what="this SQL")


def _write_nodes(tree: Any) -> set[str]:
    found: set[str] = set()
    stack = [tree]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            t = x.get("type")
            if isinstance(t, str) and t.endswith("_NODE") and t not in READ_NODES:
                found.add(t.removesuffix("_QUERY_NODE").removesuffix("_NODE"))
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return found


def run_readonly(graph: Graph, text: str, limit: Any = None,
                 timeout: float | None = None) -> tuple[list[str], list[list[Any]]]:
    """Columns and rows of one read-only SELECT. ``limit``: at most that many rows (no error beyond);
    without it a result over the row cap is ``too-large``. Over the byte cap it is ``too-large`` always."""
    if not isinstance(text, str):
        raise LoreError("bad-params", "the SQL must be a string")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise LoreError("bad-params", "limit must be a non-negative integer")
    with graph.lock:  # a cursor of its own: the statement runs beside other clients' work
        cur = graph.con.cursor()
    try:
        check_read_only(cur, text)
        cap = max_rows()
        deadline = Deadline(cur, timeout)
        try:
            cur.execute("BEGIN TRANSACTION")
            try:
                with deadline:
                    res = cur.execute(text)
                    columns = [d[0] for d in res.description] if res.description else []
                    if limit is not None:
                        rows = fetch_bounded(_Limited(res, limit), rows_cap=limit, bytes_cap=max_bytes())
                    else:
                        rows = fetch_bounded(res, rows_cap=cap)
            finally:
                cur.execute("ROLLBACK")
        except duckdb.InterruptException:
            raise deadline.error() from None
        except duckdb.Error as exc:
            if deadline.fired:
                raise deadline.error() from None
            raise LoreError("sql-error", str(exc).splitlines()[0]) from None
        except (OverflowError, ValueError) as exc:  # a value Python cannot hold (INTERVAL 10000000 YEAR)
            raise LoreError("sql-value", f"a value of the result cannot be returned: {exc}") from None
    finally:
        cur.close()
    return columns, [[sql_value(v) for v in r] for r in rows]


class _Limited:
    """A result that yields at most ``n`` rows through fetchmany."""

    def __init__(self, res: Any, n: int) -> None:
        self.res = res
        self.left = n

    def fetchmany(self, size: int) -> list[tuple]:
        if self.left <= 0:
            return []
        chunk = self.res.fetchmany(min(size, self.left))
        self.left -= len(chunk)
        return chunk


def sql_value(v: Any) -> Any:
    """A ``lore sql`` result value as SPEC §3 writes values in JSON: a DECIMAL as a number, a TIMESTAMP
    (taken as UTC) or TIMESTAMPTZ as an RFC 3339 instant in UTC; the rest as ``jsonable``. (``jsonable``
    itself stays as it is: warning ids are hashed from its output.)"""
    if isinstance(v, decimal.Decimal):
        if not v.is_finite():
            return None
        exponent = v.as_tuple().exponent  # an int once finite
        return int(v) if isinstance(exponent, int) and exponent >= 0 else float(v)
    if isinstance(v, datetime.datetime):
        try:
            utc = v.replace(tzinfo=datetime.timezone.utc) if v.tzinfo is None else v.astimezone(datetime.timezone.utc)
        except (OverflowError, ValueError):  # year 1 east of UTC: before what Python holds; as its text
            return jsonable(v)
        return utc.isoformat(timespec="microseconds" if utc.microsecond else "seconds").replace("+00:00", "Z")
    return jsonable(v)


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

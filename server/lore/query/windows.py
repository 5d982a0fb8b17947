"""Window functions in :find (SPEC §2): ``(sum ?x :over (:partition-by ?p :order-by ?o))`` and the rest.

They run, like aggregates, over the SET of bindings of the :find and :with variables (and the windows'
own arguments): the query's bindings are made distinct first, then one SELECT computes every window
with DuckDB's window functions. A value's order is the query's order across types (numbers, instants,
strings, keywords, …), its identity the pair (type, text), so partitions and peers mean what the
values mean. A running aggregate's frame is SQL's default (from the partition's start to the current
row, tied rows sharing it); row-number, lag and lead, which would otherwise depend on how DuckDB breaks
ties, break them by the other variables' values so a result is reproducible.
"""

from __future__ import annotations

from typing import Any

from lore.query.parser import WINDOW_OFFSETS, WINDOW_RANKINGS, Query, Var, Window
from lore.query.values import err, rank_sql


def _key(j: int, desc: bool) -> list[str]:
    d = " DESC" if desc else ""
    return [f"{rank_sql(f'x{j}_t')}{d}", f"x{j}_n{d}", f"x{j}_v{d}"]


def project(q: Query, scope: Any) -> tuple[str, list[tuple[str, Any]], list[str], dict[int, list[str]]]:
    """The SELECT of a :find with windows: (sql, column decoders, default order, order keys per item)."""
    plain = [f.name for f in q.find if isinstance(f, Var)]
    withs = [w.name for w in q.with_]
    # a window's argument is in :find too: (sum ?s :over (:order-by ?s)) needs no plain ?s
    visible = set(plain) | set(withs) | {f.var.name for f in q.find if isinstance(f, Window) and f.var is not None}
    used: list[str] = []
    for n in plain + [f.var.name for f in q.find if isinstance(f, Window) and f.var is not None] + withs:
        if n not in used:
            used.append(n)
    for f in q.find:
        if not isinstance(f, Window):
            continue
        for v in list(f.partition) + [v for v, _ in f.order]:
            if v.name not in visible:
                raise err("window-variable",
                          f"{v.name} in the :over of {f.text} must be a :find or :with variable "
                          f"(add it to :find, or to :with to keep it out of the result)", v.pos or f.pos)
    idx = {n: j for j, n in enumerate(used)}
    inner = scope.select_bindings(used)

    outs: list[str] = []
    columns: list[tuple[str, Any]] = []
    order_keys: dict[int, list[str]] = {}
    for k, f in enumerate(q.find):
        if isinstance(f, Var):
            j = idx[f.name]
            outs.append(f"x{j}_t AS c{k}_t, x{j}_v AS c{k}_v, x{j}_n AS c{k}_n")
            columns.append(("var", 3))
            order_keys[k] = [rank_sql(f"c{k}_t"), f"c{k}_n", f"c{k}_v"]
            continue
        assert isinstance(f, Window)
        parts = []
        if f.partition:
            parts.append("PARTITION BY " + ", ".join(f"x{idx[v.name]}_t, x{idx[v.name]}_v" for v in f.partition))
        keys = [x for v, desc in f.order for x in _key(idx[v.name], desc)]
        if f.fn == "row-number" or f.fn in WINDOW_OFFSETS:
            named = {v.name for v in f.partition} | {v.name for v, _ in f.order}
            keys += [x for n in used if n not in named for x in _key(idx[n], False)]
        parts.append("ORDER BY " + ", ".join(keys))
        over = f"OVER ({' '.join(parts)})"
        if f.fn in WINDOW_RANKINGS:
            outs.append(f"{f.fn.replace('-', '_')}() {over} AS c{k}")
            columns.append(("int", None))
            order_keys[k] = [f"c{k}"]
            continue
        assert f.var is not None
        j = idx[f.var.name]
        xt, xv, xn = f"x{j}_t", f"x{j}_v", f"x{j}_n"
        bad = f"bool_or({xt} NOT IN ('i', 'f')) OVER ()"  # any value that is not a number: a type error
        if f.fn in WINDOW_OFFSETS:
            outs.append(", ".join(f"{f.fn}({x}, {int(f.offset)}) {over} AS c{k}_{s}"
                                  for x, s in ((xt, "t"), (xv, "v"), (xn, "n"))))
            columns.append(("var", 3))
            order_keys[k] = [rank_sql(f"c{k}_t"), f"c{k}_n", f"c{k}_v"]
            continue
        if f.fn == "count":
            outs.append(f"count({xt}) {over} AS c{k}")
            columns.append(("int", None))
        elif f.fn == "sum":
            outs.append(f"sum(CASE WHEN {xt} = 'i' THEN CAST({xv} AS HUGEINT) END) {over} AS c{k}_i, "
                        f"sum({xn}) {over} AS c{k}, bool_and({xt} = 'i') {over} AS c{k}_allint, {bad} AS c{k}_bad")
            columns.append(("agg", "sum"))
        elif f.fn == "avg":
            outs.append(f"avg({xn}) {over} AS c{k}, {bad} AS c{k}_bad")
            columns.append(("agg", "avg"))
        else:  # min, max: in the query's order across types
            outs.append(f"{f.fn}(struct_pack(r := {rank_sql(xt)}, n := {xn}, v := {xv}, t := {xt})) {over} AS c{k}")
            columns.append(("agg", f.fn))
        order_keys[k] = [f"c{k}"]

    hidden = [n for n in used if n not in plain]  # :with variables, window arguments not found
    sql = f"SELECT {', '.join(outs)} FROM ({inner}) AS b"
    sql = f"SELECT {'DISTINCT ' if hidden else ''}* FROM ({sql}) AS q"
    # without :order-by, rows come in the first window's order (its variables that are in the result)
    first = next(f for f in q.find if isinstance(f, Window))
    pos_of = {f.name: k for k, f in enumerate(q.find) if isinstance(f, Var)}
    default: list[str] = []
    for v, desc in [(p, False) for p in first.partition] + list(first.order):
        if v.name in pos_of:
            k = pos_of[v.name]
            default += [x + (" DESC" if desc else "") for x in order_keys[k]]
    return sql, columns, default, order_keys

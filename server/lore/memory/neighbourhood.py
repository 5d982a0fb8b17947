"""A decision's neighbourhood as a small graph (``lore graph ENTITY``, ``lore/graph``): what it governs,
rejects or forbids, what supersedes it or it supersedes, the code linked to it, the code that imports what it
rejects, and the warnings about all of these. As JSON (nodes and edges) or as Mermaid or Graphviz text in
which every label is escaped: names come from a cloned repository and may hold quotes, newlines, ``-->``
or ``}``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lore import operations
from lore.errors import LoreError
from lore.query.labels import IDENT_RE, labels
from lore.sqlfile import named_statements
from lore.store.graph import Graph
from lore.timeutil import now_micros

SQL = named_statements(Path(__file__).with_name("neighbourhood.sql"))
FORMATS = ("json", "mermaid", "dot")
MAX_EDGES = 200
# Relations whose far end's own neighbours are worth a second hop: what a decision rejects is imported by code.
SECOND_HOP = (":rejects", ":forbids", ":supersedes")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _kind(ident: str) -> str:
    return ident[1:].split("/", 1)[0] if ident.startswith(":") and "/" in ident else "entity"


def neighbourhood(graph: Graph, entity: Any, *, limit: int = MAX_EDGES) -> dict[str, Any]:
    if not isinstance(entity, str) or not IDENT_RE.match(entity):
        raise LoreError("bad-params", f"'entity' must be an entity ident such as :decision/no-chardet, got "
                        f"{str(entity)[:80]!r}")
    cur = graph.cursor()
    try:
        if not cur.execute(SQL["exists"], {"entity": entity}).fetchall():
            raise LoreError("unknown-entity", f"the graph has no fact about {entity}")
        now = now_micros()
        rows = cur.execute(SQL["edges_of"], {"entities": [entity], "center": entity, "now": now,
                                             "limit": limit + 1}).fetchall()
        far = sorted({v for e, a, v, *_ in rows if e == entity and a in SECOND_HOP}
                     | {e for e, a, v, *_ in rows if v == entity and a == ":supersedes"})
        if far and len(rows) <= limit:
            more = cur.execute(SQL["edges_of"], {"entities": far, "center": entity, "now": now,
                                                 "limit": limit + 1 - len(rows)}).fetchall()
            rows += [r for r in more if r not in rows]
    finally:
        cur.close()
    truncated = len(rows) > limit
    rows = rows[:limit]
    edges = [{"from": e, "to": v, "relation": a, "inferred": bool(inf),
              **({"confidence": round(c, 4), "rule": rule} if inf else {})} for e, a, v, inf, c, rule in rows]
    ids = dict.fromkeys([entity, *(x for ed in edges for x in (ed["from"], ed["to"]))])
    reply = operations.run("warnings", graph, {"catchUp": False})
    warnings = []
    for w in reply.get("warnings") or [] if reply.get("ok") else []:
        about = {w.get("entity"), *(r.get("entity") for r in w.get("related") or [])}
        about |= {v for v in (w.get("slots") or {}).values() if isinstance(v, str)}
        touched = [x for x in about if x in ids]
        if entity in about or len(touched) >= 2:
            wid = f":warning/{w['id']}"
            warnings.append({"id": w["id"], "message": w.get("message"), "entity": w.get("entity"),
                             "file": w.get("file"), "line": w.get("line")})
            ids[wid] = None
            if isinstance(w.get("entity"), str):  # its subject, even when the limit cut the edge that named it
                ids.setdefault(w["entity"], None)
            edges.append({"from": wid, "to": w["entity"], "relation": "warns", "inferred": True,
                          "confidence": w.get("confidence"), "rule": w.get("rule")})
    cur = graph.cursor()
    try:
        names = labels(cur, set(ids))
    finally:
        cur.close()
    msg = {f":warning/{w['id']}": w["message"] or w["id"] for w in warnings}
    nodes = [{"id": i, "label": msg.get(i) or names.get(i, i), "kind": _kind(i)} for i in ids]
    return {"ok": True, "entity": entity, "nodes": nodes, "edges": edges, "warnings": warnings,
            **({"truncated": True} if truncated else {})}


# ------------------------------------------------------------------ text formats

def _plain(text: Any, limit: int = 120) -> str:
    s = " ".join(_CONTROL.sub(" ", str(text)).split())
    return s if len(s) <= limit else s[:limit - 1] + "…"


def mermaid_text(text: Any) -> str:
    """A label inside Mermaid's quotes: every character that could end the label (``"``), start an entity
    code (``#``), HTML (``<>&``), a Markdown string (`````), or an edge's label (``|``) is written as an entity
    code (``#34;``); inside the quotes ``-->``, ``}`` and brackets are plain text."""
    out = []
    for ch in _plain(text):
        if ch in '"#<>&|`\\':
            out.append(f"#{ord(ch)};")
        else:
            out.append(ch)
    return "".join(out)


def dot_text(text: Any) -> str:
    """A Graphviz double-quoted string: backslashes and quotes escaped, no newline (``\\n`` is Graphviz's)."""
    return _plain(text).replace("\\", "\\\\").replace('"', '\\"')


_MERMAID_SHAPE = {"decision": ('{{', '}}'), "constraint": ('{{', '}}'), "preference": ('{{', '}}'),
                  "warning": ('>', ']'), "module": ('[', ']'), "function": ('(', ')'), "class": ('(', ')')}
_DOT_SHAPE = {"decision": "hexagon", "constraint": "hexagon", "preference": "hexagon", "warning": "note",
              "module": "box", "function": "ellipse", "class": "ellipse"}


def to_mermaid(g: dict[str, Any]) -> str:
    key = {n["id"]: f"n{i}" for i, n in enumerate(g["nodes"])}
    lines = ["flowchart LR"]
    for n in g["nodes"]:
        a, b = _MERMAID_SHAPE.get(n["kind"], ("[", "]"))
        lines.append(f'  {key[n["id"]]}{a}"{mermaid_text(n["label"])}"{b}')
    for e in g["edges"]:
        rel = e["relation"].lstrip(":")
        arrow = "-.->" if e.get("inferred") else "-->"
        lines.append(f'  {key[e["from"]]} {arrow}|"{mermaid_text(rel)}"| {key[e["to"]]}')
    center = key.get(g["entity"])
    if center:
        lines.append(f"  style {center} stroke-width:3px")
    return "\n".join(lines) + "\n"


def to_dot(g: dict[str, Any]) -> str:
    key = {n["id"]: f"n{i}" for i, n in enumerate(g["nodes"])}
    lines = ["digraph lore {", "  rankdir=LR;", '  node [fontname="sans-serif"];']
    for n in g["nodes"]:
        extra = ", penwidth=3" if n["id"] == g["entity"] else ""
        lines.append(f'  {key[n["id"]]} [label="{dot_text(n["label"])}", tooltip="{dot_text(n["id"])}", '
                     f'shape={_DOT_SHAPE.get(n["kind"], "box")}{extra}];')
    for e in g["edges"]:
        style = ", style=dashed" if e.get("inferred") else ""
        lines.append(f'  {key[e["from"]]} -> {key[e["to"]]} [label="{dot_text(e["relation"].lstrip(":"))}"{style}];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def graph_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    fmt = params.get("format", "json")
    if fmt not in FORMATS:
        raise LoreError("bad-params", f"'format' must be one of {', '.join(FORMATS)}, got {str(fmt)[:40]!r}")
    limit = params.get("limit", MAX_EDGES)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 2000:
        raise LoreError("bad-params", "'limit' must be an integer from 1 to 2000")
    g = neighbourhood(graph, params.get("entity"), limit=limit)
    if fmt == "mermaid":
        g["text"] = to_mermaid(g)
    elif fmt == "dot":
        g["text"] = to_dot(g)
    g["format"] = fmt
    return g

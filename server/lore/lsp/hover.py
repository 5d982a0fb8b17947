"""Hover on a function, class or module: the memories linked to it (with rationale and validity), inferred
relations with confidence, and its history (introduced by, last modified in, renamed from, dependents).

The lookup is an operation (``lspHover``) so that a server that forwards to the graph's owner gets the same
answer; the Markdown is rendered here, in the server that answers the editor.
"""

from __future__ import annotations

import logging
import re
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import to_fs_path

from lore import operations
from lore.errors import LoreError
from lore.lsp import anchors
from lore.sqlfile import named_statements
from lore.store.values import decode
from lore.timeutil import FOREVER, format_instant, now_micros

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer
    from lore.store.graph import Graph

log = logging.getLogger("lore")

OP = "lspHover"
MEMORY_KINDS = ("decision", "preference", "constraint", "dependency", "memory", "fact", "note", "convention")
DEPENDENT_ATTRS = (":depends-on", ":calls")


def _queries() -> dict[str, str]:
    return named_statements(Path(__file__).with_name("hover.sql"))


def _q(graph: "Graph", query: str, **params: Any) -> list[tuple]:
    sql = _queries()[query]
    used = {k: v for k, v in params.items() if f"${k}" in sql}
    return graph.con.execute(sql, used).fetchall()


_TABLES: dict[str, set[str]] = {}


def _has_table(graph: "Graph", table: str) -> bool:
    """Ingestion's side tables appear once and stay: remember the ones seen, per graph file."""
    seen = _TABLES.setdefault(graph.path, set())
    if table not in seen and _q(graph, "has_table", table=table)[0][0]:
        seen.add(table)
    return table in seen


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def resolve(graph: "Graph", p: dict[str, Any]) -> str | None:
    """The entity a hover is about: found in ingestion's location tables, else by the seed's idents."""
    file = p.get("file") or ""
    kind, name = p.get("kind"), p.get("name") or ""
    qname = p.get("qualifiedName") or name
    line = p.get("line") if isinstance(p.get("line"), int) else 0
    locs = _has_table(graph, "code_locations")
    located: list[str] = []
    if kind in ("function", "class") and locs:
        located += [r[0] for r in _q(graph, "locate_definition", file=file, qname=qname, name=name, line=line)]
    if kind == "import" and _has_table(graph, "import_locations"):
        located += [r[0] for r in _q(graph, "locate_import", file=file, line=line)]
    if kind == "module" and locs:
        located += [r[0] for r in _q(graph, "locate_module", file=file)]
    if kind == "name" and locs:
        located += [r[0] for r in _q(graph, "locate_name", file=file, name=name)]
    if located:
        return located[0]  # ingestion wrote the location with the entity: it exists
    fs = slug(file)
    candidates: list[str] = []
    if kind in ("function", "class"):
        candidates += [f":{kind}/{fs}-{slug(qname)}", f":function/{fs}-{slug(qname)}", f":class/{fs}-{slug(qname)}"]
    if kind == "import":
        candidates += [f":module/{slug(name)}", f":module/{slug(name.split('.')[0])}"]
    if kind == "module":
        candidates.append(f":module/{fs}")
    if kind == "name":
        candidates += [f":function/{fs}-{slug(name)}", f":class/{fs}-{slug(name)}"]
    candidates = [c for c in dict.fromkeys(candidates) if c]
    if not candidates:
        return None
    found = {r[0] for r in _q(graph, "existing", es=candidates)}
    return next((c for c in candidates if c in found), None)


def _validity(vf: int, vt: int) -> str:
    since = format_instant(vf) if vf > -FOREVER else None
    until = format_instant(vt) if vt < FOREVER else None
    if since and until:
        return f"valid {since[:10]} – {until[:10]}"
    if since:
        return f"valid since {since[:10]}"
    return "valid until " + until[:10] if until else "always valid"


def hover_info(graph: "Graph", params: dict[str, Any], index: Any = None) -> dict[str, Any]:
    """What a hover shows about an entity. ``index``: a built HoverIndex on this thread's connection."""
    for key in ("file", "name", "qualifiedName", "kind"):
        if params.get(key) is not None and not isinstance(params[key], str):
            raise LoreError("bad-params", f"parameter {key!r} must be a string")
    if params.get("entity") is not None:
        entity = params["entity"] if isinstance(params["entity"], str) else None
        if entity is None:
            raise LoreError("bad-params", "parameter 'entity' must be a string")
    else:
        entity = resolve(graph, params)
    if entity is None:
        return {"ok": True, "entity": None}
    now = now_micros()
    attrs: dict[str, list[Any]] = {}
    relations: list[dict[str, Any]] = []
    memories: dict[str, dict[str, Any]] = {}
    dependents: list[str] = []
    rows = index.around(entity, now) if index is not None else _q(graph, "around", e=entity, now=now)
    for d, e, a, vt, v, vf, vto, inferred, rule, conf in rows:
        if d == "out":
            if inferred:
                relations.append({"direction": "out", "attribute": a, "other": decode(vt, v), "rule": rule,
                                  "confidence": conf})
            else:
                attrs.setdefault(a, []).append(decode(vt, v))
            continue
        ns = e.lstrip(":").split("/")[0]
        if a == ":relates-to" or (ns in MEMORY_KINDS and not inferred):
            m = memories.setdefault(e, {"entity": e, "kind": ns, "via": [], "validity": _validity(vf, vto)})
            m["via"].append({"attribute": a, "rule": rule, "confidence": conf} if inferred else {"attribute": a})
        elif a in DEPENDENT_ATTRS and not inferred:
            dependents.append(e)
        elif inferred:
            relations.append({"direction": "in", "attribute": a, "other": e, "rule": rule, "confidence": conf})
    commits = [c for key in (":introduced-by", ":modified-in") for c in attrs.get(key, []) if isinstance(c, str)]
    described: dict[str, dict[str, Any]] = {}
    wanted = list(memories) + commits
    if wanted:
        rows = index.describe(wanted, now) if index is not None else _q(graph, "describe", es=wanted, now=now)
        for e, a, vt, v, vf, vto in rows:
            d = described.setdefault(e, {})
            d.setdefault(a, decode(vt, v))
            if a == ":description":
                d["_validity"] = _validity(vf, vto)
    for e, m in memories.items():
        d = described.get(e, {})
        m["description"] = d.get(":description")
        m["rationale"] = d.get(":rationale")
        m["validity"] = d.get("_validity", m["validity"])

    def commit(c: str) -> dict[str, Any]:
        d = described.get(c, {})
        return {"entity": c, "subject": d.get(":subject") or d.get(":description"), "date": d.get(":date"),
                "author": d.get(":author")}

    modified = sorted((commit(c) for c in attrs.get(":modified-in", []) if isinstance(c, str)),
                      key=lambda c: str(c.get("date") or ""))
    introduced = [commit(c) for c in attrs.get(":introduced-by", []) if isinstance(c, str)]
    return {
        "ok": True, "entity": entity,
        "type": (attrs.get(":entity-type") or [None])[0],
        "description": (attrs.get(":description") or [None])[0],
        "memories": sorted(memories.values(), key=lambda m: (m["kind"], m["entity"])),
        "relations": sorted(relations, key=lambda r: -(r.get("confidence") or 0)),
        "history": {
            "introducedBy": introduced[0] if introduced else None,
            "lastModified": modified[-1] if modified else None,
            "modifiedCount": len(modified),
            "renamedFrom": attrs.get(":renamed-from", []),
            "dependents": sorted(set(dependents)),
        },
    }


operations.register(OP)(lambda graph, params: hover_info(graph, params))


# --------------------------------------------------------------------------------------- Markdown

def _commit_line(label: str, c: dict[str, Any] | None) -> str | None:
    if not c:
        return None
    bits = [f"`{c['entity'].split('/')[-1]}`"]
    if c.get("subject"):
        bits.append(f"“{c['subject']}”")
    if c.get("date"):
        bits.append(str(c["date"])[:10])
    if c.get("author"):
        bits.append(str(c["author"]))
    return f"- {label}: " + " — ".join(bits)


def render(info: dict[str, Any], max_memories: int = 8, max_history: int = 6) -> str:
    e = info["entity"]
    lines = [f"**{e}**"]
    if info.get("description"):
        lines += ["", str(info["description"])]
    mems = info.get("memories") or []
    if mems:
        lines += ["", "**Memories**"]
        for m in mems[:max_memories]:
            text = f"- *{m['kind']}* `{m['entity']}`"
            if m.get("description"):
                text += f": {m['description']}"
            extra = [m.get("validity")]
            if m.get("rationale"):
                extra.append(f"rationale: {m['rationale']}")
            for via in m.get("via", []):
                if via.get("rule"):
                    extra.append(f"linked by {via['rule']} ({via.get('confidence') or 0:.2f})")
                elif via.get("attribute") != ":relates-to":
                    extra.append(f"{via['attribute']}")
            text += " — " + "; ".join(x for x in extra if x)
            lines.append(text)
        if len(mems) > max_memories:
            lines.append(f"- … and {len(mems) - max_memories} more")
    rels = info.get("relations") or []
    if rels:
        lines += ["", "**Inferred**"]
        for r in rels[:max_memories]:
            arrow = f"{r['attribute']} → `{r['other']}`" if r["direction"] == "out" else \
                f"`{r['other']}` {r['attribute']} this"
            lines.append(f"- {arrow} ({r.get('rule') or 'rule'}, confidence {r.get('confidence') or 0:.2f})")
    h = info.get("history") or {}
    hist = [_commit_line("Introduced by", h.get("introducedBy")),
            _commit_line(f"Last modified in (of {h.get('modifiedCount')})", h.get("lastModified"))]
    for old in h.get("renamedFrom") or []:
        hist.append(f"- Renamed from `{old}`")
    deps = h.get("dependents") or []
    if deps:
        shown = ", ".join(f"`{d}`" for d in deps[:max_history])
        hist.append(f"- Dependents ({len(deps)}): {shown}" + (" …" if len(deps) > max_history else ""))
    hist = [x for x in hist if x]
    if hist:
        lines += ["", "**History**", *hist]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------- the feature

def relative(ls: "LoreServer", path: str) -> str:
    root = ls.root
    try:
        return str(Path(path).resolve().relative_to(root.resolve())) if root else path
    except ValueError:
        return path


def symbol_request(ls: "LoreServer", doc: Any, position: types.Position) -> dict[str, Any] | None:
    """What is under the cursor, as params for ``lspHover``."""
    pos = doc.position_from_client_units(position)
    path = doc.path or to_fs_path(doc.uri) or ""
    symbols = anchors.parse_document(doc)
    sym = anchors.at(symbols, pos.line, pos.character)
    file = relative(ls, path)
    if sym is not None and sym.contains(pos.line, pos.character):
        kind = sym.kind if sym.kind != "import" else "import"
        return {"file": file, "kind": kind, "name": sym.name, "qualifiedName": sym.qualified_name,
                "line": sym.line + 1}
    lines = doc.lines
    word = anchors.word_at(lines[pos.line], pos.character) if pos.line < len(lines) else None
    if word:
        return {"file": file, "kind": "name", "name": word, "line": pos.line + 1}
    if pos.line == 0:
        return {"file": file, "kind": "module", "name": file, "line": 1}
    return None


_HOVER_CACHE: "OrderedDict[tuple, dict[str, Any]]" = OrderedDict()
_HOVER_CACHE_SIZE = 256


async def cached_hover_info(ls: "LoreServer", req: dict[str, Any]) -> dict[str, Any]:
    """``lspHover`` replies, remembered until the graph changes (the mouse rests on the same names)."""
    key = (ls.diagnostics.generation, *sorted((k, str(v)) for k, v in req.items()))
    hit = _HOVER_CACHE.get(key)
    if hit is not None:
        _HOVER_CACHE.move_to_end(key)
        return hit
    info = await ls.run_op(OP, req)
    if info.get("ok"):
        _HOVER_CACHE[key] = info
        while len(_HOVER_CACHE) > _HOVER_CACHE_SIZE:
            _HOVER_CACHE.popitem(last=False)
    return info


def register(ls: "LoreServer") -> None:
    @ls.feature(types.TEXT_DOCUMENT_HOVER)
    async def on_hover(ls: "LoreServer", params: types.HoverParams) -> types.Hover | None:
        if not ls.settings.get("hover.enabled"):
            return None
        doc = ls.workspace.text_documents.get(params.text_document.uri)
        if doc is None:
            return None
        req = symbol_request(ls, doc, params.position)
        if req is None:
            return None
        info = await cached_hover_info(ls, req)
        if not info.get("ok") or not info.get("entity"):
            return None
        md = render(info, ls.settings.get("hover.maxMemories"), ls.settings.get("hover.maxHistory"))
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=md))

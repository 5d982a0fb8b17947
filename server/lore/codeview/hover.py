"""What the editor shows about a piece of code (the read model behind a hover): the memories linked to a
function, class or module (with rationale and validity), inferred relations with confidence, and its history
(introduced by, last modified in, renamed from, dependents).

The lookup is the operation ``lspHover`` (registered in ``lore.codeview.ops``) so that a server that forwards to
the graph's owner gets the same answer; the Markdown is rendered by the face that answers the editor.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lore import params as P
from lore.idents import MEMORY_KINDS, said_names, slug
from lore.sqlfile import named_statements
from lore.store.session import Slot
from lore.store.values import decode
from lore.timeutil import FOREVER, format_instant, now_micros

if TYPE_CHECKING:
    from lore.store.graph import Graph

log = logging.getLogger("lore")


OP = "lspHover"
DEPENDENT_ATTRS = (":depends-on", ":calls")
VETO_ATTRS = (":rejects", ":forbids")
JVM_LANGUAGES = ("java", "kotlin", "scala")


def _queries() -> dict[str, str]:
    return named_statements(Path(__file__).with_name("hover.sql"))


def _q(graph: "Graph", query: str, **params: Any) -> list[tuple]:
    sql = _queries()[query]
    used = {k: v for k, v in params.items() if f"${k}" in sql}
    return graph.con.execute(sql, used).fetchall()


# Ingestion's side tables appear once and stay: the ones seen, per open graph.
SEEN_TABLES: Slot[set[str]] = Slot("codeview.seen-tables", lambda graph: set())


def _has_table(graph: "Graph", table: str) -> bool:
    seen = graph.session.get(SEEN_TABLES)
    if table not in seen and _q(graph, "has_table", table=table)[0][0]:
        seen.add(table)
    return table in seen


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
    receiver = p.get("receiver") if isinstance(p.get("receiver"), str) else None
    if kind == "name" and receiver and locs:
        # another object's or class's member: the definition in a class named like the receiver
        # ($app->handle: App.handle; $this->middlewareDispatcher->handle: MiddlewareDispatcher.handle)
        member = _q(graph, "locate_member", name=name, receiver=receiver)
        if member:
            return member[0][0]
        if p.get("via") in ("->", "::"):
            # none: never this file's own member of that name (PHP's $x->m(), Foo::m() name another object's or
            # class's; the languages of "." — Go's c.JSON() on its own receiver, Python's module.f() — keep the
            # lookup by name below)
            return None
    if kind == "name" and locs:
        located += [r[0] for r in _q(graph, "locate_name", file=file, name=name, line=line)]
    if kind == "enclosing" and locs and isinstance(line, int) and line > 0:
        located += [r[0] for r in _q(graph, "locate_enclosing", file=file, line=line)]
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


def _languages_importing(graph: "Graph", dependents: list[str]) -> set[str]:
    return {r[0] for r in _q(graph, "languages_of", es=sorted(set(dependents)))} if dependents else set()


def _packages_above(attrs: dict[str, list[Any]], jvm: bool) -> list[tuple[str, str]]:
    """(ident, name) of each package above an external dependency, as rejected_dependency covers it: its
    import path's folders (``github.com/x/y`` above ``github.com/x/y/z``), or — imported by a Java, Kotlin or
    Scala module — its package's parents (``com.google.common`` above ``com.google.common.collect``; an npm
    ``lodash.merge`` is not under ``lodash``). Ingestion gives an external its name as its description."""
    if (attrs.get(":entity-type") or [None])[0] != ":type/external-dependency":
        return []
    name = (attrs.get(":description") or [None])[0]
    if not isinstance(name, str) or len(name) > 500:
        return []
    if "/" in name:
        sep = "/"
    elif "\\" in name:  # a PHP namespace (GuzzleHttp\Psr7 is under GuzzleHttp)
        sep = "\\"
    elif "." in name and jvm:
        sep = "."
    else:
        return []
    parts = name.split(sep)
    above = (sep.join(parts[:k]) for k in range(1, len(parts)))
    return [(":module/" + slug(p), p) for p in above if p.strip(sep)]


def hover_info(graph: "Graph", params: dict[str, Any], index: Any = None) -> dict[str, Any]:
    """What a hover shows about an entity. ``index``: a built HoverIndex on this thread's connection."""
    for key in ("file", "name", "qualifiedName", "kind", "receiver", "via"):
        P.optional_text(params, key)
    entity = P.optional_text(params, "entity")
    if entity is None:
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
    # A rejection of a package above this one covers it (rejected_dependency): the hover says so too.
    external = (attrs.get(":entity-type") or [None])[0] == ":type/external-dependency"
    # who imports an external says how its name is said (a JVM package by segments, a Python one by distribution)
    langs = _languages_importing(graph, dependents) if external else set()
    jvm = bool(langs & set(JVM_LANGUAGES))
    above = dict(_packages_above(attrs, jvm))
    if above:
        if index is not None:  # hash lookups of the snapshot, one per package
            vetoes = [(e, a, p, vf, vto) for p in above
                      for d, e, a, _vt, _v, vf, vto, inferred, _rule, _conf in index.around(p, now)
                      if d == "in" and a in VETO_ATTRS and not inferred]
        else:
            vetoes = _q(graph, "vetoes_of", es=list(above), now=now)
        for e, a, p, vf, vto in vetoes:
            ns = e.lstrip(":").split("/")[0]
            if ns in MEMORY_KINDS:
                m = memories.setdefault(e, {"entity": e, "kind": ns, "via": [], "validity": _validity(vf, vto)})
                m["via"].append({"attribute": a, "package": above[p]})
    if external:
        # A rejection written as :dependency/x before any code imported x (rejected_dependency meets it): the
        # reference is not this entity's ident yet, so "around" does not find it. A hosted Go package is met
        # by the names people call it (:dependency/logrus for github.com/sirupsen/logrus), as the rule meets it;
        # so is a JVM package (:dependency/jackson-databind for com.fasterxml.jackson.databind).
        # and a Python import by the distribution that installs it (:dependency/pyyaml for yaml)
        name = (attrs.get(":description") or [None])[0]
        said = ({":module/" + n for n in said_names(name, jvm and "/" not in name, "python" in langs)}
                if isinstance(name, str) and len(name) <= 500 else set())
        for e, a, covered, vf, vto in _q(graph, "alias_vetoes_of", es=[entity, *above, *said], now=now):
            ns = e.lstrip(":").split("/")[0]
            if ns not in MEMORY_KINDS:
                continue
            m = memories.setdefault(e, {"entity": e, "kind": ns, "via": [], "validity": _validity(vf, vto)})
            via = ({"attribute": a} if covered == entity or covered not in above
                   else {"attribute": a, "package": above[covered]})
            if via not in m["via"]:
                m["via"].append(via)
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
    recorded = {}
    if memories and _has_table(graph, "journal_entries"):  # (the journal's table: none in a graph without it)
        recorded = {e: {"author": author, "instant": format_instant(instant)}
                    for e, author, instant in _q(graph, "recorded_by", es=list(memories))}
    for e, m in memories.items():
        d = described.get(e, {})
        m["description"] = d.get(":description")
        m["rationale"] = d.get(":rationale")
        m["validity"] = d.get("_validity", m["validity"])
        if e in recorded:
            m["recordedBy"] = recorded[e]  # the journal entry's author (git user.email, repository text)

    def commit(c: str) -> dict[str, Any]:
        d = described.get(c, {})
        return {"entity": c, "subject": d.get(":subject") or d.get(":description"), "date": d.get(":date"),
                "author": d.get(":author")}

    # Two definitions whose names slug alike share one ident (Ruby's ``route`` and ``route!``, Python's ``x`` and
    # ``_x``: seed 001's slugging); the hover names the one under the cursor.
    description = (attrs.get(":description") or [None])[0]
    asked = params.get("qualifiedName")
    if isinstance(asked, str) and asked != description and entity.endswith("-" + slug(asked)):
        description = asked
    modified = sorted((commit(c) for c in attrs.get(":modified-in", []) if isinstance(c, str)),
                      key=lambda c: str(c.get("date") or ""))
    introduced = [commit(c) for c in attrs.get(":introduced-by", []) if isinstance(c, str)]
    return {
        "ok": True, "entity": entity,
        "type": (attrs.get(":entity-type") or [None])[0],
        "description": description,
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

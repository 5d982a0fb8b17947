"""``lore audit``: the seed's entity rules over current facts.

An entity's namespace must be one of the allowed types, and it must have a ``:description``. Schema
entities (attributes that carry only ``:db/*`` facts, e.g. a cardinality declaration) are exempt.
"""

from __future__ import annotations

from typing import Any

from lore.store.graph import MAX_TX, Graph

ALLOWED_NAMESPACES = (
    "decision", "preference", "constraint", "dependency", "module", "function", "class", "variable", "field",
    "commit", "tag", "ingestion", "type", "warning", "dismissal", "memory",
)


def audit_graph(graph: Graph) -> list[dict[str, Any]]:
    rows = graph.con.execute(
        f"""
        WITH cur AS (SELECT e, a FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred),
        ents AS (
            SELECT e,
                   bool_or(a = ':description') AS has_description,
                   bool_and(a LIKE ':db/%') AS schema_only
              FROM cur GROUP BY e
        )
        SELECT e,
               CASE WHEN position('/' IN e) > 0 THEN split_part(substr(e, 2), '/', 1) ELSE NULL END AS ns,
               has_description
          FROM ents WHERE NOT schema_only ORDER BY e
        """).fetchall()
    out: list[dict[str, Any]] = []
    for e, ns, has_desc in rows:
        if not e.startswith(":"):
            continue  # uuid entities carry no namespace rule
        if ns is None or ns not in ALLOWED_NAMESPACES:
            out.append({"entity": e, "rule": "namespace",
                        "message": f"{e} has no allowed namespace (one of {', '.join(ALLOWED_NAMESPACES)})"})
        if not has_desc:
            out.append({"entity": e, "rule": "description", "message": f"{e} has no :description"})
    return out

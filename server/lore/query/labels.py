"""Entities in the words a person uses: a module by its path, a function by its qualified name, an imported
package by the name it is imported as, a decision by its text. Warning messages are rendered with these at
read time (the idents stay in the reply's ``entity``, ``slots`` and ``related`` fields for machines).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import duckdb

from lore.idents import STATEMENT_KINDS
from lore.sqlfile import named_statements

SQL = named_statements(Path(__file__).with_name("labels.sql"))

IDENT_RE = re.compile(r"^:[A-Za-z0-9_.?\-]+/[A-Za-z0-9_.?\-]+$")
CODE_KINDS = ("function", "class", "variable", "field", "method")
PACKAGE_NS = ("module", "dependency", "library", "package", "lib")
MAX_QUOTE = 60  # characters of a memory's text quoted in a message


def quote(text: str, limit: int = MAX_QUOTE) -> str:
    """The first sentence of a text, cut at a word boundary past ``limit`` characters, with "…" when cut.
    Never cut inside the first few words, so a negation ("Never import X") always survives."""
    s = " ".join(text.split())
    # a sentence ends at . ! ? before a word that is not lowercase (Ruby's ``compile! must`` and "e.g. this" go on)
    m = re.search(r"(?<=\S)(?:[.!?](?=\s+(?![a-z])|$)|;(?:\s|$)|:\s|\s[—–-]\s)", s)
    cut = False
    if m and m.start() >= 12:
        cut = m.end() < len(s)
        s = s[:m.start()]
    if len(s) > limit:
        head = s[:limit].rsplit(" ", 1)[0]
        s = head if len(head) >= limit // 2 else s[:limit]
        cut = True
    s = s.rstrip(" ,;:.")
    return s + "…" if cut else s


def _name_part(ident: str) -> str:
    return ident.split("/", 1)[1] if "/" in ident else ident.lstrip(":")


def label_of(ident: str, facts: dict[str, str]) -> str:
    """One entity's label from its naming facts (attribute -> value)."""
    ns = ident[1:].split("/", 1)[0] if ident.startswith(":") and "/" in ident else ""
    desc = facts.get(":description")
    if ns in STATEMENT_KINDS:  # a dependency is a package: PACKAGE_NS names it
        return f'the {ns} "{quote(desc)}"' if desc else f"the {ns} {_name_part(ident)}"
    if ns == "commit":
        return f"commit {_name_part(ident)[:12]}"
    path = facts.get(":path") or facts.get(":file")
    qual = facts.get(":qualified-name") or facts.get(":name")
    if ns in CODE_KINDS and qual:
        return f"{qual} ({path})" if path else qual
    if ns == "module":
        if facts.get(":entity-type") == ":type/external-dependency" and facts.get(":name"):
            return facts[":name"]
        if path:
            return path
        return facts.get(":name") or _name_part(ident)
    if ns in PACKAGE_NS:
        return facts.get(":name") or _name_part(ident)
    if path:
        return path
    if qual:
        return qual
    return ident  # nothing names it but the ident it was written as


def labels(con: duckdb.DuckDBPyConnection, idents: set[str]) -> dict[str, str]:
    """Labels for many entities in one query."""
    wanted = sorted(i for i in idents if isinstance(i, str) and IDENT_RE.match(i))
    if not wanted:
        return {}
    facts: dict[str, dict[str, str]] = {}
    for e, a, v in con.execute(SQL["naming_facts"], {"entities": wanted}).fetchall():
        facts.setdefault(e, {})[a] = v
    return {i: label_of(i, facts.get(i, {})) for i in wanted}


def slot_idents(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if IDENT_RE.match(value) else set()
    if isinstance(value, (list, tuple)):
        return {x for x in value if isinstance(x, str) and IDENT_RE.match(x)}
    return set()


def humanise(value: Any, names: dict[str, str]) -> Any:
    """A slot value with every ident in it replaced by its label."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, (list, tuple)):
        return [names.get(x, x) if isinstance(x, str) else x for x in value]
    return value

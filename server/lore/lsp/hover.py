"""Hover in the editor: finds the symbol under the cursor in the open buffer, asks for what Lore knows about it
(the ``lspHover`` operation, lore.codeview.hover) and renders it as Markdown.
"""

from __future__ import annotations

import logging
import re
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from lore.codeview.hover import OP
from lore.lsp import anchors
from lore.lsp.documents import fs_path, open_document
from lore.lsp.text import md_code, md_text

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger("lore")

# --------------------------------------------------------------------------------------- Markdown

def _commit_line(label: str, c: dict[str, Any] | None) -> str | None:
    if not c:
        return None
    bits = [md_code(str(c["entity"]).split("/")[-1])]
    if c.get("subject"):
        bits.append(f"“{md_text(c['subject'])}”")
    if c.get("date"):
        bits.append(md_text(str(c["date"])[:10]))
    if c.get("author"):
        bits.append(md_text(c["author"]))
    return f"- {label}: " + " — ".join(bits)


def render(info: dict[str, Any], max_memories: int = 8, max_history: int = 6) -> str:
    e = info["entity"]
    lines = [f"**{e}**"]  # an ident: its grammar has no Markdown in it
    if info.get("description"):
        lines += ["", md_text(info["description"])]
    mems = info.get("memories") or []
    if mems:
        lines += ["", "**Memories**"]
        for m in mems[:max_memories]:
            text = f"- *{md_text(m['kind'])}* {md_code(m['entity'])}"
            if m.get("description"):
                text += f": {md_text(m['description'])}"
            extra = [m.get("validity")]
            if m.get("rationale"):
                extra.append(f"rationale: {md_text(m['rationale'])}")
            rec = m.get("recordedBy")
            if isinstance(rec, dict):
                who = md_text(rec["author"]) if rec.get("author") else "an unknown author"
                extra.append(f"recorded by {who} on {md_text(str(rec.get('instant') or '')[:10])}")
            for via in m.get("via", []):
                if via.get("rule"):
                    extra.append(f"linked by {via['rule']} ({via.get('confidence') or 0:.2f})")
                elif via.get("package"):
                    extra.append(f"{via['attribute']} {md_text(via['package'])}, a package above this one")
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
            arrow = f"{r['attribute']} → {md_code(r['other'])}" if r["direction"] == "out" else \
                f"{md_code(r['other'])} {r['attribute']} this"
            lines.append(f"- {arrow} ({r.get('rule') or 'rule'}, confidence {r.get('confidence') or 0:.2f})")
    h = info.get("history") or {}
    hist = [_commit_line("Introduced by", h.get("introducedBy")),
            _commit_line(f"Last modified in (of {h.get('modifiedCount')})", h.get("lastModified"))]
    for old in h.get("renamedFrom") or []:
        hist.append(f"- Renamed from {md_code(old)}")
    deps = h.get("dependents") or []
    if deps:
        listed = ", ".join(md_code(d) for d in deps[:max_history])
        hist.append(f"- Dependents ({len(deps)}): {listed}" + (" …" if len(deps) > max_history else ""))
    shown: list[str] = [x for x in hist if x]
    if shown:
        lines += ["", "**History**", *shown]
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
    path = fs_path(doc.uri) or ""
    symbols = anchors.parse_document(doc)
    sym = anchors.at(symbols, pos.line, pos.character)
    file = relative(ls, path)
    if sym is not None and sym.contains(pos.line, pos.character):
        return {"file": file, "kind": sym.kind, "name": sym.name, "qualifiedName": sym.qualified_name,
                "line": sym.line + 1}
    lines = doc.lines
    word = anchors.word_at(lines[pos.line], pos.character) if pos.line < len(lines) else None
    if word and path.endswith(".rs") and crate_path_root(lines[pos.line], pos.character):
        # `anyhow::Result`, `anyhow::bail!`: the crate its path names (lore.ingest.rustuse keeps one such import
        # per crate and file; the others are hovered here)
        return {"file": file, "kind": "import", "name": word, "line": pos.line + 1}
    if word:
        req = {"file": file, "kind": "name", "name": word, "line": pos.line + 1}
        receiver = receiver_at(lines[pos.line], pos.character)
        if receiver:
            req["receiver"], req["via"] = receiver
        return req
    if pos.line == 0:
        return {"file": file, "kind": "module", "name": file, "line": 1}
    return None


def crate_path_root(line_text: str, col: int) -> bool:
    """Whether the word under the cursor begins a Rust path (``anyhow`` in ``anyhow::bail!``): lowercase, with
    ``::`` after it and none before it."""
    for m in re.finditer(r"[A-Za-z_][A-Za-z0-9_]*", line_text):
        if m.start() <= col <= m.end():
            return bool(re.match(r"[a-z_][a-z0-9_]*$", m.group(0))) and line_text.startswith("::", m.end()) and \
                not line_text[:m.start()].rstrip().endswith("::")
    return False


# A member reached through an object or a class: ``$this->dispatcher->handle``, ``$app->handle``, ``obj.run``,
# ``Foo::bar``; the group is the receiver's last name (its ``$`` and a call's ``()`` aside).
_RECEIVER = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(\s*\))?\s*(\??->|\.|::)\s*$")
# Receivers that are the enclosing class itself: its own members are this file's definitions.
_OWN = frozenset(("this", "self", "static", "cls", "parent", "super"))


def receiver_at(line_text: str, col: int) -> tuple[str, str] | None:
    """(the receiver, the operator before the member) under the cursor when the receiver is another object or class
    (user trial 15: the hover on ``$this->middlewareDispatcher->handle(...)`` in Slim's App.php showed
    ``App.handle``, the file's own method of that name, with a memory about App's), else None."""
    for m in re.finditer(r"[A-Za-z_][A-Za-z0-9_]*", line_text):
        if m.start() <= col <= m.end():
            r = _RECEIVER.search(line_text[max(0, m.start() - 200):m.start()])
            return (r.group(1), r.group(2).lstrip("?")) if r and r.group(1).lower() not in _OWN else None
    return None


HOVER_CACHE_SIZE = 256


class HoverCache:
    """``lspHover`` replies of one server, remembered until the graph changes (the mouse rests on the same
    names)."""

    def __init__(self, size: int = HOVER_CACHE_SIZE) -> None:
        self.size = size
        self._items: "OrderedDict[tuple, dict[str, Any]]" = OrderedDict()

    def get(self, key: tuple) -> dict[str, Any] | None:
        hit = self._items.get(key)
        if hit is not None:
            self._items.move_to_end(key)
        return hit

    def put(self, key: tuple, info: dict[str, Any]) -> None:
        self._items[key] = info
        while len(self._items) > self.size:
            self._items.popitem(last=False)


async def cached_hover_info(ls: "LoreServer", req: dict[str, Any], version: Any = None) -> dict[str, Any]:
    """The hover over history + the working layer (the buffer as typed); remembered per graph generation and
    buffer version."""
    key = (ls.diagnostics.generation, version, *sorted((k, str(v)) for k, v in req.items()))
    hit = ls.hover_cache.get(key)
    if hit is not None:
        return hit
    if ls.root is not None:
        info = await ls.run_op("layerHover", {**req, "root": str(ls.root)})
    else:
        info = await ls.run_op(OP, req)
    if info.get("ok"):
        ls.hover_cache.put(key, info)
    return info


def register(ls: "LoreServer") -> None:
    @ls.feature(types.TEXT_DOCUMENT_HOVER)
    async def on_hover(ls: "LoreServer", params: types.HoverParams) -> types.Hover | None:
        if not ls.settings.get("hover.enabled"):
            return None
        doc = open_document(ls.workspace, params.text_document.uri)
        if doc is None:
            return None
        req = symbol_request(ls, doc, params.position)
        if req is None:
            return None
        if ls.root is not None and ls.diagnostics.sent.get(doc.uri, -1) != doc.version:
            # The layer must have this buffer's text before the hover reads it.
            await ls.diagnostics.warnings_for(doc.uri, fs_path(doc.uri) or "", doc)
        info = await cached_hover_info(ls, req, doc.version)
        err = info.get("error") if not info.get("ok") else None
        if isinstance(err, dict) and err.get("code") == "unsafe-path":
            # A repository git would wait on (a FIFO as .git/HEAD): say why Lore has nothing, once asked.
            return types.Hover(contents=types.MarkupContent(
                kind=types.MarkupKind.Markdown, value=f"**Lore**: {err.get('message')}"))
        if not info.get("ok") or not info.get("entity"):
            return None
        md = render(info, ls.settings.get("hover.maxMemories"), ls.settings.get("hover.maxHistory"))
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=md))

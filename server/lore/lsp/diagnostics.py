"""Diagnostics: the composed warnings anchored on code in each open document.

Warnings come from the ``warnings`` operation (lore.inference) for the document's file; each is placed on
the definition or import its anchor names in the *buffer's* parse (anchors.py), so unsaved edits keep it
on the right line, else on the line the graph stored. Refreshed on open, on change (debounced), on save,
and when a write, derived work or an ingestion changed the graph; cleared on close.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import from_fs_path
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from lore.idents import STATEMENT_KINDS
from lore.lsp import anchors, pull
from lore.lsp.documents import fs_path, open_document, open_uris
from lore.lsp.text import visible

if TYPE_CHECKING:
    from pygls.workspace import TextDocument

    from lore.lsp.server import LoreServer

log = logging.getLogger("lore")

SOURCE = "lore"
LOW_CONFIDENCE = 0.7  # under it a warning is shown one severity lower (Warning -> Information -> Hint)
REFRESH_COALESCE = 0.2  # seconds: graph changes within this window refresh diagnostics once
_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
             "information": types.DiagnosticSeverity.Information, "info": types.DiagnosticSeverity.Information,
             "hint": types.DiagnosticSeverity.Hint}


def _same_file(path: str, file: Any) -> bool:
    """A warning's file (repository-relative, or absolute) is this document's path."""
    if not isinstance(file, str) or not file:
        return False
    return path == file or path.endswith("/" + file.lstrip("./"))


def _int(v: Any, default: int | None = None) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else default


def _line_range(doc: "TextDocument", line: int) -> ServerTextRange:
    lines = doc.lines
    line = max(0, min(line, len(lines) - 1)) if lines else 0
    text = lines[line].rstrip("\r\n") if lines else ""
    indent = len(text) - len(text.lstrip())
    return ServerTextRange(ServerTextPosition(line, indent), ServerTextPosition(line, len(text)))


def _symbol_range(found: anchors.Symbol) -> ServerTextRange:
    return ServerTextRange(ServerTextPosition(found.line, found.col), ServerTextPosition(found.end_line, found.end_col))


def places(doc: "TextDocument", warning: dict[str, Any], symbols: list[anchors.Symbol]) -> list[ServerTextRange]:
    """Every place a warning goes in this buffer: each import of the module it names (a module imported
    twice is flagged twice), else its one anchor or stored position (``place``)."""
    anchor = warning.get("anchor") if isinstance(warning.get("anchor"), dict) else None
    if anchor and anchor.get("kind") == "import":
        name = anchor.get("name") if isinstance(anchor.get("name"), str) else ""
        found = anchors.imports_of(symbols, name)
        if found:
            return [_symbol_range(s) for s in found]
    return [place(doc, warning, symbols)]


def place(doc: "TextDocument", warning: dict[str, Any], symbols: list[anchors.Symbol]) -> ServerTextRange:
    """Where a warning goes in this buffer: its anchor in the buffer's parse, else its stored position."""
    anchor = warning.get("anchor") if isinstance(warning.get("anchor"), dict) else None
    if anchor:
        kind = anchor.get("kind")
        name = anchor.get("name") if isinstance(anchor.get("name"), str) else ""
        if kind == "module":
            return _line_range(doc, 0)
        found = anchors.find(symbols, "import" if kind == "import" else "definition", name)
        if found is not None:
            return _symbol_range(found)
    line = _int(warning.get("line"))
    if line is None:
        return _line_range(doc, 0)
    line = max(0, line - 1)  # warnings carry 1-based lines
    col = _int(warning.get("column"))
    end_line = _int(warning.get("end_line"))
    end_col = _int(warning.get("end_column"))
    if col is None or end_line is None or end_col is None or line >= len(doc.lines):
        return _line_range(doc, line)
    end_line = max(line, end_line - 1)
    return ServerTextRange(ServerTextPosition(line, col), ServerTextPosition(end_line, end_col))


def _related(w: dict[str, Any], doc: "TextDocument", here: types.Range, root: Path | None
             ) -> list[types.DiagnosticRelatedInformation]:
    out = []
    for r in w.get("related") or []:
        if not isinstance(r, dict):
            continue
        msg = visible(r.get("message") or r.get("entity") or "", keep_newlines=True)
        ent = str(r.get("entity") or "")
        kind = ent[1:].split("/", 1)[0] if ent.startswith(":") and "/" in ent else ""
        if kind in STATEMENT_KINDS and msg != ent:
            msg = f"the {kind}: {msg}"  # the memory's whole text (the message quotes its start)
        if r.get("journal"):
            msg += " (recorded in the journal)"
        loc = types.Location(uri=doc.uri, range=here)  # facts without code point back at the warning
        f = r.get("file")
        if isinstance(f, str) and f:
            p = Path(f)
            if not p.is_absolute() and root is not None:
                p = root / p
            line = max(0, (_int(r.get("line"), 1) or 1) - 1)
            loc = types.Location(uri=from_fs_path(str(p)) or doc.uri,
                                 range=types.Range(types.Position(line, 0), types.Position(line, 0)))
        out.append(types.DiagnosticRelatedInformation(location=loc, message=msg or "related fact"))
    return out


def to_diagnostics(doc: "TextDocument", warnings: list[Any], root: Path | None,
                   min_confidence: float = 0.0) -> list[types.Diagnostic]:
    symbols = anchors.parse_document(doc)
    out = []
    for w in warnings:
        if not isinstance(w, dict):
            continue
        conf = w.get("confidence")
        if isinstance(conf, (int, float)) and conf < min_confidence:
            continue
        code = w.get("code") or w.get("rule") or "lore"
        message = visible(w.get("message") or code, keep_newlines=True)
        href = w.get("rule_uri")
        for where in places(doc, w, symbols):
            rng = doc.range_to_client_units(where)
            out.append(types.Diagnostic(
                range=rng, message=message, source=SOURCE, code=str(code),
                code_description=types.CodeDescription(href=href) if isinstance(href, str) and
                href.startswith("file:") else None,
                severity=severity_of(w),
                related_information=_related(w, doc, rng, root) or None,
                data={"id": w.get("id"), "entity": w.get("entity"), "rule": w.get("rule"),
                      "confidence": conf if isinstance(conf, (int, float)) else None,
                      "slots": w.get("slots") if isinstance(w.get("slots"), dict) else None}))
    return out


def severity_of(w: dict[str, Any]) -> types.DiagnosticSeverity:
    """The rule's severity, one step lower when the warning's confidence is under LOW_CONFIDENCE: a guess
    is shown as a guess (its confidence itself is in the diagnostic's ``data``)."""
    sev = _SEVERITY.get(str(w.get("severity")), types.DiagnosticSeverity.Warning)
    conf = w.get("confidence")
    if isinstance(conf, (int, float)) and conf < LOW_CONFIDENCE:
        sev = types.DiagnosticSeverity(min(int(sev) + 1, int(types.DiagnosticSeverity.Hint)))
    return sev


class DiagnosticsManager:
    """Diagnostics of open documents over the working layer: each document's text is the layer's buffer
    (``layerBuffer``), so a warning appears and goes as the developer types, before saving."""

    def __init__(self, ls: "LoreServer") -> None:
        self.ls = ls
        self.tasks: dict[str, asyncio.Task[Any]] = {}
        self.generation = 0  # bumped when the graph changes: cached warnings are stale
        self.cache: dict[str, tuple[int, list[Any]]] = {}
        self.published: dict[str, float] = {}  # uri -> monotonic time of the last publish (tests, bench)
        self.sent: dict[str, int | None] = {}  # uri -> the version the layer last had
        self.reported: set[str] = set()  # files a workspace/diagnostic report listed (to clear them later)
        self._missing_logged = False
        self._refresh_task: asyncio.Task[Any] | None = None

    def schedule(self, uri: str, delay: float | None = None, *, refetch: bool = False) -> None:
        if refetch:
            self.cache.pop(uri, None)
        old = self.tasks.pop(uri, None)
        if old is not None and not old.done():
            old.cancel()
        if delay is None:
            delay = self.ls.settings.get("diagnostics.debounceMs") / 1000
        self.tasks[uri] = asyncio.ensure_future(self._run(uri, delay))

    def refresh_all(self) -> None:
        """The graph changed: refresh every open document, coalesced — a burst of writes costs one round
        for all documents, not one per document per write."""
        self.generation += 1
        if self._refresh_task is not None and not self._refresh_task.done():
            self._refresh_task.cancel()
        self._refresh_task = asyncio.ensure_future(self._refresh_all_later(REFRESH_COALESCE))

    async def _refresh_all_later(self, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
            for uri in open_uris(self.ls.workspace):
                self.cache.pop(uri, None)
                self.schedule(uri, 0)
            pull.refresh(self.ls)
        except asyncio.CancelledError:
            pass
        except Exception:  # the next change retries
            log.exception("refreshing diagnostics failed")

    def close(self, uri: str, path: str | None) -> None:
        task = self.tasks.pop(uri, None)
        if task is not None and not task.done():
            task.cancel()
        self.cache.pop(uri, None)
        self.sent.pop(uri, None)
        self.ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        if path and self.ls.root is not None:
            # The buffer leaves the layer: the file is what the work tree has again.
            asyncio.ensure_future(self.ls.run_op("layerBuffer", {"root": str(self.ls.root), "path": path,
                                                                  "text": None}))

    clear = close

    async def _run(self, uri: str, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            await self.publish(uri)
        except asyncio.CancelledError:
            pass
        except Exception:  # a failed refresh is logged; the next event retries
            log.exception("diagnostics for %s failed", uri)

    async def warnings_for(self, uri: str, path: str, doc: "TextDocument | None" = None) -> list[Any]:
        cached = self.cache.get(uri)
        version = doc.version if doc is not None else None
        if cached is not None and cached[0] == self.generation and self.sent.get(uri) == version:
            return cached[1]
        gen = self.generation
        if self.ls.root is not None and doc is not None:
            reply = await self.ls.run_op("layerBuffer", {"root": str(self.ls.root), "path": path,
                                                          "text": doc.source, "version": version})
            if reply.get("ok") and not reply.get("path"):
                reply = await self.ls.run_op("warnings", {"file": path})  # outside the work tree: history only
        else:
            reply = await self.ls.run_op("warnings", {"file": path})
        if not reply.get("ok"):
            err = reply.get("error") or {}
            if err.get("code") == "unknown-method":
                if not self._missing_logged:
                    log.info("no warnings operation yet: diagnostics are empty")
                    self._missing_logged = True
            else:
                log.warning("warnings for %s: %s", path, err.get("message"))
            return []
        warnings = reply.get("warnings") or []
        self.cache[uri] = (gen, warnings)
        self.sent[uri] = version
        return warnings

    async def publish(self, uri: str) -> None:
        doc = open_document(self.ls.workspace, uri)
        if doc is None:
            if uri in self.sent:  # closed for Lore without a didClose (grown too large): clear what it showed
                self.close(uri, fs_path(uri))
            return
        version = doc.version
        if not self.ls.settings.get("diagnostics.enabled"):
            diags: list[types.Diagnostic] = []
        else:
            path = fs_path(uri) or ""
            warnings = await self.warnings_for(uri, path, doc)
            doc = open_document(self.ls.workspace, uri)  # may have closed or changed while we waited
            if doc is None:
                return
            if doc.version != version:
                return  # typed on meanwhile: the change scheduled its own refresh
            diags = to_diagnostics(doc, warnings, self.ls.root,
                                   float(self.ls.settings.get("diagnostics.minConfidence")))
        self.ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diags, version=doc.version))
        self.published[uri] = time.monotonic()
        log.debug("published %d diagnostics for %s", len(diags), uri)


def register(ls: "LoreServer") -> None:
    @ls.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: "LoreServer", params: types.DidOpenTextDocumentParams) -> None:
        ls.diagnostics.schedule(params.text_document.uri, 0)

    @ls.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: "LoreServer", params: types.DidChangeTextDocumentParams) -> None:
        ls.diagnostics.schedule(params.text_document.uri)

    @ls.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: "LoreServer", params: types.DidSaveTextDocumentParams) -> None:
        if ls.root is not None:
            await ls.run_op("layerRefresh", {"root": str(ls.root)})  # the work tree changed on disk
        ls.diagnostics.schedule(params.text_document.uri, 0, refetch=True)

    @ls.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: "LoreServer", params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.diagnostics.close(uri, fs_path(uri))

    pull.register(ls)

"""Pull diagnostics (LSP 3.17): ``workspace/diagnostic`` lists the warnings of files that are not open, so a
Problems panel (or ``vim.diagnostic``) shows the whole workspace; ``textDocument/diagnostic`` answers for one
file. Both read history + the working layer (``layerWarnings``).

Open documents get their diagnostics pushed as the developer types (diagnostics.py); their pull reports are
empty so that a client that merges pushed and pulled diagnostics (VS Code) never shows one twice.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import from_fs_path
from pygls.workspace import TextDocument

from lore.fileread import read_regular
from lore.lsp.documents import fs_path, open_document, open_uris

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger("lore")

IDENTIFIER = "lore"
MAX_READ_BYTES = 2_000_000


def _in_workspace(root: Path, file: str) -> Path:
    """A warning's file as the workspace names it (``root/file``, never a symlink's target: a checkout can turn
    a file of history into a link to ``~/.ssh/id_rsa``, and the Problems panel would then list that file)."""
    return Path(os.path.abspath(root / file))


def _resolved(path: Path) -> str:
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):  # a symlink loop (RuntimeError before Python 3.13)
        return ""


def _text_of(path: Path, root: Path) -> str:
    """The file's text to place warnings by; none through a symlink (the file's own, or a folder's on the way)."""
    try:
        if path.is_symlink() or not path.is_file() or not Path(_resolved(path)).is_relative_to(_resolved(root)):
            return ""
        # what is opened is checked again: a FIFO or link swapped in after the checks above is refused, not waited on
        return read_regular(path, MAX_READ_BYTES, whole=False, follow=False).decode("utf-8", "replace")
    except OSError:
        return ""


def _diagnostics_for(ls: "LoreServer", path: Path, warnings: list[Any]) -> list[types.Diagnostic]:
    from lore.lsp.diagnostics import to_diagnostics

    doc = TextDocument(from_fs_path(str(path)) or path.as_uri(), source=_text_of(path, Path(ls.root or "/")))
    return to_diagnostics(doc, warnings, ls.root, float(ls.settings.get("diagnostics.minConfidence")))


def _open_paths(ls: "LoreServer") -> set[str]:
    out: set[str] = set()
    for uri in open_uris(ls.workspace):
        p = fs_path(uri)
        if p:  # as the editor names it, and resolved (an editor may open a file by its real path)
            out.update((os.path.abspath(p), _resolved(Path(p))))
    out.discard("")  # a path that does not resolve (a loop) matches no other
    return out


def refresh(ls: "LoreServer") -> None:
    """Ask the client to pull again (when it said it can be asked)."""
    caps = ls.client_capabilities
    ws = caps.workspace if caps else None
    if ws is not None and ws.diagnostics is not None and ws.diagnostics.refresh_support:
        try:
            ls.workspace_diagnostic_refresh(None)
        except Exception:  # a client that cannot be asked simply is not
            log.debug("workspace/diagnostic/refresh failed", exc_info=True)


def register(ls: "LoreServer") -> None:
    @ls.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                types.DiagnosticOptions(identifier=IDENTIFIER, inter_file_dependencies=True,
                                        workspace_diagnostics=True))
    async def document_diagnostic(ls: "LoreServer", params: types.DocumentDiagnosticParams
                                  ) -> types.RelatedFullDocumentDiagnosticReport:
        uri = params.text_document.uri
        if open_document(ls.workspace, uri) is not None or ls.root is None or not ls.settings.get("diagnostics.enabled"):
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        path = fs_path(uri)
        if not path:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        reply = await ls.run_op("layerWarnings", {"root": str(ls.root), "file": path})
        warnings = reply.get("warnings") or [] if reply.get("ok") else []
        return types.RelatedFullDocumentDiagnosticReport(items=_diagnostics_for(ls, Path(path), warnings))

    @ls.feature(types.WORKSPACE_DIAGNOSTIC)
    async def workspace_diagnostic(ls: "LoreServer", params: types.WorkspaceDiagnosticParams
                                   ) -> types.WorkspaceDiagnosticReport:
        if ls.root is None or not ls.settings.get("diagnostics.enabled"):
            return types.WorkspaceDiagnosticReport(items=[])
        reply = await ls.run_op("layerWarnings", {"root": str(ls.root)})
        if not reply.get("ok"):
            log.warning("workspace diagnostics: %s", (reply.get("error") or {}).get("message"))
            return types.WorkspaceDiagnosticReport(items=[])
        by_file: dict[str, list[Any]] = {}
        for w in reply.get("warnings") or []:
            if isinstance(w, dict) and isinstance(w.get("file"), str) and w["file"]:
                by_file.setdefault(w["file"], []).append(w)
        open_now = _open_paths(ls)
        root = Path(ls.root)
        items: list[types.WorkspaceDocumentDiagnosticReport] = []
        listed: set[str] = set()
        for file, ws in sorted(by_file.items()):
            path = _in_workspace(root, file)
            if str(path) in open_now or _resolved(path) in open_now:
                continue
            uri = from_fs_path(str(path)) or path.as_uri()
            listed.add(uri)
            items.append(types.WorkspaceFullDocumentDiagnosticReport(
                uri=uri, items=_diagnostics_for(ls, path, ws), version=None))
        # Files listed before whose warnings are gone: an empty report clears them.
        for uri in sorted(ls.diagnostics.reported - listed):
            items.append(types.WorkspaceFullDocumentDiagnosticReport(uri=uri, items=[], version=None))
        ls.diagnostics.reported = listed
        return types.WorkspaceDiagnosticReport(items=items)

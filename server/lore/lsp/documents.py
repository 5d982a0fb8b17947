"""Open documents whose incremental edits cost what the edit costs, not what the document costs.

pygls's ``TextDocument`` keeps one string: every ``textDocument/didChange`` splits the whole text into lines
and writes it out again (about 0.7 s of CPU for a 30 MB buffer, per keystroke). ``Document`` keeps the text
as a list of lines instead and replaces only the lines an edit touches; the whole string (``source``) is
joined only when something reads it (the debounced diagnostics), and kept until the next edit.

Lines end where the LSP says they do: at ``\\n``, ``\\r\\n`` or ``\\r`` (``str.splitlines`` also splits at
form feeds, ``\\u2028`` and other characters that no editor counts as line ends, so positions after them
pointed at the wrong text). A position's character is counted in the negotiated encoding's units (UTF-16
unless the client chose otherwise); one past the line's end means its end, and a line past the last one
means the end of the document, as the LSP says.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Sequence
from typing import Any, overload

from lsprotocol import types
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument, Workspace

log = logging.getLogger("lore")

_BREAK = re.compile(r"(\r\n|\r|\n)")
_OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")  # str.splitlines splits here too

# A document larger than this is not held (no hover, no diagnostics; the log says so): a 100 MB didOpen of
# six-byte lines made 17.5 million strings, 1.3 GB, and held the server's loop for 20-30 s. The bench's
# 30 MB buffer of code (860,000 lines) stays well inside.
MAX_DOCUMENT_CHARS = 50_000_000
MAX_DOCUMENT_LINES = 2_000_000


def split_lines(text: str) -> list[str]:
    """``text`` as lines, each with its own line break; the last item is what follows the last break
    (empty when the text ends with one), so a document always has at least one line."""
    if not _OTHER_BREAKS.search(text):  # the usual case: str.splitlines (C) breaks where the LSP does
        lines = text.splitlines(True)
        if not lines or lines[-1].endswith(("\n", "\r")):
            lines.append("")
        return lines
    parts = _BREAK.split(text)
    lines = [parts[i] + parts[i + 1] for i in range(0, len(parts) - 1, 2)]
    lines.append(parts[-1])
    return lines


def _content_length(line: str) -> int:
    """The line without its break."""
    if line.endswith("\r\n"):
        return len(line) - 2
    if line.endswith(("\n", "\r")):
        return len(line) - 1
    return len(line)


class Lines(Sequence[str]):
    """A read-only view of a document's lines, as ``str.splitlines(True)`` would list them (no empty item
    after a final line break), without copying them."""

    def __init__(self, rows: list[str]) -> None:
        self._rows = rows

    def __len__(self) -> int:
        rows = self._rows
        return len(rows) - 1 if rows[-1] == "" else len(rows)

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> list[str]: ...

    def __getitem__(self, i: int | slice) -> str | list[str]:
        n = len(self)
        if isinstance(i, slice):
            return self._rows[:n][i]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("line index out of range")
        return self._rows[i]


class Document(TextDocument):
    """A ``TextDocument`` that applies incremental changes to its lines in place."""

    def __init__(self, uri: str, source: str | None = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(uri, source, *args, **kwargs)
        self._rows: list[str] | None = split_lines(source) if source is not None else None
        self._joined: str | None = source
        self.chars = len(source) if source is not None else 0

    def too_large(self) -> str | None:
        """Why this document is more than the server holds (None when it is not)."""
        if self._rows is not None and len(self._rows) > MAX_DOCUMENT_LINES:
            return f"more than {MAX_DOCUMENT_LINES:,} lines"
        if self.chars > MAX_DOCUMENT_CHARS:
            return f"more than {MAX_DOCUMENT_CHARS:,} characters"
        return None

    # ------------------------------------------------------------------ reading

    def _lines_list(self) -> list[str]:
        if self._rows is None:  # opened without text: pygls reads the file
            self._rows = split_lines(super().source)
        return self._rows

    @property
    def source(self) -> str:
        if self._joined is None:
            self._joined = "".join(self._lines_list())
        return self._joined

    @property
    def lines(self) -> Sequence[str]:
        return Lines(self._lines_list())

    # ------------------------------------------------------------------ changing

    def _character(self, line: str, units: int) -> int:
        """A column in the client's units -> an index into ``line`` (clamped to the line's end)."""
        end = _content_length(line)
        if units <= 0:
            return 0
        if line.isascii():  # one unit a character in every encoding
            return min(units, end)
        count = self._position_codec.impl.code_units_for_char
        seen = 0
        for i in range(end):
            if seen >= units:
                return i
            seen += count(line[i])
        return end

    def _index(self, rows: list[str], pos: types.Position) -> tuple[int, int]:
        if pos.line >= len(rows):
            last = len(rows) - 1
            return last, len(rows[last])
        line = max(pos.line, 0)
        return line, self._character(rows[line], pos.character)

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        rows = self._lines_list()
        start = self._index(rows, change.range.start)
        end = self._index(rows, change.range.end)
        if end < start:  # a reversed range: the text between the two positions
            start, end = end, start
        (sl, sc), (el, ec) = start, end
        # Re-split one line either side too: a "\r" before the edit and a "\n" after it (or the reverse)
        # become one line break.
        lo = sl - 1 if sl > 0 else sl
        hi = el + 1 if el + 1 < len(rows) else el
        window = "".join(rows[lo:sl]) + rows[sl][:sc] + change.text + rows[el][ec:] + "".join(rows[el + 1:hi + 1])
        new = split_lines(window)
        if hi < len(rows) - 1:
            new.pop()  # the window ends with a line break; what follows it is the next line, kept as is
        self.chars += sum(map(len, new)) - sum(len(r) for r in rows[lo:hi + 1])
        rows[lo:hi + 1] = new
        self._joined = None

    def _apply_full_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        self._rows = split_lines(change.text)
        self._joined = change.text
        self.chars = len(change.text)


class DocumentWorkspace(Workspace):
    """pygls's workspace, holding ``Document``s."""

    def _create_text_document(self, doc_uri: str, source: str | None = None, version: int | None = None,
                              language_id: str | None = None) -> TextDocument:
        return Document(doc_uri, source=source, version=version, language_id=language_id,
                        sync_kind=self._sync_kind, position_codec=self._position_codec)

    def put_text_document(self, text_document: types.TextDocumentItem, notebook_uri: str | None = None) -> None:
        """Opens the document unless it is larger than the server holds (``too_large_text``): then it stays
        closed for Lore, and its changes are ignored until it is opened again."""
        why = too_large_text(text_document.text)
        if why is not None:
            log.warning("%s is %s: Lore does not hold it (no hover or diagnostics there)", text_document.uri, why)
            self.remove_text_document(text_document.uri)
            return
        super().put_text_document(text_document, notebook_uri)

    def update_text_document(self, text_doc: types.VersionedTextDocumentIdentifier,
                             change: types.TextDocumentContentChangeEvent) -> None:
        """A change to a document that is not open (never opened, or too large) is ignored; one that makes a
        document too large closes it for Lore (see put_text_document)."""
        from urllib.parse import unquote

        doc = self._text_documents.get(unquote(text_doc.uri))
        if doc is None:
            log.debug("a change to %s, which is not open: ignored", text_doc.uri)
            return
        text = getattr(change, "text", "")
        if getattr(change, "range", None) is None and too_large_text(text) is not None:
            why = too_large_text(text)
        else:
            super().update_text_document(text_doc, change)
            why = doc.too_large() if isinstance(doc, Document) else None
        if why is not None:
            log.warning("%s is %s: Lore no longer holds it (no hover or diagnostics there)", text_doc.uri, why)
            self.remove_text_document(text_doc.uri)


def too_large_text(text: str) -> str | None:
    """Why a whole text is more than the server holds as a document (None when it is not); counting its line
    breaks costs milliseconds where splitting it cost seconds."""
    if len(text) > MAX_DOCUMENT_CHARS:
        return f"more than {MAX_DOCUMENT_CHARS:,} characters"
    if max(text.count("\n"), text.count("\r")) > MAX_DOCUMENT_LINES:
        return f"more than {MAX_DOCUMENT_LINES:,} lines"
    return None


def install(protocol: Any) -> None:
    """Replace the workspace pygls has just made for ``initialize`` with one of the same folders and
    encoding that holds ``Document``s (called from the server's initialize handler, before any document
    can open)."""
    old = protocol.workspace
    protocol._workspace = DocumentWorkspace(old.root_uri, old._sync_kind, list(old.folders.values()),
                                            old.position_encoding)


def summary(doc: TextDocument) -> dict[str, Any]:
    """What the server holds of an open document (``lore/serverStatus``): its version, length in
    characters, line count and the SHA-256 of its UTF-8 text, so a client can tell that server and editor
    agree on the buffer."""
    text = doc.source
    return {"version": doc.version, "chars": len(text), "lines": len(doc.lines),
            "sha256": hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()}


def summaries(protocol: Any) -> dict[str, dict[str, Any]]:
    """``summary`` of every open document (none before ``initialize``)."""
    try:
        docs = protocol.workspace.text_documents
    except RuntimeError:  # not initialized: no workspace yet
        return {}
    return {uri: summary(doc) for uri, doc in docs.items()}


def fs_path(uri: str) -> str | None:
    """A file URI's path as Lore names the file. pygls decodes a name whose bytes are not UTF-8
    (``caf%E9.py``) to U+FFFD, a file that does not exist; here those bytes are written as ingestion writes
    them (``caf\\xe9.py``, lore.ingest.walk.decode_path), text that every operation takes, so the buffer
    lays over that file's history."""
    from urllib.parse import unquote_to_bytes, urlparse

    try:
        parsed = urlparse(uri)
    except ValueError:
        return None
    if parsed.scheme == "file":
        raw = unquote_to_bytes(parsed.path)
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("utf-8", "backslashreplace")
    return to_fs_path(uri)


def open_document(workspace: Any, uri: str) -> TextDocument | None:
    """The open document of ``uri`` as the client writes it. pygls keys its documents by the unquoted URI
    (``file:///a%20b.py`` under ``file:///a b.py``), so a look-up by the client's URI missed every file whose
    name needs quoting — a space, any letter outside ASCII — and such a file got no diagnostics or hover."""
    from urllib.parse import unquote

    return workspace.text_documents.get(unquote(uri))


def open_uris(workspace: Any) -> list[str]:
    """The URIs of the open documents as their clients wrote them (pygls's keys are unquoted)."""
    return [doc.uri for doc in list(workspace.text_documents.values())]

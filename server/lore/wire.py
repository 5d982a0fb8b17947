"""Bounded reads of the messages a client sends (the editor's LSP frames, an agent's MCP lines).

pygls read a frame's body with ``stdin.read(Content-Length)`` and a header with ``stdin.readline()``, the
MCP SDK a message with a text ``readline()``: each held whatever it was sent whole, so one message (a
header of gigabytes with no line end, a body of gigabytes, a ``Content-Length`` of 10^12) held the server's
memory. Here a header line is kept to ``MAX_HEADER_BYTES`` and a message to ``LORE_MAX_MESSAGE_MB``
(LSP 256 MB, more than a document at the document cap, 50,000,000 characters, takes in JSON; MCP 64 MB, what
the graph's owner takes from any client); what is over is
read in 1 MB pieces and dropped, so the stream stays framed and the next message is read as usual. A
dropped request whose ``id`` can be read from its first bytes becomes a small stand-in request
(``TOO_LARGE_METHOD`` with the sizes), so the client gets an error reply instead of waiting for ever.
"""

from __future__ import annotations

import json
import logging
import os
import re
from typing import BinaryIO

log = logging.getLogger("lore")

DEFAULT_MAX_MESSAGE_MB = 256  # an LSP message: a document may be 50,000,000 characters
DEFAULT_MCP_MESSAGE_MB = 64  # an MCP message: as much as the graph's owner takes from any client (runtime.owner)
MAX_HEADER_BYTES = 64 * 1024  # a header is a line such as `Content-Length: 123`
CHUNK = 1 << 20
HEAD_BYTES = 64 * 1024  # how much of a dropped message is looked at for its id
TOO_LARGE_METHOD = "lore/messageTooLarge"

# The request's id among the first keys (clients write jsonrpc, id, method before params).
_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,18}|"(?:[^"\\]|\\.){0,200}")')


def max_message_bytes(default_mb: int = DEFAULT_MAX_MESSAGE_MB) -> int:
    try:
        mb = float(os.environ.get("LORE_MAX_MESSAGE_MB") or default_mb)
    except ValueError:
        mb = default_mb
    return max(1, int(mb * (1 << 20)))


def _request_id(head: bytes) -> int | str | None:
    """The id of a request from the start of its text, or None (a notification, or not readable)."""
    before = head.split(b'"params"', 1)[0]
    m = _ID.search(before)
    if m is None or b'"method"' not in head:
        return None
    try:
        value = json.loads(m.group(1))
    except ValueError:
        return None
    return value if isinstance(value, (int, str)) else None


def stand_in(head: bytes, size: int, limit: int) -> bytes | None:
    """A small request in place of a dropped one (None for a notification): the handler of
    ``TOO_LARGE_METHOD`` answers it with an error naming the sizes."""
    rid = _request_id(head)
    if rid is None:
        return None
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": TOO_LARGE_METHOD,
                       "params": {"bytes": size, "limit": limit}}).encode()


def too_large_text(params: object) -> str:
    p = params if isinstance(params, dict) else {}
    return (f"the message ({p.get('bytes', '?')} bytes) is over the limit of {p.get('limit', '?')} bytes "
            f"(LORE_MAX_MESSAGE_MB); it was read and dropped")


class BoundedFrames:
    """An LSP stream (``Content-Length`` frames) for pygls's reader: ``readline`` and ``read`` bounded."""

    def __init__(self, raw: BinaryIO, limit: int | None = None) -> None:
        self.raw = raw
        self.limit = max_message_bytes() if limit is None else limit
        self.dropped = 0

    def readline(self) -> bytes:
        line = self.raw.readline(MAX_HEADER_BYTES)
        if len(line) < MAX_HEADER_BYTES or line.endswith(b"\n"):
            return line
        size = len(line)
        while True:  # the rest of an over-long header line, dropped
            more = self.raw.readline(CHUNK)
            size += len(more)
            if not more or more.endswith(b"\n"):
                break
        self.dropped += 1
        log.warning("dropped a message header of %d bytes (at most %d are read)", size, MAX_HEADER_BYTES)
        # Not a blank line (that ends the headers) and not empty (that is the end of the stream).
        return b"X-Lore-Dropped: header too long\r\n"

    def read(self, n: int) -> bytes:
        if n <= self.limit:
            return self.raw.read(n)
        # Said before it is read: a Content-Length that lies (10^12) keeps the reader here until the stream ends.
        log.warning("dropping a message of %d bytes, over the limit of %d (LORE_MAX_MESSAGE_MB)", n, self.limit)
        head = self.raw.read(min(n, HEAD_BYTES))
        got = len(head)
        while got < n:
            piece = self.raw.read(min(CHUNK, n - got))
            if not piece:
                break
            got += len(piece)
        self.dropped += 1
        if got < n:
            return b""  # the stream ended inside it
        return stand_in(head, n, self.limit) or b'{"jsonrpc": "2.0", "method": "$/lore/dropped"}'


class BoundedLines:
    """An MCP stream (one JSON message a line) for the SDK's reader: ``readline`` bounded, as text."""

    def __init__(self, raw: BinaryIO, limit: int | None = None) -> None:
        self.raw = raw
        self.limit = max_message_bytes(DEFAULT_MCP_MESSAGE_MB) if limit is None else limit
        self.dropped = 0

    def readline(self) -> str:
        while True:
            # Gathered in one buffer, piece by piece: readline(limit) joined its pieces at the end, holding
            # a line over the limit twice.
            line = bytearray()
            while (room := self.limit + 1 - len(line)) > 0:  # the limit, and its line end
                piece = self.raw.readline(min(CHUNK, room))
                line += piece
                if not piece or piece.endswith(b"\n"):
                    return line.decode("utf-8", "replace")
            head = bytes(line[:HEAD_BYTES])
            size = len(line)
            del line
            log.warning("dropping a message of more than %d bytes (LORE_MAX_MESSAGE_MB)", self.limit)
            last = b""
            while not last.endswith(b"\n"):
                last = self.raw.readline(CHUNK)
                if not last:
                    return ""  # the stream ended inside it
                size += len(last)
            self.dropped += 1
            replaced = stand_in(head, size, self.limit)
            if replaced is not None:
                return replaced.decode() + "\n"

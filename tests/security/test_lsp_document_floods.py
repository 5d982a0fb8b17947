"""Attack 14c: a client (or an extension acting up) opens a document of millions of short lines. The server
held every line as a string: 100 MB of six-byte lines made 17.5 million of them, 1.3 GB of RSS kept until the
server stopped, and held its loop for 28 s, so no hover was answered meanwhile. A document over 2,000,000
lines or 50,000,000 characters is now not held (no hover or diagnostics there, said in the log): that
didOpen costs the server the 1.5 s of reading the message. A document that grows past the bound by its
changes is let go the same way. Driven over raw stdio frames against a real `lore serve`."""

from __future__ import annotations

import time

from .clone import lore_cmd
from .test_lsp_malformed_requests import RawClient

LINES = 3_000_000  # over the bound, and a few MB of text: the test stays cheap


def _rss_mb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return int(f.read().split("VmRSS:")[1].split()[0]) // 1024


def _documents(c: RawClient, rid: int) -> dict:
    c.send({"jsonrpc": "2.0", "id": rid, "method": "lore/serverStatus", "params": {}})
    r = c.reply()
    assert r["id"] == rid, r
    return r["result"]["documents"]


def _hover_seconds(c: RawClient, rid: int, uri: str) -> float:
    t = time.monotonic()
    c.send({"jsonrpc": "2.0", "id": rid, "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 5}}})
    r = c.reply()
    assert r["id"] == rid and "result" in r, r
    return time.monotonic() - t


def test_a_document_of_millions_of_lines_is_not_held(victim):
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    try:
        c.start(victim.repo)
        app = (victim.repo / "src" / "app.py").as_uri()
        c.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": app, "languageId": "python", "version": 1, "text": (victim.repo / "src" / "app.py").read_text()}}})
        _hover_seconds(c, 2, app)
        before = _rss_mb(c.proc.pid)
        big = (victim.repo / "src" / "big.py").as_uri()
        c.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": big, "languageId": "python", "version": 1, "text": "x\n" * LINES}}})
        c.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": big, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                                "text": "y\n"}]}})
        assert _hover_seconds(c, 3, app) < 10  # main: the loop was busy splitting (28 s for 100 MB)
        docs = _documents(c, 4)
        assert app in docs and big not in docs, list(docs)  # main: held, 3,000,001 lines
        # a document that grows past the bound by an incremental change is let go too
        grow = (victim.repo / "src" / "grow.py").as_uri()
        c.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": grow, "languageId": "python", "version": 1, "text": "a = 1\n"}}})
        c.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": grow, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}},
                                "text": "b\n" * LINES}]}})
        docs = _documents(c, 5)
        assert big not in docs and grow not in docs and app in docs, list(docs)
        assert _rss_mb(c.proc.pid) - before < 150  # main: +400 MB for the two documents' lines
        assert _hover_seconds(c, 6, app) < 10
    finally:
        c.close()

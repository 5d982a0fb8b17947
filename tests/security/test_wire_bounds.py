"""lore.wire's readers on their own (the servers' tests are test_message_size.py): what is kept, what is
dropped, and that the stream stays framed after a drop."""

from __future__ import annotations

import io
import json

from lore import wire

LIMIT = 1000


def _frame(msg: dict | bytes) -> bytes:
    body = msg if isinstance(msg, bytes) else json.dumps(msg).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_an_lsp_request_over_the_limit_becomes_a_stand_in_with_its_id():
    big = {"jsonrpc": "2.0", "id": "a-7", "method": "textDocument/hover", "params": {"pad": "x" * 5000}}
    raw = io.BytesIO(_frame(big) + _frame({"jsonrpc": "2.0", "id": 8, "method": "lore/stats"}))
    r = wire.BoundedFrames(raw, LIMIT)
    assert r.readline().startswith(b"Content-Length:") and r.readline() == b"\r\n"
    stand_in = json.loads(r.read(len(json.dumps(big))))
    assert stand_in["id"] == "a-7" and stand_in["method"] == wire.TOO_LARGE_METHOD
    assert stand_in["params"]["limit"] == LIMIT
    assert r.readline().startswith(b"Content-Length:") and r.readline() == b"\r\n"  # framed again
    assert json.loads(r.read(int(len(json.dumps({"jsonrpc": "2.0", "id": 8, "method": "lore/stats"})))))["id"] == 8


def test_an_id_inside_params_is_not_taken_for_the_request_s():
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                       "params": {"id": 5, "text": "x" * 5000}}).encode()
    r = wire.BoundedFrames(io.BytesIO(_frame(body)), LIMIT)
    r.readline(), r.readline()
    assert json.loads(r.read(len(body))) == {"jsonrpc": "2.0", "method": "$/lore/dropped"}


def test_an_lsp_header_line_over_64_kb_is_dropped_and_the_next_header_read():
    raw = io.BytesIO(b"X" * (3 * wire.MAX_HEADER_BYTES) + b"\r\nContent-Length: 2\r\n")
    r = wire.BoundedFrames(raw, LIMIT)
    assert r.readline() == b"X-Lore-Dropped: header too long\r\n"
    assert r.readline() == b"Content-Length: 2\r\n"


def test_an_mcp_notification_over_the_limit_is_skipped_and_a_request_replaced():
    note = json.dumps({"jsonrpc": "2.0", "method": "notifications/x", "params": {"p": "y" * 5000}})
    req = json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"p": "y" * 5000}})
    ok = json.dumps({"jsonrpc": "2.0", "id": 4, "method": "ping"})
    r = wire.BoundedLines(io.BytesIO(f"{note}\n{req}\n{ok}\n".encode()), LIMIT)
    first = json.loads(r.readline())
    assert first["id"] == 3 and first["method"] == wire.TOO_LARGE_METHOD
    assert json.loads(r.readline())["id"] == 4
    assert r.readline() == "" and r.dropped == 2


def test_an_mcp_line_at_the_limit_is_kept_whole():
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"p": "z" * (LIMIT - 70)}})
    assert len(line) <= LIMIT
    assert wire.BoundedLines(io.BytesIO(line.encode() + b"\n"), LIMIT).readline() == line + "\n"


def test_a_stream_that_ends_inside_a_dropped_message_ends_the_reader():
    assert wire.BoundedLines(io.BytesIO(b"x" * 5000), LIMIT).readline() == ""
    r = wire.BoundedFrames(io.BytesIO(b"y" * 5000), LIMIT)
    assert r.read(10 ** 12) == b""


def test_an_mcp_line_one_byte_over_the_limit_is_dropped():
    line = b"a" * (LIMIT + 1) + b"\n"
    r = wire.BoundedLines(io.BytesIO(line + b'{"ok": 1}\n'), LIMIT)
    assert r.readline() == '{"ok": 1}\n' and r.dropped == 1
    assert wire.BoundedLines(io.BytesIO(line[1:]), LIMIT).readline() == line[1:].decode()

"""Lines an MCP client sends that the SDK cannot read as a JSON-RPC message, answered instead of dropped.

The SDK's stdio transport validates each line and hands a failure to the server, which drops it without a
word: a request whose arguments held a lone UTF-16 surrogate (``"\\ud800"``, valid JSON but not text), a
``params`` that is not an object, a ``method`` that is not a string, a batch (an array; MCP has had none
since 2025-06-18) or a line cut short left its client waiting for ever. Here such a line, when its ``id``
can be read, becomes a small stand-in request (``UNREADABLE_METHOD``) that the server answers with a
JSON-RPC error saying what was wrong: Parse error for text that is not JSON, Invalid Request for the rest.
A line whose id cannot be read (a notification, or not JSON enough to show one) is dropped as before, and
said in the log.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import mcp_types
from mcp.types.jsonrpc import INVALID_REQUEST, PARSE_ERROR
from pydantic import ValidationError

from lore import wire

log = logging.getLogger("lore")

UNREADABLE_METHOD = "lore/unreadableMessage"


def _usable_id(value: Any) -> int | str | None:
    """An id the reply can carry: an integer JSON-RPC clients use, or a string that is text."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and abs(value) < 2 ** 53:
        return value
    if isinstance(value, str) and len(value) <= 200:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: no reply could be written with it
            return None
        return value
    return None


def _lone_surrogate(value: Any) -> str | None:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"\\u{ord(exc.object[exc.start]):04x}"
    return None


def why_unreadable(line: str) -> tuple[int | str | None, int, str]:
    """(the request's id or None, the JSON-RPC error code, what is wrong) for a line the SDK refused."""
    head = line[:wire.HEAD_BYTES].encode("utf-8", "replace")
    try:
        value = json.loads(line)
    except RecursionError:
        return wire._request_id(head), INVALID_REQUEST, "the message nests too deeply to read"
    except ValueError:
        return wire._request_id(head), PARSE_ERROR, "the message is not JSON (cut short, or not JSON at all)"
    if isinstance(value, list):
        first = next((v for v in value if isinstance(v, dict) and _usable_id(v.get("id")) is not None), {})
        return (_usable_id(first.get("id")), INVALID_REQUEST,
                "a batch (a JSON array of messages) is not read: MCP has no batches; send each message alone")
    if not isinstance(value, dict):
        return None, INVALID_REQUEST, "a message is a JSON object"
    rid = _usable_id(value.get("id"))
    surrogate = _lone_surrogate(value)
    if surrogate is not None:
        return rid, INVALID_REQUEST, (f"the message holds a lone UTF-16 surrogate ({surrogate}), which is not text; "
                                      "nothing of it was run")
    if not isinstance(value.get("method"), str):
        return rid, INVALID_REQUEST, "a request's method is a string"
    return rid, INVALID_REQUEST, "not a JSON-RPC 2.0 message MCP reads (a request's params are an object)"


def stand_in(line: str) -> str | None:
    """The line as the SDK reads it, or a stand-in request for one it would drop (None: drop it too)."""
    if not line.strip():
        return None
    try:
        mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        return None
    except ValidationError:
        pass
    rid, code, message = why_unreadable(line)
    if rid is None:
        log.warning("dropped a message that is not a JSON-RPC request with an id: %s", message)
        return None
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": UNREADABLE_METHOD,
                       "params": {"code": code, "message": message}}) + "\n"


class CheckedLines(wire.BoundedLines):
    """``wire.BoundedLines`` with every line the SDK would drop unanswered replaced by its stand-in."""

    def readline(self) -> str:
        line = super().readline()
        return stand_in(line) or line

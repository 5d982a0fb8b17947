"""Output for people: tables and short summaries (colour only on a terminal)."""

from __future__ import annotations

import json
from typing import Any, Sequence

_BOLD, _DIM, _RED, _YELLOW, _RESET = "\033[1m", "\033[2m", "\033[31m", "\033[33m", "\033[0m"


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], *, color: bool = False, max_width: int = 60) -> str:
    if not headers:
        return ""
    cells = [[_cell(v, max_width) for v in r] for r in rows]
    widths = [len(h) for h in headers]
    for r in cells:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))
    head = "  ".join(h.ljust(w) for h, w in zip(headers, widths))
    if color:
        head = _BOLD + head + _RESET
    lines = [head, "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    return "\n".join(lines) + "\n"


def _cell(v: Any, max_width: int) -> str:
    if v is None:
        s = "∅"
    elif isinstance(v, bool):
        s = "true" if v else "false"
    elif isinstance(v, (dict, list)):
        s = json.dumps(v, ensure_ascii=False)
    else:
        s = str(v)
    s = s.replace("\n", " ")
    return s if len(s) <= max_width else s[: max_width - 1] + "…"


def _plain(text: str) -> str:
    """Text from a repository (a journal entry's author or reason) without terminal control sequences."""
    return "".join(ch if ch >= " " and ch != "\x7f" and not "\x80" <= ch <= "\x9f" else " " for ch in text)


def render(command: str | None, reply: dict[str, Any], *, color: bool = False) -> str:
    if not reply.get("ok"):
        err = reply.get("error", {})
        pos = err.get("position")
        where = ""
        if isinstance(pos, dict) and "line" in pos:
            where = f" (line {pos['line']}, column {pos['column']})"
        msg = f"error [{err.get('code', '?')}]: {err.get('message', '')}{where}\n"
        return (_RED + msg + _RESET) if color else msg
    if command in ("transact", "retract"):
        return (f"tx {reply['tx']} at {reply['instant']}: {reply['asserted']} interval(s) written, "
                f"{reply['retracted']} closed\n")
    if command == "query":
        if "sql" in reply:
            return reply["sql"].rstrip() + "\n"
        rows = reply.get("results", [])
        return table(reply.get("variables", []), rows, color=color) + f"({len(rows)} row{'s' * (len(rows) != 1)})\n"
    if command == "sql":
        rows = reply.get("rows", [])
        return table(reply.get("columns", []), rows, color=color) + f"({len(rows)} row{'s' * (len(rows) != 1)})\n"
    if command == "history":
        rows = [[h["tx"], h["instant"], h["op"], h["attribute"], h["value"],
                 h["valid_from"] or "-∞", h["valid_to"] or "∞", h["reason"]] for h in reply["history"]]
        if not rows:
            return f"no history for {reply['entity']}\n"
        return table(["tx", "recorded", "op", "attribute", "value", "valid from", "valid to", "reason"], rows,
                     color=color)
    if command == "audit":
        v = reply.get("violations", [])
        if not v:
            return "no violations\n"
        return table(["entity", "rule", "message"], [[x["entity"], x["rule"], x["message"]] for x in v], color=color)
    if command == "warnings" and "warnings" in reply:
        ws = reply["warnings"]
        if not ws:
            return "no warnings\n"
        out = []
        for w in ws:
            anchor = w.get("file") or w.get("entity") or ""
            line = w.get("line")
            loc = f"{anchor}:{line}" if line else anchor
            head = f"{loc}: " if loc else ""
            text = f"{head}[{w.get('code', w.get('rule', ''))}] {w.get('message', '')}"
            out.append((_YELLOW + text + _RESET) if color else text)
        return "\n".join(out) + "\n"
    if command == "journal" and "entries" in reply:
        rows = [[e["instant"], _plain(e["author"] or "?"), e["source"], e["origin"], e["tx"],
                 _plain(e["reason"])] for e in reply["entries"]]
        head = table(["instant", "author", "source", "origin", "tx", "reason"], rows, color=color) if rows \
            else "no journal entries\n"
        tail = f"{reply.get('total', 0)} entr{'y' if reply.get('total') == 1 else 'ies'} in this graph"
        if reply.get("pending"):
            tail += f"; {reply['pending']} in {reply.get('journal')} not applied yet (lore ingest)"
        return head + tail + "\n"
    if command == "prepare-turn" and "context" in reply:
        return reply["context"].rstrip() + "\n"
    # Anything else: key: value lines.
    lines = []
    for k, v in reply.items():
        if k == "ok":
            continue
        if isinstance(v, list) and v and isinstance(v[0], dict):
            lines.append(f"{k}:")
            keys = list(v[0].keys())
            lines.append(table(keys, [[x.get(key) for key in keys] for x in v], color=color).rstrip())
        else:
            lines.append(f"{k}: {_cell(v, 200)}")
    return "\n".join(lines) + "\n"

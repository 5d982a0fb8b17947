"""Output for people: tables and short summaries (colour only on a terminal)."""

from __future__ import annotations

import json
import logging
import re
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


# Terminal control characters: C0 but newline and tab, DEL, C1 (ESC [ … and OSC 52 clipboard writes start
# with these), and the bidirectional overrides that make text read differently than it is.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """Text from the repository (commit subjects, paths, names) with its control characters shown as
    escapes, so that printing it cannot drive the terminal (SPEC §7)."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                        else f"\\u{ord(m.group()):04x}", text)


class PrintableFormatter(logging.Formatter):
    """Log lines on stderr carry repository text too (a journal file's name, a branch): printed the same way."""

    def format(self, record: logging.LogRecord) -> str:
        return printable(super().format(record))


def _clean(value: Any, depth: int = 0) -> Any:
    if isinstance(value, str):
        return printable(value)
    if depth > 100:
        return value
    if isinstance(value, dict):
        return {(printable(k) if isinstance(k, str) else k): _clean(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v, depth + 1) for v in value]
    return value


def _plain(text: str) -> str:
    """Text from a repository (a journal entry's author or reason) without terminal control sequences."""
    return "".join(ch if ch >= " " and ch != "\x7f" and not "\x80" <= ch <= "\x9f" else " " for ch in text)


def render(command: str | None, reply: dict[str, Any], *, color: bool = False) -> str:
    reply = _clean(reply)  # every string of the reply; the colours below are Lore's own
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
    if command == "graph":
        if reply.get("text"):
            return reply["text"]  # Mermaid or Graphviz, every label already escaped
        import json

        return json.dumps({k: reply[k] for k in ("entity", "nodes", "edges", "warnings")}, indent=2,
                          ensure_ascii=False) + "\n"
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
            return "no warnings" + (f" ({reply['hint']})" if reply.get("hint") else "") + "\n"
        out = []
        for w in ws:
            anchor = w.get("file") or w.get("entity") or ""
            line = w.get("line")
            loc = f"{anchor}:{line}" if line else anchor
            head = f"{loc}: " if loc else ""
            text = f"{head}[{w.get('code', w.get('rule', ''))}] {w.get('message', '')}"
            out.append((_YELLOW + text + _RESET) if color else text)
        if reply.get("hint"):
            out.append(f"({reply['hint']})")
        return "\n".join(out) + "\n"
    if command == "trust":
        if "revoked" in reply and not reply.get("trusted"):
            n = len(reply["revoked"])
            return f"no longer trusting {n} rule file{'s' * (n != 1)} in {reply['folder']}\n"
        rules = reply.get("rules", [])
        refused = "".join(f"not trusted: {_plain(r['file'])}: {_plain(r['message'])}\n" for r in reply.get("refused", []))
        if not rules:
            return refused + f"no workspace rules in {reply['folder']}\n"
        lines = [f"trusted {len(rules)} rule file{'s' * (len(rules) != 1)} in {reply['folder']} as they are now "
                 "(a changed rule asks again):"]
        lines += [f"  {r['name']}  {r['file']}  sha256:{r['sha256'][:16]}" for r in rules]
        return refused + "\n".join(lines) + "\n"
    if command == "journal" and "entries" in reply:
        rows = [[e["instant"], _plain(e["author"] or "?"), e["source"], e["origin"], e["tx"],
                 _plain(e["reason"])] for e in reply["entries"]]
        head = table(["instant", "author", "source", "origin", "tx", "reason"], rows, color=color) if rows \
            else "no journal entries\n"
        tail = f"{reply.get('total', 0)} entr{'y' if reply.get('total') == 1 else 'ies'} in this graph"
        if reply.get("pending"):
            tail += f"; {reply['pending']} in {reply.get('journal')} not applied yet (lore ingest)"
        if reply.get("refused"):
            tail += f"; {reply['refused']} refused, never applied (until the file changes):"
            tail += "".join(f"\n  {_plain(r['message'])}" for r in reply.get("refused_entries") or [])
        return head + tail + "\n"
    if command == "status" and "rows" in reply:
        return _status(reply)
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


def _n(v: Any) -> str:
    return f"{v:,}" if isinstance(v, int) and not isinstance(v, bool) else str(v)


def _status(reply: dict[str, Any]) -> str:
    """`lore status` for people: the graph, how memories are recalled, the rules' state; a part it does not
    know as indented key: value lines (never raw JSON)."""
    lines = [f"graph: {_n(reply.get('tx'))} transaction(s), {_n(reply.get('rows'))} fact rows "
             f"({_n(reply.get('current_rows'))} current) about {_n(reply.get('entities'))} entities"]
    mem = reply.get("memory")
    if isinstance(mem, dict) and "error" not in mem:
        sem = mem.get("semantic") or {}
        lines.append(f"memory: recall {mem.get('recall')}; indexed up to tx {_n(mem.get('indexed_tx'))}")
        waiting = mem.get("memories_awaiting_embedding") or 0
        if mem.get("memories_embedded") is not None:  # None: a server that has not loaded the model yet
            line = f"  {_n(mem.get('memories_embedded'))} memories embedded"
            if waiting:
                line += f", {_n(waiting)} awaiting embedding (recall finds them lexically meanwhile; `lore embed` catches up)"
            lines.append(line)
        if sem.get("available"):
            lines.append(f"  semantic model: {sem.get('model')} ({sem.get('dimensions')} dimensions)")
        elif sem.get("loading"):
            lines.append("  semantic model: loading (a prepare-turn waits for it)")
        elif sem.get("available") is None and sem:
            lines.append("  semantic model: not loaded yet (the first prepare-turn or embedding loads it)")
        elif sem:
            lines.append(f"  semantic recall off: {_plain(str(sem.get('reason') or 'no model'))}")
    rules = reply.get("rules")
    if isinstance(rules, dict) and "error" not in rules:
        untrusted, errors = rules.get("untrusted") or [], rules.get("errors") or []
        if not untrusted and not errors:
            lines.append("rules: every rule loads; none waits for trust")
        else:
            lines.append(f"rules: {len(untrusted)} untrusted workspace rule file(s), {len(errors)} problem(s)")
            lines += [f"  untrusted (lore trust): {_plain(str(p))}" for p in untrusted]
            for e in errors:
                where = _plain(str(e.get("file") or "")) + (f":{e['line']}" if e.get("line") else "")
                lines.append(f"  {where + ': ' if where else ''}[{e.get('code')}] {_plain(str(e.get('message')))}")
    shown = {"ok", "tx", "rows", "current_rows", "entities"}
    shown |= {k for k in ("memory", "rules") if isinstance(reply.get(k), dict) and "error" not in reply[k]}
    for k, v in reply.items():
        if k not in shown:
            lines += _key_lines(k, v, "")
    return "\n".join(lines) + "\n"


def _key_lines(k: str, v: Any, indent: str) -> list[str]:
    if isinstance(v, dict):
        out = [f"{indent}{k}:"]
        for kk, vv in v.items():
            out += _key_lines(str(kk), vv, indent + "  ")
        return out
    if isinstance(v, list):
        return [f"{indent}{k}: " + (", ".join(_plain(str(x)) for x in v) if v else "none")]
    return [f"{indent}{k}: {_plain(str(v)) if v is not None else '-'}"]


_SEVERITY_RANK = {"information": 1, "warning": 2}


def plain(text: Any) -> str:
    """Repository text (paths, names, messages) without control sequences (SPEC §7)."""
    return printable(str(text))


def check_fails(warnings: list[dict[str, Any]], fail_on: str) -> bool:
    if fail_on == "never":
        return False
    need = _SEVERITY_RANK.get(fail_on, 2)
    return any(_SEVERITY_RANK.get(str(w.get("severity")), 2) >= need for w in warnings)


def emit_check(reply: dict[str, Any], fmt: str, fail_on: str) -> int:
    """``lore check``'s output: linter lines (``path:line:col: code message``), JSON or SARIF on stdout,
    notes on stderr; exit 0 (nothing at or above --fail-on), 1 (something), 2 (could not check)."""
    import sys

    if not reply.get("ok"):
        err = reply.get("error") or {}
        if fmt == "json":
            sys.stdout.write(json.dumps(reply, ensure_ascii=False, default=str) + "\n")
        elif fmt == "sarif":
            import os

            from lore.working.check import sarif_failure

            log = sarif_failure(str(err.get("code") or "check-failed"), str(err.get("message") or "failed"),
                                os.getcwd())
            sys.stdout.write(json.dumps(log, ensure_ascii=False, indent=2) + "\n")
        sys.stderr.write(f"lore check: {plain(err.get('message') or err.get('code') or 'failed')}\n")
        return 2
    for note in reply.get("notes") or []:
        sys.stderr.write(f"lore check: {plain(note)}\n")
    warnings = reply.get("warnings") or []
    if fmt == "sarif":
        sys.stdout.write(json.dumps(reply.get("sarif"), ensure_ascii=False, indent=2) + "\n")
    elif fmt == "json":
        out = {k: v for k, v in reply.items() if k != "sarif"}
        sys.stdout.write(json.dumps(out, ensure_ascii=False, default=str) + "\n")
    else:
        for w in warnings:
            where = plain(w.get("file") or "-")
            line = w.get("line") or 1
            col = (w.get("column") or 0) + 1
            sys.stdout.write(f"{where}:{line}:{col}: {plain(w.get('code') or w.get('rule'))} "
                             f"{plain(w.get('message'))}\n")
        base = reply.get("base")
        what = "warning(s) on the working layer" if reply.get("all") else "new warning(s)"
        sys.stderr.write(f"lore check: {len(warnings)} {what}, {reply.get('changedFiles', 0)} changed file(s)"
                         + (f" since {base[:12]}" if base else "") + "\n")
    sys.stdout.flush()
    return 1 if check_fails(warnings, fail_on) else 0

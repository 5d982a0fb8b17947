"""Code actions and commands: record a decision about the symbol under the cursor, dismiss a warning,
show a symbol's history. Each action is a command, so clients and agents can also call it through
``workspace/executeCommand`` with one object argument."""

from __future__ import annotations

import logging
import re
import time
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from lore import edn, operations
from lore.errors import LoreError, error_reply
from lore.idents import slug
from lore.lsp import hover
from lore.lsp.settings import to_plain

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger("lore")

RECORD_DECISION = "lore.recordDecision"
DISMISS_WARNING = "lore.dismissWarning"
SHOW_HISTORY = "lore.showHistory"
COMMANDS = (RECORD_DECISION, DISMISS_WARNING, SHOW_HISTORY)

_IDENT = re.compile(r"^:[a-z0-9_.?-]+/[a-z0-9_.?-]+$")
_DECISION_NOTE = re.compile(r"(?:#|//)\s*(?:decision|lore)\s*:\s*(.+)$", re.I)


def _one_object(args: tuple[Any, ...], command: str) -> dict[str, Any]:
    args = tuple(to_plain(a) for a in args)
    if len(args) != 1 or not isinstance(args[0], dict):
        raise LoreError("bad-params", f"{command} takes one object argument")
    return args[0]


def _entity(p: dict[str, Any]) -> str:
    e = p.get("entity")
    if not isinstance(e, str) or not _IDENT.match(e):
        raise LoreError("bad-params", f"'entity' must be an entity ident such as :function/src-auth-py-login, got {e!r}")
    return e


def decision_tx(entity: str, description: str, rationale: str | None = None) -> tuple[str, str]:
    """The EDN transaction recording a decision that governs ``entity``; returns (decision ident, EDN)."""
    name = slug(entity.split("/", 1)[1])[:60] or "code"
    ident = f":decision/{name}-{time.strftime('%Y%m%d%H%M%S', time.gmtime())}"
    facts = [[edn.Keyword(ident[1:]), edn.Keyword("description"), description],
             [edn.Keyword(ident[1:]), edn.Keyword("governs"), edn.Keyword(entity[1:])]]
    if rationale:
        facts.append([edn.Keyword(ident[1:]), edn.Keyword("rationale"), rationale])
    return ident, edn.dumps(facts)


async def record_decision(ls: "LoreServer", p: dict[str, Any]) -> dict[str, Any]:
    entity = _entity(p)
    description = p.get("description")
    if not isinstance(description, str) or not description.strip():
        raise LoreError("bad-params", "'description' must be a non-empty string")
    rationale = p.get("rationale") if isinstance(p.get("rationale"), str) else None
    ident, facts = decision_tx(entity, description.strip(), rationale)
    reason = p.get("reason") if isinstance(p.get("reason"), str) and p["reason"].strip() else \
        f"decision about {entity} recorded in the editor"
    reply = await ls.run_op("transact", {"facts": facts, "reason": reason, "source": "lsp"})
    if reply.get("ok"):
        reply["decision"] = ident
        ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Info,
                                                       message=f"Lore: recorded {ident} (tx {reply.get('tx')})"))
    return reply


async def dismiss_warning(ls: "LoreServer", p: dict[str, Any]) -> dict[str, Any]:
    wid = p.get("id")
    if not isinstance(wid, str) or not wid:
        raise LoreError("bad-params", "'id' must be the warning's id")
    reason = p.get("reason") if isinstance(p.get("reason"), str) and p["reason"].strip() else \
        "dismissed in the editor"
    return await ls.run_op("dismiss", {"id": wid, "reason": reason})


async def show_history(ls: "LoreServer", p: dict[str, Any]) -> dict[str, Any]:
    entity = _entity(p)
    reply = await ls.run_op("history", {"entity": entity})
    if reply.get("ok"):
        n = len(reply.get("history") or [])
        ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Info,
                                                       message=f"Lore: {entity} has {n} recorded changes"))
    return reply


_HANDLERS = {RECORD_DECISION: record_decision, DISMISS_WARNING: dismiss_warning, SHOW_HISTORY: show_history}


def _note_on_line(doc: Any, line: int) -> str | None:
    """A ``# decision: …`` comment on the cursor's line becomes the decision's description."""
    if line < len(doc.lines):
        m = _DECISION_NOTE.search(doc.lines[line].rstrip("\r\n"))
        if m:
            return m.group(1).strip()
    return None


async def code_actions(ls: "LoreServer", params: types.CodeActionParams) -> list[types.CodeAction]:
    doc = ls.workspace.text_documents.get(params.text_document.uri)
    if doc is None:
        return []
    out: list[types.CodeAction] = []
    req = hover.symbol_request(ls, doc, params.range.start)
    if req is not None and req.get("kind") != "name":
        info = await hover.cached_hover_info(ls, req)
        entity = info.get("entity") if info.get("ok") else None
        if entity:
            label = req.get("qualifiedName") or req.get("name") or entity
            line = doc.position_from_client_units(params.range.start).line
            description = _note_on_line(doc, line) or f"Decision about {label}"
            arg = {"entity": entity, "description": description}
            out.append(types.CodeAction(
                title=f"Lore: record a decision about {label}", kind=types.CodeActionKind.Refactor,
                command=types.Command(title="Record a decision", command=RECORD_DECISION, arguments=[arg])))
            out.append(types.CodeAction(
                title=f"Lore: show the history of {label}", kind=types.CodeActionKind.Empty,
                command=types.Command(title="Show history", command=SHOW_HISTORY,
                                      arguments=[{"entity": entity}])))
    operations.load_features()
    if "dismiss" in operations.OPERATIONS:
        for d in params.context.diagnostics or []:
            data = to_plain(d.data)
            if d.source == "lore" and isinstance(data, dict) and isinstance(data.get("id"), str):
                out.append(types.CodeAction(
                    title=f"Lore: dismiss this warning ({d.code})", kind=types.CodeActionKind.QuickFix,
                    diagnostics=[d],
                    command=types.Command(title="Dismiss warning", command=DISMISS_WARNING,
                                          arguments=[{"id": data["id"]}])))
    return out


def register(ls: "LoreServer") -> None:
    @ls.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.Refactor]))
    async def on_code_action(ls: "LoreServer", params: types.CodeActionParams) -> list[types.CodeAction]:
        return await code_actions(ls, params)

    for name, fn in _HANDLERS.items():
        def make(name: str = name, fn: Any = fn):
            # No annotations: pygls evaluates them to convert arguments, and we take them raw.
            async def command(ls, *args):
                try:
                    return await fn(ls, _one_object(args, name))
                except LoreError as exc:
                    return error_reply(exc)
            return command
        ls.command(name)(make())

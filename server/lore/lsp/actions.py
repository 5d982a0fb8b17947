"""Code actions and commands: record a decision about the symbol under the cursor, dismiss a warning,
show a symbol's history. Each action is a command, so clients and agents can also call it through
``workspace/executeCommand`` with one object argument."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from lore import operations
from lore.errors import LoreError, error_reply
from lore.lsp import hover
from lore.lsp.documents import open_document
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


def _opt_text(p: dict[str, Any], *keys: str) -> str | None:
    for k in keys:
        v = p.get(k)
        if v is not None and not isinstance(v, str):
            raise LoreError("bad-params", f"'{k}' must be a string")
        if isinstance(v, str) and v.strip():
            return v
    return None


async def record_decision(ls: "LoreServer", p: dict[str, Any]) -> dict[str, Any]:
    """Record what the client asked the person for: {kind: rejects|governs, target (or entity), text (or
    description), why (or rationale)?, name?}. The code action's own argument carries only suggestions; a
    client fills in the text (VS Code's input box, Neovim's vim.ui.input) before calling this, or calls
    ``lore/recordDecision`` itself."""
    kind = p.get("kind", "governs")
    target = p.get("target", p.get("entity"))
    if target is not None:
        target = _entity({"entity": target})
    text = _opt_text(p, "text", "description")
    if text is None:
        raise LoreError("bad-params", "'text' must be the decision's text (the client asks the person for it)")
    params: dict[str, Any] = {"kind": kind, "text": text, "source": "lsp"}
    if target is not None:
        params["target"] = target
    why = _opt_text(p, "why", "rationale")
    if why is not None:
        params["why"] = why
    for k in ("name", "reason"):
        v = _opt_text(p, k)
        if v is not None:
            params[k] = v
    reply = await ls.run_op("recordDecision", params)
    if reply.get("ok"):
        ls.window_show_message(types.ShowMessageParams(
            type=types.MessageType.Info, message=f"Lore: recorded {reply.get('decision')} (tx {reply.get('tx')})"))
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


def _suggestion(reply: dict[str, Any], *, kind: str, entity: str, label: str, text: str) -> dict[str, Any]:
    """A code action's argument: what to record, and suggestions for what the client asks the person."""
    return {"kind": kind, "target": entity, "entity": entity, "label": label, "text": text, "description": text,
            "name": reply.get("name") if reply.get("ok") else None}


def _note_on_line(doc: Any, line: int) -> str | None:
    """A ``# decision: …`` comment on the cursor's line becomes the decision's description."""
    if line < len(doc.lines):
        m = _DECISION_NOTE.search(doc.lines[line].rstrip("\r\n"))
        if m:
            return m.group(1).strip()
    return None


def _rejected_here(context: Any, target: str) -> bool:
    """One of the context's diagnostics is Lore's warning that a decision rejects ``target``."""
    for d in getattr(context, "diagnostics", None) or []:
        data: dict[str, Any] = d.data if isinstance(d.data, dict) else {}
        slots = data.get("slots")
        if not isinstance(slots, dict):
            continue
        if d.source == "lore" and d.code == "rejected_dependency" and slots.get("target") == target:
            return True
    return False


async def code_actions(ls: "LoreServer", params: types.CodeActionParams) -> list[types.CodeAction]:
    doc = open_document(ls.workspace, params.text_document.uri)
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
            note = _note_on_line(doc, line)
            if req.get("kind") == "import":
                # "We don't use X…": a decision that rejects the imported module. A package is named as it is,
                # not by the import's path into it (`use serde::de::Visitor` rejects all of serde).
                if info.get("type") == ":type/external-dependency" and isinstance(info.get("description"), str):
                    label = info["description"]
                # An import a decision already rejects (its warning is among the diagnostics the client
                # sends) is not offered a second rejection (user trial 12).
                if not _rejected_here(params.context, entity):
                    text = note or f"We don't use {label}: "
                    arg = _suggestion(await ls.run_op("suggestDecision", {"kind": "rejects", "target": entity,
                                                                         "text": text}),
                                      kind="rejects", entity=entity, label=label, text=text)
                    out.append(types.CodeAction(
                        title=f"Lore: we don't use {label}… (record a rejection)",
                        kind=types.CodeActionKind.Refactor,
                        command=types.Command(title="Record a rejection", command=RECORD_DECISION, arguments=[arg])))
            text = note or ""
            # No text yet: no name either (the server names it from the text the person gives).
            named = await ls.run_op("suggestDecision", {"kind": "governs", "target": entity, "text": text}) \
                if text else {}
            arg = _suggestion(named, kind="governs", entity=entity, label=label, text=text)
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

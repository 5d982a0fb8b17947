"""Agent hooks: ``lore hook prepare|finalize|check`` read the agent's hook JSON on stdin, and
``lore hooks install claude-code`` / ``lore hooks print`` set an agent up to use them.

- prepare (a user prompt was submitted): the prepare-turn context for the prompt is added to the turn.
- finalize (the turn stopped): the turn's last exchange, read from the transcript, is finalized.
- check (the agent wrote or edited a file): the file's warnings go back to the agent at once, so a rejected
  import is seen while the agent still works on it.

A hook never blocks the agent on an error of Lore's: it logs to stderr and exits 0. Output follows Claude
Code's hook contract (``hookSpecificOutput.additionalContext``; for PostToolUse ``decision: "block"`` with a
``reason``, which feeds the reason back to the agent — the edit itself already happened). Other agents can
call the same commands with the same JSON fields (``prompt``, ``transcript_path`` or ``exchange``,
``tool_input.file_path``).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover - typing only: a hook's start-up is paid at every prompt and edit
    from typing import Any, Callable


class _Log:
    """The ``lore`` logger, set up on first use as the command line sets it up (a hook that logs nothing
    never imports logging)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_logger(), name)


def _logger() -> Any:
    import logging

    if not logging.getLogger().handlers:
        from lore.cli.render import PrintableFormatter

        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(PrintableFormatter("lore: %(message)s"))
        logging.basicConfig(level=logging.WARNING, handlers=[handler])
    return logging.getLogger("lore")


log = _Log()

MAX_STDIN_BYTES = 8 * 1024 * 1024
MAX_TRANSCRIPT_TAIL = 4 * 1024 * 1024  # only the end of a long transcript is read
EDIT_TOOLS = "Write|Edit|MultiEdit|NotebookEdit"

if TYPE_CHECKING:  # pragma: no cover
    Execute = Callable[[Path, str, dict[str, Any]], dict[str, Any]]


def _read_event(stdin: Any) -> dict[str, Any]:
    raw = stdin.buffer.read(MAX_STDIN_BYTES + 1) if hasattr(stdin, "buffer") else stdin.read().encode()
    if len(raw) > MAX_STDIN_BYTES:
        raise ValueError("the hook input is larger than 8 MiB")
    event = json.loads(raw.decode("utf-8") or "{}")
    if not isinstance(event, dict):
        raise ValueError("the hook input is not a JSON object")
    return event


def _text_of(content: Any) -> str:
    """A transcript message's text: a string, or the text blocks of a content list (tool calls skipped)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content
                         if isinstance(b, dict) and b.get("type") == "text" and b.get("text"))
    return ""


def last_exchange(transcript: Path) -> str | None:
    """The last user message of a Claude Code transcript (JSONL) and the agent's text after it."""
    try:
        size = transcript.stat().st_size
        with transcript.open("rb") as f:
            f.seek(max(0, size - MAX_TRANSCRIPT_TAIL))
            lines = f.read().decode("utf-8", "replace").splitlines()
    except OSError as exc:
        log.warning("cannot read the transcript %s: %s", transcript, exc)
        return None
    user: str | None = None
    agent: list[str] = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if not isinstance(entry, dict):
            continue
        message = entry.get("message")
        msg = message if isinstance(message, dict) else entry
        role = msg.get("role") or entry.get("type")
        text = _text_of(msg.get("content")).strip()
        if role == "user" and text:
            user, agent = text, []
        elif role == "assistant" and text and user is not None:
            agent.append(text)
    if user is None:
        return None
    return f"User: {user}\nAgent: {' '.join(agent)}".strip()


def _graph_for(event: dict[str, Any], graph: Path | None) -> tuple[Path, Path]:
    from lore.runtime.paths import find_work_tree, resolve_graph_path

    cwd = Path(str(event.get("cwd") or os.getcwd()))
    return resolve_graph_path(str(graph) if graph else None, cwd), find_work_tree(cwd)


HOOK_CODE_WAIT = 5.0


def prepare(event: dict[str, Any], graph: Path | None, execute: Execute) -> dict[str, Any] | None:
    prompt = event.get("prompt") or event.get("message")
    if not isinstance(prompt, str) or not prompt.strip():
        return None
    path, _root = _graph_for(event, graph)
    # Claude Code gives the hook 10 s: a fresh clone's start-up ingest is waited for 5 s at most, not 60.
    reply = execute(path, "prepareTurn", {"message": prompt, "settle": True, "codeWait": HOOK_CODE_WAIT})
    context = reply.get("context") if reply.get("ok") else None
    if not context:
        if not reply.get("ok"):
            log.warning("prepare-turn failed: %s", reply.get("error"))
        return None
    return {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
                                   "additionalContext": "Project memory (Lore):\n" + context}}


def finalize(event: dict[str, Any], graph: Path | None, execute: Execute) -> dict[str, Any] | None:
    if event.get("stop_hook_active"):
        return None  # the agent is already continuing because of a stop hook: the exchange was seen
    delta = event.get("exchange")
    if not isinstance(delta, str):
        tp = event.get("transcript_path")
        delta = last_exchange(Path(os.path.expanduser(tp))) if isinstance(tp, str) and tp else None
    if not delta:
        return None
    path, _root = _graph_for(event, graph)
    reply = execute(path, "finalizeTurn", {"delta": delta, "source": "agent"})
    if not reply.get("ok"):
        log.warning("finalize-turn failed: %s", reply.get("error"))
    return None  # a Stop hook that prints a decision could keep the agent going; Lore never does


def check(event: dict[str, Any], graph: Path | None, execute: Execute) -> dict[str, Any] | None:
    given = event.get("tool_input")
    tool_input = given if isinstance(given, dict) else {}
    file = tool_input.get("file_path") or tool_input.get("notebook_path") or event.get("file")
    if not isinstance(file, str) or not file:
        return None
    path, root = _graph_for(event, graph)
    target = Path(file) if os.path.isabs(file) else root / file
    try:
        rel = target.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None  # outside the work tree: not Lore's to judge
    # The working layer: the file as the agent just left it, not as it was committed; every warning of that
    # file (not only those the change introduced), since the agent is working on it now.
    reply = execute(path, "check", {"repo": str(root), "paths": [rel], "all": True, "settle": True})
    if not reply.get("ok"):
        log.warning("check of %s failed: %s", rel, reply.get("error"))
        return None
    warnings = reply.get("warnings") or []
    if not warnings:
        return None
    lines = [f"{w.get('file') or rel}:{w.get('line') or 1}: {w.get('code') or w.get('rule')} {w.get('message')}"
             for w in warnings[:20]]
    text = (f"Lore: {len(warnings)} warning(s) in {rel} against the project's recorded decisions:\n"
            + "\n".join(lines))
    return {"decision": "block", "reason": text,
            "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": text}}


HOOKS: dict[str, Callable[[dict[str, Any], Path | None, Execute], dict[str, Any] | None]] = {
    "prepare": prepare, "finalize": finalize, "check": check,
}


def _execute(graph_path: Path, op: str, params: dict[str, Any]) -> dict[str, Any]:
    """Forward to the graph's owner (the common case: only the socket and JSON are needed); else run here,
    with logging set up first as for any command."""
    from lore.runtime import owner

    reply = owner.forward(graph_path, op, params)
    if reply is not None:
        return reply
    _logger()
    from lore.runtime.execute import execute

    return execute(graph_path, op, params)


def run_hook(name: str, graph: str | None, stdin: Any = None, stdout: Any = None) -> int:
    """Run one hook; always exit 0 (an agent is never blocked by Lore failing)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        out = HOOKS[name](_read_event(stdin), Path(graph) if graph else None, _execute)
    except Exception as exc:  # noqa: BLE001 - log and let the agent go on
        print(f"lore hook {name}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 0
    if out is not None:
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        stdout.flush()
    return 0


# ------------------------------------------------------------------------------- setting an agent up

def claude_code_settings(lore: str = "lore") -> dict[str, Any]:
    def hook(name: str) -> list[dict[str, Any]]:
        return [{"type": "command", "command": f"{lore} hook {name}", "timeout": 10}]

    return {"hooks": {
        "UserPromptSubmit": [{"hooks": hook("prepare")}],
        "Stop": [{"hooks": hook("finalize")}],
        "PostToolUse": [{"matcher": EDIT_TOOLS, "hooks": hook("check")}],
    }}


def install_claude_code(root: Path, lore: str = "lore") -> dict[str, Any]:
    """Merge Lore's hooks into ``.claude/settings.json`` of the work tree (other hooks and settings kept;
    installing twice changes nothing). The file is replaced atomically, never written through a link."""
    settings_dir = root / ".claude"
    target = settings_dir / "settings.json"
    for p in (settings_dir, target):
        if p.is_symlink():
            from lore.errors import LoreError

            raise LoreError("unsafe-path", f"{p} is a symbolic link; Lore does not write through links")
    current: dict[str, Any] = {}
    if target.exists():
        current = json.loads(target.read_text() or "{}")
        if not isinstance(current, dict):
            from lore.errors import LoreError

            raise LoreError("bad-input", f"{target} is not a JSON object")
    hooks = current.setdefault("hooks", {})
    added = 0
    for event, entries in claude_code_settings(lore)["hooks"].items():
        have = hooks.setdefault(event, [])
        commands = {h.get("command") for e in have if isinstance(e, dict) for h in e.get("hooks", [])
                    if isinstance(h, dict)}
        for entry in entries:
            if entry["hooks"][0]["command"] not in commands:
                have.append(entry)
                added += 1
    # In the work tree, so never through a symlink the repository committed (.claude -> elsewhere).
    from lore.store import safefs

    safefs.write_file(target, json.dumps(current, indent=2) + "\n")
    return {"ok": True, "agent": "claude-code", "settings": str(target), "added": added}


AGENTS_SNIPPET = """## Project memory (Lore)

This repository keeps its decisions, constraints and preferences in Lore. Use its MCP tools (`lore mcp`) or
its command line:

- At the start of every turn: `lore_prepare_turn` (or `lore prepare-turn "<the user's message>"`) and read
  what it returns before planning. It lists the decisions that bear on the request and the code they govern.
- After editing files: `lore_check` (or `lore check`) and fix what it reports before you finish — an import a
  decision rejected, code a constraint rules out.
- When the user states or agrees to a decision, preference or constraint: `lore_finalize_turn` with the
  exchange (`User: … Agent: …`), or `lore_transact` with the facts and a reason.
- To see why something is the way it is: `lore_history` of the entity, `lore_query` for anything else.
Never work around a recorded decision silently: say which one, and ask.
"""

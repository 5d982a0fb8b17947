"""``lore mcp``: a Model Context Protocol server on stdio (the official SDK's ``MCPServer``).

It runs every tool through a ``runtime.backend.Backend`` like ``lore serve`` does: the first long-lived
process on a graph owns it and the others forward to it, so an editor's server and an agent's MCP server
share one graph (and the CLI forwards to whichever owns it).

The agent's ``initialize`` needs only the SDK and the tools' list: the features (numpy, pyarrow, DuckDB,
tree-sitter…) are imported and the graph opened on a thread (:class:`Starting`) while the SDK answers it,
and the first tool call waits for them. Importing this module brings in none of them (tests/mcp).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import fcntl
import inspect
import json
import logging
import os
import signal
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import anyio
from mcp.server.context import CallNext, HandlerResult, ServerMiddleware, ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from mcp.types.jsonrpc import INVALID_REQUEST, ErrorData, JSONRPCError, JSONRPCRequest
from mcp_types.version import is_version_at_least
from pydantic import BaseModel, TypeAdapter, ValidationError

from lore import __version__, wire
from lore.errors import LoreError, error_reply
from lore.mcp.tools import BY_NAME, TOOLS, Tool
from lore.mcp.unreadable import UNREADABLE_METHOD, CheckedLines
from lore.runtime.paths import find_work_tree, resolve_graph_path

if TYPE_CHECKING:
    from lore.runtime.backend import Backend

log = logging.getLogger("lore")

INSTRUCTIONS = (
    "Lore is this repository's memory: recorded decisions, constraints and preferences, the code's structure "
    "and history, and warnings where the code contradicts a decision. Call lore_prepare_turn with the user's "
    "message at the start of every turn, lore_check after editing files, and lore_finalize_turn with the "
    "exchange at the end of the turn. lore mcp ingests the repository in the background when it starts (the "
    "code's structure is there within seconds, its history follows; lore_ingest_status says where it is); "
    "lore_check waits for the code's structure when it has to."
)


# The protocol revision that brought structuredContent: a client that negotiated an older one reads text only.
STRUCTURED_SINCE = "2025-06-18"


def _text_of(reply: dict[str, Any]) -> str:
    """A reply's text content beside its structured content: the text it was made to be read as (prepare-turn's
    ``context``, what ``lore hook prepare`` gives an agent), else the reply's JSON (the SHOULD of MCP's tools
    page for clients that read no structured content; the reply is data, with no other rendering)."""
    context = reply.get("context")
    if reply.get("ok") and isinstance(context, str):
        return context
    return json.dumps(reply, ensure_ascii=False, default=str)


def _result(reply: dict[str, Any]) -> CallToolResult:
    """The operation's reply as the tool's structured result (SPEC §4); a failed operation is a tool error
    carrying the same ``error`` object. ``ReplyForClient`` shapes it for a client of an older protocol."""
    return CallToolResult(content=[TextContent(type="text", text=_text_of(reply))], structured_content=reply,
                          is_error=not reply.get("ok"))


def for_client(result: Any, protocol_version: str) -> Any:
    """A tools/call result as the client can read it: structured content and its text for a client of protocol
    2025-06-18 or newer; for an older one (it knows no structuredContent) the reply's JSON as text, sent once."""
    if is_version_at_least(protocol_version, STRUCTURED_SINCE):
        return result
    wire = result.model_dump(by_alias=True, mode="json", exclude_none=True) if isinstance(result, BaseModel) \
        else result
    if not isinstance(wire, dict) or not isinstance(wire.get("structuredContent"), dict):
        return result
    reply = wire["structuredContent"]
    rest = {k: v for k, v in wire.items() if k not in ("structuredContent", "content")}
    return {**rest, "content": [{"type": "text", "text": json.dumps(reply, ensure_ascii=False, default=str)}]}


# Reads whose answers include derived facts (rules' conclusions, links): they first wait for the derived work
# of every write acknowledged before them, so an agent that records a decision then checks sees its effect.
SETTLED = {"warnings", "check", "prepareTurn", "query"}


class Starting:
    """The backend, started on a thread (the features imported, the graph opened or forwarded to, ingestion on
    start-up begun) while the SDK answers ``initialize``; tool calls wait for it. A start that failed is each
    call's error."""

    def __init__(self, graph: str | None) -> None:
        self.graph = graph
        self.future: concurrent.futures.Future[Backend] = concurrent.futures.Future()
        self.thread = threading.Thread(target=self._start, name="lore-mcp-start", daemon=True)

    def _start(self) -> None:
        try:
            from lore import operations
            from lore.runtime.backend import Backend

            operations.load_features()
            backend = Backend(resolve_graph_path(self.graph))
            backend.start()
        except BaseException as exc:  # noqa: BLE001 - every tool call reports it
            log.error("the MCP server could not start its backend: %s", exc)
            self.future.set_exception(exc)
            return
        # The start-up ingest is asked for before the first tool call can run: queued behind it, an agent's
        # first prepare-turn found no ingest running and answered from a graph with no code (user trial 9).
        try:
            ingest_on_start(backend)
        except Exception as exc:  # noqa: BLE001 - tools work without it; lore_ingest says what is wrong
            log.warning("ingest on start: %s", exc)
        # An agent's first call is a prepare-turn, which needs the encoder: loaded once that ingest's head is in.
        backend.warm_encoder()
        self.future.set_result(backend)

    async def backend(self) -> Backend:
        return await asyncio.wrap_future(self.future)

    def close(self) -> None:
        """Close the backend once started (a start under way is waited for: it holds the owner lock)."""
        if not self.thread.is_alive() and not self.future.done():
            return  # never started
        try:
            backend = self.future.result()
        except BaseException:  # noqa: BLE001 - it never started: nothing to close
            return
        backend.close()


async def _run_op(starting: Starting, op: str, params: dict[str, Any]) -> dict[str, Any]:
    try:
        backend = await starting.backend()
    except LoreError as exc:
        return error_reply(exc)
    except Exception as exc:  # noqa: BLE001 - the start's failure, said as Lore says errors
        return error_reply(LoreError("internal", f"the backend did not start: {type(exc).__name__}: {exc}"))
    return await backend.run_async(op, params)


def _handler(tool: Tool, starting: Starting):
    async def run(**arguments: Any) -> CallToolResult:
        params = {k: v for k, v in arguments.items() if v is not None}
        if tool.operation in ("transact", "retract", "finalizeTurn", "dismiss"):
            params.setdefault("source", "mcp")
        if tool.operation in SETTLED:
            params["settle"] = True
        if tool.operation in ("ingest", "check"):
            params.setdefault("repo", str(find_work_tree(Path.cwd())))
        if tool.operation == "warnings":
            params["missingFile"] = "error"  # a path that names nothing is said to (no-such-file)
        return _result(await _run_op(starting, tool.operation, params))

    run.__name__ = tool.name
    run.__doc__ = tool.description
    # The SDK builds the tool's input schema from inspect.signature(run), which reads __signature__ (a
    # function type has no such declared attribute).
    run.__signature__ = inspect.signature(tool.signature, eval_str=True).replace(  # type: ignore[attr-defined]
        return_annotation=CallToolResult)
    return run


def _bad_arguments(tool: str, exc: ValidationError) -> LoreError:
    """The SDK's schema check, said as Lore says a bad parameter (``bad-params``), without the values."""
    parts = []
    for err in exc.errors():
        name = ".".join(str(p) for p in err.get("loc", ())) or "arguments"
        if err.get("type") == "missing":
            parts.append(f"missing parameter '{name}'")
        else:
            parts.append(f"parameter '{name}': {str(err.get('msg', 'invalid')).lower()}")
    return LoreError("bad-params", f"{tool}: " + "; ".join(parts))


def _empty_as_object(value: Any) -> Any:
    """An empty list where an object belongs means an empty object: Neovim's Lua (vim.json) encodes an
    empty table ``{}`` as ``[]``."""
    return {} if isinstance(value, list) and not value else value


class ReplyForClient(ServerMiddleware[Any]):
    """Every tool's result (Lore's errors answered early by the middleware after it too) shaped by ``for_client``
    for the protocol revision this client negotiated."""

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        result = await call_next(ctx)
        return for_client(result, ctx.protocol_version) if ctx.method == "tools/call" else result


class EmptyListArguments(ServerMiddleware[Any]):
    """Before the SDK validates a request (it refuses ``"arguments": []`` with a bare Invalid Params that
    never reaches Lore): ``[]`` as a request's params or a tool call's arguments is ``{}``; arguments that
    are anything else but an object are answered with Lore's error object (``bad-params``)."""

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        params: Any = ctx.params
        if isinstance(params, list) and not params:
            ctx = dataclasses.replace(ctx, params={})
        elif ctx.method == "tools/call" and isinstance(params, Mapping) and "arguments" in params:
            args = _empty_as_object(params["arguments"])
            if args is not None and not isinstance(args, Mapping):
                name = params.get("name")
                return _result(error_reply(LoreError(
                    "bad-params", f"{name if isinstance(name, str) else 'tools/call'}: arguments must be an "
                    f"object of named parameters, got {type(args).__name__}")))
            if args is not params["arguments"]:
                ctx = dataclasses.replace(ctx, params={**params, "arguments": args})
        return await call_next(ctx)


def _object_params(tool: Tool) -> set[str]:
    """The tool's parameters that take an object (``lore_query``'s ``params``; not ``lore_finalize_turn``'s
    ``facts``, a list of objects, whose ``[]`` is an empty list)."""
    out = set()
    for name, p in inspect.signature(tool.signature, eval_str=True).parameters.items():
        if str(p.annotation).replace("typing.", "").startswith("dict"):
            out.add(name)
    return out


OBJECT_PARAMS = {t.name: _object_params(t) for t in TOOLS}
# What each tool takes: an argument outside it is refused, never dropped (the SDK drops it, and a misnamed
# filter — lore_warnings' `path` for `file` — then reads as none: every file's warnings).
PARAMS = {t.name: tuple(inspect.signature(t.signature).parameters) for t in TOOLS}


_JSON_TYPES = {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "a list",
               dict: "an object", type(None): "null"}


def _what(annotation: Any) -> str:
    """What a parameter's annotation takes, said in JSON's words (``bool | None`` -> true or false)."""
    text = str(annotation).replace("typing.", "").replace(" | None", "").replace("Optional[", "")
    if text.startswith(("bool", "<class 'bool'>")):
        return "true or false"
    if text.startswith(("int", "<class 'int'>")):
        return "an integer"
    if text.startswith("str | list"):
        return "a string or a list of objects"
    if text.startswith(("str", "<class 'str'>")):
        return "a string"
    if text.startswith("list"):
        return "a list of strings"
    if text.startswith("dict"):
        return "an object of strings"
    return "of the type its schema says"


def _adapters(tool: Tool) -> dict[str, tuple[TypeAdapter[Any], str]]:
    return {name: (TypeAdapter(p.annotation), _what(p.annotation))
            for name, p in inspect.signature(tool.signature, eval_str=True).parameters.items()}


# The SDK validates arguments in pydantic's lax mode: "yes", "on" and "1" pass as true and "5" as 5. An agent
# that sends those has a bug Lore should name, so each argument is first checked strictly against its schema.
STRICT = {t.name: _adapters(t) for t in TOOLS}


def _strict_error(tool: str, arguments: Mapping[str, Any]) -> LoreError | None:
    for name, value in arguments.items():
        adapter, what = STRICT[tool][name]
        try:
            adapter.validate_python(value, strict=True)
        except ValidationError:
            got = _JSON_TYPES.get(type(value), type(value).__name__)
            return LoreError("bad-params", f"{tool}: parameter '{name}' must be {what}, got {got}")
    return None


class LoreMCPServer(MCPServer):
    """The SDK's server, with every failure a tool result carrying Lore's ``error`` object (SPEC §4): wrongly
    typed or missing arguments (``bad-params``) and an unknown tool (``unknown-method``) as well as an
    operation's own errors. The SDK alone answers the first two with a line of text (pydantic's, with a
    link), which an agent cannot tell from an operation's error by its code."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        if name not in BY_NAME:
            return _result(error_reply(LoreError(
                "unknown-method", f"no tool {name!r}; the tools are " + ", ".join(sorted(BY_NAME)))))
        arguments = {k: _empty_as_object(v) if k in OBJECT_PARAMS[name] else v for k, v in arguments.items()}
        unknown = [k for k in arguments if k not in PARAMS[name]]
        if unknown:
            takes = ", ".join(PARAMS[name]) or "no parameters"
            return _result(error_reply(LoreError(
                "bad-params", f"{name}: unknown parameter " + ", ".join(f"'{k[:100]}'" for k in unknown[:5]) +
                f" ({name} takes {takes})")))
        wrong = _strict_error(name, arguments)
        if wrong is not None:
            return _result(error_reply(wrong))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                return _result(error_reply(_bad_arguments(name, exc.__cause__)))
            raise


    async def run_stdio_async(self) -> None:
        """The SDK's stdio transport, but each message read through ``lore.wire.BoundedLines``: the SDK read
        a line of any length whole (a 1 GB line held 1 GB and more); a line it cannot read as a message is
        answered (``lore.mcp.unreadable``). fd 0 is moved out of the way as the SDK
        does it (children read /dev/null), the messages read from a private duplicate."""
        wire_fd = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        lines = CheckedLines(os.fdopen(wire_fd, "rb", closefd=False))
        async with stdio_server(stdin=anyio.wrap_file(cast(Any, lines))) as (read_stream, write_stream):
            to_server, server_reads = anyio.create_memory_object_stream[SessionMessage | Exception](0)
            async with anyio.create_task_group() as tg:
                tg.start_soon(_answer_stand_ins, read_stream, to_server, write_stream)
                low = self._lowlevel_server
                await low.run(server_reads, write_stream, low.create_initialization_options())
                tg.cancel_scope.cancel()


async def _answer_stand_ins(read_stream: Any, to_server: Any, write_stream: Any) -> None:
    """Between the transport and the server: the stand-in for a request too large to read (lore.wire) is
    answered here with Invalid Request naming the sizes, as the language server answers it (the SDK knew no
    such method and answered a bare Method not found); the stand-in for one the SDK cannot read
    (lore.mcp.unreadable) with the error it carries. Everything else passes on as it came."""
    async with to_server:
        async for item in read_stream:
            msg = getattr(item, "message", None)
            if isinstance(msg, JSONRPCRequest) and msg.method in (wire.TOO_LARGE_METHOD, UNREADABLE_METHOD):
                p = msg.params if isinstance(msg.params, dict) else {}
                error = ErrorData(code=INVALID_REQUEST, message=wire.too_large_text(msg.params)) \
                    if msg.method == wire.TOO_LARGE_METHOD else \
                    ErrorData(code=int(p.get("code", INVALID_REQUEST)), message=str(p.get("message", "")))
                await write_stream.send(SessionMessage(JSONRPCError(jsonrpc="2.0", id=msg.id, error=error)))
                continue
            await to_server.send(item)


def build_server(starting: Starting) -> MCPServer:
    server = LoreMCPServer("lore", instructions=INSTRUCTIONS, version=__version__,
                           middleware=[ReplyForClient(), EmptyListArguments()])
    for tool in TOOLS:
        server.add_tool(_handler(tool, starting), name=tool.name, description=tool.description,
                        annotations=ToolAnnotations(read_only_hint=tool.read_only,
                                                    destructive_hint=False, open_world_hint=False))

    @server.resource("lore://decisions", name="decisions", mime_type="application/json",
                     description="The decisions, constraints and preferences that hold now.")
    async def decisions() -> str:
        reply = await _run_op(starting, "query", {"query": CURRENT_MEMORIES})
        return json.dumps(reply, ensure_ascii=False, default=str)

    @server.resource("lore://warnings/{path}", name="warnings", mime_type="application/json",
                     description="The composed warnings of one file (repository-relative path).")
    async def file_warnings(path: str) -> str:
        reply = await _run_op(starting, "warnings", {"file": path})
        return json.dumps(reply, ensure_ascii=False, default=str)

    return server


CURRENT_MEMORIES = """[:find ?e ?d :where [?e :description ?d]
  [(str ?e) ?s] (or [(starts-with? ?s ":decision/")] [(starts-with? ?s ":constraint/")]
                    [(starts-with? ?s ":preference/")])]"""


def ingest_on_start(backend: Backend) -> None:
    """As ``lore serve`` does: the work tree's history, incrementally, in the background (head first on a fresh
    graph), started at the graph's owner (this process, or the one it forwards to). ``LORE_MCP_INGEST=0``
    turns it off. An explicit ``lore_ingest`` with ``wait`` then waits for it, and ``lore_check`` on a graph
    with nothing yet waits for its head (DESIGN-CHOICES)."""
    if os.environ.get("LORE_MCP_INGEST", "1").strip() == "0":
        return
    root = find_work_tree(Path.cwd())
    if not (root / ".git").exists():
        return
    # Not waited: the reply comes once the run is started, and the run goes on in the owner's background.
    reply = backend.run("ingest", {"repo": str(root)})
    if not reply.get("ok") and (reply.get("error") or {}).get("code") != "ingest-running":
        log.warning("ingest on start: %s", (reply.get("error") or {}).get("message"))


def main(graph: str | None = None) -> int:
    """Serve until stdin closes. The SDK keeps fd 1 for the protocol and sends stray output to stderr."""
    logging.basicConfig(stream=sys.stderr, format="lore: %(message)s")
    log.setLevel(logging.DEBUG if os.environ.get("LORE_LOG") == "debug" else logging.INFO)
    starting = Starting(graph)

    def terminate(signum: int, frame: Any) -> None:
        # like stdin closing: the graph is closed (checkpointed) and ownership given back
        try:
            starting.close()
        finally:
            os._exit(0)

    signal.signal(signal.SIGTERM, terminate)
    server = build_server(starting)
    starting.thread.start()
    try:
        asyncio.run(server.run_stdio_async())
    except KeyboardInterrupt:  # pragma: no cover - a person stopping it by hand
        pass
    finally:
        starting.close()
    sys.stdout.flush()
    return 0

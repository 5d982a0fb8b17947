"""``lore serve``: the language server on stdio (pygls 2.x).

It owns the workspace graph (or forwards to the process that does, see owner.py), ingests the workspace in
the background, publishes composed warnings as diagnostics, answers hovers and code actions, and serves
every operation as a custom request ``lore/<op>`` whose reply is what ``lore <op> --json`` prints.

stdout carries LSP frames and nothing else: the real stdout is taken for the protocol, then file
descriptor 1 and ``sys.stdout`` both point at stderr, so a stray print (ours, a library's, a child
process's) cannot corrupt the stream.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, default_converter
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage

from lore import __version__, operations, wire
from lore.errors import LoreError, error_reply
from lore.lsp import actions, diagnostics, documents, gitwatch, hover, progress, requests, watched
from lore.lsp.settings import Settings, to_plain
from lore.runtime import owner
from lore.runtime.backend import Backend
from lore.runtime.paths import resolve_graph_path

log = logging.getLogger("lore")

# Sent to the client whenever the graph changed: {"kind": "write" | "derived" | "remote", "tx": N}.
GRAPH_CHANGED = "lore/graphChanged"


def _converter():
    """pygls turns params of methods it does not know into namedtuples (renaming keys such as ``from``);
    keep them as the plain JSON the client sent (``params`` may be left out: JSON-RPC allows it)."""
    conv = default_converter()
    conv.register_structure_hook(JsonRPCRequestMessage, lambda obj, cls: cls(**{"params": None, **obj}))
    conv.register_structure_hook(JsonRPCNotification, lambda obj, cls: cls(**{"params": None, **obj}))
    conv.register_structure_hook(JsonRPCResponseMessage, lambda obj, cls: cls(**obj))
    return conv


_UNREADABLE = object()  # a request whose params could not be read: already answered with an error


class _Protocol(LanguageServerProtocol):
    """pygls drops a request whose params do not fit the method's types (a hover with a number for its
    document) without a reply, and the client waits forever: answer it with Invalid Params instead."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        if isinstance(data, dict) and data.get("method") == wire.TOO_LARGE_METHOD and "id" in data:
            # the stand-in for a request too large to read (lore.wire): the client's answer
            self._send_response(data["id"], None,
                                JsonRpcInvalidRequest(wire.too_large_text(data.get("params"))).to_response_error())
            return _UNREADABLE
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if isinstance(data, dict) and "id" in data and "method" in data:
                log.info("request %r has params that cannot be read; answered with an error", data.get("method"))
                self._send_response(data["id"], None, exc.to_response_error())
                return _UNREADABLE
            raise

    def handle_message(self, message: Any) -> None:
        if message is _UNREADABLE:
            return
        super().handle_message(message)

    def _handle_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        # An answer to a request the server stopped waiting for (a busy editor answering
        # window/workDoneProgress/create or workspace/configuration late): its future is cancelled, and
        # pygls's set_result on it raised InvalidStateError into the editor's log. Nobody wants it: drop it.
        future = self._request_futures.get(msg_id)
        if future is not None and future.done():
            self._request_futures.pop(msg_id, None)
            log.debug("an answer to request %s arrived after the server stopped waiting; dropped", msg_id)
            return
        super()._handle_response(msg_id, result, error)


class LoreServer(LanguageServer):
    def __init__(self, graph: str | None = None) -> None:
        super().__init__("lore", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         converter_factory=_converter, protocol_cls=_Protocol)
        self.graph_arg = graph
        self.settings = Settings()
        self.backend: Backend | None = None
        self.root: Path | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.diagnostics = diagnostics.DiagnosticsManager(self)
        self.hover_cache = hover.HoverCache()
        self.ingest_task: asyncio.Task[Any] | None = None
        # From `initialized` until the start-up ingestion's job has started: lore/ingestStatus says
        # "starting", not "idle" (it answered "idle" for ~3 s on a fresh clone of pallets/flask).
        self.ingest_pending = False
        self.watch_task: asyncio.Task[Any] | None = None
        self.git_task: asyncio.Task[Any] | None = None
        self.git_watcher: Any = None
        self.trust_task: asyncio.Task[Any] | None = None
        self.file_watch: Any = None  # lore.lsp.watched.FileWatch: files written outside the editor

    # -------------------------------------------------------------- helpers the features share

    async def run_op(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        if self.backend is None:
            return error_reply(LoreError("not-initialized", "the server has not been initialized"))
        try:
            return await self.backend.run_async(op, params)
        except Exception as exc:  # one failed operation never takes the server down
            log.exception("operation %s failed", op)
            return error_reply(LoreError("internal", f"{type(exc).__name__}: {exc}"))

    def on_graph_changed(self, kind: str, tx: int | None = None) -> None:
        """From any thread: the graph changed (a write, derived facts, an ingestion). Tell the client
        (``lore/graphChanged``: status bars and tests wait on it) and refresh diagnostics."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self._graph_changed, kind, tx)

    def _graph_changed(self, kind: str, tx: int | None) -> None:
        self.diagnostics.refresh_all()
        self.protocol.notify(GRAPH_CHANGED, {"kind": kind, "tx": tx})

    def graph_path(self) -> Path:
        return resolve_graph_path(self.graph_arg or self.settings.get("graph"), self.root)

    def start_backend(self) -> None:
        if self.backend is None:
            self.backend = Backend(self.graph_path(), on_change=self.on_graph_changed)
            self.backend.start()

    def stop_backend(self) -> None:
        if self.backend is not None:
            self.backend.close()


def _root_of(params: types.InitializeParams) -> Path | None:
    from pygls.uris import to_fs_path

    if params.workspace_folders:
        return Path(to_fs_path(params.workspace_folders[0].uri) or ".")
    if params.root_uri:
        return Path(to_fs_path(params.root_uri) or ".")
    if params.root_path:
        return Path(params.root_path)
    return None


class _ClientLogHandler(logging.Handler):
    """Mirror the lore logger to the editor's log (window/logMessage), from any thread."""

    _LEVELS = {logging.ERROR: types.MessageType.Error, logging.WARNING: types.MessageType.Warning,
               logging.INFO: types.MessageType.Info}

    def __init__(self, ls: LoreServer) -> None:
        super().__init__(level=logging.INFO)
        self.ls = ls

    def emit(self, record: logging.LogRecord) -> None:
        loop = self.ls.loop
        if loop is None or loop.is_closed():
            return
        kind = self._LEVELS.get(record.levelno, types.MessageType.Log)
        msg = types.LogMessageParams(type=kind, message=self.format(record))
        try:
            loop.call_soon_threadsafe(self.ls.window_log_message, msg)
        except RuntimeError:
            pass


def apply_settings(ls: LoreServer) -> None:
    """Settings that act outside the server object: memory linking and the log level."""
    try:
        from lore.memory.linking import set_autolink

        # False switches linking off; True defers to LORE_AUTOLINK (on unless the environment says 0).
        set_autolink(False if ls.settings.get("autolink") is False else None)
    except ImportError:  # pragma: no cover - memory package absent
        pass
    log.setLevel(getattr(logging, str(ls.settings.get("logLevel")).upper(), logging.INFO))


def build_server(graph: str | None = None) -> LoreServer:
    ls = LoreServer(graph)

    @ls.feature(types.INITIALIZE)
    def initialize(ls: LoreServer, params: types.InitializeParams) -> None:
        documents.install(ls.protocol)  # edits cost what the edit costs (documents.py)
        ls.root = _root_of(params)
        if params.initialization_options is not None:
            ls.settings.update(params.initialization_options)
        apply_settings(ls)
        ls.start_backend()

    @ls.feature(types.INITIALIZED)
    async def initialized(ls: LoreServer, params: types.InitializedParams) -> None:
        ls.loop = asyncio.get_running_loop()
        ls.ingest_pending = bool(ls.settings.get("ingestOnStartup")) and ls.root is not None
        handler = _ClientLogHandler(ls)
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        await pull_configuration(ls)
        apply_settings(ls)
        for msg in ls.settings.rejected:
            ls.window_log_message(types.LogMessageParams(type=types.MessageType.Warning, message=msg))
        ls.settings.rejected.clear()
        if ls.settings.get("ingestOnStartup") and ls.root is not None:
            ls.ingest_task = asyncio.ensure_future(progress.ingest_workspace(ls, ls.root))
        else:
            ls.ingest_pending = False
        ls.watch_task = asyncio.ensure_future(watch_remote_writes(ls))
        if ls.root is not None and ls.settings.get("watchGit"):
            ls.git_task = asyncio.ensure_future(gitwatch.watch_git(ls, ls.root))
        ls.trust_task = asyncio.ensure_future(ask_trust(ls))
        if ls.root is not None and ls.settings.get("watchGit"):
            asyncio.ensure_future(watched.ask_to_watch(ls))
        ls.diagnostics.refresh_all()

    @ls.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: LoreServer, params: types.DidChangeConfigurationParams) -> None:
        settings = to_plain(params.settings)
        if settings in (None, {}, []):
            await pull_configuration(ls)  # VS Code's "pull" style: the push carries nothing
        else:
            ls.settings.update(settings)
        apply_settings(ls)
        for msg in ls.settings.rejected:
            ls.window_log_message(types.LogMessageParams(type=types.MessageType.Warning, message=msg))
        ls.settings.rejected.clear()
        ls.diagnostics.refresh_all()

    @ls.feature(types.SHUTDOWN)
    def shutdown(ls: LoreServer, params: Any = None) -> None:
        for task in (ls.ingest_task, ls.watch_task, ls.git_task, ls.trust_task):
            if task is not None:
                task.cancel()
        ls.stop_backend()

    @ls.feature("lore/serverStatus")
    def server_status(ls: LoreServer, params: Any = None) -> dict[str, Any]:
        """This server's own state (not the graph's): effective settings, graph, whether it owns it."""
        b = ls.backend
        return {"ok": True, "settings": ls.settings.values, "graph": str(b.graph_path) if b else None,
                "owner": bool(b and b.is_owner), "ownerPid": owner.owner_pid(b.graph_path) if b else None,
                "pid": os.getpid(), "root": str(ls.root) if ls.root else None,
                "hoverIndexTx": b.hover_index.n if b and b.hover_index is not None else None,
                "gitEvents": ls.git_watcher.events if ls.git_watcher is not None else None,
                "gitLooks": ls.git_watcher.looks if ls.git_watcher is not None else None,
                "layerWarm": ls.git_watcher.warm if ls.git_watcher is not None else None,
                "watchedEvents": ls.file_watch.events if ls.file_watch is not None else None,
                "watchedRefreshes": ls.file_watch.refreshes if ls.file_watch is not None else None,
                "documents": documents.summaries(ls.protocol)}

    diagnostics.register(ls)
    watched.register(ls)
    hover.register(ls)
    actions.register(ls)
    requests.register_requests(ls)
    return ls


REMOTE_POLL_SECONDS = 2.0


async def watch_remote_writes(ls: LoreServer) -> None:
    """A server that forwards to another owner hears of no writes: it polls the graph's last tx and
    refreshes its diagnostics when another process wrote (the owner itself is told directly)."""
    last = None
    while True:
        await asyncio.sleep(REMOTE_POLL_SECONDS)
        try:
            b = ls.backend
            if b is None or b.is_owner or not ls.workspace.text_documents:
                continue
            reply = await ls.run_op("stats", {})
            tx = reply.get("tx") if reply.get("ok") else None
            if tx is not None and tx != last:  # the first look refreshes too: writes may predate it
                ls._graph_changed("remote", tx)
            last = tx
        except Exception:  # keep watching
            log.exception("watching the owner's writes failed")


TRUST_ACTION = "Trust these rules"
NOT_NOW_ACTION = "Not now"


async def ask_trust(ls: LoreServer) -> None:
    """The editor's prompt (SPEC §7): when the workspace has rules the user has not trusted, ask once per
    session with ``window/showMessageRequest``; "Trust" records it as ``lore trust`` does. Until then only
    the built-in rules run, and ``lore/warnings`` and ``lore/stats`` list the untrusted ones."""
    try:
        reply = await ls.run_op("stats", {})
        untrusted = (reply.get("rules") or {}).get("untrusted") if reply.get("ok") else None
        if not untrusted:
            return
        names = ", ".join(Path(p).name for p in untrusted[:5]) + (", …" if len(untrusted) > 5 else "")
        choice = await ls.window_show_message_request_async(types.ShowMessageRequestParams(
            type=types.MessageType.Warning,
            message=(f"This repository has {len(untrusted)} Lore rule file(s) that have not run yet ({names}). "
                     "Rules are queries written by the repository's authors; trust them only if you trust "
                     "those authors. Until then only Lore's built-in rules run."),
            actions=[types.MessageActionItem(title=TRUST_ACTION), types.MessageActionItem(title=NOT_NOW_ACTION)]))
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - a client that cannot answer keeps the rules untrusted
        log.info("the trust prompt was not answered: %s", exc)
        return
    if choice is not None and getattr(choice, "title", None) == TRUST_ACTION:
        reply = await ls.run_op("trust", {})
        log.info("workspace rules trusted from the editor: %s", reply.get("trusted") if reply.get("ok") else reply)
        ls.diagnostics.refresh_all()


async def pull_configuration(ls: LoreServer) -> None:
    """Ask the client for the ``lore`` section; clients that never answer (Neovim 0.7) keep the defaults
    and whatever was pushed."""
    caps = ls.client_capabilities
    if not (caps and caps.workspace and caps.workspace.configuration):
        return
    timeout = ls.settings.get("configurationTimeoutMs") / 1000
    try:
        result = await asyncio.wait_for(ls.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section="lore")])), timeout)
    except (asyncio.TimeoutError, Exception) as exc:  # noqa: BLE001 - settings are optional
        log.info("workspace/configuration not answered (%s); using defaults and pushed settings",
                 type(exc).__name__)
        return
    log.debug("workspace/configuration answered %r", result)
    if isinstance(result, (list, tuple)) and result:
        ls.settings.update(result[0])


def _claim_stdout() -> Any:
    """Keep the real stdout for LSP frames; send everything else written to fd 1 to stderr."""
    sys.stdout.flush()
    fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(fd, "wb", buffering=0)


_SERVER: LoreServer | None = None


def _terminate(signum: int, frame: Any) -> None:
    """SIGTERM: close the graph (checkpointed, ownership given back) and leave at once; pygls's own exit
    would wait for its stdin reader thread, which is blocked reading."""
    try:
        if _SERVER is not None:
            _SERVER.stop_backend()
    finally:
        os._exit(0)


def main(graph: str | None = None) -> int:
    lsp_out = _claim_stdout()
    # SIGTERM ends the server like an exit notification: the graph is closed and ownership given back.
    signal.signal(signal.SIGTERM, _terminate)
    debug = os.environ.get("LORE_LOG") == "debug"
    root = logging.getLogger()
    if not any(isinstance(h, logging.StreamHandler) for h in root.handlers):
        logging.basicConfig(stream=sys.stderr, format="lore: %(message)s")
    if debug:
        for h in root.handlers:
            h.setFormatter(logging.Formatter("lore %(relativeCreated)6.0fms %(threadName)s: %(message)s"))
    log.setLevel(logging.DEBUG if debug else logging.INFO)
    logging.getLogger("pygls").setLevel(logging.WARNING)
    operations.load_features()
    global _SERVER
    ls = _SERVER = build_server(graph)
    if graph:
        ls.start_backend()  # the graph is known: own it (or find its owner) before the editor says hello
    try:
        ls.start_io(wire.BoundedFrames(sys.stdin.buffer), lsp_out)  # type: ignore[arg-type]
    finally:
        ls.stop_backend()
    return 0

"""Shared helpers for the language-server tests: a real ``lore serve`` on stdio driven by pytest-lsp,
real git repositories built with ``git``, real graph files under tmp_path."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, AsyncIterator, Union

from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from gitrepo import git
from lore.lsp.server import _converter
from waiting import wait_for, wait_until  # noqa: F401 - the lsp tests import them from here

LORE = str(Path(sys.executable).with_name("lore"))


def _client_converter():
    conv = _converter()

    # lsprotocol takes any object with a "command" key for a Command; a CodeAction that carries a command
    # has one too. Editors tell them apart the way the LSP says: a Command's "command" is a string.
    def code_action_or_command(obj: Any, _: Any) -> Any:
        if isinstance(obj.get("command"), str):
            return conv.structure(obj, types.Command)
        return conv.structure(obj, types.CodeAction)

    conv.register_structure_hook(Union[types.Command, types.CodeAction], code_action_or_command)
    return conv


def make_client(never_answer_configuration: bool = False, late_progress_create: bool = False) -> LanguageClient:
    """pytest-lsp's client, but replies of custom requests stay plain JSON (as the server sends them).
    ``never_answer_configuration``: behave like Neovim 0.7, which never answers workspace/configuration."""
    client = LanguageClient(converter_factory=_client_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    if never_answer_configuration:
        async def silent(client: LanguageClient, params: Any) -> Any:
            hold = client.__dict__.setdefault("_hold", asyncio.Event())
            await hold.wait()  # released only when the test ends (or a test answers late on purpose)
            return [None for _ in params.items]  # then a well-formed answer: one (empty) value per item

        features[types.WORKSPACE_CONFIGURATION] = silent
    if late_progress_create:
        async def late(client: LanguageClient, params: Any) -> Any:
            await asyncio.sleep(6)  # past the server's 5 s wait (lore.lsp.progress), as a busy editor may
            client.progress_reports.setdefault(params.token, [])
            client.__dict__["_late_progress_answered"] = True

        features[types.WINDOW_WORK_DONE_PROGRESS_CREATE] = late
    async def register_capability(client: LanguageClient, params: Any) -> None:
        # as VS Code: accept the server's registrations (files to watch, …); the tests read them here
        client.__dict__.setdefault("registrations", []).extend(params.registrations)

    features[types.CLIENT_REGISTER_CAPABILITY] = register_capability
    register_lsp_features(client, features)
    return client


def make_repo(root: Path, files: dict[str, str] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    for rel, text in (files or {"src/auth.py": AUTH_PY}).items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "first commit")
    return root


AUTH_PY = '''import os
import redis


class TokenCache:
    def evict(self, key):
        return key


def login(user, password):
    return TokenCache()
'''


def cli(graph: Path, *args: str, cwd: Path | None = None, timeout: float = 60) -> tuple[int, dict[str, Any]]:
    """The real CLI, --json; returns (exit code, the JSON object it printed)."""
    proc = subprocess.run([LORE, "--graph", str(graph), "--json", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1, (proc.stdout, proc.stderr)
    return proc.returncode, json.loads(lines[0])


def capabilities(kind: str) -> types.ClientCapabilities:
    return client_capabilities({"vscode": "visual-studio-code", "neovim": "neovim@v0.7.0",
                                "neovim-new": "neovim@v0.11.0"}[kind])


@contextlib.asynccontextmanager
async def lsp(graph: Path | None, root: Path, caps: str = "vscode", init_options: Any = None,
              configuration: dict[str, Any] | None = None, env: dict[str, str] | None = None,
              initialize: bool = True, silent_client: bool = False,
              late_progress_create: bool = False) -> AsyncIterator[LanguageClient]:
    """A started and initialized ``lore serve``; shut down (and its exit awaited) afterwards."""
    cmd = [LORE, "serve"] + (["--graph", str(graph)] if graph else [])
    config = ClientServerConfig(server_command=cmd, client_factory=lambda: make_client(silent_client, late_progress_create),
                                server_env={**os.environ, **(env or {})})
    client = await config.start()
    if configuration is not None:
        client.set_configuration(configuration)
    try:
        if initialize:
            await client.initialize_session(types.InitializeParams(
                capabilities=capabilities(caps), root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
                initialization_options=init_options))
        yield client
        await _release(client)
        if initialize:
            await asyncio.wait_for(client.shutdown_session(), 30)
    finally:
        await _release(client)
        server = client._server
        if server is not None and server.returncode is None:
            # A test failed before a clean shutdown: stop the server, or stop() waits for it forever.
            server.terminate()
        await asyncio.wait_for(client.stop(), 30)


async def _release(client: LanguageClient) -> None:
    """Let a held workspace/configuration handler answer, so no client task is pending at exit."""
    hold = client.__dict__.get("_hold")
    if hold is not None and not hold.is_set():
        hold.set()
        await asyncio.sleep(0.2)


async def request(client: LanguageClient, method: str, params: Any, timeout: float = 90) -> Any:
    return await asyncio.wait_for(client.protocol.send_request_async(method, params), timeout)


async def ingest_complete(client: LanguageClient, timeout: float = 90) -> dict[str, Any]:
    """Wait until the server's ingest (its start-up one) says complete; its status."""
    async def complete():
        status = await request(client, "lore/ingestStatus", {})
        return status if status.get("status") == "complete" else None

    return await wait_for(complete, timeout, "the ingest to complete")


def open_doc(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="python", version=version, text=path.read_text() if text is None else text)))
    return uri




async def hover_text(client: LanguageClient, uri: str, line: int, col: int) -> str:
    """The hover's Markdown at (line, col), "" when the server has none."""
    h = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line, col))), 30)
    return h.contents.value if h is not None else ""

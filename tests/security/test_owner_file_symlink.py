"""Attack 2: `.lore/lore.duckdb.owner` committed as a symlink to a file of the user's made `lore serve`
write `{"pid": N}` into that file and truncate it on exit. Now the lock is never opened through a symlink:
the server answers `unsafe-path` instead of owning the graph, the CLI refuses too, and the file is intact."""

from __future__ import annotations

import os

import pytest
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from lore.lsp.server import _converter

from .clone import git, lore_cmd


def _client() -> LanguageClient:
    client = LanguageClient(converter_factory=_converter)
    register_lsp_features(client, dict(DEFAULT_CLIENT_FEATURES))
    return client


@pytest.mark.asyncio(loop_scope="function")
async def test_serve_never_writes_through_a_committed_owner_symlink(victim, tmp_path):
    precious = tmp_path / "home" / ".bashrc"
    precious.write_text("export PATH=$HOME/bin:$PATH\n")
    before = precious.stat()
    (victim.repo / ".lore").mkdir()
    os.symlink(precious, victim.repo / ".lore" / "lore.duckdb.owner")
    git(victim.repo, "add", ".lore")
    git(victim.repo, "commit", "-q", "-m", "lock")

    config = ClientServerConfig(server_command=[*lore_cmd(), "serve"], client_factory=_client,
                                server_env=victim.env)
    client = await config.start()
    try:
        await client.initialize_session(types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"), root_uri=victim.repo.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=victim.repo.as_uri(), name="clone")],
            initialization_options={"ingestOnStartup": False}))
        reply = await client.protocol.send_request_async("lore/transact", {"facts": '[[:a/b :description "x"]]',
                                                                           "reason": "r"})
        assert reply["ok"] is False and reply["error"]["code"] == "unsafe-path", reply
    finally:
        await client.shutdown_session()
    rc, out, _, _ = victim.run("transact", '[[:a/b :description "x"]]', "--reason", "r")
    assert rc != 0 and out["error"]["code"] == "unsafe-path", out
    assert precious.read_text() == "export PATH=$HOME/bin:$PATH\n"
    assert precious.stat().st_mtime_ns == before.st_mtime_ns

"""Settings through initializationOptions, workspace/didChangeConfiguration and workspace/configuration,
with VS Code's and Neovim's client capabilities; a client that never answers the pull (Neovim 0.7) gets
defaults plus pushed settings."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .conftest import lsp, make_repo, request, wait_for


async def status(client) -> dict:
    return await request(client, "lore/serverStatus", {})


async def status_where(client, hover_key: str, value) -> dict | None:
    """The server's status once its hover setting ``hover_key`` is ``value`` (else None)."""
    st = await status(client)
    return st if st["settings"]["hover"][hover_key] == value else None


async def hover_enabled(client) -> dict | None:
    st = await status(client)
    return st if st["settings"]["hover"]["enabled"] else None


@pytest.mark.asyncio
async def test_initialization_options_and_push(tmp_path):
    root = make_repo(tmp_path / "repo")
    opts = {"lore": {"ingestOnStartup": False, "hover": {"enabled": False}, "diagnostics": {"debounceMs": 10}}}
    async with lsp(None, root, caps="vscode", init_options=opts) as client:
        st = await status(client)
        assert st["settings"]["hover"]["enabled"] is False
        assert st["settings"]["diagnostics"]["debounceMs"] == 10
        # the graph defaults to .lore/lore.duckdb at the workspace's git root; this server owns it
        assert st["graph"] == str(root / ".lore" / "lore.duckdb") and st["owner"] is True
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lore": {"hover": {"enabled": True}, "diagnostics": {"minConfidence": 0.5}}}))
        st = await wait_for(lambda: hover_enabled(client), 90, "the pushed settings")
        assert st["settings"]["hover"]["enabled"] is True
        assert st["settings"]["diagnostics"]["minConfidence"] == 0.5


@pytest.mark.asyncio
async def test_pulled_configuration(tmp_path):
    root = make_repo(tmp_path / "repo")
    async with lsp(None, root, caps="vscode", init_options={"ingestOnStartup": False},
                   configuration={"lore": {"hover": {"maxMemories": 3}}}) as client:
        st = await wait_for(lambda: status_where(client, "maxMemories", 3), 90, "the pulled settings")
        assert st["settings"]["hover"]["maxMemories"] == 3


@pytest.mark.asyncio
async def test_bad_settings_are_reported_and_ignored(tmp_path):
    root = make_repo(tmp_path / "repo")
    opts = {"ingestOnStartup": "yes", "diagnostics": {"debounceMs": -5, "enabled": 1}, "hover": "off",
            "unknownKey": {"x": 1}}
    async with lsp(None, root, caps="vscode", init_options=opts) as client:
        st = await status(client)
        assert st["settings"]["ingestOnStartup"] is True
        assert st["settings"]["diagnostics"]["debounceMs"] == 250
        assert st["settings"]["diagnostics"]["enabled"] is True
        assert st["settings"]["hover"]["enabled"] is True
        await wait_for(lambda: sum("ignored" in m.message for m in client.log_messages) >= 4, 90,
                       "four 'ignored' log messages")
        assert sum("ignored" in m.message for m in client.log_messages) >= 4
        # a push that is not an object at all
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=[1, 2]))
        assert (await request(client, "lore/stats", {}))["ok"] is True


@pytest.mark.parametrize("caps", ["neovim", "neovim-new"])
@pytest.mark.asyncio
async def test_client_that_never_answers_the_pull(tmp_path, caps):
    """Neovim 0.7 declares workspace.configuration but never answers: the server must not wait forever."""
    root = make_repo(tmp_path / "repo")
    opts = {"ingestOnStartup": False, "configurationTimeoutMs": 200, "hover": {"maxHistory": 2}}
    async with lsp(None, root, caps=caps, init_options=opts, silent_client=True) as client:
        reply = await request(client, "lore/transact", {"facts": "[[:a/b :c 1]]", "reason": "r"})
        assert reply["ok"]
        st = await status(client)
        assert st["settings"]["hover"]["maxHistory"] == 2
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"lore": {"hover": {"maxHistory": 4}}}))
        st = await wait_for(lambda: status_where(client, "maxHistory", 4), 90, "the pushed settings")
        assert st["settings"]["hover"]["maxHistory"] == 4


def test_extension_setting_names_are_aliases():
    """The VS Code extension's flat names (lore.graphPath, autoIngest, minConfidence) reach the same settings."""
    from lore.lsp.settings import Settings

    s = Settings()
    changed = s.update({"lore": {"graphPath": "g.duckdb", "autoIngest": False, "minConfidence": 0.7,
                                 "autolink": False, "logLevel": "debug"}})
    assert s.get("graph") == "g.duckdb"
    assert s.get("ingestOnStartup") is False
    assert s.get("diagnostics.minConfidence") == 0.7
    assert s.get("autolink") is False and s.get("logLevel") == "debug"
    assert set(changed) == {"graph", "ingestOnStartup", "diagnostics.minConfidence", "autolink", "logLevel"}
    # the nested name wins when both are given; a bad log level is refused, not applied
    s.update({"minConfidence": 0.2, "diagnostics": {"minConfidence": 0.9}, "logLevel": "loud"})
    assert s.get("diagnostics.minConfidence") == 0.9
    assert s.get("logLevel") == "debug" and any("logLevel" in r for r in s.rejected)



@pytest.mark.asyncio
async def test_an_answer_after_the_server_stopped_waiting_is_dropped_quietly(tmp_path, capfd):
    """Found opening an 18 MB file in Neovim on a hostile copy of spf13/cobra: the editor, busy, answered the
    server's requests (window/workDoneProgress/create, workspace/configuration) after the server had stopped
    waiting for them, and each late answer put pygls's "Unable to handle message" InvalidStateError traceback
    in the editor's log as an error. The server drops such an answer quietly and serves on."""
    root = make_repo(tmp_path / "repo")
    opts = {"configurationTimeoutMs": 200}
    async with lsp(None, root, caps="neovim-new", init_options=opts, silent_client=True,
                   late_progress_create=True) as client:
        assert (await status(client))["ok"]  # the server has stopped waiting for the pull
        client.__dict__["_hold"].set()       # the editor answers now, late
        await wait_for(lambda: _late_answered(client), 60, "the late answers")
        reply = await request(client, "lore/transact", {"facts": "[[:a/b :c 1]]", "reason": "r"})
        assert reply["ok"]
    err = capfd.readouterr().err
    assert "InvalidStateError" not in err and "Unable to handle message" not in err, err[-3000:]


async def _late_answered(client) -> bool | None:
    return True if client.__dict__.get("_late_progress_answered") else None

"""The editor's view end to end, with VS Code's and Neovim's client capabilities: ingestion at startup shown as
work-done progress, diagnostics from composed warnings (re-anchored on unsaved edits, cleared on close),
hover, code actions and their commands."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from lsprotocol import types

from .conftest import cli, lsp, make_repo, open_doc, request, wait_for

pytestmark = pytest.mark.asyncio(loop_scope="module")

REJECT_REDIS = ('[[:decision/cache :rejects :module/redis] '
                '[:decision/cache :description "no redis in auth: ops burden"] '
                '[:decision/login :governs :function/src-auth-py-login] '
                '[:decision/login :description "login must be rate limited"] '
                '[:decision/login :rationale "credential stuffing"]]')


def lore_diags(client, uri: str, code: str | None = None) -> list[types.Diagnostic]:
    return [d for d in client.diagnostics.get(uri, []) if d.source == "lore" and (code is None or d.code == code)]


@pytest_asyncio.fixture(loop_scope="module", scope="module", params=["vscode", "neovim"])
async def ws(tmp_path_factory, request):
    """The whole flow once with VS Code's client capabilities and once with Neovim 0.7's. Each test sets up
    what it reads itself (the decisions, the buffer's text: ``buffer``), so any one runs alone or in any
    order (pytest-xdist's default --dist load spreads a module's tests over workers)."""
    root = make_repo(tmp_path_factory.mktemp("editor") / "repo")
    graph = root / ".lore" / "lore.duckdb"
    async with lsp(graph, root, caps=request.param, init_options={"diagnostics": {"debounceMs": 50}},
                   silent_client=request.param == "neovim") as client:
        client.__dict__["_editor_state"] = {"version": 1, "open": False, "decided": False}
        yield client, root, graph


EDITED = "# one\n# two\n# three\n"  # three lines above the file's text: `def login` moves to line 12


async def decided(client) -> None:
    """The ingest done and REJECT_REDIS recorded (once per server)."""
    state = client.__dict__["_editor_state"]
    if state["decided"]:
        return
    async def complete():
        status = await request(client, "lore/ingestStatus", {})
        return status if status.get("status") == "complete" else None

    await wait_for(complete, 90, "the startup ingest to complete")
    reply = await request(client, "lore/transact", {"facts": REJECT_REDIS, "reason": "architecture review"})
    assert reply["ok"], reply
    state["decided"] = True


async def buffer(client, root: Path, prefix: str = "") -> str:
    """src/auth.py open in the editor with ``prefix`` above its saved text (unsaved), after ``decided``; the
    rejected_dependency diagnostic of that text is there."""
    await decided(client)
    state = client.__dict__["_editor_state"]
    path = root / "src" / "auth.py"
    uri = path.as_uri()
    state["version"] += 1
    if not state["open"]:
        open_doc(client, path, text=prefix + path.read_text(), version=state["version"])
        state["open"] = True
    else:
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=state["version"]),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=prefix + path.read_text())]))
    line = prefix.count("\n") + 1  # `import redis`
    await wait_for(lambda: [d for d in lore_diags(client, uri, "rejected_dependency") if d.range.start.line == line],
                   what="rejected_dependency on the buffer's import")
    return uri


def _ended(client) -> list[Any]:
    return [v for vals in client.progress_reports.values() for v in vals
            if isinstance(v, types.WorkDoneProgressEnd)]


async def test_startup_ingests_with_progress(ws):
    client, root, graph = ws
    await wait_for(lambda: _ended(client), what="ingestion progress to end")
    reports = next(vals for vals in client.progress_reports.values() if vals)
    assert isinstance(reports[0], types.WorkDoneProgressBegin) and reports[0].cancellable
    status = await request(client, "lore/ingestStatus", {})
    assert status["ok"] and status["status"] == "complete"
    code, out = cli(graph, "sql", "SELECT count(*) FROM code_locations")
    assert out["rows"][0][0] >= 3


async def test_warning_becomes_diagnostic_on_the_import(ws):
    client, root, _ = ws
    uri = await buffer(client, root)
    diags = await wait_for(lambda: [d for d in lore_diags(client, uri, "rejected_dependency")
                                    if d.range.start.line == 1], what="rejected_dependency")
    d = diags[0]
    assert d.range.start.line == 1 and d.range.start.character == 7  # `redis` in `import redis`
    assert d.severity == types.DiagnosticSeverity.Warning
    assert d.message == 'src/auth.py imports redis, which the decision "no redis in auth…" rejects'
    assert d.related_information and any("no redis in auth: ops burden" in r.message for r in d.related_information)
    assert d.data["id"].startswith("rejected-dependency-")


async def test_unsaved_edit_moves_the_anchor(ws):
    client, root, _ = ws
    uri = await buffer(client, root)
    state = client.__dict__["_editor_state"]
    state["version"] += 1
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=state["version"]),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), text=EDITED)]))
    moved = await wait_for(lambda: [d for d in lore_diags(client, uri, "rejected_dependency")
                                    if d.range.start.line == 4], what="diagnostic to follow the edit")
    assert moved[0].range.start.character == 7


async def test_hover_shows_memories_and_history(ws):
    client, root, _ = ws
    uri = await buffer(client, root, EDITED)
    # `def login` is on line 12 of the edited buffer (3 lines were inserted above line 10)
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(12, 6))), 10)
    assert hover is not None and hover.contents.kind == types.MarkupKind.Markdown
    md = hover.contents.value
    assert ":function/src-auth-py-login" in md
    assert "login must be rate limited" in md and "credential stuffing" in md
    assert "Introduced by" in md and "first commit" in md and "ada@example.com" in md


async def test_hover_on_method_and_on_import(ws):
    client, root, _ = ws
    uri = await buffer(client, root, EDITED)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(8, 9)))  # def evict
    assert hover is not None and ":function/src-auth-py-tokencache-evict" in hover.contents.value
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(4, 9)))  # import redis
    assert hover is not None and ":module/redis" in hover.contents.value
    assert "no redis in auth" in hover.contents.value  # the decision that rejects it
    nothing = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(5, 0)))  # blank line
    assert nothing is None


async def test_code_actions_and_commands(ws):
    client, root, graph = ws
    uri = await buffer(client, root, EDITED)
    # the warning this test dismisses for good is its own (`import os`), not the one the other tests read
    reply = await request(client, "lore/transact", {"facts": '[[:decision/no-os :rejects :module/os] '
                                                              '[:decision/no-os :description "no os here"]]',
                                                   "reason": "test"})
    assert reply["ok"], reply
    diags = await wait_for(lambda: [d for d in lore_diags(client, uri, "rejected_dependency")
                                    if d.range.start.line == 3], what="rejected_dependency on import os")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(types.Position(12, 5), types.Position(12, 5)),
        context=types.CodeActionContext(diagnostics=diags)))
    titles = [a.title for a in actions]
    assert any("record a decision about login" in t for t in titles)
    assert any("history of login" in t for t in titles)
    assert any("dismiss" in t for t in titles)
    record = next(a for a in actions if "record a decision" in a.title)
    args = record.command.arguments[0]
    args["description"] = "login uses argon2"
    reply = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=record.command.command, arguments=[args]))
    assert reply["ok"] and reply["decision"] == ":decision/login-uses-argon2"
    code, hist = cli(graph, "history", reply["decision"])
    assert [h["value"] for h in hist["history"] if h["attribute"] == ":description"] == ["login uses argon2"]
    assert hist["history"][0]["source"] == "lsp"
    # the hover shows the new decision at once (no stale cached hover)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(12, 6)))
    assert "login uses argon2" in hover.contents.value
    history = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="lore.showHistory", arguments=[{"entity": ":function/src-auth-py-login"}]))
    assert history["ok"] and history["history"]
    # dismiss: the warning goes away for good
    dismiss = next(a for a in actions if "dismiss" in a.title)
    reply = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=dismiss.command.command, arguments=dismiss.command.arguments))
    assert reply["ok"], reply
    await wait_for(lambda: uri in client.diagnostics and not [d for d in lore_diags(client, uri, "rejected_dependency")
                                                              if d.range.start.line == 3],
                   what="dismissed warning to disappear")
    assert [d for d in lore_diags(client, uri, "rejected_dependency") if d.range.start.line == 4]  # redis: still


@pytest.mark.parametrize("command,args", [
    ("lore.recordDecision", []),
    ("lore.recordDecision", [{"entity": "not an ident", "description": "x"}]),
    ("lore.recordDecision", [{"entity": ":function/x", "description": ""}]),
    ("lore.showHistory", [["a list"]]),
    ("lore.dismissWarning", [{"id": 7}]),
    ("lore.dismissWarning", [{"id": "no-such-warning-000000000000"}]),
])
async def test_bad_command_arguments(ws, command, args):
    client, _, _ = ws
    reply = await client.workspace_execute_command_async(types.ExecuteCommandParams(command=command,
                                                                                    arguments=args))
    assert reply["ok"] is False and reply["error"]["code"]


async def test_save_and_close(ws):
    client, root, _ = ws
    uri = await buffer(client, root)
    client.diagnostics.pop(uri, None)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await wait_for(lambda: uri in client.diagnostics, what="diagnostics after save")
    client.diagnostics[uri] = [types.Diagnostic(range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                                                message="sentinel")]
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    await wait_for(lambda: len(client.diagnostics.get(uri, [None])) == 0, what="diagnostics cleared on close")
    client.__dict__["_editor_state"]["open"] = False


async def test_warnings_request_matches_cli(ws):
    client, root, graph = ws
    await decided(client)
    via_lsp = await request(client, "lore/warnings", {"uri": (root / "src" / "auth.py").as_uri()})
    code, via_cli = cli(graph, "warnings", "src/auth.py")
    assert via_lsp == via_cli

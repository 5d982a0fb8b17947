"""SPEC §5 end to end in a real ``lore serve``: the working layer under the editor. A rejected import typed
into an unsaved buffer is flagged on its line and cleared when deleted; a function added in the buffer and
named by a memory shows that memory on hover; a commit on the graph's branch is ingested unasked while a
checkout of another branch changes only the layer; workspace/diagnostic lists files that are not open.
None of it is ever visible to ``lore/query``."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import pytest_asyncio
from lsprotocol import types

from .conftest import cli, git, lsp, make_repo, open_doc, request, wait_for

pytestmark = pytest.mark.asyncio(loop_scope="module")

APP = "import os\n\n\ndef get(key):\n    return os.environ.get(key)\n"
MEMORIES = ('[[:decision/no-chardet :rejects :module/chardet] '
            '[:decision/no-chardet :description "charset-normalizer only: chardet is slow"] '
            '[:decision/enc :description "normalize_encoding must never guess the charset"]]')



@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("layer") / "repo", {"src/app.py": APP})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", MEMORIES, "--reason", "team decisions")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 30}}) as client:
        yield client, root, graph


def lore_diags(client, uri: str) -> list[types.Diagnostic]:
    return [d for d in client.diagnostics.get(uri, []) if d.source == "lore"]


def app_open(client, root) -> str:
    """src/app.py open in the editor with its saved text (once per server: any test may be first to need it)."""
    path = root / "src" / "app.py"
    if not client.__dict__.get("_app_open"):
        open_doc(client, path, version=next_version(client))
        client.__dict__["_app_open"] = True
    return path.as_uri()


def next_version(client) -> int:
    """The open documents' versions only go up, whichever test edits them first."""
    v = client.__dict__.get("_version", 1) + 1
    client.__dict__["_version"] = v
    return v


def change(client, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def test_unsaved_import_is_flagged_on_its_line_and_cleared(ws):
    client, root, graph = ws
    uri = app_open(client, root)
    await wait_for(lambda: uri in client.diagnostics, timeout=90, what="first publish")
    assert lore_diags(client, uri) == []
    change(client, uri, next_version(client), "import os\nimport chardet\n\n\ndef get(key):\n    return os.environ.get(key)\n")
    [d] = await wait_for(lambda: [d for d in lore_diags(client, uri) if d.code == "rejected_dependency"],
                      timeout=90, what="the rejected import flagged")
    assert d.range.start.line == 1 and "chardet" in d.message
    assert (root / "src" / "app.py").read_text() == APP  # never saved
    # History never saw it: lore/query and lore warnings on the CLI know nothing of the buffer.
    q = await request(client, "lore/query", {"query": '[:find ?t :where [:module/src-app-py :depends-on ?t]]'})
    assert [":module/chardet"] not in q["results"]
    assert cli(graph, "warnings", "src/app.py")[1]["warnings"] == []
    change(client, uri, next_version(client), APP)
    await wait_for(lambda: not lore_diags(client, uri), timeout=90, what="the warning cleared")


async def test_buffer_function_named_by_a_memory_shows_it_on_hover(ws):
    client, root, graph = ws
    uri = app_open(client, root)
    text = APP + "\n\ndef normalize_encoding(data):\n    return data\n"
    version = next_version(client)
    change(client, uri, version, text)
    line = text.splitlines().index("def normalize_encoding(data):")

    async def hovered():
        h = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=6)))
        return h if h is not None and ":decision/enc" in h.contents.value else None

    h = await wait_for(hovered, timeout=90, what="the memory on hover")
    assert "normalize_encoding must never guess" in h.contents.value
    q = await request(client, "lore/query", {
        "query": '[:find ?m :where [?m :relates-to :function/src-app-py-normalize-encoding]]'})
    assert q["results"] == []  # the link lives in the layer only
    status = await request(client, "lore/layerStatus", {})
    assert any(f["path"] == "src/app.py" and f["source"] == "buffer" and f["version"] == version for f in status["files"])
    change(client, uri, next_version(client), APP)


async def test_a_memory_recorded_while_a_buffer_is_open_reaches_it(ws):
    # Never a stale layer: a memory written after the buffer's function was typed (here through lore/transact,
    # as an agent beside the editor would) shows on hover, and a rejection recorded after an unsaved import
    # was typed flags it without another keystroke.
    client, root, graph = ws
    text = "import simplejson\n\n\ndef pick_trust_store():\n    return None\n"
    uri = open_doc(client, root / "src" / "trust.py", text)  # a buffer never saved
    await wait_for(lambda: uri in client.diagnostics, timeout=90, what="first publish")
    assert lore_diags(client, uri) == []
    reply = await request(client, "lore/transact", {
        "facts": '[[:decision/trust :description "pick_trust_store must prefer the system trust store"] '
                 '[:decision/no-simplejson :rejects :module/simplejson] '
                 '[:decision/no-simplejson :description "the standard json module only"]]',
        "reason": "recorded while the buffer is open"})
    assert reply["ok"], reply

    async def hovered():
        h = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=3, character=6)))
        return h if h is not None and ":decision/trust" in h.contents.value else None

    await wait_for(hovered, timeout=90, what="the new memory on hover")
    [d] = await wait_for(lambda: lore_diags(client, uri), timeout=90,
                         what="the unsaved import flagged by the new rejection")
    assert d.range.start.line == 0 and "simplejson" in d.message
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    await wait_for(lambda: not lore_diags(client, uri), timeout=90, what="the closed buffer's warning cleared")


async def test_commit_on_the_graph_branch_is_ingested_unasked(ws):
    client, root, graph = ws
    (root / "src" / "new_mod.py").write_text("def fresh():\n    return 1\n")
    git(root, "add", "src")
    git(root, "commit", "-q", "-m", "add new_mod")
    query = {"query": '[:find ?e :where [?e :path "src/new_mod.py"]]'}

    async def ingested():
        r = await request(client, "lore/query", query)
        return r.get("results")

    assert await wait_for(ingested, timeout=90, what="the commit's facts") == [[":module/src-new-mod-py"]]


async def test_checkout_changes_only_the_layer_and_pull_lists_closed_files(ws):
    client, root, graph = ws
    git(root, "checkout", "-q", "-b", "feature")
    (root / "src" / "fetch.py").write_text("import chardet\n\n\ndef fetch():\n    return chardet\n")
    git(root, "add", "src")
    git(root, "commit", "-q", "-m", "fetch with chardet")
    async def layered():
        st = await request(client, "lore/layerStatus", {})
        # Both at once: a refresh that began before the checkout reads the branch (main) before its diff
        # sees the new file; the refresh the checkout itself sets off brings the two together.
        on_feature = st["git"] is not None and st["git"]["branch"] == "feature"
        return st if on_feature and any(f["path"] == "src/fetch.py" for f in st["files"]) else None

    await wait_for(layered, timeout=90, what="the feature branch and its file in the layer")
    # History stays the graph branch's: the feature commit's module is not a fact.
    q = await request(client, "lore/query", {"query": '[:find ?e :where [?e :path "src/fetch.py"]]'})
    assert q["results"] == []
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_uri = {i.uri: i.items for i in report.items}
    fetch_uri = (root / "src" / "fetch.py").resolve().as_uri()
    assert [d.range.start.line for d in by_uri[fetch_uri] if d.code == "rejected_dependency"] == [0]
    one = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=fetch_uri)))
    assert [d.code for d in one.items] == ["rejected_dependency"]
    # Back on main: the file is gone from the work tree, so from the layer and the Problems panel.
    git(root, "checkout", "-q", "main")

    async def cleared():
        r = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
        items = {i.uri: i.items for i in r.items}
        return fetch_uri in items and not items[fetch_uri]  # an empty report clears the panel

    await wait_for(cleared, timeout=90, what="the closed file's warning cleared")


async def test_a_warning_on_an_unsaved_import_is_dismissed_from_its_code_action(ws):
    client, root, graph = ws
    path = root / "src" / "cache.py"  # a new file, never saved: the warning exists in the buffer only
    uri = open_doc(client, path, text="import chardet\n\n\ndef detect(b):\n    return chardet.detect(b)\n")
    [d] = await wait_for(lambda: [d for d in lore_diags(client, uri) if d.code == "rejected_dependency"],
                         timeout=90, what="the rejected import flagged")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=d.range,
        context=types.CodeActionContext(diagnostics=[d])))
    [dismiss] = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.title.startswith("Lore: dismiss")]
    assert dismiss.command is not None
    reply = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=dismiss.command.command, arguments=dismiss.command.arguments))
    assert reply["ok"], reply  # not in history: the layer's warning is dismissable
    await wait_for(lambda: not lore_diags(client, uri), timeout=90, what="the dismissed warning cleared")
    assert not path.exists()
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))


class Announcements:
    """Every lore/graphChanged the client received; ``wait`` re-checks a condition after each one."""

    def __init__(self, client: Any) -> None:
        self.count = 0
        self._changed = asyncio.Condition()

        @client.feature("lore/graphChanged")
        async def on_changed(params: Any) -> None:
            async with self._changed:
                self.count += 1
                self._changed.notify_all()

    async def wait(self, check, timeout: float = 90) -> Any:
        async def loop() -> Any:
            while True:
                async with self._changed:
                    seen = self.count
                got = await check()
                if got:
                    return got
                async with self._changed:
                    await self._changed.wait_for(lambda seen=seen: self.count != seen)
        return await asyncio.wait_for(loop(), timeout)


@pytest.mark.asyncio(loop_scope="function")
@pytest.mark.parametrize("pairs", [5])
async def test_two_commits_back_to_back_are_both_ingested(tmp_path, pairs):
    """The second of two quick commits lands while the first is being ingested (the watcher polls often
    here, so it starts right after the first): it must still be ingested, unasked."""
    root = make_repo(tmp_path / "repo", {"src/app.py": APP})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "ingest", str(root))[0] == 0
    async with lsp(graph, root, init_options={"ingestOnStartup": False},
                   env={"LORE_GIT_POLL_SECONDS": "0.01"}) as client:
        notes = Announcements(client)
        for i in range(pairs):
            for j in (0, 1):
                (root / "src" / f"m{i}_{j}.py").write_text(f"def f{i}_{j}():\n    return {j}\n")
                git(root, "add", "src")
                git(root, "commit", "-q", "-m", f"commit {i}.{j}")
            second = git(root, "rev-parse", "HEAD").strip()

            async def at_second_head(second=second):
                r = await request(client, "lore/headWatermark", {})
                return r.get("watermark") == second

            try:
                await notes.wait(at_second_head)
            except TimeoutError:
                wm = (await request(client, "lore/headWatermark", {})).get("watermark")
                raise AssertionError(f"pair {i}: the graph stayed at {wm}, HEAD is {second}") from None
            q = await request(client, "lore/query", {"query": f'[:find ?e :where [?e :path "src/m{i}_1.py"]]'})
            assert q["results"] == [[f":module/src-m{i}-1-py"]]


@pytest.mark.asyncio(loop_scope="function")
async def test_a_server_lays_its_work_tree_over_history_at_its_first_look(tmp_path):
    """Started on a feature branch with a committed change and an unstaged one, the server's git watcher
    lays both over history at its first look, unasked (so the first request — a buffer, workspace
    diagnostics, lore/check — does not build the layer), and says so in lore/serverStatus."""
    root = make_repo(tmp_path / "repo", {"src/app.py": APP})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", MEMORIES, "--reason", "team decisions")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    git(root, "checkout", "-q", "-b", "feature")
    (root / "src" / "fetch.py").write_text("import chardet\n\n\ndef fetch():\n    return chardet\n")
    git(root, "add", "src")
    git(root, "commit", "-q", "-m", "fetch with chardet")
    (root / "src" / "app.py").write_text(APP + "\n\ndef added():\n    return 1\n")
    async with lsp(graph, root, init_options={"ingestOnStartup": False}) as client:
        async def warm():
            ss = await request(client, "lore/serverStatus", {})
            return ss if ss.get("layerWarm") else None

        await wait_for(warm, timeout=90, what="the watcher's first look")
        st = await request(client, "lore/layerStatus", {})
        assert {f["path"]: f["source"] for f in st["files"]} == {"src/fetch.py": "git", "src/app.py": "git"}
        assert st["git"]["branch"] == "feature" and st["stats"]["updates"] >= 1
        updates = st["stats"]["updates"]
        # the check finds the layer as the watcher left it: nothing is laid over again
        r = await request(client, "lore/check", {"repo": str(root)})
        assert r["ok"] and [(w["rule"], w["file"]) for w in r["warnings"]] == [("rejected_dependency", "src/fetch.py")]
        assert (await request(client, "lore/layerStatus", {}))["stats"]["updates"] == updates


@pytest.mark.parametrize("name", [b"my app.py", "caf\u00e9.py".encode(), b"caf\xe9.py"])
async def test_a_buffer_whose_uri_is_quoted_is_flagged(ws, name):
    # pygls keys open documents by the unquoted URI, and the server looked them up by the client's: a file
    # whose URI needs quoting (a space, a letter outside ASCII) was never found, so it had no diagnostics.
    # A name that is not UTF-8 (b"caf\xe9.py", caf%E9.py) also decoded to U+FFFD, a file that does not exist.
    import os
    from pathlib import Path

    client, root, graph = ws
    path = Path(os.fsdecode(os.path.join(os.fsencode(root), b"src", name)))
    path.write_bytes(APP.encode())  # untracked: the working layer's
    uri = open_doc(client, path, text=APP, version=1)
    assert "%" in uri
    change(client, uri, 2, "import os\nimport chardet\n")
    [d] = await wait_for(lambda: [d for d in lore_diags(client, uri) if d.code == "rejected_dependency"],
                         timeout=90, what=f"the rejected import in {name!r} flagged")
    assert d.range.start.line == 1 and "chardet" in d.message
    change(client, uri, 3, APP)
    await wait_for(lambda: not lore_diags(client, uri), timeout=90, what="the warning cleared")
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    path.unlink()


@pytest.mark.asyncio(loop_scope="function")
async def test_lore_check_in_the_editor_and_on_the_command_line_agree_on_an_open_buffer(tmp_path):
    """SPEC §4: lore/check answers as ``lore check --json`` does. With the buffer saved both see the same code,
    so the same warnings — provenance included. The layer's own rows carry ids only that layer knows,
    renumbered whenever it is rebuilt (here: a memory recorded while the buffer is open, a function typed
    and deleted), so the editor's check cited [-31, 1, 2] where the command line's cited [-15, 1, 2]."""
    import json
    import subprocess

    from .conftest import LORE

    root = make_repo(tmp_path / "repo", {"src/app.py": APP})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", MEMORIES, "--reason", "team decisions")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    git(root, "checkout", "-q", "-b", "feature")
    saved = "import os\nimport chardet\n\n\ndef get(key):\n    return os.environ.get(key)\n"
    (root / "src" / "app.py").write_text(saved)
    git(root, "commit", "-qam", "chardet")
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 30}}) as client:
        uri = open_doc(client, root / "src" / "app.py")
        await wait_for(lambda: [d for d in lore_diags(client, uri) if d.code == "rejected_dependency"],
                       timeout=90, what="the committed import flagged")
        assert cli(graph, "transact", '[[:decision/x :description "logs go to stderr"]]', "--reason", "r")[0] == 0
        change(client, uri, 2, saved + "\n\ndef more():\n    return 1\n")
        await wait_for(lambda: any(d.range.start.line == 1 for d in lore_diags(client, uri)), timeout=90,
                       what="the edited buffer's diagnostics")
        change(client, uri, 3, saved)
        layer = await request(client, "lore/layerBuffer", {"root": str(root), "path": str(root / "src" / "app.py"),
                                                           "text": saved, "version": 3})
        assert [w["rule"] for w in layer["warnings"]] == ["rejected_dependency"]
        editor = await request(client, "lore/check", {})
        proc = subprocess.run([LORE, "--graph", str(graph), "check", "--json"], cwd=root, capture_output=True,
                              text=True, timeout=120)
        command_line = json.loads(proc.stdout)
        assert proc.returncode == 1 and editor["ok"] and command_line["ok"]
        assert [w["rule"] for w in editor["warnings"]] == ["rejected_dependency"]
        assert editor["warnings"] == command_line["warnings"]
        # what it cites are the graph's facts: the decision's
        [w] = editor["warnings"]
        cited = await request(client, "lore/sql", {"sql": f"SELECT DISTINCT e FROM facts WHERE id IN ({', '.join(map(str, w['provenance']))})"})
        assert cited["rows"] == [[":decision/no-chardet"]]

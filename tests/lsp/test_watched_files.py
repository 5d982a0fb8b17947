"""Files written outside the editor (SPEC §5, lore.lsp.watched): the server asks a client that can watch files
to report them, and a report re-reads the work tree, so a file an agent or a terminal wrote, changed or
deleted — nothing in .git moves — reaches the Problems panel (workspace/diagnostic) without a commit, a
checkout or a save. User trial 17: an untracked tests/test_live.py with a rejected import stayed out of it."""

from __future__ import annotations

import pytest
import pytest_asyncio
from lsprotocol import types

from .conftest import cli, lsp, make_repo, open_doc, request, wait_for

pytestmark = pytest.mark.asyncio(loop_scope="module")

APP = "import os\n\n\ndef get(key):\n    return os.environ.get(key)\n"
MEMORIES = ('[[:decision/no-requests :rejects :module/requests] '
            '[:decision/no-requests :description "the test suite uses the werkzeug test client, not requests"]]')


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("watched") / "repo", {"src/app.py": APP, "tests/test_app.py": APP})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", MEMORIES, "--reason", "team decisions")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 30}}) as client:
        await wait_for(lambda: _warm(client), timeout=90, what="the layer warm")
        yield client, root


async def _warm(client):
    return (await request(client, "lore/serverStatus", {})).get("layerWarm")


async def pulled(client) -> dict[str, list[types.Diagnostic]]:
    """What the Problems panel lists: the workspace pull, by file."""
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    return {item.uri: list(item.items) for item in report.items}


def tell(client, *changes: tuple[str, types.FileChangeType]) -> None:
    """What VS Code sends for the files its watcher saw."""
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri, type=kind) for uri, kind in changes]))


async def test_the_server_asks_to_be_told_of_every_file(ws):
    client, _root = ws
    await wait_for(lambda: client.__dict__.get("registrations"), timeout=90, what="the server's registrations")
    [reg] = [r for r in client.__dict__["registrations"] if r.method == "workspace/didChangeWatchedFiles"]
    globs = [w["globPattern"] if isinstance(w, dict) else w.glob_pattern
             for w in (reg.register_options["watchers"] if isinstance(reg.register_options, dict)
                       else reg.register_options.watchers)]
    assert globs == ["**/*"]


async def test_a_file_written_outside_the_editor_reaches_the_problems_panel(ws):
    client, root = ws
    new = root / "tests" / "test_live.py"
    new.write_text("import requests\n\n\ndef test_live():\n    assert requests.get('http://localhost').ok\n")
    tell(client, (new.as_uri(), types.FileChangeType.Created))

    async def listed():
        return (await pulled(client)).get(new.as_uri()) or None

    [d] = await wait_for(listed, timeout=90, what="the new file's warning in the pull")
    assert d.code == "rejected_dependency" and d.range.start.line == 0 and "requests" in d.message
    # An edit on disk of a file already changed, then its deletion, are followed the same way.
    new.write_text("import os\n")
    tell(client, (new.as_uri(), types.FileChangeType.Changed))

    async def cleared():
        return (await pulled(client)).get(new.as_uri()) == []

    await wait_for(cleared, timeout=90, what="the warning cleared once the file no longer imports it")
    tracked = root / "src" / "app.py"
    tracked.write_text("import requests\n" + APP)
    tell(client, (tracked.as_uri(), types.FileChangeType.Changed))

    async def tracked_listed():
        return (await pulled(client)).get(tracked.as_uri()) or None

    [d] = await wait_for(tracked_listed, timeout=90, what="an unstaged edit of a tracked file")
    assert "requests" in d.message
    tracked.write_text(APP)
    new.unlink()
    tell(client, (tracked.as_uri(), types.FileChangeType.Changed), (new.as_uri(), types.FileChangeType.Deleted))

    async def gone():
        got = await pulled(client)
        return not got.get(tracked.as_uri()) and not got.get(new.as_uri())

    await wait_for(gone, timeout=90, what="both cleared")


async def test_reports_about_the_graph_and_open_buffers_re_read_nothing(ws):
    client, root = ws
    refreshes = (await request(client, "lore/serverStatus", {}))["watchedRefreshes"]
    graph_file = root / ".lore" / "lore.duckdb"
    git_index = root / ".git" / "index"
    uri = open_doc(client, root / "tests" / "test_app.py", "import requests\n" + APP)  # an unsaved buffer
    [d] = await wait_for(lambda: [d for d in client.diagnostics.get(uri, []) if d.source == "lore"], timeout=90,
                         what="the buffer's warning")
    tell(client, (graph_file.as_uri(), types.FileChangeType.Changed), (git_index.as_uri(), types.FileChangeType.Changed),
         (uri, types.FileChangeType.Changed), ("file:///elsewhere/x.py", types.FileChangeType.Created))
    # a report that counts is re-read within the debounce; give these the same time, then look
    marker = root / "src" / "later.py"
    marker.write_text("X = 1\n")
    tell(client, (marker.as_uri(), types.FileChangeType.Created))

    async def one_more():
        st = await request(client, "lore/serverStatus", {})
        return st if st["watchedRefreshes"] > refreshes else None

    st = await wait_for(one_more, timeout=90, what="the marker's re-read")
    assert st["watchedRefreshes"] == refreshes + 1
    # the buffer's text stays what the layer holds for it, whatever the disk says
    assert [d.message for d in client.diagnostics.get(uri, []) if d.source == "lore"] == [d.message]
    marker.unlink()

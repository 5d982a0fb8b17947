"""A function renamed under the editor keeps its memories (SPEC §5; user trial 17's L1), in a real ``lore serve``
on stdio: a constraint names backoff(); renaming it to retry_delay in the unsaved buffer (its body the same, so
ingestion's rename pairing holds) publishes edited_decision on the renamed definition and its hover shows the
constraint and "Renamed from" backoff; undoing the rename clears it and backoff's hover has the constraint again.
The same rename committed on a feature branch, the file not open, is in the pull diagnostics."""

from __future__ import annotations

import pytest
import pytest_asyncio
from lsprotocol import types

from .conftest import cli, git, hover_text, lsp, make_repo, open_doc, request, wait_for
from .test_working_layer import change

pytestmark = pytest.mark.asyncio(loop_scope="module")

NET = ("import time\n\n\ndef backoff(attempt):\n    retries = 5\n    return min(2 ** attempt, 30) if attempt < retries "
       "else None\n\n\ndef jitter(x):\n    return x\n")
RENAMED = NET.replace("def backoff(attempt)", "def retry_delay(attempt)")
CONSTRAINT = '[[:constraint/retry :description "never change the retry budget in backoff()"]]'


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("renamed") / "repo", {"src/net.py": NET, "src/other.py": NET})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", CONSTRAINT, "--reason", "the retry budget is fixed")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 30}}) as client:
        yield client, root, graph


def edited(client, uri: str) -> list[types.Diagnostic]:
    return [d for d in client.diagnostics.get(uri, []) if d.source == "lore" and d.code == "edited_decision"]


async def test_a_function_renamed_in_the_buffer_keeps_its_memory(ws):
    client, root, graph = ws
    uri = open_doc(client, root / "src" / "net.py")
    await wait_for(lambda: uri in client.diagnostics, timeout=90, what="first publish")
    assert edited(client, uri) == []
    assert ":constraint/retry" in await hover_text(client, uri, 3, 5)
    change(client, uri, 2, RENAMED)
    [d] = await wait_for(lambda: edited(client, uri), timeout=90, what="the renamed definition flagged")
    assert d.range.start.line == 3 and "retry_delay" in d.message and "never change the retry budget" in d.message

    async def hovered():
        text = await hover_text(client, uri, 3, 6)
        return text if ":constraint/retry" in text else None

    text = await wait_for(hovered, timeout=90, what="the constraint on the renamed function's hover")
    assert "retry_delay" in text and "Renamed from" in text and "backoff" in text
    # the layer's, never history's
    q = await request(client, "lore/query", {"query": "[:find ?m :where [?m :relates-to :function/src-net-py-retry-delay]]"})
    assert q["results"] == []
    change(client, uri, 3, NET)
    await wait_for(lambda: not edited(client, uri), timeout=90, what="the rename undone")
    assert ":constraint/retry" in await hover_text(client, uri, 3, 5)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def test_a_rename_committed_on_a_feature_branch_is_pulled(ws):
    client, root, graph = ws
    git(root, "checkout", "-q", "-b", "feature")
    (root / "src" / "other.py").write_text(RENAMED)
    git(root, "commit", "-q", "-am", "backoff is retry_delay")
    other = (root / "src" / "other.py").resolve().as_uri()

    async def pulled():
        r = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
        items = {i.uri: i.items for i in r.items}
        got = [d for d in items.get(other, []) if d.code == "edited_decision"]
        return got or None

    [d] = await wait_for(pulled, timeout=90, what="the branch's rename in the pull diagnostics")
    assert d.range.start.line == 3 and "retry_delay" in d.message
    git(root, "checkout", "-q", "main")

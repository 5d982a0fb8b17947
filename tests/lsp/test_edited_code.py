"""Editing code a memory covers, in a real ``lore serve`` on stdio: a constraint recorded through lore/transact
names backoff(); changing backoff's body in the unsaved buffer publishes edited_decision on backoff's
definition, reverting the text clears it, and moving backoff without changing it publishes none. Hostile
buffers (one name defined thousands of times, one huge definition) leave the server answering."""

from __future__ import annotations

import pytest
import pytest_asyncio
from lsprotocol import types

from .conftest import cli, lsp, make_repo, open_doc, request, wait_for
from .test_working_layer import change

pytestmark = pytest.mark.asyncio(loop_scope="module")

NET = ("import time\n\n\ndef backoff(attempt):\n    retries = 5\n    return min(2 ** attempt, 30) if attempt < retries "
       "else None\n\n\ndef jitter(x):\n    return x\n")
NET_EDITED = NET.replace("retries = 5", "retries = 9")
MOVED = "import time\n\n\ndef jitter(x):\n    return x\n\n\n" + NET[NET.index("def backoff"):NET.index("\n\n\ndef jitter")] + "\n"
REJECT = '[[:decision/no-chardet :rejects :module/chardet] [:decision/no-chardet :description "charset-normalizer only"]]'
CONSTRAINT = '[[:constraint/retry :description "never change the retry budget in backoff()"]]'


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("edited") / "repo", {"src/net.py": NET})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", REJECT, "--reason", "team decision")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 30}}) as client:
        yield client, root, graph


def lore_diags(client, uri: str, code: str | None = None) -> list[types.Diagnostic]:
    return [d for d in client.diagnostics.get(uri, []) if d.source == "lore" and (code is None or d.code == code)]


async def test_editing_a_covered_body_warns_and_reverting_clears(ws):
    client, root, graph = ws
    uri = open_doc(client, root / "src" / "net.py")
    await wait_for(lambda: uri in client.diagnostics, timeout=90, what="first publish")
    assert lore_diags(client, uri) == []
    reply = await request(client, "lore/transact", {"facts": CONSTRAINT, "reason": "the retry budget is fixed"})
    assert reply["ok"], reply
    change(client, uri, 2, NET_EDITED)
    [d] = await wait_for(lambda: lore_diags(client, uri, "edited_decision"), timeout=90,
                         what="the edited body flagged")
    assert d.range.start.line == 3  # def backoff, 0-based
    assert "edited in the working tree" in d.message and "never change the retry budget" in d.message
    # a warning rule, shown a step lower: the link is found by backoff's name in the text (a guess, 0.68)
    assert d.severity == types.DiagnosticSeverity.Information and d.data["confidence"] < 0.7
    # never history: a query for the layer's mark finds nothing
    q = await request(client, "lore/query", {"query": "[:find ?e :where [?e :lore/edited ?v]]"})
    assert q["results"] == []
    change(client, uri, 3, NET)
    await wait_for(lambda: not lore_diags(client, uri, "edited_decision"), timeout=90, what="the warning cleared")


async def test_moving_a_covered_function_unchanged_warns_nothing(ws):
    client, root, graph = ws
    uri = (root / "src" / "net.py").as_uri()
    if uri not in client.diagnostics:
        open_doc(client, root / "src" / "net.py")
    # The same change imports a rejected module: its warning is the event that says this version was
    # published, and backoff moved unchanged must not be flagged beside it.
    change(client, uri, 10, "import chardet\n" + MOVED)
    await wait_for(lambda: lore_diags(client, uri, "rejected_dependency"), timeout=90, what="the version published")
    assert lore_diags(client, uri, "edited_decision") == []
    change(client, uri, 11, NET)
    await wait_for(lambda: not lore_diags(client, uri), timeout=90, what="back to the saved text")


async def test_hostile_buffers_leave_the_server_answering(ws):
    client, root, graph = ws
    uri = (root / "src" / "net.py").as_uri()
    if uri not in client.diagnostics:
        open_doc(client, root / "src" / "net.py")
    many = "".join(f"def backoff(attempt):\n    return {i}\n\n\n" for i in range(5000))
    change(client, uri, 20, many)
    await wait_for(lambda: lore_diags(client, uri, "edited_decision"), timeout=90, what="the many definitions answered")
    huge = "def backoff(attempt):\n" + "    x = attempt + 1  # retry budget\n" * 25_000
    change(client, uri, 21, "import chardet\n" + huge)
    await wait_for(lambda: lore_diags(client, uri, "rejected_dependency"), timeout=90, what="the huge definition answered")
    assert [d.range.start.line for d in lore_diags(client, uri, "edited_decision")] == [1]
    status = await request(client, "lore/layerStatus", {})
    assert status["buffers"]["src/net.py"] == 21
    change(client, uri, 22, NET)
    await wait_for(lambda: not lore_diags(client, uri), timeout=90, what="back to the saved text")

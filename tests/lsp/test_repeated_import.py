"""A module imported more than once in a file is flagged at every import, as a linter flags each banned
import (user trial 17: flask's cli.py imports dotenv at its top and again inside a function; only the first
was flagged). The warning is one (one file, one module, one memory); the editor shows it at each place."""

from __future__ import annotations

import pytest
import pytest_asyncio

from .conftest import cli, lsp, make_repo, open_doc, wait_for
from .test_working_layer import change, lore_diags

pytestmark = pytest.mark.asyncio(loop_scope="module")

CLI = ("import os\nimport dotenv\n\n\ndef load(path):\n    import dotenv\n    return dotenv.load_dotenv(path)\n\n\n"
       "def env(key):\n    return os.environ.get(key)\n")
MEMORIES = ('[[:decision/no-dotenv :rejects :module/dotenv] '
            '[:decision/no-dotenv :description "Read the environment ourselves; python-dotenv is not a dependency"]]')


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("repeated") / "repo", {"src/cli.py": CLI})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", MEMORIES, "--reason", "team decisions")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 30}}) as client:
        yield client, root


async def test_each_import_of_a_rejected_module_is_flagged(ws):
    client, root = ws
    path = root / "src" / "cli.py"
    open_doc(client, path, version=1)
    uri = path.as_uri()
    diags = await wait_for(lambda: [d for d in lore_diags(client, uri) if d.code == "rejected_dependency"],
                           timeout=90, what="the rejected imports flagged")
    assert sorted(d.range.start.line for d in diags) == [1, 5], [(d.range, d.message) for d in diags]
    assert all("dotenv" in d.message for d in diags)
    # A third import typed into the buffer is flagged too; the other imports are not (os is not rejected).
    change(client, uri, 2, CLI + "\n\ndef again():\n    from dotenv import dotenv_values\n    return dotenv_values()\n")
    diags = await wait_for(lambda: (ds := [d for d in lore_diags(client, uri) if d.code == "rejected_dependency"])
                           and len(ds) == 3 and ds, timeout=90, what="the typed third import flagged")
    assert sorted(d.range.start.line for d in diags) == [1, 5, 14]
    # Taking out the top import leaves the two inside functions flagged, each on its own (moved) line.
    change(client, uri, 3, CLI.replace("import dotenv\n", "", 1))
    diags = await wait_for(lambda: (ds := [d for d in lore_diags(client, uri) if d.code == "rejected_dependency"])
                           and len(ds) == 1 and ds, timeout=90, what="one import left")
    assert [d.range.start.line for d in diags] == [4]

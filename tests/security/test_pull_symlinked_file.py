"""A file with a warning in history that a checkout turns into a symlink (`src/net.py -> ~/.ssh/id_rsa`, or a
folder `src -> elsewhere`) made workspace/diagnostic resolve the link: the Problems panel listed the link's target, a
file outside the workspace, and the server read up to 2 MB of it to place the warning; a link to itself made the
whole report fail. Now a pulled report names the file inside the workspace, as history does, and reads no text
through a symlink. (A linked folder was already dropped by the working layer; its case stays as a guard.)"""

from __future__ import annotations

import os

import pytest
from lsprotocol import types
from tests.lsp.conftest import cli, git, lsp, make_repo, request, wait_for

pytestmark = pytest.mark.asyncio

NO_CHARDET = '[[:decision/no-chardet :rejects :module/chardet] [:decision/no-chardet :description "no chardet"]]'


@pytest.mark.parametrize("link", ["file", "folder", "loop"])
async def test_a_pulled_report_never_names_or_reads_a_symlinks_target(tmp_path, link):
    root = make_repo(tmp_path / "repo", {"src/net.py": "import chardet\n", "README.md": "x\n"})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", NO_CHARDET, "--reason", "team")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "net.py"
    secret.write_text("import chardet  # " + "s" * 300 + "\n")
    if link == "file":
        (root / "src" / "net.py").unlink()
        os.symlink(secret, root / "src" / "net.py")
    elif link == "loop":  # a link to itself: resolving it raises, and the server must keep answering
        (root / "src" / "net.py").unlink()
        os.symlink("net.py", root / "src" / "net.py")
    else:
        (root / "src" / "net.py").unlink()
        (root / "src").rmdir()
        os.symlink(outside, root / "src")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "link it")
    async with lsp(graph, root) as client:
        async def report():
            r = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
            st = await request(client, "lore/layerStatus", {})
            return r if st and st.get("files") is not None else None

        r = await wait_for(report, timeout=90, what="a workspace report")
        root_uri = root.resolve().as_uri() + "/"
        for item in r.items:
            assert item.uri.startswith(root_uri), item.uri
            for d in item.items:
                # placed without reading the target: nothing of its 300-character line
                assert d.range.end.character < 300, d

"""Attack round 8, `lore serve` (real, over stdio): pulled diagnostics and Lore's own requests asked about
URIs outside the workspace, through `..`, through a symlink, of a FIFO a clone carries, of other schemes and of
no scheme, with params `[]` (Neovim's empty object) and NULs; `lore/check` with an option-like base and a path
with a NUL. Expected: each answered at once (a report with nothing of what lies outside, or a clear error),
nothing read outside the workspace or from the FIFO, and the workspace's real warning still reported."""

from __future__ import annotations

import os
import time

from tests.lsp.conftest import cli, git, make_repo

from .clone import ROOT, lore_cmd
from .test_lsp_malformed_requests import RawClient

NO_CHARDET = '[[:decision/no-chardet :rejects :module/chardet] [:decision/no-chardet :description "no chardet"]]'


def test_pulls_of_hostile_uris_answer_at_once_and_read_nothing_outside(tmp_path):
    root = make_repo(tmp_path / "repo", {"src/net.py": "import chardet\n", "README.md": "x\n"})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "transact", NO_CHARDET, "--reason", "team")[0] == 0
    assert cli(graph, "ingest", str(root))[0] == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "net.py").write_text("import chardet  # " + "s" * 300 + "\n")
    os.mkfifo(root / "src" / "pipe.py")  # an archive can carry one; opening it would wait for a writer
    os.symlink(outside / "net.py", root / "src" / "linked.py")
    git(root, "add", "src/linked.py")
    git(root, "commit", "-q", "-m", "link")
    base = root.as_uri()
    uris = [
        "file:///etc/passwd", base + "/../../../../etc/passwd", base + "/src/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        (outside / "net.py").as_uri(), base + "/src/linked.py", base + "/src/pipe.py", "file:///dev/zero",
        "file:///proc/self/fd/0", base + "/src/a%00b.py", base, base + "/src/", "file://evil.example/etc/passwd",
        "untitled:Untitled-1", "https://evil.example/net.py", "vscode-notebook-cell:/x.ipynb#W0", "data:,x",
        "", "not a uri", "file:" + "/a" * 5_000,
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server"), "LORE_JOURNAL": "0", "HOME": str(tmp_path)}
    client = RawClient([*lore_cmd(), "serve", "--graph", str(graph)], env, root)
    n = 1
    try:
        client.start(root)

        def ask(method, params, timeout=60):
            nonlocal n
            n += 1
            client.send({"jsonrpc": "2.0", "id": n, "method": method, "params": params})
            reply = client.reply(timeout)
            assert reply["id"] == n, reply
            return reply

        for uri in uris:
            started = time.monotonic()
            reply = ask("textDocument/diagnostic", {"textDocument": {"uri": uri}})
            assert time.monotonic() - started < 30, uri
            for d in (reply.get("result") or {}).get("items", []):
                assert d["range"]["end"]["character"] < 300, (uri, d)  # nothing of the outside file's line
        for params in ([], {}, {"previousResultIds": []}):
            reply = ask("workspace/diagnostic", params)
            for item in (reply.get("result") or {}).get("items", []):
                assert item["uri"].startswith(base + "/"), item["uri"]
        for method, params in [("lore/check", {"base": "--output=" + str(tmp_path / "x")}),
                               ("lore/check", {"paths": ["src/net.py\x00"]}),
                               ("lore/check", {"base": "main\x1b]52;c;x\x07"}),
                               ("lore/warnings", {"uri": (outside / "net.py").as_uri()}),
                               ("lore/warnings", {"uri": base + "/src/pipe.py"}),
                               ("lore/warnings", {"uri": base + "/src/net.py\x00"})]:
            result = ask(method, params, timeout=120).get("result")
            assert result is not None, (method, params)
            if not result["ok"]:
                code = result["error"]["code"]
                assert code in ("bad-base", "unknown-base", "bad-path", "bad-params"), (method, params, result)
            else:
                assert not [w for w in result["warnings"] if "outside" in str(w.get("file", ""))], result
        real = ask("textDocument/diagnostic", {"textDocument": {"uri": base + "/src/net.py"}})
        assert [d for d in real["result"]["items"] if d.get("code") == "rejected_dependency"], real
        assert client.proc.poll() is None
    finally:
        client.close()
    assert not (tmp_path / "x").exists()

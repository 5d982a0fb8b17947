"""A repository's ``.git/config`` can include another file (``include.path``, ``includeIf.<cond>.path``), and
git reads it as it finds it — whatever it is. ``include.path=/dev/stdin``: every git process the editor's
server started read the server's own stdin, the editor's messages, until the editor closed it; the server
never saw another request. ``include.path=/proc/self/fd/1``: git read its own output pipe and waited on it
forever (``lore ingest`` ended after 40 s of two time-outs, with a message about FIFOs). Now git never gets
Lore's stdin (``/dev/null`` unless Lore writes to it), the configuration is listed with its output going to
a regular file, and an include of a device, a process file or anything but a regular file is refused up
front with ``unsafe-git-config``: no git process runs in that repository."""

from __future__ import annotations

import os
import time

import pytest

from .clone import git, lore_cmd
from .test_lsp_malformed_requests import RawClient


@pytest.mark.parametrize("target", ["/dev/stdin", "/proc/self/fd/1"])
def test_the_server_keeps_answering(victim, target):
    git(victim.repo, "config", "include.path", target)
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    ids = iter(range(2, 100_000))

    def ask(method: str, params: dict | None = None) -> dict:
        i = next(ids)
        c.send({"jsonrpc": "2.0", "id": i, "method": method, "params": params or {}})
        r = c.reply(timeout=60)  # before: no reply once a git process had started
        assert r["id"] == i, r
        return r["result"]

    try:
        c.start(victim.repo)
        uri = (victim.repo / "src" / "app.py").as_uri()
        c.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                            "text": "import os\n"}}})
        ask("lore/warnings", {"uri": uri})  # the working layer runs git here (or refuses to)
        for _ in range(5):
            assert ask("lore/serverStatus")["ok"]
        assert ask("lore/sql", {"sql": "SELECT 1 AS one"})["rows"] == [[1]]
    finally:
        c.close()


@pytest.mark.parametrize("target", ["/proc/self/fd/1", "/dev/stdin", "/dev/zero", "folder"])
def test_an_include_git_must_not_read_is_an_error_at_once(victim, target):
    if target == "folder":
        (victim.repo / "folder").mkdir()
        target = "../folder"  # relative to .git/config, as git resolves it
    git(victim.repo, "config", "includeIf.gitdir:/.path", target)
    for args in (("ingest",), ("check",)):
        start = time.monotonic()
        rc, out, err, _ = victim.run(*args, timeout=120)
        assert rc != 0, (args, out, err)
        if target.startswith(("/proc", "/dev/stdin")):  # git would wait on these: Lore refuses them
            assert out["error"]["code"] == "unsafe-git-config" and target in out["error"]["message"], (out, err)
        else:  # git itself fails on these at once
            assert out["error"]["code"] in ("unsafe-git-config", "not-a-repo", "git-failed"), (out, err)
        assert time.monotonic() - start < 15  # before: 40 s (two 20 s time-outs) for /proc/self/fd/1


def test_a_regular_include_is_followed(victim, tmp_path):
    extra = tmp_path / "extra.gitconfig"
    extra.write_text("[user]\n\temail = included@example.com\n")
    git(victim.repo, "config", "include.path", str(extra))
    rc, out, err, _ = victim.run("ingest")
    assert rc == 0, (out, err)


@pytest.mark.parametrize("key", ["core.attributesFile", "mailmap.file"])
def test_a_file_git_would_read_forever_is_refused(victim, key):
    """``core.attributesFile`` and ``mailmap.file`` are read like an include: ``/proc/self/fd/1`` made ``git
    status``/``git diff`` (the working layer, `lore check`) or ``git log`` (`lore ingest`) wait forever, and
    ``/dev/zero`` made git read until it ran out of memory (not run here: on a machine without limits it
    takes everything before it dies)."""
    git(victim.repo, "config", key, "/proc/self/fd/1")
    (victim.repo / "src" / "app.py").write_text("import json\n")  # a change, so status reads attributes
    for args in (("ingest",), ("check",)):
        start = time.monotonic()
        rc, out, err, _ = victim.run(*args, timeout=150)  # before: ingest ran past 150 s (git log waits)
        assert rc != 0 and out["error"]["code"] == "unsafe-git-config", (args, out, err)
        assert key.lower() in out["error"]["message"]
        assert time.monotonic() - start < 15


def test_a_fifo_as_the_mailmap_is_never_opened(victim):
    """An archive's work tree can hold `.mailmap` as a FIFO: `git log` opened it and waited forever, so
    `lore ingest` never ended. Lore reads authors as committed (%ae), so its git runs with
    ``log.mailmap=false`` and never opens the file."""
    os.mkfifo(victim.repo / ".mailmap")
    rc, out, err, _ = victim.run("ingest", timeout=150)  # before: no end
    assert rc == 0 and out["status"] == "complete", (out, err)

"""The editor's server watches the graph branch's ref in `.git` (lore.lsp.gitwatch) by reading it on its
event loop every 0.2 s. A repository unpacked from an archive can carry that ref as a FIFO (or a symlink
to /dev/zero): the read waited forever (or read without end), on the loop that answers every request, so the
server stopped answering anything. Git itself never reads that ref while another branch is checked out, so
nothing else in Lore touches it. Now the watcher reads only regular files, without waiting, and bounded."""

from __future__ import annotations

import os

from waiting import wait_until

from .clone import git, lore_cmd
from .test_lsp_malformed_requests import RawClient


def test_the_server_answers_with_a_fifo_as_the_graph_branchs_ref(victim):
    rc, out, err, _ = victim.run("ingest")  # the graph follows main
    assert rc == 0, (out, err)
    git(victim.repo, "checkout", "-q", "-b", "feature")
    ref = victim.repo / ".git" / "refs" / "heads" / "main"
    ref.unlink()
    os.mkfifo(ref)
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    ids = iter(range(2, 100_000))

    def ask(method: str) -> dict:
        i = next(ids)
        c.send({"jsonrpc": "2.0", "id": i, "method": method, "params": {}})
        r = c.reply(timeout=60)  # before: no reply ever came
        assert r["id"] == i, r
        return r["result"]

    try:
        c.start(victim.repo)
        # the watcher's first look reads the ref; every request meanwhile and after it gets its reply
        wait_until(lambda: ask("lore/serverStatus")["layerWarm"], what="the watcher's first look")
        assert ask("lore/stats")["ok"]
        assert ask("lore/serverStatus")["gitEvents"] == 0  # the unreadable ref is no change
    finally:
        c.close()


def test_a_fifo_as_head_is_an_error_not_a_hang(victim):
    """Git itself waits forever on a FIFO planted as `.git/HEAD`; Lore's first question to git (where the
    work tree is) is bounded, so `lore check` and `lore ingest` end with `git-failed`."""
    head = victim.repo / ".git" / "HEAD"
    head.unlink()
    os.mkfifo(head)
    for args in (("check",), ("ingest",)):
        rc, out, err, _ = victim.run(*args, timeout=240)  # before: no end
        assert rc != 0 and out["error"]["code"] == "git-failed", (args, out, err)

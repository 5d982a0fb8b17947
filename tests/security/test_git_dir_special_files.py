"""The editor's server watches the graph branch's ref in `.git` (lore.lsp.gitwatch) by reading it on its
event loop every 0.2 s. A repository unpacked from an archive can carry that ref as a FIFO (or a symlink
to /dev/zero): the read waited forever (or read without end), on the loop that answers every request, so the
server stopped answering anything. Git itself never reads that ref while another branch is checked out, so
nothing else in Lore touches it. Now the watcher reads only regular files, without waiting, and bounded.

Git itself opens a FIFO planted as `.git/HEAD`, the ref HEAD names, `.gitignore`… and waits for a writer:
each git process Lore ran there lasted until its time-out (20-60 s), and the editor's hover waited behind
them (126 s for a FIFO HEAD, 65 s for a FIFO .gitignore, measured). Now lore.gitcmd looks at those files
before running git and refuses the repository with `unsafe-path` at once; the hover says so."""

from __future__ import annotations

import json
import os

import pytest

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
        looks = ask("lore/serverStatus")["gitLooks"]
        # a few more looks: the graph branch's ref, once known, is watched from where it stands (before, the
        # look after the first counted it as a change; seen only when the test asked late, on a loaded CI)
        wait_until(lambda: ask("lore/serverStatus")["gitLooks"] >= looks + 3, what="three more looks")
        assert ask("lore/serverStatus")["gitEvents"] == 0  # the unreadable ref is no change
    finally:
        c.close()


# Files git reads in nearly every command (HEAD, the ref it names, the root's ignore file), planted as FIFOs.
PLANTED = [".git/HEAD", ".git/refs/heads/main", ".gitignore", ".git/config"]
# What the editor may wait for a reply in such a repository: a cold first hover takes 5-7 s on a loaded
# machine; before, the replies came after git's time-outs (65-126 s).
REPLY_BOUND_S = 45


def _plant_fifo(repo, rel: str) -> None:
    p = repo / rel
    if p.exists():
        p.unlink()
    os.mkfifo(p)


@pytest.mark.parametrize("planted", PLANTED)
def test_a_fifo_in_the_git_metadata_is_refused_not_waited_on(victim, planted):
    """`lore check` and `lore ingest` end with `unsafe-path` naming the file, without running git (before:
    `git-failed` after 20 s for HEAD, or a check that waited out each git process's time-out)."""
    _plant_fifo(victim.repo, planted)
    for args in (("check",), ("ingest",)):
        rc, out, err, _ = victim.run(*args, timeout=REPLY_BOUND_S)
        assert rc != 0 and out["error"]["code"] == "unsafe-path", (args, out, err)
        assert planted.rsplit("/", 1)[-1] in out["error"]["message"], out


@pytest.mark.parametrize("planted", [".git/HEAD", ".gitignore", ".git/refs/heads/main"])
def test_the_editor_gets_its_hover_and_context_at_once_when_git_would_wait(victim, planted):
    """The editor's server as an editor starts it (ingestion on start-up): a hover and lore/prepareTurn each
    answer within the bound, the hover saying that the history is unavailable and why."""
    rc, out, err, _ = victim.run("transact", '[[:decision/cwd :description "main returns the cwd"]]',
                                 "--reason", "r")
    assert rc == 0, (out, err)
    _plant_fifo(victim.repo, planted)
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    uri = (victim.repo / "src" / "app.py").as_uri()
    text = (victim.repo / "src" / "app.py").read_text()
    try:
        c.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"capabilities": {}, "rootUri": victim.repo.as_uri()}})
        assert c.reply(timeout=REPLY_BOUND_S)["id"] == 1
        c.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        c.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
        c.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 5}}})
        hover = c.reply(timeout=REPLY_BOUND_S)  # before: 65-126 s, and null
        assert hover["id"] == 2, hover
        said = json.dumps(hover["result"])
        assert "history is unavailable" in said and planted.rsplit("/", 1)[-1] in said, hover
        c.send({"jsonrpc": "2.0", "id": 3, "method": "lore/prepareTurn", "params": {"message": "what does main return?"}})
        turn = c.reply(timeout=REPLY_BOUND_S)
        assert turn["id"] == 3 and turn["result"]["ok"], turn
        assert any(f["entity"] == ":decision/cwd" for f in turn["result"]["facts"]), turn  # memory still answers
        c.send({"jsonrpc": "2.0", "id": 4, "method": "lore/ingest", "params": {"wait": True}})
        ingest = c.reply(timeout=REPLY_BOUND_S)
        assert ingest["id"] == 4 and ingest["result"]["error"]["code"] == "unsafe-path", ingest
    finally:
        c.close()

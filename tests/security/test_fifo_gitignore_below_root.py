"""Attack 14e: a FIFO planted as a `.gitignore` below the work tree's root (an archive can carry one; Lore's
look at git's metadata before each git process covers only the root's). `git status` and `git ls-files
--others`, which the working layer runs, walk the folders and wait forever to open it: `lore check` waited out
git's 60 s time-out and failed with `git-failed`, and the editor's diagnostics and hovers queued behind it.
A git process that has not answered is now looked at (Linux names what it waits in: `wait_for_partner`);
one waiting on a FIFO is stopped at once and the FIFO named (`unsafe-path`)."""

from __future__ import annotations

import json
import os
import time

from .clone import git, lore_cmd
from .test_lsp_malformed_requests import RawClient

BOUND_S = 30  # main: 60 s and more


def _plant(repo) -> str:
    (repo / "src" / "sub").mkdir()
    (repo / "src" / "sub" / "m.py").write_text("y = 2\n")
    git(repo, "add", "src/sub/m.py")
    git(repo, "commit", "-q", "-m", "sub")
    os.mkfifo(repo / "src" / "sub" / ".gitignore")
    return "src/sub/.gitignore"


def test_check_names_a_fifo_gitignore_below_the_root_at_once(victim):
    planted = _plant(victim.repo)
    rc, out, err, _ = victim.run("ingest", timeout=BOUND_S)  # ingestion reads no untracked file
    assert rc == 0 and out["ok"], (out, err)
    t = time.monotonic()
    rc, out, err, _ = victim.run("check", timeout=120)
    took = time.monotonic() - t
    assert out["error"]["code"] == "unsafe-path" and planted in out["error"]["message"], (out, err)
    assert took < BOUND_S, took


def test_the_editor_keeps_answering_beside_a_fifo_gitignore(victim):
    planted = _plant(victim.repo)
    rc, out, err, _ = victim.run("ingest", timeout=BOUND_S)
    assert rc == 0, (out, err)
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    uri = (victim.repo / "src" / "app.py").as_uri()
    try:
        c.start(victim.repo)
        c.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": (victim.repo / "src" / "app.py").read_text()}}})
        t = time.monotonic()
        c.send({"jsonrpc": "2.0", "id": 2, "method": "lore/check", "params": {}})
        r = c.reply(timeout=120)
        assert r["id"] == 2 and planted in json.dumps(r), r
        c.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 5}}})
        r = c.reply(timeout=120)
        assert r["id"] == 3 and "result" in r, r
        assert time.monotonic() - t < BOUND_S
    finally:
        c.close()

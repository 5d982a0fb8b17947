"""A repository whose own configuration moves its work tree elsewhere (``core.worktree=/home/you``, in a
``.git/config`` an unpacked archive or a copied folder carries): git then lists, hashes and diffs that
folder's files as the repository's. Lore ingested "the repository at /home/you" (exit 0, "no commits") and
laid that folder's files over the code. Now every entry point refuses it with ``foreign-work-tree``, writes
nothing into that folder, and a language server in such a repository stays up and says why."""

from __future__ import annotations

import os

from .clone import git, lore_cmd
from .test_lsp_malformed_requests import RawClient


def _plant(victim, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "notes.py").write_text("import chardet\n")
    git(victim.repo, "config", "core.worktree", str(outside))
    return outside, sorted(os.listdir(outside))


def test_cli_refuses_a_work_tree_moved_outside(victim, tmp_path):
    outside, before = _plant(victim, tmp_path)
    rc, out, err, _ = victim.run("ingest")
    assert rc != 0 and out["error"]["code"] == "foreign-work-tree", (out, err)
    assert str(outside) in out["error"]["message"]
    rc, out, err, _ = victim.run("check")
    assert rc == 2 and out["error"]["code"] == "foreign-work-tree", (out, err)
    rc, out, err, _ = victim.run("check", json_out=False)
    assert rc == 2 and "core.worktree" in err and "Traceback" not in err, err
    assert sorted(os.listdir(outside)) == before  # nothing written there (.lore, a .gitignore, a journal)


def test_a_parent_work_tree_is_refused_too(victim, tmp_path):
    git(victim.repo, "config", "core.worktree", str(tmp_path))  # the folder above: every file of it
    rc, out, err, _ = victim.run("ingest")
    assert rc != 0 and out["error"]["code"] == "foreign-work-tree", (out, err)


def test_a_work_tree_the_user_chose_is_followed(victim, tmp_path):
    """GIT_DIR/GIT_WORK_TREE in the person's own environment are theirs, not the repository's."""
    outside, _ = _plant(victim, tmp_path)
    git(victim.repo, "config", "--unset", "core.worktree")
    rc, out, err, _ = victim.run("ingest", env={"GIT_DIR": str(victim.repo / ".git"),
                                                "GIT_WORK_TREE": str(victim.repo)})
    assert rc == 0 and out["ok"], (out, err)


def test_the_server_stays_up_and_says_why(victim, tmp_path):
    _plant(victim, tmp_path)
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    try:
        c.start(victim.repo)
        c.send({"jsonrpc": "2.0", "id": 2, "method": "lore/check", "params": {}})
        r = c.reply()
        assert r["id"] == 2 and r["result"]["error"]["code"] == "foreign-work-tree", r
        c.send({"jsonrpc": "2.0", "id": 3, "method": "lore/ingest", "params": {"wait": True}})
        r = c.reply()
        assert r["id"] == 3 and r["result"]["ok"] is False, r
        assert "foreign-work-tree" in str(r["result"]), r
        c.send({"jsonrpc": "2.0", "id": 4, "method": "lore/stats", "params": {}})
        r = c.reply()
        assert r["id"] == 4 and r["result"]["ok"] is True, r  # still serving
    finally:
        c.close()

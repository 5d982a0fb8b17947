"""Attack round 6: the ref files the editor's server reads itself (lore.lsp.gitwatch polls HEAD and the graph
branch's ref five times a second, without git). A repository unpacked from an archive carries its own `.git`:

- a loose ref of 200 MB (a hash, then spaces): read to packed-refs' 256 MB bound and decoded on every poll, the
  server went to 564 MB and spent its loop reading it (1.86 CPU s in 5 s, 5 looks where 25 were due); a loose
  ref or HEAD is now read to 8 KB (a ref is one line) and packed-refs only again when it changes;
- a symbolic ref naming itself, or two naming each other: followed without end (RecursionError on every poll);
  now at most 5 deep, as git follows them;
- `ref: ../../../secret`: the watcher read a file outside the git directory as the branch's tip; a name git
  would not give a ref (not HEAD or under refs/, or with a `..` component) is now no ref.
"""

from __future__ import annotations

from lore.lsp.gitwatch import read_ref
from waiting import wait_until

from .clone import git, lore_cmd
from .test_lsp_malformed_requests import RawClient

PEAK_BOUND_MB = 400  # the server's own peak with the 200 MB ref: 183 MB now, 564 MB on main


def _peak_mb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return int(f.read().split("VmHWM:")[1].split()[0]) // 1024


def test_a_huge_loose_ref_is_not_read_on_every_poll(victim):
    rc, out, err, _ = victim.run("ingest")  # the graph follows main
    assert rc == 0, (out, err)
    sha = git(victim.repo, "rev-parse", "HEAD").strip()
    (victim.repo / ".git" / "refs" / "heads" / "main").write_bytes(sha.encode() + b"\n" + b" " * 200_000_000)
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    ids = iter(range(2, 100_000))

    def status() -> dict:
        i = next(ids)
        c.send({"jsonrpc": "2.0", "id": i, "method": "lore/serverStatus", "params": {}})
        r = c.reply(timeout=60)
        assert r["id"] == i, r
        return r["result"]

    try:
        c.start(victim.repo)
        wait_until(lambda: status()["layerWarm"], what="the watcher's first look")
        looks = status()["gitLooks"]
        wait_until(lambda: status()["gitLooks"] >= looks + 10, what="ten more looks")
        assert _peak_mb(c.proc.pid) < PEAK_BOUND_MB
    finally:
        c.close()


def test_symbolic_ref_loops_and_names_outside_the_git_dir_are_no_ref(tmp_path):
    gd = tmp_path / "repo" / ".git"
    (gd / "refs" / "heads").mkdir(parents=True)
    (tmp_path / "secret").write_text("0123456789abcdef0123456789abcdef01234567\n")
    (gd / "refs" / "heads" / "self").write_text("ref: refs/heads/self\n")
    (gd / "refs" / "heads" / "a").write_text("ref: refs/heads/b\n")
    (gd / "refs" / "heads" / "b").write_text("ref: refs/heads/a\n")
    (gd / "refs" / "heads" / "out").write_text("ref: refs/heads/../../../secret\n")
    (gd / "HEAD").write_text("ref: ../../secret\n")
    for ref in ("refs/heads/self", "refs/heads/a", "refs/heads/out", "HEAD"):
        assert read_ref(gd, gd, ref) is None, ref  # main: RecursionError, or the secret's first line
    (gd / "refs" / "heads" / "main").write_text("ref: refs/heads/real\n")
    (gd / "refs" / "heads" / "real").write_text("fedcba9876543210fedcba9876543210fedcba98\n")
    assert read_ref(gd, gd, "refs/heads/main") == "fedcba9876543210fedcba9876543210fedcba98"

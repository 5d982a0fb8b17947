"""The working layer reads the work tree's changed and untracked files (`lore check`, the editor on every save).
A clone, or an archive unpacked over one, can leave there what is no source file: a FIFO (opening it waits for
a writer), a socket, a symlink to `/dev/zero` or to your files, a folder linked to `/` or to itself, a tracked
file replaced by a FIFO, a 2 GB sparse file. Held on main (attack round 5): only regular files are read, none
through a symlink, at most 1 MB of each; this keeps it so."""

from __future__ import annotations

import os
import socket
import time

from .clone import commit_no_chardet_decision


def test_check_reads_only_regular_files_of_the_work_tree(victim, tmp_path):
    repo = victim.repo
    commit_no_chardet_decision(repo)
    rc, out, err, _ = victim.run("ingest", ".")
    assert rc == 0, (out, err)
    src = repo / "src"
    secret = tmp_path / "secret.py"
    secret.write_text("import chardet\n")
    os.mkfifo(src / "fifo.py")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(src / "sock.py"))
    os.symlink("/dev/zero", src / "zero.py")
    os.symlink(secret, src / "secret.py")
    os.symlink("/", src / "root")
    os.symlink(".", src / "loop")
    os.symlink("loop_b", src / "loop_a")
    os.symlink("loop_a", src / "loop_b")
    with open(src / "sparse.py", "wb") as f:
        f.truncate(2 * 1024 ** 3)
    os.unlink(src / "app.py")
    os.mkfifo(src / "app.py")  # a tracked file, now a FIFO
    (src / "real.py").write_text("import chardet\n")
    try:
        t = time.monotonic()
        rc, out, err, _ = victim.run("check", timeout=120)
        took = time.monotonic() - t
    finally:
        sock.close()
    assert rc == 1 and out["ok"], (out, err)
    # the one regular file is checked; nothing was read through a link, nothing waited on
    assert {w["file"] for w in out["warnings"]} == {"src/real.py"}, out["warnings"]
    assert took < 30, took

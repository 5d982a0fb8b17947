"""A repository with a submodule whose own git configuration (``.git/modules/<name>/config``: an unpacked
archive or a copied folder carries it) names a filter for the submodule's files. lore.gitcmd empties the
drivers of the superproject's configuration only; but `git status` and `git diff` of the superproject run
`git status` inside every submodule to see whether it is dirty, and that one hashes the submodule's touched
files through the submodule's filter. `lore warnings sub` (its uncommitted-changes hint) and the working
layer comparing against the graph's recorded files (`lore check` once the graph's head is gone from the
clone) ran the attacker's program. Now Lore's status and diffs never look inside submodules."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from .clone import git


def _plant_submodule(victim, tmp_path: Path) -> Path:
    """A submodule ``sub`` whose configuration runs a program to hash its files; the mark it leaves."""
    upstream = tmp_path / "upstream"
    upstream.mkdir()
    git(upstream, "init", "-q", "-b", "main")
    (upstream / "f.txt").write_text("hello\n")
    (upstream / ".gitattributes").write_text("* filter=evil\n")
    git(upstream, "add", ".")
    git(upstream, "commit", "-q", "-m", "sub")
    git(victim.repo, "-c", "protocol.file.allow=always", "submodule", "-q", "add", str(upstream), "sub")
    git(victim.repo, "commit", "-q", "-m", "a submodule")
    mark = tmp_path / "clean-ran"
    git(victim.repo / "sub", "config", "filter.evil.clean", f"touch '{mark}'; cat")
    return mark


def _touch(path: Path) -> None:
    """Same content, a later time: git must hash the file (through its filter) to know it is unchanged."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))


def test_a_submodules_own_filter_never_runs(victim, tmp_path):
    mark = _plant_submodule(victim, tmp_path)
    rc, out, err, _ = victim.run("ingest", ".")
    assert rc == 0 and out["ok"], (out, err)

    # the planted configuration works on plain git: the attack is real
    _touch(victim.repo / "sub" / "f.txt")
    subprocess.run(["git", "-C", str(victim.repo), "-c", "core.fsmonitor=false", "diff", "--name-only"],
                   capture_output=True, check=True)
    assert mark.exists()
    mark.unlink()

    _touch(victim.repo / "sub" / "f.txt")
    rc, out, err, _ = victim.run("warnings", "sub")  # asks git whether sub has uncommitted changes
    assert rc in (0, 1) and out["ok"], (out, err)
    assert not mark.exists(), "lore warnings ran the submodule's filter"

    # The graph's head is no longer in the clone (history rewritten, old commit pruned): the working layer
    # then compares the index and the work tree with the files the graph recorded.
    (victim.repo / "src" / "app.py").write_text("import sys\n")
    git(victim.repo, "commit", "-q", "--amend", "-a", "-m", "rewritten")
    git(victim.repo, "reflog", "expire", "--expire=now", "--all")
    git(victim.repo, "gc", "-q", "--prune=now")
    mark.unlink(missing_ok=True)  # plain git's commit -a looked inside the submodule too
    _touch(victim.repo / "sub" / "f.txt")
    rc, out, err, _ = victim.run("check")
    assert rc in (0, 1) and out["ok"], (out, err)
    assert out["baseKind"] == "graph-blobs", out
    assert not mark.exists(), "lore check ran the submodule's filter"

"""lore.gitdirs: the one reading of where a work tree's git folder is (``.git`` a folder, or a file naming one;
``commondir``), shared by the editor's git watcher (lore.lsp.gitwatch.git_dirs) and gitcmd's metadata check
(lore.gitcmd.unsafe_metadata), on real repositories git made and on hostile ``.git`` files."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from gitrepo import commit_files, git
from lore import gitcmd, gitdirs
from lore.errors import LoreError
from lore.lsp.gitwatch import git_dirs


def _git_says(work_tree: Path) -> tuple[Path, Path]:
    gd = git(work_tree, "rev-parse", "--absolute-git-dir").strip()
    common = git(work_tree, "rev-parse", "--git-common-dir").strip()
    common_path = Path(common) if os.path.isabs(common) else work_tree / common
    return Path(gd).resolve(), common_path.resolve()


def test_the_watcher_finds_the_folders_git_finds(tmp_path):
    main = commit_files(tmp_path / "main", {"a.py": "x = 1\n"})
    linked = tmp_path / "linked"
    git(main, "worktree", "add", "-q", "-b", "side", str(linked))
    assert (linked / ".git").is_file()
    for work_tree in (main, linked):
        assert git_dirs(work_tree) == _git_says(work_tree)
    assert git_dirs(linked)[1] == (main / ".git").resolve()  # the linked tree's refs are the main tree's


def test_a_git_file_padded_past_64_kb_is_followed_as_git_follows_it(tmp_path):
    """git reads a .git file of up to 1 MiB (trailing newlines stripped). The metadata check read at most
    64 KB of it, so a padded .git file hid its git folder — and a FIFO planted there as HEAD, which git then
    waited on — from the check while git and the watcher followed it."""
    real = commit_files(tmp_path / "real", {"a.py": "x = 1\n"})
    clone = tmp_path / "clone"
    clone.mkdir()
    (clone / ".git").write_text("gitdir: ../real/.git" + "\n" * 100_000)
    assert git(clone, "rev-parse", "--absolute-git-dir").strip() == str((real / ".git").resolve())
    assert gitdirs.git_dir(str(clone)) == str(clone / "../real/.git")
    assert git_dirs(clone) == ((real / ".git").resolve(), (real / ".git").resolve())
    assert gitcmd.unsafe_metadata(str(clone)) is None
    head = real / ".git" / "HEAD"
    head.unlink()
    os.mkfifo(head)
    assert gitcmd.unsafe_metadata(str(clone)) == os.path.join(str(clone / "../real/.git"), "HEAD")
    with pytest.raises(LoreError) as refused:
        gitcmd.run(str(clone), "rev-parse", "HEAD", capture_output=True, timeout=5)
    assert refused.value.code == "unsafe-path"


def _planted(tmp_path: Path, how: str) -> Path:
    """A folder whose ``.git`` is crafted as ``how`` says."""
    wt = tmp_path / how
    wt.mkdir()
    dot = wt / ".git"
    if how == "fifo":
        os.mkfifo(dot)
    elif how == "not-gitdir":
        dot.write_text("hello: ../x\n")
    elif how == "empty-target":
        dot.write_text("gitdir:   \n")
    elif how == "nul":
        dot.write_bytes(b"gitdir: ../x\x00/y\n")
    elif how == "over-a-mebibyte":
        dot.write_text("gitdir: ../x" + "\n" * (1 << 20))
    elif how == "not-utf8":
        dot.write_bytes(b"gitdir: \xff\xfe\n")
    elif how == "dangling-symlink":
        dot.symlink_to(tmp_path / "nowhere")
    elif how == "symlink-to-dev-zero":
        dot.symlink_to("/dev/zero")
    return wt


@pytest.mark.parametrize("how", ["fifo", "not-gitdir", "empty-target", "nul", "over-a-mebibyte",
                                 "dangling-symlink", "symlink-to-dev-zero"])
def test_a_hostile_git_file_names_no_git_folder_and_nothing_waits(tmp_path, how):
    wt = _planted(tmp_path, how)
    started = time.monotonic()
    assert gitdirs.git_dir(str(wt)) is None
    assert git_dirs(wt) is None
    assert time.monotonic() - started < 2.0  # a FIFO or /dev/zero was never waited on nor read to its end


def test_a_git_file_that_is_not_utf8_names_a_folder_that_does_not_exist(tmp_path):
    wt = _planted(tmp_path, "not-utf8")
    gd = gitdirs.git_dir(str(wt))
    assert gd is not None and not os.path.exists(gd)
    assert gitcmd.unsafe_metadata(str(wt)) is None


def test_a_hostile_commondir_is_not_followed(tmp_path):
    main = commit_files(tmp_path / "main", {"a.py": "x = 1\n"})
    linked = tmp_path / "linked"
    git(main, "worktree", "add", "-q", "-b", "side", str(linked))
    gd = Path(git(linked, "rev-parse", "--absolute-git-dir").strip())
    (gd / "commondir").unlink()
    os.mkfifo(gd / "commondir")
    started = time.monotonic()
    assert gitdirs.common_dir(str(gd)) is None
    assert git_dirs(linked) == (gd.resolve(), gd.resolve())
    assert gitcmd.unsafe_metadata(str(linked)) == str(gd / "commondir")  # git would wait on it: refused
    assert time.monotonic() - started < 2.0

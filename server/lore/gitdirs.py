"""Where a work tree's git metadata is, read as git reads it: ``.git`` is the git folder, or a file
``gitdir: X`` naming it (a linked work tree, a submodule), and a git folder's ``commondir`` file names the
folder shared by every work tree (refs, packed-refs, config). The files are a cloned repository's, so they are
read without waiting and bounded (lore.fileread): the git watcher and gitcmd's metadata check share this.
"""

from __future__ import annotations

import os

from lore.fileread import read_regular

# A .git file or commondir is one line, but git itself reads a .git file of up to 1 MiB (trailing newlines
# stripped; read_gitfile's "too large to be a .git file" past it): a smaller bound here would leave a padded
# .git file's git folder unchecked while git still reads it.
MAX_POINTER_BYTES = 1 << 20


def _pointer(path: str) -> str | None:
    """A small regular file's text; None when it is missing, special, too big."""
    try:
        return read_regular(path, MAX_POINTER_BYTES).decode("utf-8", "surrogateescape")
    except OSError:
        return None


def pointed(base: str, text: str | None, prefix: str = "") -> str | None:
    """The folder a ``.git`` file (``gitdir: X``) or ``commondir`` (``X``) names, relative to ``base``."""
    if text is None or not text.startswith(prefix):
        return None
    target = text[len(prefix):].strip()
    if not target or "\x00" in target:
        return None
    return target if os.path.isabs(target) else os.path.join(base, target)


def git_dir(work_tree: str) -> str | None:
    """The git folder of ``work_tree``: its ``.git`` folder, or the one its ``.git`` file names; None when
    there is neither (or the file is not ``gitdir: …``)."""
    dot = os.path.join(work_tree, ".git")
    if os.path.isdir(dot):
        return dot
    return pointed(work_tree, _pointer(dot), "gitdir:")


def common_dir(gd: str) -> str | None:
    """The folder ``gd``'s ``commondir`` names (a linked work tree's shared git folder); None without one."""
    return pointed(gd, _pointer(os.path.join(gd, "commondir")))

"""Files Lore creates or writes, never through a symlink (SPEC §7).

A cloned repository may commit ``.lore`` (or anything under it) as a symlink to a file or folder of the
user's. Every file Lore creates or writes — the graph, its WAL and temporary folder, the owner lock, the
socket, the journal, ``.gitignore`` — is reached through these helpers, which check each path component
below the work tree with ``lstat`` and open the last one with ``O_NOFOLLOW``. A symlink anywhere on that
way is refused with ``unsafe-path`` and nothing is written through it.

What is above the work tree (``/home`` on a symlinked home, ``/tmp`` on macOS) is the user's own setup and
is followed; so is everything above a graph path given outside any work tree, except its last component.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from lore.errors import LoreError

# Beside the graph: every file DuckDB makes for it (the temporary folder is Lore's own, see temp_dir).
GRAPH_SIBLINGS = (".wal", ".wal.checkpoint", ".wal.recovery", ".tmp")


def unsafe(path: str | os.PathLike[str], why: str) -> LoreError:
    return LoreError("unsafe-path", f"refusing to use {os.fspath(path)}: {why}", path=os.fspath(path))


def _work_root(path: Path) -> Path | None:
    """The nearest folder at or above ``path``'s parent holding ``.git`` (the work tree), else None."""
    for d in path.parents:
        try:
            os.lstat(d / ".git")
            return d
        except OSError:
            continue
    return None


def checked_components(path: str | os.PathLike[str]) -> list[Path]:
    """The components of ``path`` that must not be symlinks: those below the work tree, else the last."""
    p = Path(os.path.abspath(os.fspath(path)))
    root = _work_root(p)
    if root is None:
        return [p]
    out = []
    cur = p
    while cur != root and cur != cur.parent:
        out.append(cur)
        cur = cur.parent
    return list(reversed(out))


def check(path: str | os.PathLike[str]) -> None:
    """Refuse ``path`` when a checked component (see checked_components) is a symlink."""
    for comp in checked_components(path):
        try:
            st = os.lstat(comp)
        except (FileNotFoundError, NotADirectoryError):
            return  # nothing below exists yet (or a file is in the way): creating it fails plainly later
        if stat.S_ISLNK(st.st_mode):
            raise unsafe(path, f"{comp} is a symlink (Lore never writes through one)")


def ensure_dir(path: str | os.PathLike[str], mode: int = 0o777) -> Path:
    """Create the folder ``path`` (and missing parents) without following a symlink, and check it."""
    p = Path(os.path.abspath(os.fspath(path)))
    check(p)
    missing = []
    cur = p
    while True:
        try:
            st = os.lstat(cur)
        except FileNotFoundError:
            missing.append(cur)
            if cur == cur.parent:
                break
            cur = cur.parent
            continue
        if stat.S_ISLNK(st.st_mode) and cur in checked_components(p):
            raise unsafe(p, f"{cur} is a symlink (Lore never writes through one)")
        break
    for d in reversed(missing):
        try:
            os.mkdir(d, mode)
        except FileExistsError:
            pass  # made meanwhile by another process: checked below like any existing folder
    st = os.lstat(p)
    if stat.S_ISLNK(st.st_mode):
        raise unsafe(p, "it is a symlink (Lore never writes through one)")
    if not stat.S_ISDIR(st.st_mode):  # a plain file in the way: unwritable, not an attack
        raise NotADirectoryError(errno.ENOTDIR, "a file is in the way of the folder", str(p))
    return p


def private_dir(path: str | os.PathLike[str]) -> Path:
    """A folder only this user can enter: created 0700 if missing; an existing one must be a real folder
    owned by this user and closed to others (else ``unsafe-path``)."""
    p = ensure_dir(path, 0o700)
    st = os.lstat(p)
    if st.st_uid != os.geteuid():
        raise unsafe(p, f"the folder belongs to uid {st.st_uid}, not to this user ({os.geteuid()})")
    if st.st_mode & 0o077:
        try:
            os.chmod(p, 0o700, follow_symlinks=False)
        except OSError as exc:
            raise unsafe(p, f"the folder is open to other users and cannot be closed: {exc.strerror}") from None
    return p


def open_file(path: str | os.PathLike[str], flags: int, mode: int = 0o600) -> int:
    """``os.open`` for a file Lore writes: no symlink on the way (checked) nor at the end (O_NOFOLLOW)."""
    check(path)
    try:
        # O_NONBLOCK: opening a FIFO planted there never waits for a writer (it is refused just below)
        fd = os.open(os.fspath(path), flags | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise unsafe(path, "it is a symlink (Lore never writes through one)") from None
        raise
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise unsafe(path, "it is not a regular file")
    return fd


def write_file(path: str | os.PathLike[str], data: bytes | str, *, mode: int = 0o644) -> None:
    """Write a whole file atomically: a new file beside it (O_EXCL, no symlink followed) renamed over it.
    A symlink already at ``path`` is refused, never replaced nor followed."""
    p = Path(os.path.abspath(os.fspath(path)))
    ensure_dir(p.parent)
    check(p)
    if isinstance(data, str):
        data = data.encode("utf-8")
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    fd = open_file(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        check(p)
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def check_graph(graph_path: str | os.PathLike[str]) -> None:
    """The graph file and every file DuckDB makes beside it: none may be a symlink, nor a FIFO, socket or
    device (DuckDB's open of a FIFO waits for a writer that never comes: every command hung)."""
    base = os.path.abspath(os.fspath(graph_path))
    for p in (os.fspath(graph_path), *(base + suffix for suffix in GRAPH_SIBLINGS)):
        check(p)
        try:
            st = os.lstat(p)
        except OSError:
            continue  # not there (yet)
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
            raise unsafe(p, "it is not a regular file (a FIFO, socket or device)")


def temp_dir(graph_path: str | os.PathLike[str]) -> str:
    """DuckDB's temporary folder for a graph: ``<graph>.tmp``, made by Lore, private, never a symlink.
    (DuckDB lets SQL read its temporary folder even with external access off, so it must be ours.)"""
    return str(private_dir(os.path.abspath(os.fspath(graph_path)) + ".tmp"))

"""The journal's files in the work tree, touched without ever following a symbolic link (SPEC §7).

Every path below the work tree's root is opened relative to a directory descriptor with O_NOFOLLOW, so a
symlinked ``.lore``, ``.lore/journal`` or entry file is refused (``unsafe-path``) instead of being written
through or read from; entries are written to a temporary name first and renamed into place, so a reader
never sees half a file.
"""

from __future__ import annotations

import errno
import os
import stat
import uuid
from pathlib import Path
from typing import Iterator

from lore.errors import LoreError
from lore.fileread import read_at_most

LORE_DIR = ".lore"
JOURNAL_DIR = "journal"
GITIGNORE = ".gitignore"
GITIGNORE_TEXT = """\
# Written by Lore. The graph is a cache of git and the journal (`lore ingest` rebuilds it): never commit it.
# The journal (journal/*.edn) and workspace rules (rules/) are meant to be committed and reviewed.
# This file ignores itself: every clone writes its own, so a pull never trips over an untracked copy.
.gitignore
*.duckdb
*.duckdb.wal
*.duckdb.owner
*.duckdb.sock
*.duckdb.tmp/
*.duckdb.backfill
*.wal
*.sock
*.tmp
*.tmp/
journal/.*
"""

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def _unsafe(path: str, what: str) -> LoreError:
    return LoreError("unsafe-path", f"{path} {what}; Lore reads and writes nothing through it")


def _open_dir(parent_fd: int, name: str, shown: str, *, create: bool) -> int | None:
    """A directory under ``parent_fd`` opened without following a symlink; None if absent (create=False)."""
    if create:
        try:
            os.mkdir(name, 0o755, dir_fd=parent_fd)
        except FileExistsError:
            pass
        except OSError as exc:
            raise LoreError("journal-unwritable", f"cannot create {shown}: {exc.strerror}") from None
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=parent_fd)
    except FileNotFoundError:
        if create:
            raise LoreError("journal-unwritable", f"cannot create {shown}") from None
        return None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
            kind = "is a symbolic link" if _is_link(parent_fd, name) else "is not a folder"
            raise _unsafe(shown, kind) from None
        raise LoreError("journal-unreadable", f"cannot open {shown}: {exc.strerror}") from None


def _is_link(parent_fd: int, name: str) -> bool:
    try:
        return stat.S_ISLNK(os.stat(name, dir_fd=parent_fd, follow_symlinks=False).st_mode)
    except OSError:
        return False


class JournalDir:
    """``<root>/.lore/journal`` as an open directory descriptor (``with`` closes it)."""

    def __init__(self, root: Path, *, create: bool) -> None:
        self.root = root
        self.fd: int | None = None
        try:
            root_fd = os.open(str(root), os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError as exc:
            raise LoreError("journal-unreadable", f"cannot open the work tree {root}: {exc.strerror}") from None
        try:
            lore_fd = _open_dir(root_fd, LORE_DIR, f"{root}/{LORE_DIR}", create=create)
            if lore_fd is None:
                return
            try:
                if create:
                    _write_gitignore(lore_fd)
                self.fd = _open_dir(lore_fd, JOURNAL_DIR, f"{root}/{LORE_DIR}/{JOURNAL_DIR}", create=create)
            finally:
                os.close(lore_fd)
        finally:
            os.close(root_fd)

    def __enter__(self) -> "JournalDir":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    # ------------------------------------------------------------------------------------ writing

    def write_new(self, name: str, text: str) -> None:
        """Write a new entry: a temporary file (never through a link), then renamed into place."""
        assert self.fd is not None
        tmp = f".{name}.{uuid.uuid4().hex[:8]}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644,
                         dir_fd=self.fd)
        except OSError as exc:
            raise LoreError("journal-unwritable",
                            f"cannot write {self.shown(name)}: {exc.strerror}") from None
        try:
            data = text.encode("utf-8")
            with os.fdopen(fd, "wb", closefd=True) as f:
                f.write(data)
            if _exists(self.fd, name):
                raise LoreError("journal-unwritable", f"{self.shown(name)} already exists")
            os.rename(tmp, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except OSError as exc:
            self._unlink(tmp)
            raise LoreError("journal-unwritable", f"cannot write {self.shown(name)}: {exc.strerror}") from None
        except BaseException:
            self._unlink(tmp)
            raise

    def remove(self, name: str) -> None:
        self._unlink(name)

    def _unlink(self, name: str) -> None:
        try:
            os.unlink(name, dir_fd=self.fd)
        except OSError:
            pass

    def shown(self, name: str) -> str:
        return f"{self.root}/{LORE_DIR}/{JOURNAL_DIR}/{name}"

    # ------------------------------------------------------------------------------------ reading

    def names(self) -> Iterator[str]:
        """Entry file names (temporary and hidden files left out)."""
        if self.fd is None:
            return
        for name in os.listdir(self.fd):
            if not name.startswith("."):
                yield name

    def read(self, name: str, limit: int) -> bytes:
        """A regular file's bytes (at most ``limit`` + 1, so an oversized file is seen as such); a symlink,
        FIFO or device is refused without blocking on it."""
        assert self.fd is not None
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=self.fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.EMLINK):
                raise _unsafe(self.shown(name), "is a symbolic link") from None
            raise LoreError("journal-unreadable", f"cannot read {self.shown(name)}: {exc.strerror}") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise _unsafe(self.shown(name), "is not a regular file")
            if st.st_size > limit:
                return b"\0" * (limit + 1)  # refused by size without reading it
            return read_at_most(fd, limit + 1)
        finally:
            os.close(fd)


def _exists(dir_fd: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
        return True
    except FileNotFoundError:
        return False


def _write_gitignore(lore_fd: int) -> None:
    """``.lore/.gitignore``, once: an existing one (even a link) is the user's and stays as it is."""
    if _exists(lore_fd, GITIGNORE):
        return
    try:
        fd = os.open(GITIGNORE, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644,
                     dir_fd=lore_fd)
    except OSError:
        return  # created meanwhile, or not writable: the journal still works
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(GITIGNORE_TEXT)


def ensure_gitignore(root: Path) -> None:
    """Write ``<root>/.lore/.gitignore`` if ``.lore`` exists (as a real folder) and has none."""
    try:
        root_fd = os.open(str(root), os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        try:
            lore_fd = os.open(LORE_DIR, _DIR_FLAGS, dir_fd=root_fd)
        except OSError:
            return
        try:
            _write_gitignore(lore_fd)
        finally:
            os.close(lore_fd)
    finally:
        os.close(root_fd)

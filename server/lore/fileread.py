"""Bounded reads of files a cloned repository controls (its git metadata, its journal): opened without
waiting, so a FIFO planted there cannot hang the caller, and read up to a limit, so a symlink to
``/dev/zero`` or a huge file cannot exhaust memory."""

from __future__ import annotations

import os
import stat


def read_at_most(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes of an open file, read in 1 MB chunks (a file that grows while read stops at the limit)."""
    chunks, left = [], limit
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_regular(path: str | os.PathLike[str], limit: int, *, whole: bool = True, follow: bool = True) -> bytes:
    """A regular file's bytes, opened without waiting (O_NONBLOCK: a FIFO, device or socket is never waited on);
    anything else is an OSError, as a missing file is. ``whole``: a file of over ``limit`` bytes is refused, else
    its first ``limit`` bytes are read. ``follow=False``: a symlink at the last component is refused too, so a
    file checked and then swapped for a FIFO or a link is refused by what is opened, not by what was checked."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(f"{os.fspath(path)} is not a regular file")
        if whole and st.st_size > limit:
            raise OSError(f"{os.fspath(path)} has over {limit} bytes")
        return read_at_most(fd, limit)
    finally:
        os.close(fd)

"""History follows the repository (SPEC §5): the server watches ``.git`` — HEAD, the index, the graph
branch's ref and ``packed-refs`` — by polling their modification times (portable, twice a second), and

- when the graph branch moved (a commit, merge or pull on it): ingests the new commits, unasked;
- when anything moved (a checkout, a commit on a feature branch, staging): re-reads the working layer;
- at its first look: lays the work tree over history (``layerWarm``), so the first request does not build it.

A checkout of another branch therefore changes only the layer; history stays the graph branch's.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

from lore import gitdirs
from lore.fileread import read_regular

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger("lore")

# A fifth of a second: a commit is seen within 0.1 s on average (issue 12's commit -> query budget is 2 s); a
# poll is a few stat() calls and one ref read.
POLL_SECONDS = float(os.environ.get("LORE_GIT_POLL_SECONDS", "0.2") or 0.2)


# packed-refs of a large repository is megabytes; HEAD or a loose ref is one line (a ref name is at most a path).
MAX_REF_FILE_BYTES = 256 * 1024 * 1024
MAX_LOOSE_REF_BYTES = 8 * 1024
# As git (SYMREF_MAXDEPTH): a symbolic ref names at most this many others in a row.
MAX_SYMREF_DEPTH = 5


def _read_text(path: Path, limit: int = MAX_LOOSE_REF_BYTES) -> str:
    """A file of the git directory, read on the server's event loop: a regular file only, opened without
    waiting (a FIFO planted as HEAD or a ref, or a symlink to /dev/zero, froze every request), and at
    most ``limit`` bytes; anything else is an OSError, as a missing file is. A loose ref or HEAD is read to
    MAX_LOOSE_REF_BYTES: read to packed-refs' 256 MB, a 200 MB ref an archive carried was read and decoded on
    every poll (the server at 565 MB)."""
    return read_regular(path, limit).decode("utf-8", "replace")


def git_dirs(root: Path) -> tuple[Path, Path] | None:
    """(git dir, common dir) of a work tree; ``.git`` may be a file (worktrees, submodules): lore.gitdirs."""
    gd = gitdirs.git_dir(str(root))
    if gd is None:
        return None
    common = gitdirs.common_dir(gd) or gd
    try:
        return Path(gd).resolve(), Path(common).resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return None


def _mtime(p: Path) -> int | None:
    try:
        return os.stat(p).st_mtime_ns
    except OSError:
        return None


def ref_name_ok(ref: str) -> bool:
    """A name git could give a ref: HEAD or under refs/, no ``..`` or empty component (``ref: ../../x`` in an
    archive's HEAD named a file outside the git directory, which the watcher read)."""
    return (ref == "HEAD" or ref.startswith("refs/")) and "\x00" not in ref and len(ref) <= 4096 and \
        all(c not in ("", ".", "..") for c in ref.split("/"))


# packed-refs as last read: (its path, inode, size, mtime) -> its lines. Read again only when it changes: it is
# megabytes in a large repository, and read on every poll while the graph branch has no loose ref.
_packed: dict[str, tuple[tuple[int, int, int], list[str]]] = {}


def _packed_lines(path: Path) -> list[str]:
    st = os.stat(path)
    mark = (st.st_ino, st.st_size, st.st_mtime_ns)
    hit = _packed.get(str(path))
    if hit is not None and hit[0] == mark:
        return hit[1]
    lines = _read_text(path, MAX_REF_FILE_BYTES).splitlines()
    _packed.clear()  # one repository's at a time
    _packed[str(path)] = (mark, lines)
    return lines


def read_ref(gd: Path, common: Path, ref: str, depth: int = 0) -> str | None:
    """A ref's commit from the loose ref file or packed-refs (no git process: this runs every second). None
    for a name git would not give a ref, or a chain of symbolic refs deeper than git follows (a loop)."""
    if depth > MAX_SYMREF_DEPTH or not ref_name_ok(ref):
        return None
    for base in (gd, common):
        p = base / ref
        try:
            text = _read_text(p).strip()
        except OSError:
            continue
        if text.startswith("ref:"):
            return read_ref(gd, common, text[4:].strip(), depth + 1)
        return text or None
    try:
        for line in _packed_lines(common / "packed-refs"):
            if line and line[0] not in "#^" and line.endswith(" " + ref):
                return line.split(" ", 1)[0]
    except OSError:
        pass
    return None


class GitWatcher:
    def __init__(self, ls: "LoreServer", root: Path) -> None:
        self.ls = ls
        self.root = root
        self.dirs = git_dirs(root)
        self.marks: dict[str, int | None] = {}
        self.branch: str | None = None
        self.ingested: str | None = None  # the graph branch's head as last ingested
        self.failed: str | None = None  # a tip whose ingestion failed: not retried until .git moves again
        self.events = 0  # how many changes it acted on (status, tests)
        self.looks = 0  # how many polls it has made (status: a test waits on looks, not on time)
        self.warm = False  # the first look laid the work tree over history (layerWarm)

    def _paths(self) -> list[Path]:
        if self.dirs is None:
            return []
        gd, common = self.dirs
        paths = [gd / "HEAD", gd / "index", common / "packed-refs"]
        try:
            head = _read_text(gd / "HEAD").strip()
            if head.startswith("ref:") and ref_name_ok(head[4:].strip()):
                paths.append(common / head[4:].strip())
        except OSError:
            pass
        if self.branch:
            paths.append(common / "refs" / "heads" / self.branch)
        return paths

    def changed(self) -> bool:
        now = {str(p): _mtime(p) for p in self._paths()}
        moved = now != self.marks
        self.marks = now
        return moved

    def tip(self) -> str | None:
        """The graph branch's commit now (read from the ref files: cheap enough for every poll)."""
        if self.dirs is None or not self.branch:
            return None
        gd, common = self.dirs
        return read_ref(gd, common, "HEAD" if self.branch == "HEAD" else f"refs/heads/{self.branch}")

    async def step(self) -> None:
        if self.dirs is None:
            return
        self.looks += 1
        moved = self.changed()
        if self.ingested is None and not moved:
            # Which branch history follows and where it stands, until the graph has one: commits made
            # before the watcher's first look are then still seen.
            head = await self.ls.run_op("headFiles", {})
            if head.get("ok") and head.get("branch") and head.get("watermark"):
                self.branch, self.ingested = str(head["branch"]), str(head["watermark"])
                # The graph branch's ref joins the watched files: its mark now is where it stands, not a
                # change (on another branch checked out, the next poll counted one; a CI run under load).
                self.changed()
        # The tip is compared by content, not only by modification times: a commit that lands while the
        # previous one is being ingested (or within one timestamp tick of it) is still seen.
        tip = self.tip()
        behind = tip is not None and tip != self.ingested and tip != self.failed
        if not moved and not behind:
            if not self.warm:
                # The first look lays the work tree's change over history as it finds it, in the background
                # (what an editor's first buffer, a first lore/check or workspace diagnostics would wait for).
                await self.ls.run_op("layerWarm", {"root": str(self.root)})
                self.warm = True
            return
        if moved:
            self.failed = None
        self.events += 1
        head = await self.ls.run_op("headFiles", {})
        if head.get("ok") and head.get("branch") and head.get("watermark"):
            self.branch = str(head["branch"])
            self.ingested = str(head["watermark"])
            tip = self.tip()
            if tip and tip != self.ingested and tip != self.failed:
                log.info("the graph's branch %s moved to %s: ingesting", self.branch, tip[:12])
                reply = await self.ls.run_op("ingest", {"repo": str(self.root), "branch": self.branch,
                                                        "wait": True})
                if not reply.get("ok"):
                    err = reply.get("error") or {}
                    log.warning("ingesting %s: %s", self.branch, err.get("message"))
                    if err.get("code") != "ingest-running":  # running: look again next time
                        self.failed = tip
                after = await self.ls.run_op("headWatermark", {})
                if after.get("ok") and after.get("watermark"):
                    self.ingested = str(after["watermark"])
                self.changed()  # the new marks include any file the ingestion itself touched
        await self.ls.run_op("layerWarm" if not self.warm else "layerRefresh", {"root": str(self.root)})
        self.warm = True
        self.ls.on_graph_changed("git")


async def watch_git(ls: "LoreServer", root: Path) -> None:
    watcher = GitWatcher(ls, root)
    ls.git_watcher = watcher
    if watcher.dirs is None:
        return
    watcher.changed()
    while True:
        await asyncio.sleep(POLL_SECONDS)
        try:
            b = ls.backend
            if b is None:
                continue
            if ls.ingest_task is not None and not ls.ingest_task.done():
                continue  # the start-up ingestion is running: look when it is done
            await watcher.step()
        except asyncio.CancelledError:
            raise
        except Exception:  # keep watching
            log.exception("watching the repository failed")

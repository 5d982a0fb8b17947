"""The Neovim plugin in nvim/ (setup(), every supported filetype, one client per git root also on 0.7,
:Lore commands, quickfix, floats, :checkhealth lore), driven headless on every Neovim found."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import HERE, LORE, every_neovim, git_workspace, headless


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return git_workspace(
        tmp_path, {"src/auth.py": "import redis\n\n\ndef login(user):\n    return redis.Redis()\n",
                   "src/main.go": 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n',
                   "src/edge.ts": "import crypto from 'node:crypto'\nexport const c = crypto\n"},
        ("ingest", "."),
        ("transact", '[[:decision/cache :rejects :module/redis] [:decision/cache :description "no redis"]]',
         "--reason", "review"))


@every_neovim
def test_the_plugin_as_a_person_uses_it(workspace: Path, tmp_path: Path, nvim: str | None):
    r = headless(nvim, "plugin_test.lua", cwd=workspace, tmp_path=tmp_path,
                 LORE_FILE=str(workspace / "src" / "auth.py"), LORE_OTHER=str(workspace / "src" / "main.go"))
    assert r["ok"], r.get("error")
    assert r["steps"]["attached"] and r["steps"]["one_client_per_root"] and r["client_count"] == 1
    assert r["go_filetype"] == "go"
    assert "facts" in r["status"]
    assert r["rejected"] == [["We don't use chardet: it is LGPL"]]
    assert any("redis" in item["text"] and item["file"].endswith("src/auth.py") for item in r["quickfix"])
    # (found on honojs/hono: with the cursor in 'node:crypto', :Lore reject offered "node", and
    # :Lore reject node:crypto was refused by the server)
    assert r["reject_quoted_default"] == "We don't use node:crypto: ", r["reject_quoted_default"]
    assert r["rejected_quoted"] == [[":module/crypto"]], r["messages"]
    assert any("no-chardet" in line for line in r["history"]) and any("rejects" in line for line in r["history"])
    assert any("it is LGPL" in line for line in r["query"])
    # (found on spf13/cobra: from inside the history float, :Lore query said "no Lore client for this buffer")
    assert any("it is LGPL" in line for line in r["query_from_float"]), r["messages"]
    health = "\n".join(r["health"])
    assert "lore" in health and "client" in health and "ERROR" not in health, health
    # (found on honojs/hono, Neovim 0.7: "OK: Neovim table: 0x7f…" and, about the file :checkhealth was typed
    # in, "this buffer is not in a git repository": it looked at the report's own buffer)
    assert "Neovim " + r["nvim"] in health and "table: 0x" not in health, health
    assert "git root of the buffer" in health and "not in a git repository" not in health, health
    # the server's progress, once named: "lore: Lore: ingesting: repo" was how 0.7 showed it (honojs/hono)
    assert any(m.startswith("lore: ingesting") for m in r["messages"]), r["messages"]
    assert not any(m.startswith("lore: Lore") for m in r["messages"]), r["messages"]
    assert "deprecated" not in r["_stderr"], r["_stderr"]  # 0.11+ warns once for vim.lsp.start_client


def _snippet(doc: Path, heading: str) -> str:
    text = doc.read_text()
    section = text[text.index(heading):]
    return section[section.index("```lua") + len("```lua"):section.index("```", section.index("```lua") + 6)]


@every_neovim
def test_the_editors_md_snippet_for_0_7_works_as_written(workspace: Path, tmp_path: Path, nvim: str | None):
    """One server per root (not per buffer), started only inside a repository."""
    if nvim is None:
        pytest.skip("no nvim binary (CI installs Debian's neovim)")  # before reading the docs
    code = _snippet(HERE.parents[1] / "server" / "lore" / "lsp" / "EDITORS.md", "## Neovim 0.7 – 0.10 without the plugin")
    snippet = tmp_path / "snippet.lua"
    snippet.write_text(code.replace("cmd = { 'lore', 'serve' }", f"cmd = {{ '{LORE}', 'serve' }}"))
    r = headless(nvim, "snippet_test.lua", cwd=tmp_path, tmp_path=tmp_path, LORE_SNIPPET=str(snippet),
                 LORE_FILE=str(workspace / "src" / "auth.py"), LORE_OTHER=str(workspace / "src" / "main.go"))
    assert r["ok"], r.get("error")
    first, second = r["attached"]
    assert first == second and len(first) == 1 and r["total"] == 1, r


@pytest.fixture
def two_rejections(tmp_path: Path) -> Path:
    return git_workspace(
        tmp_path, {"src/auth.py": "import redis\n\n\ndef login(user):\n    return redis.Redis()\n",
                   "src/other.py": "import redis\n"},
        ("ingest", "."),
        ("transact", '[[:decision/cache :rejects :module/redis] [:decision/cache :description "no redis"] '
         '[:decision/enc :rejects :module/chardet] [:decision/enc :description "no chardet"]]', "--reason", "review"))


@every_neovim
def test_lore_warnings_lists_what_the_buffer_shows(two_rejections: Path, tmp_path: Path, nvim: str | None):
    # Found trying spf13/cobra: a rejected import typed into a buffer is a diagnostic (the working layer), but
    # :Lore warnings listed only history's warnings (lore/warnings): one in the quickfix list, two in the signs.
    r = headless(nvim, "warnings_unsaved_test.lua", cwd=two_rejections, tmp_path=tmp_path,
                 LORE_FILE=str(two_rejections / "src" / "auth.py"))
    assert r["ok"], r.get("error")
    assert r["diagnostics"] == [1, 2] and r["modified"] is True
    assert [(i["file"], i["lnum"]) for i in r["file"]] == [("auth.py", 1), ("auth.py", 2)], r["file"]
    assert any("chardet" in i["text"] for i in r["file"]), r["file"]
    assert sorted((i["file"], i["lnum"]) for i in r["all"]) == [("auth.py", 1), ("auth.py", 2), ("other.py", 1)], r["all"]
    assert (two_rejections / "src" / "auth.py").read_text().startswith("import redis\n\n")  # nothing saved

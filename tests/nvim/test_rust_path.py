"""A Rust crate typed by its path alone in Neovim (user trial 16, BurntSushi/ripgrep, where 8 of the 11 files
using anyhow never `use` it): `anyhow::bail!("no");` typed into an unsaved buffer of a library crate is flagged
on its line by the decision against anyhow, its hover names the decision, and deleting the line clears it; in
Cargo.toml (a toml buffer the plugin now attaches to) the committed `anyhow` dependency is flagged, and so is
`lazy_static` typed into [dependencies]. Headless, through the plugin as the README sets it up, on every Neovim
found."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import every_neovim, git_workspace, headless

LIB = "/// Fails on purpose.\npub fn fail() -> Result<(), String> {\n    Ok(())\n}\n"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return git_workspace(
        tmp_path, {"Cargo.toml": '[package]\nname = "searcher"\n\n[dependencies]\nanyhow = "1.0.75"\n',
                   "src/lib.rs": LIB, ".gitignore": ".lore/\n"},
        ("transact", '[[:decision/no-anyhow :rejects :module/anyhow] '
         '[:decision/no-anyhow :description "No anyhow in library crates: thiserror, so callers can match"] '
         '[:preference/no-lazy-static :rejects :dependency/lazy_static] '
         '[:preference/no-lazy-static :description "No lazy_static: std::sync::OnceLock"]]',
         "--reason", "review"),
        ("ingest", "."))


@every_neovim
def test_a_crate_typed_by_its_path_is_flagged_in_neovim(workspace: Path, tmp_path: Path, nvim: str | None):
    r = headless(nvim, "rust_path_test.lua", cwd=workspace, tmp_path=tmp_path, timeout=180,
                 LORE_FILE=str(workspace / "src" / "lib.rs"), LORE_MANIFEST=str(workspace / "Cargo.toml"))
    assert r["ok"], r
    assert r["filetype"] == "rust" and r["before"] == [], r
    [d] = r["flagged"]
    assert (d["lnum"], d["col"], d["code"]) == (2, 4, "rejected_dependency"), r
    assert "anyhow" in d["message"], r
    assert r["hover"] and "No anyhow in library crates" in r["hover"], r
    assert r["cleared"] == [] and r["modified"] is True, r
    assert (workspace / "src" / "lib.rs").read_text() == LIB
    assert r["manifest_filetype"] == "toml", r
    assert [(d["lnum"], "anyhow" in d["message"]) for d in r["manifest_committed"]] == [(4, True)], r
    assert sorted((d["lnum"], d["code"]) for d in r["manifest_typed"]) == [(4, "rejected_dependency"),
                                                                         (5, "rejected_dependency")], r
    assert "lazy_static" in [d for d in r["manifest_typed"] if d["lnum"] == 5][0]["message"], r

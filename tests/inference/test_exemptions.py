"""A rejection with the folders it leaves out (user trial 16, BurntSushi/ripgrep): "We decided against anyhow in the
library crates; … anyhow is fine in the rg binary (crates/core) only" warned on the ten files of crates/core that
use anyhow, the one place it was said to be fine. The memory gets `:exempts "crates/core"` (said, or passed by
the agent), and rejected_dependency does not warn in a module at or under it — also when the exemption comes
after the warnings (the scoped run recomputes the memory's conclusions), in `lore check`'s layer, and never for
a path the repository does not track. Real CLI, real git repository."""

from __future__ import annotations

from gitrepo import commit_files, git
from lore.memory.exemptions import exempted_paths

CARGO = '[package]\nname = "{name}"\n\n[dependencies]\nanyhow = "1"\n'
FILES = {
    "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
    "crates/core/Cargo.toml": CARGO.format(name="rg"),
    "crates/core/main.rs": "use anyhow::Context;\n\nfn main() -> anyhow::Result<()> { Ok(()) }\n",
    "crates/core/flags/parse.rs": "pub fn parse() -> anyhow::Result<()> { Ok(()) }\n",
    "crates/index/Cargo.toml": CARGO.format(name="grep-index"),
    "crates/index/src/lib.rs": "use anyhow::Context;\n\npub fn build() {}\n",
}
SAID = ("User: We decided against anyhow in the library crates; use thiserror so callers can match errors. anyhow "
        "is fine in the rg binary (crates/core) only.\nAgent: Noted.")
TRACKED = {"crates/core/main.rs", "crates/pcre2/src/ffi.rs", "tests/util.rs"}


def _tracked(p: str) -> bool:
    return p in TRACKED or any(t.startswith(p + "/") for t in TRACKED)


def test_the_paths_said_fine_or_excepted_are_the_tracked_ones():
    assert exempted_paths("anyhow is fine in the rg binary (crates/core) only", _tracked) == ["crates/core"]
    assert exempted_paths("No unsafe except in `crates/pcre2/src/ffi.rs`; never outside.", _tracked) == [
        "crates/pcre2/src/ffi.rs"]
    assert exempted_paths("unsafe is allowed only under ./crates/pcre2/", _tracked) == ["crates/pcre2"]
    assert exempted_paths("never use unsafe outside crates/pcre2", _tracked) == ["crates/pcre2"]
    assert exempted_paths("anyhow is OK for tests", _tracked) == ["tests"]
    # not a path the repository has, a path out of the repository, a path said in another clause
    assert exempted_paths("anyhow is fine in the binary", _tracked) == []
    assert exempted_paths("fine in ../crates/core", _tracked) == []
    assert exempted_paths("fine in the rg binary, but crates/core is a library", _tracked) == []


def test_hostile_text_never_raises_and_is_bounded():
    calls = []

    def tracked(p: str) -> bool:
        calls.append(p)
        return True
    assert len(exempted_paths("fine in a " * 10_000, tracked)) <= 10
    exempted_paths("outside " + "/" * 5000 + " fine in \x00\uffff `` () " + "a/" * 3000, tracked)
    assert len(exempted_paths(" ".join(f"fine in d{i}" for i in range(100)), tracked)) == 10
    assert len(calls) < 200


def _repo(tmp_path, cli):
    return cli.ingest_in(commit_files(tmp_path / "repo", FILES))


def _anyhow_warnings(cli) -> set[str]:
    rc, reply, err, _ = cli.run("warnings")
    assert rc == 0, err
    return {w["file"] for w in reply["warnings"] if w["slots"].get("target") == ":module/anyhow"}


def test_a_said_exemption_keeps_the_folder_out_of_the_rejection(tmp_path, cli):
    cli = _repo(tmp_path, cli)
    rc, reply, err, _ = cli.run("finalize-turn", SAID)
    assert rc == 0, err
    [m] = reply["memories"]
    assert m["exempts"] == ["crates/core"] and [":rejects", ":module/anyhow"] in m["edges"], m
    assert _anyhow_warnings(cli) == {"crates/index/src/lib.rs", "crates/index/Cargo.toml"}


def test_an_exemption_passed_later_retracts_the_warnings_it_covers(tmp_path, cli):
    cli = _repo(tmp_path, cli)
    rc, _, err, _ = cli.run("transact", '[[:decision/no-anyhow :rejects :module/anyhow]'
                            ' [:decision/no-anyhow :description "no anyhow in library crates"]]', "--reason", "r")
    assert rc == 0, err
    assert _anyhow_warnings(cli) == {"crates/core/main.rs", "crates/core/flags/parse.rs", "crates/core/Cargo.toml",
                                     "crates/index/src/lib.rs", "crates/index/Cargo.toml"}
    rc, _, err, _ = cli.run("finalize-turn", "--facts", '[[:decision/no-anyhow :exempts "crates/core/"]]')
    assert rc == 0, err
    assert _anyhow_warnings(cli) == {"crates/index/src/lib.rs", "crates/index/Cargo.toml"}
    # retracted: the warnings come back (the folder is held as capture reads one, without its trailing slash)
    rc, _, err, _ = cli.run("retract", '[[:decision/no-anyhow :exempts "crates/core"]]', "--reason", "r")
    assert rc == 0, err
    assert "crates/core/main.rs" in _anyhow_warnings(cli)


def test_lore_check_leaves_an_exempted_folder_out_and_flags_the_rest(tmp_path, cli):
    cli = _repo(tmp_path, cli)
    assert cli.run("finalize-turn", SAID)[0] == 0
    repo = cli.cwd
    git(repo, "checkout", "-q", "-b", "feat/errors")
    (repo / "crates/core/search.rs").write_text("pub fn s() -> anyhow::Result<()> { anyhow::bail!(\"no\") }\n")
    (repo / "crates/index/src/build.rs").write_text("use anyhow::bail;\n\npub fn b() {}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "errors")
    rc, reply, err, _ = cli.run("check", "--base", "main")
    assert rc == 1, (reply, err)
    assert [w["file"] for w in reply["warnings"]] == ["crates/index/src/build.rs"]

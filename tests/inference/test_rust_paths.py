"""A Rust crate used by its path alone, and a renamed Cargo dependency (user trial 16, BurntSushi/ripgrep):
8 of the 11 files that use anyhow there never `use` it (`anyhow::bail!(…)`, `-> anyhow::Result<()>`), and
crates/searcher's Cargo.toml says `memmap = { package = "memmap2", … }` — so a decision against anyhow warned
in 3 files of 11 and one against memmap2 in none. A path's crate is an import when a Cargo.toml of the
repository depends on it (``io::Result`` after ``use std::io`` names no crate); a renamed dependency is its
package; ``mod index;`` then ``use index::Index`` is the file's own module, not a crate named index. And
Cargo.toml's own dependencies are imports: a rejected crate added to a manifest warns on its line (`lore check`
on a branch that adds `anyhow = "1"` to a library crate's Cargo.toml found nothing). Through the real extractor
and the real CLI on a real git repository."""

from __future__ import annotations

from gitrepo import commit_files, git
from lore.ingest import rustuse
from lore.ingest.extract import extract_source
from lore.ingest.workspaces import workspaces_of

LIB_RS = '''use std::io;
use grep::printer;

mod index;
pub use index::Index;

enum Step { Go, Stop }

/// Fails on purpose.
pub fn fail(flag: bool) -> anyhow::Result<()> {
    if flag {
        anyhow::bail!("no");
    }
    let _ = serde_json::to_string(&1);
    let _: io::Result<()> = Ok(());
    let _ = printer::Standard::new;
    let _ = u8::MAX;
    use Step::*;
    let _ = (Go, Stop);
    log::debug!("once");
    log::debug!("twice");
    Ok(())
}
'''

MMAP_RS = '''use memmap::Mmap;

pub fn map() -> Option<Mmap> { None }
'''

CARGO = '''[package]
name = "searcher"

[dependencies]
anyhow = "1.0.75"
log = "0.4"
serde-json = { version = "1", package = "serde_json", optional = true }
memmap = { package = "memmap2", version = "0.9.0" }
'''


def _imports(text: str) -> list[tuple[str, str, int]]:
    return [(i.spec, i.name, i.line) for i in extract_source("rust", text.encode()).imports]


def test_a_path_names_its_crate_once_and_a_use_of_the_files_own_module_is_local():
    assert _imports(LIB_RS) == [
        ("std::io", "", 1), ("grep::printer", "", 2), ("self::index::Index", "", 5),
        ("anyhow::Result", rustuse.BY_PATH, 10), ("serde_json::to_string", rustuse.BY_PATH, 14),
        ("self::Step::*", "", 18), ("log::debug", rustuse.BY_PATH, 20)]


def test_a_path_inside_a_use_is_the_use_and_a_crate_used_is_not_named_again():
    text = "use anyhow::Context;\nuse a::b::{c, d::e};\nfn f() -> anyhow::Result<()> { a::x(); Ok(()) }\n"
    assert _imports(text) == [("anyhow::Context", "", 1), ("a::b::c", "", 2), ("a::b::d::e", "", 2)]


def test_hostile_paths_never_raise():
    for text in ("fn f() { " + "::".join(["x"] * 3000) + "(); }", "mod ;\nuse ::a;", "fn f() { a:: }",
                 "fn f() -> " + "a::" * 400 + "B {}", "pub(in " + "(" * 500 + ") mod x;",
                 "mod r#type;\nuse r#type::X;\nfn f() { r#type::g(); }", "use self::self::*;"):
        extract_source("rust", text.encode())


def _workspaces(files: dict[str, str]):
    blobs = {p: t.encode() for p, t in files.items()}
    return workspaces_of([(p, p, "100644") for p in files], lambda b: blobs.get(b), lambda m: True)


def test_cargo_dependencies_and_renames_are_read():
    ws = _workspaces({"Cargo.toml": CARGO, "fuzz/Cargo.toml": '[package]\nname = "fuzz"\n'
                      '[target.\'cfg(unix)\'.dev-dependencies]\nlibc = "1"\n',
                      "Cargo2/Cargo.toml": '[workspace.dependencies]\nthis-error = { package = "thiserror" }\n'})
    assert ws.crate_deps("src/lib.rs") == {"anyhow": "anyhow", "log": "log", "serde_json": "serde_json",
                                           "memmap": "memmap2"}
    assert ws.crate_deps("fuzz/fuzz_targets/a.rs") == {"libc": "libc"}
    # a virtual manifest is no crate: its [workspace.dependencies] name its own keys only
    assert ws.crate_deps("Cargo2/src/x.rs") == ws.crate_deps("src/x.rs")
    assert ws.manifest_deps("Cargo2/Cargo.toml") == {"this_error": "thiserror"}


def test_hostile_cargo_manifests_give_nothing_and_never_raise():
    for text in ("[dependencies\nanyhow = 1", '[dependencies]\n"../../etc" = "1"\n', "dependencies = 3\n",
                 '[dependencies]\nx = { package = 7 }\n', '[dependencies]\nx = { package = "a b/../c" }\n',
                 "[target]\nx = 1\n", '[target.x]\ndependencies = "no"\n', "\x00\xff",
                 '[package]\n[dependencies]\nx = { workspace = true }\n[workspace.dependencies]\nx = 3\n'):
        ws = _workspaces({"Cargo.toml": "[package]\n" + text if "[package]" not in text else text})
        assert all(rustuse.BY_PATH not in k and "/" not in v and " " not in v
                   for k, v in ws.crate_deps("src/lib.rs").items())
    ws = _workspaces({"Cargo.toml": "[package]\n[dependencies]\n" + "".join(f"c{i} = '1'\n" for i in range(5000))})
    assert len(ws.crate_deps("src/lib.rs")) == 2000


def _repo(tmp_path, cli):
    repo = commit_files(tmp_path / "repo", {
        "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
        "crates/searcher/Cargo.toml": CARGO, "crates/searcher/src/lib.rs": LIB_RS,
        "crates/searcher/src/index.rs": "pub struct Index;\n", "crates/searcher/src/mmap.rs": MMAP_RS,
        "crates/grep/Cargo.toml": '[package]\nname = "grep"\n', "crates/grep/src/lib.rs": "pub mod printer;\n",
        "crates/grep/src/printer.rs": "pub struct Standard;\n"})
    return repo, cli.ingest_in(repo)


def test_a_crate_used_by_path_and_a_renamed_crate_are_dependencies_and_own_modules_are_not(tmp_path, cli):
    repo, cli = _repo(tmp_path, cli)
    rc, reply, err, _ = cli.run("query", "[:find ?t :where [:module/crates-searcher-src-lib-rs :depends-on ?t]]")
    assert rc == 0, err
    assert {r[0] for r in reply["results"]} == {
        ":module/std", ":module/anyhow", ":module/serde-json", ":module/log",
        ":module/crates-grep-src-printer-rs", ":module/crates-searcher-src-index-rs"}
    rc, reply, err, _ = cli.run("query", "[:find ?t :where [:module/crates-searcher-src-mmap-rs :depends-on ?t]]")
    assert rc == 0, err
    assert reply["results"] == [[":module/memmap2"]]


def test_decisions_against_a_crate_used_by_path_and_a_renamed_crate_warn_where_code_uses_them(tmp_path, cli):
    repo, cli = _repo(tmp_path, cli)
    rc, _, err, _ = cli.run("transact", '[[:decision/no-anyhow :rejects :module/anyhow]'
                            ' [:decision/no-anyhow :description "no anyhow in library crates"]'
                            ' [:decision/no-memmap :rejects :dependency/memmap2]'
                            ' [:decision/no-memmap :description "dropping memmap2: std::fs is fast enough"]]',
                            "--reason", "r")
    assert rc == 0, err
    rc, reply, err, _ = cli.run("warnings")
    assert rc == 0, err
    got = {(w["file"], w["line"], w["slots"]["target"]) for w in reply["warnings"] if w["rule"] == "rejected_dependency"}
    assert got == {("crates/searcher/src/lib.rs", 10, ":module/anyhow"),
                   ("crates/searcher/src/mmap.rs", 1, ":module/memmap2"),
                   ("crates/searcher/Cargo.toml", 5, ":module/anyhow"),
                   ("crates/searcher/Cargo.toml", 8, ":module/memmap2")}


def test_a_cargo_manifests_dependencies_are_its_imports():
    text = CARGO + """[target.'cfg(unix)'.dev-dependencies]\nlibc = "1"\n[dependencies.regex]\nversion = "1"\n
[workspace.dependencies]\n"quoted-dep" = "3"\n[features]\ndependencies = ["x"]\n[package.metadata.docs.rs]\nx = 1\n"""
    assert [(i.spec, i.line) for i in extract_source("cargo", text.encode()).imports] == [
        ("anyhow", 5), ("log", 6), ("serde-json", 7), ("memmap", 8), ("libc", 10), ("regex", 11), ("quoted-dep", 15)]


def test_hostile_cargo_manifests_never_raise_in_the_extractor():
    for text in ("[dependencies\nanyhow = 1", "[dependencies]\n" + "x" * 100_000 + " = 1\n", "\x00\xff[[[",
                 "[dependencies]\n" + "".join(f"c{i} = '1'\n" for i in range(30_000)), '["dependencies"]\na = 1\n'):
        extract_source("cargo", text.encode())


def test_a_rejected_crate_added_to_a_manifest_on_a_branch_fails_lore_check(tmp_path, cli):
    repo, cli = _repo(tmp_path, cli)
    rc, _, err, _ = cli.run("transact", '[[:decision/no-lazy :rejects :dependency/lazy_static]'
                            ' [:decision/no-lazy :description "no lazy_static: std::sync::OnceLock"]]', "--reason", "r")
    assert rc == 0, err
    git(repo, "checkout", "-q", "-b", "feat/lazy")
    manifest = repo / "crates" / "searcher" / "Cargo.toml"
    manifest.write_text(CARGO + 'lazy_static = "1.4"\n')
    git(repo, "commit", "-qam", "searcher: lazy_static")
    rc, reply, err, _ = cli.run("check", "--base", "main")
    assert rc == 1, (reply, err)
    assert [(w["file"], w["line"], w["slots"]["target"]) for w in reply["warnings"]] == [
        ("crates/searcher/Cargo.toml", 9, ":module/lazy-static")]


def test_a_crate_added_to_a_manifest_later_makes_its_paths_imports_from_that_commit(tmp_path, cli):
    repo = commit_files(tmp_path / "repo", {"Cargo.toml": '[package]\nname = "app"\n\n[dependencies]\nlog = "0.4"\n',
                                            "src/lib.rs": 'pub fn f() -> anyhow::Result<()> { log::debug!("x"); Ok(()) }\n',
                                            "src/other.rs": "pub fn g() { log::info!(\"y\"); }\n"})
    cli = cli.ingest_in(repo)
    q = "[:find ?t :where [:module/src-lib-rs :depends-on ?t]]"
    rc, reply, err, _ = cli.run("query", q)
    assert rc == 0, err
    assert {r[0] for r in reply["results"]} == {":module/log"}
    # only the manifest changes: the unchanged file's path becomes an import of the crate now listed
    (repo / "Cargo.toml").write_text('[package]\nname = "app"\n\n[dependencies]\nlog = "0.4"\nanyhow = "1"\n')
    git(repo, "commit", "-qam", "anyhow")
    rc, reply, err, _ = cli.run("ingest")
    assert rc == 0, err
    rc, reply, err, _ = cli.run("query", q)
    assert rc == 0, err
    assert {r[0] for r in reply["results"]} == {":module/anyhow", ":module/log"}
    rc, reply, err, _ = cli.run("query", "[:find ?t :where [:module/src-other-rs :depends-on ?t]]")
    assert rc == 0, err
    assert reply["results"] == [[":module/log"]]

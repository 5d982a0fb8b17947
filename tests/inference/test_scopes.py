"""Where a memory holds, and what is no dependency (user trial 16, BurntSushi/ripgrep).

"Don't add serde-json to the printer crate's default features" was stored unscoped and warned in every file using
serde_json; "We are dropping memmap2 from grep-searcher" holds in crates/searcher (grep-searcher's folder). A memory
naming a package of the repository where the thing is added, dropped or kept out gets `:scope "<path>"` (the
package's manifest when a part of it, its features, is said), and rejected_dependency warns only there.
"No unsafe outside the ffi module" stored nothing, and "Never use unsafe …" a `:dependency/unsafe` that warns
nowhere: a language feature is a constraint, with no dependency edge. Real CLI, real git repository."""

from __future__ import annotations

from gitrepo import commit_files
from lore.memory.scopes import confined_feature, is_language_feature, scoped_paths


def _manifest(name: str, deps: str) -> str:
    return f'[package]\nname = "{name}"\n\n[dependencies]\n{deps}'


FILES = {
    "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
    "crates/printer/Cargo.toml": _manifest("grep-printer", 'serde_json = { version = "1", optional = true }\n'),
    "crates/printer/src/json.rs": "use serde_json::Value;\n\npub fn show() {}\n",
    "crates/core/Cargo.toml": _manifest("ripgrep", 'serde_json = "1"\n'),
    "crates/core/main.rs": "use serde_json::to_string;\n\nfn main() {}\n",
    "crates/searcher/Cargo.toml": _manifest("grep-searcher", 'memmap2 = "0.9"\n'),
    "crates/searcher/src/mmap.rs": "use memmap2::Mmap;\n\npub fn open() {}\n",
    "crates/index/Cargo.toml": _manifest("grep-index", 'memmap2 = "0.9"\n'),
    "crates/index/src/lib.rs": "use memmap2::Mmap;\n\npub fn build() {}\n",
}


def _warned(cli, target: str) -> set[str]:
    rc, reply, err, _ = cli.run("warnings")
    assert rc == 0, err
    return {w["file"] for w in reply["warnings"] if w["slots"].get("target") == target}


def _said(cli, text: str) -> dict:
    rc, reply, err, _ = cli.run("finalize-turn", f"User: {text}\nAgent: Noted.")
    assert rc == 0, err
    return reply


def test_a_rejection_said_of_one_crate_warns_there_only(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", FILES))
    [m] = _said(cli, "Don't add serde-json to the printer crate's default features; JSON output stays behind the "
                     "serde feature.")["memories"]
    assert m["scope"] == ["crates/printer/Cargo.toml"], m
    assert _warned(cli, ":module/serde-json") == {"crates/printer/Cargo.toml"}
    [m] = _said(cli, "We are dropping memmap2 from grep-searcher; the mmap path is a source of unsafety.")["memories"]
    assert m["scope"] == ["crates/searcher"] and m["rejects"] == ["memmap2"], m
    assert _warned(cli, ":module/memmap2") == {"crates/searcher/Cargo.toml", "crates/searcher/src/mmap.rs"}


def test_a_language_feature_is_a_constraint_and_no_dependency(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", FILES))
    [m] = _said(cli, "No unsafe outside the ffi module. The only place we allow unsafe is the pcre2 bindings.")[
        "memories"]
    assert m["entity"] == ":constraint/no-unsafe" and not m.get("edges"), m
    [m] = _said(cli, "Never use unsafe outside the ffi module.")["memories"]
    assert m["entity"] == ":constraint/no-unsafe" and not m.get("edges"), m
    rc, reply, err, _ = cli.run("sql", "SELECT count(*) FROM facts WHERE e LIKE ':dependency/unsafe%'")
    assert rc == 0 and reply["rows"] == [[0]], (err, reply)


def _package(name: str):
    return {"printer": ("crates/printer", "crates/printer/Cargo.toml"),
            "grep-searcher": ("crates/searcher", "crates/searcher/Cargo.toml")}.get(name.lower())


def test_the_reading_of_where_and_what():
    assert scoped_paths("Don't add serde-json to the printer crate's default features", _package) == [
        "crates/printer/Cargo.toml"]
    assert scoped_paths("We are dropping memmap2 from grep-searcher", _package) == ["crates/searcher"]
    assert scoped_paths("No anyhow in the printer crate", _package) == ["crates/printer"]
    # where it is allowed is an exemption, not a scope; a name no package has is nothing
    assert scoped_paths("anyhow is fine only in the printer crate", _package) == []
    assert scoped_paths("We decided against anyhow in the library crates", _package) == []
    assert is_language_feature("unsafe") and is_language_feature("`eval()`") and not is_language_feature("anyhow")
    assert confined_feature("Please keep unsafe code confined to the ffi module - no unsafe blocks anywhere else") == \
        "unsafe"
    assert confined_feature("No Redis outside the cache layer") is None


def test_hostile_text_is_bounded_and_never_raises():
    calls = []

    def package(name: str):
        calls.append(name)
        return None
    assert scoped_paths("in the x " * 20_000, package) == []
    assert len(calls) < 2000
    assert scoped_paths("from \x00\uffff " + "a/" * 5000, package) == []
    assert confined_feature("no " + "unsafe " * 10_000 + " outside x") is None
    assert confined_feature("") is None

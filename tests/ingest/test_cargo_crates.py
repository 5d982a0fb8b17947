"""A Cargo dependency, and its rename, is its own crate's (lore.ingest.workspaces): a Rust file resolves
``use alias::X`` through the nearest package manifest at or above it, with what ``dep = { workspace = true }``
inherits from its workspace root's [workspace.dependencies] — never through another crate's manifest. The same
in a full ingest, an incremental one (a manifest change re-resolves what it must: a run per commit writes what
one run writes) and the working layer (an unsaved Cargo.toml). Real git repositories, the real CLI, real DuckDB.
"""

from __future__ import annotations

from pathlib import Path

from gitrepo import commit_files
from lore import operations
from lore.store.graph import Graph
from lore.timeutil import FOREVER

from .conftest import deps_of as _deps
from .conftest import rows_of_one_run_and_per_commit


def _manifest(name: str, deps: str) -> str:
    return f'[package]\nname = "{name}"\nversion = "0.1.0"\n\n[dependencies]\n{deps}'


TWO = {
    "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
    "crates/a/Cargo.toml": _manifest("a", 'json = { package = "serde_json", version = "1" }\n'),
    "crates/a/src/lib.rs": "use json::Value;\n\npub fn f() -> Option<Value> { None }\n",
    "crates/b/Cargo.toml": _manifest("b", 'json = { package = "simd-json", version = "0.13" }\n'),
    "crates/b/src/lib.rs": "use json::OwnedValue;\n\npub fn g() { let _ = json::to_vec(&1); }\n",
}


def test_two_crates_renaming_one_alias_each_resolve_to_their_own_package(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", TWO))
    assert _deps(cli, ":module/crates-a-src-lib-rs") == {":module/serde-json"}
    assert _deps(cli, ":module/crates-b-src-lib-rs") == {":module/simd-json"}
    assert _deps(cli, ":module/crates-a-cargo-toml") == {":module/serde-json"}
    assert _deps(cli, ":module/crates-b-cargo-toml") == {":module/simd-json"}


WORKSPACE = {
    "Cargo.toml": ('[workspace]\nmembers = ["crates/*"]\n\n[workspace.dependencies]\n'
                   'mm = { package = "memmap2", version = "0.9" }\nlog = "0.4"\n'),
    "crates/inherits/Cargo.toml": _manifest("inherits", "mm = { workspace = true }\nlog = { workspace = true }\n"),
    "crates/inherits/src/lib.rs": "use mm::Mmap;\n\npub fn f() { log::info!(\"x\"); }\n",
    "crates/own/Cargo.toml": _manifest("own", 'mm = "1"\n'),
    "crates/own/src/lib.rs": "use mm::Thing;\n\npub fn g() { log::info!(\"y\"); }\n",
}


def test_a_workspace_dependency_is_inherited_with_its_rename_and_only_by_who_inherits_it(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", WORKSPACE))
    # `mm = { workspace = true }`: the workspace's memmap2; `log = { workspace = true }`: a crate its paths may name
    assert _deps(cli, ":module/crates-inherits-src-lib-rs") == {":module/memmap2", ":module/log"}
    assert _deps(cli, ":module/crates-inherits-cargo-toml") == {":module/memmap2", ":module/log"}
    # a crate that declares its own `mm` (and no log) takes nothing of the workspace's table
    assert _deps(cli, ":module/crates-own-src-lib-rs") == {":module/mm"}
    # the root's own [workspace.dependencies] keys are its imports, renamed as it says
    assert _deps(cli, ":module/cargo-toml") == {":module/memmap2", ":module/log"}


def test_a_manifest_change_writes_in_a_run_per_commit_what_one_run_writes(repo, tmp_path):
    steps = [
        dict(TWO),
        # crate a's rename moves to another package; b's files must not move
        {"crates/a/Cargo.toml": _manifest("a", 'json = { package = "sonic-rs" }\n')},
        # a package manifest appears inside b: its folder's files take its dependencies from now on
        {"crates/b/src/inner/Cargo.toml": _manifest("inner", 'json = { package = "json5" }\n'),
         "crates/b/src/inner/x.rs": "use json::Value;\n"},
        # the workspace table renames; only the crate that inherits it moves
        {"Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n\n[workspace.dependencies]\njson = { package = "miniserde" }\n',
         "crates/c/Cargo.toml": _manifest("c", "json = { workspace = true }\n"), "crates/c/src/lib.rs": "use json::X;\n"},
        {"Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n\n[workspace.dependencies]\njson = { package = "nanoserde" }\n'},
        # and the inner manifest goes: its files are b's again
        {"crates/b/src/inner/Cargo.toml": None},
    ]
    once, per_commit = rows_of_one_run_and_per_commit(repo, tmp_path, steps)
    assert once == per_commit
    now = {(e, v) for e, a, _vt, v, _vf, valid_to in per_commit if a == ":depends-on" and valid_to == FOREVER}
    assert {(":module/crates-a-src-lib-rs", ":module/sonic-rs"), (":module/crates-b-src-lib-rs", ":module/simd-json"),
            (":module/crates-b-src-inner-x-rs", ":module/simd-json"),
            (":module/crates-c-src-lib-rs", ":module/nanoserde")} <= now, sorted(now)
    assert not {(e, v) for e, v in now if v in (":module/json", ":module/json5", ":module/miniserde", ":module/serde-json")}


def _run(graph: Graph, op: str, params: dict) -> dict:
    reply = operations.run(op, graph, params)
    result = reply.pop("_result", None)
    if result is not None:
        operations.derive(graph, result)
    return reply


def _rejected(reply: dict) -> list[tuple[int, str]]:
    return sorted((w["line"], w["slots"]["target"]) for w in reply["warnings"] if w["rule"] == "rejected_dependency")


def test_the_working_layer_resolves_through_an_unsaved_cargo_toml(tmp_path: Path):
    root = commit_files(tmp_path / "repo", {"Cargo.toml": _manifest("app", 'serde_json = "1"\n'),
                                            "src/main.rs": "use serde_json::Value;\n\nfn main() {}\n"})
    operations.load_features()
    g = Graph(tmp_path / "g.duckdb")
    try:
        assert _run(g, "transact", {"facts": '[[:decision/no-simd :rejects :dependency/simd-json] '
                                             '[:decision/no-simd :description "no simd-json: serde_json only"]]',
                                    "reason": "decision"})["ok"]
        assert _run(g, "ingest", {"repo": str(root), "wait": True})["ok"]

        def buffer(path: str, text: str | None, version: int) -> dict:
            return _run(g, "layerBuffer", {"root": str(root), "path": path, "text": text, "version": version})

        main_rs = "use json::OwnedValue;\n\nfn main() {}\n"
        assert _rejected(buffer("src/main.rs", main_rs, 1)) == []  # no manifest says what json is yet
        # the unsaved manifest renames json: its own line warns, and so does the open file that uses it
        cargo = _manifest("app", 'serde_json = "1"\njson = { package = "simd-json", version = "0.13" }\n')
        assert _rejected(buffer("Cargo.toml", cargo, 1)) == [(7, ":module/simd-json")]
        warned = _run(g, "layerWarnings", {"root": str(root), "file": "src/main.rs"})
        assert _rejected(warned) == [(1, ":module/simd-json")]
        assert _rejected(buffer("src/main.rs", main_rs + "// more\n", 2)) == [(1, ":module/simd-json")]
        # the manifest's buffer closes (its text is the head's again): json is no crate of it any more
        buffer("Cargo.toml", None, 2)
        assert _rejected(_run(g, "layerWarnings", {"root": str(root), "file": "src/main.rs"})) == []
        # nothing of it reached history
        rc = _run(g, "query", {"query": "[:find ?d :where [:module/src-main-rs :depends-on ?d]]"})
        assert rc["results"] == [[":module/serde-json"]]
    finally:
        g.close()


def test_a_file_under_no_package_takes_no_crates_dependencies(tmp_path, cli):
    """A Rust file outside every crate (a script beside a virtual workspace) names no crate by a path alone, and
    no manifest's rename applies to it."""
    files = dict(TWO)
    files["scripts/gen.rs"] = "use json::Value;\nfn main() { anyhow::bail!(\"x\"); }\n"
    cli = cli.ingest_in(commit_files(tmp_path / "repo", files))
    assert _deps(cli, ":module/scripts-gen-rs") == {":module/json"}


def test_hostile_manifests_given_to_file_facts_are_refused_or_read_as_nothing(tmp_path: Path):
    """``fileFacts``' ``manifests`` (the layer's texts of workspace manifests) is input too: not a list, not
    objects, a path out of the work tree are refused; a manifest too large, not UTF-8 or not TOML renames nothing."""
    root = commit_files(tmp_path / "repo", {"Cargo.toml": _manifest("app", 'serde_json = "1"\n'),
                                            "src/main.rs": "use serde_json::Value;\n"})
    operations.load_features()
    g = Graph(tmp_path / "g.duckdb")
    try:
        assert _run(g, "ingest", {"repo": str(root), "wait": True})["ok"]
        main_rs = {"path": "src/main.rs", "text": "use serde_json::Value;\n"}
        for bad, code in (("Cargo.toml", "bad-params"), ([3], "bad-params"),
                          ([{"path": "../Cargo.toml", "text": "[package]\n"}], "bad-path"),
                          ([{"path": "Cargo.toml", "text": 7}], "bad-text"),
                          ([{"path": "Cargo.toml", "text": "\udcff[package]\n"}], "invalid-utf8")):
            reply = operations.run("fileFacts", g, {"files": [main_rs], "manifests": bad})
            assert not reply["ok"] and reply["error"]["code"] == code, (bad, reply)
        rename = '\nserde_json = { package = "innocent" }\n'
        for text in (_manifest("app", "") + rename + "#" * 1_000_001, "\ufeff\x00" + rename, "[package\n" + rename,
                     _manifest("app", "") + "[dependencies.serde_json]\npackage = 7\n"):
            reply = operations.run("fileFacts", g, {"files": [main_rs], "manifests": [{"path": "Cargo.toml",
                                                                                       "text": text}]})
            assert reply["ok"], reply
            assert [i[1] for i in reply["files"][0]["imports"]] == [":module/serde-json"], text[:40]
    finally:
        g.close()

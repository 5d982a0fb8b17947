"""Rust `use` lists (`use {a::X, b::Y};`, `use a::{X, b::{Y, Z}}`) import each path they name, each on its
own line: a rejected crate warns on the line that names it, and a crate-local list depends on every file
it names — on a real ingested Rust repository through the real CLI."""

from __future__ import annotations

from gitrepo import commit_files
from lore.ingest.extract import extract_source

MAIN_RS = '''use std::fmt;
use {
    serde::Serialize,
    tokio::runtime::Runtime,
};
use crate::{
    util::hash,
    net::{Socket, self as nt},
};
use anyhow::{Context as _, *};

fn main() {}
'''


def test_each_path_of_a_use_list_is_one_import_on_its_own_line():
    ex = extract_source("rust", MAIN_RS.encode())
    assert [(i.spec, i.line) for i in ex.imports] == [
        ("std::fmt", 1), ("serde::Serialize", 3), ("tokio::runtime::Runtime", 4),
        ("crate::util::hash", 7), ("crate::net::Socket", 8), ("crate::net", 8),
        ("anyhow::Context", 10), ("anyhow::*", 10)]


def test_hostile_use_lists_never_raise():
    for text in ("use {{{{{{{{a}}}}}}}};", "use a::{;", "use ::{};", "use {" + "a::{" * 300 + "b" + "}" * 300 + "};",
                 "use " + "::".join(["x"] * 2000) + ";", "use {self, super, crate};"):
        extract_source("rust", text.encode())


def _rust_repo(tmp_path, cli):
    repo = commit_files(tmp_path / "repo", {"Cargo.toml": "[package]\nname = \"app\"\n",
                                            "src/main.rs": MAIN_RS, "src/util.rs": "pub fn hash() {}\n",
                                            "src/net/mod.rs": "pub struct Socket;\n"})
    return repo, cli.ingest_in(repo)


def test_a_rejected_crate_in_a_use_list_warns_on_its_line(tmp_path, cli):
    repo, cli = _rust_repo(tmp_path, cli)
    rc, _, err, _ = cli.run("transact", "[[:decision/no-tokio :rejects :module/tokio]"
                            " [:decision/no-tokio :description \"no tokio: we stay synchronous\"]]", "--reason", "r")
    assert rc == 0, err
    rc, reply, err, _ = cli.run("warnings", "src/main.rs")
    assert rc == 0, err
    [w] = [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"]
    assert w["line"] == 4 and w["slots"]["target"] == ":module/tokio"


def test_a_crate_local_use_list_depends_on_each_file(tmp_path, cli):
    repo, cli = _rust_repo(tmp_path, cli)
    rc, reply, err, _ = cli.run("query", "[:find ?t :where [:module/src-main-rs :depends-on ?t]]")
    assert rc == 0, err
    assert {r[0] for r in reply["results"]} >= {":module/src-util-rs", ":module/src-net-mod-rs",
                                                ":module/serde", ":module/tokio", ":module/anyhow"}

"""A monorepo's own packages resolve as its code, not as outside packages (lore.ingest.workspaces): npm/yarn
workspaces and pnpm-workspace.yaml, Cargo workspace members, Go modules of a go.work — through the real CLI on
real git repositories (the dependencies recorded, a rejection of a same-named outside package, the working
layer's check). The manifests are repository input: malformed, huge, non-UTF-8, symlinked or escaping ones give
no workspace, and ingestion goes on as without them."""

from __future__ import annotations

import json
import os

import pytest

from gitrepo import commit_files, git
from lore.ingest.workspaces import MAX_MANIFEST_BYTES, Workspaces, glob_regex, workspaces_of

from .conftest import deps_of as _deps
from .conftest import rows_of_one_run_and_per_commit

JS = {
    "package.json": json.dumps({"name": "acme", "private": True, "workspaces": ["packages/*", "!packages/old"]}),
    "packages/config/package.json": json.dumps({"name": "config", "main": "dist/index.js"}),
    "packages/config/src/index.ts": "export const settings = {};\n",
    "packages/ui/package.json": json.dumps({"name": "@acme/ui", "types": "lib/index.d.ts"}),
    "packages/ui/src/index.ts": "export const Button = 1;\n",
    "packages/ui/src/theme.ts": "export const dark = 2;\n",
    "packages/old/package.json": json.dumps({"name": "left-out"}),
    "packages/old/index.js": "module.exports = 3;\n",
    "apps/web/src/main.ts": ("import {settings} from 'config';\nimport {Button} from '@acme/ui';\n"
                             "import {dark} from '@acme/ui/theme';\nimport old from 'left-out';\n"
                             "import React from 'react';\nexport const m = [settings, Button, dark, old, React];\n"),
}
WEB = ":module/apps-web-src-main-ts"


def test_npm_workspace_packages_are_the_repositorys_files(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", JS))
    # 'config' is the repository's package (its dist/ entry read as src/), not the npm package of that name;
    # a folder the workspaces exclude ('!packages/old') is no package of it; react is outside
    assert _deps(cli, WEB) == {":module/packages-config-src-index-ts", ":module/packages-ui-src-index-ts",
                               ":module/packages-ui-src-theme-ts", ":module/left-out", ":module/react"}
    # a team that rejected the npm package 'config' is not warned about its own package of that name
    rc, _, err, _ = cli.run("transact", '[[:decision/no-node-config :rejects :module/config] '
                                        '[:decision/no-node-config :description "No node-config"] '
                                        '[:decision/no-react :rejects :module/react] '
                                        '[:decision/no-react :description "No React"]]', "--reason", "r")
    assert rc == 0, err
    rc, reply, _, _ = cli.run("warnings")
    assert sorted((w["file"], w["line"]) for w in reply["warnings"] if w["rule"] == "rejected_dependency") == [
        ("apps/web/src/main.ts", 5)]


def test_pnpm_workspace_and_the_working_layer(tmp_path, cli):
    files = {k: v for k, v in JS.items() if k != "package.json"}
    files["package.json"] = json.dumps({"name": "acme", "private": True})
    files["pnpm-workspace.yaml"] = "# pnpm\npackages:\n  - 'packages/*'\n  - \"!packages/old\"\nother:\n  - x\n"
    repo = commit_files(tmp_path / "repo", files)
    cli = cli.ingest_in(repo)
    assert ":module/packages-config-src-index-ts" in _deps(cli, WEB) and ":module/config" not in _deps(cli, WEB)
    rc, _, err, _ = cli.run("transact", '[[:decision/no-node-config :rejects :module/config] '
                                        '[:decision/no-node-config :description "No node-config"]]', "--reason", "r")
    assert rc == 0, err
    # an edit not committed, read by the working layer: the same resolution
    (repo / "apps" / "web" / "src" / "extra.ts").write_text("import {settings} from 'config';\nexport const e = settings;\n")
    rc, reply, err, _ = cli.run("check", "--all", "--fail-on", "never")
    assert rc == 0 and reply["ok"], err
    assert [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"] == []


CARGO = {
    "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\nexclude = ["crates/skip"]\n',
    "crates/my-core/Cargo.toml": '[package]\nname = "my-core"\nversion = "0.1.0"\n',
    "crates/my-core/src/lib.rs": "pub mod cache;\n",
    "crates/my-core/src/cache.rs": "pub struct Cache;\n",
    "crates/app/Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n',
    "crates/app/src/main.rs": "use my_core::cache::Cache;\nuse my_core::Thing;\nuse serde::Serialize;\nfn main() {}\n",
    "crates/skip/Cargo.toml": '[package]\nname = "skipped"\n',
    "crates/skip/src/lib.rs": "pub fn s() {}\n",
}


def test_cargo_workspace_members_are_the_repositorys_crates(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", CARGO))
    assert _deps(cli, ":module/crates-app-src-main-rs") == {
        ":module/crates-my-core-src-cache-rs", ":module/crates-my-core-src-lib-rs", ":module/serde"}


GO = {
    "go.work": "go 1.22\n\nuse (\n\t./lib // the library\n\t./tools\n)\nuse ../../outside\n",
    "lib/go.mod": "module example.com/acme/libx\n\ngo 1.22\n",
    "lib/store/store.go": "package store\n\nfunc Get() int { return 1 }\n",
    "lib/lib.go": "package libx\n\nfunc Root() int { return 2 }\n",
    "tools/go.mod": "module example.com/acme/tooling\n",
    "tools/cmd/main.go": ('package main\n\nimport (\n\t"example.com/acme/libx/store"\n\t"example.com/acme/libx"\n'
                          '\t"github.com/spf13/cobra"\n)\n\nfunc main() { store.Get(); libx.Root(); cobra.X() }\n'),
}


def test_go_work_modules_are_the_repositorys_packages(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", GO))
    assert _deps(cli, ":module/tools-cmd-main-go") == {
        ":module/lib-store-store-go", ":module/lib-lib-go", ":module/github-com-spf13-cobra"}


GO_NESTED = {
    "go.mod": ("module example.com/acme/app\n\ngo 1.22\n\nrequire example.com/acme/tooling v0.1.0\n\n"
               "replace (\n\texample.com/acme/tooling v0.1.0 => ./tools // built from the folder\n)\n"
               "replace example.com/gone => ../outside\n"),
    "tools/go.mod": "module example.com/acme/tooling\n",
    "tools/cmd/run.go": "package cmd\n\nfunc Run() {}\n",
    "extra/go.mod": "module example.com/acme/extras\n",  # neither used nor replaced: a module of its own
    "extra/x/x.go": "package x\n\nfunc X() {}\n",
    "main.go": ('package main\n\nimport (\n\t"example.com/acme/tooling/cmd"\n\t"example.com/acme/extras/x"\n)\n\n'
                "func main() { cmd.Run(); x.X() }\n"),
}


def test_a_go_module_replaced_by_a_folder_is_the_repositorys_and_one_nothing_names_is_not(tmp_path, cli):
    """As Go builds it (go.dev/ref/mod): a replace by a folder builds that folder for the path; a module in a
    sub-folder that no go.work uses and no replace names is a module of its own, fetched at its required
    version, so an import of it is an outside package even though a copy of it sits in the repository."""
    cli = cli.ingest_in(commit_files(tmp_path / "repo", GO_NESTED))
    assert _deps(cli, ":module/main-go") == {":module/tools-cmd-run-go", ":module/example-com-acme-extras-x"}


def test_a_workspace_that_appears_later_re_points_unchanged_files(repo, tmp_path):
    """The workspace is declared in a later commit than the file that imports its package (which never
    changes): a run per commit writes what one run writes."""
    no_ws = {k: v for k, v in JS.items() if k != "package.json"}
    once, per_commit = rows_of_one_run_and_per_commit(repo, tmp_path, [
        no_ws, {"package.json": JS["package.json"]}, {"packages/ui/package.json": json.dumps({"name": "@acme/ux"})}])
    assert once == per_commit
    deps = {(v, vt) for e, a, _vt, v, _vf, vt in once if e == WEB and a == ":depends-on"}
    assert {v for v, _ in deps} >= {":module/packages-config-src-index-ts", ":module/acme-ui"}


# ------------------------------------------------------------------------------- hostile manifests


def _in_memory(files: dict[str, bytes | str], links: frozenset[str] = frozenset()) -> Workspaces:
    blobs = {p: (t.encode() if isinstance(t, str) else t) for p, t in files.items()}
    rows = [(p, p, "120000" if p in links else "100644") for p in blobs]
    return workspaces_of(rows, lambda b: blobs[b] if len(blobs[b]) <= MAX_MANIFEST_BYTES else None,
                         lambda mode: mode.startswith("100"))


MEMBER = {"packages/a/package.json": '{"name": "a"}', "crates/a/Cargo.toml": '[package]\nname = "a"\n',
          "a/go.mod": "module example.com/a\n"}


@pytest.mark.parametrize("root", [
    {"package.json": '{"workspaces": ["packages/*"]'},  # cut short
    {"package.json": b'\xff\xfe{"workspaces": ["packages/*"]}'},  # not UTF-8
    {"package.json": '{"workspaces": ["packages/*"]}' + " " * (MAX_MANIFEST_BYTES + 1)},  # too big
    {"package.json": "[" * 100_000 + "]" * 100_000},  # nested deeper than the parser's stack
    {"package.json": '{"workspaces": "packages/*"}'},  # not a list
    {"package.json": '{"workspaces": [1, null, {"x": 1}]}'},
    {"package.json": '{"workspaces": ["../*", "/etc/*", "C:/x/*", "packages/../../*"]}'},  # leaving the repository
    {"pnpm-workspace.yaml": "packages: [packages/*]\n"},  # a form pnpm does not document: not read
    {"pnpm-workspace.yaml": b"packages:\n  - '\xff'\n"},
    {"Cargo.toml": '[workspace\nmembers = ["crates/*"]'},  # not TOML
    {"Cargo.toml": '[workspace]\nmembers = "crates/*"\n'},
    {"go.work": "use ../../etc\nuse /abs\nuse (\n ../up\n)\n"},
    {"go.work": b"use \xff\n"},
    {"go.work": "replace example.com/a => ../../etc\nreplace (\n example.com/a v1 => /abs\n)\n"},  # leaving it
    {"go.work": "replace example.com/a => example.com/fork v1.2.0\n"},  # a module, not a folder
    {"go.work": "replace ../../x => ./a\nreplace `a b` => ./a\n"},  # no module path Go would take
    {"go.work": "replace example.com/a => ./nowhere\n"},  # a folder with no go.mod
])
def test_a_malformed_or_escaping_workspace_declares_nothing(root):
    assert _in_memory({**MEMBER, **root}) == Workspaces()


def test_members_with_bad_names_or_symlinked_manifests_are_left_out():
    ws = _in_memory({
        "package.json": '{"workspaces": ["packages/*"]}',
        "packages/a/package.json": '{"name": "../../etc"}',
        "packages/b/package.json": '{"name": "b", "main": "../../../etc/passwd"}',
        "packages/c/package.json": '{"name": "c"}',
        "packages/d/package.json": '{"name": ' + '"x' * 300 + '"}',
        "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
        "crates/a/Cargo.toml": '[package]\nname = "a b; rm -rf"\n',
        "crates/b/Cargo.toml": '[package]\nname = "b"\n',
        "go.work": "use ./g\nuse ./h\n",
        "g/go.mod": "module ../../x\n",
        "h/go.mod": "module example.com/h\n",
    }, links=frozenset({"packages/c/package.json", "crates/b/Cargo.toml"}))
    assert ws.js == (("b", "packages/b", ()),)  # its entry left the repository: none kept
    assert ws.rust == ()
    assert ws.go == (("example.com/h", "h"),)


def test_many_members_are_bounded():
    files = {"package.json": '{"workspaces": ["p/**"]}'}
    files.update({f"p/{i}/package.json": f'{{"name": "p{i}"}}' for i in range(2_500)})
    ws = _in_memory(files)
    assert len(ws.js) == 2_000


@pytest.mark.parametrize("glob,path,matches", [
    ("packages/*", "packages/a", True), ("packages/*", "packages/a/b", False), ("packages/**", "packages/a/b", True),
    ("./apps/*", "apps/x", True), ("../x", "x", None), ("/etc", "etc", None), ("", "", None),
])
def test_globs(glob, path, matches):
    rx = glob_regex(glob)
    assert (rx is not None and bool(rx.match(path))) is bool(matches) and (rx is None) is (matches is None)


def test_a_symlinked_workspace_manifest_in_a_real_repository_is_not_followed(tmp_path, cli):
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"workspaces": ["packages/*"]}))
    files = {k: v for k, v in JS.items() if k != "package.json"}
    repo = commit_files(tmp_path / "repo", files)
    os.symlink(outside, repo / "package.json")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "link")
    cli = cli.ingest_in(repo)
    assert ":module/config" in _deps(cli, WEB)  # as without a workspace: the link's target was never read

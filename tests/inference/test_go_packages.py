"""Go imports name packages (folders): rejecting a module path covers the packages under it, on a real
ingested Go repository through the real CLI."""

from __future__ import annotations

from gitrepo import git

MAIN_GO = '''package main

import (
	"github.com/x/y/z"
	"github.com/x/yz"
	"github.com/other/y"
)

func main() { z.Run(); yz.Run() }
'''


def _go_repo(tmp_path, cli):
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "go.mod").write_text("module example.com/app\n\ngo 1.22\n")
    (repo / "main.go").write_text(MAIN_GO)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "one")
    cli.graph, cli.cwd = repo / ".lore" / "lore.duckdb", repo  # the fixture's CLI, run in the repository
    rc, reply, err, _ = cli.run("ingest")
    assert rc == 0 and reply["ok"], err
    return repo, cli


def _rejected_targets(cli) -> set[str]:
    rc, reply, err, _ = cli.run("warnings", "main.go")
    assert rc == 0, err
    return {w["slots"]["target"] for w in reply["warnings"] if w["rule"] == "rejected_dependency"}


def test_rejecting_a_go_module_covers_its_subpackages(tmp_path, cli):
    repo, cli = _go_repo(tmp_path, cli)
    rc, _, err, _ = cli.run("transact", "[[:decision/no-xy :rejects :module/github-com-x-y]"
                            " [:decision/no-xy :description \"no x/y\"]]", "--reason", "r")
    assert rc == 0, err
    # x/y/z is under x/y; x/yz and other/y only look alike
    assert _rejected_targets(cli) == {":module/github-com-x-y-z"}
    rc, reply, _, _ = cli.run("warnings", "main.go")
    [w] = [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"]
    assert w["line"] == 4 and "github.com/x/y/z" in w["message"]


def test_rejecting_the_host_or_the_package_itself(tmp_path, cli):
    repo, cli = _go_repo(tmp_path, cli)
    rc, _, err, _ = cli.run("transact", "[[:decision/no-x :rejects :module/github-com-x]"
                            " [:decision/no-x :description \"nothing from x\"]]", "--reason", "r")
    assert rc == 0, err
    assert _rejected_targets(cli) == {":module/github-com-x-y-z", ":module/github-com-x-yz"}
    rc, _, err, _ = cli.run("transact", "[[:decision/no-yz :rejects :module/github-com-x-yz]]", "--reason", "r")
    rc, reply, _, _ = cli.run("warnings", "main.go")
    assert {(w["slots"]["memory"], w["slots"]["target"]) for w in reply["warnings"]
            if w["rule"] == "rejected_dependency"} == {(":decision/no-x", ":module/github-com-x-y-z"),
                                                         (":decision/no-x", ":module/github-com-x-yz"),
                                                         (":decision/no-yz", ":module/github-com-x-yz")}

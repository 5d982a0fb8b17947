"""Go imports name packages (folders): rejecting a module path covers the packages under it, on a real
ingested Go repository through the real CLI."""

from __future__ import annotations

from gitrepo import commit_files

MAIN_GO = '''package main

import (
	"github.com/x/y/z"
	"github.com/x/yz"
	"github.com/other/y"
)

func main() { z.Run(); yz.Run() }
'''


def _go_repo(tmp_path, cli):
    repo = commit_files(tmp_path / "repo", {"go.mod": "module example.com/app\n\ngo 1.22\n", "main.go": MAIN_GO})
    return repo, cli.ingest_in(repo)


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


LOGGING_GO = '''package main

import (
	"github.com/sirupsen/logrus"
	"github.com/x/logrusx"
	"gopkg.in/yaml.v3"
	"github.com/go-redis/redis/v9"
	"gorm.io/gorm"
)

func main() { logrus.Info(yaml.Marshal, logrusx.X, redis.Nil, gorm.Open) }
'''


def _checked_targets(cli) -> set[tuple[str, str]]:
    rc, reply, err, _ = cli.run("check", "--format", "json")
    assert reply is not None and reply["ok"], (rc, err)
    return {(w["slots"]["memory"], w["slots"]["target"]) for w in reply["warnings"]
            if w["rule"] == "rejected_dependency"}


def test_a_go_package_rejected_by_the_name_people_say_before_any_code_imported_it(tmp_path, cli):
    # User trial 11 (labstack/echo): "we decided against logrus" is captured as :rejects :dependency/logrus
    # while nothing imports it; the first import is github.com/sirupsen/logrus, typed in an edit. The
    # decision meets it there (a run of the path's segments after the host, a major version aside), as
    # lore.memory.identity resolves that name once an ingest brings the import.
    repo, cli = _go_repo(tmp_path, cli)
    rc, _, err, _ = cli.run("transact", "[[:decision/no-logrus :rejects :dependency/logrus]"
                            " [:decision/no-yaml :rejects :library/yaml]"
                            " [:decision/no-redis :rejects :dependency/go-redis]"
                            " [:decision/no-x :rejects :module/logrus]"
                            # the string an import path must be written as (a keyword cannot hold it); prose
                            # is no package
                            " [:decision/no-orm :forbids \"gorm.io/gorm\"]"
                            " [:decision/prose :rejects \"gorm is slow\"]]", "--reason", "r")
    assert rc == 0, err
    (repo / "logging.go").write_text(LOGGING_GO)
    assert _checked_targets(cli) == {(":decision/no-logrus", ":module/github-com-sirupsen-logrus"),
                                     (":decision/no-yaml", ":module/gopkg-in-yaml-v3"),
                                     (":decision/no-redis", ":module/github-com-go-redis-redis-v9"),
                                     (":decision/no-orm", ":module/gorm-io-gorm")}
    rc, _, _, out = cli.run("check", json_out=False)
    assert rc == 1 and "logging.go:4" in out and "github.com/sirupsen/logrus" in out, out

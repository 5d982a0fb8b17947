"""One identity on a Go repository (SPEC §1). Go imports name packages by hosted module paths
(`github.com/bytedance/sonic`), which ingestion writes as `:module/github-com-bytedance-sonic`. A person says
"sonic" or "json-iterator", an import path cannot be a keyword, and the repository has files named like the
packages it wraps (`codec/json/sonic.go`). Before, `[:decision/x :rejects :dependency/json-iterator]` and the
string `"github.com/json-iterator/go"` warned on nothing, and "we decided against sonic" rejected the file
`codec/json/sonic.go` instead of the dependency. Real git repository, real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from memory_helpers import rejects_of as refs

from gitrepo import git


@pytest.fixture
def gorepo(tmp_path: Path) -> Path:
    r = tmp_path / "goproj"
    (r / "codec" / "json").mkdir(parents=True)
    (r / "go.mod").write_text("module example.com/web\n\ngo 1.22\n")
    (r / "codec" / "json" / "sonic.go").write_text(
        'package json\n\nimport "github.com/bytedance/sonic"\n\nvar API = sonic.ConfigStd\n')
    (r / "codec" / "json" / "jsoniter.go").write_text(
        'package json\n\nimport (\n\t"io"\n\n\tjsoniter "github.com/json-iterator/go"\n)\n\n'
        'var J = jsoniter.ConfigCompatibleWithStandardLibrary\nvar _ io.Reader\n')
    (r / "yaml.go").write_text('package web\n\nimport (\n\t"gopkg.in/yaml.v2"\n\tyaml3 "gopkg.in/yaml.v3"\n)\n\n'
                               'var _ = yaml.Marshal\nvar _ = yaml3.Marshal\n')
    (r / "check_test.go").write_text('package web\n\nimport (\n\t"testing"\n\n\t"github.com/stretchr/testify/assert"\n'
                                     '\t"github.com/stretchr/testify/require"\n)\n\nfunc TestX(t *testing.T) '
                                     '{ assert.True(t, true); require.True(t, true) }\n')
    git(r, "init", "-q", "-b", "main")
    git(r, "add", ".")
    git(r, "commit", "-q", "-m", "codecs")
    return r


def rejected_files(cli) -> list[tuple[str, int, str]]:
    code, reply, err, _ = cli.run("warnings")
    assert code == 0 and reply["ok"], err
    return sorted((w["file"], w["line"], w["slots"]["memory"]) for w in reply["warnings"]
                  if w["rule"] == "rejected_dependency")


@pytest.mark.parametrize("written", [":dependency/json-iterator", ":library/json-iterator-go",
                                     '"github.com/json-iterator/go"', "json-iterator"])
def test_a_go_dependency_named_as_people_name_it_warns_on_its_import(cli, gorepo, written):
    assert cli.run("ingest", str(gorepo))[0] == 0
    value = written if written.startswith((":", '"')) else f'"{written}"'
    code, reply, err, _ = cli.run("transact", f'[[:decision/std-json :description "encoding/json only"] '
                                  f'[:decision/std-json :rejects {value}]]', "--reason", "one codec")
    assert code == 0 and reply["ok"], err
    assert refs(cli, ":decision/std-json") == [":module/github-com-json-iterator-go"]
    assert rejected_files(cli) == [("codec/json/jsoniter.go", 6, ":decision/std-json")]


def test_a_captured_rejection_names_the_dependency_not_a_file_called_like_it(cli, gorepo):
    assert cli.run("ingest", str(gorepo))[0] == 0
    code, reply, err, _ = cli.run("finalize-turn", "User: We decided against sonic because it needs cgo on "
                                  "some platforms.\nAgent: Noted.")
    assert code == 0 and reply["ok"], err
    (memory,) = reply["memories"]
    assert [":rejects", ":module/github-com-bytedance-sonic"] in memory["edges"], memory
    assert [(f, line) for f, line, _ in rejected_files(cli)] == [("codec/json/sonic.go", 3)]


def test_ambiguous_names_stay_as_written(cli, gorepo):
    """`testify` is two packages here (assert, require) and `yaml` two majors: neither reference is rewritten
    to one of them. The rejection still covers every import it names (user trial 11): a decision against
    testify is against both of its packages."""
    assert cli.run("ingest", str(gorepo))[0] == 0
    code, reply, err, _ = cli.run("transact", "[[:decision/a :rejects :dependency/testify] "
                                  "[:decision/a :rejects :dependency/yaml] [:decision/a :rejects \"not a package\"]]",
                                  "--reason", "d")
    assert code == 0 and reply["ok"], err
    assert refs(cli, ":decision/a") == [":dependency/testify", ":dependency/yaml", "not a package"]
    assert rejected_files(cli) == [("check_test.go", 6, ":decision/a"), ("check_test.go", 7, ":decision/a"),
                                   ("yaml.go", 4, ":decision/a"), ("yaml.go", 5, ":decision/a")]


def test_an_import_path_typed_as_a_keyword_says_how_to_write_it(cli, gorepo):
    code, reply, err, _ = cli.run("transact", "[[:decision/a :rejects :dependency/github.com/json-iterator/go]]",
                                  "--reason", "d")
    assert code != 0 and reply["error"]["code"] == "bad-ident", reply
    assert '"github.com/json-iterator/go"' in reply["error"]["message"]
    assert ":dependency/github-com-json-iterator-go" in reply["error"]["message"]


@pytest.mark.parametrize("relation", [":rejects", ":forbids"])
def test_a_string_rejection_written_before_the_ingest_meets_the_import_after_it(cli, gorepo, relation):
    """Written as people write it, before the graph knows the package: it stays a string until an ingest
    brings the import, then names the code's entity (a keyword module was the only form that matched)."""
    code, reply, err, _ = cli.run("transact", f'[[:decision/std-json :description "encoding/json only"] '
                                  f'[:decision/std-json {relation} "sonic"] '
                                  f'[:decision/std-json {relation} "github.com/json-iterator/go"]]',
                                  "--reason", "decided early")
    assert code == 0 and reply["ok"], err
    assert rejected_files(cli) == []
    assert cli.run("ingest", str(gorepo))[0] == 0
    code, reply, err, _ = cli.run("query", f"[:find ?v :where [:decision/std-json {relation} ?v]]")
    assert sorted(r[0] for r in reply["results"]) == [":module/github-com-bytedance-sonic",
                                                       ":module/github-com-json-iterator-go"]
    assert rejected_files(cli) == [("codec/json/jsoniter.go", 6, ":decision/std-json"),
                                   ("codec/json/sonic.go", 3, ":decision/std-json")]


def test_a_string_parent_path_covers_the_packages_under_it(cli, gorepo):
    """`"github.com/stretchr/testify"` names the module whose packages (assert, require) are imported, as the
    keyword `:module/github-com-stretchr-testify` does; the bare `testify` stays ambiguous."""
    assert cli.run("ingest", str(gorepo))[0] == 0
    code, reply, err, _ = cli.run("transact", '[[:decision/no-testify :rejects "github.com/stretchr/testify"]]',
                                  "--reason", "d")
    assert code == 0 and reply["ok"], err
    assert refs(cli, ":decision/no-testify") == [":module/github-com-stretchr-testify"]
    assert rejected_files(cli) == [("check_test.go", 6, ":decision/no-testify"),
                                   ("check_test.go", 7, ":decision/no-testify")]


def test_a_graph_whose_string_rejection_was_left_by_an_earlier_version_is_migrated(cli, gorepo):
    """A graph where the string stayed a string after its ingest (the identity pass had already run past
    it) is caught up by the next command that catches memory up."""
    from lore.store.graph import Graph
    from lore.store.txdata import parse_tx

    assert cli.run("ingest", str(gorepo))[0] == 0
    assert cli.run("prepare-turn", "json")[0] == 0  # the memory index and its state exist
    g = Graph(cli.graph)
    g.transact(parse_tx('[[:decision/old :forbids "sonic" {:valid-from "2020-01-01"}]]'), reason="old", source="cli")
    # what an earlier version left: its identity pass marked done past the string it could not resolve
    cur = g.con.execute("SELECT max(tx) FROM tx").fetchone()[0]
    g.con.execute("UPDATE mem_index_state SET tx = ? WHERE key = 'identity'", [cur])
    g.close()
    assert cli.run("prepare-turn", "sonic")[0] == 0
    code, reply, _, _ = cli.run("sql", "SELECT v, valid_from FROM facts WHERE e = ':decision/old' "
                                "AND a = ':forbids' AND tx_to = 2147483647")
    assert reply["rows"] == [[":module/github-com-bytedance-sonic", 1577836800000000]]
    assert [f for f, _, m in rejected_files(cli) if m == ":decision/old"] == ["codec/json/sonic.go"]

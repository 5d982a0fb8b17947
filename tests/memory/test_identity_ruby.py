"""One identity on a Ruby repository (SPEC §1). Ruby gems are said one way and required another: the gem
`activesupport` (people write "ActiveSupport") is `require 'active_support/...'`, which ingestion names
`:module/active-support`. Before, "we decided against ActiveSupport in the test suite" was stored as a rejection
of `:dependency/activesupport`, met no import, and no warning ever fired on sinatra/sinatra's test helper, which
requires active_support (user trial 13). Real git repository, real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from memory_helpers import rejected_imports as rejected
from memory_helpers import rejects_of as refs

from gitrepo import commit_files


@pytest.fixture
def rbrepo(tmp_path: Path) -> Path:
    return commit_files(tmp_path / "rbproj", {
        "Gemfile": "source 'https://rubygems.org'\ngem 'activesupport'\ngem 'multi_json'\ngem 'multijson_compat'\n",
        "lib/app.rb": "require 'multi_json'\n\nmodule App\n  def self.dump(h)\n    MultiJson.dump(h)\n  end\nend\n",
        "test/helper.rb": "require 'active_support/core_ext/hash/slice'\nrequire 'multijson_compat'\n\n"
                          "module Helper\n  def self.pick(h)\n    h.slice(:a)\n  end\nend\n",
    }, "app")


def test_a_captured_rejection_of_a_gem_said_in_camel_case_meets_its_require(cli, rbrepo):
    cli = cli.ingest_in(rbrepo)
    code, reply, err, _ = cli.run(
        "finalize-turn", "User: We decided against ActiveSupport in the test suite: it drags in half of Rails, so "
        "use plain Hash methods instead. Agent: Understood, I'll avoid it in tests.")
    assert code == 0 and reply["ok"], err
    [memory] = [m for m in reply["memories"] if m["kind"] == "decision"]
    assert refs(cli, memory["entity"]) == [":module/active-support"]
    assert rejected(cli) == [("test/helper.rb", 1)]


def test_the_gem_name_as_a_keyword_meets_the_require(cli, rbrepo):
    cli = cli.ingest_in(rbrepo)
    code, reply, err, _ = cli.run("transact", "[[:decision/no-as :description \"No ActiveSupport\"] "
                                  "[:decision/no-as :rejects :dependency/activesupport]]", "--reason", "trial")
    assert code == 0 and reply["ok"], err
    assert refs(cli, ":decision/no-as") == [":module/active-support"]


def test_an_exact_name_wins_over_one_spelled_apart(cli, rbrepo):
    """`multijson_compat` squeezes to neither `multi_json` nor anything else; `multi_json` said exactly is itself."""
    cli = cli.ingest_in(rbrepo)
    code, reply, err, _ = cli.run("transact", "[[:decision/no-mj :description \"No multi_json\"] "
                                  "[:decision/no-mj :rejects :dependency/multi_json]]", "--reason", "trial")
    assert code == 0 and reply["ok"], err
    assert refs(cli, ":decision/no-mj") == [":module/multi-json"]
    assert rejected(cli) == [("lib/app.rb", 1)]


def test_two_externals_spelled_alike_are_no_answer(cli, tmp_path):
    repo = commit_files(tmp_path / "twins", {
        "a.rb": "require 'foo_bar'\n", "b.rb": "require 'fo_obar'\n"}, "twins")
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run("transact", "[[:decision/no-fb :description \"No FooBar\"] "
                                  "[:decision/no-fb :rejects :dependency/foobar]]", "--reason", "trial")
    assert code == 0 and reply["ok"], err
    assert refs(cli, ":decision/no-fb") == [":dependency/foobar"]  # as written: neither is guessed
    assert rejected(cli) == []


def test_a_graph_an_earlier_version_resolved_is_migrated(cli, rbrepo):
    """A rejection of `:dependency/activesupport` that an earlier version stored as it was said (its identity
    pass marked done past it) names the code's `active_support` after the next command that catches memory up,
    and the empty stub it leaves goes."""
    from lore.store.graph import Graph
    from lore.store.txdata import parse_tx

    assert cli.run("ingest", str(rbrepo))[0] == 0
    assert cli.run("prepare-turn", "hash")[0] == 0  # the memory index and its state exist
    g = Graph(cli.graph)
    g.transact(parse_tx('[[:dependency/activesupport :entity-type :type/dependency] '
                        '[:dependency/activesupport :description "ActiveSupport"] '
                        '[:decision/old :description "no ActiveSupport in tests"] '
                        '[:decision/old :rejects :dependency/activesupport]]'), reason="old", source="cli")
    cur = g.con.execute("SELECT max(tx) FROM tx").fetchone()[0]
    g.con.execute("DELETE FROM mem_index_state WHERE starts_with(key, 'identity')")
    g.con.execute("INSERT INTO mem_index_state VALUES ('identity/2', ?)", [cur])  # the earlier version's mark
    g.close()
    assert cli.run("prepare-turn", "hash")[0] == 0
    assert refs(cli, ":decision/old") == [":module/active-support"]
    code, reply, err, _ = cli.run("sql", "SELECT a FROM facts WHERE e = ':dependency/activesupport' "
                                  "AND tx_to = 2147483647")
    assert code == 0 and reply["rows"] == [], err
    assert rejected(cli) == [("test/helper.rb", 1)]

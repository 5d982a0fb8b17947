"""A change of mind keeps the old decision's rejections it does not speak of (lore.memory.supersession):
"we switch from Redis to memcached" supersedes the decision that chose Redis, and MySQL, which that decision
rejected, stays rejected — through the real CLI on an ingested repository (warnings, queries, history), and
through the editor's supersedeDecision operation."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitrepo import git
from lore import operations
from lore.memory.supersession import text_names


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "repo"
    (r / "src").mkdir(parents=True)
    (r / "src" / "store.py").write_text("import pymysql\nimport redis\n\n\ndef connect():\n    return redis.Redis()\n")
    (r / "src" / "cache.py").write_text("import memcache\n\n\ndef client():\n    return memcache.Client([])\n")
    git(r, "init", "-q", "-b", "main")
    git(r, "add", ".")
    git(r, "commit", "-q", "-m", "first")
    return r


def rejecters(cli, target: str, *, extra: str = "") -> list[str]:
    code, reply, err, _ = cli.run("query", f"[:find ?d {extra} :where [?d :rejects {target}]]")
    assert code == 0 and reply["ok"], err
    return sorted(r[0] for r in reply["results"])


def warned(cli) -> list[tuple[str, str, str]]:
    code, reply, err, _ = cli.run("warnings")
    assert code == 0 and reply["ok"], err
    return sorted((w["file"], w["slots"]["target"], w["slots"]["memory"]) for w in reply["warnings"]
                  if w["rule"] == "rejected_dependency")


def test_a_switch_keeps_the_rejections_it_does_not_speak_of(cli, repo):
    cli.ingest_in(repo)
    code, first, err, _ = cli.run("finalize-turn", "--facts", (
        '[[:decision/cache :description "Use Redis for the page cache"] '
        '[:decision/cache :rejects :module/pymysql] [:decision/cache :rejects :module/memcache]]'))
    assert code == 0 and first["ok"], err
    assert warned(cli) == [("src/cache.py", ":module/memcache", ":decision/cache"),
                           ("src/store.py", ":module/pymysql", ":decision/cache")]
    code, switch, err, _ = cli.run("finalize-turn", "--facts", (
        '[[:decision/memcached :description "Switch the page cache from Redis to memcached"] '
        '[:decision/memcached :supersedes :decision/cache] [:decision/memcached :rejects :module/redis]]'))
    assert code == 0 and switch["ok"], err
    # MySQL stays rejected, now by the decision that holds; memcached, which the switch chooses, is allowed
    assert rejecters(cli, ":module/pymysql") == [":decision/memcached"]
    assert rejecters(cli, ":module/memcache") == []
    assert warned(cli) == [("src/store.py", ":module/pymysql", ":decision/memcached"),
                           ("src/store.py", ":module/redis", ":decision/memcached")]
    # history: before the switch, the old decision's own rejection; the old one's facts end at the switch
    before = f':as-of {first["tx"]}'
    assert rejecters(cli, ":module/pymysql", extra=before) == [":decision/cache"]
    code, hist, _, _ = cli.run("history", ":decision/cache")
    assert ("retract", ":rejects", ":module/pymysql", switch["tx"]) in [
        (c["op"], c["attribute"], c["value"], c["tx"]) for c in hist["history"]]


def test_a_captured_switch_keeps_what_the_old_decision_rejected(cli, repo):
    """The same through capture's own reading of the exchange (issue 14's switch)."""
    cli.ingest_in(repo)
    code, first, err, _ = cli.run("finalize-turn", "--facts", (
        '[[:decision/redis :description "Use Redis for caching"] [:decision/redis :rejects :module/pymysql]]'))
    assert code == 0, err
    code, switch, err, _ = cli.run("finalize-turn", "User: We're switching caching from Redis to memcached.\n"
                                   "Agent: I'll update the config.")
    assert code == 0 and switch["memories"][0]["supersedes"] == [":decision/redis"], (err, switch)
    new = switch["memories"][0]["entity"]
    assert rejecters(cli, ":module/pymysql") == [new]
    assert ("src/store.py", ":module/pymysql", new) in warned(cli)


def test_supersede_decision_keeps_unnamed_rejections_and_governs_the_named(graph):
    operations.load_features()

    def run(op: str, **params):
        reply = operations.run(op, graph, {"source": "cli", **params})
        assert reply["ok"], reply
        reply.pop("_result", None)
        return reply

    run("transact", facts='[[:decision/db :description "PostgreSQL for every service"] '
                          '[:decision/db :rejects :module/pymysql] [:decision/db :rejects :module/sqlite3] '
                          '[:decision/db :governs :module/src-db-py]]', reason="db")
    s = run("supersedeDecision", decision=":decision/db", text="PostgreSQL, and sqlite3 for the test suite")
    new = s["decision"]
    assert s["kept"] == [[":rejects", ":module/pymysql"]]
    rows = {tuple(r) for r in run("query", query=f"[:find ?a ?v :where [{new} ?a ?v]]")["results"]}
    assert (":rejects", ":module/pymysql") in rows  # not spoken of: still rejected
    assert (":governs", ":module/sqlite3") in rows and (":rejects", ":module/sqlite3") not in rows  # named: governed
    assert (":governs", ":module/src-db-py") in rows
    # a decision that is nothing but one rejection (no-<name>): superseding it is about that target
    run("recordDecision", kind="rejects", target="chardet", text="We don't use chardet")
    s = run("supersedeDecision", decision=":decision/no-chardet", text="Allowed in the CLI only")
    assert s["kept"] == []


@pytest.mark.parametrize("text,target,names", [
    ("Switch the page cache from Redis to memcached", ":module/memcache", True),  # a word's start
    ("pyOpenSSL is allowed in contrib only", ":module/openssl", True),  # a word's end
    ("Switch the page cache from Redis to memcached", ":module/pymysql", False),
    ("Use charset normalizer", ":module/charset-normalizer", True),
    ("Close the pool", ":module/os", False),  # a short name only as a whole word
    ("Allow os again", ":module/os", True),
    ("", ":module/redis", False),
])
def test_what_a_text_names(text, target, names):
    assert text_names(text, target) is names


def test_an_edge_of_the_new_decision_speaks_of_a_target_by_name_before_it_is_made_canonical():
    from lore.memory.supersession import kept
    from lore.store.graph import Op
    from lore.store.values import Value

    old_rows = [(":rejects", "k", ":module/redis"), (":rejects", "k", ":module/cache"), (":description", "s", "x")]
    new_ops = [Op("add", ":decision/n", ":description", Value("s", "Something else entirely", None)),
               Op("add", ":decision/n", ":supersedes", Value("k", ":decision/cache", None)),
               Op("add", ":decision/n", ":governs", Value("k", ":dependency/redis", None))]
    # redis: the new one governs it (as :dependency/redis, made :module/redis later); cache: only the old
    # decision's own name, which says nothing of the package
    assert [(op.a, op.value.v) for op in kept(":decision/cache", old_rows, ":decision/n", new_ops)] == [
        (":rejects", ":module/cache")]

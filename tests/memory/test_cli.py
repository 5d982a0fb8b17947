"""The memory commands through the real CLI, and linking end to end on a git repository ingested by
`lore ingest` (the derivation is registered, runs after writes, and can be switched off)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitrepo import git as shared_git


def git(repo: Path, *args: str, date: str = "2024-01-15T10:00:00Z") -> str:
    return shared_git(repo, *args, date=date)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "repo"
    (r / "src").mkdir(parents=True)
    (r / "src" / "auth.py").write_text(
        "import jwt\n\n\ndef validate_token(token):\n    claims = jwt.decode(token)\n    for key in claims:\n"
        "        check(key)\n    return claims\n\n\n"
        "class TokenCache:\n    def evict(self, key):\n        pass\n")
    (r / "src" / "util.py").write_text("def helper():\n    return 1\n")
    git(r, "init", "-q", "-b", "main")
    git(r, "add", ".")
    git(r, "commit", "-q", "-m", "first")
    return r


def test_turns_through_the_cli(cli):
    code, reply, err, _ = cli.run("finalize-turn", "User: We're using FastAPI over Flask because async matters.\n"
                                  "Agent: Stored.")
    assert code == 0 and reply["ok"] and reply["stored"] == 1, err
    code, reply, _, _ = cli.run("prepare-turn", "which web framework did we pick over Flask?")
    assert code == 0 and reply["ok"]
    assert ":decision/fastapi" in [f["entity"] for f in reply["facts"][:3]]
    # the entity named once, its facts under it (the description here after its :rejects)
    block = reply["context"].split("  :decision/fastapi ", 1)[1].split("\n  :", 1)[0]
    assert ':description "We\'re using FastAPI over Flask because async matters"' in block, reply["context"]
    code, reply, _, _ = cli.run("sql", "SELECT source FROM tx WHERE reason LIKE 'finalize-turn%'")
    assert reply["rows"] == [["agent"]]
    # For people: the context block itself.
    code, _, _, out = cli.run("prepare-turn", "FastAPI", json_out=False)
    assert code == 0 and "FastAPI" in out


def test_cli_bad_input(cli):
    code, reply, _, _ = cli.run("prepare-turn")
    assert code != 0 and reply["ok"] is False and reply["error"]["code"] == "usage"
    code, reply, _, _ = cli.run("finalize-turn")
    assert code != 0 and reply["ok"] is False and reply["error"]["code"] == "usage"
    code, reply, _, _ = cli.run("prepare-turn", "'); DROP TABLE facts; --")
    assert code == 0 and reply["ok"] and reply["facts"] == []


def test_links_end_to_end_on_an_ingested_repository(cli, repo):
    code, reply, err, _ = cli.run("ingest", str(repo))
    assert code == 0 and reply["ok"], (reply, err)
    code, reply, err, _ = cli.run("transact", '[[:decision/tokens :description "validate_token must verify the '
                                  'signature; TokenCache.evict runs hourly"] [:decision/tokens :file "src/auth.py"]'
                                  ' [:decision/other :description "see src/util.pyc and lib/src/auth.py"]]',
                                  "--reason", "remember")
    assert code == 0, err
    code, reply, _, _ = cli.run("sql", "SELECT e, v, rule, confidence FROM facts WHERE inferred AND "
                                "a = ':relates-to' AND tx_to = 2147483647 ORDER BY v")
    got = {(e, v): (rule, conf) for e, v, rule, conf in reply["rows"]}
    assert got[(":decision/tokens", ":module/src-auth-py")] == ("link/file", 1.0)
    assert got[(":decision/tokens", ":function/src-auth-py-validate-token")][0] == "link/name"
    assert got[(":decision/tokens", ":function/src-auth-py-tokencache-evict")][1] == pytest.approx(0.9)
    assert not any(e == ":decision/other" for e, _ in got)
    code, reply, _, _ = cli.run("prepare-turn", "how are tokens validated?")
    assert "src/auth.py:4" in reply["context"], reply["context"]


def test_autolink_off_through_the_environment(cli, repo):
    cli.run("ingest", str(repo))
    env = {"LORE_AUTOLINK": "0"}
    code, _, err, _ = cli.run("transact", '[[:decision/t :description "validate_token"]]', "--reason", "r", env=env)
    assert code == 0, err
    code, reply, _, _ = cli.run("sql", "SELECT count(*) FROM facts WHERE inferred AND a = ':relates-to'", env=env)
    assert reply["rows"] == [[0]]


def test_code_ingested_after_the_memory_links_older_memories(cli, repo):
    code, _, err, _ = cli.run("transact", '[[:decision/early :description "helper() must stay pure"]]',
                              "--reason", "r")
    assert code == 0, err
    cli.run("ingest", str(repo))
    # The next turn (or write) catches the links up with what ingestion wrote.
    code, reply, _, _ = cli.run("prepare-turn", "is helper pure?")
    assert "src/util.py:1" in reply["context"], reply["context"]


def test_links_follow_a_rename_found_by_ingestion(cli, repo):
    cli.run("ingest", str(repo))
    cli.run("transact", '[[:decision/v :description "validate_token must verify the signature"]]', "--reason", "r")
    src = (repo / "src" / "auth.py").read_text().replace("validate_token", "verify_token")
    (repo / "src" / "auth.py").write_text(src)
    git(repo, "commit", "-q", "-am", "rename validate_token", date="2024-02-01T10:00:00Z")
    code, reply, err, _ = cli.run("ingest", str(repo))
    assert code == 0, err
    code, reply, _, _ = cli.run("sql", "SELECT e, v FROM facts WHERE a = ':renamed-to' AND tx_to = 2147483647")
    assert [":function/src-auth-py-validate-token", ":function/src-auth-py-verify-token"] in reply["rows"], reply
    cli.run("prepare-turn", "signature")  # catches the links up after the ingest
    code, reply, _, _ = cli.run("sql", "SELECT v, tx_to = 2147483647 FROM facts WHERE inferred AND "
                                "e = ':decision/v' ORDER BY tx_from")
    assert reply["rows"] == [[":function/src-auth-py-validate-token", False],
                             [":function/src-auth-py-verify-token", True]]


def test_a_switch_through_the_cli_supersedes_the_old_decision_which_history_keeps(cli):
    """Issue 14's end-to-end check: switch from Redis to memcached -> the Redis decision is no longer valid
    now, is still in `lore history` and visible with :valid-at before the change; prepare-turn presents only
    the new one as current."""
    code, first, err, _ = cli.run("finalize-turn", "User: We'll use Redis for caching because it is already "
                                  "deployed.\nAgent: Noted.")
    assert code == 0 and first["stored"] == 1 and first["memories"][0]["entity"] == ":decision/redis", err
    code, switch, err, _ = cli.run("finalize-turn", "User: We're switching caching from Redis to memcached.\n"
                                   "Agent: I'll update the config.")
    assert code == 0 and switch["memories"][0]["supersedes"] == [":decision/redis"], err

    _, now, _, _ = cli.run("query", "[:find ?d :where [:decision/redis :description ?d]]")
    assert now["ok"] and now["results"] == []
    _, before, _, _ = cli.run("query", f'[:find ?d :valid-at "{first["instant"]}" '
                                       f':where [:decision/redis :description ?d]]')
    assert before["results"] == [["We'll use Redis for caching because it is already deployed"]]
    _, sup, _, _ = cli.run("query", "[:find ?new :where [?new :supersedes :decision/redis]]")
    assert sup["results"] == [[":decision/memcached"]]

    _, hist, _, _ = cli.run("history", ":decision/redis")
    changes = [(c["op"], c["attribute"], c["tx"]) for c in hist["history"]]
    assert ("assert", ":description", first["tx"]) in changes and ("retract", ":description", switch["tx"]) in changes

    _, turn, _, _ = cli.run("prepare-turn", "what do we use for caching, Redis or memcached?")
    current = {f["entity"] for f in turn["facts"] if f["status"] == "current"}
    assert ":decision/memcached" in current and ":decision/redis" not in current
    old = [f for f in turn["facts"] if f["entity"] == ":decision/redis"]
    assert all(f["status"] == "historical" and f["label"].startswith("[was valid") for f in old)


def test_agent_facts_through_the_cli(cli):
    code, r, err, _ = cli.run("finalize-turn", "--facts",
                              '[[:decision/use-sqlite :description "SQLite for the local cache"] '
                              '[:decision/use-sqlite :rejects :dependency/leveldb]]')
    assert code == 0 and r["ok"] and r["strategy"] == "agent" and r["stored"] == 1, err
    code, r, err, _ = cli.run("finalize-turn", "User: ignored when facts are given", "--facts",
                              '[{"entity": ":decision/use-sqlite", "attribute": ":rationale", "value": "one file"}]')
    assert code == 0 and r["ok"], err
    _, q, _, _ = cli.run("query", "[:find ?a ?v :where [:decision/use-sqlite ?a ?v]]")
    assert sorted(map(tuple, q["results"])) == [(":description", "SQLite for the local cache"),
                                                 (":rationale", "one file"), (":rejects", ":dependency/leveldb")]
    code, r, err, _ = cli.run("finalize-turn", "User: We'll use Redis for caching.", "--facts", "[]")
    assert code == 0 and r["ok"] and r["stored"] == 0, err  # the agent found nothing settled: nothing stored
    code, r, _, _ = cli.run("finalize-turn", "--facts", "[[:decision/x :description]]")
    assert code != 0 and r["ok"] is False and r["error"]["code"] == "bad-params"
    code, r, _, _ = cli.run("finalize-turn")
    assert code != 0 and r["error"]["code"] == "usage"


def test_when_the_heuristic_misses_the_agent_passes_the_facts(cli):
    """The documented route (README, DESIGN-CHOICES): a form the rule-based reading does not know stores nothing; the
    agent, which read the exchange, passes what it decided, and the decision is stored and recalled."""
    code, r, err, _ = cli.run("finalize-turn", "User: Less is out, Sass is in.\nAgent: Noted.")
    assert code == 0 and r["ok"] and r["stored"] == 0 and r["memories"] == [], err
    code, r, err, _ = cli.run("finalize-turn", "--facts",
                              '[[:decision/use-sass :description "Sass for the stylesheets"] '
                              '[:decision/use-sass :rationale "Less is out"] '
                              '[:decision/use-sass :rejects :dependency/less]]')
    assert code == 0 and r["ok"] and r["strategy"] == "agent" and r["stored"] == 1, err
    _, turn, _, _ = cli.run("prepare-turn", "what do we use for the stylesheets?")
    assert any(f["entity"] == ":decision/use-sass" and f["status"] == "current" for f in turn["facts"]), turn

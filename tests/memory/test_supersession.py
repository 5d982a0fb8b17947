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


# ------------------------------------------------------------------ a decision record that names what it replaces

SESSIONS = ("User: ADR-0007: Keep sessions in Redis\n\nWe will use Redis for the session store because logins need "
            "fast reads.\nAgent: Noted.")
MOVED = ("User: ADR-0012: Sessions in Postgres\nStatus: Accepted\nReplaces: 7\n\nWe will use Postgres for the "
         "session store, since one database is less to run.\nAgent: Noted.")


def captured(cli, delta: str) -> list[dict]:
    code, reply, err, _ = cli.run("finalize-turn", delta)
    assert code == 0 and reply["ok"], err
    return reply["memories"]


def current_decisions(cli) -> list[str]:
    code, reply, err, _ = cli.run("query", "[:find ?d :where [?d :entity-type :type/decision]]")
    assert code == 0 and reply["ok"], err
    return sorted(r[0] for r in reply["results"])


def test_a_record_whose_status_line_replaces_an_earlier_one_supersedes_it(cli):
    old = [m["entity"] for m in captured(cli, SESSIONS) if m["entity"].startswith(":decision/")]
    assert old, "the first record stored no decision"
    new = captured(cli, MOVED)
    assert [s for m in new for s in m.get("supersedes", [])] == old
    # the old record's decision is no longer valid now; history keeps it
    assert not set(old) & set(current_decisions(cli))
    code, hist, _, _ = cli.run("history", old[0])
    assert code == 0 and any(c["op"] == "retract" for c in hist["history"])
    code, reply, _, _ = cli.run("prepare-turn", "where do we keep the session store?")
    assert code == 0
    assert {f["status"] for f in reply["facts"] if f["entity"] in old} <= {"historical"}
    assert any(f["status"] == "current" and f["entity"] == new[0]["entity"] for f in reply["facts"])


def test_a_record_that_says_in_its_text_it_replaces_another_supersedes_it(cli):
    old = [m["entity"] for m in captured(cli, "User: RFC 3: Logging\n\nWe will use structlog for logging.\n"
                                              "Agent: Noted.")]
    new = captured(cli, "User: RFC 9: Logging, again\n\nIt replaces RFC 3: we will use loguru for logging.\n"
                        "Agent: Noted.")
    assert old and set(old) <= {s for m in new for s in m.get("supersedes", [])}
    assert not set(old) & set(current_decisions(cli))


def test_a_record_that_only_mentions_another_supersedes_nothing(cli):
    old = [m["entity"] for m in captured(cli, SESSIONS)]
    new = captured(cli, "User: ADR-0013: Session expiry\nStatus: Accepted\n\nWe will use a 30-day expiry for "
                        "sessions, as ADR 7 keeps them in Redis.\nAgent: Noted.")
    assert new and not any(m.get("supersedes") for m in new)
    assert set(old) <= set(current_decisions(cli))
    # a record of another collection with the same number is another record
    other = captured(cli, "User: PEP 20: Sessions\nReplaces: 7\n\nWe will use memcached for the session store.\n"
                          "Agent: Noted.")
    assert other and not any(m.get("supersedes") for m in other)


@pytest.mark.parametrize("text,own,replaced", [
    ("User: PEP 287: reStructuredText Docstring Format\nReplaces: 216", "PEP 287", ["PEP 216"]),
    ("# 36. Multi-cluster\n\n## Status\n\nSupersedes [21. Multi-cluster](021-multi-cluster.md)", "ADR 36", ["ADR 21"]),
    ("PEP 600: tags\nReplaces: 513, 571, 599", "PEP 600", ["PEP 513", "PEP 571", "PEP 599"]),
    ("1. We use Redis\nReplaces: 3", None, []),  # a numbered list is no record: a bare number names nothing
    ("2024: a good year\nReplaces: everything", None, []),
    ("ADR-99999999999: x\nReplaces: " + "9" * 5000, None, []),
    ("PEP 1: x\nReplaces: PEP 1, pep-0001", "PEP 1", []),  # never itself
    ("User: \u202eADR 4: x\nReplaces: \x00 5", None, []),
])
def test_a_record_s_own_name_and_what_its_status_lines_replace(text, own, replaced):
    from lore.memory.supersession import record_name, replaced_records

    assert record_name(text) == own
    assert replaced_records(text, own) == replaced


@pytest.mark.parametrize("text,replaced", [
    ("This design is the intended replacement of RFC 0004 for the wire format.", ["RFC 4"]),
    ("The council proposes to rescind ADR-12 and keep the old schema.", ["ADR 12"]),
    ("Staging moves to a new cluster meant to replace [the old one][ADR9].", ["ADR 9"]),
    ("It supersedes the earlier KEP 77.", ["KEP 77"]),
    ("This record does not replace ADR 12; it adds a cache.", []),  # a negation replaces nothing
    ("We never intend to supersede RFC 4.", []),
    ("We replace the parser with one that follows RFC 4.", []),  # what is replaced is the parser
    ("It replaces ADR 5, as ADR 5 said it would.", []),  # a record never replaces itself
    ("replaces " * 3000 + "ADR 1", []),  # read as far as 20,000 characters: hostile text costs little
    ("replaces " * 30 + "ADR 1", ["ADR 1"]),
])
def test_what_a_record_s_text_says_it_replaces(text, replaced):
    from lore.memory.supersession import replaced_in_text

    assert replaced_in_text(text, "ADR 5") == replaced

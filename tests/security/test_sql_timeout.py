"""Issue 13 item 5: ``lore sql`` had no time limit (a cross join stalled the owner and ran on after the
client left). Now every statement runs under LORE_QUERY_TIMEOUT (default 30 s), is interrupted when it
passes it (error ``timeout``), and leaves its connection usable."""

from __future__ import annotations

import pytest

from lore.errors import LoreError
from lore.store import limits
from lore.store.readonly_sql import run_readonly

from .conftest import ENDLESS_RULES, ENDLESS_SQL


def test_the_default_limit_is_30_seconds_and_the_environment_sets_it(monkeypatch):
    monkeypatch.delenv("LORE_QUERY_TIMEOUT", raising=False)
    assert limits.query_timeout() == 30.0
    monkeypatch.setenv("LORE_QUERY_TIMEOUT", "2.5")
    assert limits.query_timeout() == 2.5
    for bad in ("abc", "-1", "0", ""):
        monkeypatch.setenv("LORE_QUERY_TIMEOUT", bad)
        assert limits.query_timeout() == 30.0


def test_an_endless_statement_stops_with_timeout_and_the_connection_stays_usable(filled, monkeypatch):
    monkeypatch.setenv("LORE_QUERY_TIMEOUT", "0.5")
    with pytest.raises(LoreError) as exc:
        run_readonly(filled, ENDLESS_SQL)
    assert exc.value.code == "timeout" and "0.5 s" in exc.value.message
    assert limits.running() == 0
    assert run_readonly(filled, "SELECT count(*) FROM facts")[1] == [[2]]
    # the graph still takes writes: no transaction was left open
    from lore.store.txdata import parse_tx

    tx = filled.transact(parse_tx("[[:x/b :n 1]]", default_kind="add"), reason="after", source="cli").tx
    assert tx == 2


def test_through_the_cli(cli):
    rc, out, _, _ = cli.run("sql", ENDLESS_SQL, env={"LORE_QUERY_TIMEOUT": "1"})
    assert rc != 0 and out["ok"] is False and out["error"]["code"] == "timeout"


def test_a_client_may_ask_for_less_time_not_more(filled, monkeypatch):
    from lore import operations

    monkeypatch.setenv("LORE_QUERY_TIMEOUT", "0.5")
    reply = operations.run("sql", filled, {"sql": ENDLESS_SQL, "timeout": 10_000})
    assert reply["ok"] is False and reply["error"]["code"] == "timeout" and "0.5 s" in reply["error"]["message"]
    for bad in (0, -1, "5", True):
        reply = operations.run("sql", filled, {"sql": "SELECT 1", "timeout": bad})
        assert reply["error"]["code"] == "bad-params"


@pytest.mark.parametrize("command", [["sql", ENDLESS_SQL], ["query", "[:find (count ?x) :where (up ?x)]"]])
def test_a_command_forwarded_to_an_owner_keeps_its_own_shorter_time_limit(cli, lore_cmd, command):
    """SPEC §3: a command on a graph a server owns works as if it had the graph itself, so its
    LORE_QUERY_TIMEOUT holds there too (it ran under the owner's 30 s). Never longer than the owner's."""
    import subprocess
    import time

    cli.run("transact", "[" + " ".join(f"[:x/{i} :n {i}]" for i in range(3000)) + "]", "--reason", "r")
    for rule in ENDLESS_RULES:
        assert cli.run("rule", rule)[0] == 0
    server = subprocess.Popen([*lore_cmd, "serve", "--graph", str(cli.graph)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for line in server.stderr:  # the owner says where it listens once it does
            if "listening on" in line:
                break
        start = time.monotonic()
        rc, out, _, _ = cli.run(*command, env={"LORE_QUERY_TIMEOUT": "1"})
        took = time.monotonic() - start
        assert rc != 0 and out["error"]["code"] == "timeout" and "1 s" in out["error"]["message"], out
        assert took < 20, took  # the owner's 30 s would have run on
        rc, out, _, _ = cli.run("sql", "SELECT count(*) FROM facts")  # and the owner still answers
        assert rc == 0 and out["rows"] == [[3000]], out
    finally:
        server.stdin.close()
        server.terminate()
        server.wait(timeout=60)

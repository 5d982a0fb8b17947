"""The real `lore` command line: warnings and dismiss as SPEC §3 and outside checks drive them."""

from __future__ import annotations

TIMEOUT = ("[[:service/api :calls :service/auth] [:service/api :timeout-ms 3000] "
           "[:service/auth :processing-ms 5000]]")


def test_write_then_warnings_then_dismiss(cli):
    rc, reply, err, _ = cli.run("transact", TIMEOUT, "--reason", "latency budget")
    assert rc == 0 and reply["ok"], err
    rc, reply, err, _ = cli.run("warnings")
    assert rc == 0 and reply["ok"] and reply["count"] == 1, err
    [w] = reply["warnings"]
    assert w["rule"] == "timeout_conflict" and "3000 ms timeout < 5000 ms" in w["message"]
    rc, _, _, out = cli.run("warnings", json_out=False)
    assert rc == 0 and "[timeout_conflict]" in out and ":service/api" in out
    rc, reply, err, _ = cli.run("dismiss", w["id"], "--reason", "accepted risk")
    assert rc == 0 and reply["ok"] and reply["tx"] > 1, err
    rc, reply, _, _ = cli.run("warnings")
    assert reply["warnings"] == []
    rc, _, _, out = cli.run("warnings", json_out=False)
    assert "no warnings" in out


def test_retract_withdraws_the_warning(cli):
    cli.run("transact", TIMEOUT, "--reason", "r")
    rc, reply, err, _ = cli.run("retract", "[[:service/auth :processing-ms 5000]]", "--reason", "sped up")
    assert rc == 0, err
    assert cli.run("warnings")[1]["warnings"] == []


def test_dismiss_errors(cli):
    cli.run("transact", TIMEOUT, "--reason", "r")
    rc, reply, _, _ = cli.run("dismiss", "not an id", "--reason", "x")
    assert rc != 0 and reply["error"]["code"] == "bad-warning-id"
    rc, reply, _, _ = cli.run("dismiss", "timeout-conflict-0123456789ab", "--reason", "x")
    assert rc != 0 and reply["error"]["code"] == "unknown-warning"
    rc, reply, _, _ = cli.run("dismiss", "timeout-conflict-0123456789ab")
    assert rc != 0 and reply["error"]["code"] == "missing-reason"
    assert cli.run("warnings")[1]["count"] == 1


def test_broken_workspace_rule_is_reported_not_fatal(cli):
    rules = cli.graph.parent / "rules"  # rules/ beside the graph file
    rules.mkdir()
    (rules / "broken.sql").write_text("-- name: broken\n-- kind: warning\n-- reads: :calls\n"
                                      "-- message: {{entity}}\nSELECT nope FROM nowhere")
    rc, reply, err, _ = cli.run("transact", TIMEOUT, "--reason", "r")
    assert rc == 0 and reply["ok"], err
    rc, reply, _, _ = cli.run("warnings")
    assert rc == 0 and reply["count"] == 1
    assert [e["code"] for e in reply["rule_errors"]] == ["rule-sql"]
    assert reply["rule_errors"][0]["file"].endswith("broken.sql")


def test_warnings_for_a_file_with_hostile_arguments(cli):
    cli.run("transact", TIMEOUT, "--reason", "r")
    rc, reply, _, _ = cli.run("warnings", "src/none.py")
    assert rc == 0 and reply["warnings"] == []
    rc, reply, _, _ = cli.run("warnings", "'; DROP TABLE facts; --")
    assert rc == 0 and reply["warnings"] == []
    assert cli.run("warnings")[1]["count"] == 1

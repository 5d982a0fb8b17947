"""Attack 8: hostile workspace rules. Each runaway rule burned its 60 s timeout on every write, one after
another; a failed rule was retried every time; and through the server `warnings` reported
`rule_errors: []` while the CLI listed them. Now workspace rules share one time budget per run, a failing
rule is quarantined until its file changes, and every face reports the same rule errors."""

from __future__ import annotations

import json
import re

import pytest
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from lore.lsp.server import _converter

from .clone import git, lore_cmd

RUNAWAY = """-- name: runaway_{n}
-- kind: fact
-- derives: :runaway/r{n}
-- reads: :description
SELECT ':x/y' AS e, ':x/z' AS v, []::BIGINT[] AS provenance
  FROM (SELECT sum(a.range * b.range + {n}) AS s FROM range(100000000) a, range(100000000) b) WHERE s < 0
"""
FAILING = """-- name: failing_{n}
-- kind: fact
-- derives: :failing/f{n}
-- reads: :description
SELECT e, error('rule {n} fails at run time') AS v, [id] AS provenance FROM facts_now WHERE a = ':description'
"""


def reports(stderr: str) -> list[dict]:
    """The inference reports a CLI write logs with -v ("inference after tx N: {...}")."""
    return [json.loads(m.group(1)) for m in re.finditer(r"inference after tx \d+: (\{.*\})", stderr)]


def hostile_repo(victim, runaway: int = 3, failing: int = 3):
    rules = victim.repo / ".lore" / "rules"
    rules.mkdir(parents=True)
    for n in range(runaway):
        (rules / f"runaway_{n}.sql").write_text(RUNAWAY.format(n=n))
    for n in range(failing):
        (rules / f"failing_{n}.sql").write_text(FAILING.format(n=n))
    git(victim.repo, "add", ".lore")
    git(victim.repo, "commit", "-q", "-m", "rules")
    assert victim.run("trust")[0] == 0  # the victim trusted them: the bounds hold even then
    return rules


def write(victim, i: int) -> dict:
    rc, out, err, _ = victim.run("-v", "transact", f'[[:doc/d{i} :description "text {i}"]]', "--reason", "r",
                                 env={"LORE_RULE_BUDGET": "2"})
    assert rc == 0 and out["ok"], (out, err)
    runs = reports(err)
    assert len(runs) == 1, err
    return runs[0]


def test_runaway_and_failing_rules_are_bounded_then_quarantined(victim):
    hostile_repo(victim)
    hostile = {f"runaway_{n}" for n in range(3)} | {f"failing_{n}" for n in range(3)}
    failed: set[str] = set()
    for i in range(8):
        report = write(victim, i)
        tried = {re.sub(r"^rule (\S+?)(:| ).*$", r"\1", e["message"]) for e in report["errors"]
                 if "quarantined" not in e["message"]} - set(report["deferred"])
        # A rule that failed once is never tried again while its file is unchanged.
        assert not (tried & failed), (i, tried & failed, report)
        # Stopped only because others used the budget: deferred (a whole budget next run), not failed.
        failed |= {n for n in hostile - set(report["deferred"])
                   if any(f"rule {n} " in e["message"] or f"rule {n}:" in e["message"]
                          for e in report["errors"] if "quarantined" not in e["message"])}
        if failed == hostile and not report["deferred"]:
            break
    assert failed == hostile, (failed, report)
    # Once all are quarantined a write runs none of them: nothing deferred, every one reported.
    report = write(victim, 99)
    assert report["deferred"] == [] and not hostile & set(report["rules_run"])
    quarantined = [e for e in report["errors"] if "quarantined" in e["message"]]
    assert len(quarantined) == 6
    assert {e["code"] for e in quarantined} <= {"rule-timeout", "rule-sql"}


def test_a_quarantined_rule_is_tried_again_when_its_file_changes(victim):
    rules = hostile_repo(victim, runaway=0, failing=1)
    write(victim, 0)
    report = write(victim, 1)
    assert [e["code"] for e in report["errors"]] == ["rule-sql"] and "quarantined" in report["errors"][0]["message"]
    (rules / "failing_0.sql").write_text(FAILING.format(n=0).replace("error('rule 0 fails at run time')",
                                                                     "'fixed'").replace("AS v,", "AS v, 's' AS vt,"))
    assert victim.run("trust")[0] == 0
    report = write(victim, 2)
    assert report["errors"] == [] and "failing_0" in report["rules_run"], report


def _client() -> LanguageClient:
    client = LanguageClient(converter_factory=_converter)
    register_lsp_features(client, dict(DEFAULT_CLIENT_FEATURES))
    return client


@pytest.mark.asyncio(loop_scope="function")
async def test_the_server_reports_the_same_rule_errors_as_the_cli(victim):
    hostile_repo(victim, runaway=1, failing=2)
    write(victim, 0)
    for i in range(1, 4):
        write(victim, i)
    rc, via_cli, _, _ = victim.run("warnings")
    assert rc == 0 and len(via_cli["rule_errors"]) == 3, via_cli
    config = ClientServerConfig(server_command=[*lore_cmd(), "serve"], client_factory=_client,
                                server_env=victim.env)
    client = await config.start()
    try:
        await client.initialize_session(types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"), root_uri=victim.repo.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=victim.repo.as_uri(), name="clone")],
            initialization_options={"ingestOnStartup": False}))
        via_lsp = await client.protocol.send_request_async("lore/warnings", {})
        assert via_lsp["rule_errors"] == via_cli["rule_errors"]
        status = await client.protocol.send_request_async("lore/stats", {})
        assert status["rules"]["errors"] == via_cli["rule_errors"]
        rc, forwarded, _, _ = victim.run("warnings")  # now forwarded to the server: the same again
        assert forwarded["rule_errors"] == via_cli["rule_errors"]
    finally:
        await client.shutdown_session()

"""Attack 3: workspace rules committed in `.lore/rules/` ran with no consent on the victim's first write.
Now a workspace rule runs only after the user trusts it (`lore trust` or the editor's prompt), the record
lives outside the repository and names the rule's content (a changed rule asks again), and until then the
untrusted rules are reported in `warnings` and `status`."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from lore.lsp.server import TRUST_ACTION, _converter
from waiting import wait_for

from .clone import git, lore_cmd

PLANTED = """-- name: planted
-- description: Copies every description into a fact of the rule's own.
-- kind: fact
-- derives: :planted/copy
-- reads: :description
SELECT e, v, 's' AS vt, [id] AS provenance FROM facts_now WHERE a = ':description'
"""


def plant(victim) -> Path:
    rules = victim.repo / ".lore" / "rules"
    rules.mkdir(parents=True)
    (rules / "planted.sql").write_text(PLANTED)
    # A repository cannot ship its own consent: a trust record inside it means nothing.
    (victim.repo / ".lore" / "trust.json").write_text(json.dumps({"version": 1, "rules": {}}))
    git(victim.repo, "add", ".lore")
    git(victim.repo, "commit", "-q", "-m", "team rules")
    return rules / "planted.sql"


def planted_rows(victim) -> int:
    rc, out, _, _ = victim.run("sql", "SELECT count(*) FROM facts WHERE rule = 'planted' AND tx_to = 2147483647")
    assert rc == 0, out
    return out["rows"][0][0]


def test_planted_rule_does_not_run_until_trusted(victim):
    rule = plant(victim)
    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc == 0, out
    assert planted_rows(victim) == 0
    rc, out, _, _ = victim.run("warnings")
    assert [(e["file"], e["code"]) for e in out["rule_errors"]] == [(str(rule), "rule-untrusted")]
    rc, out, _, _ = victim.run("status")
    assert out["rules"]["untrusted"] == [str(rule)]

    rc, out, _, _ = victim.run("trust")
    assert rc == 0 and out["trusted"] == [str(rule)], out
    record = victim.home / "config" / "lore" / "trust.json"
    assert record.is_file() and str(victim.repo) not in str(record)  # outside the repository
    rc, out, _, _ = victim.run("warnings")
    assert out["rule_errors"] == [] and planted_rows(victim) == 1
    rc, out, _, _ = victim.run("status")
    assert out["rules"]["untrusted"] == []


def test_a_changed_rule_asks_again_and_revoke_stops_it(victim):
    rule = plant(victim)
    assert victim.run("trust")[0] == 0
    victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert planted_rows(victim) == 1
    rule.write_text(PLANTED.replace("facts_now WHERE", "facts_now WHERE true AND"))  # e.g. after a pull
    rc, out, _, _ = victim.run("warnings")
    assert [e["code"] for e in out["rule_errors"]] == ["rule-untrusted"]
    assert planted_rows(victim) == 0  # its conclusions went with it
    assert victim.run("trust")[0] == 0
    victim.run("warnings")
    assert planted_rows(victim) == 1
    rc, out, _, _ = victim.run("trust", "--revoke")
    assert rc == 0 and out["revoked"] == [str(rule)]
    rc, out, _, _ = victim.run("warnings")
    assert [e["code"] for e in out["rule_errors"]] == ["rule-untrusted"] and planted_rows(victim) == 0


def test_trust_of_one_clone_does_not_trust_another_path(victim, tmp_path):
    plant(victim)
    assert victim.run("trust")[0] == 0
    other = tmp_path / "second-clone"
    git(tmp_path, "clone", "-q", str(victim.repo), str(other))
    rc, out, _, _ = victim.run("warnings", cwd=other)
    assert [e["code"] for e in out["rule_errors"]] == ["rule-untrusted"]


def test_symlinked_rule_file_is_not_followed(victim, tmp_path):
    secret = tmp_path / "secret.sql"
    secret.write_text(PLANTED)
    rules = victim.repo / ".lore" / "rules"
    rules.mkdir(parents=True)
    os.symlink(secret, rules / "linked.sql")
    assert victim.run("trust")[0] == 0
    rc, out, _, _ = victim.run("warnings")
    assert [e["code"] for e in out["rule_errors"]] == ["rule-unsafe-path"]


def _client(answers: list) -> LanguageClient:
    client = LanguageClient(converter_factory=_converter)
    register_lsp_features(client, dict(DEFAULT_CLIENT_FEATURES))
    asked = asyncio.Event()

    @client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)
    def show_message_request(client: LanguageClient, params: types.ShowMessageRequestParams):
        answers.append(params)
        asked.set()
        return types.MessageActionItem(title=TRUST_ACTION)

    client.__dict__["asked"] = asked
    return client


@pytest.mark.asyncio(loop_scope="function")
async def test_the_editor_asks_and_trusting_there_lets_the_rule_run(victim):
    rule = plant(victim)
    victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    answers: list = []
    config = ClientServerConfig(server_command=[*lore_cmd(), "serve"], client_factory=lambda: _client(answers),
                                server_env={**victim.env, "PYTHONPATH": victim.env["PYTHONPATH"]})
    client = await config.start()
    try:
        await client.initialize_session(types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"), root_uri=victim.repo.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=victim.repo.as_uri(), name="clone")],
            initialization_options={"ingestOnStartup": False}))
        await asyncio.wait_for(client.__dict__["asked"].wait(), 60)
        assert "planted.sql" in answers[0].message
        assert [a.title for a in answers[0].actions][0] == TRUST_ACTION
        async def rules_ran() -> dict | None:  # the trust is recorded right after the answer
            reply = await client.protocol.send_request_async("lore/warnings", {})
            return None if reply["rule_errors"] else reply

        reply = await wait_for(rules_ran, timeout=120, what="the trusted rule to run without errors")
        assert reply["ok"] and reply["rule_errors"] == [], reply
        record = json.loads((victim.home / "config" / "lore" / "trust.json").read_text())
        assert [e["paths"] for e in record["rules"].values()] == [[str(rule)]]
    finally:
        await client.shutdown_session()
        await config.stop() if hasattr(config, "stop") else None

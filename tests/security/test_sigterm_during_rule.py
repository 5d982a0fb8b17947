"""Attack 13i: SIGTERM to `lore serve` while a (slow, trusted) workspace rule ran ended in a traceback
("connection is busy") and the process did not stop cleanly. Now the rule's query is interrupted, the run
ends writing nothing, the rule is not quarantined for it, and the server exits 0 without a traceback."""

from __future__ import annotations

import signal
import subprocess

from .clone import git, lore_cmd

SLOW = """-- name: slow
-- kind: fact
-- derives: :slow/r
-- reads: :description
SELECT ':x/y' AS e, ':x/z' AS v, []::BIGINT[] AS provenance
  FROM (SELECT sum(a.range * b.range) AS s FROM range(100000000) a, range(100000000) b) WHERE s < 0
"""


def test_sigterm_while_a_rule_runs(victim):
    rules = victim.repo / ".lore" / "rules"
    rules.mkdir(parents=True)
    (rules / "slow.sql").write_text(SLOW)
    git(victim.repo, "add", ".lore")
    git(victim.repo, "commit", "-q", "-m", "a slow rule")
    assert victim.run("trust")[0] == 0
    env = {**victim.env, "LORE_LOG": "debug", "LORE_RULE_BUDGET": "600"}
    server = subprocess.Popen([*lore_cmd(), "serve", "--graph", str(victim.repo / ".lore" / "lore.duckdb")],
                              cwd=victim.repo, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    log: list[str] = []
    try:
        for line in server.stderr:
            log.append(line)
            if "listening on" in line:
                break
        rc, out, err, _ = victim.run("transact", '[[:a/b :description "x"]]', "--reason", "r")
        assert rc == 0 and out["ok"], (out, err)
        for line in server.stderr:  # the write's rules run in the server's background: wait for the slow one
            log.append(line)
            if "rule slow: computing" in line:
                break
        server.send_signal(signal.SIGTERM)
        rest = server.stderr.read()
        code = server.wait(timeout=120)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    text = "".join(log) + rest
    assert code == 0, text[-3000:]
    assert "Traceback" not in text, text[-3000:]
    rc, out, _, _ = victim.run("sql", "SELECT value FROM meta WHERE key = 'inference.quarantine'")
    assert all("slow" not in str(r) for r in out["rows"]), out
    rc, out, _, _ = victim.run("sql", "SELECT count(*) FROM tx")
    assert out["rows"] == [[1]]  # the write is there; the interrupted run wrote nothing

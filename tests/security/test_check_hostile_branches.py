"""Attack round 8, `lore check` (the real CLI in a clone, as CI runs it on a pull request's branch) on hostile
branches: journal entries the branch adds, crafted journal files, bases that are options, control characters,
not ancestors, a shallow clone, and workspace rules no one trusted.

Found: a pull request that imports what the team's decision rejects, and adds a journal entry retracting that
decision (or exempting its own file) in a lead's name, passed `lore check --base main` with exit 0 — the
check's first ingest applied the work tree's journal, which is the change under review. Now that ingest
applies the journal of the graph branch's history only; the branch's entries apply once it is merged and
ingested. Held: the rest (below); a branch's `.lore/rules/` waits for `lore trust` in the check too
(tests/security/test_untrusted_rules.py)."""

from __future__ import annotations

import uuid

import pytest

from gitrepo import git

from .clone import commit_no_chardet_decision, plant_journal_entry


def _pull_request(victim, entries: list[tuple[str, dict]]) -> None:
    """On branch `pr` off the team's main: src/net.py imports chardet, and the given journal entries."""
    commit_no_chardet_decision(victim.repo)
    git(victim.repo, "checkout", "-q", "-b", "pr")
    (victim.repo / "src" / "net.py").write_text("import chardet\n")
    for facts, how in entries:
        plant_journal_entry(victim.repo, uuid.uuid4().hex, facts, **how)
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "pr")


def _check(victim, *args: str):
    rc, out, err, _ = victim.run("check", *args)
    assert "Traceback" not in err, err
    return rc, out


def _transactions(victim, **kw) -> int:
    rc, out, err, _ = victim.run("sql", "SELECT count(*) AS n FROM tx", **kw)
    assert rc == 0, (out, err)
    return out["rows"][0][0]


LEAD = {"author": "lead@team.example", "instant": "2025-06-01T00:00:00Z", "stamp": "20250601T000000.000000Z"}


@pytest.mark.parametrize("facts", [
    "[:db/retract :decision/no-chardet :rejects :module/chardet]",
    '[:db/add :decision/no-chardet :exempts "src/net.py"]',
    '[:db/retract :decision/no-chardet :description "We do not use chardet"] '
    "[:db/retract :decision/no-chardet :rejects :module/chardet]",
], ids=["retract", "exempt", "retract-all"])
def test_a_branch_cannot_lift_the_teams_decision_by_its_own_journal_entry(victim, facts):
    _pull_request(victim, [(facts, LEAD)])
    rc, out = _check(victim, "--base", "main")
    assert rc == 1, out  # main: 0, no warning
    assert [w["rule"] for w in out["warnings"]] == ["rejected_dependency"], out
    # a later check on the same graph still measures against the base's memories
    rc, out = _check(victim, "--base", "main")
    assert rc == 1 and out["count"] == 1, out


def test_crafted_journal_files_on_the_branch_leave_the_check_standing(victim):
    eid = uuid.uuid4().hex
    _pull_request(victim, [
        # the same id twice, each saying something else; an entry from the far future; a huge entry
        ("[:db/retract :decision/no-chardet :rejects :module/chardet]", {**LEAD, "stamp": "20250601T000000.000001Z"}),
        ('[:db/add :decision/x :description "first"]', {}),
        ("[:db/retract :decision/no-chardet :rejects :module/chardet]",
         {"instant": "9999-01-01T00:00:00Z", "stamp": "99990101T000000.000000Z"}),
        ('[:db/add :decision/big :description "' + "b" * 3_000_000 + '"]', {}),
    ])
    journal = victim.repo / ".lore" / "journal"
    (journal / f"20250601T000000.000002Z-{eid}-0000.edn").write_text("{:lore/journal 1 :id #uuid [[[[")
    (journal / "not-an-entry.edn").write_bytes(b"\xff\xfe\x00garbage")
    (journal / f"20250601T000000.000003Z-{eid}-1111.edn").write_text("{" * 200_000)
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "more")
    rc, out = _check(victim, "--base", "main")
    assert rc == 1 and [w["rule"] for w in out["warnings"]] == ["rejected_dependency"], out


@pytest.mark.parametrize("base,code", [
    ("--output=OUT", "bad-base"), ("-oOUT", "bad-base"), ("main\x1b]52;c;eA==\x07", "unknown-base"),
    ("main\nmain", "unknown-base"), ("main..pr", "unknown-base"), ("../../../etc/passwd", "unknown-base"),
])
def test_an_option_or_control_character_base_is_refused_before_any_work(victim, tmp_path, base, code):
    _pull_request(victim, [])
    out_file = tmp_path / "out"
    rc, out = _check(victim, "--base=" + base.replace("OUT", str(out_file)))  # as one word: argparse takes it
    assert rc == 2 and out["error"]["code"] == code, out
    assert not out_file.exists()
    assert _transactions(victim) == 0  # refused before the first ingest (main ingested the clone first)


def test_a_base_that_is_no_ancestor_is_checked_against_itself(victim):
    _pull_request(victim, [])
    git(victim.repo, "checkout", "-q", "--orphan", "other")
    git(victim.repo, "rm", "-rqf", ".")
    (victim.repo / "other.py").write_text("x = 1\n")
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "unrelated")
    git(victim.repo, "checkout", "-q", "pr")
    rc, out = _check(victim, "--base", "other")
    assert rc in (0, 1) and out["ok"] and out["baseKind"] == "base-commit", out
    assert any("no merge base" in n for n in out["notes"]), out


def test_a_shallow_clone_without_the_base_says_so(victim, tmp_path):
    _pull_request(victim, [])
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "pr", victim.repo.as_uri(), str(shallow))
    rc, out, err, _ = victim.run("check", "--base", "origin/main", cwd=shallow)
    assert rc == 2 and out["error"]["code"] == "unknown-base", (out, err)
    assert _transactions(victim, cwd=shallow) == 0

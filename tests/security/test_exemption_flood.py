"""Attack round 7: a journal that gives the team's rejection tens of thousands of exemptions.

A memory's ``:exempts "<path>"`` leaves the modules at or under that path out of its veto (rules/
rejected_dependency.sql). The rule tested every exemption against every module's path (a prefix test, no join
key): a clone's journal entry of 40,000 exemptions that match nothing, beside 10,000 modules importing the
rejected package, kept rejected_dependency past its 60 s on every run, so it was stopped and the team's
10,000 warnings reached no one (``lore warnings``: count 0, rule-timeout). Each module's path and the folders
above it are now joined to the exemptions by equality.
"""

from __future__ import annotations

import resource

from .clone import git, plant_journal_entry

MODULES = 10_000
EXEMPTIONS = 40_000
TIMEOUT_S = 300
MAX_CPU_S = 25  # the fixed ingest: 9 CPU s at load 18; main's: 35 CPU s and the rule stopped at 60 s


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def test_a_flood_of_exemptions_neither_stops_the_rule_nor_exempts_anything(victim):
    for i in range(MODULES):
        d = victim.repo / "src" / f"p{i % 50}"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"m{i}.py").write_text("import chardet\n")
    plant_journal_entry(victim.repo, "0" * 31 + "1",
                        '[:db/add :decision/no-chardet :description "We do not use chardet"] '
                        '[:db/add :decision/no-chardet :rejects :module/chardet] '
                        + " ".join(f'[:db/add :decision/no-chardet :exempts "nope/x{i}"]' for i in range(EXEMPTIONS))
                        + ' [:db/add :decision/no-chardet :exempts "src/p7"]')
    git(victim.repo, "add", "-A")
    git(victim.repo, "commit", "-q", "-m", "modules and the journal")
    before = _children_cpu()
    rc, out, err, _ = victim.run("ingest", timeout=TIMEOUT_S)
    cpu = _children_cpu() - before
    assert rc == 0 and out["ok"], (out, err[-2000:])
    rc, out, err, _ = victim.run("warnings", timeout=TIMEOUT_S)
    assert rc == 0 and out["rule_errors"] == [], out["rule_errors"]
    assert out["count"] == MODULES - MODULES // 50  # every module but src/p7's (the one real exemption)
    assert cpu < MAX_CPU_S, cpu

"""Attack round 7: Java imports as long as ingestion keeps, under a package jvm_names.json lists.

rejected_dependency names a JVM package by the artifact it is published as (com.google.common: guava) through
the SQL macro ``lore_jvm_artifacts`` (lore/jvm_names.json), tried on every prefix of every JVM import; the
macro's CASE repeats its argument in each of its 26 arms, so 4,000 imports of 140 segments (280 characters,
under ingestion's 300) cost that branch 78 CPU s: the rule was stopped at its 60 s and the team's decision
against Guava warned no one (count 0, rule-timeout). Only an import's first 8 segments are tried now (no listed
package has more than 4), each prefix built once; an import's parent folders are taken 16 deep.
"""

from __future__ import annotations

import uuid

from lore.idents import jvm_artifacts

from .clone import git, plant_journal_entry

IMPORTS = 4_000
TIMEOUT_S = 400


def test_no_listed_jvm_package_is_deeper_than_the_rule_looks():
    assert max(len(k.split(".")) for k in jvm_artifacts()) <= 8


def test_thousands_of_long_java_imports_keep_the_guava_rejection_answering(victim):
    for i in range(IMPORTS):
        d = victim.repo / "src" / f"p{i % 40}"
        d.mkdir(parents=True, exist_ok=True)
        pkg = "com.google.common." + ".".join(["q"] * 135) + f".x{i}"
        (d / f"C{i}.java").write_text(f"package p;\nimport {pkg}.Y;\nclass C{i} {{}}\n")
    plant_journal_entry(victim.repo, uuid.UUID(int=1).hex,
                        '[:db/add :decision/no-guava :description "No Guava"] '
                        '[:db/add :decision/no-guava :rejects :dependency/guava]')
    git(victim.repo, "add", "-A")
    git(victim.repo, "commit", "-q", "-m", "java and the journal")
    rc, out, err, _ = victim.run("ingest", timeout=TIMEOUT_S)
    assert rc == 0 and out["ok"], (out, err[-2000:])
    rc, out, err, _ = victim.run("warnings", timeout=TIMEOUT_S)
    assert rc == 0 and out["rule_errors"] == [], out["rule_errors"]
    assert out["count"] == IMPORTS

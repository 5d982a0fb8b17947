"""Attack round 6: imports whose names are as long as ingestion keeps (300 characters: 140 path segments).

A package is said by runs of its segments (``github.com/sirupsen/logrus``: logrus, sirupsen-logrus): the
built-in rule rejected_dependency and lore.idents.said_names (identity, the import hover) took every run of
every import, so a 290-character Go import was about 10,000 rows in the rule (1,000 such imports: 26 CPU s)
and 4,656 names (600 KB) kept in said_names' cache. A clone of 4,000 such imports (1.2 MB of Go in four files)
kept the rule past its 60 s time limit as soon as any decision named a package through an alias
(:dependency/logrus), whoever wrote it: on main the user's `lore transact` of that decision did not end within
120 s, and the rule, stopped, gave the team's real warning to no one. A run is now at most 4 segments starting
in the first 16; the rule answers in seconds and warns.
"""

from __future__ import annotations

from lore.idents import said_names

from .clone import git

SEGMENTS = 140


def test_four_thousand_long_imports_do_not_stop_rejected_dependency(victim):
    long_path = "/".join(["s"] * SEGMENTS)
    for f in range(4):
        imports = "".join(f'\t"github.com/{long_path}/p{f}x{i}"\n' for i in range(1_000))
        (victim.repo / "src" / f"gen{f}.go").write_text("package gen\n\nimport (\n" + imports + ")\n")
    (victim.repo / "src" / "log.go").write_text('package gen\n\nimport "github.com/sirupsen/logrus"\n\n'
                                               "func L() { logrus.Info() }\n")
    git(victim.repo, "add", "-A")
    git(victim.repo, "commit", "-q", "-m", "imports")
    rc, out, err, _ = victim.run("ingest", timeout=300)
    assert rc == 0 and out["ok"], (out, err[-2000:])
    rc, _, err, _ = victim.run("transact", "[[:decision/no-logrus :rejects :dependency/logrus] "
                                           '[:decision/no-logrus :description "We log with slog"]]', "--reason", "r")
    assert rc == 0, err
    rc, reply, err, _ = victim.run("warnings", timeout=180)
    assert rc == 0, err
    assert "ran longer" not in err, err[-2000:]
    assert [(w["file"], w["rule"]) for w in reply["warnings"]] == [("src/log.go", "rejected_dependency")], reply


def test_the_names_said_of_a_long_import_are_bounded():
    path = "github.com/" + "/".join(f"s{i}" for i in range(SEGMENTS))
    names = said_names(path)
    assert len(names) <= 64 and {"s0", "s0-s1", "s0-s1-s2-s3", "s15"} <= names, sorted(names)[:10]
    assert "s0-s1-s2-s3-s4" not in names  # main: every run, 9,870 names
    jvm = said_names("com." + ".".join(f"p{i}" for i in range(SEGMENTS)), jvm=True)
    assert len(jvm) <= 64 and {"p0", "p0-p1"} <= jvm

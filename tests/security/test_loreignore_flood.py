"""Attack 9: a committed `.loreignore` of 40,000 globs against 300 files made `lore ingest` run for over
300 s (every glob re-compiled for every path). Now the patterns are compiled once: the same repository is
ingested, and the globs still mean what they did."""

from __future__ import annotations

from .clone import git


def hostile_loreignore(n: int = 40_000) -> str:
    lines = []
    for i in range(n):
        kind = i % 4
        lines.append([f"gen{i}/*.py", f"*.ext{i}", f"[a-c]x{i}?/*.py", f"out{i}/"][kind])
    lines += ["src/skip_*.py", "*.generated.py", "vendored/"]
    return "\n".join(lines) + "\n"


def test_forty_thousand_globs_against_three_hundred_files(victim):
    src = victim.repo / "src"
    for i in range(296):
        (src / f"mod{i}.py").write_text(f"def f{i}():\n    return {i}\n")
    (src / "skip_me.py").write_text("def hidden():\n    pass\n")
    (src / "schema.generated.py").write_text("def generated():\n    pass\n")
    (victim.repo / "vendored").mkdir()
    (victim.repo / "vendored" / "lib.py").write_text("def vendored():\n    pass\n")
    (victim.repo / ".loreignore").write_text(hostile_loreignore())
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "many files, many ignores")

    # The old matcher took over 300 s here; this bound only keeps a regression from hanging the suite.
    rc, out, err, _ = victim.run("ingest", timeout=300)
    assert rc == 0 and out["ok"], (out, err)
    rc, out, _, _ = victim.run("sql", "SELECT DISTINCT v FROM facts WHERE a = ':path' ORDER BY v")
    paths = {r[0] for r in out["rows"]}
    assert "src/mod0.py" in paths and "src/mod295.py" in paths and "src/app.py" in paths
    assert not {"src/skip_me.py", "src/schema.generated.py", "vendored/lib.py"} & paths

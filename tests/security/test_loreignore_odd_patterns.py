"""A committed `.loreignore` with odd lines (found in a user trial on a hostile copy of BurntSushi/ripgrep):
gitignore's negation `!x`, a lone `!`, `[`, `\\`, `/`, `*[`. Ingestion neither fails nor silently reads a
`!` line as a file name: it says the line is skipped (Lore's patterns have no negation), and the other
patterns keep their meaning."""

from __future__ import annotations

from .clone import git


def test_negation_and_stray_characters_are_skipped_and_said(victim):
    (victim.repo / "gen").mkdir()
    (victim.repo / "gen" / "out.py").write_text("def generated():\n    pass\n")
    (victim.repo / "gen" / "keep.py").write_text("def kept():\n    pass\n")
    (victim.repo / "[").write_text("def bracket():\n    pass\n")
    (victim.repo / ".loreignore").write_text("gen/\n!gen/keep.py\n!\n[\n\\\n/\n*[\n")
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "odd ignore file")

    rc, out, err, _ = victim.run("ingest")
    assert rc == 0 and out["ok"], (out, err)
    assert "'!gen/keep.py'" in err and "negation" in err, err
    assert "'!'" in err, err
    rc, out, _, _ = victim.run("sql", "SELECT DISTINCT v FROM facts WHERE a = ':path' ORDER BY v")
    paths = {r[0] for r in out["rows"]}
    assert "src/app.py" in paths and "[" not in paths  # '[' and '*[' are literal: they name the file '['
    assert not {"gen/out.py", "gen/keep.py"} & paths  # gen/ still ignored; the '!' line changed nothing

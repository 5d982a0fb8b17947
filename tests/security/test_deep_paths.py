"""A committed path 2,000 folders deep (``a/a/…/a/m.py``, 4,000 characters: git stores it, a checkout fits
PATH_MAX). Deciding whether such a path is ignored joined every run of its folders, a cubic amount of work:
about 20 s of CPU per path, so ten of them held `lore ingest` (and the server's start-up ingestion, and
`lore check`) for minutes. The folder patterns are now walked as a trie: the same repository ingests in
seconds, and the patterns still skip what they did."""

from __future__ import annotations

import subprocess

from .clone import git

DEPTH = 2_000
FILES = 10


def _commit_deep_files(repo) -> str:
    """FILES files DEPTH folders deep, plus one under vendor/ at that depth, committed straight from the
    index (no checkout: the work tree then simply lacks them)."""
    blob = subprocess.run(["git", "-C", str(repo), "hash-object", "-w", "--stdin"], input=b"x = 1\n",
                          check=True, capture_output=True).stdout.decode().strip()
    deep = "/".join(["a"] * DEPTH)
    paths = [f"{deep}/m{i}.py" for i in range(FILES)] + [f"{deep}/vendor/skipped.py"]
    info = "".join(f"100644 {blob}\t{p}\n" for p in paths)
    subprocess.run(["git", "-C", str(repo), "update-index", "--add", "--index-info"], input=info.encode(),
                   check=True, capture_output=True)
    git(repo, "commit", "-q", "-m", "deep")
    return deep


def test_paths_two_thousand_folders_deep_are_ingested_in_seconds(victim):
    deep = _commit_deep_files(victim.repo)
    # Before the trie this run needed over 200 s of CPU; the bound keeps a regression from hanging the suite.
    rc, out, err, _ = victim.run("ingest", timeout=90)
    assert rc == 0 and out["ok"], (out, err)
    rc, out, _, _ = victim.run("sql", "SELECT DISTINCT v FROM facts WHERE a = ':path' ORDER BY v")
    paths = {r[0] for r in out["rows"]}
    assert {f"{deep}/m0.py", f"{deep}/m{FILES - 1}.py", "src/app.py"} <= paths
    assert f"{deep}/vendor/skipped.py" not in paths  # a "dir/" pattern still matches at any depth
    # the working layer asks the same question of every changed path (here: all of them deleted on disk)
    rc, out, err, _ = victim.run("check", timeout=90)
    assert rc in (0, 1) and out["ok"], (out, err)

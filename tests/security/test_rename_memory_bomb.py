"""Attack 14b: a decompression bomb for git's rename detection. Two blobs of zeros that differ in one byte, the
first deleted and the second added in one commit, cost a few hundred KB in the pack; `git log -M`, which
ingestion runs, holds both whole to score them as a rename: two 1 GB blobs took git to 2.1 GB, and bigger ones
would take the machine's memory. That git process now runs under a heap limit (LORE_GIT_RENAME_MEMORY_MB,
4,096 by default; lowered here so the test stays small); past it git dies and the history goes on without
rename detection, as it does for a missing blob."""

from __future__ import annotations

import json
import subprocess
import sys

from .clone import git, lore_cmd

BLOB_BYTES = 300 << 20
LIMIT_MB = 200


def _zero_blob(repo, path, tail: bytes) -> str:
    with open(path, "wb") as f:
        f.truncate(BLOB_BYTES)
        f.seek(BLOB_BYTES)
        f.write(tail)
    out = subprocess.run(["git", "-C", str(repo), "hash-object", "-w", str(path)], capture_output=True, check=True)
    path.unlink()
    return out.stdout.decode().strip()


def _max_rss_kb_of(cmd: list[str], env: dict, cwd) -> tuple[int, str, str]:
    """Runs ``cmd`` under a small Python parent; the largest RSS of any process of that run (lore, git)."""
    probe = ("import resource, subprocess, sys\n"
             "p = subprocess.run(sys.argv[1:], capture_output=True)\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
             "sys.stderr.write(p.stderr.decode('utf-8', 'replace'))\n"
             "print(p.stdout.decode().strip().splitlines()[-1])\n")
    p = subprocess.run([sys.executable, "-c", probe, *cmd], capture_output=True, env=env, cwd=cwd, timeout=300)
    lines = p.stdout.decode().splitlines()
    return int(lines[0]), lines[1], p.stderr.decode("utf-8", "replace")


def test_renaming_a_zero_blob_bomb_stays_within_the_heap_limit(victim, tmp_path):
    repo = victim.repo
    a = _zero_blob(repo, tmp_path / "a", b"a")
    b = _zero_blob(repo, tmp_path / "b", b"b")
    git(repo, "update-index", "--add", "--cacheinfo", f"100644,{a},src/zero.bin")
    git(repo, "commit", "-q", "-m", "add zeros")
    git(repo, "update-index", "--force-remove", "src/zero.bin")
    git(repo, "update-index", "--add", "--cacheinfo", f"100644,{b},src/zero2.bin")
    git(repo, "commit", "-q", "-m", "replace zeros")
    (repo / "src" / "later.py").write_text("x = 1\n")
    git(repo, "add", "src/later.py")
    git(repo, "commit", "-q", "-m", "later")
    env = {**victim.env, "LORE_GIT_RENAME_MEMORY_MB": str(LIMIT_MB)}
    rss_kb, reply, err = _max_rss_kb_of([*lore_cmd(), "--json", "ingest"], env, repo)
    out = json.loads(reply)
    assert out["ok"] and out["status"] == "complete", (out, err)
    assert "without rename detection" in err, err
    # main: git alone took 2 x 300 MB (~620 MB); now git stops at 200 MB, and Lore itself is ~200 MB
    assert rss_kb < 450_000, rss_kb
    rc, out, _, _ = victim.run("sql", "SELECT DISTINCT v FROM facts WHERE a = ':path' ORDER BY v")
    assert {"src/app.py", "src/later.py"} <= {r[0] for r in out["rows"]}  # the history after the bomb is there

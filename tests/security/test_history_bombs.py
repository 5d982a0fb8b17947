"""Attack 14a: git metadata of absurd size in a cloned repository, made with git's own plumbing (a hand-written
commit or tree object; git stores and logs them as they are).

- A commit subject of 50 MB: the history's reader added each 64 KB read to one buffer and split all of it
  again, quadratic in the record: `lore ingest` took 73 s (56 s of it there) for two commits. Records are now
  split as they arrive, each kept up to 1 MB: 3.7 s.
- A path of 20 MB in a tree (no checkout can hold more than 4,096 bytes): DuckDB ran out of memory storing it
  (1.9 GB RSS) and the whole ingestion failed with an internal error, every time. Such a path is now skipped
  with a warning naming its start; the commit's other files are ingested.
- An author address of megabytes was stored whole; it is now kept to its first 1,000 characters.
"""

from __future__ import annotations

import resource
import subprocess

from .clone import git

SUBJECT_BYTES = 40 << 20
PATH_BYTES = 2 << 20


def _git_bytes(repo, *args: str, input: bytes | None = None) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], input=input, capture_output=True,
                          check=True).stdout.decode().strip()


def _hand_made_commit(repo, *, author: bytes = b"a@x", subject: bytes = b"s",
                      extra_tree_entries: bytes = b"") -> str:
    """A commit on top of HEAD whose tree adds ok.py (and ``extra_tree_entries``), written as raw objects."""
    blob = _git_bytes(repo, "hash-object", "-w", "--stdin", input=b"ok = 1\n")
    src_tree = _git_bytes(repo, "rev-parse", "HEAD:src")
    tree = (b"40000 src\0" + bytes.fromhex(src_tree) + extra_tree_entries
            + b"100644 ok.py\0" + bytes.fromhex(blob))
    t = _git_bytes(repo, "hash-object", "-w", "-t", "tree", "--literally", "--stdin", input=tree)
    parent = _git_bytes(repo, "rev-parse", "HEAD")
    body = (b"tree %s\nparent %s\nauthor A <%s> 1700000000 +0000\ncommitter C <c@x> 1700000000 +0000\n\n%s\n"
            % (t.encode(), parent.encode(), author, subject))
    c = _git_bytes(repo, "hash-object", "-w", "-t", "commit", "--literally", "--stdin", input=body)
    git(repo, "update-ref", "refs/heads/main", c)
    return c


def _cpu_seconds_of_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def test_a_forty_megabyte_commit_subject_is_read_in_linear_time(victim):
    _hand_made_commit(victim.repo, subject=b"S" * SUBJECT_BYTES)
    before = _cpu_seconds_of_children()
    rc, out, err, _ = victim.run("ingest", timeout=300)
    cpu = _cpu_seconds_of_children() - before
    assert rc == 0 and out["ok"], (out, err)
    # main: ~16 CPU s in the quadratic split (56 s for 50 MB); now ~2 s, most of it starting Python and git
    assert cpu < 8, cpu
    rc, out, _, _ = victim.run("sql", "SELECT max(length(v)) AS n FROM facts WHERE a = ':subject'")
    assert out["rows"] == [[200]]


def test_a_megabyte_author_address_is_stored_cut(victim):
    _hand_made_commit(victim.repo, author=b"a" * (2 << 20) + b"@x")
    rc, out, err, _ = victim.run("ingest", timeout=300)
    assert rc == 0 and out["ok"], (out, err)
    rc, out, _, _ = victim.run("sql", "SELECT max(length(v)) AS n FROM facts WHERE a = ':author'")
    assert out["rows"][0][0] <= 1000


def test_a_path_longer_than_any_checkout_is_skipped_and_named(victim):
    blob = _git_bytes(victim.repo, "hash-object", "-w", "--stdin", input=b"x = 1\n")
    _hand_made_commit(victim.repo, extra_tree_entries=b"100644 " + b"x" * PATH_BYTES + b".py\0" + bytes.fromhex(blob))
    rc, out, err, _ = victim.run("ingest", timeout=300)
    assert rc == 0 and out["ok"], (out, err)
    assert "skipped a path of %d bytes" % (PATH_BYTES + 3) in err, err
    rc, out, _, _ = victim.run("sql", "SELECT v FROM facts WHERE a = ':path' ORDER BY v")
    assert [r[0] for r in out["rows"]] == ["ok.py", "src/app.py"]

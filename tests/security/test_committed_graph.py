"""A repository commits its own `.lore/lore.duckdb` (`git add -f`; SPEC §6 says a graph is never committed, and
Lore's `.lore/.gitignore` keeps it out, but an author can force it in). Every clone then opened the author's
graph as the person's own: whatever the author made it. In CI, a pull request that imports a module the team's
journal rejects shipped a graph in which that decision was retracted (and the journal entry recorded as
applied): `lore check --base origin/main` passed with no warning. The same graph marks its memories as the
person's own (`origin: local`) in an agent's context, with Datalog rules no one here registered. Lore now
refuses a graph file (or WAL) that git tracks: `graph-tracked`."""

from __future__ import annotations

import json
import subprocess

from .clone import commit_no_chardet_decision, git, lore_cmd
from .test_lsp_malformed_requests import RawClient


def _lore(cwd, env, *args):
    p = subprocess.run([*lore_cmd(), "--json", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    return p.returncode, json.loads(p.stdout.strip().splitlines()[-1])


def test_a_graph_the_repository_commits_is_refused(victim, tmp_path):
    team = victim.repo
    commit_no_chardet_decision(team)
    # the pull request's author: imports chardet, and commits a graph in which the decision is retracted
    author = tmp_path / "author"
    subprocess.run(["git", "clone", "-q", str(team), str(author)], check=True)
    git(author, "checkout", "-q", "-b", "pr")
    (author / "src" / "net.py").write_text("import chardet\n")
    git(author, "add", ".")
    git(author, "commit", "-q", "-m", "use chardet")
    env = {**victim.env, "LORE_JOURNAL": "0"}
    assert _lore(author, env, "ingest", ".")[0] == 0
    assert _lore(author, env, "retract", "--reason", "x", "[[:decision/no-chardet :rejects :module/chardet]]")[0] == 0
    git(author, "add", "-f", ".lore/lore.duckdb")
    git(author, "commit", "-q", "-m", "cache")
    git(author, "checkout", "-q", "main")
    # CI: a clone of the pull request
    ci = tmp_path / "ci"
    subprocess.run(["git", "clone", "-q", str(author), str(ci)], check=True)
    git(ci, "checkout", "-q", "pr")
    rc, out = _lore(ci, victim.env, "check", "--base", "origin/main")
    assert rc == 2 and out["error"]["code"] == "graph-tracked", out  # main: exit 0, no warning

    # the editor's server says so and keeps answering
    c = RawClient([*lore_cmd(), "serve"], victim.env, ci)
    try:
        c.start(ci)
        c.send({"jsonrpc": "2.0", "id": 2, "method": "lore/prepareTurn", "params": {"message": "chardet?"}})
        r = c.reply()
        assert r["id"] == 2 and "graph-tracked" in json.dumps(r), r
        c.send({"jsonrpc": "2.0", "id": 3, "method": "lore/serverStatus", "params": {}})
        assert c.reply()["id"] == 3
    finally:
        c.close()

    # as the message says: out of the repository, and the check finds what the graph hid
    git(ci, "rm", "-q", "--cached", ".lore/lore.duckdb")
    (ci / ".lore" / "lore.duckdb").unlink()
    git(ci, "commit", "-q", "-m", "no graph")
    rc, out = _lore(ci, victim.env, "check", "--base", "origin/main")
    assert rc == 1 and [w["file"] for w in out["warnings"]] == ["src/net.py"], out


def test_a_temporary_folder_the_repository_commits_is_refused(victim):
    """DuckDB spills into `<graph>.tmp` and SQL may read what is there, so the folder must be one Lore made
    (test_temp_dir_symlink); a committed one held files of the author's choosing, and Lore took it as its own."""
    tmp = victim.repo / ".lore" / "lore.duckdb.tmp"
    tmp.mkdir(parents=True)
    (tmp / "duckdb_temp_storage_DEFAULT-0.tmp").write_bytes(b"\x00" * 4096)
    git(victim.repo, "add", "-f", ".lore")
    git(victim.repo, "commit", "-q", "-m", "cache")
    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc != 0 and out["error"]["code"] == "graph-tracked", out  # main: exit 0, the folder taken as Lore's
    assert "lore.duckdb.tmp" in out["error"]["message"], out
    assert not (victim.repo / ".lore" / "lore.duckdb").exists()  # nothing written
    assert (tmp.stat().st_mode & 0o777) != 0o700  # not even the folder's mode changed

    git(victim.repo, "rm", "-q", "-r", "--cached", ".lore/lore.duckdb.tmp")
    git(victim.repo, "commit", "-q", "-m", "no cache")
    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc == 0, out  # untracked again: Lore's own to use

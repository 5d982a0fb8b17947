"""Issue 13 item 10, SPEC §7: one commit with a wrong date (year 9999, epoch 0, a timestamp no calendar has)
changes the valid time of that commit alone, never of the history after it. Real git repositories, the real
CLI for the ingest, the graph read back through DuckDB."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lore.store.graph import MAX_TX, Graph
from lore.timeutil import parse_instant

ROOT = Path(__file__).resolve().parents[2]
YEAR_9999 = "@253370764800 +0000"  # 9999-01-01T00:00:00Z, as git takes it
EPOCH_0 = "@0 +0000"


def git(repo: Path, *args: str, committer_date: str | None = None, author_date: str | None = None,
        input: bytes | None = None) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@example.com",
           "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@example.com"}
    if committer_date:
        env["GIT_COMMITTER_DATE"] = committer_date
    if author_date:
        env["GIT_AUTHOR_DATE"] = author_date
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env,
                          input=input).stdout.decode()


def commit(repo: Path, files: dict[str, str | None], msg: str, date: str, committer_date: str | None = None) -> str:
    for rel, text in files.items():
        p = repo / rel
        if text is None:
            p.unlink()
        else:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", msg, committer_date=committer_date or date, author_date=date)
    return git(repo, "rev-parse", "HEAD").strip()


def ingest(repo: Path, graph: Path) -> dict:
    p = subprocess.run([sys.executable, "-m", "lore", "--graph", str(graph), "--json", "ingest", str(repo)],
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "server")})
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1])


def valid_from(g: Graph, entity: str, attr: str = ":entity-type") -> int:
    return g.con.execute(f"SELECT min(valid_from) FROM facts WHERE e = ? AND a = ? AND tx_to = {MAX_TX}",
                         [entity, attr]).fetchall()[0][0]


def current_now(g: Graph, prefix: str) -> set[str]:
    t = 2**61
    return {r[0] for r in g.con.execute(
        f"SELECT DISTINCT e FROM facts WHERE a = ':entity-type' AND tx_to = {MAX_TX} AND valid_from <= ? "
        f"AND valid_to > ? AND starts_with(e, ?)", [t, t, prefix]).fetchall()}


def history_with_a_wrong_date(repo: Path, wrong: str) -> list[str]:
    repo.mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    c1 = commit(repo, {"app.py": "class Old:\n    pass\n\ndef run():\n    return 1\n"}, "first", "2024-01-01T00:00:00Z")
    c2 = commit(repo, {"b.py": "def b():\n    return 2\n"}, "the wrong clock", "2024-02-01T00:00:00Z",
                committer_date=wrong)
    c3 = commit(repo, {"app.py": "def run():\n    return 1\n", "c.py": "X = 1\n"}, "Old goes", "2024-03-01T00:00:00Z")
    c4 = commit(repo, {"c.py": "X = 2\n"}, "later", "2024-04-01T00:00:00Z")
    return [c1, c2, c3, c4]


@pytest.mark.parametrize("wrong", [YEAR_9999, EPOCH_0], ids=["year-9999", "epoch-0"])
def test_a_wrong_commit_date_moves_that_commit_alone(tmp_path, wrong):
    shas = history_with_a_wrong_date(tmp_path / "repo", wrong)
    reply = ingest(tmp_path / "repo", tmp_path / "g.duckdb")
    assert reply["status"] == "complete"
    g = Graph(tmp_path / "g.duckdb")
    c = [":commit/" + s[:12] for s in shas]
    # The commits after the wrong one keep their own dates.
    assert valid_from(g, c[2]) == parse_instant("2024-03-01T00:00:00Z")
    assert valid_from(g, c[3]) == parse_instant("2024-04-01T00:00:00Z")
    # The wrong one sits just after its predecessor, before its successor.
    assert valid_from(g, c[0]) < valid_from(g, c[1]) < valid_from(g, c[2])
    if wrong == YEAR_9999:
        assert reply["implausible_dates"] == 1
    # What it carries is as git has it.
    date = g.con.execute(f"SELECT v FROM facts WHERE e = ? AND a = ':date' AND tx_to = {MAX_TX}", [c[1]]).fetchall()
    assert date == [("9999-01-01T00:00:00Z" if wrong == YEAR_9999 else "1970-01-01T00:00:00Z",)]
    # Now: the class removed after the wrong commit is gone, the file added after it is there.
    assert ":class/app-py-old" not in current_now(g, ":class/")
    assert {":module/app-py", ":module/b-py", ":module/c-py"} <= current_now(g, ":module/")
    assert valid_from(g, ":module/c-py") == parse_instant("2024-03-01T00:00:00Z")
    assert g.con.execute(f"SELECT count(*) FROM facts WHERE tx_to = {MAX_TX} AND valid_from >= valid_to"
                         ).fetchall() == [(0,)]
    g.close()


def test_a_wrong_date_in_a_later_run_moves_that_commit_alone(tmp_path):
    # The wrong commit is the head at the first ingest; the next run's commits keep their own dates.
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    commit(repo, {"a.py": "def a():\n    return 1\n"}, "first", "2024-01-01T00:00:00Z")
    commit(repo, {"b.py": "def b():\n    return 2\n"}, "future", "2024-02-01T00:00:00Z", committer_date=YEAR_9999)
    ingest(repo, tmp_path / "g.duckdb")
    c3 = commit(repo, {"c.py": "def c():\n    return 3\n"}, "after", "2024-03-01T00:00:00Z")
    ingest(repo, tmp_path / "g.duckdb")
    g = Graph(tmp_path / "g.duckdb")
    assert valid_from(g, ":commit/" + c3[:12]) == parse_instant("2024-03-01T00:00:00Z")
    assert ":module/c-py" in current_now(g, ":module/")
    g.close()


def test_a_timestamp_no_calendar_has_is_no_crash(tmp_path):
    # A hostile commit object can carry any number as its time (git fast-import takes it): the ingest
    # completes, that commit has no :date (it is no instant), and its successor keeps its own date.
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    stream = (b"commit refs/heads/main\nmark :1\ncommitter a <a@example.com> 1704067200 +0000\ndata 5\nfirst\n"
              b"M 100644 inline a.py\ndata 19\ndef a():\n    pass\n\n"
              b"commit refs/heads/main\nmark :2\ncommitter a <a@example.com> 99999999999999 +0000\ndata 4\nhuge\n"
              b"from :1\nM 100644 inline b.py\ndata 19\ndef b():\n    pass\n\n"
              b"commit refs/heads/main\nmark :3\ncommitter a <a@example.com> 1709251200 +0000\ndata 5\nafter\n"
              b"from :2\nM 100644 inline c.py\ndata 19\ndef c():\n    pass\n\n")
    git(repo, "fast-import", "--quiet", input=stream)
    git(repo, "tag", "-a", "-m", "t", "v1", "main~1", committer_date="@99999999999999 +0000")
    reply = ingest(repo, tmp_path / "g.duckdb")
    assert reply["status"] == "complete" and reply["tags_new"] == 1
    g = Graph(tmp_path / "g.duckdb")
    huge, after = (":commit/" + git(repo, "rev-parse", r).strip()[:12] for r in ("main~1", "main"))
    assert valid_from(g, after) == parse_instant("2024-03-01T00:00:00Z")
    assert g.con.execute("SELECT count(*) FROM facts WHERE e = ? AND a = ':date'", [huge]).fetchall() == [(0,)]
    assert valid_from(g, huge, ":hash") < valid_from(g, after)
    assert {":module/a-py", ":module/b-py", ":module/c-py"} <= current_now(g, ":module/")
    g.close()

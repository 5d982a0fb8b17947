"""Real git repositories built by the tests, and SQL views of what ingestion wrote."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from lore.store.graph import MAX_TX, Graph
from lore.timeutil import parse_instant


class Repo:
    def __init__(self, path: Path) -> None:
        self.path = path
        path.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")
        self.git("config", "user.email", "dev@example.com")
        self.git("config", "user.name", "Dev")
        self.git("config", "commit.gpgsign", "false")

    def git(self, *args: str, date: str | None = None, input: bytes | None = None) -> str:
        env = dict(os.environ)
        if date:
            env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
        p = subprocess.run(["git", "-C", str(self.path), *args], capture_output=True, env=env, input=input)
        assert p.returncode == 0, p.stderr.decode()
        return p.stdout.decode("utf-8", "replace")

    def write(self, rel: str | bytes, content: str | bytes) -> None:
        p = Path(os.fsdecode(os.path.join(os.fsencode(self.path), rel if isinstance(rel, bytes) else rel.encode())))
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(content.encode() if isinstance(content, str) else content)

    def rm(self, rel: str) -> None:
        self.git("rm", "-q", "-r", rel)

    def commit(self, msg: str, date: str, *, allow_empty: bool = False) -> str:
        self.git("add", "-A")
        args = ["commit", "-q", "-m", msg] + (["--allow-empty"] if allow_empty else [])
        self.git(*args, date=date)
        return self.git("rev-parse", "HEAD").strip()


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return Repo(tmp_path / "repo")


@pytest.fixture(autouse=True)
def _serial(monkeypatch):
    # Small repos parse in-process anyway; keep the environment from leaking into tests.
    monkeypatch.delenv("LORE_GIT_BRANCH", raising=False)
    monkeypatch.delenv("LORE_INGEST_IGNORE", raising=False)


def valid_at(g: Graph, attr: str, when: str | None = None, entity_prefix: str | None = None) -> set[tuple[str, str]]:
    """(entity, value) of current facts with attribute ``attr`` valid at ``when`` (default: now)."""
    t = parse_instant(when) if when else 2**61
    sql = (f"SELECT e, v FROM facts WHERE a = ? AND tx_to = {MAX_TX} AND valid_from <= ? AND valid_to > ?")
    params: list = [attr, t, t]
    if entity_prefix:
        sql += " AND starts_with(e, ?)"
        params.append(entity_prefix)
    return set(g.con.execute(sql, params).fetchall())


def current_rows(g: Graph) -> list[tuple]:
    return sorted(g.con.execute(
        f"SELECT e, a, vt, v, valid_from, valid_to FROM facts WHERE tx_to = {MAX_TX}").fetchall())


def rows_of_one_run_and_per_commit(repo: Repo, tmp_path: Path,
                                   steps: Sequence[Mapping[str, str | None]]) -> tuple[list[tuple], list[tuple]]:
    """Commit each step (path -> text; None removes the file), ingesting after each commit into one graph, then
    ingest the whole history in one run into another: the current rows of (the one run, the run per commit)."""
    from lore.ingest.api import ingest

    per_commit = Graph(tmp_path / "per-commit.duckdb")
    for i, files in enumerate(steps):
        for path, text in files.items():
            if text is None:
                repo.rm(path)
            else:
                repo.write(path, text)
        repo.commit(f"step {i}", f"2024-01-{i + 1:02d}T00:00:00Z")
        ingest(per_commit, str(repo.path))
    once = Graph(tmp_path / "once.duckdb")
    ingest(once, str(repo.path))
    rows = current_rows(once), current_rows(per_commit)
    per_commit.close()
    once.close()
    return rows


def deps_of(cli, module: str) -> set[str]:
    """What ``module`` :depends-on now, through the real CLI."""
    rc, reply, err, _ = cli.run("query", f"[:find ?d :where [{module} :depends-on ?d]]")
    assert rc == 0, err
    return {row[0] for row in reply["results"]}

"""`lore show` (the README's main job) on a repository the test builds."""

import json
import os
import subprocess

from gitrepo import git as shared_git


def git(repo, *args):
    return shared_git(repo, *args, date="2024-01-02T00:00:00Z")


def test_show_ingests_and_summarises(tmp_path, lore_cmd, ROOT):
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "app.py").write_text("import sqlite3\n\nclass Cache:\n    def evict(self):\n        pass\n\n"
                                 "def main():\n    return Cache()\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "first")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    env.pop("LORE_GRAPH_PATH", None)
    p = subprocess.run([*lore_cmd, "--json", "show"], cwd=repo, env=env, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["ok"] and out["graph"].endswith(".lore/lore.duckdb")
    assert out["code"]["module"] == 1 and out["code"]["class"] == 1 and out["code"]["function"] == 2
    assert out["recent_commits"] == [{"date": "2024-01-02T00:00:00Z", "subject": "first"}]
    people = subprocess.run([*lore_cmd, "show"], cwd=repo, env=env, capture_output=True, text=True, timeout=120)
    assert people.returncode == 0 and "Code now:" in people.stdout and "1 modules" in people.stdout
    # the second show has nothing new to ingest (user trial 11: "ingested 0 commit(s) … in None s; None file(s)")
    assert "up to date: main @ " in people.stdout and "None" not in people.stdout, people.stdout


def test_show_outside_a_repository_is_a_clear_error(tmp_path, lore_cmd, ROOT):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    p = subprocess.run([*lore_cmd, "--graph", str(tmp_path / "g.duckdb"), "--json", "show", str(tmp_path)],
                       env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode != 0
    assert json.loads(p.stdout)["ok"] is False

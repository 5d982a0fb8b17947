"""git in tests: one identity (no global config needed) and, when asked, one date for author and committer."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

IDENTITY = {"GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
            "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com"}


def git(repo: Path, *args: str, date: str | None = None) -> str:
    """Run ``git -C repo ARGS`` (failing the test if git fails); its stdout. ``date`` (ISO 8601) dates the
    commit it makes, for the author and the committer alike."""
    env = {**os.environ, **IDENTITY}
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True,
                          env=env).stdout


def commit_files(repo: Path, files: dict[str, str], message: str = "one") -> Path:
    """A new repository at ``repo`` (branch main) whose first commit holds ``files`` (path -> text)."""
    for path, text in files.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return repo

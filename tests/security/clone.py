"""The attack tests' victim: a cloned repository built with real git, and the real `lore` CLI run inside it
(no --graph: the graph goes where a victim's would, .lore/lore.duckdb at the work tree's root)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gitrepo import git
from lore.journal import entry as journal_entry

ROOT = Path(__file__).resolve().parents[2]


def lore_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("lore")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "lore"]


class Victim:
    """A user running `lore` in a repository they cloned. Their config home (trust) is their own."""

    def __init__(self, repo: Path, home: Path) -> None:
        self.repo = repo
        self.home = home
        self.env = {**os.environ, "PYTHONPATH": str(ROOT / "server"), "XDG_CONFIG_HOME": str(home / "config"),
                    "HOME": str(home), "LORE_JOURNAL": "0"}
        self.env.pop("LORE_GRAPH_PATH", None)

    def run(self, *args: str, json_out: bool = True, env: dict | None = None, cwd: Path | None = None,
            timeout: float = 120):
        cmd = [*lore_cmd(), *(["--json"] if json_out else []), *args]
        p = subprocess.run(cmd, capture_output=True, cwd=cwd or self.repo, env={**self.env, **(env or {})},
                           timeout=timeout)
        out = p.stdout.decode("utf-8", "replace")
        reply = json.loads(out.strip().splitlines()[-1]) if json_out and out.strip() else None
        return p.returncode, reply, p.stderr.decode("utf-8", "replace"), out


def make_clone(path: Path) -> Path:
    """A small repository as an attacker would publish it (the test adds the hostile parts)."""
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main")
    (path / "src").mkdir()
    (path / "src" / "app.py").write_text("import os\n\ndef main():\n    return os.getcwd()\n")
    git(path, "add", ".")
    git(path, "commit", "-q", "-m", "initial")
    return path


def commit_planted(repo: Path, files: dict[str, str], message: str) -> None:
    """Commit ``files`` (path -> text) into the clone, folders made as needed: what the attacker publishes."""
    for path, text in files.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def new_victim(tmp_path: Path) -> Victim:
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    return Victim(make_clone(tmp_path / "clone"), home)


def plant_journal_entry(repo: Path, eid: str, facts: str, *, author: str = "m@x",
                        instant: str = "2024-01-01T00:00:00Z", stamp: str = "20240101T000000.000000Z") -> None:
    """A committed-looking entry of the repository's journal, as an attacker would write it: well-formed, named
    by its content hash, saying what ``facts`` say in ``author``'s name."""
    import uuid

    d = repo / ".lore" / "journal"
    d.mkdir(parents=True, exist_ok=True)
    text = ('{:lore/journal 1 :id #uuid "' + str(uuid.UUID(eid)) + f'" :instant #inst "{instant}"'
            f' :author "{author}" :source :cli :reason "r" :tx-data [{facts}]}}')
    (d / f"{stamp}-{eid}-{journal_entry.content_hash(text.encode())}.edn").write_text(text)


def commit_no_chardet_decision(repo: Path, description: str = "We do not use chardet") -> None:
    """The team's journal, committed: a decision rejecting :module/chardet (its description as given, EDN-escaped
    by the caller), so that a file importing chardet draws a warning."""
    import uuid

    plant_journal_entry(repo, uuid.uuid4().hex, f'[:db/add :decision/no-chardet :description "{description}"] '
                                                '[:db/add :decision/no-chardet :rejects :module/chardet]')
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "the team's decision")

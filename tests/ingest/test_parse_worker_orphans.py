"""A parse worker outlives no ingest: a ``lore ingest`` (or a ``lore check`` ingesting for the first time) that
is killed left its parse workers, and their ``git cat-file``, waiting on their task queue for good — over an
hour in user trial 17, after a stopped check. The workers now end once the process they parse for is gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from gitrepo import git

ROOT = Path(__file__).resolve().parents[2]


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found |= {int(x) for x in f.read().split()}
    except OSError:
        pass
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _until(what, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if what():
            return True
        time.sleep(0.05)
    return what()


def test_killing_an_ingest_ends_its_parse_workers(tmp_path):
    repo = tmp_path / "r"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    body = "".join(f"def f{i}(x):\n    return x + {i}\n\n" for i in range(200))
    for c in range(6):  # enough versions that the workers are still parsing when the ingest is killed
        for i in range(120):
            (repo / f"m{i}.py").write_text(f"# {c} {i}\n" + body)  # a blob of its own each
        git(repo, "add", ".")
        git(repo, "commit", "-q", "-m", f"c{c}")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server"), "LORE_JOURNAL": "0", "LORE_INGEST_WORKERS": "2"}
    proc = subprocess.Popen([sys.executable, "-m", "lore", "--graph", str(tmp_path / "g.duckdb"), "ingest",
                             str(repo)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        workers: set[int] = set()

        def started() -> bool:
            workers.update(p for p in _children(proc.pid) if "multiprocessing" in _cmdline(p))
            return len(workers) >= 2

        assert _until(started, 120), "the ingest started no parse workers"
    finally:
        proc.kill()
        proc.wait()
    try:
        assert _until(lambda: not any(_alive(p) for p in workers), 30), \
            [(p, _cmdline(p)) for p in workers if _alive(p)]
    finally:
        for p in workers:
            try:
                os.kill(p, signal.SIGKILL)
            except OSError:
                pass


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""

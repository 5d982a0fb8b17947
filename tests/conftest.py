"""Shared fixtures: real graphs on disk and the real `lore` command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _lore_cmd() -> list[str]:
    """The CLI as outside checks run it: the installed `lore` script if present, else `python -m lore`."""
    exe = Path(sys.executable).with_name("lore")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "lore"]


class Cli:
    def __init__(self, graph: Path, cwd: Path) -> None:
        self.graph = graph
        self.cwd = cwd

    def run(self, *args: str, json_out: bool = True, env: dict | None = None, input: bytes | None = None):
        cmd = [*_lore_cmd(), "--graph", str(self.graph)]
        if json_out:
            cmd.append("--json")
        full_env = {**os.environ, "PYTHONPATH": str(ROOT / "server"), **(env or {})}
        p = subprocess.run(cmd + list(args), capture_output=True, cwd=self.cwd, env=full_env, timeout=120,
                           input=input)
        out = p.stdout.decode("utf-8", "replace")
        reply = None
        if json_out and out.strip():
            reply = json.loads(out.strip().splitlines()[-1])
        return p.returncode, reply, p.stderr.decode("utf-8", "replace"), out

    def ingest_in(self, repo: Path) -> Cli:
        """Point this CLI at ``repo``'s own graph, run in the repository, and ingest it (failing the test if
        the ingest does)."""
        self.graph, self.cwd = repo / ".lore" / "lore.duckdb", repo
        rc, reply, err, _ = self.run("ingest")
        assert rc == 0 and reply["ok"], err
        return self


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "g.duckdb", tmp_path)


@pytest.fixture
def graph(tmp_path: Path):
    from lore.store.graph import Graph

    g = Graph(tmp_path / "g.duckdb")
    yield g
    g.close()


@pytest.fixture(name="lore_cmd")
def lore_cmd_fixture() -> list[str]:
    return _lore_cmd()


@pytest.fixture(name="ROOT")
def root_fixture() -> Path:
    return ROOT


@pytest.fixture(autouse=True)
def _trusted_workspace_rules(request, monkeypatch):
    """Tests outside tests/security write their own workspace rules and mean them to run: they trust every
    workspace rule, as a user's CI does (LORE_TRUST_RULES=1). tests/security checks trust itself."""
    if "security" not in Path(str(request.fspath)).parts:
        monkeypatch.setenv("LORE_TRUST_RULES", "1")

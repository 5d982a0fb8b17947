"""What every MCP test starts: `lore mcp` in a repository, as the SDK's stdio client runs it."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from mcp.client.stdio import StdioServerParameters

from gitrepo import commit_files

LORE = str(Path(sys.executable).with_name("lore"))
ROOT = Path(__file__).resolve().parents[2]


def server_parameters(repo: Path, **env: str) -> StdioServerParameters:
    """`lore mcp` in ``repo`` with this checkout's code (PYTHONPATH), the graph where the repository's goes
    (LORE_GRAPH_PATH emptied) and this PATH (git); ``env`` adds to or overrides that (LORE_MCP_INGEST="0")."""
    return StdioServerParameters(command=LORE, args=["mcp"], cwd=str(repo),
                                 env={"PYTHONPATH": str(ROOT / "server"), "LORE_GRAPH_PATH": "",
                                      "PATH": os.environ.get("PATH", ""), **env})


@pytest.fixture
def mcp_server() -> Callable[..., StdioServerParameters]:
    """``mcp_server(repo, **env)``: the parameters of a `lore mcp` for ``repo`` (server_parameters)."""
    return server_parameters


CHARDET_NET_PY = "import chardet\n\n\ndef fetch_page(url):\n    return chardet.detect(url)\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A one-commit repository whose src/net.py imports chardet (a module the tests' decisions reject)."""
    return commit_files(tmp_path / "repo", {"src/net.py": CHARDET_NET_PY}, "fetch pages")

"""`lore/graphChanged {kind, tx}`: the server tells the client whenever the graph changed, so status bars and
tests wait on an event instead of polling or sleeping."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from .conftest import cli, lsp, make_repo, request


class Announcements:
    """Every lore/graphChanged the client received, and a way to wait for one that matches."""

    def __init__(self, client: Any) -> None:
        self.seen: list[dict[str, Any]] = []
        self._changed = asyncio.Condition()

        @client.feature("lore/graphChanged")
        async def on_changed(params: Any) -> None:
            async with self._changed:
                self.seen.append(dict(params) if not isinstance(params, dict) else params)
                self._changed.notify_all()

    async def wait(self, match, timeout: float = 90) -> dict[str, Any]:
        async def first() -> dict[str, Any]:
            async with self._changed:
                while True:
                    for note in self.seen:
                        if match(note):
                            return note
                    await self._changed.wait()
        return await asyncio.wait_for(first(), timeout)


def _get(note: Any, key: str) -> Any:
    return note.get(key) if isinstance(note, dict) else getattr(note, key, None)


@pytest.mark.asyncio
async def test_a_write_is_announced_with_its_tx(tmp_path: Path):
    repo = make_repo(tmp_path / "repo")
    async with lsp(tmp_path / "g.duckdb", repo, init_options={"ingestOnStartup": False}) as client:
        notes = Announcements(client)
        reply = await request(client, "lore/transact", {"facts": '[[:decision/x :description "one"]]',
                                                        "reason": "test"})
        assert reply["ok"]
        note = await notes.wait(lambda n: _get(n, "kind") == "write")
        assert _get(note, "tx") == reply["tx"]


@pytest.mark.asyncio
async def test_a_write_by_another_process_is_announced(tmp_path: Path):
    repo = make_repo(tmp_path / "repo")
    graph = tmp_path / "g.duckdb"
    async with lsp(graph, repo, init_options={"ingestOnStartup": False}) as client:
        notes = Announcements(client)
        code, reply = await asyncio.to_thread(cli, graph, "transact", '[[:decision/y :description "two"]]',
                                              "--reason", "from the CLI")
        assert code == 0 and reply["ok"]  # forwarded to the server, which owns the graph
        await notes.wait(lambda n: (_get(n, "tx") or 0) >= reply["tx"])

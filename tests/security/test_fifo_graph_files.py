"""A FIFO where the graph, its WAL or its owner lock goes (`.lore/lore.duckdb`, `.lore/lore.duckdb.wal`,
`.lore/lore.duckdb.owner`: a repository unpacked from an archive or a copied folder can carry one). Opening a
FIFO waits for a writer that never comes: every `lore` command in the repository, and the editor's server on
its first request, hung for good. Now such a file is refused with `unsafe-path` without being opened for
long, and the server keeps answering."""

from __future__ import annotations

import os

import pytest

from .clone import lore_cmd
from .test_lsp_malformed_requests import RawClient

NAMES = ["lore.duckdb", "lore.duckdb.wal", "lore.duckdb.owner"]


def _plant(victim, name: str, *, graph_first: bool) -> None:
    if graph_first:  # a graph that exists, so DuckDB goes on to its WAL
        rc, out, err, _ = victim.run("transact", '[[:decision/db :description "Postgres"]]', "--reason", "r")
        assert rc == 0, (out, err)
    (victim.repo / ".lore").mkdir(exist_ok=True)
    os.mkfifo(victim.repo / ".lore" / name)


@pytest.mark.parametrize("name", NAMES)
def test_a_fifo_beside_the_graph_is_refused_not_waited_on(victim, name):
    _plant(victim, name, graph_first=name != "lore.duckdb")
    # Before: each of these waited forever; the bound only keeps a regression from hanging the suite.
    for args in (("status",), ("check",), ("transact", '[[:decision/x :description "y"]]', "--reason", "r")):
        rc, out, err, _ = victim.run(*args, timeout=60)
        if name == "lore.duckdb.owner":
            # no owner can hold a FIFO as its lock: the command runs on the graph itself
            assert rc in (0, 1) and out["ok"], (args, out, err)
            continue
        assert rc != 0 and out["error"]["code"] == "unsafe-path", (args, out, err)
        assert name in out["error"]["message"]


@pytest.mark.parametrize("name", NAMES)
def test_the_server_answers_with_a_fifo_beside_the_graph(victim, name):
    _plant(victim, name, graph_first=name != "lore.duckdb")
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    try:
        c.start(victim.repo)
        c.send({"jsonrpc": "2.0", "id": 2, "method": "lore/stats", "params": {}})
        r = c.reply(timeout=60)
        assert r["id"] == 2 and r["result"]["error"]["code"] == "unsafe-path", r
        c.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                "params": {"textDocument": {"uri": (victim.repo / "src" / "app.py").as_uri()},
                           "position": {"line": 0, "character": 1}}})
        assert c.reply(timeout=60)["id"] == 3  # still serving
    finally:
        c.close()

"""One owner per graph: the first ``lore serve`` owns the graph file and listens on a socket beside it;
the CLI and a second server forward to it; an owner killed with ``kill -9`` loses nothing committed and
the next process takes over."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import threading
from pathlib import Path

import pytest

from lore.runtime import owner

from .conftest import LORE, cli, lsp, make_repo, request, wait_until


def start_owner(graph: Path) -> subprocess.Popen:
    """A bare ``lore serve --graph G`` (no editor attached yet) owns G as soon as it starts."""
    proc = subprocess.Popen([LORE, "serve", "--graph", str(graph)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    def owning() -> bool:
        assert proc.poll() is None, "lore serve exited"
        if owner.owner_alive(graph) and os.path.exists(owner.socket_path(graph)):
            reply = owner.forward(graph, "stats", {})
            return reply is not None and bool(reply.get("ok"))
        return False

    try:
        wait_until(owning, 90, "lore serve to become the owner")
    except AssertionError:
        proc.kill()
        raise
    return proc


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.stdin.close()  # end of input: the server exits
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_owner_socket_is_private_and_cli_forwards(tmp_path):
    graph = tmp_path / "g" / "lore.duckdb"
    proc = start_owner(graph)
    try:
        st = os.stat(owner.socket_path(graph))
        assert stat.S_ISSOCK(st.st_mode) and stat.S_IMODE(st.st_mode) == 0o600
        assert owner.owner_pid(graph) == proc.pid
        code, out = cli(graph, "transact", '[[:decision/db :description "Postgres"]]', "--reason", "why not")
        assert code == 0 and out["ok"] and out["tx"] == 1
        # The CLI did not open the file itself (DuckDB would have refused): the owner answered.
        code, out = cli(graph, "sql", "SELECT count(*) AS n FROM tx")
        assert out == {"ok": True, "columns": ["n"], "rows": [[1]]}
        code, out = cli(graph, "transact", "[[:a/b", "--reason", "r")
        assert code == 1 and out["ok"] is False and out["error"]["code"]
    finally:
        stop(proc)
    # A clean exit gives the graph back: the CLI opens it directly.
    assert not owner.owner_alive(graph)
    code, out = cli(graph, "history", ":decision/db")
    assert code == 0 and out["history"][0]["value"] == "Postgres"


def test_relative_paths_are_resolved_in_the_callers_folder(tmp_path):
    graph = tmp_path / "lore.duckdb"
    proc = start_owner(graph)
    try:
        sub = tmp_path / "elsewhere"
        sub.mkdir()
        code, out = cli(graph, "export", "out.parquet", cwd=sub)
        assert code == 0, out
        assert (sub / "out.parquet").exists()
    finally:
        stop(proc)


@pytest.mark.asyncio
async def test_second_server_forwards_to_the_first(tmp_path):
    root = make_repo(tmp_path / "repo")
    graph = root / ".lore" / "lore.duckdb"
    opts = {"ingestOnStartup": False}
    async with lsp(graph, root, init_options=opts) as first, lsp(graph, root, init_options=opts) as second:
        a = await request(first, "lore/transact", {"facts": "[[:decision/x :description \"one\"]]", "reason": "a"})
        b = await request(second, "lore/transact", {"facts": "[[:decision/x :description \"two\"]]", "reason": "b"})
        assert a["ok"] and b["ok"] and b["tx"] == a["tx"] + 1
        h1 = await request(first, "lore/history", {"entity": ":decision/x"})
        h2 = await request(second, "lore/history", {"entity": ":decision/x"})
        assert h1 == h2 and len(h1["history"]) == 2
        code, out = cli(graph, "history", ":decision/x")
        assert out == h1


def _write_loop(graph: Path, acked: list[tuple[int, int]], errors: list[dict], stop_at: threading.Event) -> None:
    i = 0
    while not stop_at.is_set():
        reply = owner.forward(graph, "transact", {"facts": f"[[:event/e{i} :n {i}]]", "reason": f"write {i}",
                                                  "source": "cli"})
        if reply is None:
            return  # the owner is gone and nobody took over: the caller would open the graph itself
        if reply.get("ok"):
            acked.append((i, reply["tx"]))
        else:
            errors.append(reply)
            if reply["error"]["code"] == "owner-lost":
                return
        i += 1


def test_owner_killed_mid_write_loses_nothing_and_is_taken_over(tmp_path):
    graph = tmp_path / "lore.duckdb"
    first = start_owner(graph)
    acked: list[tuple[int, int]] = []
    errors: list[dict] = []
    done = threading.Event()
    writer = threading.Thread(target=_write_loop, args=(graph, acked, errors, done))
    writer.start()
    try:
        wait_until(lambda: len(acked) >= 30, 90, "30 acknowledged writes")
    finally:
        os.kill(first.pid, signal.SIGKILL)  # mid-stream: writes are in flight
        first.wait()
        done.set()
        writer.join(30)
    assert len(acked) >= 30
    assert all(e["error"]["code"] == "owner-lost" for e in errors), errors
    # The lock died with the process: the stale socket is ignored and the CLI opens the graph itself.
    assert not owner.owner_alive(graph)
    code, out = cli(graph, "sql", "SELECT e, v FROM facts WHERE a = ':n' AND tx_to = 2147483647")
    assert code == 0, out
    stored = {e for e, _ in out["rows"]}
    for i, _tx in acked:
        assert f":event/e{i}" in stored, f"acknowledged write {i} lost"
    code, out = cli(graph, "sql", "SELECT max(tx) FROM tx")
    last_tx = out["rows"][0][0]
    assert last_tx >= max(tx for _, tx in acked)
    # The next server takes over, although the dead owner's socket file is still there.
    second = start_owner(graph)
    try:
        assert owner.owner_pid(graph) == second.pid
        code, out = cli(graph, "transact", "[[:event/after :n -1]]", "--reason", "after the crash")
        assert code == 0 and out["tx"] == last_tx + 1
        code, hist = cli(graph, "sql", "SELECT max(tx) = count(*) AS no_gaps FROM tx")
        assert hist["rows"] == [[True]]
    finally:
        stop(second)


@pytest.mark.asyncio
async def test_standby_server_takes_over_when_owner_dies(tmp_path):
    root = make_repo(tmp_path / "repo")
    graph = root / ".lore" / "lore.duckdb"
    first = start_owner(graph)
    async with lsp(graph, root, init_options={"ingestOnStartup": False}) as client:
        r = await request(client, "lore/transact", {"facts": "[[:decision/a :description \"x\"]]", "reason": "r"})
        assert r["ok"]
        server_pid = client._server.pid
        assert owner.owner_pid(graph) == first.pid
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        r2 = await request(client, "lore/transact", {"facts": "[[:decision/b :description \"y\"]]", "reason": "r"})
        assert r2["ok"] and r2["tx"] == r["tx"] + 1
        assert owner.owner_pid(graph) == server_pid
        code, out = cli(graph, "status")
        assert out["tx"] == r2["tx"]


def _raw(graph: Path, payload: bytes) -> dict:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(owner.socket_path(graph))
    s.sendall(payload)
    s.shutdown(socket.SHUT_WR)
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    s.close()
    return json.loads(data)


@pytest.mark.parametrize("payload,code", [
    (b"this is not json\n", "bad-message"),
    (b"\xff\xfe\n", "bad-message"),
    (b"[1, 2]\n", "bad-message"),
    (b'{"op": 5}\n', "bad-message"),
    (b'{"op": "transact", "params": [1]}\n', "bad-params"),
    (b'{"op": "noSuchOp", "params": {}}\n', "unknown-method"),
    (b'{"op": "transact", "params": {"facts": "[[:a/b :c 1]]"}}\n', "missing-reason"),
])
def test_hostile_socket_input_gets_errors_and_owner_survives(tmp_path, payload, code):
    graph = tmp_path / "lore.duckdb"
    proc = start_owner(graph)
    try:
        reply = _raw(graph, payload)
        assert reply["ok"] is False and reply["error"]["code"] == code
        # a client that connects and says nothing, then one that sends half a line
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(owner.socket_path(graph))
        s.close()
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(owner.socket_path(graph))
        s.sendall(b'{"op": "sta')
        s.close()
        assert owner.forward(graph, "stats", {})["ok"] is True
        assert proc.poll() is None
    finally:
        stop(proc)


def test_stale_socket_without_owner_is_ignored(tmp_path):
    graph = tmp_path / "lore.duckdb"
    Path(owner.lock_path(graph)).write_text('{"pid": 999999}')
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(owner.socket_path(graph))  # bound, never listening: connect is refused
    s.close()
    assert owner.forward(graph, "stats", {}) is None
    code, out = cli(graph, "transact", "[[:a/b :c 1]]", "--reason", "r")
    assert code == 0 and out["tx"] == 1


def test_long_graph_path_uses_a_private_socket_folder(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    graph = deep / "lore.duckdb"
    assert len(str(graph) + ".sock") > 108
    proc = start_owner(graph)
    try:
        path = owner.socket_path(graph)
        assert len(path) <= 108 and not path.startswith(str(deep))
        assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700
        code, out = cli(graph, "transact", "[[:a/b :c 1]]", "--reason", "r")
        assert code == 0 and out["ok"]
    finally:
        stop(proc)


@pytest.mark.asyncio
async def test_forwarding_server_refreshes_diagnostics_after_anothers_write(tmp_path):
    from .conftest import open_doc
    from .test_editor import REJECT_REDIS, lore_diags, wait_for

    root = make_repo(tmp_path / "repo")
    graph = root / ".lore" / "lore.duckdb"
    code, out = cli(graph, "ingest", str(root))
    assert code == 0, out
    opts = {"ingestOnStartup": False, "diagnostics": {"debounceMs": 20}}
    async with lsp(graph, root, init_options=opts) as first, lsp(graph, root, init_options=opts) as second:
        st = await request(second, "lore/serverStatus", {})
        assert st["owner"] is False and st["ownerPid"] == first._server.pid
        uri = open_doc(second, root / "src" / "auth.py")
        await wait_for(lambda: uri in second.diagnostics, what="first publish")
        assert not lore_diags(second, uri)
        reply = await request(first, "lore/transact", {"facts": REJECT_REDIS, "reason": "review"})
        assert reply["ok"]
        diags = await wait_for(lambda: lore_diags(second, uri, "rejected_dependency"), timeout=90,
                               what="the second server to see the first one's write")
        assert diags[0].range.start.line == 1


def test_server_waits_for_a_cli_that_holds_the_graph(tmp_path):
    """A CLI process that opened the graph before the server started keeps it until it exits; the server
    owns the socket at once and answers forwarded requests as soon as the file is free."""
    from lore.store.graph import Graph

    graph = tmp_path / "lore.duckdb"
    held = Graph(graph)  # this process plays the CLI that got there first
    proc = subprocess.Popen([LORE, "serve", "--graph", str(graph)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: os.path.exists(owner.socket_path(graph)), 90, "the server's socket")
        replies: list[dict] = []
        t = threading.Thread(target=lambda: replies.append(owner.forward(graph, "stats", {})))
        t.start()
        held.close()  # the request is answered once the file is free (an early failure would show below)
        t.join(30)
        assert replies and replies[0]["ok"] is True, replies
    finally:
        held.close()
        stop(proc)

"""Attack 13h: a hover with wrongly typed params, and a request with no params at all, never got a reply
(pygls dropped them), so a client waited forever. Now the first gets JSON-RPC Invalid Params, the second is
served as if its params were {} — and the server keeps answering. Driven over raw stdio frames."""

from __future__ import annotations

import json
import queue
import subprocess
import threading

from .clone import lore_cmd


class RawClient:
    def __init__(self, cmd: list[str], env: dict, cwd) -> None:
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=env, cwd=cwd)
        self.replies: "queue.Queue[dict]" = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if not line.strip():
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            msg = json.loads(out.read(length))
            if "id" in msg and "method" not in msg:
                self.replies.put(msg)

    def send(self, msg: dict) -> None:
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def reply(self, timeout: float = 120) -> dict:
        return self.replies.get(timeout=timeout)

    def start(self, root) -> None:
        """initialize (request 1, no ingest on start-up) and initialized."""
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"capabilities": {}, "rootUri": root.as_uri(),
                              "initializationOptions": {"ingestOnStartup": False}}})
        assert self.reply()["id"] == 1
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


def test_malformed_requests_get_replies(victim):
    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    try:
        c.start(victim.repo)
        c.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                "params": {"textDocument": 5, "position": "top"}})
        r = c.reply()
        assert r["id"] == 2 and r["error"]["code"] == -32602, r
        c.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover"})
        r = c.reply()
        assert r["id"] == 3 and r["error"]["code"] == -32602, r
        c.send({"jsonrpc": "2.0", "id": 4, "method": "lore/stats"})
        r = c.reply()
        assert r["id"] == 4 and r["result"]["ok"] is True, r
        c.send({"jsonrpc": "2.0", "id": 5, "method": "lore/history", "params": {"entity": 42}})
        r = c.reply()
        assert r["id"] == 5 and r["result"]["error"]["code"] == "bad-params", r
        c.send({"jsonrpc": "2.0", "id": 6, "method": "lore/sql", "params": {"sql": "SELECT 1 AS one"}})
        r = c.reply()
        assert r["id"] == 6 and r["result"]["rows"] == [[1]], r  # still serving
    finally:
        c.close()

#!/usr/bin/env python3
"""Peak memory under hostile input (docs/SECURITY.md), this checkout's code beside a baseline's, same run.

    python bench/attack_memory.py [--baseline /work/main] [--only NAME,...] [--scale 1.0]

Each attack builds its input in a temporary folder (a real git repository, or a real `lore serve` / `lore mcp`
over stdio), then runs it once per code tree (PYTHONPATH=<tree>/server), one after the other:

- ``file_items``: a commit adding one .py file of 60,000 one-line functions (under the 1 MB parse cap);
  `lore ingest`'s peak RSS.
- ``tags``: 100,000 tags (packed-refs) on a one-commit repository; `lore ingest`'s peak RSS, and (``run_only``)
  the library's ``ingest()`` alone in a fresh process: how much its peak grew over the open graph's.
- ``huge_commit``: one commit adding 50,000 small .py files; `lore ingest`'s peak RSS (not bounded: measured);
  ``huge_commit_split``: the same files added over 50 commits (what one commit adds beyond the tree's size).
- ``lsp_body``: a hover whose frame is 1 GB (its Content-Length true), then `lore/stats`.
- ``lsp_header``: a header line of 1 GB without a line end, then `lore/stats`.
- ``lsp_length_lie``: `Content-Length: 10^12` and a small body, then `lore/stats` (a lie the stream cannot
  recover from: does the server stay up, and what does it hold).
- ``mcp_line``: one MCP line of 1 GB (a `lore_history` call), then `lore_sql`.

An ingest's peak is ``ru_maxrss`` from wait4 (the largest of lore and the processes it waited for: git, the
parse workers). A server's is its VmHWM just before it is stopped, with ``base_mb`` its VmHWM after start-up.
``answered``: whether the request after the attack got its reply (within 120 s); ``dropped_reply``: the reply
to the attack's own request, if any. Prints one JSON object: per attack, per tree, the figures, with CPU seconds
and the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GB = 1 << 30


def git(repo: Path, *args: str, input: bytes | None = None) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@x", "GIT_COMMITTER_NAME": "a",
           "GIT_COMMITTER_EMAIL": "a@x"}
    return subprocess.run(["git", "-C", str(repo), *args], input=input, check=True, capture_output=True,
                          env=env).stdout.decode()


def new_repo(path: Path) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main")
    (path / "src").mkdir()
    (path / "src" / "app.py").write_text("import os\n\ndef main():\n    return os.getcwd()\n")
    git(path, "add", ".")
    git(path, "commit", "-q", "-m", "initial")
    return path


def env_for(tree: Path, home: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree / "server"), "HOME": str(home), "XDG_CONFIG_HOME": str(home / "c"),
            "XDG_CACHE_HOME": str(home / "cache"), "LORE_JOURNAL": "0", "LORE_MCP_INGEST": "0"}


def lore(*args: str) -> list[str]:
    return [sys.executable, "-m", "lore", *args]


# ------------------------------------------------------------------ ingest attacks
def build_file_items(repo: Path, scale: float) -> None:
    n = int(60_000 * scale)
    (repo / "src" / "gen.py").write_text("".join(f"def f{i}():0\n" for i in range(n)))
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "generated")


def build_tags(repo: Path, scale: float) -> None:
    head = git(repo, "rev-parse", "HEAD").strip()
    names = sorted(f"refs/tags/v{i}" for i in range(int(100_000 * scale)))
    (repo / ".git" / "packed-refs").write_text("# pack-refs with: peeled fully-peeled sorted \n" +
                                               "".join(f"{head} {n}\n" for n in names))


def build_huge_commit(repo: Path, scale: float, commits: int = 1) -> None:
    n = int(50_000 * scale)
    for i in range(n):
        d = repo / "pkg" / f"d{i // 1000}"
        if i % 1000 == 0:
            d.mkdir(parents=True)
        (d / f"m{i}.py").write_text(f"import os\n\ndef f{i}(x):\n    return os.path.join(x, '{i}')\n")
        if commits > 1 and (i + 1) % (n // commits) == 0:
            git(repo, "add", ".")
            git(repo, "commit", "-q", "-m", f"part {i}")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "--allow-empty", "-m", "monorepo import")


def build_same_files_in_50_commits(repo: Path, scale: float) -> None:
    build_huge_commit(repo, scale, commits=50)


def ingest_peak(tree: Path, repo: Path, home: Path) -> dict:
    graph = home / f"g-{time.monotonic_ns()}.duckdb"
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen(lore("--json", "--graph", str(graph), "ingest", str(repo)), cwd=repo,
                             env=env_for(tree, home), stdout=out, stderr=err)
        _pid, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text, errs = out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace")
    wall = time.perf_counter() - t0
    reply = json.loads(text.strip().splitlines()[-1]) if text.strip() else {}
    warnings = [ln[:160] for ln in errs.splitlines() if "LORE_MAX_FILE_ITEMS" in ln or "tag" in ln.lower()][:2]
    return {"peak_rss_mb": round(ru.ru_maxrss / 1024, 1), "cpu_s": round(ru.ru_utime + ru.ru_stime, 1),
            "wall_s": round(wall, 1), "rc": p.returncode, "ok": reply.get("ok"), "commits": reply.get("commits"),
            "facts_written": reply.get("facts_written"), "tags": reply.get("tags"), "tags_new": reply.get("tags_new"),
            "functions": (reply.get("summary") or {}).get("functions"), "warnings": warnings}


RUN_ONLY = """
import json, resource, sys
from lore.ingest.api import ingest
from lore.store.graph import Graph
def mb(): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
g = Graph(sys.argv[1]); before = mb()
r = ingest(g, sys.argv[2]); after = mb(); g.close()
print(json.dumps({"open_graph_mb": round(before, 1), "after_ingest_mb": round(after, 1),
                  "ingest_grew_mb": round(after - before, 1), "tags_new": r.get("tags_new")}))
"""


def ingest_run_only(tree: Path, repo: Path, home: Path) -> dict:
    """The library's ingest() alone, in a fresh process: its own peak RSS before and after (what the CLI does
    after the run left out)."""
    graph = home / f"g-{time.monotonic_ns()}.duckdb"
    p = subprocess.run([sys.executable, "-c", RUN_ONLY, str(graph), str(repo)], cwd=repo, env=env_for(tree, home),
                       capture_output=True, text=True)
    return json.loads(p.stdout.strip().splitlines()[-1]) if p.returncode == 0 else {"rc": p.returncode,
                                                                                     "err": p.stderr[-300:]}


# ------------------------------------------------------------------ stdio servers
def _hwm_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


class Server:
    """A real `lore serve` (framing "lsp") or `lore mcp` (framing "mcp") over pipes, replies read on a thread."""

    def __init__(self, tree: Path, repo: Path, home: Path, framing: str) -> None:
        self.framing = framing
        cmd = lore("serve") if framing == "lsp" else lore("mcp")
        self.proc = subprocess.Popen(cmd, cwd=repo, env=env_for(tree, home), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.replies: queue.Queue[dict] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.repo = repo

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            if self.framing == "mcp":
                line = out.readline()
                if not line:
                    return
                msg = json.loads(line)
            else:
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

    def write(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, msg: dict) -> None:
        body = json.dumps(msg).encode()
        self.write(body + b"\n" if self.framing == "mcp" else b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def reply(self, rid: int, timeout: float = 120) -> dict | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                r = self.replies.get(timeout=max(0.1, end - time.monotonic()))
            except queue.Empty:
                return None
            if r.get("id") == rid:
                return r
        return None

    def start(self) -> None:
        if self.framing == "lsp":
            self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "capabilities": {}, "rootUri": self.repo.as_uri(), "initializationOptions": {"ingestOnStartup": False}}})
            assert self.reply(1, 300) is not None
            self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
            self.send({"jsonrpc": "2.0", "id": 2, "method": "lore/stats"})
        else:
            self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}})
            assert self.reply(1, 300) is not None
            self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            self.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                       "params": {"name": "lore_sql", "arguments": {"sql": "SELECT 1 AS one"}}})
        assert self.reply(2, 300) is not None

    def next_answered(self) -> bool:
        if self.framing == "lsp":
            self.send({"jsonrpc": "2.0", "id": 9, "method": "lore/stats"})
        else:
            self.send({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
                       "params": {"name": "lore_sql", "arguments": {"sql": "SELECT 1 AS one"}}})
        return self.reply(9) is not None

    def stop(self) -> dict:
        alive = self.proc.poll() is None
        peak = _hwm_kb(self.proc.pid) if alive else None
        cpu = None
        try:
            with open(f"/proc/{self.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            cpu = round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 1)
        except (OSError, IndexError):
            pass
        self.proc.kill()
        self.proc.wait()
        return {"alive": alive, "peak_rss_mb": round(peak / 1024, 1) if peak else None, "cpu_s": cpu}


def _stream(server: Server, prefix: bytes, filler: bytes, total: int, suffix: bytes) -> None:
    server.write(prefix)
    piece = filler * ((1 << 20) // len(filler))
    sent = 0
    while sent < total:
        server.write(piece[: total - sent])
        sent += len(piece)
    server.write(suffix)


def lsp_body(server: Server, scale: float) -> dict | None:
    size = int(GB * scale)
    head = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": (server.repo / "src" / "app.py").as_uri()}, "position": {"line": 2, "character": 5},
        "padding": ""}}).encode()
    head, tail = head[:-3], head[-3:]  # ...,"padding": "|"}}
    body_len = len(head) + size + len(tail)
    _stream(server, b"Content-Length: %d\r\n\r\n" % body_len + head, b"x", size, tail)
    return server.reply(7, 300)


def lsp_header(server: Server, scale: float) -> dict | None:
    _stream(server, b"", b"X", int(GB * scale), b"\r\n")
    return None


def lsp_length_lie(server: Server, scale: float) -> dict | None:
    server.write(b"Content-Length: %d\r\n\r\n{}" % (10 ** 12))
    return None


def mcp_line(server: Server, scale: float) -> dict | None:
    size = int(GB * scale)
    head = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                       "params": {"name": "lore_history", "arguments": {"entity": ""}}}).encode()
    head, tail = head[:-4], head[-4:]  # ..."entity": "|"}}}
    _stream(server, head, b"x", size, tail + b"\n")
    return server.reply(7, 300)


INGEST = {"file_items": build_file_items, "tags": build_tags, "huge_commit": build_huge_commit,
          "huge_commit_split": build_same_files_in_50_commits}
SERVE = {"lsp_body": ("lsp", lsp_body), "lsp_header": ("lsp", lsp_header), "lsp_length_lie": ("lsp", lsp_length_lie),
         "mcp_line": ("mcp", mcp_line)}


def serve_attack(tree: Path, repo: Path, home: Path, framing: str, attack, scale: float) -> dict:
    s = Server(tree, repo, home, framing)
    try:
        s.start()
        base = _hwm_kb(s.proc.pid)
        t0 = time.perf_counter()
        dropped = attack(s, scale)
        answered = s.next_answered() if attack is not lsp_length_lie else None
        wall = time.perf_counter() - t0
        if attack is lsp_length_lie:  # nothing after it can be framed: is it still up, and what does it hold?
            time.sleep(5)
        res = s.stop()
    except BrokenPipeError:
        res = s.stop()
        dropped, answered, wall, base = "broken pipe", False, None, 0
    res.update({"base_mb": round(base / 1024, 1), "answered": answered, "wall_s": round(wall, 1) if wall else None,
                "dropped_reply": (dropped.get("error") or {"result": "answered"}) if isinstance(dropped, dict) else dropped})
    return res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", default="/work/main", help="the other code tree (its server/ on PYTHONPATH)")
    ap.add_argument("--only", default="", help="comma-separated attack names")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every attack's size")
    a = ap.parse_args()
    names = [n for n in [*INGEST, *SERVE] if not a.only or n in a.only.split(",")]
    trees = {"branch": ROOT, "baseline": Path(a.baseline)}
    out: dict = {"scale": a.scale, "load_before": os.getloadavg(), "attacks": {}}
    with tempfile.TemporaryDirectory(prefix="lore-attack-") as tmp:
        for name in names:
            home = Path(tmp) / name / "home"
            (home / "c").mkdir(parents=True)
            repo = new_repo(Path(tmp) / name / "repo")
            row: dict = {}
            if name in INGEST:
                INGEST[name](repo, a.scale)
                for label, tree in trees.items():
                    row[label] = ingest_peak(tree, repo, home)
                    if name == "tags":
                        row[label]["run_only"] = ingest_run_only(tree, repo, home)
            else:
                framing, attack = SERVE[name]
                for label, tree in trees.items():
                    row[label] = serve_attack(tree, repo, home, framing, attack, a.scale)
            out["attacks"][name] = row
            print(json.dumps({name: row}), file=sys.stderr, flush=True)
    out["load_after"] = os.getloadavg()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

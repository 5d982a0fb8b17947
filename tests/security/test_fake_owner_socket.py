"""Attack 4: the CLI never checked who served the owner's socket. With the graph in a shared 1777 folder,
or a long graph path and no XDG_RUNTIME_DIR (fallback /tmp/lore-<uid>), another user's fake owner received
the victim's facts and reasons and answered `ok: true, tx: 4242` for writes it never stored.

Now the socket lives in a folder only the user can enter (a squatted fallback is skipped), the lock file must
be the user's own, and a client checks the peer's uid (SO_PEERCRED) before it sends anything. The other user
is a real process running as uid 65534 (when the tests run as root)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import textwrap
from pathlib import Path

import pytest

from .clone import lore_cmd

NOBODY = 65534
SYSTEM_PYTHON = "/usr/bin/python3"

# The attacker's fake owner: takes the lock (if it can), binds the socket, then runs as uid 65534 from
# listen() on, records every byte it is sent, and acknowledges every write with tx 4242.
FAKE_OWNER = textwrap.dedent("""
    import fcntl, json, os, socket, sys
    lock, sock_path, log, uid = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    if lock != "-":
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
        fcntl.flock(fd, fcntl.LOCK_EX)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    if os.path.lexists(sock_path):
        os.unlink(sock_path)
    s.bind(sock_path)
    os.chmod(sock_path, 0o777)
    if os.getuid() != uid:
        os.setgroups([]); os.setgid(uid); os.setuid(uid)
    s.listen(8)
    print("listening", flush=True)
    while True:
        c, _ = s.accept()
        data = c.recv(1 << 20)
        if data:
            with open(log, "ab") as f:
                f.write(data + b"\\n--\\n")
        try:
            c.sendall(json.dumps({"ok": True, "tx": 4242, "instant": "2026-01-01T00:00:00Z",
                                  "asserted": 1, "retracted": 0}).encode() + b"\\n")
        except OSError:
            pass
        c.close()
""")

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not os.access(SYSTEM_PYTHON, os.X_OK),
                                reason="needs root to run the attacker as another uid")


def digest(graph) -> str:
    return hashlib.sha256(os.path.abspath(graph).encode()).hexdigest()[:24]


def start_fake(lock, sock_path, log, *, drop_first: bool):
    """The attacker's process. ``drop_first``: it is uid 65534 from the start (it made its files itself);
    else it binds where only the victim could, and is uid 65534 from listen() on."""
    pre = (lambda: (os.setgroups([]), os.setgid(NOBODY), os.setuid(NOBODY))) if drop_first else None
    p = subprocess.Popen([SYSTEM_PYTHON, "-c", FAKE_OWNER, str(lock), str(sock_path), str(log), str(NOBODY)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=pre)
    line = p.stdout.readline().strip()
    assert line == "listening", p.stderr.read()
    return p


@pytest.fixture
def shared(tmp_path):
    """A folder both users can reach (pytest's own tmp folders are closed to other users)."""
    base = tempfile.mkdtemp(prefix="lore-attack-")
    os.chmod(base, 0o755)
    yield Path(base)
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def request_cleanup():
    """Folders made outside pytest's tmp_path, removed after the test."""
    made: list[Path] = []
    yield made
    for path in made:
        shutil.rmtree(path, ignore_errors=True)


def world_writable(path):
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o1777)
    return path


def test_shared_1777_folder_fake_lock_and_socket(victim, shared):
    team = world_writable(shared / "team")
    graph = team / "team.duckdb"
    log = world_writable(shared / "attacker") / "got.log"
    runtime = world_writable(shared / "tmp")
    env = {"TMPDIR": str(runtime), "XDG_RUNTIME_DIR": ""}
    # The attacker plants the lock beside the graph and a socket in the victim's would-be fallback folder.
    squat = runtime / f"lore-{os.geteuid()}"
    squat.mkdir()
    os.chown(squat, NOBODY, NOBODY)
    squat.chmod(0o777)
    fake = start_fake(f"{graph}.owner", squat / f"{digest(graph)}.sock", log, drop_first=True)
    try:
        rc, out, _, _ = victim.run("--graph", str(graph), "transact", '[[:secret/plan :description "merge in Q3"]]',
                                   "--reason", "confidential", env=env)
        assert rc != 0 and out["error"]["code"] == "unsafe-path", out
        assert out.get("tx") != 4242
    finally:
        fake.kill()
        fake.wait()
    assert not log.exists() or b"secret" not in log.read_bytes()


def test_long_path_without_xdg_runtime_dir_skips_a_squatted_fallback(victim, tmp_path, shared):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    graph = deep / "g.duckdb"
    assert len(str(graph)) > 100
    runtime = world_writable(shared / "tmp")
    env = {"TMPDIR": str(runtime), "XDG_RUNTIME_DIR": ""}
    assert victim.run("--graph", str(graph), "transact", '[[:a/b :description "x"]]', "--reason", "r",
                      env=env)[0] == 0
    # A stale lock of the victim's own (a server ran once); the attacker squats the fallback folder.
    (deep / "g.duckdb.owner").write_text('{"pid": 1}')
    squat = runtime / f"lore-{os.geteuid()}"
    squat.mkdir()
    os.chown(squat, NOBODY, NOBODY)
    squat.chmod(0o777)
    log = world_writable(shared / "attacker") / "got.log"
    fake = start_fake("-", squat / f"{digest(graph)}.sock", log, drop_first=True)
    try:
        rc, out, err, _ = victim.run("--graph", str(graph), "transact", '[[:secret/plan :description "Q3"]]',
                                     "--reason", "confidential", env=env)
        assert rc == 0 and out["ok"] and out["tx"] == 2, (out, err)  # stored in the graph, not by the fake
    finally:
        fake.kill()
        fake.wait()
    assert not log.exists()
    rc, out, _, _ = victim.run("--graph", str(graph), "sql", "SELECT count(*) FROM tx", env=env)
    assert out["rows"] == [[2]]


def test_client_checks_the_peer_uid_before_sending(victim, tmp_path, shared, request_cleanup):
    """Even at the right path in the victim's own private folder, a socket served by another uid gets
    nothing: here the attacker's process bound it while it could and serves it as uid 65534."""
    graph = tmp_path / "g.duckdb"
    # A short private folder of the victim's: pytest's tmp_path under xdist can be too deep for AF_UNIX's
    # 108 bytes, and then the client (rightly) would not look there at all.
    runtime = Path(tempfile.mkdtemp(prefix="lr-"))
    request_cleanup.append(runtime)
    env = {"XDG_RUNTIME_DIR": str(runtime)}
    assert victim.run("--graph", str(graph), "transact", '[[:a/b :description "x"]]', "--reason", "r",
                      env=env)[0] == 0
    (runtime / "lore").mkdir(mode=0o700)
    log = world_writable(shared / "attacker") / "got.log"
    fake = start_fake(f"{graph}.owner", runtime / "lore" / f"{digest(graph)}.sock", log, drop_first=False)
    try:
        rc, out, _, _ = victim.run("--graph", str(graph), "transact", '[[:secret/plan :description "Q3"]]',
                                   "--reason", "confidential", env=env)
        assert rc != 0 and out["error"]["code"] == "owner-not-yours", out
        rc, out, _, _ = victim.run("--graph", str(graph), "query", "[:find ?d :where [?e :description ?d]]",
                                   env=env)
        assert out["error"]["code"] == "owner-not-yours", out
    finally:
        fake.kill()
        fake.wait()
    assert not log.exists()  # not one byte was sent


def test_the_owner_refuses_another_users_client(victim, tmp_path, shared):
    """The other direction: another uid connecting to a real owner gets `forbidden` and nothing else."""
    graph = tmp_path / "g.duckdb"
    runtime = shared / "run"
    runtime.mkdir(mode=0o700)
    env = {**victim.env, "XDG_RUNTIME_DIR": str(runtime)}
    server = subprocess.Popen([*lore_cmd(), "serve", "--graph", str(graph)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    try:
        for line in server.stderr:  # the owner says where it listens once it does
            if "listening on" in line:
                sock_path = line.rsplit("listening on", 1)[1].strip()
                break
        runtime.chmod(0o755)
        (runtime / "lore").chmod(0o755)
        os.chmod(sock_path, 0o777)  # even with every permission opened up, the uid check holds
        probe = textwrap.dedent("""
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(sys.argv[1])
            try:
                s.sendall(b'{"op": "sql", "params": {"sql": "SELECT * FROM facts"}}\\n')
            except BrokenPipeError:
                pass  # the owner answered and hung up before reading anything
            print(s.recv(65536).decode())
        """)
        p = subprocess.run([SYSTEM_PYTHON, "-c", probe, sock_path], capture_output=True, text=True, timeout=60,
                           preexec_fn=lambda: (os.setgroups([]), os.setgid(NOBODY), os.setuid(NOBODY)))
        assert p.stdout.strip(), p.stderr
        reply = json.loads(p.stdout.strip().splitlines()[-1])
        assert reply["ok"] is False and reply["error"]["code"] == "forbidden", (p.stdout, p.stderr)
    finally:
        server.stdin.close()
        server.terminate()
        server.wait(timeout=60)

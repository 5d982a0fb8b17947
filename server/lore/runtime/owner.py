"""One owner per graph.

DuckDB lets one process write a graph file. The first long-running ``lore serve`` on a graph becomes its
*owner*: it holds an exclusive ``flock`` on ``<graph>.owner`` (the kernel drops it when the process dies,
even on ``kill -9``, so a dead owner is taken over without guessing from pids) and listens on a Unix socket
in this user's private runtime folder (``$XDG_RUNTIME_DIR/lore``, else ``$TMPDIR/lore-<uid>``, else
``~/.cache/lore/run``; each must be a real folder of this user's with mode 0700), named from the graph's
absolute path. Every other ``lore`` process on that graph — a CLI command, a second editor's server — sends
its operations there through ``forward`` and gets the reply the owner's ``operations.run`` gave, exactly as
if it had the graph itself.

Wire format: one connection per operation; the client writes one JSON line ``{"op", "params"}``, the
owner answers one JSON line (the operation's reply). Only processes of the same user talk to each other:
the folder is private, the socket is 0600, and each side checks the other's uid (``SO_PEERCRED``) — the
client before it sends anything (SPEC §7). The lock file is never opened through a symlink.
"""

from __future__ import annotations

import _socket  # the C sockets: a client connects, sends and reads one line (socket.py costs a hook 2-4 ms)
import errno
import fcntl
import json
import os
import stat
import struct
import time
from pathlib import Path

from lore.errors import LoreError, error_reply
from lore.store import safefs

# A client (an agent's hook, run at every prompt and edit) imports this module to forward one operation: what
# only the owner side or a failure needs (logging, socket, threading, typing) is imported when first used.
TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover - typing only
    import socket
    from typing import Any, Callable, Iterator


class _Log:
    def __getattr__(self, name: str) -> Any:
        import logging

        return getattr(logging.getLogger("lore"), name)


log = _Log()

MAX_MESSAGE = 64 * 1024 * 1024  # a request or reply line larger than this is refused
STARTUP_WAIT = 10.0  # seconds a client waits for an owner that holds the lock but is not listening yet
_SUN_PATH_MAX = 100  # AF_UNIX paths are limited to 108 bytes; keep a margin

if TYPE_CHECKING:  # pragma: no cover
    Handler = Callable[[str, dict[str, Any]], dict[str, Any]]


# ------------------------------------------------------------------------------------------- paths

def _abs(graph_path: str | os.PathLike[str]) -> str:
    return os.path.abspath(os.fspath(graph_path))


def lock_path(graph_path: str | os.PathLike[str]) -> str:
    return _abs(graph_path) + ".owner"


def _runtime_candidates() -> Iterator[str]:
    """Where owner sockets may live, best first: folders only this user can enter (SPEC §7). Made one at a
    time: the first usable one ends the search."""
    uid = os.geteuid()
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg and os.path.isabs(xdg):
        yield os.path.join(xdg, "lore")
    # The fallback is per user; another user may have made it first to catch our sockets, so it must be
    # ours (checked by _usable_dir) or the next one is taken.
    yield os.path.join(_temp_dir(), f"lore-{uid}")
    yield os.path.join(os.path.expanduser("~"), ".cache", "lore", "run")


def _temp_dir() -> str:
    """``tempfile.gettempdir()`` without importing tempfile (shutil, bz2, lzma, random: 5-10 ms of every hook):
    the first of $TMPDIR, $TEMP, $TMP, /tmp, /var/tmp, /usr/tmp and the working folder where a file can be
    made, tried the way tempfile tries it."""
    candidates = [d for d in (os.getenv(n) for n in ("TMPDIR", "TEMP", "TMP")) if d]
    candidates += ["/tmp", "/var/tmp", "/usr/tmp"]
    try:
        candidates.append(os.getcwd())
    except OSError:
        candidates.append(os.curdir)
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for d in candidates:
        if d != os.curdir:
            d = os.path.abspath(d)
        for _ in range(100):
            name = os.path.join(d, "tmp" + os.urandom(6).hex())
            try:
                fd = os.open(name, flags, 0o600)
                try:
                    try:
                        os.write(fd, b"blat")
                    finally:
                        os.close(fd)
                finally:
                    os.unlink(name)
                return os.fsdecode(d)
            except FileExistsError:
                continue
            except OSError:
                break  # not this folder
    raise FileNotFoundError(f"no usable temporary directory among {candidates}")


def _usable_dir(path: str) -> bool:
    """A real folder owned by this user that others cannot enter (or write)."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() and not st.st_mode & 0o077


def _may_make(path: str) -> bool:
    return not os.path.lexists(path)


def runtime_dir(create: bool = False) -> str | None:
    """The private folder of this user's owner sockets: the first candidate that is usable (or, with
    ``create``, that can be made private). None when there is none (then nothing is forwarded)."""
    for cand in _runtime_candidates():
        if len(cand.encode()) + 30 > 107:  # "/<24 hex>.sock" must fit AF_UNIX's 108 bytes
            continue
        if _usable_dir(cand):
            return cand
        if create and (_may_make(cand) or _owned_open_dir(cand)):
            try:
                safefs.private_dir(cand)
                return cand
            except (LoreError, OSError) as exc:
                log.info("cannot use %s for owner sockets: %s", cand, exc)
    return None


def _owned_open_dir(path: str) -> bool:
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid()


def socket_path(graph_path: str | os.PathLike[str], *, create: bool = False) -> str:
    """The owner's socket: in this user's private runtime folder, named from the graph's absolute path
    (so every process of the user finds it, and no other user can put one there)."""
    try:  # the built-in SHA-256 (3.11; _sha2 from 3.12): hashlib loads OpenSSL first, 4-6 ms of every hook
        from _sha256 import sha256
    except ImportError:
        try:
            from _sha2 import sha256
        except ImportError:
            from hashlib import sha256

    digest = sha256(_abs(graph_path).encode()).hexdigest()[:24]
    base = runtime_dir(create=create)
    if base is None:
        raise LoreError("unsafe-path", "no private folder for owner sockets: $XDG_RUNTIME_DIR/lore, "
                        f"{list(_runtime_candidates())[-2]} and ~/.cache/lore/run are missing, too long or not this "
                        "user's alone")
    return os.path.join(base, f"{digest}.sock")


def _private_dir(path: str) -> None:
    """Create the socket folder 0700 and refuse one that another user could tamper with."""
    try:
        safefs.private_dir(path)
    except LoreError as exc:
        raise LoreError("owner-socket-unsafe", exc.message) from None


# ------------------------------------------------------------------------------------------- the lock

class OwnerLock:
    """The exclusive flock that makes a process the graph's owner."""

    def __init__(self, graph_path: str | os.PathLike[str]) -> None:
        self.path = lock_path(graph_path)
        self.fd: int | None = None

    def _open(self) -> int:
        # A cloned repository may commit <graph>.owner as a symlink to a file of the user's, and another
        # user may plant one in a shared folder: never follow one, never write into another user's file.
        safefs.ensure_dir(Path(self.path).parent)
        fd = safefs.open_file(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        if os.fstat(fd).st_uid != os.geteuid():
            os.close(fd)
            raise safefs.unsafe(self.path, "the owner lock belongs to another user")
        return fd

    def try_acquire(self) -> bool:
        if self.fd is not None:
            return True
        fd = self._open()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            raise
        self._took(fd)
        return True

    def acquire(self) -> None:
        """Block until this process owns the graph (a standby server waits here for the owner to die)."""
        if self.fd is not None:
            return
        fd = self._open()
        fcntl.flock(fd, fcntl.LOCK_EX)
        self._took(fd)

    def _took(self, fd: int) -> None:
        self.fd = fd
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps({"pid": os.getpid()}).encode(), 0)

    def release(self) -> None:
        if self.fd is not None:
            try:
                os.ftruncate(self.fd, 0)
            except OSError:
                pass
            os.close(self.fd)  # closing drops the flock
            self.fd = None


def _open_lock_file(path: str) -> int:
    """The owner lock, for reading: a regular file or an OSError. O_NONBLOCK: a FIFO planted there (an
    unpacked archive) would block the open until a writer came, and every command with it."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, "not a regular file", path)
    return fd


def owner_alive(graph_path: str | os.PathLike[str]) -> bool:
    """Whether some process holds the graph's owner lock (checked without taking it for long)."""
    path = lock_path(graph_path)
    try:
        fd = _open_lock_file(path)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # also drops the shared lock if we got it
    return False


def owner_pid(graph_path: str | os.PathLike[str]) -> int | None:
    try:
        fd = _open_lock_file(lock_path(graph_path))
        with os.fdopen(fd, "rb") as f:
            return int(json.loads(f.read(4096).decode() or "{}").get("pid"))
    except (OSError, ValueError, TypeError, AttributeError):
        return None


# ------------------------------------------------------------------------------------------- wire

def _read_line(conn: _socket.socket) -> bytes | None:
    """One newline-terminated message; None on EOF before the newline."""
    chunks: list[bytes] = []
    size = 0
    while True:
        data = conn.recv(65536)
        if not data:
            return None
        nl = data.find(b"\n")
        if nl >= 0:
            chunks.append(data[:nl])
            return b"".join(chunks)
        chunks.append(data)
        size += len(data)
        if size > MAX_MESSAGE:
            raise LoreError("message-too-large", f"a message over {MAX_MESSAGE} bytes was refused")


def _send(conn: _socket.socket, obj: dict[str, Any]) -> None:
    conn.sendall(json.dumps(obj, ensure_ascii=False, default=str).encode("utf-8", "surrogatepass") + b"\n")


def _peer_uid(conn: _socket.socket) -> int | None:
    so_peercred = getattr(_socket, "SO_PEERCRED", None)
    if so_peercred is None:  # not Linux: the socket's 0600 mode is the wall
        return None
    creds = conn.getsockopt(_socket.SOL_SOCKET, so_peercred, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    return uid


# ------------------------------------------------------------------------------------------- owner side

class OwnerSocket:
    """The owner's listening socket: each connection carries one operation to ``handler``."""

    def __init__(self, graph_path: str | os.PathLike[str], handler: Handler) -> None:
        self.path = socket_path(graph_path, create=True)
        self.handler = handler
        import threading

        self.sock: socket.socket | None = None
        self._closed = threading.Event()

    def start(self) -> None:
        _private_dir(os.path.dirname(self.path))
        # We hold the owner lock, so a socket file here is a dead owner's: remove it and bind our own.
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        import socket
        import threading

        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)  # the socket is created 0600: no window where others could connect
        try:
            sock.bind(self.path)
        finally:
            os.umask(old)
        os.chmod(self.path, 0o600)
        sock.listen(64)
        self.sock = sock
        threading.Thread(target=self._accept_loop, name="lore-owner-accept", daemon=True).start()
        log.info("owning the graph; listening on %s", self.path)

    def _accept_loop(self) -> None:
        assert self.sock is not None
        while not self._closed.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                if self._closed.is_set():
                    return
                time.sleep(0.05)
                continue
            import threading

            threading.Thread(target=self._serve_one, args=(conn,), name="lore-owner-conn", daemon=True).start()

    def _serve_one(self, conn: socket.socket) -> None:
        with conn:
            try:
                uid = _peer_uid(conn)
                if uid is not None and uid != os.geteuid():
                    _send(conn, error_reply(LoreError("forbidden", "only the graph owner's user may connect")))
                    return
                conn.settimeout(30)
                line = _read_line(conn)
                if line is None:
                    return
                conn.settimeout(None)
                reply = self._dispatch(line)
                _send(conn, reply)
            except LoreError as exc:
                try:
                    _send(conn, error_reply(exc))
                except OSError:
                    pass
            except OSError as exc:  # the client went away: nothing to answer
                log.info("forwarding connection dropped: %s", exc)

    def _dispatch(self, line: bytes) -> dict[str, Any]:
        try:
            msg = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            return error_reply(LoreError("bad-message", f"the forwarded request is not JSON: {exc}"))
        if not isinstance(msg, dict) or not isinstance(msg.get("op"), str):
            return error_reply(LoreError("bad-message", 'a forwarded request is {"op": NAME, "params": {...}}'))
        params = msg.get("params")
        if params is None:
            params = {}
        if not isinstance(params, dict):
            return error_reply(LoreError("bad-params", f"params for {msg['op']} must be an object"))
        try:
            return self.handler(msg["op"], params)
        except Exception as exc:  # the owner keeps serving whatever one request does
            log.exception("forwarded %s failed", msg["op"])
            return error_reply(LoreError("internal", f"{type(exc).__name__}: {exc}"))

    def close(self) -> None:
        self._closed.set()
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None
            try:
                os.unlink(self.path)
            except OSError:
                pass


# ------------------------------------------------------------------------------------------- client side

_PATH_PARAMS = ("repo", "path", "file")


def _absolutise(params: dict[str, Any]) -> dict[str, Any]:
    """Paths a user typed are relative to *their* folder, not the owner's: make them absolute."""
    out = dict(params)
    for key in _PATH_PARAMS:
        v = out.get(key)
        if isinstance(v, str) and v and not v.startswith(("/", "file:")):
            out[key] = os.path.abspath(v)
    return out


def _is_write(op: str) -> bool:
    from lore import operations

    operations.load_features()
    return op in operations.WRITES


def forward(graph_path: str | os.PathLike[str], op: str, params: dict[str, Any],
            timeout: float | None = None) -> dict[str, Any] | None:
    """Send one operation to the graph's owner and return its reply; None when no process owns the
    graph (the caller then opens the graph itself)."""
    lock = lock_path(graph_path)
    try:
        lock_st = os.lstat(lock)
    except OSError:
        return None  # no server ever owned this graph: the fast path for plain CLI use
    if stat.S_ISLNK(lock_st.st_mode) or lock_st.st_uid != os.geteuid():
        return error_reply(safefs.unsafe(lock, "the owner lock is a symlink or another user's file; remove it "
                                         "if no server of yours runs on this graph"))
    try:
        sock_path = socket_path(graph_path)
    except LoreError:
        return None  # no private socket folder exists, so no owner of this user's listens: do it here
    request = {"op": op, "params": _absolutise(params) if isinstance(params, dict) else params}
    deadline = time.monotonic() + STARTUP_WAIT
    attempts = 0
    while True:
        conn = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
        try:
            conn.connect(sock_path)
        except (FileNotFoundError, ConnectionRefusedError):
            conn.close()
            if not owner_alive(graph_path):
                return None  # stale socket of a dead owner, or none: do it ourselves
            if time.monotonic() > deadline:
                return error_reply(LoreError(
                    "owner-unreachable",
                    f"process {owner_pid(graph_path)} owns {graph_path} but does not answer on {sock_path}"))
            time.sleep(0.02)  # the owner is starting and not listening yet
            continue
        except OSError as exc:
            conn.close()
            return error_reply(LoreError("owner-unreachable", f"cannot reach the graph's owner: {exc}"))
        peer = _peer_uid(conn)
        if peer is not None and peer != os.geteuid():
            # Someone else's process at the other end: it gets nothing, not even the operation's name.
            conn.close()
            return error_reply(LoreError("owner-not-yours", f"the socket {sock_path} of the graph's owner is served "
                                         f"by uid {peer}, not by this user ({os.geteuid()}); nothing was sent"))
        try:
            if timeout is not None:
                conn.settimeout(timeout)
            _send(conn, request)
            line = _read_line(conn)
        except (OSError, LoreError) as exc:
            line = None
            log.info("owner connection failed: %s", exc)
        finally:
            conn.close()
        if line is not None:
            try:
                reply = json.loads(line.decode("utf-8"))
            except ValueError as exc:
                return error_reply(LoreError("owner-bad-reply", f"the owner's reply is not JSON: {exc}"))
            return reply if isinstance(reply, dict) else error_reply(
                LoreError("owner-bad-reply", "the owner's reply is not an object"))
        # The owner went away mid-request. A read is safe to run again (here or at a new owner); a write
        # may or may not have committed, and running it twice would record it twice.
        if _is_write(op):
            return error_reply(LoreError(
                "owner-lost",
                f"the process that owned {graph_path} stopped while handling this {op}; it may or may not "
                "have been committed (check with `lore history`), nothing committed is lost"))
        attempts += 1
        if attempts > 3:
            return error_reply(LoreError("owner-lost", "the graph's owner keeps dropping the connection"))
        time.sleep(0.05)

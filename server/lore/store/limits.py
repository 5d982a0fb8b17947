"""The bounds every read statement runs under (SPEC §7): a time limit, and caps on a result's rows and bytes.

Defaults, each overridable by an environment variable read when a statement starts:

- ``LORE_QUERY_TIMEOUT`` seconds (default 30): past it the statement is interrupted (``con.interrupt()``
  from the watchdog thread), its connection stays usable, and the caller gets error ``timeout``;
- ``LORE_MAX_RESULT_ROWS`` (default 100 000) and ``LORE_MAX_RESULT_BYTES`` (default 64 MiB, counted
  as the result's values' text): a result over either is error ``too-large`` (never silently cut; a
  Datalog query that wants the first N rows says ``:max-results N``).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from lore.errors import LoreError

log = logging.getLogger("lore")

DEFAULT_TIMEOUT_S = 30.0
DEFAULT_MAX_ROWS = 100_000
DEFAULT_MAX_BYTES = 64 * 1024 * 1024


def _env_number(name: str, default: float, cast: type) -> Any:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return cast(default)
    try:
        value = cast(float(raw))
    except ValueError:
        log.warning("%s=%r is not a number; using %s", name, raw, default)
        return cast(default)
    if value <= 0:
        log.warning("%s=%r must be positive; using %s", name, raw, default)
        return cast(default)
    return value


def query_timeout() -> float:
    return _env_number("LORE_QUERY_TIMEOUT", DEFAULT_TIMEOUT_S, float)


def max_rows() -> int:
    return _env_number("LORE_MAX_RESULT_ROWS", DEFAULT_MAX_ROWS, int)


def max_bytes() -> int:
    return _env_number("LORE_MAX_RESULT_BYTES", DEFAULT_MAX_BYTES, int)


def timeout_error(seconds: float) -> LoreError:
    return LoreError("timeout", f"the statement ran longer than {seconds:g} s and was stopped "
                                f"(LORE_QUERY_TIMEOUT sets the limit)")


def too_large(what: str) -> LoreError:
    return LoreError("too-large", f"the result has more than {what}; narrow the query "
                                  f"(LORE_MAX_RESULT_ROWS / LORE_MAX_RESULT_BYTES set the caps)")


def fetch_bounded(cur: Any, rows_cap: int | None = None, bytes_cap: int | None = None,
                  batch: int = 2048) -> list[tuple]:
    """Fetch a result in batches, stopping with ``too-large`` as soon as it passes a cap (so a huge result
    is never held whole in memory). A result stopped early is ended (``end_result``), never left half-read."""
    rows_cap = max_rows() if rows_cap is None else rows_cap
    bytes_cap = max_bytes() if bytes_cap is None else bytes_cap
    out: list[tuple] = []
    size = 0
    try:
        while True:
            chunk = cur.fetchmany(batch)
            if not chunk:
                return out
            out.extend(chunk)
            if len(out) > rows_cap:
                raise too_large(f"{rows_cap} rows")
            for r in chunk:
                for v in r:
                    size += _size(v)
            if size > bytes_cap:
                raise too_large(f"{bytes_cap} bytes")
    except BaseException:
        end_result(cur)
        raise


def end_result(cur: Any) -> None:
    """End a result read only in part, without reading the rest: the connection runs a trivial statement
    to its end. A half-read result keeps its autocommit transaction open, and on a server thread that
    then idles it makes every CHECKPOINT fail (the checkpoint stall, DESIGN-CHOICES; lore.sqlfile.first_row
    is the single-row side of it). A wrapper without ``execute`` (readonly_sql's limit) is ended by its
    caller's ROLLBACK."""
    run = getattr(cur, "execute", None)
    if run is None:
        return
    try:
        run("SELECT 1").fetchall()
    except Exception:  # noqa: BLE001 - an interrupted or closed connection has no result left to end
        pass


def _size(v: Any) -> int:
    if v is None or isinstance(v, bool):
        return 4
    if isinstance(v, (str, bytes)):
        return len(v)
    if isinstance(v, (list, tuple)):
        return 2 + sum(_size(x) for x in v)
    if isinstance(v, dict):
        return 2 + sum(len(str(k)) + _size(x) for k, x in v.items())
    return 8


class _Watchdog:
    """One daemon thread per process that interrupts connections whose statement ran out of time
    (starting a timer thread per statement would cost about a millisecond each)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)  # notified when a statement starts or ends
        self.wake = threading.Event()
        self.pending: dict[int, "Deadline"] = {}
        self.thread: threading.Thread | None = None

    def add(self, d: "Deadline") -> None:
        with self.lock:
            self.pending[id(d)] = d
            self.changed.notify_all()
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="lore-query-watchdog", daemon=True)
                self.thread.start()

    def remove(self, d: "Deadline") -> None:
        with self.lock:
            self.pending.pop(id(d), None)
            self.changed.notify_all()

    def _run(self) -> None:
        while True:
            self.wake.wait(0.05)
            now = time.monotonic()
            with self.lock:
                due = [d for d in self.pending.values() if d.at <= now]
                for d in due:
                    self.pending.pop(id(d), None)
            for d in due:
                d.fire()


_WATCHDOG = _Watchdog()


def interrupt_all() -> None:
    """Stop every statement running under a Deadline now (a server shutting down)."""
    with _WATCHDOG.lock:
        pending = list(_WATCHDOG.pending.values())
        _WATCHDOG.pending.clear()
    for d in pending:
        d.fire("shutting-down")


def running() -> int:
    """How many statements are running under a Deadline now."""
    with _WATCHDOG.lock:
        return len(_WATCHDOG.pending)


def wait_running(n: int, timeout: float) -> bool:
    """Block until at least ``n`` statements run under a Deadline (for status and tests)."""
    with _WATCHDOG.changed:
        return _WATCHDOG.changed.wait_for(lambda: len(_WATCHDOG.pending) >= n, timeout)


class Deadline:
    """``with Deadline(con, seconds):`` interrupts ``con`` when the time is up (DuckDB checks for
    interrupts while it runs); ``fired`` tells afterwards whether it did."""

    def __init__(self, con: Any, timeout: float | None = None) -> None:
        self.con = con
        self.seconds = query_timeout() if timeout is None else float(timeout)
        self.fired = False
        self.reason = "timeout"
        self.at = time.monotonic() + self.seconds

    def error(self) -> LoreError:
        if self.reason == "shutting-down":
            return LoreError("shutting-down", "the server is shutting down; the statement was stopped")
        return timeout_error(self.seconds)

    def fire(self, reason: str = "timeout") -> None:
        self.reason = reason
        self.fired = True
        try:
            self.con.interrupt()
        except Exception:  # noqa: BLE001 - the connection may already be done
            pass

    def __enter__(self) -> "Deadline":
        _WATCHDOG.add(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _WATCHDOG.remove(self)

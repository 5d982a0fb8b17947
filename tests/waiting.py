"""Waiting in tests for what another thread or process brings about: each wait polls a condition until it
holds, with a generous safety net (a loaded 2-core CI machine is slow), never a fixed sleep standing for it."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable


async def wait_for(pred: Callable[[], Any], timeout: float = 90.0, what: str = "condition") -> Any:
    """Poll ``pred`` (plain or async) until it returns something truthy: what a server tells arrives as
    notifications, or is asked for with requests."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def wait_until(pred: Callable[[], Any], timeout: float = 90.0, what: str = "condition") -> Any:
    """``wait_for`` without an event loop: another thread's or process's state (a scheduler's batch, a
    socket, an owner lock, a background ingest) shows only when looked at."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")

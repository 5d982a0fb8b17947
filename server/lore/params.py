"""Typed getters for an operation's JSON params: each returns the value as its type or raises ``bad-params``
with a message that names the parameter, so operations never hand-write the same checks."""

from __future__ import annotations

from typing import Any

from lore.errors import LoreError


def text(params: dict[str, Any], key: str) -> str:
    """A required string."""
    v = params.get(key)
    if v is None:
        raise LoreError("bad-params", f"missing parameter {key!r}")
    if not isinstance(v, str):
        raise LoreError("bad-params", f"parameter {key!r} must be a string")
    return v


def optional_text(params: dict[str, Any], key: str) -> str | None:
    """A string, or None when absent."""
    return None if params.get(key) is None else text(params, key)


def flag(params: dict[str, Any], key: str, default: bool = False) -> bool:
    """true or false, ``default`` when absent."""
    v = params.get(key, default)
    if v is None:
        return default
    if not isinstance(v, bool):
        raise LoreError("bad-params", f"parameter {key!r} must be true or false")
    return v


def number(params: dict[str, Any], key: str, default: float, *, low: float | None = None,
           high: float | None = None) -> float:
    """A number (not a boolean) within [low, high], ``default`` when absent."""
    v = params.get(key, default)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise LoreError("bad-params", f"parameter {key!r} must be a number")
    if (low is not None and v < low) or (high is not None and v > high):
        raise LoreError("bad-params", f"parameter {key!r} must be between {low} and {high}")
    return float(v)

"""Typed getters for an operation's JSON params: each returns the value as its type or raises ``bad-params``
with a message that names the parameter (``parameter 'limit' must be a positive integer``), so operations
never hand-write the same checks. ``what`` says what a valid value is, when "a string" is not enough."""

from __future__ import annotations

from typing import Any

from lore.errors import LoreError


def _bad(key: str, what: str) -> LoreError:
    return LoreError("bad-params", f"parameter {key!r} must be {what}")


def text(params: dict[str, Any], key: str, *, what: str = "a string") -> str:
    """A required string."""
    v = params.get(key)
    if v is None:
        raise LoreError("bad-params", f"missing parameter {key!r}")
    if not isinstance(v, str):
        raise _bad(key, what)
    return v


def optional_text(params: dict[str, Any], key: str, *, what: str = "a string", non_empty: bool = False) -> str | None:
    """A string, or None when absent; ``non_empty``: blank text is refused too."""
    v = params.get(key)
    if v is None:
        return None
    if not isinstance(v, str) or (non_empty and not v.strip()):
        raise _bad(key, what)
    return v


def flag(params: dict[str, Any], key: str, default: bool = False) -> bool:
    """true or false, ``default`` when absent."""
    v = params.get(key, default)
    if v is None:
        return default
    if not isinstance(v, bool):
        raise _bad(key, "true or false")
    return v


def number(params: dict[str, Any], key: str, default: float, *, low: float | None = None,
           high: float | None = None) -> float:
    """A number (not a boolean) within [low, high], ``default`` when absent."""
    v = params.get(key, default)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise _bad(key, "a number")
    if (low is not None and v < low) or (high is not None and v > high):
        raise _bad(key, f"between {low} and {high}")
    return float(v)


def positive_number(params: dict[str, Any], key: str, *, what: str = "a positive number") -> float | None:
    """A number above 0 (not a boolean), or None when absent."""
    v = params.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
        raise _bad(key, what)
    return v


def integer(params: dict[str, Any], key: str, default: int | None = None, *, low: int | None = None,
            what: str = "an integer") -> int | None:
    """An integer (not a boolean) of at least ``low``, ``default`` when absent."""
    v = params.get(key, default)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, int) or (low is not None and v < low):
        raise _bad(key, what)
    return v

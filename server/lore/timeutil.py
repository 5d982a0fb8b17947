"""Instants: parsing user timestamps and the integer microseconds the store keeps.

The store keeps every instant (valid time, transaction instant, instant values) as microseconds since the
Unix epoch in UTC: integers compare and index fast and need no time-zone extension in DuckDB.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from lore.errors import LoreError

# Open end of a valid-time interval ("until further notice"). Larger than any real instant.
FOREVER = 2**62
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_RFC3339 = re.compile(
    r"^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$"
)


def parse_instant(text: str, *, what: str = "timestamp") -> int:
    """``YYYY-MM-DD`` (midnight UTC) or RFC 3339 with ``Z`` or an offset -> UTC microseconds."""
    if not isinstance(text, str):
        raise LoreError("bad-timestamp", f"{what} must be a string, got {type(text).__name__}")
    s = text.strip()
    try:
        if _DATE.match(s):
            d = datetime.strptime(s, "%Y-%m-%d").replace(tzinfo=timezone.utc)
            return to_micros(d)
        m = _RFC3339.match(s)
        if m:
            date, hh, mm, ss, frac, zone = m.groups()
            base = datetime.strptime(f"{date} {hh}:{mm}:{ss or '00'}", "%Y-%m-%d %H:%M:%S")
            if frac:
                base = base.replace(microsecond=int((frac[1:] + "000000")[:6]))
            if zone in ("Z", "z"):
                tz = timezone.utc
            else:
                sign = 1 if zone[0] == "+" else -1
                digits = zone[1:].replace(":", "")
                tz = timezone(sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))
            return to_micros(base.replace(tzinfo=tz))
    except ValueError as exc:
        raise LoreError("bad-timestamp", f"{what} {text!r} is not a valid date or time: {exc}") from None
    raise LoreError(
        "bad-timestamp",
        f"{what} {text!r} is not YYYY-MM-DD or RFC 3339 with Z or an offset (e.g. 2024-01-15T10:00:00Z)",
    )


def to_micros(d: datetime) -> int:
    if d.tzinfo is None:
        d = d.replace(tzinfo=timezone.utc)
    delta = d - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_micros(us: int) -> datetime:
    return EPOCH + timedelta(microseconds=us)


def format_instant(us: int | None) -> str | None:
    """UTC microseconds -> RFC 3339 (``2024-01-15T10:00:00Z``); ``None`` for the open end."""
    if us is None or us >= FOREVER:
        return None
    d = from_micros(us)
    # Not strftime: glibc's %Y drops the leading zeros of years before 1000 ("999-01-01").
    text = f"{d.year:04d}-{d.month:02d}-{d.day:02d}T{d.hour:02d}:{d.minute:02d}:{d.second:02d}"
    return f"{text}.{d.microsecond:06d}Z" if d.microsecond else f"{text}Z"


def now_micros() -> int:
    return to_micros(datetime.now(timezone.utc))

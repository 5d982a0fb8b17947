"""Valid-time timelines: sorted, disjoint, half-open intervals [from, to)."""

from __future__ import annotations

Interval = tuple[int, int]


def union(timeline: list[Interval], add: Interval) -> list[Interval]:
    """Add an interval, merging overlapping and touching neighbours."""
    lo, hi = add
    out: list[Interval] = []
    placed = False
    for a, b in timeline:
        if b < lo:
            out.append((a, b))
        elif a > hi:
            if not placed:
                out.append((lo, hi))
                placed = True
            out.append((a, b))
        else:  # overlaps or touches
            lo, hi = min(lo, a), max(hi, b)
    if not placed:
        out.append((lo, hi))
    return out


def subtract(timeline: list[Interval], cut: Interval) -> list[Interval]:
    lo, hi = cut
    out: list[Interval] = []
    for a, b in timeline:
        if b <= lo or a >= hi:
            out.append((a, b))
            continue
        if a < lo:
            out.append((a, lo))
        if b > hi:
            out.append((hi, b))
    return out


def overlaps(timeline: list[Interval], window: Interval) -> bool:
    lo, hi = window
    return any(a < hi and b > lo for a, b in timeline)

"""The edits that turn one version of a file's text into the next, as ``Tree.edit`` takes them.

One edit (the common prefix and suffix kept, what lies between replaced) marks everything between a file's
first and last change as edited: tree-sitter then reparses it and reuses none of its subtrees, so two
changes far apart cost nearly a fresh parse and every top-level item between them is extracted again (on
rust-analyzer's history that middle held a third of all bytes, the changed lines a twentieth). So a long
middle is diffed by lines (lines unique to both sides, the longest run of them in order, widened over the
equal lines around them) and each changed stretch is its own edit.
"""

from __future__ import annotations

Point = tuple[int, int]
Edit = tuple[int, int, int, Point, Point, Point]  # start, old end, new end bytes, then the same as points

LINE_DIFF_MIN = 2048  # a middle shorter than this (on either side) stays one edit


def point(data: bytes, byte: int) -> Point:
    row = data.count(b"\n", 0, byte)
    return row, byte - (data.rfind(b"\n", 0, byte) + 1)


def _common(old: bytes, new: bytes) -> tuple[int, int, int]:
    """The common prefix's length, and where the common suffix starts in ``old`` and in ``new``."""
    n = min(len(old), len(new))
    lo, hi = 0, n
    while lo < hi:  # the longest common prefix, by halving (slice comparisons run at memcmp speed)
        m = (lo + hi + 1) // 2
        if old[:m] == new[:m]:
            lo = m
        else:
            hi = m - 1
    start = lo
    lo, hi = 0, n - start
    lo_old, lo_new = len(old), len(new)
    while lo < hi:
        m = (lo + hi + 1) // 2
        if old[lo_old - m:] == new[lo_new - m:]:
            lo = m
        else:
            hi = m - 1
    return start, lo_old - lo, lo_new - lo


def text_edit(old: bytes, new: bytes) -> Edit:
    """The one edit that turns ``old`` into ``new``: their common prefix and suffix kept, what lies between
    replaced (``Tree.edit``'s arguments: start, old end, new end bytes, then the same as points)."""
    start, old_end, new_end = _common(old, new)
    return start, old_end, new_end, point(old, start), point(old, old_end), point(new, new_end)


def text_edits(old: bytes, new: bytes) -> list[Edit]:
    """Edits that turn ``old`` into ``new``, to be applied in the order given (the last change first, so
    each one's offsets are ``old``'s): ``text_edit``'s one edit, split where a long middle has equal lines."""
    start, old_end, new_end = _common(old, new)
    hunks: list[tuple[int, int, int, int]] = []
    if old_end - start >= LINE_DIFF_MIN and new_end - start >= LINE_DIFF_MIN:
        _hunks(old, new, start, old_end, start, new_end, hunks)
    if len(hunks) < 2:
        return [(start, old_end, new_end, point(old, start), point(old, old_end), point(new, new_end))]
    edits: list[Edit] = []
    for os_, oe, ns, ne in reversed(hunks):
        sp = point(old, os_)
        seg = new[ns:ne]
        rows = seg.count(b"\n")
        np_ = (sp[0] + rows, len(seg) - seg.rfind(b"\n") - 1) if rows else (sp[0], sp[1] + len(seg))
        edits.append((os_, oe, os_ + len(seg), sp, point(old, oe), np_))
    return edits


def _prefix_len(x: bytes, xs: int, xe: int, y: bytes, ys: int, ye: int) -> int:
    """How many bytes ``x[xs:xe]`` and ``y[ys:ye]`` have in common at their start (galloping, then
    halving: slice comparisons run at memcmp speed, and cost about the common length)."""
    n = min(xe - xs, ye - ys)
    lo, step = 0, 64
    while lo < n:
        m = min(n, lo + step)
        if x[xs + lo:xs + m] != y[ys + lo:ys + m]:
            n = m - 1  # the first difference lies in [lo, m)
            break
        lo, step = m, step * 2
    hi = n
    while lo < hi:
        m = (lo + hi + 1) // 2
        if x[xs:xs + m] == y[ys:ys + m]:
            lo = m
        else:
            hi = m - 1
    return lo


def _suffix_len(x: bytes, xs: int, xe: int, y: bytes, ys: int, ye: int) -> int:
    """How many bytes ``x[xs:xe]`` and ``y[ys:ye]`` have in common at their end."""
    n = min(xe - xs, ye - ys)
    lo, step = 0, 64
    while lo < n:
        m = min(n, lo + step)
        if x[xe - m:xe - lo] != y[ye - m:ye - lo]:
            n = m - 1
            break
        lo, step = m, step * 2
    hi = n
    while lo < hi:
        m = (lo + hi + 1) // 2
        if x[xe - m:xe] == y[ye - m:ye]:
            lo = m
        else:
            hi = m - 1
    return lo


MAX_DEPTH = 6  # at most 2**6 changed stretches per version
MIN_PROBE = 24  # a line shorter than this ("}", a blank line) is no anchor
MIN_BLOCK = 256  # an equal stretch shorter than this is not worth its own edit


def _hunks(old: bytes, new: bytes, os_: int, oe: int, ns: int, ne: int, out: list[tuple[int, int, int, int]],
           depth: int = 0) -> None:
    """Append, in order, the changed stretches (old start, old end, new start, new end) of ``old[os_:oe]``
    and ``new[ns:ne]``, which differ at both ends: a line found once in each (near the middle, a quarter or
    three quarters in) anchors an equal stretch, widened both ways, and the two sides around it are split
    the same way."""
    if depth < MAX_DEPTH and oe - os_ >= LINE_DIFF_MIN and ne - ns >= LINE_DIFF_MIN:
        for quarter in (2, 1, 3):
            at = old.find(b"\n", os_ + (oe - os_) * quarter // 4, oe)
            for _try in range(8):  # the first line there long enough to be telling
                if at < 0:
                    break
                end = old.find(b"\n", at + 1, oe)
                if end < 0:
                    at = -1
                    break
                if end - at >= MIN_PROBE:
                    break
                at = end
            if at < 0 or end - at < MIN_PROBE:
                continue
            probe = old[at:end + 1]  # the line with the newlines around it
            if old.find(probe, os_, at) >= 0 or old.find(probe, at + 1, oe) >= 0:
                continue
            p = new.find(probe, ns, ne)
            if p < 0 or new.find(probe, p + 1, ne) >= 0:
                continue
            back = _suffix_len(old, os_, at, new, ns, p)
            fwd = _prefix_len(old, at, oe, new, p, ne)
            if back + fwd < MIN_BLOCK:
                continue
            _hunks(old, new, os_, at - back, ns, p - back, out, depth + 1)
            _hunks(old, new, at + fwd, oe, p + fwd, ne, out, depth + 1)
            return
    if oe > os_ or ne > ns:
        out.append((os_, oe, ns, ne))

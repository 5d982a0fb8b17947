"""Definitions renamed in a commit: which vanished definition became which new one (by shape)."""

from __future__ import annotations

import bisect


def match_renames(gone: dict, new: dict) -> list[tuple[str, str, str]]:
    """Definitions that vanished and appeared in one commit with the same shape (see Def.shape_hash): a
    rename, when the pairing is unambiguous. Classes first; the members of a renamed class follow it by
    name (`Store.limit` -> `Repository.limit`); then the rest. A pair is looked for inside each file,
    then across files for definitions of three lines or more (a one-line `X = 0` in another file is
    another definition, not a moved one)."""
    if not gone or not new:
        return []
    gone, new = dict(gone), dict(new)
    links: list[tuple[str, str, str]] = []
    classes = _pair(gone, new, links, only_kind="class")
    if classes:
        # A class's members are found by their qualified names' prefix in a sorted list, not by a pass over
        # every definition per class: a file of thousands of classes renamed at once (a hostile buffer the
        # working layer pairs on every keystroke) cost the product of the two (8,000 classes: a minute).
        order = {e: i for i, e in enumerate(gone)}
        gone_q = sorted((info[3], e) for e, info in gone.items())
        new_q = sorted((info[3], e) for e, info in new.items())
    while classes:  # members of renamed classes (nested classes too) follow their class
        olde_q, newe_q = classes.pop()
        by_rest = {(new[e][0], q[len(newe_q[1]) + 1:]): e for q, e in _under(new_q, newe_q[1]) if e in new}
        for olde in sorted((e for _q, e in _under(gone_q, olde_q[1]) if e in gone), key=order.__getitem__):
            kind, _shape, _path, qname = gone[olde]
            newe = by_rest.get((kind, qname[len(olde_q[1]) + 1:]))
            if newe is not None and newe in new:
                links.append((olde, newe, new[newe][2]))
                if kind == "class":
                    classes.append(((olde, qname), (newe, new[newe][3])))
                del gone[olde], new[newe]
    _pair(gone, new, links)
    return links


def _under(by_qname: list[tuple[str, str]], qname: str) -> list[tuple[str, str]]:
    """The (qualified name, entity) entries of a list sorted by qualified name that are inside ``qname``."""
    prefix = qname + "."
    at = bisect.bisect_left(by_qname, (prefix,))
    end = at
    while end < len(by_qname) and by_qname[end][0].startswith(prefix):
        end += 1
    return by_qname[at:end]


def _pair(gone: dict, new: dict, links: list, only_kind: str | None = None) -> list:
    """Link the unambiguous (kind, shape) pairs, inside a file then across files (multi-line only);
    linked entries leave ``gone``/``new``. Returns [((old, old qname), (new, new qname))]."""
    linked = []
    for across in (False, True):
        olds: dict[tuple, list[str]] = {}
        for e, (kind, shape, path, _q) in gone.items():
            if shape and (only_kind is None or kind == only_kind):
                olds.setdefault((kind, shape) if across else (kind, shape, path), []).append(e)
        news: dict[tuple, list[str]] = {}
        for e, (kind, shape, path, _q, short) in new.items():
            if shape and (only_kind is None or kind == only_kind) and not (across and short):
                news.setdefault((kind, shape) if across else (kind, shape, path), []).append(e)
        for k, es in olds.items():
            cands = news.get(k)
            if len(es) == 1 and cands and len(cands) == 1:
                olde, newe = es[0], cands[0]
                links.append((olde, newe, new[newe][2]))
                linked.append(((olde, gone[olde][3]), (newe, new[newe][3])))
                del gone[olde], new[newe]
    return linked

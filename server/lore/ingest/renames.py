"""Definitions renamed in a commit: which vanished definition became which new one (by shape)."""

from __future__ import annotations


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
    while classes:  # members of renamed classes (nested classes too) follow their class
        olde_q, newe_q = classes.pop()
        by_rest = {(k, q[len(newe_q[1]) + 1:]): e for e, (k, _s, _p, q, _sh) in new.items()
                   if q.startswith(newe_q[1] + ".")}
        for olde, (kind, _shape, _path, qname) in list(gone.items()):
            if not qname.startswith(olde_q[1] + "."):
                continue
            newe = by_rest.get((kind, qname[len(olde_q[1]) + 1:]))
            if newe is not None and newe in new:
                links.append((olde, newe, new[newe][2]))
                if kind == "class":
                    classes.append(((olde, qname), (newe, new[newe][3])))
                del gone[olde], new[newe]
    _pair(gone, new, links)
    return links


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

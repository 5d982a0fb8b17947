"""What a change of mind keeps of the decision it supersedes: the rejections it does not speak of.

"We switch from Redis to memcached" supersedes the decision that chose Redis, whose facts end; that decision
also rejected MySQL, and nothing in the switch allows MySQL again. So each of the old decision's current
``:rejects`` / ``:forbids`` targets passes to the new decision, unless the new one speaks of it:

- it states an edge to it itself (rejects it again, governs it, chooses it; by ident or by name, as the new
  one's edges are made canonical after this), or
- its text (description, rationale, alias) names it: the target's name is a word of the text, or the start
  or end of one ("pyOpenSSL" names :module/openssl) for names of four characters or more, or
- the old decision was nothing but that rejection: its ident is ``no-<name>`` (the name a drop or a rejection
  recorded from the editor gets), so superseding it is about that target.

History keeps the old decision's own rejection, closed at the change (capture.closing_ops); the new one's is
a new fact of this transaction, so ``:as-of`` before the change sees only the old decision's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lore.idents import slug
from lore.store.graph import Op
from lore.store.values import Value

CARRIED = (":rejects", ":forbids")
TEXT_ATTRS = (":description", ":rationale", ":alias")
NOT_ABOUT = (":supersedes", ":entity-type")  # edges that say what the new decision is, not what it is about
MIN_AFFIX = 4  # a shorter name ("os", "re") must be a whole word: inside one it is mostly chance


def _names(target: str) -> str:
    return slug(target.split("/", 1)[1]) if "/" in target else slug(target)


def text_names(text: str, target: str) -> bool:
    """Whether ``text`` names ``target`` (an ident): its slugged name as a word of the slugged text, or as the
    start or end of one when the name is long enough."""
    name = _names(target)
    words = slug(text)
    if re.search(rf"(?:^|-){re.escape(name)}(?:-|$)", words):
        return True
    if len(name.replace("-", "")) < MIN_AFFIX:
        return False
    return re.search(rf"(?:^|-)(?:[a-z0-9]+{re.escape(name)}|{re.escape(name)}[a-z0-9]+)(?:-|$)", words) is not None


def kept(old: str, old_rows: Iterable[tuple[str, str, str]], new: str, new_ops: Iterable[Op]) -> list[Op]:
    """``[new :rejects X]`` / ``[new :forbids X]`` for each rejection of ``old`` (its current (a, vt, v) rows)
    that ``new`` (its ops in this transaction) does not speak of."""
    mine = [op for op in new_ops if op.e == new and op.kind == "add"]
    spoken = {op.value.v for op in mine if op.value.vt == "k" and op.a not in NOT_ABOUT}
    # by name too: the new one's edges are not yet canonical (:dependency/redis becomes the code's :module/redis)
    spoken_names = {_names(v) for v in spoken}
    text = " ".join(op.value.v for op in mine if op.a in TEXT_ATTRS and op.value.vt == "s")
    old_name = old.split("/", 1)[1] if "/" in old else old
    out: list[Op] = []
    for a, vt, v in old_rows:
        if a not in CARRIED or vt != "k" or v in spoken or _names(v) in spoken_names or v == new:
            continue
        if old_name == f"no-{_names(v)}" or text_names(text, v):
            continue
        op = Op("add", new, a, Value("k", v, None))
        if op not in out:
            out.append(op)
    return out

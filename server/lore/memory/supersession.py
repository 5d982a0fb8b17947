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


# ------------------------------------------------------------------ records that name what they replace

# A decision record names itself in its first line ("PEP 622: Structural Pattern Matching", "ADR-0012: Use NATS",
# "# 21. Multi-cluster") and names the records it replaces in its status lines ("Replaces: 216, 245",
# "Supersedes [3. Use X](0003-use-x.md)") or its text ("It replaces PEP 622"). A bare number in a status line is
# a record of the same collection; a bare-numbered heading ("# 21. Multi-cluster", as adr-tools writes it) is an ADR.
_PREFIX = r"(?:PEP|BIP|ADR|RFC|gRFC|KEP|MSC|SE|TIP|EIP|DEC)"
_OWN = re.compile(rf"^\s*(?:#*\s*({_PREFIX})[\s_-]*0*(\d{{1,5}})|#+\s*0*(\d{{1,4}})\s*\.)(?=[\s:.)—–-])", re.I)
# Blanks within the line only, each run of them matched one way: with \s (newlines too) around optional marks, a
# text of blank lines took 10 s at 300 characters (polynomial backtracking: tests/security/test_regex_backtracking.py).
_STATUS = re.compile(r"^[ \t]*(?:[*>-][ \t]*)?(?:\*+[ \t]*)?(?:replaces|supersedes|obsoletes)\b\**[ \t]*:?\**\s*(.+)$",
                     re.I | re.M)
_REF = re.compile(rf"\b({_PREFIX})[\s_-]*0*(\d{{1,5}})\b|(?<![\w.])0*(\d{{1,5}})\b(?![.,]\d)", re.I)
RECORD_REF = re.compile(rf"^\s*{_PREFIX}[\s_-]*0*\d{{1,5}}\s*$", re.I)


def _norm(prefix: str, number: str) -> str:
    return f"{prefix.upper() if prefix.lower() != 'grfc' else 'gRFC'} {int(number)}"


def record_name(text: str) -> str | None:
    """The record's own name from its first line ("PEP 622"), or None when the text opens with no record title."""
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    first = re.sub(r"^\s*\w+:\s*(?=\S)", "", first, count=1) if re.match(r"^\s*(?:user|agent)\s*:", first, re.I) \
        else first
    m = _OWN.match(first)
    if not m:
        return None
    return _norm(m.group(1), m.group(2)) if m.group(1) else _norm("ADR", m.group(3))


def replaced_records(text: str, own: str | None) -> list[str]:
    """The records a record's status lines say it replaces ("Replaces: 216" in PEP 287 is PEP 216)."""
    out: list[str] = []
    prefix = own.split()[0] if own else None
    for line in _STATUS.findall(text):
        for m in _REF.finditer(re.sub(r"\([^)]*\)", " ", line)[:200]):
            name = _norm(m.group(1), m.group(2)) if m.group(1) else (_norm(prefix, m.group(3)) if prefix else None)
            if name and name != own and name not in out:
                out.append(name)
    return out


# "It replaces PEP 622", "a modification and intended replacement of BIP 0021", "proposes to rescind PEP 509",
# "intended to replace [Testnet 4][BIP94]" (a Markdown reference link): the record named with its collection's
# prefix, right after the verb; "does not replace PEP 8" is no replacement.
_REPLACES_IN_TEXT = re.compile(
    rf"(?<![\w-])(not\s+(?:\w+\s+){{0,3}}?|n't\s+(?:\w+\s+){{0,3}}?|never\s+(?:\w+\s+){{0,3}}?)?"
    rf"(?:replaces?|replacing|replacement\s+(?:of|for)|supersedes?|superseding|obsoletes?|rescinds?|rescinding)\s+"
    rf"(?:the\s+)?(?:earlier\s+|previous\s+|older\s+)?(?:\[[^\]\n]{{1,60}}\]\[)?({_PREFIX})[\s_-]*0*(\d{{1,5}})\b", re.I)


def replaced_in_text(text: str, own: str | None) -> list[str]:
    """The records a record's text says it replaces, by name ("It replaces PEP 622": PEP 622)."""
    out: list[str] = []
    for m in _REPLACES_IN_TEXT.finditer(text[:20_000]):
        name = _norm(m.group(2), m.group(3))
        if not m.group(1) and name != own and name not in out:
            out.append(name)
    return out


def names_a_record(phrase: str) -> str | None:
    """"PEP 622" (what "It replaces PEP 622" rejects) as a record's name, else None."""
    m = _REF.search(phrase) if RECORD_REF.match(phrase) else None
    return _norm(m.group(1), m.group(2)) if m and m.group(1) else None

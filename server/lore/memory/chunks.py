"""A memory's text cut into the pieces the sentence encoder embeds one by one.

MiniLM's vector of a whole memory is the mean over all its word pieces: a decision whose description names
its topic in one sentence and whose rationale spends five on something else lies between the two, and a
question about that one sentence finds it 6th to 20th. A vector per piece (the first sentence, which says
what the memory is, and each run of a few sentences after it) keeps each topic's own direction; a memory
scores by its best piece (lore.memory.vectors).
"""

from __future__ import annotations

import re

# a sentence ends at . ! ? or ; followed by a space, or at a line break; "e.g. x" and "v1.2" do not end one
_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z0-9`\"'(\[])|\n+")
PIECE_WORDS = 40  # a piece grows by whole sentences up to about this many words
MAX_PIECES = 12  # a long memory's later sentences ride in its last piece


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _END.split(text) if s and s.strip()]


def chunks(text: str, words: int = PIECE_WORDS, most: int = MAX_PIECES) -> list[str]:
    """The pieces of one memory's text, in order: its first sentence alone, then runs of whole sentences of
    about ``words`` words. A text of one sentence is one piece; no text, no piece."""
    sents = sentences(text)
    if not sents:
        return []
    out = [sents[0]]
    cur: list[str] = []
    n = 0
    for s in sents[1:]:
        w = len(s.split())
        if cur and n + w > words:
            out.append(" ".join(cur))
            cur, n = [], 0
        cur.append(s)
        n += w
    if cur:
        out.append(" ".join(cur))
    if len(out) > most:
        out = out[:most - 1] + [" ".join(out[most - 1:])]
    return out

"""Characters that make repository text read otherwise than it is: C0 and C1 controls, line and paragraph
separators, and the bidirectional controls of Trojan Source (``\\u202e`` makes text read backwards). Where such
text reaches a person or an agent (a hover, a diagnostic, prepare-turn's context) they are shown as ``\\uXXXX``.
The terminal's own escaping (lore.cli.render.printable) keeps newlines and tabs, which a terminal shows as such.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

UNSEEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escape_unseen(text: str, instead: Mapping[str, str] | None = None) -> str:
    """``text`` with each unseen character as ``\\uXXXX``, or as ``instead`` says for that character."""
    subs = instead or {}
    return UNSEEN.sub(lambda m: subs.get(m.group(), f"\\u{ord(m.group()):04x}"), text)

r"""Text from the repository, shown in the editor as the text it is.

Memories a repository's journal brought, commit subjects, authors, docstrings and paths reach hovers (Markdown)
and diagnostics (plain text). In a hover they are shown as text, never as Markdown: an image in them
(``![](https://…)``) was fetched by the editor on hover, a link shown as a fix, a line break followed by
``**Memories**`` made a section of its own. In both, control and bidirectional characters (Trojan Source:
``\u202e`` makes text read backwards) are shown as ``\uXXXX``.
"""

from __future__ import annotations

import re
from typing import Any

from lore.unseen import escape_unseen

_ONE_LINE = {"\n": " ", "\r": " ", "\t": " "}
_KEEP_LINES = {**_ONE_LINE, "\n": "\n"}

# what makes emphasis, code, links, images, HTML and tables; the rest is text wherever it stands once line
# breaks are gone, but at the start of a line (a list item's "- ", "1. ", a heading's "#": mid-line a "#" is
# text, and escaped there Neovim's hover showed every squash-merged subject's "(#2124)" as "(\#2124)")
_MARKDOWN = re.compile(r"([\\`*\[\]<>!|~])")
# an underscore inside a word never starts or ends emphasis (CommonMark): `normalize_encoding` stays as typed
_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
_LINE_START = re.compile(r"^(\s*)([-+=#]|\d+[.)])")
# an entity reference shows as the character it names: "&#x202E;" would be the right-to-left override itself
_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")


def visible(text: Any, keep_newlines: bool = False) -> str:
    """``text`` with control and bidirectional characters as ``\\uXXXX`` (line breaks and tabs as spaces,
    or line breaks kept)."""
    return escape_unseen(str(text), _KEEP_LINES if keep_newlines else _ONE_LINE)


def md_text(text: Any) -> str:
    """Repository text as Markdown that shows exactly that text, on one line."""
    escaped = _ENTITY.sub(r"\\&", _UNDERSCORE.sub(r"\\_", _MARKDOWN.sub(r"\\\1", visible(text))))
    return _LINE_START.sub(lambda m: m.group(1) + "\\" + m.group(2), escaped)


def md_code(text: Any) -> str:
    """Repository text in a code span (a backtick in it would end the span)."""
    return "`" + visible(text).replace("`", "'") + "`"

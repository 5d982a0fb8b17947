"""What a memory's text mentions: file paths and code names, found at boundaries, never as substrings.

Paths are normalised (``./``, ``path:line``, absolute paths inside a known work tree) so they can be
matched exactly against module paths. Names are identifiers of at least 4 characters; dotted names
(``TokenCache.evict``, ``auth.validate_token``; ``Shop::Cart`` read as ``Shop.Cart``, ``Retrofit#create`` as
``Retrofit.create``) are kept whole as qualified names. A plain lowercase English-looking word ("cache", "token") is only taken as a name when the text marks it as code
(backticks, a call ``name(``, or "function"/"method"/"class" next to it), which keeps prose from linking.
"""

from __future__ import annotations

import os
import re
from collections.abc import Container
from dataclasses import dataclass

MIN_NAME = 4

# A path with at least one directory or a file extension; optional :line(:col) suffix.
_PATH = re.compile(
    r"(?<![\w@$-])((?:\.{1,2}/|/)?(?:[\w.@+-]+/)*[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?::\d+(?::\d+)?)?(?![\w/])")
# Identifiers, possibly dotted; boundaries exclude a neighbouring identifier character or dot.
_NAME = re.compile(r"(?<![\w.])([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?![\w])")
_CODE_WORD = re.compile(r"\b(functions?|methods?|class(?:es)?|def|fn|func|callables?)\b", re.I)
_PLAIN = re.compile(r"^[A-Za-z][a-z]*$")  # one English-looking word: "cache", "Token"
_FILE_NAME = re.compile(r"\.(py|js|ts|tsx|jsx|rs|go|java|rb|c|h|cpp|hpp|cs|md|txt|json|toml|yaml|yml)$")


# ``Sinatra::Base``, ``crate::io::Reader``, ``std::vector``: Ruby, Rust, C++ and PHP qualify with ``::`` what
# the extractor's qualified names join with ``.`` (``Sinatra.Base.compile!``); Javadoc, KDoc and Ruby docs name
# a member ``Class#member`` (``Retrofit.Builder#baseUrl``, ``Cart#total``). A ``#`` after a word and before a
# letter only: ``#123``, ``PR#12`` and ``C#`` stay as they are.
_SCOPE = re.compile(r"(?<=\w)(?:::|#)(?=[A-Za-z_])")


def _suffix(text: str, end: int, word: str) -> str:
    """Ruby's ``!`` or ``?`` that ends a method's name (``Base.compile!``, ``valid?``), kept when the name is
    qualified or in backticks — never after a bare word, where it ends a sentence ("is it valid?")."""
    if end < len(text) and text[end] in "!?" and ("." in word or text[end + 1:end + 2] == "`") \
            and not file_shaped(word) \
            and not (end + 1 < len(text) and (text[end + 1].isalnum() or text[end + 1] == "_")):
        return text[end]
    return ""


def _qualify(text: str) -> str:
    return _SCOPE.sub(".", text) if "::" in text or "#" in text else text


@dataclass(frozen=True)
class Name:
    text: str          # as written: "validate_token", "TokenCache.evict"
    marked: bool       # the text marks it as code (backticks, call, "function x")


def normalise_path(raw: str, roots: list[str]) -> str | None:
    p = raw.strip().strip("`'\"()[]<>,;")
    p = re.sub(r":\d+(?::\d+)?$", "", p)
    if not p:
        return None
    if p.startswith("/"):
        for root in roots:
            r = root.rstrip("/") + "/"
            if p.startswith(r):
                p = p[len(r):]
                break
        else:
            return None  # absolute and outside every work tree we know: not a module path
    p = os.path.normpath(p).replace("\\", "/")
    if p.startswith("../") or p == ".." or p == ".":
        return None
    return p


def paths_in(text: str, roots: list[str]) -> list[str]:
    out: list[str] = []
    for m in _PATH.finditer(text):
        raw = m.group(1)
        if "://" in text[max(0, m.start() - 8):m.start() + 3]:
            continue  # part of a URL
        p = normalise_path(raw, roots)
        if p and p not in out:
            out.append(p)
    return out


def names_in(text: str, only: Container[str] | None = None) -> list[Name]:
    """The names ``text`` mentions; ``only``: just those whose last part is one of these (the others are
    not looked at, which is most of the work)."""
    found: dict[str, bool] = {}
    text = _qualify(text)
    for m in _NAME.finditer(text):
        word = m.group(1).rstrip(".")
        end = m.end(1)
        if (mark := _suffix(text, end, word)):
            word, end = word + mark, end + 1
        last = word.rsplit(".", 1)[-1]
        if only is not None and last not in only and last.rstrip("!?") not in only:
            continue
        if len(word.rstrip("!?").replace(".", "")) < MIN_NAME:
            continue
        s, e = m.start(1), end
        before, after = text[max(0, s - 12):s], text[e:e + 12]
        marked = (before.endswith("`") and after.startswith("`")) or after.lstrip().startswith("(") \
            or bool(_CODE_WORD.search(before)) or bool(_CODE_WORD.match(after.strip()))
        found[word] = found.get(word, False) or marked
    return [Name(t, m) for t, m in found.items()]


def names_code(text: str) -> bool:
    """Whether ``text`` names code: ``any(n.marked or "." in n.text or distinctive(n.text) for n in
    names_in(text) if not file_shaped(n.text))`` (a path is not a name of code), stopping at the first such
    name and looking at a name's neighbours (whether it is marked) only when its own letters do not already
    say so (prepare-turn asks it of every question)."""
    for m in _NAME.finditer(_qualify(text)):
        word = m.group(1).rstrip(".")
        if len(word.replace(".", "")) < MIN_NAME:
            continue
        if "." in word:
            if not _FILE_NAME.search(word):
                return True
            continue
        if distinctive(word):
            return True
        s, e = m.start(1), m.end(1)
        before, after = text[max(0, s - 12):s], text[e:e + 12]
        if (before.endswith("`") and after.startswith("`")) or after.lstrip().startswith("(") \
                or _CODE_WORD.search(before) or _CODE_WORD.match(after.strip()):
            return True
    return False


def file_shaped(name: str) -> bool:
    """A dotted name that ends like a file name (``auth.py``, ``package.json``, hono's ``Context.json``)."""
    return "." in name and bool(_FILE_NAME.search(name))


def distinctive(name: str) -> bool:
    """A bare name that cannot be an ordinary English word: snake_case, digits, or an inner capital."""
    return not _PLAIN.match(name)


def name_forms(name: Name) -> tuple[list[str], list[str]]:
    """(qualified forms, bare forms) to look up for one mention."""
    if not name.text.endswith(("!", "?")):
        return _forms(name.text, name.marked)
    # Ruby's ``Base.compile!``, or a sentence's end after a name ("does it call requests.get?"): both readings
    marked, plain = _forms(name.text, name.marked), _forms(name.text[:-1], name.marked)
    return marked[0] + plain[0], marked[1] + plain[1]


def _forms(text: str, marked: bool) -> tuple[list[str], list[str]]:
    parts = text.split(".")
    if len(parts) == 1:
        bare = [text] if (marked or distinctive(text)) else []
        return [], bare
    qualified = [".".join(parts[i:]) for i in range(len(parts) - 1)]  # a.b.c -> a.b.c, b.c
    last = parts[-1]
    # Dotted text shaped like a file name is a path ("auth.py", "package.json") or a member whose name is an
    # extension (hono's ``Context.json``): only a definition of that exact qualified name answers, never
    # every ``json`` of the code.
    bare = [last] if len(last) >= MIN_NAME and not file_shaped(text) else []
    return qualified, bare

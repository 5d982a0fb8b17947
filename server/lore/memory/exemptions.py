"""The folders a rejection leaves out, as people say them (user trial 16, BurntSushi/ripgrep): "We decided against
anyhow in the library crates; … anyhow is fine in the rg binary (crates/core) only" rejects anyhow everywhere but
crates/core. A memory that rejects or forbids something and says a path of the repository is fine or allowed
("X is fine in crates/core", "allowed only in tests/"), or excepts it ("except in crates/core", "outside
crates/pcre2"), gets ``:exempts "<path>"`` for each such path the repository tracks (a file, or a folder: a
prefix of tracked files' paths); rejected_dependency does not warn in a module under one. A path the repository
does not track is not an exemption ("fine in the binary" names no folder). The agent route passes
``[:decision/x :exempts "crates/core"]`` itself."""

from __future__ import annotations

import re
from typing import Callable

MAX_EXEMPTIONS = 10  # per memory
_FINE = r"(?:fine|ok|okay|allowed|permitted|acceptable|tolerated)"
# Where the path is said: the words after one of these (up to MAX_WORDS of them, within the clause)
_EXEMPT = re.compile(
    r"\b(?:(?:(?:is|are|stays?|remains?)\s+(?:still\s+)?)?" + _FINE + r"\s+(?:to\s+use\s+)?(?:only\s+)?"
    r"(?:in|under|within|inside|for)|except\s+(?:in|for|under|within|inside)|outside(?:\s+of)?)\s", re.I)
MAX_WORDS = 6
_PATH = re.compile(r"^(?:\./)?[A-Za-z0-9_][\w.-]{0,100}(?:/[\w.-]{1,100}){0,20}/?$")


def exempted_paths(text: str, tracked: Callable[[str], bool]) -> list[str]:
    """The repository paths ``text`` exempts from its memory's rejection, in order; ``tracked(path)``: whether the
    repository tracks that file or a file under that folder. Of the few words after "fine in", "except in",
    "outside", the first that is a tracked path ("in the rg binary (crates/core)": crates/core)."""
    out: list[str] = []
    text = text[:4000]
    for m in _EXEMPT.finditer(text):
        clause = re.split(r"[;:!?]|\.(?:\s|$)|,\s", text[m.end():m.end() + 300], maxsplit=1)[0]
        for word in clause.split()[:MAX_WORDS]:
            path = normalised(word.strip("()[]`'\""))
            if not path or not _PATH.match(path) or ".." in path.split("/") or path in out:
                continue
            if tracked(path):
                out.append(path)
                break
        if len(out) >= MAX_EXEMPTIONS:
            break
    return out


def normalised(path: str) -> str:
    """A path as an exemption holds it: without a leading ``./`` or a trailing ``/`` (or sentence period)."""
    return path.strip().removeprefix("./").rstrip("/.")

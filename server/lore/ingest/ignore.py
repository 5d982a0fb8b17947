"""Which paths ingestion skips: the defaults, ``LORE_INGEST_IGNORE`` (comma-separated) and ``.loreignore``.

Pattern forms: ``dir/`` skips that directory at any depth; a glob (``*.min.js``) matches the whole path or
the file name; a plain name matches a path component or the whole path; ``!`` (gitignore's negation) is not
supported: such a line is skipped with a warning. Ignored paths get no entities;
imports that would resolve into them are treated as external.
"""

from __future__ import annotations

import fnmatch
import logging
import os
import re
from dataclasses import dataclass, field

log = logging.getLogger("lore")

# .lore/: Lore's own folder (the journal is applied as memories, never ingested as code).
DEFAULT_IGNORE = (".lore/", "3rdParty/", "third_party/", "vendor/", "node_modules/", "dist/", "build/", "*.min.js", "*.map")


# Bounds on what a repository's .loreignore can make ingestion do (it is untrusted input).
MAX_PATTERNS = 50_000
MAX_PATTERN_CHARS = 1_000
_GLOB_CHUNK = 500  # patterns per compiled alternation (one huge regex compiles slowly)


def _literal(text: str) -> bool:
    return not any(c in text for c in "*?[")


class _Globs:
    """Every glob compiled once: ``*literal`` and ``literal*`` as lookups by length, the rest as a few
    alternations of fnmatch's regexes (case-sensitive, like fnmatchcase)."""

    def __init__(self, globs: tuple[str, ...]) -> None:
        self.suffixes: dict[int, set[str]] = {}
        self.prefixes: dict[int, set[str]] = {}
        general: list[str] = []
        for g in globs:
            if g.startswith("*") and _literal(g[1:]):
                self.suffixes.setdefault(len(g) - 1, set()).add(g[1:])
            elif g.endswith("*") and _literal(g[:-1]):
                self.prefixes.setdefault(len(g) - 1, set()).add(g[:-1])
            else:
                general.append(fnmatch.translate(g))
        self.regexes = [re.compile("|".join(general[i:i + _GLOB_CHUNK]))
                        for i in range(0, len(general), _GLOB_CHUNK)]

    def match(self, text: str) -> bool:
        for n, lits in self.suffixes.items():
            if len(text) >= n and text[len(text) - n:] in lits:
                return True
        for n, lits in self.prefixes.items():
            if len(text) >= n and text[:n] in lits:
                return True
        return any(r.match(text) for r in self.regexes)


_END = "/"  # a key no path component can be: a "dir/" pattern ends at this trie node


def _dir_trie(dirs: tuple[str, ...]) -> dict:
    """The "dir/" patterns as a trie of their folder components."""
    root: dict = {}
    for d in dirs:
        node = root
        for part in d[:-1].split("/"):
            node = node.setdefault(part, {})
        node[_END] = {}
    return root


@dataclass
class Ignore:
    dirs: tuple[str, ...] = ()
    globs: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    patterns: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Compiled once per ingestion: a .loreignore of 40,000 globs must not cost 40,000 matches a path.
        self._dirs = _dir_trie(self.dirs)
        self._names = frozenset(self.names)
        self._globs = _Globs(self.globs)

    def __call__(self, path: str) -> bool:
        parts = path.split("/")
        if self._dirs:
            # "d/" matches at any depth: some run of whole folder components of the path is d. Walked
            # component by component from each start (a trie), never by joining every run: a committed path
            # 2,000 folders deep made that cubic, minutes per path (tests/security/test_deep_paths.py).
            folders = len(parts) - 1
            for i in range(folders):
                node = self._dirs
                for j in range(i, folders):
                    child = node.get(parts[j])
                    if child is None:
                        break
                    if _END in child:
                        return True
                    node = child
        if self._globs.match(path) or (len(parts) > 1 and self._globs.match(parts[-1])):
            return True
        return path in self._names or any(p in self._names for p in parts)


def build_ignore(extra_text: str | None = None, env: str | None = None) -> Ignore:
    """The defaults plus ``LORE_INGEST_IGNORE`` plus the lines of a ``.loreignore`` (``#`` comments)."""
    pats = list(DEFAULT_IGNORE)
    env = os.environ.get("LORE_INGEST_IGNORE", "") if env is None else env
    pats += [p.strip() for p in env.split(",") if p.strip()]
    if extra_text:
        for line in extra_text.splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                pats.append(line)
    if len(pats) > MAX_PATTERNS:
        log.warning(".loreignore: %d patterns; only the first %d are used", len(pats), MAX_PATTERNS)
        pats = pats[:MAX_PATTERNS]
    dirs, globs, names = [], [], []
    for p in pats:
        if len(p) > MAX_PATTERN_CHARS:
            log.warning(".loreignore: a pattern of %d characters is skipped", len(p))
            continue
        if p.startswith("!"):
            # gitignore's negation: Lore's patterns only ever skip, so re-including is not possible; said,
            # not read as a file name that matches nothing
            log.warning(".loreignore: %r is skipped: negation ('!') is not supported", p[:100])
            continue
        p = p.lstrip("/") if not p.startswith("*") else p
        if not p:
            continue
        if p.endswith("/"):
            dirs.append(p)
        elif any(c in p for c in "*?["):
            globs.append(p)
        else:
            names.append(p.rstrip("/"))
    return Ignore(tuple(dirs), tuple(globs), tuple(names), pats)

"""Which paths ingestion skips: the defaults, ``LORE_INGEST_IGNORE`` (comma-separated) and ``.loreignore``.

Pattern forms: ``dir/`` skips that directory at any depth; a glob (``*.min.js``) matches the whole path or
the file name; a plain name matches a path component or the whole path. Ignored paths get no entities;
imports that would resolve into them are treated as external.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field

# .lore/: Lore's own folder (the journal is applied as memories, never ingested as code).
DEFAULT_IGNORE = (".lore/", "3rdParty/", "third_party/", "vendor/", "node_modules/", "dist/", "build/", "*.min.js", "*.map")


@dataclass
class Ignore:
    dirs: tuple[str, ...] = ()
    globs: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    patterns: list[str] = field(default_factory=list)

    def __call__(self, path: str) -> bool:
        parts = path.split("/")
        if self.dirs:
            padded = "/" + path
            for d in self.dirs:
                if padded.find("/" + d) >= 0:
                    return True
        base = parts[-1]
        for g in self.globs:
            if fnmatch.fnmatchcase(path, g) or fnmatch.fnmatchcase(base, g):
                return True
        for n in self.names:
            if n == path or n in parts:
                return True
        return False


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
    dirs, globs, names = [], [], []
    for p in pats:
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

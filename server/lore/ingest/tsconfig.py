"""TypeScript's path aliases: what ``compilerOptions.paths`` and ``baseUrl`` of a repository's tsconfig.json (or
jsconfig.json) make of a non-relative import (``@/lib/x`` -> ``src/lib/x.ts``), so ingestion resolves it to the
repository's file instead of taking it for an outside package.

A tsconfig is repository input, so it is read as hostile: only tracked regular files (a symlink's blob is never
followed), at most ``MAX_CONFIG_BYTES`` each, parsed as tsc parses them (comments and trailing commas allowed),
anything malformed ignored (that file gives no aliases), and every target kept only when it stays inside the
repository once normalised. ``extends`` is followed to another tracked ``tsconfig*.json``/``jsconfig*.json`` by a
relative path inside the repository (a package's config, ``@tsconfig/node20``, is not read; an array of them as TypeScript 5 allows),
at most ``MAX_EXTENDS`` configs per project. Nothing here reads a file: the caller hands the blobs' bytes.
"""

from __future__ import annotations

import json
import logging
import posixpath
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable

log = logging.getLogger("lore")

MAX_CONFIG_BYTES = 1_000_000
MAX_PATTERNS = 1_000
MAX_TARGETS = 32
MAX_TEXT = 1_000
MAX_EXTENDS = 8
# The files read: a project's config, and what one extends (tsconfig.base.json, tsconfig.paths.json).
CONFIG_FILE = re.compile(r"^(?:ts|js)config[\w.-]*\.json$")
PROJECT_FILES = ("tsconfig.json", "jsconfig.json")

# A string, a comment (a block comment left open runs to the end, as tsc reads it) or anything else. A string
# left open runs to its line's end (as tsc's scanner reads it; such text is no JSON either way): required to
# close, each quote of a line of escaped quotes (\"\"\"…) scanned the rest of the line again, quadratic (80 KB: 44 s).
_STRING = r'"(?:[^"\\\n]|\\.)*(?:"|(?=\n)|\\?\Z)'
_COMMENTS = re.compile(_STRING + r'|//[^\n]*|/\*(?:[^*]|\*(?!/))*(?:\*/)?', re.S)
_TRAILING_COMMAS = re.compile(_STRING + r'|,(?=\s*[\]}])', re.S)


@dataclass(frozen=True)
class Aliases:
    """One project's aliases, repository-relative: ``base`` the baseUrl's folder ("" the root; None when
    there is none) and ``paths``: (pattern, targets), a target's ``*`` standing for what the pattern's matched."""
    base: str | None
    paths: tuple[tuple[str, tuple[str, ...]], ...]


def parse_jsonc(data: bytes) -> Any:
    """tsconfig's JSON: comments and trailing commas allowed; raises ValueError on anything else malformed."""
    text = data.decode("utf-8", "strict").lstrip("\ufeff")

    def drop_comment(m: re.Match) -> str:
        return m.group(0) if m.group(0).startswith('"') else " "

    text = _COMMENTS.sub(drop_comment, text)
    text = _TRAILING_COMMAS.sub(lambda m: m.group(0) if m.group(0) != "," else "", text)
    try:
        return json.loads(text)
    except RecursionError as exc:  # nesting deeper than the parser's stack
        raise ValueError("nested too deeply") from exc


def _inside(path: str) -> str | None:
    """``path`` normalised, or None when it leaves the repository (absolute, or ``..`` above the root)."""
    if not path or path.startswith("/") or "\\" in path or "\x00" in path or re.match(r"^[A-Za-z]:", path):
        return None
    p = posixpath.normpath(path)
    if p == "..":
        return None
    if p.startswith("../"):
        return None
    return "" if p == "." else p


def _options(cfg: Any) -> dict[str, Any]:
    opts = cfg.get("compilerOptions") if isinstance(cfg, dict) else None
    return opts if isinstance(opts, dict) else {}


def _text(v: Any) -> str | None:
    return v if isinstance(v, str) and 0 < len(v) <= MAX_TEXT else None


def _own(cfg: Any, where: str) -> tuple[str | None, bool, tuple[tuple[str, tuple[str, ...]], ...] | None]:
    """(baseUrl's folder, whether baseUrl was set, paths) that one config sets itself; paths' targets joined to
    the folder they are relative to (baseUrl when set, else the config's own folder, as tsc 4.1+ does)."""
    opts = _options(cfg)
    base_set = "baseUrl" in opts
    base = None
    if base_set:
        raw = _text(opts.get("baseUrl"))
        base = _inside(posixpath.join(where, raw)) if raw is not None else None
    paths = opts.get("paths")
    if not isinstance(paths, dict):
        return base, base_set, None
    root = base if base is not None else (None if base_set else where)
    out = []
    for pattern, targets in list(paths.items())[:MAX_PATTERNS]:
        if _text(pattern) is None or pattern.count("*") > 1 or not isinstance(targets, list):
            continue
        kept = []
        for t in targets[:MAX_TARGETS]:
            t = _text(t)
            if t is None or t.count("*") > 1 or root is None:
                continue
            joined = _inside(posixpath.join(root, t))
            if joined is not None:
                kept.append(joined)
        if kept:
            out.append((pattern, tuple(kept)))
    return base, base_set, tuple(out)


def aliases_of(files: Iterable[tuple[str, str, str]], read: Callable[[str], bytes | None],
               regular: Callable[[str], bool]) -> dict[str, Aliases]:
    """Each project folder's aliases (the folder of a tsconfig.json or jsconfig.json that sets paths or baseUrl,
    itself or through what it extends). ``files``: (path, blob, mode) of the tracked tree; ``read``: a blob's
    bytes (None when missing or larger than MAX_CONFIG_BYTES); ``regular``: the mode is a regular file's."""
    blobs = {p: b for p, b, mode in files if CONFIG_FILE.match(posixpath.basename(p)) and regular(mode)}
    parsed: dict[str, Any] = {}

    def config(path: str) -> Any:
        if path not in parsed:
            parsed[path] = None
            data = read(blobs[path]) if path in blobs else None
            if data is not None and len(data) <= MAX_CONFIG_BYTES:
                try:
                    parsed[path] = parse_jsonc(data)
                except ValueError as exc:  # (UnicodeDecodeError and JSONDecodeError are ValueErrors)
                    log.info("%s is not a tsconfig tsc would read (%s): no path aliases from it", path, exc)
        return parsed[path]

    out: dict[str, Aliases] = {}
    for path in sorted(blobs):
        if posixpath.basename(path) not in PROJECT_FILES:
            continue
        base: str | None = None
        base_found = False
        paths: tuple[tuple[str, tuple[str, ...]], ...] | None = None
        seen: set[str] = set()
        # the config, then what it extends (an array's last entry first, as it overrides the earlier ones),
        # depth first: the nearest setting wins
        todo: list[str] = [path]
        while todo and len(seen) <= MAX_EXTENDS:
            at = todo.pop()
            if at in seen:
                continue
            seen.add(at)
            cfg = config(at)
            if not isinstance(cfg, dict):
                continue
            where = posixpath.dirname(at)
            own_base, own_base_set, own_paths = _own(cfg, where)
            if not base_found and own_base_set:
                base, base_found = own_base, True
            if paths is None and own_paths is not None:
                paths = own_paths
            raw = cfg.get("extends")
            for ext in (raw if isinstance(raw, list) else [raw])[:MAX_EXTENDS]:
                ext = _text(ext)
                if ext is not None and ext.startswith("."):
                    target = _inside(posixpath.join(where, ext))
                    if target is not None:
                        todo.append(target if target.endswith(".json") else target + ".json")
        if base is not None or paths:
            out[posixpath.dirname(path)] = Aliases(base, paths or ())
    return out

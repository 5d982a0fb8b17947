"""The project's name as its package manifests state it (go.mod, Cargo.toml, package.json, pyproject.toml).

A manifest is read only as the graph ingested it: its path and blob are rows of ``ingest_files`` and its text is
that blob, read from the repository the graph was ingested from (``ingest_meta``'s ``repo``) with
``git cat-file`` (never the working tree, which may have moved on). A manifest is a cloned repository's file
and so hostile input: a blob over MAX_MANIFEST_BYTES is not read, text that is not UTF-8, TOML or JSON gives no
name, and a name is kept only when it is one word of [a-z0-9_] (index.project_names checks the rest).
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import threading
from typing import Any

import tomllib

from lore import gitcmd, gomod

log = logging.getLogger("lore")

MANIFESTS = ("go.mod", "Cargo.toml", "package.json", "pyproject.toml")
MAX_MANIFEST_BYTES = 256 * 1024  # a real manifest is a few KB; a bigger blob is not read at all
MAX_MANIFESTS = 8  # manifests read per graph (the root's and those of the few folders holding most code)
GIT_TIMEOUT_S = 5.0
_BLOB = re.compile(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?$")
_NAME = re.compile(r"^[a-z0-9_]{2,60}$")
_GO_MAJOR = re.compile(r"^v[0-9]+$")


def _word(name: Any) -> str | None:
    """A manifest's name as one word (lowercase; '-' and '.' as '_', as Rust and Python import it), else None."""
    if not isinstance(name, str):
        return None
    w = name.strip().lower().replace("-", "_").replace(".", "_")
    return w if _NAME.match(w) else None


def go_name(text: str) -> str | None:
    """go.mod: the module path's last element (``github.com/buildpacks/pack`` → pack; a major-version
    suffix ``…/v2`` is passed over)."""
    path = gomod.module_path(text)
    if path is None or path.startswith("/"):
        return None
    parts = [p for p in path.split("/") if p]
    if len(parts) > 1 and _GO_MAJOR.match(parts[-1]):
        parts.pop()
    return _word(parts[-1]) if parts else None


def cargo_name(text: str) -> str | None:
    """Cargo.toml: ``[package] name`` (a workspace root has none: its members' own manifests name them)."""
    pkg = tomllib.loads(text).get("package")
    return _word(pkg.get("name")) if isinstance(pkg, dict) else None


def npm_name(text: str) -> str | None:
    """package.json: ``name``, its ``@scope/`` stripped."""
    data = json.loads(text)
    name = data.get("name") if isinstance(data, dict) else None
    if isinstance(name, str) and name.startswith("@") and "/" in name:
        name = name.split("/", 1)[1]
    return _word(name)


def pyproject_name(text: str) -> str | None:
    """pyproject.toml: ``[project] name``."""
    project = tomllib.loads(text).get("project")
    return _word(project.get("name")) if isinstance(project, dict) else None


READERS = {"go.mod": go_name, "Cargo.toml": cargo_name, "package.json": npm_name, "pyproject.toml": pyproject_name}


def name_of(kind: str, data: bytes) -> str | None:
    """The project name one manifest states, or None (too big, not UTF-8, malformed, no name, not one word)."""
    reader = READERS.get(kind)
    if reader is None or len(data) > MAX_MANIFEST_BYTES:
        return None
    try:
        return reader(data.decode("utf-8"))
    except (ValueError, RecursionError, AttributeError, TypeError):  # UnicodeDecodeError, TOMLDecodeError, JSON
        return None


def read_blobs(root: str, blobs: list[str]) -> dict[str, bytes]:
    """The named blobs of the repository at ``root`` that are at most MAX_MANIFEST_BYTES (others left out):
    their sizes first (``cat-file --batch-check``), then the small ones' text. Nothing on any failure."""
    blobs = [b for b in dict.fromkeys(blobs) if isinstance(b, str) and _BLOB.match(b)]
    if not blobs or not root or not os.path.isdir(root):
        return {}
    try:
        p = gitcmd.run(root, "cat-file", "--batch-check", input="".join(b + "\n" for b in blobs).encode(),
                       capture_output=True, timeout=GIT_TIMEOUT_S)
        if p.returncode != 0:
            return {}
        small = []
        for line in p.stdout.decode("ascii", "replace").splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] == "blob" and parts[2].isdigit() and int(parts[2]) <= MAX_MANIFEST_BYTES:
                small.append(parts[0])
        out: dict[str, bytes] = {}
        for b in small:
            q = gitcmd.run(root, "cat-file", "blob", b, capture_output=True, timeout=GIT_TIMEOUT_S)
            if q.returncode == 0 and len(q.stdout) <= MAX_MANIFEST_BYTES:
                out[b] = q.stdout
        return out
    except (OSError, subprocess.SubprocessError, ValueError):
        log.debug("manifests of %s could not be read", root, exc_info=True)
        return {}


# (root, the manifests' (path, blob)) -> the names they state: a blob's text never changes, so an ingest that
# moved the code's paths but left the manifests as they were reads no blob again (two git processes, 20-60 ms
# of wall time under load). Bounded: a process sees few repositories.
_NAMES: dict[tuple[str, tuple[tuple[str, str], ...]], frozenset[str]] = {}
_NAMES_LOCK = threading.Lock()
MAX_CACHED = 64


def names(root: str, manifests: list[tuple[str, str]]) -> frozenset[str]:
    """The names the manifests (path, blob) state, read from the repository at ``root`` (once per blobs)."""
    wanted = manifests[:MAX_MANIFESTS]
    key = (root, tuple(wanted))
    with _NAMES_LOCK:
        hit = _NAMES.get(key)
    if hit is not None:
        return hit
    found = _read_names(root, wanted)
    with _NAMES_LOCK:
        if len(_NAMES) >= MAX_CACHED:
            _NAMES.clear()
        _NAMES[key] = found
    return found


def _read_names(root: str, wanted: list[tuple[str, str]]) -> frozenset[str]:
    texts = read_blobs(root, [blob for _, blob in wanted])
    found = set()
    for path, blob in wanted:
        data = texts.get(blob)
        if data is not None:
            name = name_of(path.rsplit("/", 1)[-1], data)
            if name is not None:
                found.add(name)
    return frozenset(found)

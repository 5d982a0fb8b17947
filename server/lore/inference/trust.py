"""Which workspace rules the user let run (SPEC §7): ``lore trust``, or the editor's prompt.

A repository's ``.lore/rules/`` is code from whoever wrote the repository. Like direnv's ``allow`` and an
editor's workspace trust, a rule runs only after the user said so, and the consent names the rule's
content: a changed rule (or a new one) is untrusted again until the user looks at it.

The record lives outside every repository, in ``$XDG_CONFIG_HOME/lore/trust.json`` (else
``~/.config/lore/trust.json``), so a repository cannot ship its own consent::

    {"version": 1, "rules": {"<sha256 of the rule file>": {"paths": ["/abs/.lore/rules/x.sql"], "at": "…"}}}

A rule file is trusted when the hash of its content is recorded for its path. ``LORE_TRUST_RULES=1`` in the
environment trusts every workspace rule (for CI on one's own repository; the environment is the user's).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from pathlib import Path
from typing import Any, Iterable

from lore.errors import LoreError
from lore.timeutil import format_instant, now_micros

log = logging.getLogger("lore")

ENV_TRUST_ALL = "LORE_TRUST_RULES"
_lock = threading.Lock()
_cache: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def trust_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "lore" / "trust.json"


def trust_all() -> bool:
    return os.environ.get(ENV_TRUST_ALL, "") in ("1", "true", "yes")


def _load() -> dict[str, Any]:
    path = trust_file()
    try:
        st = os.stat(path)
    except OSError:
        return {"version": 1, "rules": {}}
    key = str(path)
    sig = (st.st_mtime_ns, st.st_size)
    with _lock:
        hit = _cache.get(key)
        if hit is not None and hit[0] == sig:
            return hit[1]
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
            raise ValueError("not a trust record")
    except (OSError, ValueError) as exc:
        log.warning("ignoring the unreadable trust record %s: %s", path, exc)
        data = {"version": 1, "rules": {}}
    with _lock:
        _cache[key] = (sig, data)
    return data


def is_trusted(path: str, sha256: str) -> bool:
    if trust_all():
        return True
    entry = _load()["rules"].get(sha256)
    return isinstance(entry, dict) and os.path.abspath(path) in (entry.get("paths") or [])


def _save(data: dict[str, Any]) -> None:
    path = trust_file()
    # The user's own config folder: followed even when a dotfile manager symlinks it.
    tmp = path.with_name(f".trust.{os.getpid()}.tmp")
    try:
        os.makedirs(path.parent, mode=0o700, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(data, indent=1, sort_keys=True) + "\n")
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise LoreError("trust-unwritable", f"cannot record trust in {path}: {exc.strerror or exc}") from None
    with _lock:
        _cache.pop(str(path), None)


def grant(files: Iterable[tuple[str, str]]) -> list[str]:
    """Trust these (path, sha256) rule files; returns the paths newly trusted."""
    data = _load()
    rules = {k: dict(v) for k, v in data["rules"].items() if isinstance(v, dict)}
    added = []
    for path, sha in files:
        path = os.path.abspath(path)
        for other_sha, other in list(rules.items()):  # an older content of this file is no longer trusted
            if other_sha != sha and path in (other.get("paths") or []):
                other["paths"] = [p for p in other["paths"] if p != path]
                if not other["paths"]:
                    del rules[other_sha]
        entry = rules.setdefault(sha, {"paths": [], "at": format_instant(now_micros())})
        if path not in entry["paths"]:
            entry["paths"] = sorted({*entry.get("paths", []), path})
            added.append(path)
    if added:
        _save({"version": 1, "rules": rules})
    return added


def revoke(folder: str) -> list[str]:
    """Forget every trusted rule file in ``folder``; returns the paths no longer trusted."""
    folder = os.path.abspath(folder).rstrip("/") + "/"
    data = _load()
    rules: dict[str, Any] = {}
    removed = []
    for sha, entry in data["rules"].items():
        if not isinstance(entry, dict):
            continue
        keep = [p for p in entry.get("paths") or [] if not p.startswith(folder)]
        removed += [p for p in entry.get("paths") or [] if p.startswith(folder)]
        if keep:
            rules[sha] = {**entry, "paths": keep}
    if removed:
        _save({"version": 1, "rules": rules})
    return sorted(set(removed))

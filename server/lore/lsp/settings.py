"""The server's settings: defaults, overlaid by ``initializationOptions``, then by pushed
(``workspace/didChangeConfiguration``) or pulled (``workspace/configuration``) settings.

Clients wrap settings differently: ``{"lore": {...}}`` (VS Code's section), or the bare object. Both are
accepted. Unknown keys are ignored and a value of the wrong type keeps the previous value (logged), so a
bad setting never stops the server.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

log = logging.getLogger("lore")

SECTION = "lore"

DEFAULTS: dict[str, Any] = {
    "graph": None,                 # graph file; default: $LORE_GRAPH_PATH, else .lore/lore.duckdb in the workspace
    "ingestOnStartup": True,       # ingest the workspace repository in the background when the server starts
    "watchGit": True,              # ingest new commits of the graph's branch and follow HEAD (SPEC §5)
    "diagnostics": {
        "enabled": True,
        "debounceMs": 250,         # wait this long after the last change before recomputing
        "minConfidence": 0.0,      # hide warnings whose confidence is below this
    },
    "hover": {"enabled": True, "maxMemories": 8, "maxHistory": 6},
    "configurationTimeoutMs": 1500,  # how long to wait for a workspace/configuration answer (Neovim 0.7 never answers)
    "autolink": True,              # link memories to the code they name (lore.memory.linking)
    "journal": True,               # write this editor's memories to .lore/journal (docs/reference/journal.md)
    "logLevel": "info",            # error | warning | info | debug (stderr and window/logMessage)
}

# The flat names the VS Code extension's settings use (lore.graphPath, …) -> the server's own.
ALIASES: dict[str, str] = {
    "graphPath": "graph",
    "autoIngest": "ingestOnStartup",
    "minConfidence": "diagnostics.minConfidence",
}
LOG_LEVELS = ("error", "warning", "info", "debug")

_TYPES: dict[str, tuple[type, ...]] = {
    "graph": (str, type(None)),
    "ingestOnStartup": (bool,),
    "watchGit": (bool,),
    "diagnostics.enabled": (bool,),
    "diagnostics.debounceMs": (int, float),
    "diagnostics.minConfidence": (int, float),
    "hover.enabled": (bool,),
    "hover.maxMemories": (int,),
    "hover.maxHistory": (int,),
    "configurationTimeoutMs": (int, float),
    "autolink": (bool,),
    "journal": (bool,),
    "logLevel": (str,),
}


def to_plain(obj: Any) -> Any:
    """lsprotocol objects, namedtuples (pygls's shape for unknown params) -> plain JSON values."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, dict):
        return {str(k): to_plain(v) for k, v in obj.items()}
    if hasattr(obj, "_asdict"):
        return {k: to_plain(v) for k, v in obj._asdict().items()}
    if isinstance(obj, (list, tuple)):
        return [to_plain(v) for v in obj]
    if hasattr(obj, "__attrs_attrs__"):
        return {a.name: to_plain(getattr(obj, a.name)) for a in obj.__attrs_attrs__}
    return str(obj)


class Settings:
    def __init__(self) -> None:
        self.values: dict[str, Any] = copy.deepcopy(DEFAULTS)
        self.rejected: list[str] = []

    def get(self, dotted: str) -> Any:
        cur: Any = self.values
        for part in dotted.split("."):
            cur = cur[part]
        return cur

    def update(self, raw: Any) -> list[str]:
        """Overlay one settings object; returns the dotted names that changed."""
        raw = to_plain(raw)
        if isinstance(raw, dict) and isinstance(raw.get(SECTION), dict):
            raw = raw[SECTION]
        if not isinstance(raw, dict):
            if raw is not None:
                self.rejected.append(f"settings must be an object, got {type(raw).__name__}")
            return []
        changed: list[str] = []
        self._merge(self.values, _unalias(raw), "", changed)
        return changed

    def _merge(self, into: dict[str, Any], raw: dict[str, Any], prefix: str, changed: list[str]) -> None:
        for key, value in raw.items():
            name = prefix + key
            if key not in into:
                continue  # unknown keys: other tools share the section
            if isinstance(into[key], dict):
                if isinstance(value, dict):
                    self._merge(into[key], value, name + ".", changed)
                else:
                    self._reject(name, value)
                continue
            types = _TYPES.get(name, (type(into[key]),))
            # bool is an int in Python; a number setting given true/false is still wrong
            if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
                self._reject(name, value)
                continue
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
                self._reject(name, value)
                continue
            if name == "logLevel" and value not in LOG_LEVELS:
                self._reject(name, value)
                continue
            if into[key] != value:
                into[key] = value
                changed.append(name)

    def _reject(self, name: str, value: Any) -> None:
        msg = f"setting lore.{name} ignored: {value!r} is not a valid value"
        self.rejected.append(msg)
        log.warning("%s", msg)


def _unalias(raw: dict[str, Any]) -> dict[str, Any]:
    """Rewrite alias keys into the nested names; an explicit nested value wins over its alias."""
    if not any(k in raw for k in ALIASES):
        return raw
    out = {k: v for k, v in raw.items() if k not in ALIASES}
    for alias, target in ALIASES.items():
        if alias not in raw:
            continue
        *parents, leaf = target.split(".")
        node = out
        for p in parents:
            existing = node.get(p)
            node[p] = dict(existing) if isinstance(existing, dict) else {}
            node = node[p]
        node.setdefault(leaf, raw[alias])
    return out

"""The module path a ``go.mod`` declares (``module example.com/acme/tools``, quoted or not, a ``//`` comment
after it dropped): what ingestion's workspaces (lore.ingest.workspaces) and the project's name
(lore.memory.manifests) both read of it. The text is a clone's: nothing here checks the path is sensible."""

from __future__ import annotations

import re

# the indent within its line: \s ran from every line start across the blank lines after it (quadratic in them)
_MODULE = re.compile(r"^[^\S\n]*module\s+(\"[^\"\n]*\"|`[^`\n]*`|\S+)", re.M)


def unquoted(raw: str) -> str:
    """A go.mod/go.work path as written (``"x"``, `` `x` ``, ``x // note``) -> ``x``."""
    return raw.strip().strip("\"`").split("//", 1)[0].strip()


def module_path(text: str) -> str | None:
    """The first ``module`` directive's path; None when there is none (or it is empty)."""
    m = _MODULE.search(text)
    return (unquoted(m.group(1)) or None) if m else None

"""An untrusted workspace's settings must not choose what the VS Code extension runs or which file it opens and
writes: every setting that names a program or a file is in ``restrictedConfigurations``, so VS Code reads only the
user's own value in Restricted Mode. ``lore.graphPath`` was not (attack5): a cloned repository's
``.vscode/settings.json`` could point the graph at any file the user can write."""

from __future__ import annotations

import json
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "extension" / "package.json"


def test_settings_naming_a_program_or_a_file_are_restricted_in_untrusted_workspaces():
    pkg = json.loads(PACKAGE.read_text(encoding="utf-8"))
    restricted = set(pkg["capabilities"]["untrustedWorkspaces"]["restrictedConfigurations"])
    settings = pkg["contributes"]["configuration"]
    props = {k: v for block in (settings if isinstance(settings, list) else [settings])
             for k, v in block["properties"].items()}
    # a string setting whose text is a path or a program (by what it says it is)
    paths = {k for k, v in props.items() if v.get("type") == "string"
             and any(w in v.get("markdownDescription", v.get("description", "")).lower()
                     for w in ("interpreter", "file", "executable", "program", "path to"))}
    assert {"lore.path", "lore.interpreter", "lore.graphPath"} <= paths
    assert paths <= restricted, paths - restricted

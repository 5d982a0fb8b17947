"""What one commit does to the tracked files: removed, added and modified paths and the renames among them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from lore.ingest.walk import Change

FileId = tuple[str, str]  # (blob, mode)


@dataclass
class ChangeSet:
    removed: dict[str, FileId] = field(default_factory=dict)  # path -> (blob, mode) before
    added: dict[str, FileId] = field(default_factory=dict)
    modified: dict[str, tuple[FileId, FileId]] = field(default_factory=dict)  # path -> (before, after)
    renames: dict[str, str] = field(default_factory=dict)  # new path -> old path
    gitmodules: list[str] = field(default_factory=list)  # blobs of .gitmodules written by the commit


def classify(changes: Iterable[Change], files: dict[str, FileId], ignore: Callable[[str], bool]) -> ChangeSet:
    """The commit's changes against the tracked ``files`` (ignored paths are not tracked)."""
    cs = ChangeSet()
    removed, added, modified, renames = cs.removed, cs.added, cs.modified, cs.renames
    for ch in changes:
        if ch.path == ".gitmodules" and ch.status != "D":
            cs.gitmodules.append(ch.new_blob)
        if ch.status in ("R", "C"):
            old = ch.old_path
            if ch.status == "R" and old in files:
                removed[old] = files[old]
            if not ignore(ch.path):
                added[ch.path] = (ch.new_blob, ch.new_mode)
                if ch.status == "R" and old in removed:
                    renames[ch.path] = old
        elif ch.status == "D":
            if ch.path in files:
                removed[ch.path] = files[ch.path]
        elif not ignore(ch.path):
            if ch.path in files:
                before = files[ch.path]
                if before[1] == ch.new_mode and before[0] == ch.new_blob:
                    continue
                modified[ch.path] = (before, (ch.new_blob, ch.new_mode))
            else:
                added[ch.path] = (ch.new_blob, ch.new_mode)
    # A path both removed (renamed away) and added again in one commit is a modification.
    for p in [p for p in added if p in removed]:
        modified[p] = (removed.pop(p), added.pop(p))
        renames.pop(p, None)
    for p in [p for p in added if p in files and p not in modified]:
        modified[p] = (files[p], added.pop(p))
    return cs

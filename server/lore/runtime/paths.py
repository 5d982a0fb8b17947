"""Where a graph lives: ``--graph``, else ``$LORE_GRAPH_PATH``, else ``.lore/lore.duckdb`` at the root of the
git work tree (SPEC §3), else of the current folder."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_GRAPH = Path(".lore") / "lore.duckdb"


def find_work_tree(start: Path) -> Path:
    """The root of the git work tree containing ``start``, else ``start`` itself."""
    cur = start.resolve()
    for d in (cur, *cur.parents):
        if (d / ".git").exists():
            return d
    return cur


def resolve_graph_path(explicit: str | os.PathLike[str] | None, cwd: Path | None = None) -> Path:
    """The graph a process uses. A relative ``explicit`` path is taken relative to ``cwd`` when given (an
    editor's workspace root), else to the current folder."""
    if explicit:
        p = Path(explicit).expanduser()
        return p if p.is_absolute() or cwd is None else cwd / p
    env = os.environ.get("LORE_GRAPH_PATH")
    if env:
        return Path(env)
    return find_work_tree(cwd or Path.cwd()) / DEFAULT_GRAPH

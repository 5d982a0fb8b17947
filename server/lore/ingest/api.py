"""The library face of ingestion: ``ingest(graph, repo, branch)`` (synchronous, incremental, resumable)."""

from __future__ import annotations

from typing import Any, Callable

from lore.ingest.engine import IngestRun
from lore.store.graph import Graph


def ingest(graph: Graph, repo: str, branch: str | None = None, *,
           progress: Callable[[int, int], None] | None = None, cancel: Any = None) -> dict[str, Any]:
    """Walk ``repo``'s history (branch: explicit, else $LORE_GIT_BRANCH, main, master, HEAD) from the
    graph's watermark and write code structure as bi-temporal facts.

    ``progress(done, total)`` is called after each commit; ``cancel`` (an Event or a callable returning
    True) stops between commits after committing what is done: the reply's status is then "stopped" and
    the next call resumes. Raises LoreError for a bad repository or branch."""
    return IngestRun(graph, repo, branch, progress=progress, cancel=cancel).run()

"""Operations ``ingest`` and ``ingestStatus`` (SPEC §4: lore/ingest, lore/ingestStatus)."""

from __future__ import annotations

import os
from typing import Any

from lore import params as P
from lore.errors import LoreError
from lore.ingest.job import IngestJob, persisted_commits
from lore.operations import THEN, register
from lore.sqlfile import first_row, scalar
from lore.store.graph import Graph, TxResult
from lore.store.session import Slot


def _stop_job(job: IngestJob) -> None:
    """Closing the graph stops an ingestion between commits (what it committed stays)."""
    if job.running:
        job.cancel()
        job.wait(30)


# One background job per open graph (the language server keeps its graph open).
JOB: Slot[IngestJob] = Slot("ingest.job", IngestJob, close=_stop_job)


def job_for(graph: Graph) -> IngestJob:
    return graph.session.get(JOB)


def _repo_param(graph: Graph, params: dict[str, Any]) -> str:
    repo = P.optional_text(params, "repo", what="a non-empty string (a path)", non_empty=True)
    if repo is None:
        return os.getcwd()
    if repo.startswith("file://"):
        from urllib.parse import unquote, urlparse

        repo = unquote(urlparse(repo).path)
    return repo


@register("ingest", writes=True)
def ingest_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    repo = _repo_param(graph, params)
    branch = P.optional_text(params, "branch")
    from lore.ingest.walk import check_branch

    check_branch(branch)  # now, not as "started" followed by an error only ingestStatus shows
    wait = P.flag(params, "wait")
    head_first = P.flag(params, "headFirst", True)
    job = job_for(graph)
    if wait:
        if graph.session.resident:
            # In a server the ingest runs as the background job and is waited for by the request's own
            # thread (operations.THEN), not by the owner's worker: other clients' reads and writes are served
            # meanwhile, and still only one ingest runs at a time.
            return {"ok": True, THEN: lambda g: _waited_job(g, repo, branch)}
        if job.running:
            # One in the background already (the server's or lore mcp's start-up ingest): waiting for it is
            # what the caller asked for; then this run catches up on anything it did not cover.
            job.wait()
            if job.running:
                raise LoreError("ingest-running", "an ingestion is already in progress")
        from lore.ingest.api import ingest

        return _with_result(graph, ingest(graph, repo, branch,
                                          worktree_journal=P.flag(params, "worktreeJournal", True)))
    # A folder that is no repository (or one Lore refuses) is said now, not as "started" followed by an
    # error only ingestStatus shows.
    from lore.ingest.walk import repo_root

    try:
        repo_root(repo)
    except LoreError as exc:
        job.refuse(repo, branch, exc)
        raise
    # In the background, a fresh graph gets the branch head first and its history after (backfill.py).
    return job.start(repo, branch, head_first=head_first)


def _with_result(graph: Graph, reply: dict[str, Any]) -> dict[str, Any]:
    if reply.get("facts_written"):
        # Derived work (rules, memory links) reads which attributes changed; '*' stands for the many
        # entities of a bulk load.
        tx, instant = graph.last_tx()
        reply["_result"] = TxResult(tx, instant, reply["facts_written"], 0,
                                    [("*", a) for a in reply.get("attributes_written", [])])
    return reply


WAITED_STARTS = 3  # a waited ingest that finds another one running this many times in a row gives up


def _waited_job(graph: Graph, repo: str, branch: str | None) -> dict[str, Any]:
    """A waited ingest in a server: one running already (the start-up ingest, another client's) is waited
    for first, then this one runs as the job (catching up on what that one did not cover); its reply is what
    ``ingest`` returned, or its error."""
    job = job_for(graph)
    for _ in range(WAITED_STARTS):
        if job.running:
            job.wait()
        started = job.start(repo, branch)
        if started.get("ok"):
            break
    else:
        raise LoreError("ingest-running", "an ingestion is already in progress")
    st = job.wait()
    if st.get("status") in ("error", "skipped"):
        err = st.get("error") or {"code": "ingest-failed", "message": "the ingestion failed"}
        return {"ok": False, "error": err}
    result = dict(st.get("result") or {})
    return _with_result(graph, result)


@register("ingestStatus")
def ingest_status_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    st = job_for(graph).status()
    if "history" not in st:
        from lore.ingest.backfill import history_state

        st["history"] = history_state(graph)  # partial | complete | None (nothing ingested)
    if st["status"] == "idle":
        with graph.lock:
            try:
                row = first_row(graph.con.execute("SELECT value FROM ingest_meta WHERE key = 'watermark'"))
                st["watermark"] = row[0] if row else None
                st["total_ingested"] = st["processed"] = persisted_commits(graph)
            except Exception:  # noqa: BLE001 - no ingest tables yet: nothing ingested
                st["watermark"] = None
                st["total_ingested"] = 0
    return {"ok": True, **st}


# How long a caller that needs the branch head's code waits for a running ingest to write it (head first:
# seconds; a graph with history already has it).
HEAD_WAIT_SECONDS = 600.0


@register("ingestHeadWait")
def ingest_head_wait_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """When an ingest runs in the background: wait until it has written the branch head's code or has ended
    (``timeout`` seconds at most), then the head's watermark as ``headWatermark`` gives it (None: nothing
    ingested). ``lore check`` asks it before ingesting a graph with nothing in it; ``headFirstOnly``: only a
    run that writes the head first is waited for (a prepare-turn will not wait out a whole history)."""
    job = job_for(graph)
    if job.running and (job.head_first or not params.get("headFirstOnly")):
        job.head_or_done.wait(P.positive_number(params, "timeout") or HEAD_WAIT_SECONDS)
    return head_watermark_op(graph, {})


@register("repoSummary")
def repo_summary_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """What the graph knows about the repository now: code by kind, languages, churn, recent commits and the
    memories recorded (``lore show``)."""
    from lore.ingest.summary import summary

    return {"ok": True, **summary(graph)}


@register("fileFacts")
def file_facts_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """What ingestion would write for each file's given text at the graph branch's head (nothing is written):
    ``{"files": [{"path": "src/a.py", "text": "…" | null}], "manifests"?: [same]}``: ``manifests``, the other
    workspace manifests (Cargo.toml …) the caller holds in other text than the head's. The working layer reads it."""
    from lore.ingest.worktree import file_facts

    return file_facts(graph, params.get("files"), params.get("manifests"))


@register("headFiles")
def head_files_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """The files of the graph branch's ingested head as ingestion recorded them: ``{path: blob}``."""
    with graph.lock:
        have = scalar(graph.con.execute("SELECT count(*) FROM duckdb_tables() WHERE NOT temporary AND table_name IN "
                                        "('ingest_meta', 'ingest_files')"))
        if have < 2:
            return {"ok": True, "watermark": None, "branch": None, "repo": None, "files": None}
        meta = dict(graph.con.execute("SELECT key, value FROM ingest_meta").fetchall())
        files = dict(graph.con.execute("SELECT path, blob FROM ingest_files").fetchall())
    return {"ok": True, "watermark": meta.get("watermark"), "branch": meta.get("branch"), "repo": meta.get("repo"),
            "files": files if meta.get("watermark") else None}


@register("headWatermark")
def head_watermark_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """The graph branch's ingested head (cheap: the working layer asks before every rebuild)."""
    with graph.lock:
        try:
            row = first_row(graph.con.execute("SELECT max(value) FROM ingest_meta WHERE key = 'watermark'"))
        except Exception:  # noqa: BLE001 - no ingest tables yet
            row = None
    return {"ok": True, "watermark": row[0] if row else None}

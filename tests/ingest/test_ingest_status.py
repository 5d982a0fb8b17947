"""Ingest status as seed 001 describes it (issue 18 item 6): ``processed`` cumulative across interrupted runs,
``processed_this_run``, ``current_commit``, and the pid of the process that owns the graph (a second
``lore serve`` on the same graph answers with its owner's)."""

from __future__ import annotations

import asyncio
import os

import pytest

from lore import operations
from lore.ingest.job import IngestJob

from .conftest import Repo
from .test_first_ingest_in_server import ingest_ended, serve
from .test_incremental import synth_history


def test_processed_is_cumulative_across_an_interrupted_run(repo, graph, monkeypatch):
    synth_history(repo, 150)
    tip = repo.git("rev-parse", "HEAD").strip()
    monkeypatch.setenv("LORE_INGEST_BATCH", "5")
    job = IngestJob(graph)
    seen: list[dict] = []

    def stop_at_40(st: dict) -> None:
        seen.append(st)
        if st.get("processed_this_run", 0) >= 40:
            job.cancel()

    job.on_progress = stop_at_40
    assert job.start(str(repo.path))["ok"]
    first = job.wait(120)
    assert first["status"] == "stopped", first
    k = first["processed"]
    assert 40 <= k < 150 and first["processed_this_run"] == k and first["total"] == 150
    assert first["current_commit"] == repo.git("rev-list", "--reverse", "main").split()[k - 1]
    assert first["owner_pid"] == os.getpid() and first["error"] is None
    running = [s for s in seen if s["status"] == "running"]
    assert all(s["processed"] == s["processed_this_run"] for s in running)

    job.on_progress = seen.append
    seen.clear()
    assert job.start(str(repo.path))["ok"]
    second = job.wait(120)
    assert second["status"] == "complete", second
    # The second run counts on from what the first one persisted; its own share is the rest.
    assert second["processed"] == second["total"] == 150
    assert second["processed_this_run"] == 150 - k
    assert second["current_commit"] == tip
    mid = [s for s in seen if s["status"] == "running"]
    assert mid and all(s["processed"] == k + s["processed_this_run"] and s["total"] == 150 for s in mid)
    # Idle (a new job object, as after a restart): what the graph holds.
    idle = operations.run("ingestStatus", graph, {})
    assert idle["status"] in ("complete", "idle") and idle["processed"] == 150


def test_an_up_to_date_run_reports_what_the_graph_has(repo, graph):
    synth_history(repo, 12)
    job = IngestJob(graph)
    job.start(str(repo.path))
    assert job.wait(60)["processed"] == 12
    job.start(str(repo.path))
    st = job.wait(60)
    assert st["status"] == "complete" and st["processed"] == st["total"] == 12 and st["processed_this_run"] == 0


@pytest.mark.asyncio
async def test_a_second_server_reports_the_owner_pid(tmp_path):
    repo = Repo(tmp_path / "repo")
    synth_history(repo, 30)
    async with serve(repo.path) as owner:
        first = await asyncio.wait_for(ingest_ended(owner), 120)
        assert first["status"] == "complete" and first["processed"] == 30
        assert first["owner_pid"] == owner._server.pid
        async with serve(repo.path) as second:
            st = await asyncio.wait_for(ingest_ended(second), 120)
            # The second server forwards to the first: the reply is the owner's, with the owner's pid.
            assert st["owner_pid"] == owner._server.pid != second._server.pid
            assert st["processed"] == 30 and st["status"] == "complete"


def test_status_is_never_complete_while_history_is_partial(repo, tmp_path):
    # Head first: the job said history 'partial' after the head, then set its status to 'complete' and only
    # afterwards read the graph's history state (under the graph's lock, held meanwhile by any other thread):
    # in between, ingestStatus said complete beside partial. Hold the graph's lock from the moment the run
    # ends: the status must not read complete until the history does.
    import threading
    import time

    from lore.store.graph import Graph

    synth_history(repo, 20)
    g = Graph(tmp_path / "g.duckdb")
    ended, holding = threading.Event(), threading.Event()

    def at_the_end(graph, result) -> None:  # the last step of the run, on the job's thread
        if result.get("history") == "complete":
            ended.set()
            holding.wait(30)

    operations.AFTER_INGEST.append(at_the_end)
    job = IngestJob(g)
    try:
        job.start(str(repo.path), head_first=True)
        assert ended.wait(120)
        with g.lock:  # another thread's work on the graph, as the server's are
            holding.set()
            until = time.monotonic() + 2.0
            while time.monotonic() < until:
                st = job.status()
                assert not (st["status"] == "complete" and st.get("history") == "partial"), st
                if st["status"] == "complete":
                    break
                time.sleep(0.02)
        st = job.wait(60)
        assert st["status"] == "complete" and st["history"] == "complete", st
    finally:
        operations.AFTER_INGEST.remove(at_the_end)
        g.close()

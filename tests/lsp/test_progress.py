"""Ingestion at startup is work-done progress the editor can cancel; what was committed stays and the next
ingestion resumes."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from lsprotocol import types

from .conftest import cli, lsp, request, wait_for

pytestmark = pytest.mark.asyncio

N_COMMITS = 2000


def big_history(root: Path, n: int) -> Path:
    """A repository with n commits, each touching a Python file (built with git fast-import: fast)."""
    root.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    lines = []
    for i in range(n):
        body = f"def f{i}():\n    return {i}\n\n\nclass C{i}:\n    pass\n"
        lines += [b"commit refs/heads/main", f"mark :{i + 1}".encode(),
                  f"committer Ada <ada@example.com> {1_600_000_000 + i * 60} +0000".encode(),
                  f"data {len(f'commit {i}')}".encode(), f"commit {i}".encode()]
        if i:
            lines.append(f"from :{i}".encode())
        data = body.encode()
        lines += [f"M 100644 inline pkg/mod{i % 40}.py".encode(), f"data {len(data)}".encode(), data]
    subprocess.run(["git", "-C", str(root), "fast-import", "--quiet"], input=b"\n".join(lines) + b"\n",
                   check=True)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", "main"], check=True)
    return root


async def test_cancel_ingestion_from_the_editor(tmp_path):
    root = big_history(tmp_path / "repo", N_COMMITS)
    graph = root / ".lore" / "lore.duckdb"
    async with lsp(graph, root, caps="vscode") as client:
        def begun():
            return next((tok for tok, values in client.progress_reports.items()
                         if values and isinstance(values[0], types.WorkDoneProgressBegin)), None)

        token = await wait_for(begun, 90, "progress to begin")
        assert client.progress_reports[token][0].cancellable is True
        client.protocol.notify(types.WINDOW_WORK_DONE_PROGRESS_CANCEL,
                               types.WorkDoneProgressCancelParams(token=token))
        await wait_for(lambda: any(isinstance(v, types.WorkDoneProgressEnd) for v in client.progress_reports[token]),
                       90, "the progress to end")
        end = client.progress_reports[token][-1]
        assert isinstance(end, types.WorkDoneProgressEnd)
        status = await request(client, "lore/ingestStatus", {})
        assert status["ok"] and status["status"] == "stopped", status
        assert status["processed"] < N_COMMITS
        # an explicit ingest afterwards resumes from what was committed and completes
        started = await request(client, "lore/ingest", {"repo": str(root)})
        assert started["ok"], started
        async def finished():
            status = await request(client, "lore/ingestStatus", {})
            return status if status["status"] not in ("starting", "running") else None

        status = await wait_for(finished, 90, "the resumed ingest to finish")
        assert status["status"] == "complete", status
    code, out = cli(graph, "sql", "SELECT count(*) FROM facts WHERE a = ':entity-type' AND v = ':type/commit' "
                                  "AND tx_to = 2147483647")
    assert out["rows"][0][0] == N_COMMITS


async def test_before_the_start_up_ingestion_starts_its_status_says_starting_not_idle(tmp_path):
    """The start-up ingestion starts its job once the editor has answered workspace/configuration (or the
    wait for it ran out); a lore/ingestStatus asked before that said "idle" on a fresh clone that was about to
    be ingested (pallets/flask in Neovim: "idle" for ~3 s, then "starting"). It says "starting"; then the job
    runs and completes as before."""
    from .conftest import make_repo

    root = make_repo(tmp_path / "repo")
    async with lsp(None, root, caps="neovim-new", silent_client=True,
                   init_options={"configurationTimeoutMs": 60000}) as client:
        early = await request(client, "lore/ingestStatus", {})
        assert early["ok"] and early["status"] == "starting", early
        client.__dict__["_hold"].set()  # the editor answers the configuration: the ingestion starts

        async def done():
            st = await request(client, "lore/ingestStatus", {})
            return st if st["status"] == "complete" else None

        assert (await wait_for(done, timeout=90, what="the start-up ingestion"))["total"] == 1
    # a server told not to ingest says idle from the start
    async with lsp(None, root, init_options={"ingestOnStartup": False}) as client:
        assert (await request(client, "lore/ingestStatus", {}))["status"] == "idle"


async def test_an_ingestion_that_ended_says_its_history_is_not_in_progress():
    # prometheus/alertmanager's history stopped on a missing blob and Neovim showed "ingesting: error, head
    # ingested, history in progress, git log failed: …": nothing was in progress any more.
    from lore.lsp.progress import _message

    running = {"status": "running", "history": "partial", "processed": 3, "total": 9}
    assert _message(running) == "running, head ingested, history in progress, 3/9 commits"
    for ended in ("error", "stopped"):
        text = _message({**running, "status": ended, "error": {"code": "git-failed", "message": "git log failed"}})
        assert "in progress" not in text and "history not complete" in text, text


async def test_a_forwarding_editor_shows_the_ingestion_another_process_runs(tmp_path):
    """Two editors on one repository: the first owns the graph and ingests at start-up; the second forwards to
    it, and its own start-up ingest met `ingest-running` and showed nothing (a Neovim beside VS Code: no
    progress while the other ingested). It follows the running ingestion: progress begins, reports the
    owner's commits and ends when that run ends; not cancellable from there, since the run is not its own."""
    root = big_history(tmp_path / "repo", N_COMMITS)
    graph = root / ".lore" / "lore.duckdb"

    def begun(client):
        return next((tok for tok, values in client.progress_reports.items()
                     if values and isinstance(values[0], types.WorkDoneProgressBegin)), None)

    async with lsp(graph, root, caps="vscode") as owner:
        await wait_for(lambda: begun(owner), 90, "the owner's ingestion to begin")
        async with lsp(graph, root, caps="neovim-new") as forwarding:
            status = await request(forwarding, "lore/serverStatus", {})
            assert status["owner"] is False, status  # it forwards to the first
            token = await wait_for(lambda: begun(forwarding), 90, "progress in the forwarding editor")
            assert forwarding.progress_reports[token][0].cancellable is False
            await wait_for(lambda: any(isinstance(v, types.WorkDoneProgressEnd)
                                       for v in forwarding.progress_reports[token]), 240, "its progress to end")
            reports = [v for v in forwarding.progress_reports[token] if isinstance(v, types.WorkDoneProgressReport)]
            assert any("commits" in (r.message or "") for r in reports), reports[-3:]
            done = await request(forwarding, "lore/ingestStatus", {})
            assert done["status"] == "complete", done

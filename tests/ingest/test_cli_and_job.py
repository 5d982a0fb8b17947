"""The contract faces: ``lore ingest`` through the real CLI, the ``ingest``/``ingestStatus`` operations
with malformed params, and the background job's status, progress and cancellation."""

from __future__ import annotations

import pytest

from lore import operations
from lore.ingest.job import IngestJob
from waiting import wait_until

from .conftest import Repo
from .test_incremental import synth_history


def small_repo(repo: Repo) -> None:
    repo.write("src/auth.py", "import redis\n\ndef login(user):\n    return user\n")
    repo.commit("auth", "2024-01-01T00:00:00Z")


def test_cli_ingest_then_reingest(repo, cli):
    small_repo(repo)
    rc, reply, err, _ = cli.run("ingest", str(repo.path))
    assert rc == 0, err
    assert reply["ok"] and reply["status"] == "complete" and reply["commits"] == 1
    assert reply["summary"] == {"modules": 1, "submodules": 0, "functions": 1, "imports": 1,
                                "external_dependencies": 1}
    rc, reply, err, _ = cli.run("ingest", str(repo.path))
    assert rc == 0 and reply["up_to_date"]
    rc, reply, _, _ = cli.run("sql", "SELECT v FROM facts WHERE e = ':function/src-auth-py-login' AND a = ':name'")
    assert reply["rows"] == [["login"]]
    rc, reply, _, _ = cli.run("sql", "SELECT entity, line, col, end_line FROM code_locations")
    assert reply["rows"] == [[":function/src-auth-py-login", 3, 0, 4]]
    rc, reply, _, _ = cli.run("sql", "SELECT module, target, spec, line FROM import_locations")
    assert reply["rows"] == [[":module/src-auth-py", ":module/redis", "redis", 1]]


def test_cli_ingest_defaults_to_the_current_repository(repo, cli):
    small_repo(repo)
    cli.cwd = repo.path
    rc, reply, err, _ = cli.run("ingest")
    assert rc == 0, err
    assert reply["repo"] == str(repo.path)


@pytest.mark.parametrize("args,code", [
    (["/nonexistent/path"], "bad-repo"),
    (["--branch", "nope"], "unknown-branch"),
    (["--branch=-x"], "bad-branch"),
])
def test_cli_errors(repo, cli, args, code):
    small_repo(repo)
    argv = ["ingest", *args] if args[0].startswith("/") else ["ingest", str(repo.path), *args]
    rc, reply, _, _ = cli.run(*argv)
    assert rc != 0 and reply["ok"] is False and reply["error"]["code"] == code


def test_cli_not_a_repo(tmp_path, cli):
    (tmp_path / "plain").mkdir()
    rc, reply, _, _ = cli.run("ingest", str(tmp_path / "plain"))
    assert rc != 0 and reply["error"]["code"] == "not-a-repo"


@pytest.mark.parametrize("params", [
    {"repo": 42}, {"repo": ""}, {"repo": ["a"]}, {"branch": 7}, {"wait": "yes"}, {"repo": "a\x00b", "wait": True},
])
def test_operation_rejects_malformed_params(graph, params):
    reply = operations.run("ingest", graph, params)
    assert reply["ok"] is False and reply["error"]["code"] in ("bad-params", "bad-repo")


def test_operation_background_and_status(repo, graph):
    small_repo(repo)
    assert operations.run("ingestStatus", graph, {})["status"] == "idle"
    reply = operations.run("ingest", graph, {"repo": str(repo.path)})
    assert reply["ok"] and reply["started"]
    st = wait_until(lambda: (s := operations.run("ingestStatus", graph, {}))["status"] not in ("starting", "running")
                    and s, timeout=300, what="the background ingest to end")
    assert st["status"] == "complete", st
    assert st["processed"] == st["total"] == 1
    assert st["result"]["status"] == "complete"


def test_job_progress_cancel_and_resume(repo, graph, monkeypatch):
    synth_history(repo, 150)
    seen: list[dict] = []
    job = IngestJob(graph, on_progress=seen.append)
    monkeypatch.setenv("LORE_INGEST_BATCH", "5")
    def cancel_soon(st):
        seen.append(st)
        if st.get("processed", 0) >= 20:
            job.cancel()
    job.on_progress = cancel_soon
    assert job.start(str(repo.path))["ok"]
    again = job.start(str(repo.path))
    assert again["ok"] is False and again["error"]["code"] == "ingest-running"
    st = job.wait(120)
    assert st["status"] == "stopped", st
    assert 20 <= st["processed"] < 150
    assert st["total"] == 150
    wm = graph.con.execute("SELECT value FROM ingest_meta WHERE key = 'watermark'").fetchone()[0]
    assert wm != repo.git("rev-parse", "HEAD").strip()
    job.on_progress = None
    assert job.start(str(repo.path))["ok"]
    st = job.wait(120)
    assert st["status"] == "complete"
    assert st["result"]["commits"] == 150 - st_processed(seen)


def st_processed(seen):
    """Commits done when the first run stopped."""
    return max(s.get("processed", 0) for s in seen if s.get("status") in ("running", "stopped"))


def test_job_reports_errors(tmp_path, graph):
    job = IngestJob(graph)
    job.start(str(tmp_path / "missing"))
    st = job.wait(30)
    assert st["status"] == "error" and st["error"]["code"] == "bad-repo"

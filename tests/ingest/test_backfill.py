"""Head first, history after (lore.ingest.backfill): a fresh graph gets the branch head's code at once,
then its history on the side, swapped in so that the graph ends up as one plain full ingest."""

from __future__ import annotations

import os

import pytest

from lore import operations
from lore.errors import LoreError
from lore.ingest import backfill
from lore.ingest.api import ingest
from lore.ingest.job import IngestJob
from lore.store.graph import MAX_TX, Graph

from .conftest import current_rows
from .test_incremental import SIDE_TABLES, synth_history


def _repo(repo):
    synth_history(repo, 50)
    repo.write("app/main.py", "import os\nfrom pkg import m3\n\ndef run():\n    return m3.g3(1)\n")
    repo.commit("app", "2024-05-01T00:00:00Z")


def _same_as_plain(g: Graph, plain: Graph) -> None:
    assert current_rows(g) == current_rows(plain)
    for sql in SIDE_TABLES:
        want = plain.con.execute(sql).fetchall()
        assert want and want == g.con.execute(sql).fetchall(), sql


def test_head_then_history_equals_a_plain_ingest(repo, tmp_path):
    _repo(repo)
    plain = Graph(tmp_path / "plain.duckdb")
    ingest(plain, str(repo.path))
    g = Graph(tmp_path / "g.duckdb")
    head = backfill.ingest_head(g, str(repo.path))
    assert head["status"] == "complete" and head["history"] == "partial"
    assert backfill.history_state(g) == "partial"
    # The head's code is there: definitions, imports, locations as of now; no history yet.
    for sql in ("SELECT * FROM code_locations ORDER BY ALL", "SELECT * FROM import_locations ORDER BY ALL"):
        assert g.con.execute(sql).fetchall() == plain.con.execute(sql).fetchall()
    now = "SELECT e, a, v FROM facts WHERE tx_to = 2147483647 AND valid_to = 4611686018427387904 " \
          "AND a IN (':contains', ':qualified-name', ':file') ORDER BY ALL"
    assert g.con.execute(now).fetchall() == plain.con.execute(now).fetchall()
    # (imports are resolved against the head's tree: a plain ingest keeps a file's resolution from when
    # the file last changed, so :depends-on may differ until the swap)
    deps = "SELECT count(*) FROM facts WHERE a = ':depends-on' AND tx_to = 2147483647"
    assert g.con.execute(deps).fetchone()[0] > 0
    assert g.con.execute("SELECT count(*) FROM facts WHERE a IN (':introduced-by', ':hash')").fetchone()[0] == 0
    reply = operations.run("query", g, {"query": "[:find ?e :where [?e :entity-type :type/module]]"})
    assert reply["ok"] and reply["code_history"] == "partial"
    st = operations.run("ingestStatus", g, {})
    assert st["history"] == "partial"

    out = ingest(g, str(repo.path))
    assert out["status"] == "complete" and out["history"] == "complete"
    assert out["history_backfilled"]["first_parent_commits"] == 51
    assert backfill.history_state(g) == "complete"
    assert not os.path.exists(backfill.side_path(g))
    _same_as_plain(g, plain)
    # The head's rows stay in transaction time (what the graph believed while history was partial).
    assert g.con.execute(f"SELECT count(*) FROM facts WHERE tx_to <> {MAX_TX}").fetchone()[0] >= head["facts_written"]
    reply = operations.run("query", g, {"query": "[:find ?e :where [?e :entity-type :type/module]]"})
    assert reply["ok"] and "code_history" not in reply
    # Then on incrementally, as after any ingest.
    repo.write("app/main.py", "def run():\n    return 2\n")
    repo.commit("later", "2024-06-01T00:00:00Z")
    ingest(g, str(repo.path))
    ingest(plain, str(repo.path))
    _same_as_plain(g, plain)
    g.close()
    plain.close()


def test_backfill_stopped_resumes_and_commits_after_the_head_follow(repo, tmp_path):
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    backfill.ingest_head(g, str(repo.path))
    seen = []

    def stop() -> bool:
        seen.append(1)
        return len(seen) > 20

    out = ingest(g, str(repo.path), cancel=stop)
    assert out["status"] == "stopped" and out["history"] == "partial"
    assert os.path.exists(backfill.side_path(g)) and backfill.history_state(g) == "partial"
    # The branch moves on meanwhile: history up to the head first, then the new commit.
    repo.write("app/extra.py", "def extra():\n    return 3\n")
    repo.commit("extra", "2024-07-01T00:00:00Z")
    out = ingest(g, str(repo.path))
    # (the reply counts both: the rest of the history, then the one commit after the head)
    assert out["status"] == "complete" and out["first_parent_commits"] == \
        out["history_backfilled"]["first_parent_commits"] + 1
    plain = Graph(tmp_path / "plain.duckdb")
    ingest(plain, str(repo.path))
    _same_as_plain(g, plain)
    g.close()
    plain.close()


def test_job_head_first_reports_partial_then_complete(repo, tmp_path):
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    statuses = []
    job = IngestJob(g, on_progress=statuses.append)
    assert job.start(str(repo.path), head_first=True)["ok"]
    final = job.wait(300)
    assert final["status"] == "complete" and final["history"] == "complete", final
    heads = [s for s in statuses if s.get("history") == "partial"]
    assert heads and heads[0]["head_ingested_at"] and heads[0]["head"]["functions"] > 0
    # The head was reported before any history commit was processed.
    first = statuses.index(heads[0])
    assert all(s.get("processed", 0) == 0 for s in statuses[:first + 1])
    assert final["result"]["head_seconds"] > 0
    g.close()


def test_head_on_an_ingested_graph_is_refused(repo, tmp_path):
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    ingest(g, str(repo.path))
    with pytest.raises(LoreError) as err:
        backfill.ingest_head(g, str(repo.path))
    assert err.value.code == "already-ingested"
    # The job's head-first is a plain incremental ingest there.
    job = IngestJob(g)
    job.start(str(repo.path), head_first=True)
    assert job.wait(300)["result"]["up_to_date"]
    g.close()


def test_a_foreign_side_file_is_replaced_not_read(repo, tmp_path):
    """Whatever sits at <graph>.backfill (junk, or another graph with facts) is never swapped in."""
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    backfill.ingest_head(g, str(repo.path))
    other = Graph(backfill.side_path(g))
    other.con.execute("INSERT INTO facts VALUES (1, ':evil/x', ':description', 's', 'planted', NULL, 0, 1, 1, "
                      f"{MAX_TX}, false, NULL, 1.0, NULL)")
    other.close()
    ingest(g, str(repo.path))
    assert g.con.execute("SELECT count(*) FROM facts WHERE e = ':evil/x'").fetchone()[0] == 0
    plain = Graph(tmp_path / "plain.duckdb")
    ingest(plain, str(repo.path))
    _same_as_plain(g, plain)
    g.close()
    # junk bytes at the side path: replaced too
    g2 = Graph(tmp_path / "g2.duckdb")
    backfill.ingest_head(g2, str(repo.path))
    with open(backfill.side_path(g2), "wb") as fh:
        fh.write(b"not a database" * 100)
    ingest(g2, str(repo.path))
    _same_as_plain(g2, plain)
    g2.close()
    plain.close()


def test_head_commit_gone_leaves_the_graph_partial_with_a_clear_error(repo, tmp_path):
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    backfill.ingest_head(g, str(repo.path))
    before = current_rows(g)
    # History rewritten under the graph: the head it has is no longer in the repository.
    repo.git("checkout", "-q", "--orphan", "fresh")
    repo.git("rm", "-rq", "--cached", ".")
    repo.write("new.py", "def n():\n    return 1\n")
    repo.git("add", "new.py")
    repo.commit("fresh start", "2024-08-01T00:00:00Z")
    repo.git("branch", "-D", "main")
    repo.git("reflog", "expire", "--expire=now", "--all")
    repo.git("gc", "-q", "--prune=now")
    with pytest.raises(LoreError) as err:
        ingest(g, str(repo.path))
    assert err.value.code in ("unknown-branch", "git-failed")
    assert backfill.history_state(g) == "partial" and current_rows(g) == before
    g.close()


def test_a_read_just_after_the_history_is_in_does_not_say_partial(repo, tmp_path):
    """Reads say "code_history": "partial" while only the head is in; that note was kept for a second unless
    this process began a transaction since. The swap begins its transaction before it commits: a read in
    between noted "partial" under the new count, and every read for up to a second after the history was in
    still said partial. Here the history's end is committed without a new transaction, as that read saw it."""
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    backfill.ingest_head(g, str(repo.path))
    query = {"query": "[:find ?e :where [?e :entity-type :type/module]]"}
    assert operations.run("query", g, query)["code_history"] == "partial"
    with g.lock:
        g.con.execute("UPDATE ingest_meta SET value = 'complete' WHERE key = 'history'")
    assert "code_history" not in operations.run("query", g, query)
    g.close()


def test_the_side_graph_is_ignored_by_git_while_the_history_is_ingested(repo):
    """Found in a user trial (trpc/trpc in VS Code): during a fresh clone's first ingest, Source Control
    counted one change, ``?? .lore/lore.duckdb.backfill`` — the side graph, which `.lore/.gitignore` did not
    name, so `git add -A` then would have committed a database."""
    operations.load_features()  # the journal's step after an ingest writes .lore/.gitignore, as in a server
    _repo(repo)
    seen: list[str] = []

    def progress(done: int, total: int, commit: str) -> None:
        side = backfill.side_path(g)
        if not seen and side is not None and os.path.exists(side):
            seen.append(repo.git("status", "--porcelain", "--untracked-files=all", "--ignored=no"))

    with Graph(repo.path / ".lore" / "lore.duckdb") as g:  # where a user's graph lives
        out = backfill.ingest_head_first(g, str(repo.path), progress=progress)
        assert out["status"] == "complete" and out["history"] == "complete"
    assert seen, "the backfill reported no progress while its side graph existed"
    assert seen[0] == "", seen[0]

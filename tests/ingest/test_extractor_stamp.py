"""A graph remembers which extractor wrote its code facts (lore.ingest.stamp): one written by another
extractor (or before the stamp) is rebuilt by the next ingest — history re-read on the side and swapped in —
so an import form the old extractor missed is there without waiting for its file to change."""

from __future__ import annotations

import os

from lore import operations
from lore.ingest import backfill, stamp
from lore.ingest.api import ingest
from lore.store.graph import MAX_TX, Graph

from .conftest import current_rows
from .test_backfill import _same_as_plain

DEP = "SELECT count(*) FROM facts WHERE e = ':module/app-main-py' AND a = ':depends-on' AND v = ':module/requests' " \
      f"AND tx_to = {MAX_TX}"


def _repo(repo):
    repo.write("app/util.py", "def helper():\n    return 1\n")
    repo.commit("util", "2024-01-01T00:00:00Z")
    repo.write("app/main.py", "import requests\nfrom app import util\n\ndef run():\n    return util.helper()\n")
    repo.commit("main", "2024-02-01T00:00:00Z")
    repo.write("app/util.py", "def helper():\n    return 2\n")
    repo.commit("util again", "2024-03-01T00:00:00Z")


def _as_if_an_old_extractor_wrote_it(g: Graph, stamp_value: str | None) -> None:
    """What an extractor that did not see `import requests` left: no such import, and its own stamp."""
    with g.lock:
        g.con.execute(f"UPDATE facts SET tx_to = (SELECT max(tx) FROM tx) WHERE e = ':module/app-main-py' "
                      f"AND a = ':depends-on' AND v = ':module/requests' AND tx_to = {MAX_TX}")
        g.con.execute("DELETE FROM ingest_meta WHERE key = 'extractor'")
        if stamp_value is not None:
            g.con.execute("INSERT INTO ingest_meta VALUES ('extractor', ?)", [stamp_value])


def test_an_ingest_stamps_the_graph_and_a_current_graph_is_not_rebuilt(repo, tmp_path):
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    ingest(g, str(repo.path))
    assert stamp.stored_stamp(g) == stamp.extractor_stamp()
    txs = g.con.execute("SELECT max(tx) FROM tx").fetchall()[0][0]
    out = ingest(g, str(repo.path))
    assert "rebuilt_for_extractor" not in out
    assert g.con.execute("SELECT max(tx) FROM tx").fetchall()[0][0] == txs


def test_a_graph_of_another_extractor_is_rebuilt_as_a_fresh_ingest(repo, tmp_path):
    _repo(repo)
    plain = Graph(tmp_path / "plain.duckdb")
    ingest(plain, str(repo.path))
    for old in (None, "1-0000000000000000"):  # before the stamp; another extractor's
        g = Graph(tmp_path / f"g{old}.duckdb")
        ingest(g, str(repo.path))
        _as_if_an_old_extractor_wrote_it(g, old)
        assert g.con.execute(DEP).fetchall()[0][0] == 0
        out = ingest(g, str(repo.path))  # no new commit: only the stamp says the facts are old
        assert out["status"] == "complete" and out["rebuilt_for_extractor"] == stamp.extractor_stamp()
        assert g.con.execute(DEP).fetchall()[0][0] == 1
        assert backfill.history_state(g) == "complete" and stamp.stored_stamp(g) == stamp.extractor_stamp()
        assert not os.path.exists(backfill.side_path(g))
        _same_as_plain(g, plain)
        g.close()


def test_a_rebuild_stopped_half_way_says_partial_and_resumes(repo, tmp_path):
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    ingest(g, str(repo.path))
    _as_if_an_old_extractor_wrote_it(g, None)
    out = ingest(g, str(repo.path), cancel=lambda: True)  # stopped before its first commit
    assert out["status"] == "stopped"
    assert operations.run("ingestStatus", g, {})["history"] == "partial"
    reply = operations.run("query", g, {"query": "[:find ?e :where [?e :entity-type :type/module]]"})
    assert reply["ok"] and reply["code_history"] == "partial"  # reads say so meanwhile
    out = ingest(g, str(repo.path))
    assert out["status"] == "complete" and backfill.history_state(g) == "complete"
    assert g.con.execute(DEP).fetchall()[0][0] == 1


def test_a_stamp_a_repository_cannot_set(repo, tmp_path):
    # ingest_meta is the graph's own table: a cloned repository has no way to write it, but a graph file
    # whose stamp is junk (a hostile or corrupt cache) is rebuilt like any other.
    _repo(repo)
    g = Graph(tmp_path / "g.duckdb")
    ingest(g, str(repo.path))
    _as_if_an_old_extractor_wrote_it(g, "\x1b[31m" + "x" * 10_000)
    out = ingest(g, str(repo.path))
    assert out["rebuilt_for_extractor"] == stamp.extractor_stamp()
    assert current_rows(g)


def test_a_rebuild_counts_the_commits_it_walks_not_twice(repo, tmp_path, monkeypatch):
    """ingestStatus while an older extractor's graph is rebuilt: processed/total are the history's commits
    (the walk on the side), never the old history's added to them — 2,655 commits of caddyserver/caddy were
    shown as 2,985/5,310 and ended "complete, 5310/5310 commits" — and a rebuild stopped half-way resumes
    counting what the side graph already has."""
    from lore.ingest.job import IngestJob

    from .test_incremental import synth_history

    synth_history(repo, 40)
    g = Graph(tmp_path / "g.duckdb")
    ingest(g, str(repo.path))
    _as_if_an_old_extractor_wrote_it(g, None)
    monkeypatch.setenv("LORE_INGEST_BATCH", "5")
    seen: list[dict] = []
    job = IngestJob(g)

    def stop_half_way(st):
        seen.append(st)
        if st.get("processed", 0) >= 10:
            job.cancel()
    job.on_progress = stop_half_way
    assert job.start(str(repo.path))["ok"]
    st = job.wait(120)
    assert st["status"] == "stopped", st
    running = [s for s in seen if s["status"] == "running"]
    assert running and all(s["total"] == 40 and s["processed"] <= 40 for s in running), running[:3]
    stopped_at = st["processed"]
    assert 10 <= stopped_at < 40
    seen.clear()
    job.on_progress = seen.append
    assert job.start(str(repo.path))["ok"]
    st = job.wait(120)
    assert st["status"] == "complete" and st["history"] == "complete"
    running = [s for s in seen if s["status"] == "running"]
    assert running[0]["processed"] >= stopped_at and all(s["total"] == 40 for s in running), running[:3]
    assert (st["processed"], st["total"]) == (40, 40)
    g.close()

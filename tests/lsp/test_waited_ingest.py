"""A client that waits on an ingest at the graph's owner (``lore ingest`` forwarded, ``lore_ingest`` with
``wait``) does not hold up the other clients: the owner runs the ingest as its background job and waits for it
in that request's own thread, so another client's prepare-turn, status and queries are answered meanwhile, and
the waiting client still gets the whole ingest's reply."""

from __future__ import annotations

import json
import subprocess

from lore.runtime import owner

from .conftest import LORE, wait_until
from .test_owner import start_owner, stop
from .test_progress import big_history

N_COMMITS = 2000


def test_reads_are_answered_while_another_client_waits_on_an_ingest(tmp_path):
    root = big_history(tmp_path / "repo", N_COMMITS)
    graph = tmp_path / "g" / "lore.duckdb"
    proc = start_owner(graph)
    ingest = None
    try:
        # The reader's first prepare-turn loads what every later one uses (the embedding model): done first,
        # so what is measured below is the queue, not a cold start.
        warm = owner.forward(graph, "prepareTurn", {"message": "which database do we use?"})
        assert warm is not None and warm["ok"], warm
        # Client A: the real CLI, forwarded to the owner, waits for the whole ingest.
        ingest = subprocess.Popen([LORE, "--graph", str(graph), "--json", "ingest", str(root)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        answers: list[dict] = []

        def under_way() -> bool:
            # A status asked while A waits; on a worker held by A's ingest it is answered only once A's
            # ingest has ended.
            assert ingest.poll() is None, \
                f"A's ingest ended with only {len(answers)} status answer(s) given meanwhile: {answers[-1:]}"
            st = owner.forward(graph, "ingestStatus", {})
            assert st is not None and st["ok"], st
            answers.append(st)
            return st["status"] == "running" and st["processed_this_run"] > 0

        wait_until(under_way, 120, "the owner to report the waited ingest under way")
        # Client B, meanwhile: a prepare-turn, a query and the status are answered while A still waits.
        turn = owner.forward(graph, "prepareTurn", {"message": "what does f12 return?"})
        assert turn is not None and turn["ok"], turn
        q = owner.forward(graph, "query", {"query": "[:find ?e :where [?e :entity-type :type/commit]]"})
        assert q is not None and q["ok"], q
        st = owner.forward(graph, "ingestStatus", {})
        assert ingest.poll() is None, "A's ingest ended before B's reads were answered"
        assert st["status"] == "running" and st["processed"] < N_COMMITS, st
        assert len(q["results"]) < N_COMMITS  # B read the graph part-way through the ingest

        out, err = ingest.communicate(timeout=600)
        assert ingest.returncode == 0, (out, err)
        reply = json.loads([ln for ln in out.splitlines() if ln.strip()][-1])
        # A's reply is the whole ingest's, as when the owner ran it on its worker.
        assert reply["ok"] and reply["status"] == "complete", reply
        assert reply["commits"] == N_COMMITS and reply["facts_written"] > 0, reply
        assert "_result" not in reply and "_then" not in reply
        done = owner.forward(graph, "ingestStatus", {})
        assert done["status"] == "complete" and done["processed"] == N_COMMITS, done
        # A second waited ingest has nothing to do and says so.
        again = owner.forward(graph, "ingest", {"repo": str(root), "wait": True})
        assert again["ok"] and again["status"] == "complete" and not again.get("facts_written"), again
    finally:
        if ingest is not None and ingest.poll() is None:
            ingest.kill()
            ingest.wait()
        stop(proc)


def test_a_waited_ingest_of_a_folder_that_is_no_repository_is_an_error(tmp_path):
    graph = tmp_path / "g" / "lore.duckdb"
    proc = start_owner(graph)
    try:
        (tmp_path / "plain").mkdir()
        reply = owner.forward(graph, "ingest", {"repo": str(tmp_path / "plain"), "wait": True})
        assert reply is not None and reply["ok"] is False and reply["error"]["code"], reply
        assert "_then" not in reply
        # The owner still serves.
        assert owner.forward(graph, "stats", {})["ok"]
    finally:
        stop(proc)

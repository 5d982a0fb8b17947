"""A decision's neighbourhood as a small graph (issue 17): ``lore graph ENTITY --format mermaid|dot|json``
(the real CLI) and ``lore/graph`` (a real server), one operation. What it governs/rejects/supersedes, the code
that imports what it rejects, and its warnings; every label escaped, whatever a cloned repository's names
and a memory's text hold."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
import pytest_asyncio

from .conftest import LORE, cli, lsp, make_repo, request

pytestmark = pytest.mark.asyncio(loop_scope="module")

APP = "import chardet\nimport os\n\n\ndef detect(data):\n    return chardet.detect(data)\n"
EVIL = 'He said "hi" --> } [label="pwn"] `md` | a<b> \\ end #quot\nn0 --> n1'  # quotes, -->, }, \\, a newline
FACTS = ('[[:decision/no-chardet :rejects :module/chardet] '
         '[:decision/no-chardet :description "Do not use chardet: it is LGPL"] '
         '[:decision/no-chardet :governs :function/src-app-py-detect] '
         '[:decision/charset :supersedes :decision/old-chardet] '
         '[:decision/old-chardet :description "chardet is fine"] '
         '[:decision/no-chardet-2 :supersedes :decision/no-chardet] '
         '[:decision/no-chardet-2 :description "No chardet, no cchardet"] '
         f'[:decision/evil :description {json.dumps(EVIL)}] [:decision/evil :governs :module/src-app-py] '
         '[:decision/evil :a-->b :module/os]]')

NODE_MERMAID = re.compile(r'^  n\d+(\{\{|\[|\(|>)"[^"\n]*"(\}\}|\]|\))$')
EDGE_MERMAID = re.compile(r'^  n\d+ -\.?->\|"[^"|\n]*"\| n\d+$')
DOT_STRING = r'"(?:[^"\\\n]|\\.)*"'
NODE_DOT = re.compile(rf'^  n\d+ \[label={DOT_STRING}, tooltip={DOT_STRING}, shape=\w+(, penwidth=3)?\];$')
EDGE_DOT = re.compile(rf'^  n\d+ -> n\d+ \[label={DOT_STRING}(, style=dashed)?\];$')


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("graph") / "repo", {"src/app.py": APP})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "ingest", str(root))[0] == 0
    code, out = cli(graph, "transact", FACTS, "--reason", "decisions")
    assert code == 0, out
    async with lsp(graph, root) as client:
        yield client, root, graph


def _lore(graph: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([LORE, "--graph", str(graph), "graph", *args], capture_output=True, text=True, timeout=60)


def _check_mermaid(text: str) -> None:
    lines = text.splitlines()
    assert lines[0] == "flowchart LR"
    for ln in lines[1:]:
        assert NODE_MERMAID.match(ln) or EDGE_MERMAID.match(ln) or re.match(r"^  style n\d+ ", ln), ln


def _check_dot(text: str) -> None:
    lines = text.splitlines()
    assert lines[:3] == ["digraph lore {", "  rankdir=LR;", '  node [fontname="sans-serif"];'] and lines[-1] == "}"
    for ln in lines[3:-1]:
        assert NODE_DOT.match(ln) or EDGE_DOT.match(ln), ln


async def test_a_decisions_neighbourhood_over_lsp(ws):
    client, root, graph = ws
    g = await request(client, "lore/graph", {"entity": ":decision/no-chardet"})
    assert g["ok"] and g["format"] == "json" and g["entity"] == ":decision/no-chardet"
    rel = {(e["from"], e["relation"], e["to"]) for e in g["edges"]}
    assert (":decision/no-chardet", ":rejects", ":module/chardet") in rel
    assert (":decision/no-chardet", ":governs", ":function/src-app-py-detect") in rel
    assert (":decision/no-chardet-2", ":supersedes", ":decision/no-chardet") in rel
    assert (":module/src-app-py", ":depends-on", ":module/chardet") in rel  # who imports what it rejects
    label = {n["id"]: n["label"] for n in g["nodes"]}
    assert label[":module/src-app-py"] == "src/app.py" and label[":function/src-app-py-detect"] == "detect (src/app.py)"
    assert label[":decision/no-chardet"] == 'the decision "Do not use chardet…"'
    [w] = [w for w in g["warnings"] if w["entity"] == ":module/src-app-py"]
    assert w["message"].startswith("src/app.py imports chardet")
    assert (f":warning/{w['id']}", "warns", ":module/src-app-py") in rel
    assert ":decision/old-chardet" not in label  # another decision's chain is not this one's neighbourhood


async def test_the_cli_prints_mermaid_dot_and_json(ws):
    _, _, graph = ws
    p = _lore(graph, ":decision/no-chardet")
    assert p.returncode == 0, p.stderr
    _check_mermaid(p.stdout)
    assert '{{"the decision #34;Do not use chardet…#34;"}}' in p.stdout and '-->|"rejects"|' in p.stdout
    p = _lore(graph, ":decision/no-chardet", "--format", "dot")
    assert p.returncode == 0, p.stderr
    _check_dot(p.stdout)
    p = _lore(graph, ":decision/no-chardet", "--format", "json")
    g = json.loads(p.stdout)
    assert {n["id"] for n in g["nodes"]} >= {":decision/no-chardet", ":module/chardet"}
    code, reply = cli(graph, "graph", ":decision/no-chardet", "--format", "dot")
    assert code == 0 and reply["text"].startswith("digraph lore {")


async def test_hostile_labels_are_escaped(ws):
    client, _, graph = ws
    for fmt, check in (("mermaid", _check_mermaid), ("dot", _check_dot)):
        p = _lore(graph, ":decision/evil", "--format", fmt)
        assert p.returncode == 0, p.stderr
        check(p.stdout)
        r = await request(client, "lore/graph", {"entity": ":decision/evil", "format": fmt})
        assert r["ok"] and r["text"] == p.stdout
    mer = _lore(graph, ":decision/evil").stdout
    assert "#34;hi#34;" in mer and "#35;quot" in mer and "#96;md#96;" in mer and "#124;" in mer and "a#60;b#62;" in mer
    assert '|"a--#62;b"|' in mer and "} [label=#34;pwn#34;]" in mer  # an attribute with -->, a text with }
    dot = _lore(graph, ":decision/evil", "--format", "dot").stdout
    assert '\\"hi\\"' in dot and "\\\\ end" in dot and 'label="a-->b"' in dot


@pytest.mark.parametrize("params,code", [
    ({"entity": ":decision/never-recorded"}, "unknown-entity"),
    ({"entity": ':decision/x"] ; n0 --> n1'}, "bad-params"),
    ({"entity": "decision"}, "bad-params"),
    ({"entity": 7}, "bad-params"),
    ({}, "bad-params"),
    ({"entity": ":decision/no-chardet", "format": "svg"}, "bad-params"),
    ({"entity": ":decision/no-chardet", "limit": 0}, "bad-params"),
    ({"entity": ":decision/no-chardet", "limit": True}, "bad-params"),
])
async def test_bad_entities_and_params_are_answered(ws, params, code):
    client, _, graph = ws
    r = await request(client, "lore/graph", params)
    assert r["ok"] is False and r["error"]["code"] == code, r
    assert (await request(client, "lore/ingestStatus", {}))["ok"]  # still serving


async def test_the_cli_refuses_an_unknown_entity(ws):
    _, _, graph = ws
    p = _lore(graph, ":decision/never-recorded")
    assert p.returncode == 1 and "unknown-entity" in p.stderr and p.stdout == ""
    p = _lore(graph, ":decision/no-chardet", "--format", "svg")
    assert p.returncode != 0 and "invalid choice" in p.stderr and p.stdout == ""


async def test_a_limit_truncates_and_says_so(ws):
    client, _, graph = ws
    r = await request(client, "lore/graph", {"entity": ":decision/no-chardet", "limit": 1})
    assert r["ok"] and r["truncated"] is True
    assert len([e for e in r["edges"] if e["relation"] != "warns"]) == 1
    # a warning's edge goes to a node of the graph even when the limit cut the edge that brought that node
    # (user trial 11: `lore graph :decision/zerolog --limit 12` on labstack/echo was KeyError, exit 1)
    ids = {n["id"] for n in r["nodes"]}
    assert all(e["from"] in ids and e["to"] in ids for e in r["edges"]), (ids, r["edges"])
    for fmt, check in (("mermaid", _check_mermaid), ("dot", _check_dot)):
        p = _lore(graph, ":decision/no-chardet", "--limit", "1", "--format", fmt)
        assert p.returncode == 0, p.stderr
        check(p.stdout)


async def test_mcp_tools_for_the_graph_and_a_recorded_decision(tmp_path):
    """The same operations as MCP tools (`lore mcp`, the SDK's client over stdio)."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    root = make_repo(tmp_path / "repo", {"src/app.py": APP})
    params = StdioServerParameters(command=LORE, args=["mcp"], cwd=str(root), env={"LORE_GRAPH_PATH": ""})
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        assert not (await session.call_tool("lore_ingest", {"wait": True})).is_error
        r = await session.call_tool("lore_record_decision", {"kind": "rejects", "target": "chardet",
                                                             "text": "Do not use chardet: LGPL", "why": "licence"})
        assert not r.is_error and r.structured_content["decision"] == ":decision/no-chardet"
        r = await session.call_tool("lore_graph", {"entity": ":decision/no-chardet", "format": "mermaid"})
        assert not r.is_error and r.structured_content["text"].startswith("flowchart LR")
        assert '-->|"rejects"|' in r.structured_content["text"]
        r = await session.call_tool("lore_graph", {"entity": ":decision/nope"})
        assert r.is_error and "unknown-entity" in r.content[0].text

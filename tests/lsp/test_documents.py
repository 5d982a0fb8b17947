"""The server's copy of an open buffer (lore.lsp.documents): exact after many incremental edits — UTF-16
positions, CRLF and lone CR line breaks, multi-line ranges, characters past a line's end, form feeds and
U+2028 inside a line — and an edit costs what the edit costs, not what the buffer costs."""

from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

import pytest
from lsprotocol import types

from lore.lsp.documents import Document, split_lines

from .conftest import cli, lsp, make_repo, open_doc, request, wait_for

# Characters that are one UTF-16 unit, two (😋), a line break of each kind, and characters that
# str.splitlines() breaks at but an editor does not (form feed, U+2028, U+0085).
ALPHABET = ["a", "b", "é", "😋", " ", "\n", "\r\n", "\r", "\x0c", "\u2028", "\x85"]


def lsp_offset(text: str, pos: types.Position) -> int:
    """A position -> an index into the whole text, computed the slow, obvious way from the LSP's words:
    lines end at \\n, \\r\\n or \\r; a character counts UTF-16 units; past the line's end is its end; a line
    past the last is the end of the text."""
    starts, i = [0], 0
    while i < len(text):
        if text[i] == "\r" and text[i + 1:i + 2] == "\n":
            i += 2
            starts.append(i)
            continue
        if text[i] in "\r\n":
            starts.append(i + 1)
        i += 1
    if pos.line >= len(starts):
        return len(text)
    start = starts[pos.line]
    if pos.line + 1 < len(starts):  # the line without its one line break
        raw = text[start:starts[pos.line + 1]]
        content = raw[:-2] if raw.endswith("\r\n") else raw[:-1]
    else:
        content = text[start:]
    units = 0
    for k, c in enumerate(content):
        if units >= pos.character:
            return start + k
        units += 2 if ord(c) > 0xFFFF else 1
    return start + len(content)


def random_edits(text: str, n: int, seed: int) -> tuple[list[types.TextDocumentContentChangePartial], str]:
    rnd = random.Random(seed)
    edits = []
    for _ in range(n):
        lines = max(1, len(split_lines(text)))

        a, b = (types.Position(rnd.randrange(lines + 1), rnd.randrange(0, 14)) for _ in range(2))
        oa, ob = lsp_offset(text, a), lsp_offset(text, b)
        if ob < oa:
            a, b, oa, ob = b, a, ob, oa
        new = "".join(rnd.choice(ALPHABET) for _ in range(rnd.randrange(0, 8)))
        edits.append(types.TextDocumentContentChangePartial(range=types.Range(a, b), text=new))
        text = text[:oa] + new + text[ob:]
    return edits, text


def start_text(seed: int) -> str:
    rnd = random.Random(seed)
    return "".join(rnd.choice(ALPHABET) for _ in range(400))


def test_document_is_exact_after_many_edits():
    for seed in range(5):
        text = start_text(seed)
        edits, expected = random_edits(text, 400, seed)
        doc = Document("file:///t.py", text, version=1)
        for e in edits:
            doc.apply_change(e)
        assert doc.source == expected
        assert list(doc.lines) == [ln for ln in split_lines(expected) if ln]


def test_lines_are_the_editors_lines():
    doc = Document("file:///t.py", "a\x0cb\r\nc\u2028d\re\n")
    assert list(doc.lines) == ["a\x0cb\r\n", "c\u2028d\r", "e\n"]
    assert len(Document("file:///t.py", "").lines) == 0


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _change(uri: str, version: int, edits: list[types.TextDocumentContentChangePartial]
            ) -> types.DidChangeTextDocumentParams:
    return types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=edits)


@pytest.mark.asyncio
async def test_server_text_is_exact_after_many_edits(tmp_path):
    root = make_repo(tmp_path / "repo")
    async with lsp(tmp_path / "g.duckdb", root, init_options={"ingestOnStartup": False}) as client:
        text = start_text(11)
        uri = open_doc(client, root / "src" / "auth.py", text)
        version = 1
        for seed in range(6):
            edits, text = random_edits(text, 60, 100 + seed)
            # one notification with many changes (VS Code batches), and many with one (Neovim)
            if seed % 2:
                version += 1
                client.text_document_did_change(_change(uri, version, edits))
            else:
                for e in edits:
                    version += 1
                    client.text_document_did_change(_change(uri, version, [e]))
        st = await request(client, "lore/serverStatus", {})
        doc = st["documents"][uri]
        assert doc["version"] == version
        assert doc["chars"] == len(text)
        assert doc["sha256"] == _sha(text)


@pytest.mark.asyncio
async def test_an_import_typed_after_a_form_feed_line_is_flagged_where_typed(tmp_path):
    """A form feed (a page break in the comment above) is no line break to the editor: the import typed on
    the next line lands there, and its rejected dependency is flagged on it."""
    root = make_repo(tmp_path / "repo", {"src/app.py": "# part one\x0c the client\nimport os\n"})
    graph = tmp_path / "g.duckdb"
    assert cli(graph, "ingest", str(root))[0] == 0
    assert cli(graph, "transact", "[[:decision/cache :rejects :module/redis]"
                                  " [:decision/cache :description \"no redis\"]]", "--reason", "review")[0] == 0
    async with lsp(graph, root, init_options={"ingestOnStartup": False,
                                              "diagnostics": {"debounceMs": 50}}) as client:
        uri = open_doc(client, root / "src" / "app.py")
        client.text_document_did_change(_change(uri, 2, [types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(1, 0), types.Position(1, 0)), text="import redis\n")]))
        diags = await wait_for(lambda: [d for d in client.diagnostics.get(uri, [])
                                        if d.source == "lore" and d.code == "rejected_dependency"],
                               what="the rejected import typed on line 2")
        assert (diags[0].range.start.line, diags[0].range.start.character) == (1, 7)


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.asyncio
async def test_edits_on_a_large_buffer_cost_what_the_edit_costs(tmp_path):
    """200 keystrokes into a 10 MB buffer: pygls's store re-split and re-wrote the whole text for each
    (about 0.1 s of CPU an edit here, 20 s in all); the server's CPU for all of them, and the status
    request after them, stays a few seconds even on a loaded machine."""
    root = make_repo(tmp_path / "repo")
    line = "value = compute(alpha, beta)  # é😋\n"
    rows = [line] * (10_000_000 // len(line.encode()))
    text = "".join(rows)
    async with lsp(tmp_path / "g.duckdb", root, init_options={"ingestOnStartup": False,
                                                              "diagnostics": {"enabled": False}}) as client:
        uri = open_doc(client, root / "src" / "auth.py", text)
        await request(client, "lore/serverStatus", {})  # the open is handled
        pid = client._server.pid
        before = _cpu_s(pid)
        rnd = random.Random(3)
        for v in range(200):
            ln = rnd.randrange(len(rows))
            client.text_document_did_change(_change(uri, v + 2, [types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(ln, 5), types.Position(ln, 5)), text="x")]))
            rows[ln] = rows[ln][:5] + "x" + rows[ln][5:]  # column 5 is in the ASCII start of the line
        text = "".join(rows)
        st = await request(client, "lore/serverStatus", {})
        spent = _cpu_s(pid) - before
        assert st["documents"][uri]["sha256"] == _sha(text)
        assert spent < 6, f"{spent:.1f} s of server CPU for 200 one-character edits"

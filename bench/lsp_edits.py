"""Incremental edits on a large buffer: what one ``textDocument/didChange`` costs the server.

    python bench/lsp_edits.py [--mb 30] [--edits 200] [--server-edits 40]

1. Side by side, in this process: pygls's ``TextDocument`` (what ``lore serve`` used before) and Lore's
   ``lore.lsp.documents.Document``, each given the same buffer of ``--mb`` MB of Python-like text and the same
   edits (keystrokes, a pasted line, multi-line replacements, a deletion across lines, on lines with
   non-ASCII text). CPU seconds per edit (process time), p50 and max, the cost of reading the whole
   text (``source``) once after the edits — the new store joins its lines only when something reads it —
   and whether each ends with the text the LSP says the edits make (``text_exact``; pygls's store misreads
   a character past a line's end: it lands after the line break, or between ``\r`` and ``\n``).
2. End to end, the new code only: a real ``lore serve`` on stdio opens the buffer in a fresh git repository,
   takes ``--server-edits`` incremental edits, then answers ``lore/serverStatus`` (whose reply carries the
   buffer's SHA-256): the wall time from the last edit sent to that reply, the server's CPU time spent on
   the edits, and whether its text is the expected one.

Goal (issue: after 38 edits on a 30 MB buffer the server took 40 s to answer): an edit costs what the edit
costs — per-edit CPU independent of the buffer's size, and the server answers at once after the edits.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.workspace import TextDocument

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from lore.lsp.documents import Document, split_lines
from lore.lsp.server import _converter

LORE = str(Path(sys.executable).with_name("lore"))


def make_text(mb: float) -> str:
    block = ('def handler_{n}(request, user):\n'
             '    """Answer {n}: the café’s order, 😋 included."""\r\n'
             '    value = request.get("key_{n}", None)\n'
             '    return value\n\n')
    out: list[str] = []
    size, n = 0, 0
    while size < mb * 1_000_000:
        s = block.format(n=n)
        out.append(s)
        size += len(s.encode())
        n += 1
    return "".join(out)


def make_edits(text: str, count: int, seed: int = 7) -> tuple[list[types.TextDocumentContentChangePartial], str]:
    """Edits as an editor sends them (UTF-16 positions), and the text they leave: each is applied, as it is
    made, to a copy computed on the whole string the slow, obvious way (``_reference_apply``)."""
    rnd = random.Random(seed)
    lines = split_lines(text)
    edits = []
    for i in range(count):
        ln = rnd.randrange(len(lines) - 3)
        kind = i % 4
        if kind == 0:  # a keystroke
            rng, new = types.Range(types.Position(ln, 4), types.Position(ln, 4)), "x"
        elif kind == 1:  # a pasted line
            rng, new = types.Range(types.Position(ln, 0), types.Position(ln, 0)), "import os  # ünïcode 😋\n"
        elif kind == 2:  # a multi-line replacement
            rng, new = types.Range(types.Position(ln, 2), types.Position(ln + 2, 3)), "a\r\nb\nc"
        else:  # a deletion across a line break
            rng, new = types.Range(types.Position(ln, 1), types.Position(ln + 1, 0)), ""
        edits.append(types.TextDocumentContentChangePartial(range=rng, text=new))
        lines = split_lines(_reference_apply("".join(lines), lines, rng, new)) if i < 50 else \
            _reference_lines(lines, rng, new)
    return edits, "".join(lines)


def _offset(lines: list[str], pos: types.Position) -> int:
    """A UTF-16 position -> an index into the whole text, as the LSP defines it (a character past the
    line's end is its end, before the line break)."""
    if pos.line >= len(lines):
        return sum(map(len, lines))
    line = lines[pos.line]
    content = line[:-2] if line.endswith("\r\n") else line[:-1] if line.endswith(("\r", "\n")) else line
    units, col = 0, len(content)
    for i, c in enumerate(content):
        if units >= pos.character:
            col = i
            break
        units += 2 if ord(c) > 0xFFFF else 1
    return sum(map(len, lines[:pos.line])) + col


def _reference_apply(text: str, lines: list[str], rng: types.Range, new: str) -> str:
    a, b = _offset(lines, rng.start), _offset(lines, rng.end)
    return text[:a] + new + text[b:]


def _reference_lines(lines: list[str], rng: types.Range, new: str) -> list[str]:
    """The same edit on the few lines it touches (the whole-string way costs seconds an edit at 30 MB; the
    first 50 edits checked it against the whole-string way)."""
    lo, hi = max(rng.start.line - 1, 0), min(rng.end.line + 1, len(lines) - 1)
    part = lines[lo:hi + 1]
    shift = lambda p: types.Position(p.line - lo, p.character)  # noqa: E731
    text = _reference_apply("".join(part), part, types.Range(shift(rng.start), shift(rng.end)), new)
    new_part = split_lines(text)
    if hi < len(lines) - 1:
        new_part.pop()
    return lines[:lo] + new_part + lines[hi + 1:]


def side_by_side(text: str, edits: list[Any], expected: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, cls in (("pygls_TextDocument", TextDocument), ("lore_Document", Document)):
        doc = cls("file:///bench.py", text, version=1)
        per: list[float] = []
        for e in edits:
            t = time.process_time()
            doc.apply_change(e)
            per.append(time.process_time() - t)
        t = time.process_time()
        final = doc.source
        read_s = time.process_time() - t
        out[name] = {"text_exact": final == expected, "edits": len(per), "cpu_s_total": round(sum(per), 4),
                     "cpu_ms_per_edit_p50": round(statistics.median(per) * 1000, 3),
                     "cpu_ms_per_edit_max": round(max(per) * 1000, 3),
                     "cpu_ms_read_source_after": round(read_s * 1000, 2)}
    return out


async def through_server(text: str, edits: list[Any], expected: str) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="lore-edit-bench-"))
    repo = work / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    (repo / "big.py").write_text("x = 1\n")
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.email=b@e", "-c", "user.name=b", "commit", "-q", "-m", "one"],
                   check=True)
    client = LanguageClient("lore-bench", "1", converter_factory=_converter)

    @client.feature(types.WORKSPACE_CONFIGURATION)
    def on_config(params: types.ConfigurationParams) -> list[Any]:
        return [None for _ in params.items]

    @client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
    def on_create(params: Any) -> None:
        return None

    await client.start_io(LORE, "serve", "--graph", str(work / "lore.duckdb"))
    server = client._server
    stderr_log = open(work / "server.stderr", "wb")

    async def drain() -> None:
        while chunk := await server.stderr.read(65536):
            stderr_log.write(chunk)

    drainer = asyncio.ensure_future(drain())
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=repo.as_uri(), process_id=os.getpid(),
        initialization_options={"ingestOnStartup": False}))
    client.initialized(types.InitializedParams())
    uri = (repo / "big.py").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="python", version=1, text=text)))
    st = await client.protocol.send_request_async("lore/serverStatus", {})  # the open has been handled
    cpu0 = _cpu_s(server.pid)
    for i, e in enumerate(edits):
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=i + 2), content_changes=[e]))
    t = time.perf_counter()
    st = await client.protocol.send_request_async("lore/serverStatus", {})
    answer_s = time.perf_counter() - t
    cpu1 = _cpu_s(server.pid)
    got = (st.get("documents") or {}).get(uri) or {}
    want = hashlib.sha256(expected.encode("utf-8")).hexdigest()
    await client.shutdown_async(None)
    client.exit(None)
    await asyncio.wait_for(server.wait(), 30)
    drainer.cancel()
    stderr_log.close()
    return {"edits": len(edits), "answer_after_last_edit_s": round(answer_s, 3),
            "server_cpu_s_for_edits_and_answer": round(cpu1 - cpu0, 3),
            "version": got.get("version"), "text_exact": got.get("sha256") == want}


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of a live process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mb", type=float, default=30)
    ap.add_argument("--edits", type=int, default=200, help="edits in the side-by-side part")
    ap.add_argument("--server-edits", type=int, default=40, help="edits sent to the real server (0: skip)")
    args = ap.parse_args()
    text = make_text(args.mb)
    result: dict[str, Any] = {"buffer_mb": round(len(text.encode()) / 1e6, 1), "lines": text.count("\n")}
    edits, expected = make_edits(text, args.edits)
    result["side_by_side"] = side_by_side(text, edits, expected)
    if args.server_edits:
        edits, expected = make_edits(text, args.server_edits)
        result["server"] = asyncio.run(through_server(text, edits, expected))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

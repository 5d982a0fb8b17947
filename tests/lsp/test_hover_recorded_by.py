"""A hover on code a journal memory governs (and lore/memoriesFor) says who recorded the memory: the journal entry's author (a
teammate's git user.email), shown as text — an author is repository text, and a crafted one shows no Markdown,
link or bidirectional control. Through a real ``lore serve`` on a real repository whose history carries the
entries."""

from __future__ import annotations

import uuid

import pytest

from gitrepo import git
from lore.journal import entry as E
from lore.lsp.text import md_text
from lore.timeutil import parse_instant

from .conftest import AUTH_PY, hover_text, lsp, make_repo, open_doc, request, wait_for

HOSTILE = "**boss**](https://evil.example) <img src=x> \u202eeliam@example.com"


def _entry(root, n: int, author: str, decision: str, text: str) -> None:
    eid = str(uuid.UUID(int=n))
    instant = parse_instant(f"2024-0{n}-01T10:00:00Z")
    body = ('{:lore/journal 1 :id #uuid "' + eid + '" :instant #inst "' + f"2024-0{n}-01T10:00:00Z" + '"'
            f' :author "{author}" :source :cli :reason "review" :tx-data ['
            f'[:db/add {decision} :governs :function/src-auth-py-login] [:db/add {decision} :description "{text}"]]}}')
    d = root / ".lore" / "journal"
    d.mkdir(parents=True, exist_ok=True)
    name = f"{E.stamp(instant)}-{uuid.UUID(eid).hex}-{E.content_hash(body.encode())}.edn"
    (d / name).write_text(body, encoding="utf-8")



@pytest.mark.asyncio
async def test_a_hover_says_who_recorded_each_journal_memory(tmp_path, monkeypatch):
    monkeypatch.delenv("LORE_JOURNAL", raising=False)
    root = make_repo(tmp_path / "repo")
    _entry(root, 1, "ana@example.com", ":decision/rate-limit", "Rate-limit logins per account")
    _entry(root, 2, HOSTILE, ":decision/argon", "Hash passwords with argon2")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "decisions from the review")
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        async def complete():
            status = await request(client, "lore/ingestStatus", {})
            return status if status.get("status") == "complete" else None

        await wait_for(complete, 90, "the ingest to complete")

        async def hovered():
            lines = AUTH_PY.split("\n")
            row = next(i for i, s in enumerate(lines) if s.startswith("def login"))
            text = await hover_text(client, uri, row, lines[row].index("login") + 1)
            return text if text and "argon2" in text and "Rate-limit" in text else None

        uri = open_doc(client, root / "src" / "auth.py")
        text = await wait_for(hovered, 60, "the journal's memories on the hover")
        assert "recorded by ana@example.com on 2024-01-01" in text, text
        assert f"recorded by {md_text(HOSTILE)} on 2024-02-01" in text, text
        assert "**boss**" not in text and "\\](https" in text and "\\<img" in text and "\u202e" not in text
        info = await request(client, "lore/lspHover", {"entity": ":function/src-auth-py-login"})
        by = {m["entity"]: m.get("recordedBy") for m in info["memories"]}
        assert by[":decision/rate-limit"] == {"author": "ana@example.com", "instant": "2024-01-01T10:00:00Z"}
        assert by[":decision/argon"]["author"] == HOSTILE  # the data is the author as written; the hover escapes it
        linked = await request(client, "lore/memoriesFor", {"entity": ":function/src-auth-py-login"})
        by = {m["entity"]: m.get("recordedBy") for m in linked["memories"]}
        assert by[":decision/rate-limit"] == {"author": "ana@example.com", "instant": "2024-01-01T10:00:00Z"}
        assert by[":decision/argon"]["author"] == HOSTILE
        # A memory written with no journal (a private write) names nobody.
        reply = await request(client, "lore/transact", {
            "facts": '[[:decision/local :governs :function/src-auth-py-login] [:decision/local :description "x"]]',
            "reason": "r", "private": True})
        assert reply["ok"], reply

        def local_in(method: str):
            async def found():
                # a server brings its indexes up to date after the write's reply: asked until they have it
                reply = await request(client, method, {"entity": ":function/src-auth-py-login"})
                return next((m for m in reply["memories"] if m["entity"] == ":decision/local"), None)
            return found

        for method in ("lore/lspHover", "lore/memoriesFor"):
            local = await wait_for(local_in(method), 60, f"the private memory in {method}")
            assert local.get("recordedBy") is None, (method, local)

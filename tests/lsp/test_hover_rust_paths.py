"""A hover on a Rust crate named by a path (``anyhow::Result``, ``anyhow::bail!``) shows the crate and the decisions
about it — on every such path of a file, not only the one ingestion keeps as the file's import of it (user trial 16,
BurntSushi/ripgrep: the hover on ``anyhow`` in ``-> anyhow::Result<Index>`` of crates/index/src/index.rs, which also
says ``use anyhow::Context``, showed nothing), and on a path typed into the unsaved buffer. A path whose first
segment is a module (``io::Result``) shows no crate. Real ``lore serve`` on a real ingested repository."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .conftest import hover_text, ingest_complete, lsp, make_repo, open_doc, request

LIB = """use std::io;
use anyhow::Context;

pub fn build(path: &str) -> anyhow::Result<()> {
    let _: io::Result<()> = Ok(());
    std::fs::read(path).context("read")?;
    Ok(())
}
"""


@pytest.mark.asyncio
async def test_hover_on_a_crates_path_shows_the_crate_and_its_decision(tmp_path):
    root = make_repo(tmp_path / "repo", {"Cargo.toml": '[package]\nname = "idx"\n\n[dependencies]\nanyhow = "1"\n',
                                         "src/lib.rs": LIB})
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        await ingest_complete(client)
        reply = await request(client, "lore/transact", {
            "facts": '[[:decision/no-anyhow :rejects :module/anyhow] '
                     '[:decision/no-anyhow :description "No anyhow in library crates: thiserror"]]', "reason": "review"})
        assert reply["ok"], reply
        uri = open_doc(client, root / "src/lib.rs")
        lines = LIB.split("\n")

        def at(fragment: str) -> tuple[int, int]:
            row = next(i for i, text in enumerate(lines) if fragment in text)
            return row, lines[row].index(fragment) + 2

        later = await hover_text(client, uri, *at("anyhow::Result"))
        assert ":module/anyhow" in later and "No anyhow in library crates" in later, later
        used = await hover_text(client, uri, *at("anyhow::Context"))
        assert ":module/anyhow" in used, used
        module = await hover_text(client, uri, *at("io::Result"))
        assert ":module/anyhow" not in module and "No anyhow" not in module, module
        # typed into the buffer, unsaved: a path of a crate the file does not name otherwise
        typed = LIB.replace("use anyhow::Context;\n", "").replace("    Ok(())\n", '    anyhow::bail!("no");\n')
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=typed)]))
        row = typed.split("\n").index('    anyhow::bail!("no");')
        hover = await hover_text(client, uri, row, 6)
        assert ":module/anyhow" in hover and "No anyhow in library crates" in hover, hover

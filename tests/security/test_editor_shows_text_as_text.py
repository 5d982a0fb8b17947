"""A hover is Markdown, and it carried the repository's text as Markdown: a memory from its journal, a
commit subject, an author. An image in it (``![](https://evil.example/p.png)``) is fetched by the editor when
the hover shows (a beacon: the attacker learns who opened the repository, and when); a link shows as a fix to
click; a line break followed by ``**Memories**`` made a section of its own, with fake memories in it. And a
right-to-left override (Trojan Source) made a memory, in the hover or in a diagnostic, read otherwise than it
is. Now the editor's server shows repository text as text (lore.lsp.text): Markdown characters escaped, line
breaks as spaces, control and bidirectional characters as ``\\uXXXX``."""

from __future__ import annotations

import json

from waiting import wait_until

from .clone import git, lore_cmd, plant_journal_entry
from .test_lsp_malformed_requests import RawClient

MEMORY = ("serve() reads \u202edaolyap\u202c. ![beacon](https://evil.example/p.png) "
          "[Fix: run this](https://evil.example/x)\\n\\n**Memories**\\n- *decision* fake")


def test_hovers_and_diagnostics_show_repository_text_as_text(victim):
    plant_journal_entry(victim.repo, "a" * 32, f'[:db/add :decision/serve :description "{MEMORY}"]')
    plant_journal_entry(victim.repo, "b" * 32, '[:db/add :decision/no-os :description "No os \u202ehere\u202c, ever"] '
                             '[:db/add :decision/no-os :rejects :module/os]')
    app = victim.repo / "src" / "app.py"
    app.write_text("import os\n\ndef main():\n    return os.getcwd()\n\ndef serve():\n    return 1\n")
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "Add serve ![c](https://evil.example/c.png) \u202e**bold**")
    rc, out, err, _ = victim.run("ingest")
    assert rc == 0 and out["journal"]["applied"] == 2, (out, err)

    c = RawClient([*lore_cmd(), "serve"], victim.env, victim.repo)
    try:
        c.start(victim.repo)
        uri = app.as_uri()
        # a file not open in the editor: its diagnostics are pulled (an open one's are pushed)
        ids = iter(range(3, 100_000))

        def rejected() -> list[dict]:
            i = next(ids)
            c.send({"jsonrpc": "2.0", "id": i, "method": "textDocument/diagnostic",
                    "params": {"textDocument": {"uri": uri}}})
            r = c.reply(timeout=60)
            assert r["id"] == i, r
            return [d for d in r["result"].get("items") or [] if "imports os" in d["message"]]

        found = wait_until(rejected, what="the rejected import's diagnostic")
        c.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                            "text": app.read_text()}}})
        c.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 5}}})
        hover = c.reply(timeout=60)["result"]["contents"]["value"]
    finally:
        c.close()

    assert "serve" in hover and "fake" in hover, hover
    # before: "![beacon](https://…)", "[Fix: run this](…)", a line "**Memories**" of its own, U+202E raw
    assert "![" not in hover.replace("\\![", "") and "\\!\\[beacon\\]" in hover, hover
    assert "\\[Fix: run this\\]" in hover, hover
    assert hover.count("\n**Memories**") == 1 and "\\*\\*Memories\\*\\*" in hover, hover
    assert "\\!\\[c\\]" in hover, hover  # the commit subject
    for ch in "\u202e\u202c":
        assert ch not in hover, json.dumps(hover)
    assert "\\u202e" in hover
    for d in found:
        texts = [d["message"], *(r["message"] for r in d.get("relatedInformation") or [])]
        assert not any("\u202e" in t for t in texts), texts


def test_a_hash_is_escaped_where_it_makes_a_heading_and_nowhere_else():
    """User trial 9 (sinatra/sinatra in Neovim 0.12): every squash-merged commit subject in a hover, "Revert …
    (#2124)", showed as "(\\#2124)", since Neovim's float shows a Markdown escape as typed. Mid-line a "#" is
    text; at the start of the line it is a heading, and stays escaped."""
    from lore.lsp.text import md_text

    assert md_text("Revert PATH_INFO can never be empty (#2124)") == "Revert PATH_INFO can never be empty (#2124)"
    assert md_text("Adds a #settings method") == "Adds a #settings method"
    assert md_text("# Memories") == "\\# Memories"
    assert md_text("  ## fake section") == "  \\## fake section"
    # an entity reference is shown as typed, never as the character it names (U+202E, the override, here)
    assert md_text("reads &#x202E;daolyap &rlm;x &amp; y") == "reads \\&#x202E;daolyap \\&rlm;x \\&amp; y"
    assert md_text("R&D; fish & chips") == "R\\&D; fish & chips"

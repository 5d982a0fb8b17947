"""A repository's `.git/config` (an unpacked archive carries one) can include a file git does not read yet: one
under a condition that is false now (`[includeIf "onbranch:evil"]`), or one that does not exist yet (a
tracked `later.cfg` that a branch brings). Lore overrides the drivers the configuration defines and read it
again only when a file it came from changed; the editor's server, running on, kept the overrides of `main`
after the user checked out `evil`, and its next `lore/check` ran the included filter's `clean` command. The
user's own `git checkout` ran nothing. The server now also watches the files an include names and, for a
branch condition, `HEAD`."""

from __future__ import annotations

import pytest

from .clone import git, lore_cmd
from .test_git_attribute_drivers import _plant  # branch evil activates a filter main's attributes name
from .test_lsp_malformed_requests import RawClient


def _check(c: RawClient, rid: int) -> dict:
    c.send({"jsonrpc": "2.0", "id": rid, "method": "lore/check", "params": {}})
    r = c.reply(timeout=120)
    assert r["id"] == rid and r["result"]["ok"], r
    return r["result"]


@pytest.mark.parametrize("how", ["onbranch", "appears"])
def test_a_checkout_that_activates_an_include_runs_nothing_in_the_server(victim, tmp_path, how):
    repo, mark = victim.repo, tmp_path / "ran"
    _plant(repo, mark, how)
    c = RawClient([*lore_cmd(), "serve"], victim.env, repo)
    try:
        c.start(repo)
        (repo / "src" / "app.py").write_text("import os\n\ndef main():\n    return 2\n")
        assert _check(c, 2)["branch"] == "main"
        git(repo, "checkout", "-q", "evil")  # the user's own git: runs nothing (only a clean is defined)
        assert not mark.exists()
        (repo / "src" / "app.py").write_text("import os\n\ndef main():\n    return 3\n")
        assert _check(c, 3)["branch"] == "evil"
        # the include is active now: plain git would run the filter, the server's git must not
        assert not mark.exists()
    finally:
        c.close()
    git(repo, "hash-object", "src/app.py")  # plain git hashes the file through the filter: the attack is real
    assert mark.exists()

"""The hover index answers exactly what the plain queries answer: right after it is built, after later
writes (read from facts beside the snapshot) and after retractions (closed rows left out)."""

from __future__ import annotations

from lore import operations
from lore.codeview import hover
from lore.codeview.hover_index import HoverIndex
from lore.store.graph import Graph

from .conftest import cli, make_repo, wait_until

ENTITIES = [":function/src-auth-py-login", ":function/src-auth-py-tokencache-evict", ":class/src-auth-py-tokencache",
            ":module/redis", ":module/src-auth-py", ":decision/login"]


def both(index: HoverIndex, e: str) -> tuple[dict, dict]:
    plain = index.submit(lambda g, _i: hover.hover_info(g, {"entity": e})).result()
    fast = index.submit(lambda g, i: hover.hover_info(g, {"entity": e}, i)).result()
    return plain, fast


def test_index_matches_plain_queries(tmp_path, monkeypatch):
    monkeypatch.setattr("lore.codeview.hover_index.BUILD_DELAY_SECONDS", 0.0)
    root = make_repo(tmp_path / "repo")
    graph_path = root / ".lore" / "lore.duckdb"
    assert cli(graph_path, "ingest", str(root))[0] == 0
    assert cli(graph_path, "transact", '[[:decision/login :governs :function/src-auth-py-login] '
               '[:decision/login :description "rate limit"] [:decision/cache :rejects :module/redis]]',
               "--reason", "r")[0] == 0
    operations.load_features()
    view = Graph(graph_path)
    view.share_between_threads()  # as the owner's backend does: the hover thread reads on its own cursor
    index = HoverIndex(view)
    try:
        wait_until(lambda: index.n is not None, 90, "the hover index to be built")
        for e in ENTITIES:
            plain, fast = both(index, e)
            assert plain == fast, e
        assert any(m["entity"] == ":decision/login" for m in both(index, ENTITIES[0])[1]["memories"])
        # written after the snapshot: seen through facts
        r = operations.run("transact", view, {"facts": '[[:decision/argon :governs :function/src-auth-py-login] '
                                                       '[:decision/argon :description "argon2"]]', "reason": "r"})
        assert r["ok"]
        plain, fast = both(index, ENTITIES[0])
        assert plain == fast and {m["entity"] for m in fast["memories"]} >= {":decision/login", ":decision/argon"}
        # retracted after the snapshot: gone from both
        r = operations.run("retract", view, {"facts": "[[:decision/login :governs :function/src-auth-py-login]]",
                                             "reason": "r"})
        assert r["ok"]
        plain, fast = both(index, ENTITIES[0])
        assert plain == fast and ":decision/login" not in {m["entity"] for m in fast["memories"]}
    finally:
        index.stop()
        view.close()

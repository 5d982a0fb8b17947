"""Issue 13 item 6: no result-size limit (a 10M-row query used 3.5 GB; a reply over 64 MiB made a
forwarding client re-run the read). Now results are fetched in batches and stop with ``too-large`` as
soon as they pass the row cap (LORE_MAX_RESULT_ROWS, default 100 000) or the byte cap
(LORE_MAX_RESULT_BYTES, default 64 MiB)."""

from __future__ import annotations

import pytest

from lore.errors import LoreError
from lore.query.api import run_query
from lore.store import limits
from lore.store.readonly_sql import run_readonly


def test_the_defaults(monkeypatch):
    monkeypatch.delenv("LORE_MAX_RESULT_ROWS", raising=False)
    monkeypatch.delenv("LORE_MAX_RESULT_BYTES", raising=False)
    assert limits.max_rows() == 100_000 and limits.max_bytes() == 64 * 1024 * 1024


def test_too_many_rows(filled):
    with pytest.raises(LoreError) as exc:
        run_readonly(filled, "SELECT range FROM range(10000000)")
    assert exc.value.code == "too-large"
    assert len(run_readonly(filled, "SELECT range FROM range(100000)")[1]) == 100_000
    # an explicit limit asks for the first rows: no error
    assert len(run_readonly(filled, "SELECT range FROM range(10000000)", limit=5)[1]) == 5


def test_too_many_bytes(filled, monkeypatch):
    monkeypatch.setenv("LORE_MAX_RESULT_BYTES", str(1024 * 1024))
    with pytest.raises(LoreError) as exc:
        run_readonly(filled, "SELECT repeat('x', 100000) FROM range(400)")
    assert exc.value.code == "too-large"
    with pytest.raises(LoreError) as exc:
        run_readonly(filled, "SELECT repeat('x', 100000) FROM range(400)", limit=300)
    assert exc.value.code == "too-large"
    assert len(run_readonly(filled, "SELECT repeat('x', 1000) FROM range(400)")[1]) == 400


def test_a_datalog_result_over_the_cap(filled, monkeypatch):
    from lore.store.txdata import parse_tx

    filled.transact(parse_tx("[" + " ".join(f"[:e/{i} :n {i}]" for i in range(300)) + "]", default_kind="add"),
                    reason="r", source="cli")
    monkeypatch.setenv("LORE_MAX_RESULT_ROWS", "1000")
    with pytest.raises(LoreError) as exc:
        run_query(filled, "[:find ?a ?b :where [?a :n _] [?b :n _]]")
    assert exc.value.code == "too-large"
    # :max-results asks for the first rows instead
    out = run_query(filled, "[:find ?a ?b :max-results 10 :where [?a :n _] [?b :n _]]")
    assert len(out["results"]) == 10 and out["truncated"] is True


def test_through_the_cli(cli):
    rc, out, _, _ = cli.run("sql", "SELECT range FROM range(200000)", env={"LORE_MAX_RESULT_ROWS": "1000"})
    assert rc != 0 and out["error"]["code"] == "too-large"


def test_a_result_stopped_as_too_large_leaves_no_transaction_open(tmp_path, monkeypatch):
    # A result stopped half-read keeps its cursor's autocommit transaction open, and on a server thread that
    # then idles, every CHECKPOINT after a committed UPDATE fails until that cursor runs its next statement
    # (the checkpoint stall, DESIGN-CHOICES): the too-large path must read no further and end the result.
    import threading

    from lore.store.graph import Graph
    from lore.store.txdata import parse_tx

    monkeypatch.setenv("LORE_MAX_RESULT_ROWS", "10")
    g = Graph(tmp_path / "g.duckdb")
    g.share_between_threads()  # as the server's owner does: this thread's cursor is its own
    many = " ".join(f'[:x/e{i} :a "v{i}"]' for i in range(5000))
    g.transact(parse_tx(f"[{many}]", default_kind="add"), reason="rows", source="cli")
    stopped: dict[str, str] = {}
    idle, done = threading.Event(), threading.Event()

    def reader() -> None:
        try:
            run_query(g, "[:find ?e ?v :where [?e :a ?v]]")
        except LoreError as exc:
            stopped["code"] = exc.code
        idle.set()
        done.wait(60)  # an idle server thread: its cursor runs nothing more

    t = threading.Thread(target=reader)
    t.start()
    try:
        assert idle.wait(60)
        assert stopped.get("code") == "too-large"
        g.transact(parse_tx('[[:db/retract :x/e1 :a "v1"]]'), reason="an UPDATE", source="cli")
        assert g.checkpoint(wait_seconds=0) is True
    finally:
        done.set()
        t.join()
        g.close()

"""Graph.checkpoint: the write-ahead log is folded into the file while other connections of the same graph
(the server's threads) read; a reader's open transaction is waited for, never aborted, never an error."""

from __future__ import annotations

import logging
import threading

import pyarrow as pa

from lore.store.graph import FACT_SCHEMA, MAX_TX, Graph
from lore.timeutil import FOREVER


def bulk_rows(graph: Graph, n: int, tag: str) -> None:
    """n rows through the bulk path, then (in a second transaction) a tenth of them closed: what two
    ingest flushes do."""
    first = graph.allocate_ids(n)
    table = pa.Table.from_arrays([
        pa.array(range(first, first + n), pa.int64()), pa.array([f":e/{tag}{i}" for i in range(n)]),
        pa.array([":a"] * n), pa.array(["s"] * n), pa.array([f"value {i}" for i in range(n)]),
        pa.nulls(n, pa.float64()), pa.array([0] * n, pa.int64()), pa.array([FOREVER] * n, pa.int64()),
        pa.array([1] * n, pa.int32()), pa.array([MAX_TX] * n, pa.int32()), pa.array([False] * n),
        pa.nulls(n, pa.string()), pa.array([1.0] * n), pa.nulls(n, pa.list_(pa.int64()))], schema=FACT_SCHEMA)
    with graph.lock:
        graph.con.execute("BEGIN TRANSACTION")
        graph.begin_tx(f"bulk {tag}", "ingest")
        graph.insert_arrow(table)
        graph.con.execute("COMMIT")
        graph.con.execute("BEGIN TRANSACTION")
        tx, _ = graph.begin_tx(f"close some of {tag}", "ingest")
        graph.con.execute(f"UPDATE facts SET tx_to = {tx} WHERE id < {first + n // 10} AND id >= {first}")
        graph.con.execute("COMMIT")


def test_a_checkpoint_from_another_thread_of_a_fresh_graph_succeeds(tmp_path):
    # The server reads and writes through per-thread cursors of the graph's connection; opening the graph
    # must leave no half-read result (an open transaction) on that connection, or no checkpoint ever works.
    g = Graph(tmp_path / "g.duckdb")
    g.share_between_threads()  # as the server's owner does
    out: dict[str, bool] = {}

    def writer() -> None:
        bulk_rows(g, 200_000, "a")  # on this thread's own cursor
        out["checkpointed"] = g.checkpoint(wait_seconds=0)

    t = threading.Thread(target=writer)
    t.start()
    t.join()
    assert out["checkpointed"] is True
    g.close()


def test_a_checkpoint_waits_for_a_reader_and_does_not_abort_it(tmp_path):
    g = Graph(tmp_path / "g.duckdb")
    bulk_rows(g, 1000, "old")
    reader = g.cursor()
    pending = reader.execute("SELECT e FROM facts ORDER BY id")  # a reader in the middle of its result
    assert len(pending.fetchmany(10)) == 10
    bulk_rows(g, 200_000, "new")
    assert g.checkpoint(wait_seconds=0) is False  # the reader is there: deferred, reported, no exception

    retrying = threading.Event()

    class Seen(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "checkpoint waits" in record.getMessage():
                retrying.set()

    handler = Seen()
    logging.getLogger("lore").addHandler(handler)
    logging.getLogger("lore").setLevel(logging.DEBUG)
    result: dict[str, bool] = {}
    t = threading.Thread(target=lambda: result.setdefault("ok", g.checkpoint(wait_seconds=120)))
    t.start()
    try:
        assert retrying.wait(60), "the checkpoint never tried while the reader was open"
        rest = pending.fetchall()  # the reader finishes its result: its transaction ends
        assert len(rest) == 1000 - 10  # its snapshot: the rows of before
        t.join()
    finally:
        logging.getLogger("lore").removeHandler(handler)
    assert result["ok"] is True
    assert reader.execute("SELECT count(*) FROM facts").fetchall() == [(201_000,)]
    reader.close()
    g.close()


def test_a_single_row_read_left_on_an_idle_thread_does_not_block_the_checkpoint(tmp_path):
    # The backfill's checkpoint stall: the server's background thread read one value (scalar: fetchone)
    # on its own cursor and went idle; the half-read result kept its transaction open, and once an UPDATE
    # committed after it (the backfill's swap closes rows), every CHECKPOINT failed with "other write
    # transactions active" until that thread ran its next statement. Single-row reads read to the end.
    from lore.sqlfile import scalar

    g = Graph(tmp_path / "g.duckdb")
    g.share_between_threads()
    bulk_rows(g, 1000, "old")
    read = threading.Event()
    done = threading.Event()

    def idle_reader() -> None:
        assert scalar(g.con.execute("SELECT count(*) FROM facts")) == 1000
        read.set()
        done.wait(60)  # idle, as the background thread waits for work, its cursor untouched

    t = threading.Thread(target=idle_reader)
    t.start()
    try:
        assert read.wait(60)
        bulk_rows(g, 50_000, "new")  # commits an UPDATE after the reader's statements
        assert g.checkpoint(wait_seconds=0) is True
    finally:
        done.set()
        t.join()
    g.close()


def test_no_server_code_reads_a_result_with_fetchone():
    # fetchone leaves the result half-read (the test above): lore.sqlfile.first_row reads one row to the end.
    from pathlib import Path

    import lore

    server = Path(lore.__file__).parent
    found = [f"{p.relative_to(server)}:{n}" for p in sorted(server.rglob("*.py"))
             for n, line in enumerate(p.read_text().splitlines(), 1) if ".fetchone()" in line]
    assert found == [], found


def test_only_the_bounded_fetch_reads_a_result_in_parts():
    # fetchmany leaves a result half-read when the reader stops early (a too-large result): only
    # store.limits.fetch_bounded does it, and it ends the result on every early exit
    # (tests/security/test_result_size.py); readonly_sql's limit wrapper is ended by its ROLLBACK.
    from pathlib import Path

    import lore

    server = Path(lore.__file__).parent
    found = sorted({str(p.relative_to(server)) for p in server.rglob("*.py") if ".fetchmany(" in p.read_text()})
    assert found == ["store/limits.py", "store/readonly_sql.py"], found

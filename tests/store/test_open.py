"""Opening a graph file: another process creating the same file at the same moment (three CLI writers on a
fresh clone) is waited for like a held lock; a planted file that is not a database is refused at once."""

from __future__ import annotations

import logging
import os
import threading
import time

import pytest

from lore.errors import LoreError
from lore.store.graph import Graph


def test_a_graph_still_being_created_by_another_process_is_waited_for(tmp_path, monkeypatch, caplog):
    """The instant between another process creating the file and writing its headers reads as "not a valid
    DuckDB database": the open waits (it says so), and lands once the file is a graph."""
    monkeypatch.setenv("LORE_LOCK_WAIT", "600")
    made = tmp_path / "made.duckdb"
    Graph(made).close()  # what the other process will have written
    path = tmp_path / "g.duckdb"
    waiting = threading.Event()

    class Tell(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "being created" in record.getMessage():
                waiting.set()

    handler = Tell()
    logging.getLogger("lore").addHandler(handler)
    caplog.set_level(logging.INFO, logger="lore")
    opened: list[Graph | BaseException] = []

    def open_it() -> None:
        try:
            opened.append(Graph(path))
        except BaseException as exc:  # noqa: BLE001 - reported by the assert below
            opened.append(exc)
            waiting.set()  # an open that gave up ends the wait too

    # The file appears, empty, after this open looked for it and found none: another process made it.
    real_exists = os.path.exists
    monkeypatch.setattr("lore.store.graph.Path.exists", lambda p: False if str(p) == str(path) else real_exists(p))
    path.write_bytes(b"")
    t = threading.Thread(target=open_it)
    t.start()
    try:
        assert waiting.wait(300), "the open never said it was waiting"
        assert not opened, f"the open did not wait: {opened}"
        os.replace(made, path)
        t.join(300)
    finally:
        logging.getLogger("lore").removeHandler(handler)
    assert len(opened) == 1 and isinstance(opened[0], Graph), opened
    g = opened[0]
    assert g.con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    g.close()


def test_an_old_empty_file_planted_as_the_graph_is_refused_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("LORE_LOCK_WAIT", "600")
    path = tmp_path / "g.duckdb"
    path.write_bytes(b"")
    os.utime(path, (time.time() - 3600, time.time() - 3600))
    started = time.monotonic()
    with pytest.raises(LoreError) as err:
        Graph(path)
    assert err.value.code == "graph-corrupt"
    assert time.monotonic() - started < 60  # not the 600 s lock wait
    assert path.read_bytes() == b""  # left as it was


def test_every_graph_hands_freed_memory_back_in_the_background(tmp_path):
    """DuckDB's allocator purges what its queries freed on background threads (a server otherwise keeps
    every peak it reached); the setting is process-wide, so a read-only graph opened later asks for it too."""
    g = Graph(tmp_path / "g.duckdb")
    try:
        assert g.con.execute("SELECT current_setting('allocator_background_threads')").fetchall() == [(True,)]
    finally:
        g.close()
    ro = Graph(tmp_path / "g.duckdb", read_only=True)
    try:
        assert ro.con.execute("SELECT current_setting('allocator_background_threads')").fetchall() == [(True,)]
    finally:
        ro.close()

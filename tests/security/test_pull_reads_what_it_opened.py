"""Pulled diagnostics read a file's text to place warnings (lore.lsp.pull). The path was checked (no symlink, a
regular file, inside the root) and then opened by name: a FIFO or a link swapped in between would have been
opened and waited on, hanging the server (attack round 8 left it). What is opened is now checked again
(lore.fileread.read_regular with follow=False): a FIFO, a device or a symlink is refused as opened, without waiting."""

from __future__ import annotations

import os
import threading

import pytest

from lore.fileread import read_regular


def read_regular_start(path, limit):
    """As pulled diagnostics read a file: its first bytes, what was opened checked again."""
    return read_regular(path, limit, whole=False, follow=False)


def _within(seconds: float, fn):
    """fn's result or exception, or a failure if it does not return in time (a FIFO open would block)."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "the read waited"
    return out


def test_a_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "app.py"
    os.mkfifo(fifo)
    out = _within(30, lambda: read_regular_start(fifo, 1000))
    assert isinstance(out.get("error"), OSError), out


def test_a_symlink_is_refused_as_opened(tmp_path):
    secret = tmp_path / "id_rsa"
    secret.write_text("PRIVATE KEY")
    link = tmp_path / "app.py"
    link.symlink_to(secret)
    with pytest.raises(OSError):
        read_regular_start(link, 1000)


def test_a_device_is_refused(tmp_path):
    out = _within(30, lambda: read_regular_start("/dev/zero", 1000))
    assert isinstance(out.get("error"), OSError), out


def test_a_regular_file_gives_its_first_bytes(tmp_path):
    f = tmp_path / "big.py"
    f.write_bytes(b"x" * 5000)
    assert read_regular_start(f, 1000) == b"x" * 1000
    assert read_regular_start(f, 10_000) == b"x" * 5000

"""stdout carries LSP frames only: once the server claims it, a stray print (Python or C level, or a child
process) lands on stderr."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = r"""
import os, subprocess, sys
from lore.lsp.server import _claim_stdout
out = _claim_stdout()
print("stray print")
os.write(1, b"stray fd write\n")
subprocess.run(["echo", "stray child"])
out.write(b"FRAME")
out.flush()
"""


def test_stray_output_goes_to_stderr():
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == b"FRAME"
    for text in (b"stray print", b"stray fd write", b"stray child"):
        assert text in proc.stderr

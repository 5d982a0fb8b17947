"""Memory tests import their fixtures' helpers from memory_helpers (a uniquely named module, so other
areas' helper modules never shadow it)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

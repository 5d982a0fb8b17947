"""Catastrophic backtracking: every compiled pattern of lore.memory (the capture reader's, cues', supersession's,
…) reads text from turns, memories and journals, so each is run, in a child with a CPU limit, over adversarial
runs of characters: generic ones (blanks, newlines, marks, separators) and runs of the pattern's own words. On
main, supersession's status-line pattern (``^\\s*[*>-]?\\s*\\**\\s*(?:replaces…``) took 10 s on 300 newlines and
145 s on one line of 100,000 blanks; a pasted record with blank lines hung capture."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SWEEP = r"""
import importlib, json, pkgutil, re, sys, time
sys.path.insert(0, sys.argv[1])
import lore.memory
pats = {}
def walk(obj, where, depth=0):
    if isinstance(obj, re.Pattern):
        pats.setdefault(obj, where)
    elif depth < 4 and isinstance(obj, (list, tuple, set, frozenset)):
        for i, x in enumerate(obj):
            walk(x, f"{where}[{i}]", depth + 1)
    elif depth < 4 and isinstance(obj, dict):
        for k, x in obj.items():
            walk(x, f"{where}[{k!r}]", depth + 1)
for m in pkgutil.iter_modules(lore.memory.__path__):
    mod = importlib.import_module(f"lore.memory.{m.name}")
    for name, obj in vars(mod).items():
        walk(obj, f"{m.name}.{name}")
UNITS = ["a", " ", "a ", "aa-", "a.", "a,", "a-", "a_", "a/", "a:", "A", "Aa", "1", "1.", "`", "'", '"', "(", "[",
         "*", "* ", "#", "\t", "\n", " \n", "a\n", "::", "..", "a::", "Foo.", " and ", ", ", "e.g. ", "Ab ", "a'", "- ",
         "-a", "\u00e9", "a1", "_a", "$", "@", "a@", "/a", "a.b ", "x: ", "?"]
N = int(sys.argv[2])
slowest = []
for p, where in pats.items():
    print(where, file=sys.stderr, flush=True)  # the last name printed is the one that hung
    words = sorted({w.lower() for w in re.findall(r"[A-Za-z]{3,}", p.pattern)})[:30]
    worst = 0.0
    for u in UNITS + [w + s for w in words for s in (" ", "\n", "-")]:
        s = (u * (N // len(u) + 1))[:N]
        for text in (s, s + "!", "We " + s + " x"):
            t = time.process_time()
            for _ in p.finditer(text):
                pass
            worst = max(worst, time.process_time() - t)
    slowest.append((worst, where))
print(json.dumps({"patterns": len(pats), "slowest": sorted(slowest, reverse=True)[:5]}))
"""


def test_no_pattern_of_the_memory_reader_backtracks_catastrophically():
    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (120, 120))

    p = subprocess.run([sys.executable, "-c", SWEEP, str(ROOT / "server"), "2000"], capture_output=True, text=True,
                       env=dict(os.environ), preexec_fn=limit)
    assert p.returncode == 0, f"killed at its CPU limit while running {p.stderr.strip().splitlines()[-1:]}"
    out = json.loads(p.stdout)
    assert out["patterns"] > 200, out  # the walk found the reader's patterns
    # 2,000 characters: a linear pattern takes well under a millisecond a pass; a quadratic one ~0.1 s
    worst, where = out["slowest"][0]
    assert worst < 0.5, out["slowest"]


def test_a_pasted_record_with_blank_lines_is_captured_at_once(tmp_path):
    """End to end: a decision record (which captures store) followed by a run of blank lines and blank-only
    lines, through finalizeTurn, under a CPU limit (main: killed)."""
    script = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from lore import operations
from lore.store.graph import Graph
g = Graph(sys.argv[2])
text = "# ADR 12. Use Postgres\n\nWe decided to use Postgres for reports because it joins across tenants.\n"
for tail in ("\n" * 3000, (" " * 200 + "\n") * 200, " " * 50_000):
    r = operations.run("finalizeTurn", g, {"delta": "User: " + text + tail + "\nAgent: Noted."})
    assert r["ok"], r
print(json.dumps({"ok": True}))
"""

    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (60, 60))

    p = subprocess.run([sys.executable, "-c", script, str(ROOT / "server"), str(tmp_path / "g.duckdb")],
                       capture_output=True, text=True, env=dict(os.environ, LORE_JOURNAL="0"), preexec_fn=limit)
    assert p.returncode == 0, (p.returncode, p.stderr[-2000:])


def test_a_long_blank_run_inside_a_sentence_is_read_at_once(tmp_path):
    """A turn whose sentence holds a long run of blanks (a pasted table, a terminal's padding) before "so": the
    reason reader's pattern was tried at every blank of the run (quadratic: 20,000 spaces cost 15 s of CPU in
    finalizeTurn, 60,000 about two minutes). Under a CPU limit, through finalizeTurn."""
    script = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from lore import operations
from lore.store.graph import Graph
g = Graph(sys.argv[2])
for blanks in (" " * 60_000, " \t" * 30_000, ", " + " " * 60_000):
    r = operations.run("finalizeTurn", g, {"delta": "User: We chose redis" + blanks + "so reads are fast. Agent: ok"})
    assert r["ok"], r
print(json.dumps({"ok": True}))
"""

    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (20, 20))

    p = subprocess.run([sys.executable, "-c", script, str(ROOT / "server"), str(tmp_path / "g.duckdb")],
                       capture_output=True, text=True, env=dict(os.environ, LORE_JOURNAL="0"), preexec_fn=limit)
    assert p.returncode == 0, (p.returncode, p.stderr[-2000:])

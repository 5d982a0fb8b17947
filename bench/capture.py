#!/usr/bin/env python3
"""Benchmark: finalize-turn's capture on real public text (issue 14), through the CLI.

    python bench/capture.py [--set 1|2|3|...|23|all] [--split tune|dev|heldout|all] [--details] [--in-process]
                            [--baseline /work/main]

Twenty-three labelled sets (tests/memory/data/real): capture.json (set 1, splits tune/heldout), capture2.json (set 2,
splits dev/heldout), capture3.json (set 3, splits dev/heldout), and capture4.json to capture23.json (sets 4 to 23,
all held out; set 12 read by round 11, set 13 by round 12, set 14 by round 13, sets 15 and 16 by round 14, set 17
by round 15, set 18 by round 16, set 19 by round 17, set 20 by round 18; sets 21 and 22 by round 19; set 23
blind, scored once by stop 41); the labels of sets 2 to 23 were written before the extractor was run on their text.
Each exchange is given to `lore finalize-turn --json` on a fresh graph;
the memories it stores are scored against the labels (written before tuning; see that folder's README).
Prints one JSON object per split: precision and recall of capture (goals >= 0.9, >= 0.85), stored under the
right kind, rationale kept and rejected alternative kept (goals >= 0.85 each). --details adds the misses,
false positives and partial captures (for the tune split only, unless asked for by name: the held-out split is
for measuring, not for reading while tuning). --in-process calls the operation directly (faster, same code).
--baseline DIR scores DIR's server code (another checkout, e.g. main) the same way in a child process, in the same
job, and prints its figures beside ("baseline") with the differences of the five measures ("change").
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "server"))
REAL = ROOT / "tests" / "memory" / "data" / "real"
SETS = {"1": REAL / "capture.json", "2": REAL / "capture2.json", "3": REAL / "capture3.json",
        "4": REAL / "capture4.json", "5": REAL / "capture5.json", "6": REAL / "capture6.json",
        "7": REAL / "capture7.json", "8": REAL / "capture8.json", "9": REAL / "capture9.json",
        "10": REAL / "capture10.json", "11": REAL / "capture11.json", "12": REAL / "capture12.json",
        "13": REAL / "capture13.json", "14": REAL / "capture14.json", "15": REAL / "capture15.json",
        "16": REAL / "capture16.json", "17": REAL / "capture17.json",
        "18": REAL / "capture18.json", "19": REAL / "capture19.json",
        "20": REAL / "capture20.json", "21": REAL / "capture21.json",
        "22": REAL / "capture22.json", "23": REAL / "capture23.json"}


SERVER = ROOT / "server"
MEASURES = ("precision", "recall", "right_kind", "rationale_kept", "rejected_kept")


def run_cli(delta: str, graph: Path) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(SERVER), LORE_JOURNAL="0")
    p = subprocess.run([sys.executable, "-m", "lore", "--graph", str(graph), "finalize-turn", delta, "--json"],
                       capture_output=True, text=True, env=env, timeout=120)
    reply = json.loads(p.stdout)
    if not reply.get("ok"):
        raise SystemExit(f"finalize-turn failed: {reply}")
    return reply.get("memories", [])


def run_in_process(delta: str, graph: Path) -> list[dict]:
    from lore import operations
    from lore.store.graph import Graph

    g = Graph(graph)
    try:
        reply = operations.run("finalizeTurn", g, {"delta": delta})
    finally:
        g.close()
    if not reply.get("ok"):
        raise SystemExit(f"finalize-turn failed: {reply}")
    return reply.get("memories", [])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="all", choices=[*SETS, "all"])
    ap.add_argument("--split", default="all", choices=["tune", "dev", "heldout", "all"])
    ap.add_argument("--details", action="store_true")
    ap.add_argument("--in-process", action="store_true")
    ap.add_argument("--baseline", help="another checkout whose server/ code is scored beside, in a child process")
    ap.add_argument("--code", help=argparse.SUPPRESS)  # the server/ folder to score (the child of --baseline)
    args = ap.parse_args()
    global SERVER
    if args.code:
        SERVER = Path(args.code).resolve()
        sys.path.insert(0, str(SERVER))
    from lore.memory.evaluate import capture_scores

    baseline = None
    if args.baseline:
        cmd = [sys.executable, __file__, "--set", args.set, "--split", args.split,
               "--code", str(Path(args.baseline).resolve() / "server")] + (["--in-process"] if args.in_process else [])
        child = subprocess.run(cmd, capture_output=True, text=True, check=True,
                               env=dict(os.environ, PYTHONPATH=str(Path(args.baseline).resolve() / "server")))
        baseline = json.loads(child.stdout)

    run = run_in_process if args.in_process else run_cli
    out: dict = {"benchmark": "capture", "code": str(SERVER),
                 "through": "in-process operation" if args.in_process else "lore finalize-turn --json (CLI)",
                 "load_before": os.getloadavg()[0]}
    t0 = time.perf_counter()
    c0 = time.process_time()
    with tempfile.TemporaryDirectory(prefix="lore-capture-bench-") as tmp:
        for name in (list(SETS) if args.set == "all" else [args.set]):
            data = SETS[name]
            exchanges = json.loads(data.read_text())["exchanges"]
            names = sorted({x["split"] for x in exchanges}, key=lambda s: s == "heldout")
            splits = names if args.split == "all" else [s for s in names if s == args.split]
            for split in splits:
                chosen = [x for x in exchanges if x["split"] == split]
                captured = [run(x["delta"], Path(tmp) / f"{name}-{x['id']}.duckdb") for x in chosen]
                scores = {"data": str(data.relative_to(ROOT)), **capture_scores(chosen, captured)}
                # The held-out splits are for measuring, not for reading while tuning: details only by name.
                if not (args.details and (split != "heldout" or args.split == "heldout")):
                    for k in ("misses", "false_positives", "partial"):
                        scores.pop(k)
                out[f"set{name}-{split}"] = scores
    out["seconds"] = round(time.perf_counter() - t0, 1)
    out["cpu_seconds"] = round(time.process_time() - c0, 1)  # this process only (the CLI's children are not in it)
    out["load_after"] = os.getloadavg()[0]
    if baseline is not None:
        out["baseline"] = baseline
        out["change"] = {k: {m: round(v[m] - baseline[k][m], 4) for m in MEASURES
                             if v.get(m) is not None and baseline.get(k, {}).get(m) is not None}
                         for k, v in out.items() if isinstance(v, dict) and k.startswith("set") and k in baseline}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

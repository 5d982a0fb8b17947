"""Where a prepare-turn's CPU goes in a server: a real owner (``lore.runtime.backend.Backend``: its worker
thread, resident graph, onnxruntime encoder, settle) asked ``prepareTurn`` as the MCP tool asks it, with each
stage of ``lore.memory.turns.prepare_turn`` timed in its thread's CPU time.

  python bench/prepare_profile.py --graph GRAPH [--n 300] [--cprofile 40] [--server OTHER/server] [--after-writes]

GRAPH is copied first. The questions are distinct (every question of the five recall sets, bench/data/recall*,
in order), so no stage gains from a question asked before. Prints one JSON object: per stage the CPU p50 /
p95 / mean in ms over the calls and its share of the mean; ``--cprofile N`` adds the N functions with the most
cumulative time on the worker thread. Every stage is the function the server calls, wrapped in a timer (the
wrappers cost about 1 us each); ``other`` is the rest of prepare_turn itself (fusion, ranking, fact JSON). Stage
times are the worker thread's; ``process CPU per call`` counts every thread (settle, the background's).
``--after-writes``: each call is the turn right after a memory written (a ``transact`` before it, not timed, the
write's own settle done), what an agent's next turn costs after its finalize.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent


def questions() -> list[str]:
    out: list[str] = []
    for d in sorted(HERE.glob("data/recall*")):
        out += [q["question"] for q in json.loads((d / "questions.json").read_text())]
    return list(dict.fromkeys(out))


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))], 3)


class Stages:
    """CPU time per stage of the current call (thread time: the worker's own, not the other threads')."""

    def __init__(self) -> None:
        self.now: dict[str, float] = {}
        self.calls: list[dict[str, float]] = []
        self.depth: list[str] = []

    def wrap(self, owner: Any, attr: str, name: str) -> None:
        fn: Callable[..., Any] = getattr(owner, attr)

        def timed(*args: Any, **kwargs: Any) -> Any:
            if self.depth:  # nested: counted in its caller's stage only
                return fn(*args, **kwargs)
            self.depth.append(name)
            t = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.now[name] = self.now.get(name, 0.0) + (time.thread_time() - t) * 1000
                self.depth.pop()

        setattr(owner, attr, timed)


def main() -> int:
    os.environ["LORE_JOURNAL"] = "0"
    ap = argparse.ArgumentParser()
    ap.add_argument("--graph", required=True)
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--cprofile", type=int, default=0)
    ap.add_argument("--after-writes", action="store_true", help="a memory written before each call")
    ap.add_argument("--server", default=str(HERE.parent / "server"),
                    help="the folder of the lore package measured (another checkout's: OTHER/server)")
    a = ap.parse_args()
    sys.path.insert(0, a.server)
    from lore import operations
    from lore.memory import embed, hot_index, index, linking, turns, vectors
    from lore.runtime.backend import Backend

    tmp = Path(tempfile.mkdtemp(prefix="lore-prepare-profile-"))
    graph = tmp / "lore.duckdb"
    shutil.copy(a.graph, graph)
    backend = Backend(graph)
    backend.start()
    stages = Stages()
    # the embedding itself, inside vectors.search: counted apart from the rest of the vector search
    stages.wrap(embed, "embed_query", "encoder (question's forward pass)")
    inner = Stages()
    for owner, attr, name in (
            (linking, "derive_links", "catch-up: links"),
            (vectors, "sync", "catch-up: vectors"),
            (hot_index, "for_graph", "hot index catch-up check"),
            (index, "search", "lexical search (BM25, two pools)"),
            (index, "intervals", "validity intervals"),
            (vectors, "search", "vector search (incl. encoder)"),
            (hot_index.HotIndex, "sibling_rows", "siblings (description/rationale)"),
            (turns, "_names_code", "names code?"),
            (turns, "_inferred_about", "inferred facts about"),
            (hot_index.HotIndex, "inferred_about", "inferred facts about"),
            (turns, "_code_locations", "code locations"),
            (turns, "_warnings", "warnings"),
            (turns, "_context_block", "context block"),
            (embed, "recall_label", "recall label")):
        inner.wrap(owner, attr, name)
    totals: dict[str, list[float]] = {"prepare_turn": [], "operations.run": [], "process CPU per call": [],
                                      "backend.run wall": [], "json.dumps of the reply": [],
                                      "settle after the write wall": [], "settle after the write CPU": []}
    prepare = turns.prepare_turn
    prof = cProfile.Profile(time.thread_time) if a.cprofile else None

    def timed_prepare(*args: Any, **kwargs: Any) -> Any:
        inner.now, stages.now = {}, {}
        t = time.thread_time()
        if prof is not None:
            prof.enable()
        try:
            return prepare(*args, **kwargs)
        finally:
            if prof is not None:
                prof.disable()
            totals["prepare_turn"].append((time.thread_time() - t) * 1000)
            inner.calls.append(dict(inner.now))
            stages.calls.append(dict(stages.now))

    turns.prepare_turn = timed_prepare
    run = operations.run

    def timed_run(name: str, g: Any, params: dict, **kwargs: Any) -> Any:
        t = time.thread_time()
        try:
            return run(name, g, params, **kwargs)
        finally:
            if name == "prepareTurn":
                totals["operations.run"].append((time.thread_time() - t) * 1000)

    operations.run = timed_run
    try:
        backend.run("prepareTurn", {"message": "warm up", "settle": True})
        backend.settle()
        time.sleep(2.0)  # the start-up work of the other threads (hover index, rules' catch-up)
        for k in totals:
            totals[k].clear()
        inner.calls.clear()
        stages.calls.clear()
        if prof is not None:
            prof = cProfile.Profile(time.thread_time)
        qs = questions()
        load = os.getloadavg()
        for i in range(a.n):
            if a.after_writes:
                wrote = backend.run("transact", {"reason": "bench", "facts": (
                    f'[[:decision/bench-write-{i} :description "keep the build artefacts of branch {i} for '
                    f'{i % 7 + 1} days"]]')})
                assert wrote.get("ok"), wrote
                t, c = time.perf_counter(), time.process_time()
                backend.settle()  # the write's derivation (rules, links): an MCP turn right after it waits for it
                totals["settle after the write wall"].append((time.perf_counter() - t) * 1000)
                totals["settle after the write CPU"].append((time.process_time() - c) * 1000)
            t, c = time.perf_counter(), time.process_time()
            reply = backend.run("prepareTurn", {"message": qs[i % len(qs)], "settle": True})
            totals["backend.run wall"].append((time.perf_counter() - t) * 1000)
            totals["process CPU per call"].append((time.process_time() - c) * 1000)
            t = time.thread_time()
            json.dumps(reply, ensure_ascii=False, default=str)
            totals["json.dumps of the reply"].append((time.thread_time() - t) * 1000)
            assert reply.get("ok"), reply
        out: dict[str, Any] = {"graph": a.graph, "n": a.n, "after_writes": a.after_writes,
                               "distinct_questions": min(a.n, len(qs)),
                               "load": [round(x, 2) for x in load + os.getloadavg()],
                               "recall": reply.get("recall"), "runtime": embed.model().runtime if embed.model() else None}
        out["totals_cpu_ms"] = {k: {"p50": pct(v, 50), "p95": pct(v, 95), "mean": round(sum(v) / len(v), 3)}
                                for k, v in totals.items() if v}
        out["totals_cpu_ms"]["backend.run wall"]["note"] = "wall ms of the caller (settle, the worker's queue)"
        out["totals_cpu_ms"]["process CPU per call"]["note"] = "every thread (worker, encoder, settle, background)"
        names = list(dict.fromkeys(k for c in inner.calls for k in c))
        mean_total = sum(totals["prepare_turn"]) / len(totals["prepare_turn"])
        rows: dict[str, Any] = {}
        for name in names:
            xs = [c.get(name, 0.0) for c in inner.calls]
            rows[name] = {"p50": pct(xs, 50), "p95": pct(xs, 95), "mean": round(sum(xs) / len(xs), 3),
                          "share": round(sum(xs) / len(xs) / mean_total, 3)}
        enc = [c.get("encoder (question's forward pass)", 0.0) for c in stages.calls]
        rows["  of which encoder"] = {"p50": pct(enc, 50), "p95": pct(enc, 95), "mean": round(sum(enc) / len(enc), 3),
                                      "share": round(sum(enc) / len(enc) / mean_total, 3)}
        other = [p - sum(c.values()) for p, c in zip(totals["prepare_turn"], inner.calls)]
        rows["other (fusion, ranking, fact JSON)"] = {
            "p50": pct(other, 50), "p95": pct(other, 95), "mean": round(sum(other) / len(other), 3),
            "share": round(sum(other) / len(other) / mean_total, 3)}
        out["stages_cpu_ms"] = rows
        if prof is not None:
            s = io.StringIO()
            pstats.Stats(prof, stream=s).sort_stats("cumulative").print_stats(a.cprofile)
            out["cprofile"] = s.getvalue().splitlines()
        print(json.dumps(out, indent=1))
    finally:
        backend.close()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

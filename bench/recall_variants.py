#!/usr/bin/env python3
"""Recall rounds 14-15 (issue 14): approaches to the synonym questions that the floors did not reach, measured on
the DEV splits only through prepare-turn itself, each variant patched in for one run and taken out again.

    python bench/recall_variants.py [--sets recall8,recall12] [--variants base,expand,prf] [--work DIR]
    python bench/recall_variants.py --reach [--sets ...]   # code links: what they could bring at all

Each set's memories are written beside a copy of its code graph as bench/recall.py writes them (kept under
--work and reused); every DEV question goes through prepare_turn with the graph resident (the index held in
memory), and one JSON line per set and variant gives recall@5, synonym recall@5, MRR, no-answer facts, the
context median and the dev questions missed at 5 (their ids: the dev split is ours to read). The held-out
split is never asked here. Variants (name[:arg...]):

  base                    prepare-turn as it is
  expand:T:M[:K]          query expansion through the encoder: each question word no memory says (its token
                          absent from the memories' vocabulary) is embedded alone by MiniLM, and its M nearest
                          memory words (each memory word embedded alone, its most frequent spelling) at cosine
                          >= T become BM25 terms weighted by that cosine, covering the word they stand for (for
                          memories only; with K, only memories among the question's K nearest in meaning)
  gexp:T:M:K[:key=value]  expand, credited to a memory only where a guard holds (round 15; gexp's docstring):
                          own=F, near=N, agree=A, scope=all, bits=0, pure=1, ctx=1
  stem:ALG[:VARIANT...]   the index's stem replaced by Snowball's ALG (porter, english; the snowballstemmer
                          package, a bench-only import) and the whole index rebuilt, alone or under VARIANT
  prf:k:beta[:loo]        pseudo-relevance feedback in meaning: a memory's score is its cosine plus beta times
                          its mean cosine with the question's k nearest memories (loo: leaving itself out), over
                          1 + beta; its standout z against the background as fed back too
  csls:alpha:kn           hubness: a memory's cosine less alpha times its mean cosine with its kn nearest memories
  first:lam               a second vector per memory, its first sentence: (1 - lam) * whole + lam * first

--reach: for the dev questions prepare-turn misses at 5, whether the answer could come through the code it
links (:relates-to): the answer among the memories linked from the question's 10 best code matches, and the
question words the answer's linked code names add to its own words (a write-time document expansion).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import recall as bench  # noqa: E402  (bench/recall.py: the same graph building)

GRAPHS = {"recall": "requests", "recall2": "recall2-nats", "recall3": "recall3-ipykernel", "recall8": "recall8-cometbft",
          "recall9": "recall9-james", "recall10": "recall10-opendal", "recall11": "recall11-nuget-client",
          "recall12": "recall12-grpc-go", "recall13": "recall13-matrix-js-sdk"}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
Undo = Callable[[], None]


def built(work: Path, name: str, graphs: Path) -> Path:
    """The set's memories beside a copy of its code graph, every vector embedded (built once under work)."""
    from lore.store.graph import Graph

    path = work / f"{name}.duckdb"
    if not path.exists():
        tmp = work / f"{name}.building.duckdb"
        bench.copy_graph(str(graphs / f"{GRAPHS[name]}.duckdb"), tmp)
        memories = json.loads((HERE / "data" / name / "memories.json").read_text())
        graph = Graph(tmp)
        bench.load_memories(graph, memories)
        graph.close()
        graph = Graph(tmp)
        bench.prepare_turn_warm(graph)
        graph.close()
        os.replace(tmp, path)
        if Path(str(tmp) + ".wal").exists():
            os.replace(str(tmp) + ".wal", str(path) + ".wal")
    return path


def dev_questions(name: str) -> list[dict]:
    return [q for q in json.loads((HERE / "data" / name / "questions.json").read_text()) if q["split"] == "dev"]


# -- query expansion through the encoder ------------------------------------------------------------------------

def memory_words(graph: Any) -> tuple[list[str], Any]:
    """The memories' vocabulary: each token (index.word_token) with its most frequent spelling, embedded alone."""
    from lore.memory import embed, index, vectors
    from lore.memory.tokens import QUESTION_WORDS

    spellings: dict[str, dict[str, int]] = {}
    for text in vectors.entity_texts(graph.con, None).values():
        for w in _WORD.findall(text):
            lw = w.lower()
            tok = index.word_token(lw)
            if tok is None or len(lw) < 3 or tok in QUESTION_WORDS:
                continue
            seen = spellings.setdefault(tok, {})
            seen[lw] = seen.get(lw, 0) + 1
    tokens = sorted(spellings)
    words = [max(spellings[t].items(), key=lambda x: (x[1], -len(x[0])))[0] for t in tokens]
    return tokens, np.asarray(embed.embed(words), dtype=np.float32)


def context_vectors(text: str) -> dict[str, Any]:
    """Each word of the question (lowercased) -> the mean of its word pieces' last-layer states from ONE
    forward pass over the whole question (what embed_query computes before pooling), unit length: a word's
    vector at no cost beyond the question's own pass."""
    from lore.memory import embed, minilm

    impl = embed.model().impl
    assert isinstance(impl, minilm.MiniLM), "measured with MiniLM in numpy"
    enc = impl.tokenizer.encode_batch([text[:embed.QUERY_CHARS]])[0]
    ids = list(enc.ids)[:embed.QUERY_TOKENS]
    x_ids = np.asarray([ids], dtype=np.int64)
    states = _last_states(impl, x_ids)  # HIDDEN x n
    out: dict[str, list[int]] = {}
    for j, (a, b) in enumerate(enc.offsets[:len(ids)]):
        if b <= a:
            continue
        wid = enc.word_ids[j]
        if wid is None:
            continue
        wa, wb = enc.word_to_chars(wid)
        out.setdefault(text[wa:wb].lower(), []).append(j)
    vecs = {}
    for w, js in out.items():
        v = states[:, js].mean(axis=1)
        vecs[w] = v / max(float(np.linalg.norm(v)), 1e-12)
    return vecs


def _last_states(impl: Any, ids: Any) -> Any:
    """MiniLM's forward pass (lore.memory.minilm.MiniLM.forward) up to, not including, the pooling."""
    from lore.memory import minilm

    b, n = ids.shape
    hd = minilm.HIDDEN // minilm.HEADS
    x = impl.word[ids.reshape(-1)].T + np.tile(impl.position[:, :n], (1, b))
    x = minilm._layer_norm(x, *impl.norm)
    for qkv_w, qkv_b, o_w, o_b, g1, b1, i_w, i_b, f_w, f_b, g2, b2 in impl.layers:
        h = qkv_w @ x + qkv_b
        qkv = h.reshape(3, minilm.HEADS, hd, b, n).transpose(0, 3, 1, 4, 2)
        sc = qkv[0] @ qkv[1].transpose(0, 1, 3, 2)
        sc -= np.maximum.reduce(sc, -1, keepdims=True)
        np.exp(sc, out=sc)
        sc /= np.add.reduce(sc, -1, keepdims=True)
        ctx = (sc @ qkv[2]).transpose(1, 3, 0, 2).reshape(minilm.HIDDEN, b * n)
        x = minilm._layer_norm(o_w @ ctx + o_b + x, g1, b1)
        x = minilm._layer_norm(f_w @ minilm._gelu2(i_w @ x + i_b) + f_b + x, g2, b2)
    return x


def expansions(text: str, names: frozenset[str], tokens: list[str], known: set[str], vecs: Any, t: float,
               m: int, ctx: bool = False, morph: bool = True) -> dict[str, list[tuple[str, float]]]:
    """Question token -> its m nearest memory tokens at cosine >= t, for the words no memory says (ctx: the
    word's vector from the question's own forward pass, not the word embedded alone)."""
    from lore.memory import embed, index
    from lore.memory.tokens import QUESTION_WORDS

    inside = context_vectors(text) if ctx else {}
    out: dict[str, list[tuple[str, float]]] = {}
    for w in _WORD.findall(text):
        lw = w.lower()
        tok = index.word_token(lw)
        if lw in names or tok is None or tok in QUESTION_WORDS or len(lw) < 3 or tok in out or tok in known:
            continue
        if ctx and lw not in inside:
            continue
        qv = inside[lw] if ctx else np.asarray(embed.embed([lw])[0], dtype=np.float32)
        cos = vecs @ qv
        got = [(tokens[j], float(cos[j])) for j in np.argsort(-cos)[:m + 1] if cos[j] >= t and tokens[j] != tok
               and (morph or tokens[j][:4] != tok[:4])]
        out[tok] = got[:m]
    return out

def expand(graph: Any, t: str = "0.6", m: str = "3", k: str = "0") -> Undo:
    """Round 14's expansion: gexp without a guard."""
    return gexp(graph, t, m, k)

def gexp(graph: Any, t: str = "0.6", m: str = "3", k: str = "0", *opts: str) -> Undo:
    """Guarded expansion (round 15): expand as ``expand`` does, but an expansion's coverage is credited to a
    memory only where a guard holds (options key=value):
      own=F     the memory's own words cover >= F of the question (F 0: any word of its own)
      near=N    or it is among the question's N nearest memories in meaning (with own: either suffices)
      agree=A   expansions of at least A distinct question words hit it
      scope=all expand only question words no document (memory or code) says; mem (default): no memory
      bits=0    expansions never cover (only their BM25 counts: admission as without them)
      pure=1    an expansion's BM25 too counts only for a memory it is credited to
      ctx=1     a question word's vector from the question's own forward pass (its word pieces' last-layer
                states), not the word embedded alone: no encoder pass beyond the question's
      after=1   a memory the expansion brings comes after every memory the reply has without it (the reply
                without expansion first, then the new memories' facts, up to the facts' limit)
      morph=0   no expansion to a word sharing the question word's first four letters (an inflection or a
                derivation of it: older -> old, deletion -> delet)
    """
    from lore.memory import index, turns, vectors
    from lore.memory.tokens import MEMORY_NAMESPACES, QUESTION_WORDS

    floor, most, gate = float(t), int(m), int(k)
    opt = dict(o.split("=", 1) for o in opts)
    own_floor = float(opt["own"]) if "own" in opt else None
    near_n = int(opt.get("near", "0"))
    agree = int(opt.get("agree", "1"))
    scope = opt.get("scope", "mem")
    credit = opt.get("bits", "1") != "0"
    pure = opt.get("pure", "0") == "1"
    ctx = opt.get("ctx", "0") == "1"
    morph = opt.get("morph", "1") != "0"
    after = opt.get("after", "0") == "1"
    tokens, vecs = memory_words(graph)
    known = set(tokens)
    real = index.search

    def search(con: Any, text: str, *, limit: int = 300, code_limit: int = index.CODE_CANDIDATES, hot: Any = None,
               names: frozenset[str] = frozenset()) -> tuple[list[Any], Any]:
        assert hot is not None, "measured resident"
        terms: dict[str, float] = {tok: float(n) for tok, n in index.query_terms(con, text, names).items()
                                   if tok not in QUESTION_WORDS}
        named: set[str] = set()
        for w in index._WORD.findall(text[:index.MAX_QUERY_CHARS]) if names else []:
            tok = index.word_token(w) if w.lower() in names else None
            if tok is not None and (tok in named or tok not in terms):
                terms[tok] = 1.0
                named.add(tok)
        if not terms:
            return [], index.Query({}, 0.0)
        skip = known if scope == "mem" else known | set(hot.terms)
        extra: dict[str, tuple[float, str]] = {}
        for src, near in expansions(text, names, tokens, skip, vecs, floor, most, ctx, morph).items():
            if src in terms and src not in named:
                for tok, cos in near:
                    if tok not in terms and (tok not in extra or extra[tok][0] < cos):
                        extra[tok] = (cos, src)
        rows = [(tid, tok, df) for tid, tok, df in hot.known(list(terms) + list(extra))]
        if not rows:
            return [], index.Query({}, 0.0)
        n_docs, avgdl = hot.n_docs, max(hot.total_len, 1) / max(hot.n_docs, 1)
        idf = {tok: math.log(1 + (n_docs - df + 0.5) / (df + 0.5)) for _, tok, df in rows}
        rarest = math.log(1 + (n_docs - 0.5) / 1.5)
        topic = sorted((x for x in terms if x not in named), key=lambda x: (-idf.get(x, rarest), x))[:index.TOPIC_TERMS]
        sources = {src for tok, (_, src) in extra.items() if tok in idf}
        bit_of = {x: 1 << i for i, x in enumerate(topic) if x in idf or x in sources}
        bits = {bit_of[x]: idf.get(x, rarest) for x in bit_of}
        query = index.Query(bits, sum(idf.get(x, rarest) for x in topic))
        scored, stands, nxt = [], {}, 20
        for tid, tok, df in rows:
            if tok in terms:
                scored.append((int(tid), int(df), terms[tok], bit_of[tok] if tok in bit_of and tok in idf else 0))
                continue
            weight, src = extra[tok]
            bit = 0
            if src in bit_of:
                bit, nxt = 1 << nxt, nxt + 1
                stands[bit] = bit_of[src]
            scored.append((int(tid), int(df), weight, bit))
        if pure:
            # own words and expansions scored apart: an expansion's BM25 reaches only a memory it is credited to
            mine = hot.score([x for x in scored if x[3] < 1 << 20], n=int(n_docs), avgdl=float(avgdl), k1=index.K1,
                             b=index.B, limit=int(limit), code_limit=int(code_limit))
            theirs = hot.score([x for x in scored if x[3] >= 1 << 20 or (x[3] == 0 and x[2] < 1.0)], n=int(n_docs),
                               avgdl=float(avgdl), k1=index.K1, b=index.B, limit=int(limit), code_limit=0)
            picked = mine + theirs
        else:
            picked = hot.score(scored, n=int(n_docs), avgdl=float(avgdl), k1=index.K1, b=index.B, limit=int(limit),
                               code_limit=int(code_limit))
        every = sum(stands)
        pairs = list(zip(hot.rows([d for d, _, _ in picked]), picked))
        own_mask: dict[str, int] = {}
        src_bits: dict[str, int] = {}
        for row, (_, _bm25, mask) in pairs:
            e = row[1]
            own_mask[e] = own_mask.get(e, 0) | (mask & ~every)
            for bit, src_bit in stands.items():
                if mask & bit:
                    src_bits[e] = src_bits.get(e, 0) | src_bit
        need_near = gate or near_n
        nearest: list[str] = []
        if need_near and stands:
            nearest = [e for e, _c, _z in vectors.search(graph, con, turns._without_names(text, names),
                                                         k=max(gate, near_n))]

        def credited(e: str) -> bool:
            if not credit or e not in src_bits:
                return False
            if gate and e not in nearest[:gate]:
                return False
            if bin(src_bits[e]).count("1") < agree:
                return False
            if own_floor is None and not near_n:
                return True
            ok_own = own_floor is not None and own_mask.get(e, 0) and query.coverage(own_mask[e]) >= own_floor
            ok_near = bool(near_n) and e in nearest[:near_n]
            return bool(ok_own or ok_near)

        if pure:
            # merge: a document's expansion part counts only for a credited memory
            own_part = {d: (bm, mk) for d, bm, mk in mine}
            rows_of = {row[0]: row for row, _p in pairs}
            merged: dict[int, tuple[float, int]] = dict(own_part)
            for d, bm, mk in theirs:
                if credited(rows_of[d][1]):
                    ob, om = merged.get(d, (0.0, 0))
                    merged[d] = (ob + bm, om | mk)
            pairs = [(rows_of[d], (d, bm, mk)) for d, (bm, mk) in merged.items()]
        hits = []
        for row, (_, bm25, mask) in pairs:
            h = index.Hit.scored(row, bm25, mask)
            if mask & every:
                h.mask = mask & ~every
                if h.ns in MEMORY_NAMESPACES and credited(h.e):
                    for bit, src_bit in stands.items():
                        if mask & bit:
                            h.mask |= src_bit
            hits.append(h)
        hits.sort(key=lambda h: (h.ns not in MEMORY_NAMESPACES, -h.bm25, h.doc_id))
        return hits, query

    index.search = search  # type: ignore[assignment]
    real_turn = turns.prepare_turn
    if after:
        def prepare_turn(g: Any, message: Any, **kw: Any) -> dict[str, Any]:
            index.search = real  # type: ignore[assignment]
            try:
                plain = real_turn(g, message, **kw)
            finally:
                index.search = search  # type: ignore[assignment]
            got = real_turn(g, message, **kw)
            seen = {f["entity"] for f in plain["facts"]}
            extra = [f for f in got["facts"] if f["entity"] not in seen]
            return {**got, "facts": (plain["facts"] + extra)[:int(turns.settings()["limit"])]}
        turns.prepare_turn = prepare_turn  # type: ignore[assignment]

    def undo() -> None:
        index.search = real  # type: ignore[assignment]
        turns.prepare_turn = real_turn  # type: ignore[assignment]
    return undo


def stem(graph: Any, alg: str = "porter", *rest: str) -> Undo:
    """A Snowball stemmer (alg: porter, english) in place of the light stem, the whole index rebuilt with it
    (Python tokenizing every document); rest: another variant to run with it (e.g. gexp:0.6:3:10)."""
    import functools

    import snowballstemmer

    from lore.memory import index

    s = snowballstemmer.stemmer(alg)
    real_stem, real_version, real_max = index._stem, index.SCHEMA_VERSION, index.PY_TOKENIZE_MAX
    index._stem = functools.lru_cache(maxsize=None)(s.stemWord)  # type: ignore[assignment]
    index.SCHEMA_VERSION, index.PY_TOKENIZE_MAX = 900, 10**9
    graph.session.get(index.MARKS).schema_ok = False
    index.sync(graph)
    inner = None
    if rest:
        kind, *args = ":".join(rest).split(":")
        inner = VARIANTS[kind](graph, *args)  # type: ignore[misc]

    def undo() -> None:
        if inner:
            inner()
        index._stem, index.SCHEMA_VERSION, index.PY_TOKENIZE_MAX = real_stem, real_version, real_max  # type: ignore[assignment]
    return undo


# -- the semantic side ------------------------------------------------------------------------------------------

def _semantic(graph: Any, scoring: Callable[[Any, Any, Any], tuple[Any, Any]]) -> Undo:
    """vectors.search with the cosines and their z from scoring(matrix, question, background) -> (score, reference)."""
    from lore.memory import embed, vectors

    real = vectors.search

    def search(g: Any, con: Any, text: str, k: int = 30) -> list[tuple[str, float, float]]:
        real(g, con, text, k=1)  # the matrix loaded
        cache = g.session.get(vectors.MATRIX)
        ents, matrix, model = cache.entities, cache.matrix, embed.model()
        if matrix is None or model is None:
            return []
        q = embed.embed_query(text)
        if not q.any():
            return []
        score, reference = scoring(matrix, q, vectors._background(model))
        mean, sd = float(reference.mean()), float(reference.std()) or 1.0
        top = np.argsort(-score, kind="stable")[:min(k, len(ents))]
        return [(ents[i], float(score[i]), (float(score[i]) - mean) / sd) for i in top]

    vectors.search = search  # type: ignore[assignment]

    def undo() -> None:
        vectors.search = real  # type: ignore[assignment]
    return undo


def prf(graph: Any, k: str = "3", beta: str = "0.5", loo: str = "") -> Undo:
    n, b = int(k), float(beta)

    def scoring(matrix: Any, q: Any, bg: Any) -> tuple[Any, Any]:
        s = matrix @ q
        top = np.argsort(-s)[:n]
        fb = matrix @ matrix[top].T
        if loo:
            fb[top, np.arange(len(top))] = np.nan
        fed = (s + b * np.nanmean(fb, axis=1)) / (1 + b)
        bg_fed = (bg @ q + b * (bg @ matrix[top].T).mean(axis=1)) / (1 + b)
        return fed, np.concatenate([fed, bg_fed])
    return _semantic(graph, scoring)


def csls(graph: Any, alpha: str = "0.5", kn: str = "10") -> Undo:
    a, n = float(alpha), int(kn)
    hub: dict[int, Any] = {}

    def scoring(matrix: Any, q: Any, bg: Any) -> tuple[Any, Any]:
        if id(matrix) not in hub:
            sims = matrix @ matrix.T
            np.fill_diagonal(sims, -1.0)
            hub[id(matrix)] = np.sort(sims, axis=1)[:, -n:].mean(axis=1)
        s = matrix @ q - a * hub[id(matrix)]
        return s, np.concatenate([s, bg @ q - a * float(hub[id(matrix)].mean())])
    return _semantic(graph, scoring)


def first(graph: Any, lam: str = "0.3") -> Undo:
    from lore.memory import chunks, embed, vectors

    w = float(lam)
    cache = graph.session.get(vectors.MATRIX)
    firsts: dict[str, Any] = {}

    def scoring(matrix: Any, q: Any, bg: Any) -> tuple[Any, Any]:
        if "F" not in firsts:
            texts = vectors.entity_texts(graph.con, cache.entities)
            heads = [(chunks.sentences(texts[e]) or [texts[e]])[0] for e in cache.entities]
            firsts["F"] = np.asarray(embed.embed(heads), dtype=np.float32)
        s = (1 - w) * (matrix @ q) + w * (firsts["F"] @ q)
        return s, np.concatenate([s, bg @ q])
    return _semantic(graph, scoring)


VARIANTS: dict[str, Callable[..., Undo] | None] = {"base": None, "expand": expand, "gexp": gexp, "stem": stem, "prf": prf,
                                                   "csls": csls, "first": first}


@contextlib.contextmanager
def opened(work: Path, graphs: Path, name: str) -> Iterator[Any]:
    """A throwaway copy of the set's built graph, open and resident (the index held in memory)."""
    from lore.store.graph import Graph

    tmp = Path(tempfile.mkdtemp(prefix="lore-variants-", dir=work))
    try:
        path = tmp / "g.duckdb"
        bench.copy_graph(str(built(work, name, graphs)), path)
        graph = Graph(path)
        graph.session.resident = True
        try:
            yield graph
        finally:
            graph.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(work: Path, graphs: Path, name: str, spec: str) -> dict:
    kind, *args = spec.split(":")
    make = VARIANTS[kind]
    memories = json.loads((HERE / "data" / name / "memories.json").read_text())
    os.environ["LORE_BENCH_MISSES"] = "1"
    with opened(work, graphs, name) as graph:
        undo = make(graph, *args) if make else None
        try:
            out = bench.evaluate(graph, dev_questions(name), memories)
        finally:
            if undo:
                undo()
    d = out["dev"]
    return {"set": name, "variant": spec, "recall@5": d["recall@5"], "synonym_recall@5": d["synonym_recall@5"],
            "mrr": d["mrr"], "no_answer_facts": d["no_answer"]["mean_facts"], "context_median": d["context_chars_median"],
            "missed": [m[0] for m in out["dev_misses"]]}


def reach(work: Path, graphs: Path, name: str) -> dict:
    """What the answer's code links could bring to the dev questions prepare-turn misses."""
    from lore.memory import hot_index, index
    from lore.memory.turns import CODE_NAMESPACES, prepare_turn

    missed = set(run(work, graphs, name, "base")["missed"])
    memories = {m["entity"]: m for m in json.loads((HERE / "data" / name / "memories.json").read_text())}
    with opened(work, graphs, name) as graph:
        prepare_turn(graph, "warm up")
        links: dict[str, list[str]] = {}
        for e, v in graph.con.execute("SELECT e, v FROM mem_inferred WHERE a = ':relates-to' AND vt = 'k'").fetchall():
            links.setdefault(e, []).append(v)
        linked_from: dict[str, set[str]] = {}
        for e, vs in links.items():
            for v in vs:
                linked_from.setdefault(v, set()).add(e)
        hot = hot_index.for_graph(graph, graph.con, None)
        names = index.project_names(graph, graph.con, None, hot)
        through_code, new_words = [], []
        for q in dev_questions(name):
            if q["id"] not in missed:
                continue
            hits, _query = index.search(graph.con, q["question"], limit=80, code_limit=30, hot=hot, names=names)
            code = list(dict.fromkeys(h.e for h in hits if h.ns in CODE_NAMESPACES))[:10]
            if any(a in linked_from.get(c, ()) for c in code for a in q["answers"]):
                through_code.append(q["id"])
            a = q["answers"][0]
            own = set(index.tokenize(" ".join([a, memories[a]["description"], memories[a].get("rationale", "")])))
            named = set()
            for v in links.get(a, []):
                named |= set(index.tokenize(v.split("/", 1)[1].replace("-", " ")))
            added = (set(index.tokenize(q["question"])) & named) - own
            if added:
                new_words.append((q["id"], sorted(added)))
    return {"set": name, "missed": len(missed), "memories_linking_code": sum(1 for e in memories if links.get(e)),
            "memories": len(memories), "answer_linked_from_best_code": through_code,
            "question_words_from_linked_code_names": new_words}


def main() -> None:
    os.environ["LORE_JOURNAL"] = "0"
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", default=",".join(GRAPHS))
    ap.add_argument("--variants", default="base", help="comma-separated name[:arg...] (see the docstring)")
    ap.add_argument("--work", default=str(Path(tempfile.gettempdir()) / "lore-recall-variants"),
                    help="where each set's graph is built once and kept")
    ap.add_argument("--graphs", default="/work/graphs", help="the code graphs (copied, never changed)")
    ap.add_argument("--reach", action="store_true", help="what code links could bring to the missed questions")
    args = ap.parse_args()
    work, graphs = Path(args.work), Path(args.graphs)
    work.mkdir(parents=True, exist_ok=True)
    for name in args.sets.split(","):
        if args.reach:
            print(json.dumps(reach(work, graphs, name)), flush=True)
            continue
        for spec in args.variants.split(","):
            start = time.process_time()
            row = run(work, graphs, name, spec)
            row["cpu_s"] = round(time.process_time() - start, 1)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()

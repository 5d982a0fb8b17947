"""Query expansion through the encoder's word vectors (issue 14, recall round 16; docs/DESIGN-CHOICES.md).

A synonym question says "phones" and "alerted" where its answer says "device" and "notification". Each word
the memories say is embedded alone by the sentence encoder (MiniLM) once, when its memory is embedded, and kept
in the graph (``mem_words_minilm``: token, its most frequent spelling, vector), so a question pays lookups for
those. A question word no memory says is embedded alone too (one batch per question, kept per process), and its
PER_WORD nearest memory words at cosine >= THRESHOLD stand for it in a second, memory-only BM25 pass.

What the expansion may do is narrow (round 15 measured the alternatives on the dev splits): a memory counts as
matched through expansions only when those of at least AGREE distinct question words hit it (one word's
neighbours are as often a no-answer question's noise: "running" -> run, "recover" -> restore), only that
memory gets their BM25 and coverage, and what the expansion brings is placed after every memory and code
entity the reply has without it, so it never pushes a plain answer down. It runs only when the plain reply is
short (fewer than SHORT_REPLY entities): a longer one is unchanged in its first five.

Writes: ``add_words`` after a batch of memories is embedded (their new words only); graphs embedded before the
table existed queue every embedded memory once (``<table>_pending``), worked off by ``step`` within the same
bounds as the memories' vectors (lore.memory.vectors).
"""

from __future__ import annotations

import os
import re
import threading
import warnings
from collections import OrderedDict
from typing import Any, Callable

import pyarrow as pa

from lore.memory import embed, index
from lore.memory.tokens import QUESTION_WORDS
from lore.sqlfile import scalar
from lore.store.graph import Graph
from lore.store.session import Slot

THRESHOLD = 0.6  # a memory word this near a question word (cosine of the two embedded alone) stands for it
PER_WORD = 3  # nearest memory words per question word
AGREE = 2  # distinct question words whose expansions must hit one memory
SHORT_REPLY = 5  # the plain reply's entities below which a question is expanded (its extras fall in the first 5)
MIN_LETTERS = 3
QUESTION_WORD_CACHE = 4096  # question words' vectors kept per process
# A memory's distinct words embedded at most (each costs about a millisecond of CPU once): a memory of 20,000
# characters of distinct words is not 3,000 forward passes. A decision record has 50-150.
WORDS_PER_TEXT = 256
# The graph's memory words at most (LORE_MAX_MEMORY_WORDS): every process that expands a question holds them all
# as one matrix (1.5 KB a word), and a journal's memories can each bring 256 new ones (4,000 memories of random
# words: a million words, 1.5 GB in every such process, 1,000 CPU s of embedding). Words past it are not kept
# (those kept stay); the sets' graphs have a few thousand.
DEFAULT_MAX_WORDS = 50_000
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def max_words() -> int:
    try:
        return max(0, int(os.environ.get("LORE_MAX_MEMORY_WORDS") or DEFAULT_MAX_WORDS))
    except ValueError:
        return DEFAULT_MAX_WORDS


def applies(m: embed.Model | None) -> bool:
    """Expansion needs a sentence encoder: a static model's word vector is its document vector's part."""
    return m is not None and m.name.startswith(embed.MINILM) and not m.pieces


def table(m: embed.Model) -> str:
    return m.table.replace("mem_vectors", "mem_words", 1)


def _pending(m: embed.Model) -> str:
    return table(m) + "_pending"


def vocabulary(texts: list[str]) -> dict[str, str]:
    """The index token of each word of the texts (index.word_token; three letters at least, no question
    framing word; a text's first WORDS_PER_TEXT distinct ones) -> its most frequent spelling, lowercased
    (ties: the shortest, then the first in order)."""
    seen: dict[str, dict[str, int]] = {}
    for text in texts:
        mine: set[str] = set()
        for w in _WORD.findall(text[:index.TOKENIZE_CHARS]):
            lw = w.lower()
            tok = index.word_token(lw)
            if tok is None or len(lw) < MIN_LETTERS or tok in QUESTION_WORDS:
                continue
            if tok not in mine:
                if len(mine) >= WORDS_PER_TEXT:
                    continue
                mine.add(tok)
            spell = seen.setdefault(tok, {})
            spell[lw] = spell.get(lw, 0) + 1
    return {tok: sorted(sp.items(), key=lambda x: (-x[1], len(x[0]), x[0]))[0][0] for tok, sp in seen.items()}


class _Words:
    """The graph's memory words as a matrix (read once per process, patched by what this process writes)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.loaded = False
        self.tables: set[str] = set()
        self.tokens: list[str] = []
        self.index: dict[str, int] = {}
        self.matrix: Any = None

    def load(self, con: Any, m: embed.Model) -> None:
        import numpy as np

        try:
            with warnings.catch_warnings():  # the copy it warns of happens once per load
                warnings.simplefilter("ignore")
                got = con.execute(f"SELECT token, vec FROM {table(m)} ORDER BY token").to_arrow_table()
        except Exception:  # noqa: BLE001 - no table yet
            got = None
        if got is not None and got.num_rows:
            vec = got.column("vec").combine_chunks()
            self._set(got.column("token").to_pylist(),
                      vec.values.to_numpy(zero_copy_only=False).astype(np.float32).reshape(-1, m.dim))
        else:
            self._set([], None)
        self.loaded = True

    def _set(self, tokens: list[str], matrix: Any) -> None:
        self.tokens, self.matrix = tokens, matrix
        self.index = {t: i for i, t in enumerate(tokens)}

    def add(self, tokens: list[str], vecs: Any) -> None:
        import numpy as np

        with self.lock:
            if not self.loaded:
                return  # read whole when first needed
            new = [(t, i) for i, t in enumerate(tokens) if t not in self.index]
            if not new:
                return
            rows = vecs[[i for _, i in new]].astype(np.float32)
            matrix = rows if self.matrix is None else np.concatenate([self.matrix, rows])
            self._set(self.tokens + [t for t, _ in new], matrix)


WORDS: Slot[_Words] = Slot("memory-words", lambda graph: _Words())


def ensure_table(graph: Graph, m: embed.Model) -> None:
    """The words table (and its queue), made once per open graph. A graph whose memories were embedded before
    it existed queues every memory that has a vector, so their words are read once (``step``)."""
    words = graph.session.get(WORDS)
    if table(m) in words.tables:
        return
    con = graph.con
    had = bool(scalar(con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = ? AND NOT temporary",
                                  [table(m)])))
    con.execute(f"CREATE TABLE IF NOT EXISTS {table(m)} (token VARCHAR PRIMARY KEY, word VARCHAR NOT NULL, "
                f"vec FLOAT[{m.dim}] NOT NULL)")
    con.execute(f"CREATE TABLE IF NOT EXISTS {_pending(m)} (e VARCHAR NOT NULL)")
    if not had:
        try:
            con.execute(f"INSERT INTO {_pending(m)} SELECT DISTINCT e FROM {m.table}")
        except Exception:  # noqa: BLE001 - no vectors yet: nothing embedded before
            pass
    words.tables.add(table(m))


def add_words(graph: Graph, m: embed.Model, texts: list[str], pause: Callable[[], None] | None = None) -> int:
    """Embed the words of these memory texts that the table lacks and write them; how many were added. The
    encoder runs without graph.lock."""
    if not applies(m) or not texts:
        return 0
    vocab = vocabulary(texts)
    if not vocab:
        return 0
    con = graph.con
    with graph.lock:
        ensure_table(graph, m)
        have = {r[0] for r in con.execute(f"SELECT token FROM {table(m)} WHERE token IN "
                                          f"(SELECT unnest(?::VARCHAR[]))", [sorted(vocab)]).fetchall()}
        room = max_words() - int(scalar(con.execute(f"SELECT count(*) FROM {table(m)}")))
    new = sorted(t for t in vocab if t not in have)[:max(room, 0)]
    if not new:
        return 0
    vecs = embed.embed([vocab[t] for t in new], pause)
    with graph.lock:
        flat = pa.array(vecs.reshape(-1), pa.float32())
        arrow = pa.table({"token": pa.array(new, pa.string()), "word": pa.array([vocab[t] for t in new], pa.string()),
                          "vec": pa.FixedSizeListArray.from_arrays(flat, m.dim)})
        name = f"_mem_words_arrow_{threading.get_ident()}"
        con.register(name, arrow)
        try:
            con.execute(f"INSERT OR IGNORE INTO {table(m)} SELECT token, word, vec::FLOAT[{m.dim}] FROM {name}")
        finally:
            con.unregister(name)
    graph.session.get(WORDS).add(new, vecs)
    return len(new)


def step(graph: Graph, m: embed.Model, most: int, pause: Callable[[], None] | None = None) -> int:
    """Read the words of up to ``most`` queued memories (a graph embedded before the words table); how many
    left the queue."""
    from lore.memory import vectors

    if not applies(m):
        return 0
    con = graph.con
    with graph.lock:
        ensure_table(graph, m)
        ents = [r[0] for r in con.execute(f"SELECT e FROM {_pending(m)} ORDER BY e LIMIT ?", [most]).fetchall()]
    if not ents:
        return 0
    texts = vectors.entity_texts(con, ents)
    add_words(graph, m, list(texts.values()), pause)
    with graph.lock:
        con.execute(f"DELETE FROM {_pending(m)} WHERE e IN (SELECT unnest(?::VARCHAR[]))", [ents])
    return len(ents)


def waiting(graph: Graph, m: embed.Model) -> int:
    """Memories whose words are still to be read."""
    if not applies(m):
        return 0
    with graph.lock:
        ensure_table(graph, m)
        return int(scalar(graph.con.execute(f"SELECT count(*) FROM {_pending(m)}")))


_question_vectors: OrderedDict[str, Any] = OrderedDict()
_question_lock = threading.Lock()


def _word_vectors(words: list[str]) -> dict[str, Any]:
    """Each word embedded alone (one batch for those not kept from an earlier question)."""
    with _question_lock:
        out = {w: _question_vectors[w] for w in words if w in _question_vectors}
        for w in out:
            _question_vectors.move_to_end(w)
    missing = [w for w in words if w not in out]
    if missing:
        vecs = embed.embed(missing)
        with _question_lock:
            for w, v in zip(missing, vecs):
                out[w] = _question_vectors[w] = v
            while len(_question_vectors) > QUESTION_WORD_CACHE:
                _question_vectors.popitem(last=False)
    return out


def memory_words(graph: Graph, con: Any, m: embed.Model) -> _Words | None:
    """The graph's memory words, loaded (None: no table yet, or a read-only graph without one)."""
    words = graph.session.get(WORDS)
    with words.lock:
        if not words.loaded:
            words.load(con, m)
    return words if words.matrix is not None else None


def expansions(graph: Graph, con: Any, text: str, terms: frozenset[str],
               names: frozenset[str] = frozenset()) -> dict[str, list[tuple[str, float]]]:
    """Question token -> its PER_WORD nearest memory tokens at cosine >= THRESHOLD, for the question's words
    that are query ``terms`` and that no memory says; {} unless at least AGREE such words have neighbours (or
    no encoder, or no memory words)."""
    import numpy as np

    m = embed.model()
    if not applies(m):
        return {}
    assert m is not None
    words = memory_words(graph, con, m)
    if words is None:
        return {}
    asked: dict[str, str] = {}
    for w in _WORD.findall(text[:index.MAX_QUERY_CHARS]):
        lw = w.lower()
        tok = index.word_token(lw)
        if (lw in names or tok is None or tok in QUESTION_WORDS or len(lw) < MIN_LETTERS or tok not in terms
                or tok in words.index or tok in asked):
            continue
        asked[tok] = lw
    if len(asked) < AGREE:
        return {}
    vecs = _word_vectors(list(asked.values()))
    tokens, matrix = words.tokens, words.matrix
    out: dict[str, list[tuple[str, float]]] = {}
    for tok, lw in asked.items():
        cos = matrix @ np.asarray(vecs[lw], dtype=np.float32)
        k = min(PER_WORD + 1, len(tokens))
        top = np.argpartition(-cos, k - 1)[:k]
        top = top[np.lexsort((top, -cos[top]))]
        got = [(tokens[j], float(cos[j])) for j in top if cos[j] >= THRESHOLD and tokens[j] != tok][:PER_WORD]
        if got:
            out[tok] = got
    return out if len(out) >= AGREE else {}

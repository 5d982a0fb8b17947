"""Embeddings of memories, kept in DuckDB: one ``FLOAT[dim]`` per memory entity, in the table of the model that
computed it (``mem_vectors_minilm`` for all-MiniLM-L6-v2, ``mem_vectors`` for WordLlama), so a graph whose
vectors another model wrote is embedded afresh by this one and never compared against it.

One vector per memory entity, of its one document: its descriptions, aliases and rationale and the names of
what it references (``:rejects :module/certifi`` adds "certifi"); with ``LORE_RECALL_PIECES=1`` (MiniLM; not the
default) also one per piece of it (lore.memory.chunks), rows ``piece`` 1..n beside the whole text's 0 in a
table of their own. Like the token index it is a cache of the
facts, caught up boundedly (a memory costs 10-50 ms of CPU; a graph of 10,067 memories took 95 s at once):
the memories whose facts changed since the last catch-up (all of them the first time) are queued in
``<table>_pending``, then embedded newest first, ``sync`` by prepare-turn (a one-shot process: for at most
ONE_SHOT_SECONDS of CPU; an owner: only the newest few) and ``background_step`` by an owner's background
thread (lore.runtime.backend) for the rest. Writes never load the model. A queued memory is found lexically,
and by its previous vector if it had one, until it is embedded.

Search is brute force. The table is read once per open graph into a matrix (a session slot, reloaded when
the vectors change) and scored with numpy: DuckDB's ``array_cosine_similarity`` over 10,000 vectors took
40-70 ms on this machine, numpy 1-7 ms (docs/DESIGN-CHOICES.md).
"""

from __future__ import annotations

import logging
import threading
import time
import warnings
from dataclasses import dataclass
from typing import Any, Callable

import pyarrow as pa

from lore.memory import chunks, embed, expansion, index
from lore.memory.tokens import CODE_NAMESPACES
from lore.sqlfile import first_row, scalar
from lore.store.graph import MAX_TX, Graph
from lore.store.session import Slot

log = logging.getLogger("lore")

_NOT_MEMORY = CODE_NAMESPACES + ("type", "warning", "dismissal")
_TEXT_ATTRS = (":description", ":alias", ":rationale", ":name", ":title", ":summary")


def _not_memory_sql() -> str:
    return ", ".join("'" + ns + "'" for ns in _NOT_MEMORY)


def pending_table(m: embed.Model) -> str:
    return m.table + "_pending"


def ensure_table(con: Any, m: embed.Model, cache: _Matrix | None = None) -> None:
    # piece 0: the memory's whole text; 1..n: its pieces (lore.memory.chunks), when it has more than one. A
    # static model's table keeps the one vector per memory it always had.
    if cache is not None and m.table in cache.tables:
        return  # made once per open graph (two statements of each catch-up otherwise)
    piece = "piece SMALLINT NOT NULL DEFAULT 0, " if m.pieces else ""
    con.execute(f"CREATE TABLE IF NOT EXISTS {m.table} (e VARCHAR NOT NULL, {piece}vec FLOAT[{m.dim}] NOT NULL)")
    # the memories whose vectors are missing or stale, with the tx that queued them (the newest go first)
    con.execute(f"CREATE TABLE IF NOT EXISTS {pending_table(m)} (e VARCHAR NOT NULL, tx BIGINT NOT NULL)")
    if cache is not None:
        cache.tables.add(m.table)


def _mark(con: Any, m: embed.Model) -> int:
    try:
        row = first_row(con.execute("SELECT tx FROM mem_index_state WHERE key = ?", [m.state_key]))
    except Exception:  # noqa: BLE001 - no index yet
        return -1
    return row[0] if row else 0


def _version(con: Any, m: embed.Model) -> tuple[int, int]:
    """(up to which tx changes were queued, how many embedding steps were written): what the loaded matrix
    is as of (it changes with either)."""
    try:
        rows = dict(con.execute("SELECT key, tx FROM mem_index_state WHERE key IN (?, ?)",
                                [m.state_key, m.state_key + "+written"]).fetchall())
    except Exception:  # noqa: BLE001 - no index yet
        return (-1, 0)
    return (rows.get(m.state_key, 0), rows.get(m.state_key + "+written", 0))


def _set_state(con: Any, key: str, value: int) -> None:
    if not scalar(con.execute("UPDATE mem_index_state SET tx = ? WHERE key = ?", [value, key])):
        con.execute("INSERT INTO mem_index_state VALUES (?, ?)", [key, value])


def count(con: Any) -> int:
    """How many memories the loaded model's vectors cover (0: none, or semantic matching is off)."""
    m = embed.model()
    if m is None:
        return 0
    try:
        return scalar(con.execute(f"SELECT count(DISTINCT e) FROM {m.table}"))
    except Exception:  # noqa: BLE001 - never synced
        return 0


def awaiting(con: Any) -> int:
    """How many memories wait for their vector (new or changed since it was computed): queued ones, and
    those written since the queue last caught up. Reads only (``lore status`` on any graph)."""
    m = embed.model()
    if m is None:
        return 0
    done = _mark(con, m)
    if done < 0:
        return 0
    try:
        if done == 0:
            return scalar(con.execute(f"SELECT count(DISTINCT e) FROM mem_docs WHERE {_memory_docs()}"))
        queued = {r[0] for r in con.execute(f"SELECT e FROM {pending_table(m)}").fetchall()}
    except Exception:  # noqa: BLE001 - no index tables, or a graph embedded before the queue existed
        queued = set()
    if index.indexed_tx(con) > done:
        queued.update(_changed_since(con, done))
    return len(queued)


def _memory_docs() -> str:
    """The documents of memory entities that make up their text (a WHERE clause over mem_docs)."""
    return (f"n_ivals > 0 AND ns IS NOT NULL AND ns NOT IN ({_not_memory_sql()}) "
            f"AND (a IN ({', '.join(repr(a) for a in _TEXT_ATTRS)}) OR (vt = 'k' AND a <> ':entity-type'))")


def _has_memories(con: Any) -> bool:
    try:
        return first_row(con.execute(f"SELECT 1 FROM mem_docs WHERE {_memory_docs()} LIMIT 1")) is not None
    except Exception:  # noqa: BLE001 - no index yet
        return False


def _changed_since(con: Any, done: int) -> list[str]:
    rows = con.execute(
        f"SELECT DISTINCT e FROM facts WHERE NOT inferred AND (tx_from > ? OR (tx_to > ? AND tx_to <> {MAX_TX}))",
        [done, done]).fetchall()
    return [e for (e,) in rows if e.startswith(":") and "/" in e and e[1:].split("/", 1)[0] not in _NOT_MEMORY]


def entity_texts(con: Any, entities: list[str] | None) -> dict[str, str]:
    """The one document of each memory entity (None: every memory), from the token index's tables."""
    only = "" if entities is None else f"AND e IN ({index.literal_list(entities)})"
    rows = con.execute(
        f"SELECT e, a, vt, v FROM mem_docs WHERE {_memory_docs()} {only} "
        f"ORDER BY e, a <> ':description', a, v").fetchall()
    out: dict[str, list[str]] = {}
    for e, _a, vt, v in rows:
        parts = out.setdefault(e, [])
        if vt == "k":
            parts.append(v.split("/", 1)[-1].replace("-", " "))
        else:
            parts.append(v)
    return {e: ". ".join(p) for e, p in out.items()}


# How much embedding a prepare-turn does itself. A memory costs 10-50 ms of CPU; a graph's first
# prepare-turn used to embed every memory at once (10,067 on ipython: 95 s, holding the graph's lock).
ONE_SHOT_SECONDS = 1.0  # a one-shot process (CLI, hook): this much CPU on the newest, the rest wait
RESIDENT_INLINE = 4  # an owner's prepare-turn embeds the newest few itself; a longer queue is its background's
STEP_MEMORIES = 8  # one bounded step of the owner's background thread (a few hundred ms of CPU at most)


@dataclass
class SyncResult:
    embedded: int = 0  # memories embedded by this call
    awaiting: int = 0  # memories still without a current vector (recall finds them lexically meanwhile)


def _queue(graph: Graph, m: embed.Model, cache: _Matrix) -> int | None:
    """Queue the memories changed since the last catch-up (every one the first time) and return how many
    wait; None without an index. Only SQL, under graph.lock: no embedding here."""
    con = graph.con
    with graph.lock:
        done = _mark(con, m)
        if done < 0:
            return None
        cur = index.indexed_tx(con)
        ensure_table(con, m, cache)
        if expansion.applies(m):
            expansion.ensure_table(graph, m)  # before anything is embedded here: only older vectors' words queue
        if cur > done:
            changed = None if done == 0 else _changed_since(con, done)
            before = _version(con, m)
            con.execute("BEGIN TRANSACTION")
            try:
                if changed is None:
                    con.execute(f"DELETE FROM {m.table}")
                    con.execute(f"DELETE FROM {pending_table(m)}")
                    con.execute(f"INSERT INTO {pending_table(m)} SELECT DISTINCT e, ? FROM mem_docs "
                                f"WHERE {_memory_docs()}", [cur])
                elif changed:
                    con.execute(f"DELETE FROM {pending_table(m)} WHERE e IN ({index.literal_list(changed)})")
                    con.execute(f"INSERT INTO {pending_table(m)} SELECT unnest(?::VARCHAR[]), ?", [changed, cur])
                _set_state(con, m.state_key, cur)
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise
            cache.version = _version(con, m)
            if changed is not None:
                cache.moved(before, cache.version)  # only the queue changed: a loaded matrix still holds
        return scalar(con.execute(f"SELECT count(*) FROM {pending_table(m)}"))


def _pieces(m: embed.Model, text: str) -> list[str]:
    """The pieces embedded beside a memory's whole text: none for a static model, or a text of one piece."""
    if not m.pieces:
        return []
    out = chunks.chunks(text)
    return out if len(out) > 1 else []


def _embed_batch(graph: Graph, m: embed.Model, cache: _Matrix, most: int,
                 pause: Callable[[], None] | None = None) -> int:
    """Embed up to ``most`` queued memories, the newest first, and write their vectors; returns how many
    left the queue. The model runs without graph.lock (writes go on meanwhile); a memory whose text changed
    while it was embedded stays queued."""
    con = graph.con
    ents = [r[0] for r in con.execute(
        f"SELECT e FROM {pending_table(m)} ORDER BY tx DESC, e LIMIT ?", [most]).fetchall()]
    if not ents:
        return 0
    texts = entity_texts(con, ents)
    have = sorted(texts)
    # a row of the whole text of each memory, and with a sentence encoder one per piece (lore.memory.chunks)
    # when it has more than one
    pieces = {e: [texts[e]] + _pieces(m, texts[e]) for e in have}
    owner = [e for e in have for _ in pieces[e]]
    piece = [i for e in have for i in range(len(pieces[e]))]
    vecs = embed.embed([p for e in have for p in pieces[e]], pause) if have else None
    with graph.lock:
        now = entity_texts(con, ents)
        keep = {e for e in have if now.get(e) == texts[e]}
        gone = [e for e in ents if e not in texts and e not in now]
        done = sorted(keep) + gone
        if not done:
            return 0
        before = _version(con, m)
        rows = [i for i, e in enumerate(owner) if e in keep]
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(f"DELETE FROM {m.table} WHERE e IN ({index.literal_list(done)})")
            if rows and vecs is not None:
                flat = pa.array(vecs[rows].reshape(-1), pa.float32())
                table = pa.table({"e": pa.array([owner[i] for i in rows], pa.string()),
                                  "piece": pa.array([piece[i] for i in rows], pa.int16()),
                                  "vec": pa.FixedSizeListArray.from_arrays(flat, m.dim)})
                name = f"_mem_vec_arrow_{threading.get_ident()}"
                con.register(name, table)
                try:
                    cols = "e, piece, vec" if m.pieces else "e, vec"
                    con.execute(f"INSERT INTO {m.table} ({cols}) SELECT {cols.replace('vec', f'vec::FLOAT[{m.dim}]')} "
                                f"FROM {name}")
                finally:
                    con.unregister(name)
            con.execute(f"DELETE FROM {pending_table(m)} WHERE e IN ({index.literal_list(done)})")
            _set_state(con, m.state_key + "+written", before[1] + 1)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        cache.version = _version(con, m)
        written = vecs[rows] if rows and vecs is not None else None
        cache.patch(before, cache.version, m, done, [(owner[i], piece[i]) for i in rows], written)
    # their words, each embedded alone once (lore.memory.expansion): a new memory's new words only
    expansion.add_words(graph, m, [texts[e] for e in sorted(keep)], pause)
    return len(done)


def sync(graph: Graph, seconds: float | None = ONE_SHOT_SECONDS, inline: int | None = None) -> SyncResult:
    """Catch the vectors up with the memories, boundedly: queue what changed, then embed the newest queued
    ones for at most ``seconds`` of this thread's CPU (None: all of them; at least one batch), or, with
    ``inline``, all of them when no more than that many wait and none otherwise (an owner's background
    thread embeds the rest, ``background_step``). Recall meanwhile finds a queued memory lexically and by
    its previous vector if it had one."""
    m = embed.model()
    if graph.read_only or m is None:
        return SyncResult()
    cache = graph.session.get(MATRIX)
    seen = graph.session.get(index.MARKS).seen_tx
    if seen is not None and cache.synced_at == seen:
        return SyncResult()  # nothing written since this process last caught the vectors up
    left = _queue(graph, m, cache)
    if left is None:
        return SyncResult()
    out = SyncResult(awaiting=left)
    if left and (inline is None or left <= inline):
        # The background thread pauses while a request runs; this is one: it must not pause while we wait for
        # its lock (it finishes its step, at most STEP_MEMORIES, and lets go).
        cache.waiting += 1
        try:
            cache.embedding.acquire()
        finally:
            cache.waiting -= 1
        try:
            start = time.thread_time()
            while True:
                n = _embed_batch(graph, m, cache, EMBED_BATCH if inline is None else inline)
                out.embedded += n
                if not n or (seconds is not None and inline is None and time.thread_time() - start >= seconds):
                    break
        finally:
            cache.embedding.release()
        out.awaiting = scalar(graph.con.execute(f"SELECT count(*) FROM {pending_table(m)}"))
    words_left = False
    if not out.awaiting and expansion.applies(m):
        # the words of memories embedded before lore.memory.expansion's table: here when one-shot, else the
        # background thread's
        words_left = (_words_catch_up(graph, m, cache, seconds) if inline is None
                      else expansion.waiting(graph, m) > 0)
    if not out.awaiting and not words_left:
        cache.synced_at = seen
    elif graph.session.background is not None:
        graph.session.background()
    return out


def _words_catch_up(graph: Graph, m: embed.Model, cache: _Matrix, seconds: float | None) -> bool:
    """The words of memories embedded before lore.memory.expansion's table existed, within the same CPU bound
    (None: all of them); whether some still wait."""
    if not expansion.applies(m) or not expansion.waiting(graph, m):
        return False
    with cache.embedding:
        start = time.thread_time()
        while expansion.step(graph, m, EMBED_BATCH):
            if seconds is not None and time.thread_time() - start >= seconds:
                return expansion.waiting(graph, m) > 0
    return False


def catch_up(graph: Graph, most: int) -> SyncResult:
    """Embed up to ``most`` waiting memories, the newest first, in batches that each commit on their own (an
    interrupt between or inside one loses nothing written before; the batch in flight is rolled back and stays
    queued). For ``lore embed``, which calls it until nothing waits."""
    m = embed.model()
    if graph.read_only or m is None:
        return SyncResult()
    cache = graph.session.get(MATRIX)
    left = _queue(graph, m, cache)
    if left is None:
        return SyncResult()
    out = SyncResult(awaiting=left)
    with cache.embedding:
        while out.embedded < most:
            n = _embed_batch(graph, m, cache, min(EMBED_BATCH, most - out.embedded))
            if not n:
                break
            out.embedded += n
    out.awaiting = scalar(graph.con.execute(f"SELECT count(*) FROM {pending_table(m)}"))
    if not out.awaiting:
        _words_catch_up(graph, m, cache, None)
    return out


EMBED_BATCH = 16  # memories per forward pass of a one-shot catch-up (lore.memory.minilm batches like lengths)


def background_step(graph: Graph, pause: Callable[[Callable[[], bool]], None]) -> bool:
    """One bounded step of an owner's background thread: queue what changed, embed at most STEP_MEMORIES of
    the queue (the newest first), one at a time, calling ``pause`` (it blocks while a request runs) between
    the model's layers. True while more wait. The model is not loaded for a graph without
    memories (an editor's server on a repository nobody remembered anything about)."""
    if not embed.loaded() and not _has_memories(graph.con):
        return False
    m = embed.model()
    if graph.read_only or m is None:
        return False
    cache = graph.session.get(MATRIX)
    left = _queue(graph, m, cache)

    def pause_unless_awaited() -> None:
        pause(lambda: cache.waiting > 0)  # a request waiting for our lock: finish the step instead

    if not left:
        # then the words of memories embedded before lore.memory.expansion's table existed
        with cache.embedding:
            n = expansion.step(graph, m, STEP_MEMORIES, pause_unless_awaited)
        return n > 0
    with cache.embedding:
        n = _embed_batch(graph, m, cache, STEP_MEMORIES, pause_unless_awaited)
    return n > 0 and left > n


# What an ordinary memory says, on many topics: the reference a question's cosines are measured against
# beside the graph's own memories, so "stands out" means something when a graph holds only a few.
BACKGROUND = (
    "Use PostgreSQL as the primary database", "Deploy services with Kubernetes", "Write tests before merging",
    "Log errors to a central service", "Cache responses for five minutes", "Use feature branches and pull requests",
    "Encrypt data at rest", "Run the nightly batch job at 2am", "Keep the public API backwards compatible",
    "Use React for the web frontend", "Send emails through a queue", "Pin dependency versions",
    "Document every public function", "Retry failed requests with backoff", "Store configuration in environment variables",
    "Use UTC for all timestamps", "Review code before it is merged", "Monitor latency and error rates",
    "Rotate credentials every quarter", "Prefer composition over inheritance", "Keep functions small",
    "Support the last two browser versions", "Use semantic versioning for releases", "Back up the database daily",
    "Use a message broker between services", "Validate user input on the server", "Translate the user interface",
    "Limit requests per client", "Run linters in continuous integration", "Use one repository for all services",
    "Schedule maintenance windows on weekends", "Use JSON for service payloads", "Index the search data nightly",
    "Archive old records after a year", "Use an ORM for database access", "Build container images in CI",
    "Keep secrets out of the repository", "Measure test coverage", "Use a CDN for static files",
    "Name variables clearly",
)


def _background(m: embed.Model) -> Any:
    if m.name not in _BACKGROUND:
        _BACKGROUND[m.name] = embed.embed(list(BACKGROUND))
    return _BACKGROUND[m.name]


_BACKGROUND: dict[str, Any] = {}  # per model


class _Matrix:
    """The vectors of one graph as a numpy matrix: read whole once, then patched by the rows this process writes
    (``patch``), so a memory written costs a copy of the matrix, not a read of the table (40 ms on 10,067
    memories). Rows stay in the table's ``ORDER BY e, piece``: the cosines' mean and ties come out as a read
    of the table gives them."""

    def __init__(self) -> None:
        self.mark: tuple[int, int] | None = None  # the vectors' _version the matrix was loaded at
        self.synced_at: int | None = None  # the graph's tx when sync last found nothing to do
        # the vectors' _version as this process last wrote or read it: only the process that has the graph
        # open writes it, so search needs no query to know whether its matrix is current
        self.version: tuple[int, int] | None = None
        self.entities: list[str] = []  # one per entity, in order
        self.starts: Any = None  # the matrix row of each entity's whole text (its pieces follow it)
        self.whole: Any = None  # which rows are a whole text that has pieces beside it (left out of their max)
        self.matrix: Any = None  # one row per piece
        self.owners: list[str] = []  # the entity of each row
        self.loads = 0  # reads of the whole table (status: memory.semantic_cache)
        self.patches = 0  # writes applied to the matrix in place of a read
        self.tables: set[str] = set()  # the vector tables made (ensure_table)
        self.lock = threading.Lock()
        self.embedding = threading.Lock()  # one embedder at a time (a prepare-turn, the background thread)
        self.waiting = 0  # prepare-turns waiting for that lock (the background thread then does not pause)


    def load(self, con: Any, m: embed.Model, mark: tuple[int, int]) -> None:
        """Read the whole table (under ``lock``)."""
        import numpy as np

        try:
            with warnings.catch_warnings():  # the copy it warns of happens once per load
                warnings.simplefilter("ignore")
                order = "e, piece" if m.pieces else "e"
                table = con.execute(f"SELECT e, vec FROM {m.table} ORDER BY {order}").to_arrow_table()
        except Exception:  # noqa: BLE001 - no table yet
            table = None
        if table is not None and table.num_rows:
            vec = table.column("vec").combine_chunks()
            self._set(table.column("e").to_pylist(),
                      vec.values.to_numpy(zero_copy_only=False).astype(np.float32).reshape(-1, m.dim))
        else:
            self._set([], None)
        self.mark = mark
        self.loads += 1

    def _set(self, owners: list[str], matrix: Any) -> None:
        """The rows and what search reads of them: new objects, never changed after (a search holds them)."""
        import numpy as np

        if matrix is None or not owners:
            self.owners, self.entities, self.starts, self.whole, self.matrix = [], [], None, None, None
            return
        starts = [i for i in range(len(owners)) if i == 0 or owners[i] != owners[i - 1]]
        self.owners = owners
        self.entities = [owners[i] for i in starts]
        self.starts = np.array(starts, dtype=np.intp)
        has_pieces = np.diff(np.append(self.starts, len(owners))) > 1
        self.whole = np.zeros(len(owners), dtype=bool)
        self.whole[self.starts[has_pieces]] = True
        self.matrix = matrix

    def moved(self, before: tuple[int, int], after: tuple[int, int]) -> None:
        """The version moved from ``before`` to ``after`` without a change to the table (only the queue)."""
        with self.lock:
            if self.mark == before:
                self.mark = after

    def patch(self, before: tuple[int, int], after: tuple[int, int], m: embed.Model, done: list[str],
              rows: list[tuple[str, int]], vecs: Any) -> None:
        """The table went from ``before`` to ``after`` by the rows of ``done`` deleted and ``rows`` (entity,
        piece; ``vecs`` theirs) inserted: the same change to a matrix loaded at ``before``, in one copy."""
        from bisect import bisect_left, bisect_right

        import numpy as np

        with self.lock:
            if self.mark != before:
                return  # not loaded (or already stale): the next search reads the table
            new: dict[str, list[tuple[int, Any]]] = {}
            for j, (e, piece) in enumerate(rows):
                new.setdefault(e, []).append((piece, j))
            owners, matrix = self.owners, self.matrix
            if matrix is None:
                matrix = np.zeros((0, m.dim), dtype=np.float32)
            add = vecs.astype(np.float32).reshape(-1, m.dim) if vecs is not None else None
            parts: list[Any] = []
            out: list[str] = []
            pos = 0
            for e in sorted(set(done) | set(new)):
                lo = bisect_left(owners, e, pos)
                hi = bisect_right(owners, e, lo)
                parts.append(matrix[pos:lo])
                out += owners[pos:lo]
                if e in new and add is not None:
                    pieces = sorted(new[e])
                    parts.append(add[[j for _, j in pieces]])
                    out += [e] * len(pieces)
                pos = hi
            parts.append(matrix[pos:])
            out += owners[pos:]
            self._set(out, np.concatenate(parts) if out else None)
            self.mark = after
            self.patches += 1


MATRIX: Slot[_Matrix] = Slot("memory-vectors", lambda graph: _Matrix())


def population(graph: Graph) -> int:
    """How many memories the last search weighed (0 before one): a crowded standout's share is of them."""
    return len(graph.session.get(MATRIX).entities)


def search(graph: Graph, con: Any, text: str, k: int = 30) -> list[tuple[str, float, float]]:
    """The k memory entities nearest to the text, best first, each with its cosine and how far that stands
    above the cosines of all memories (standard deviations above their mean: an answer stands out, the
    best of an unanswerable question does not). [] when semantic recall is off. A memory
    with pieces (``LORE_RECALL_PIECES=1``) scores the mean of its whole text's cosine and its nearest piece's."""
    m = embed.model()
    if m is None:
        return []
    import numpy as np

    cache = graph.session.get(MATRIX)
    mark = cache.version
    if mark is None or mark[0] <= 0:
        mark = cache.version = _version(con, m)
    if mark[0] <= 0:
        return []
    with cache.lock:
        if cache.mark != mark:
            cache.load(con, m, mark)
        ents, starts, whole, matrix = cache.entities, cache.starts, cache.whole, cache.matrix
    if matrix is None or not len(ents):
        return []
    q = embed.embed_query(text)
    if not q.any():
        return []
    if getattr(m.impl, "single_thread", False):
        # BLAS once it runs on one thread (MiniLM sets it): 1.6 ms for 10,067 vectors against einsum's 2.0-2.5
        scores = matrix @ q
    else:
        # einsum's own loop, not BLAS: one thread (BLAS's own threads cost 3x the CPU here)
        scores = np.einsum("ij,j->i", matrix, q)
    if len(starts) != len(scores):
        # a memory with pieces: the mean of its whole text's cosine and its nearest piece's (the whole alone
        # blurs a memory of several topics; the best piece alone lifted every long memory, set 2's dev split)
        scores = (scores[starts] + np.maximum.reduceat(np.where(whole, -1.0, scores), starts)) / 2
    reference = np.concatenate([scores, np.einsum("ij,j->i", _background(m), q)])
    mean, sd = float(reference.mean()), float(reference.std()) or 1.0
    k = min(k, len(ents))
    top = np.argpartition(-scores, k - 1)[:k]
    top = top[np.argsort(-scores[top], kind="stable")]
    return [(ents[i], float(scores[i]), (float(scores[i]) - mean) / sd) for i in top]

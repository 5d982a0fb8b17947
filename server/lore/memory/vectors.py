"""Embeddings of memories, kept in DuckDB: one ``FLOAT[dim]`` per memory entity, in the table of the model that
computed it (``mem_vectors_minilm`` for all-MiniLM-L6-v2, ``mem_vectors`` for WordLlama), so a graph whose
vectors another model wrote is embedded afresh by this one and never compared against it.

One vector per memory entity, of its one document: its descriptions, aliases and rationale and the names of
what it references (``:rejects :module/certifi`` adds "certifi"). Like the token index it is a cache of the
facts: ``sync`` re-embeds the memories whose facts changed since the vectors last caught up (all of them the
first time) and is run by prepare-turn, so writes never load the model.

Search is brute force. The table is read once per open graph into a matrix (a session slot, reloaded when
the vectors change) and scored with numpy: DuckDB's ``array_cosine_similarity`` over 10,000 vectors took
40-70 ms on this machine, numpy 1-7 ms (docs/DESIGN-CHOICES.md).
"""

from __future__ import annotations

import logging
import threading
import warnings
from typing import Any

import pyarrow as pa

from lore.memory import embed, index
from lore.memory.tokens import CODE_NAMESPACES
from lore.sqlfile import scalar
from lore.store.graph import MAX_TX, Graph
from lore.store.session import Slot

log = logging.getLogger("lore")

_NOT_MEMORY = CODE_NAMESPACES + ("type", "warning", "dismissal")
_TEXT_ATTRS = (":description", ":alias", ":rationale", ":name", ":title", ":summary")


def _not_memory_sql() -> str:
    return ", ".join("'" + ns + "'" for ns in _NOT_MEMORY)


def ensure_table(con: Any, m: embed.Model) -> None:
    con.execute(f"CREATE TABLE IF NOT EXISTS {m.table} (e VARCHAR NOT NULL, vec FLOAT[{m.dim}] NOT NULL)")


def _mark(con: Any, m: embed.Model) -> int:
    try:
        row = con.execute("SELECT tx FROM mem_index_state WHERE key = ?", [m.state_key]).fetchone()
    except Exception:  # noqa: BLE001 - no index yet
        return -1
    return row[0] if row else 0


def count(con: Any) -> int:
    """How many memories the loaded model's vectors cover (0: none, or semantic matching is off)."""
    m = embed.model()
    if m is None:
        return 0
    try:
        return scalar(con.execute(f"SELECT count(*) FROM {m.table}"))
    except Exception:  # noqa: BLE001 - never synced
        return 0


def entity_texts(con: Any, entities: list[str] | None) -> dict[str, str]:
    """The one document of each memory entity (None: every memory), from the token index's tables."""
    only = "" if entities is None else f"AND e IN ({index.literal_list(entities)})"
    rows = con.execute(
        f"SELECT e, a, vt, v FROM mem_docs WHERE n_ivals > 0 AND ns IS NOT NULL AND ns NOT IN ({_not_memory_sql()}) "
        f"AND (a IN ({', '.join(repr(a) for a in _TEXT_ATTRS)}) OR (vt = 'k' AND a <> ':entity-type')) {only} "
        f"ORDER BY e, a <> ':description', a, v").fetchall()
    out: dict[str, list[str]] = {}
    for e, _a, vt, v in rows:
        parts = out.setdefault(e, [])
        if vt == "k":
            parts.append(v.split("/", 1)[-1].replace("-", " "))
        else:
            parts.append(v)
    return {e: ". ".join(p) for e, p in out.items()}


def sync(graph: Graph) -> int:
    """Embed the memories changed since the last sync (holding graph.lock). Returns how many were embedded."""
    m = embed.model()
    if graph.read_only or m is None:
        return 0
    con = graph.con
    cache = graph.session.get(MATRIX)
    seen = graph.session.get(index.MARKS).seen_tx
    if seen is not None and cache.synced_at == seen:
        return 0  # nothing written since this process last caught the vectors up
    with graph.lock:
        done = _mark(con, m)
        if done < 0:
            return 0
        cur = index.indexed_tx(con)
        if cur <= done:
            cache.synced_at = seen
            return 0
        ensure_table(con, m)
        if done == 0:
            changed = None
        else:
            changed = [r[0] for r in con.execute(
                f"SELECT DISTINCT e FROM facts WHERE NOT inferred AND (tx_from > ? OR (tx_to > ? AND tx_to <> {MAX_TX}))",
                [done, done]).fetchall()]
            changed = [e for e in changed if e.startswith(":") and "/" in e
                       and e[1:].split("/", 1)[0] not in _NOT_MEMORY]
        texts = entity_texts(con, changed) if changed is None or changed else {}
        ents = sorted(texts)
        vecs = embed.embed([texts[e] for e in ents]) if ents else None
        con.execute("BEGIN TRANSACTION")
        try:
            if changed is None:
                con.execute(f"DELETE FROM {m.table}")
            elif changed:
                con.execute(f"DELETE FROM {m.table} WHERE e IN ({index.literal_list(changed)})")
            if vecs is not None:  # (there are entities)
                flat = pa.array(vecs.reshape(-1), pa.float32())
                table = pa.table({"e": pa.array(ents, pa.string()),
                                  "vec": pa.FixedSizeListArray.from_arrays(flat, m.dim)})
                name = f"_mem_vec_arrow_{threading.get_ident()}"
                con.register(name, table)
                try:
                    con.execute(f"INSERT INTO {m.table} SELECT e, vec::FLOAT[{m.dim}] FROM {name}")
                finally:
                    con.unregister(name)
            if not scalar(con.execute("UPDATE mem_index_state SET tx = ? WHERE key = ?", [cur, m.state_key])):
                con.execute("INSERT INTO mem_index_state VALUES (?, ?)", [m.state_key, cur])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        return len(ents)  # the next call re-reads the marks: this transaction may have been the last


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
    """The vectors of one graph as a numpy matrix, reloaded when they change."""

    def __init__(self) -> None:
        self.mark: int | None = None  # the index state's tx the matrix was loaded at
        self.synced_at: int | None = None  # the graph's tx when sync last found nothing to do
        self.entities: list[str] = []
        self.matrix: Any = None
        self.lock = threading.Lock()


MATRIX: Slot[_Matrix] = Slot("memory-vectors", lambda graph: _Matrix())


def search(graph: Graph, con: Any, text: str, k: int = 30) -> list[tuple[str, float, float]]:
    """The k memory entities nearest to the text, best first, each with its cosine and how far that stands
    above the cosines of all memories (standard deviations above their mean: an answer stands out, the
    best of an unanswerable question does not). [] when semantic recall is off."""
    m = embed.model()
    if m is None:
        return []
    import numpy as np

    cache = graph.session.get(MATRIX)
    seen = graph.session.get(index.MARKS).seen_tx
    mark = cache.mark if (seen is not None and cache.synced_at == seen and cache.mark is not None) else _mark(con, m)
    if mark <= 0:
        return []
    with cache.lock:
        if cache.mark != mark:
            try:
                with warnings.catch_warnings():  # the copy it warns of happens once per change of the vectors
                    warnings.simplefilter("ignore")
                    table = con.execute(f"SELECT e, vec FROM {m.table} ORDER BY e").to_arrow_table()
            except Exception:  # noqa: BLE001 - no table yet
                table = None
            if table is not None and table.num_rows:
                vec = table.column("vec").combine_chunks()
                cache.entities = table.column("e").to_pylist()
                cache.matrix = vec.values.to_numpy(zero_copy_only=False).astype(np.float32).reshape(-1, m.dim)
            else:
                cache.entities, cache.matrix = [], None
            cache.mark = mark
        ents, matrix = cache.entities, cache.matrix
    if matrix is None or not len(ents):
        return []
    q = embed.embed_query(text)
    if not q.any():
        return []
    # einsum's own loop, not BLAS: one thread, 1 ms for 10,000 vectors (BLAS's threads cost 3x the CPU here)
    scores = np.einsum("ij,j->i", matrix, q)
    reference = np.concatenate([scores, np.einsum("ij,j->i", _background(m), q)])
    mean, sd = float(reference.mean()), float(reference.std()) or 1.0
    k = min(k, len(ents))
    top = np.argpartition(-scores, k - 1)[:k]
    top = top[np.argsort(-scores[top], kind="stable")]
    return [(ents[i], float(scores[i]), (float(scores[i]) - mean) / sd) for i in top]

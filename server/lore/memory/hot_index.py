"""The token index held in memory by a process that keeps its graph open (an owner: ``lore serve``,
``lore mcp``), so a prepare-turn ranks without a query per step.

What DuckDB answers in 30-60 ms per question (a BM25 aggregate over postings, then a join that scans every
document's row) takes 2-5 ms over arrays: postings by term (CSR), each document's columns by doc id, the
memories' description/rationale documents by entity and the small mirror of inferred facts. It is a cache of
the index tables (index.sql) and gives the same candidates in the same order (tests/memory/test_hot_index.py
compares both on every question). It catches up from the index when the index's transaction mark moves:
documents and postings are append-only (a document's text never changes), so only new ones are read; the
per-document numbers a write can change (validity, connections) and the inferred mirror are re-read for what
the folds since (index.IndexMarks.folds) say they touched: the documents of the entities they changed and the
inferred rows they closed or added; whole only when the log does not cover them (a fold of thousands).

A one-shot process never builds it (reading the index costs more than one search): only a graph whose
session is ``resident`` uses it.
"""

from __future__ import annotations

import math
import threading
import warnings
from decimal import Decimal
from typing import Any

from lore.memory import index
from lore.memory.tokens import CODE_NAMESPACES
from lore.sqlfile import first_row
from lore.store.graph import Graph
from lore.store.session import Slot

_TEXT_COLS = ("e", "a", "vt", "v", "ns")
_NUM_COLS = ("n_ivals", "vf_min", "vt_max", "row_id", "closed_tx", "explicit", "inferred_conf")
_SIBLING_ATTRS = (":description", ":rationale")
REBUILD_DELTA = 200_000  # postings added since the last full build beyond which the CSR is rebuilt


def _objects(column: Any) -> Any:
    """A text column as a numpy array of Python objects (None for null), equal values one object: taking a
    hundred rows from it costs 50 us where Arrow's ``take`` and ``to_pydict`` cost 500 (a prepare-turn reads
    its candidates' rows twice)."""
    import numpy as np

    if hasattr(column, "combine_chunks"):
        column = column.combine_chunks()
    enc = column.dictionary_encode()
    words = np.array(enc.dictionary.to_pylist() + [None], dtype=object)
    return words[enc.indices.fill_null(len(enc.dictionary)).to_numpy(zero_copy_only=False)]


def _numbers(column: Any) -> tuple[Any, Any]:
    """A numeric column as (numpy values, validity or None when no value is null): ``tolist`` of the values
    gives the Python ints and floats Arrow's ``to_pydict`` gives. Other types: objects (``_objects``)."""
    import numpy as np
    import pyarrow as pa

    if hasattr(column, "combine_chunks"):
        column = column.combine_chunks()
    if not (pa.types.is_integer(column.type) or pa.types.is_floating(column.type)):
        return np.array(column.to_pylist(), dtype=object), None
    valid = column.is_valid().to_numpy(zero_copy_only=False) if column.null_count else None
    return column.fill_null(0).to_numpy(zero_copy_only=False), valid


def _grown(array: Any, n: int, fill: Any = None) -> Any:
    """``array`` when it is writable and holds at least ``n`` rows, else a writable copy with room for half as
    many again (rows appended one write at a time are not copied each time)."""
    import numpy as np

    if len(array) >= n and array.flags.writeable:
        return array
    out = np.empty(max(n, len(array) + len(array) // 2), dtype=array.dtype)
    out[:len(array)] = array
    if fill is not None:
        out[len(array):] = fill
    elif out.dtype != object:
        out[len(array):] = 0
    return out


def _arrow(con: Any, query: str) -> Any:
    """A query's result as an Arrow table (DuckDB warns of the copy it makes; it is made once per catch-up)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return con.execute(query).to_arrow_table()


class _Postings:
    """Postings sorted by term (CSR): the rows of term t are ``start[t]:start[t + 1]``."""

    def __init__(self, term: Any, doc: Any, tf: Any, dl: Any, mem: Any, n_terms: int) -> None:
        import numpy as np

        order = np.argsort(term, kind="stable")
        self.doc = doc[order]
        self.tf = tf[order].astype(np.float64)
        self.dl = dl[order].astype(np.float64)
        self.mem = mem[order]
        counts = np.bincount(term, minlength=n_terms + 1)
        self.count = counts
        self.start = np.concatenate([[0], np.cumsum(counts)])
        self.norm_at: tuple[float, float, float, float] | None = None
        self.norm: dict[int, Any] = {}  # term id -> its postings' BM25 denominators at norm_at (k1, 1 - b, b, avgdl)

    def denominators(self, term_id: int, k1: float, one_minus_b: float, b: float, avgdl: float) -> Any:
        """``tf + k1 * (1 - b + b * dl / avgdl)`` of the term's postings, computed once per term and average
        length: a write changes the average, and then only the terms asked are computed again (every posting's
        was 5 ms of the turn after a write on 10,067 memories); element by element the same doubles."""
        at = (k1, one_minus_b, b, avgdl)
        if self.norm_at != at:
            self.norm = {}
            self.norm_at = at
        got = self.norm.get(term_id)
        if got is None:
            a, z = self.start[term_id], self.start[term_id + 1]
            got = self.norm[term_id] = self.tf[a:z] + k1 * (one_minus_b + (b * self.dl[a:z]) / avgdl)
        return got

    def of(self, term_id: int) -> tuple[Any, Any, Any, Any] | None:
        if term_id >= len(self.count) or not self.count[term_id]:
            return None
        a, b = self.start[term_id], self.start[term_id + 1]
        return self.doc[a:b], self.tf[a:b], self.dl[a:b], self.mem[a:b]

    def df(self, term_id: int) -> int:
        return int(self.count[term_id]) if term_id < len(self.count) else 0


class HotIndex:
    """One graph's index in memory (see the module's docstring). ``ready`` is False when the index could
    not be held (doc ids not dense: never written by this version); the caller then asks DuckDB."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.mark: int | None = None  # the index's transaction mark this copy reflects
        self.ready = False
        self.n_docs = 0
        self.total_len = 0
        self.mem_first = 0
        self.terms: dict[str, int] = {}  # token -> term id
        self.max_term = 0
        self.base: _Postings | None = None  # postings at the last full build
        self.delta: _Postings | None = None  # postings of documents added since
        self.base_docs = 0  # documents covered by ``base``
        self.text: dict[str, Any] = {}  # _TEXT_COLS as object arrays (_objects), row i = doc id i + 1
        self.nums: dict[str, tuple[Any, Any]] = {}  # _NUM_COLS as (values, validity) (_numbers), the same rows
        self.siblings: dict[str, list[int]] = {}  # memory entity -> doc ids of its description/rationale
        # mem_inferred rows (e, a, vt, v, rule, confidence, provenance, vf, vt) by id, in the table's order (a
        # dict keeps it: rows deleted leave it, rows added come last, as in the table)
        self.inferred: dict[int, tuple] = {}
        self.inferred_seq: dict[int, int] = {}  # id -> its place in that order (increasing)
        self.next_seq = 0
        # entity -> ids of the rows it stands at either end of (e, or v of a ref)
        self.inferred_at: dict[str, set[int]] = {}
        self.timelines: dict[int, list[tuple[int, int]]] = {}  # doc id -> intervals, of those with several
        self.docs_of: dict[str, list[int]] = {}  # entity -> its doc ids (the numbers a fold rewrites are by entity)
        # what catching up cost: builds (everything read), whole re-reads of the numbers and the inferred
        # mirror, and patches (only what the folds since touched)
        self.counts = {"builds": 0, "rereads": 0, "patches": 0}

    # ------------------------------------------------------------------ catching up with the index

    def catch_up(self, graph: Graph, con: Any, mark: int | None = None) -> bool:
        """Bring this copy to the index as it is now (under graph.lock, so no fold runs meanwhile); ``mark``:
        the index's transaction mark if the caller just read it. Returns whether the copy can answer."""
        if mark is not None and mark == self.mark:
            return self.ready  # nothing folded since (what is read below is at least as new as its mark)
        with graph.lock, self.lock:
            row = first_row(con.execute("SELECT tx FROM mem_index_state WHERE key = 'tx'"))
            mark = row[0] if row else 0
            if self.mark == mark:
                return self.ready
            stats = first_row(con.execute("SELECT n_docs, total_len, mem_first FROM mem_stats"))
            n_docs, total_len, mem_first = (int(stats[0]), int(stats[1]), int(stats[2] or 0)) if stats else (0, 0, 0)
            changes = None
            if self.ready and self.mark is not None and n_docs >= self.n_docs:
                changes = graph.session.get(index.MARKS).changes(self.mark, mark)
            old_docs, builds = self.n_docs, self.counts["builds"]
            if not self.ready or n_docs < self.n_docs:
                self._build(con, n_docs)
            elif n_docs > self.n_docs:
                self._append(con, n_docs)
            if self.ready and changes is not None and self.counts["builds"] == builds and self.n_docs == n_docs:
                self._patch(con, old_docs, n_docs, changes.entities, changes.inferred)
                self.counts["patches"] += 1
            elif self.ready:
                self._reread(con, n_docs)
                self.counts["rereads"] += 1
            self.n_docs, self.total_len, self.mem_first = n_docs, total_len, mem_first
            self.mark = mark
            return self.ready

    def _reread(self, con: Any, n_docs: int) -> None:
        """The numbers of every document, the inferred mirror and the timelines, read whole."""
        self._refresh_numbers(con, n_docs)
        if not self.ready:
            return
        # in the table's own order, as turns' SQL reads it (ties among links keep that order)
        self.inferred, self.inferred_seq, self.inferred_at, self.next_seq = {}, {}, {}, 0
        self._add_inferred(con.execute(
            "SELECT id, e, a, vt, v, rule, confidence, provenance, valid_from, valid_to FROM mem_inferred").fetchall())
        # the few documents valid in several intervals (index.intervals reads them per question)
        self.timelines = {d: list(zip(f or [], t or [])) for d, f, t in con.execute(
            "SELECT doc_id, vfs, vts FROM mem_docs WHERE n_ivals > 1").fetchall()}

    def _add_inferred(self, rows: list[tuple]) -> None:
        for row in rows:
            i = int(row[0])
            self.inferred[i] = row[1:]
            self.inferred_seq[i] = self.next_seq
            self.next_seq += 1
            self.inferred_at.setdefault(row[1], set()).add(i)
            if row[3] == "k" and row[4] != row[1]:
                self.inferred_at.setdefault(row[4], set()).add(i)

    def _drop_inferred(self, i: int) -> None:
        row = self.inferred.pop(i)
        del self.inferred_seq[i]
        for e in (row[0], row[3]):
            at = self.inferred_at.get(e)
            if at is not None:
                at.discard(i)
                if not at:
                    del self.inferred_at[e]

    def _patch(self, con: Any, old_docs: int, n_docs: int, entities: set[str], inferred: set[int]) -> None:
        """What the folds since the last catch-up touched (index.IndexMarks.changes): the numbers and timelines
        of the documents of ``entities`` and of the new ones, and the inferred rows of the ids ``inferred`` as
        the table holds them now (a row no longer there is dropped; one new to this copy comes last, as a row
        added to the table does)."""
        import numpy as np

        ids = sorted({d for e in entities for d in self.docs_of.get(e, ()) if d <= old_docs})
        where = f"doc_id > {int(old_docs)}" + (f" OR doc_id IN ({', '.join(map(str, ids))})" if ids else "")
        t = _arrow(con, f"SELECT doc_id, {', '.join(_NUM_COLS)}, vfs, vts FROM mem_docs WHERE {where} ORDER BY doc_id")
        got = t.column("doc_id").to_numpy()
        if len(got) != len(ids) + n_docs - old_docs:
            self._reread(con, n_docs)  # documents not where this copy has them: read whole
            return
        take = got.astype(np.int64) - 1
        # in place (only the graph's worker reads this copy, under no lock: a turn never runs beside a catch-up)
        for c in _NUM_COLS:
            values, valid = self.nums[c]
            new_values, new_valid = _numbers(t.column(c))
            if values.dtype != new_values.dtype:
                values = values.astype(np.result_type(values, new_values))
            values = _grown(values, n_docs)
            values[take] = new_values
            if valid is None and new_valid is not None and not new_valid.all():
                valid = np.ones(len(values), dtype=bool)
            if valid is not None:
                valid = _grown(valid, len(values), True)
                valid[take] = True if new_valid is None else new_valid
            self.nums[c] = (values, valid)
        n_ivals = t.column("n_ivals").to_pylist()
        for d, n, f, to in zip(got.tolist(), n_ivals, t.column("vfs").to_pylist(), t.column("vts").to_pylist()):
            if n is not None and n > 1:
                self.timelines[d] = list(zip(f or [], to or []))
            else:
                self.timelines.pop(d, None)
        if inferred:
            rows = con.execute(
                "SELECT id, e, a, vt, v, rule, confidence, provenance, valid_from, valid_to FROM mem_inferred "
                f"WHERE id IN ({', '.join(str(int(i)) for i in sorted(inferred))})").fetchall()
            there = {int(r[0]) for r in rows}
            for i in inferred:
                if i in self.inferred and i not in there:
                    self._drop_inferred(i)
            self._add_inferred([r for r in rows if int(r[0]) not in self.inferred])

    def _build(self, con: Any, n_docs: int) -> None:
        self.ready = False
        self.counts["builds"] += 1
        text = _arrow(con, f"SELECT doc_id, {', '.join(_TEXT_COLS)} FROM mem_docs ORDER BY doc_id")
        ids = text.column("doc_id").to_numpy()
        if len(ids) != n_docs or (n_docs and (ids[0] != 1 or ids[-1] != n_docs)):
            self.text = {}
            return  # not 1..n: the caller asks DuckDB
        self.text = {c: _objects(text.column(c)) for c in _TEXT_COLS}
        self.terms = {}
        self.max_term = 0
        self._read_terms(con)
        self.base = self._read_postings(con, 0)
        self.delta = None
        self.base_docs = n_docs
        self.siblings = {}
        self.docs_of = {}
        self._add_siblings(text, 1)
        self.n_docs = n_docs
        self.ready = True

    def _append(self, con: Any, n_docs: int) -> None:

        first = self.n_docs + 1
        new = _arrow(con, f"SELECT doc_id, {', '.join(_TEXT_COLS)} FROM mem_docs WHERE doc_id >= {int(first)} "
                     "ORDER BY doc_id")
        ids = new.column("doc_id").to_numpy()
        if len(ids) != n_docs - self.n_docs or (len(ids) and (ids[0] != first or ids[-1] != n_docs)):
            self._build(con, n_docs)
            return
        for c in _TEXT_COLS:
            self.text[c] = _grown(self.text[c], n_docs)
            self.text[c][first - 1:n_docs] = _objects(new.column(c))
        self._read_terms(con)
        if n_docs - self.base_docs > REBUILD_DELTA // 4 and self._delta_size() > REBUILD_DELTA:
            self.base = self._read_postings(con, 0)
            self.delta = None
            self.base_docs = n_docs
        else:
            self.delta = self._read_postings(con, self.base_docs)
        self._add_siblings(new, first)
        self.n_docs = n_docs

    def _delta_size(self) -> int:
        return int(self.delta.start[-1]) if self.delta is not None else 0

    def _read_terms(self, con: Any) -> None:
        for tid, tok in con.execute("SELECT term_id, token FROM mem_terms WHERE term_id > ?", [self.max_term]).fetchall():
            self.terms[tok] = int(tid)
            self.max_term = max(self.max_term, int(tid))

    def _read_postings(self, con: Any, after_doc: int) -> _Postings:
        import numpy as np

        t = _arrow(con, f"SELECT term_id, doc_id, tf, dl, mem FROM mem_postings WHERE doc_id > {int(after_doc)}")
        return _Postings(t.column("term_id").to_numpy().astype(np.int64), t.column("doc_id").to_numpy().astype(np.int64),
                         t.column("tf").to_numpy(), t.column("dl").to_numpy(),
                         t.column("mem").to_numpy(zero_copy_only=False), self.max_term)

    def _add_siblings(self, text: Any, first: int) -> None:
        es, as_, nss = text.column("e").to_pylist(), text.column("a").to_pylist(), text.column("ns").to_pylist()
        docs_of = self.docs_of
        for i, (e, a, ns) in enumerate(zip(es, as_, nss)):
            docs_of.setdefault(e, []).append(first + i)
            if a in _SIBLING_ATTRS and ns not in CODE_NAMESPACES:
                self.siblings.setdefault(e, []).append(first + i)

    def _refresh_numbers(self, con: Any, n_docs: int) -> None:
        t = _arrow(con, f"SELECT doc_id, {', '.join(_NUM_COLS)} FROM mem_docs ORDER BY doc_id")
        if t.num_rows != n_docs:
            self.ready = False
            return
        self.nums = {c: _numbers(t.column(c)) for c in _NUM_COLS}

    # ------------------------------------------------------------------ answering

    def df(self, term_id: int) -> int:
        n = self.base.df(term_id) if self.base is not None else 0
        return n + (self.delta.df(term_id) if self.delta is not None else 0)

    def known(self, terms: list[str]) -> list[tuple[int, str, int]]:
        """(term id, token, document frequency) of the tokens the index knows, in the order given."""
        out = []
        for tok in terms:
            tid = self.terms.get(tok)
            if tid is not None:
                out.append((tid, tok, self.df(tid)))
        return out

    def score(self, terms: list[tuple[int, int, int, int]], n: int, avgdl: float, k1: float, b: float,
              limit: int, code_limit: int) -> list[tuple[int, float, int]]:
        """BM25 as index.sql's ``search`` computes it (the same expression, term by term): the best
        ``limit`` memory documents and ``code_limit`` code documents as (doc id, bm25, mask)."""
        import numpy as np

        # DuckDB folds the literals as decimals (1.2 + 1 is exactly 2.2), then computes in doubles, left to right
        k1_plus_1, one_minus_b = float(Decimal(repr(k1)) + 1), float(1 - Decimal(repr(b)))
        docs, contrib, bits, mems = [], [], [], []
        for tid, df, qtf, bit in terms:
            idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
            for part in (self.base, self.delta):
                got = part.of(tid) if part is not None else None
                if part is None or got is None:
                    continue
                d, tf, _dl, mem = got
                norm = part.denominators(tid, k1, one_minus_b, b, avgdl)
                docs.append(d)
                contrib.append((float(qtf) * idf) * tf * k1_plus_1 / norm)
                bits.append(bit)
                mems.append(mem)
        if not docs:
            return []
        d = np.concatenate(docs)
        size = int(d.max()) + 1
        if len(d) * 8 > size:
            # Many postings (a common word): sums over the dense doc-id range instead of sorting them; doc ids
            # in ascending order as np.unique gives them, each sum accumulated in the same order.
            bm25_all = np.bincount(d, weights=np.concatenate(contrib), minlength=size)
            mask_all = np.zeros(size, dtype=np.int64)
            for part, bit in zip(docs, bits):
                if bit:
                    mask_all[part] |= bit
            mem_all = np.zeros(size, dtype=bool)
            mem_all[d] = np.concatenate(mems)
            seen = np.zeros(size, dtype=bool)
            seen[d] = True
            uniq = np.flatnonzero(seen)
            bm25, mask, mem = bm25_all[uniq], mask_all[uniq], mem_all[uniq]
        else:
            uniq, inv = np.unique(d, return_inverse=True)
            bm25 = np.bincount(inv, weights=np.concatenate(contrib), minlength=len(uniq))
            mask = np.zeros(len(uniq), dtype=np.int64)
            for part, bit, start in zip(docs, bits, np.cumsum([0] + [len(x) for x in docs[:-1]])):
                if bit:
                    mask[inv[start:start + len(part)]] |= bit
            mem = np.zeros(len(uniq), dtype=bool)
            mem[inv] = np.concatenate(mems)
        out = []
        for want, k in ((mem, limit), (~mem, code_limit)):
            idx = np.flatnonzero(want)
            if not len(idx) or k <= 0:
                continue
            if len(idx) > k:
                # only the documents scoring at least the k-th best can be among the first k (ties included)
                s = bm25[idx]
                kth = s[np.argpartition(-s, k - 1)[k - 1]]
                idx = idx[s >= kth]
            order = np.lexsort((uniq[idx], -bm25[idx]))[:k]
            out += [(int(uniq[i]), float(bm25[i]), int(mask[i])) for i in idx[order]]
        return out

    def rows(self, doc_ids: list[int]) -> list[tuple]:
        """The index.Hit columns (_DOC_COLS) of documents, in the order given."""
        if not doc_ids:
            return []
        import numpy as np

        take = np.array(doc_ids, dtype=np.int64) - 1
        cols = [self.text[c][take].tolist() for c in _TEXT_COLS]
        for c in _NUM_COLS:
            values, valid = self.nums[c]
            got = values[take].tolist()
            if valid is not None:
                for j in np.flatnonzero(~valid[take]).tolist():
                    got[j] = None
            cols.append(got)
        return list(zip(doc_ids, *cols))

    def sibling_rows(self, entities: list[str]) -> list[tuple]:
        """index.Hit columns of the description and rationale documents of memory entities (from the first
        memory document on, as turns' SQL asks)."""
        ids = sorted(i for e in dict.fromkeys(entities) for i in self.siblings.get(e, ()) if i >= self.mem_first)
        return self.rows(ids)

    def inferred_about(self, entities: list[str], now: int) -> list[tuple]:
        """The rows valid at ``now`` at either end of which one of ``entities`` stands, in the table's order
        (found by entity, not by reading every row)."""
        rows, seq = self.inferred, self.inferred_seq
        at = sorted({i for e in set(entities) for i in self.inferred_at.get(e, ())}, key=seq.__getitem__)
        return [(e, a, vt, v, rule, conf, prov) for e, a, vt, v, rule, conf, prov, vf, vt_ in (rows[i] for i in at)
                if vf <= now < vt_]


HOT: Slot[HotIndex] = Slot("memory.hot-index", lambda graph: HotIndex())


def for_graph(graph: Graph, con: Any, mark: int | None = None) -> HotIndex | None:
    """The graph's in-memory index, caught up, when its session is resident; else None (ask DuckDB).
    ``mark``: the index's transaction mark as the caller just read it (saves reading it again)."""
    if not graph.session.resident:
        return None
    hot = graph.session.get(HOT)
    return hot if hot.catch_up(graph, con, mark) else None

"""The memory's lexical index (BM25 in DuckDB), kept in step with the facts table.

``sync`` folds every transaction after the last one indexed into the index tables (index.sql): new fact
identities get postings, changed ones get their believed validity refreshed, and the connection counts of
the entities involved are recomputed. It is idempotent and catches up on any number of transactions, so
bulk writes that skipped the derivation (an ingest) are indexed by the next sync.
"""

from __future__ import annotations

import functools
import logging
import math
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from lore.memory.tokens import (
    CODE_NAMESPACES,
    MEMORY_NAMESPACES,
    QUESTION_WORDS,
    SKIP_ATTRS,
    STOPWORDS,
    sql_list,
)
from lore.sqlfile import first_row, named_statements, scalar
from lore.store.graph import MAX_TX, Graph
from lore.store.session import Slot
from lore.timeutil import FOREVER

log = logging.getLogger("lore")

K1 = 1.2
PY_TOKENIZE_MAX = 2000  # new documents up to which Python tokenizes (else SQL)
CODE_CANDIDATES = 12  # code documents read per search (memories: all candidates)
BULK_DOCS = 20_000  # a fold this large is followed by a checkpoint
B = 0.75
MAX_QUERY_CHARS = 20_000


_SQL_FILE = Path(__file__).with_name("index.sql")


def _sections() -> dict[str, str]:
    return named_statements(_SQL_FILE)


@functools.cache
def _fixed() -> dict[str, Any]:
    """The fixed fragments every statement may use (formatted once: the stop words' list was 4 ms of a write's
    fold, formatted for each of its dozen statements)."""
    return {"max_tx": MAX_TX, "stopwords": sql_list(STOPWORDS), "skip_attrs": sql_list(SKIP_ATTRS),
            "memory_ns": sql_list(MEMORY_NAMESPACES), "code_ns": sql_list(CODE_NAMESPACES)}


def sql(name: str, **fill: Any) -> str:
    return _sections()[name].format(**{**_fixed(), **fill})


SCHEMA_VERSION = 14  # 14: mem_code holds fields' qualified names (linking.sql symbols_by_name)
_TABLES = ("mem_docs", "mem_terms", "mem_postings", "mem_stats", "mem_degree", "mem_inferred", "mem_code",
           "mem_index_state")


FOLD_LOG = 64  # folds remembered per open graph (a cache further behind than that is read whole)


@dataclass(frozen=True)
class Fold:
    """What one fold changed of the index, as far as a copy of it held in memory must know (hot_index): the
    entities whose documents' numbers (validity, connections) it may have rewritten and the mem_inferred rows
    it may have deleted or added. None: too many to say (the copy is read whole). Noted before the fold's
    transaction commits, so a rolled-back one is noted too: a reader takes what they name as candidates, and
    reads what the tables hold of them."""

    last: int  # the index's mark before and after
    cur: int
    entities: frozenset[str] | None
    inferred: frozenset[int] | None
    attrs: frozenset[str] | None = None  # the attributes of the rows it folded (inferred ones too)


@dataclass
class Changes:
    """What the folds between two marks changed (IndexMarks.changes): the union of their Fold's sets."""

    entities: set[str] = field(default_factory=set)
    inferred: set[int] = field(default_factory=set)
    attrs: set[str] = field(default_factory=set)


@dataclass
class IndexMarks:
    """What this process knows of an open graph's memory index."""

    schema_ok: bool = False  # the index tables exist at this version
    new_docs: int = 0  # documents folded by the sync in progress (a large one is followed by a checkpoint)
    seen_tx: int | None = None  # the graph's newest tx as the last prepare-turn saw it
    index_mark: int | None = None  # the index's own mark as that prepare-turn read it (None: read it again)
    # A resident graph's last "up to date" answer, (graph.tx_begun, linking on, the newest tx, the index's
    # mark), while no write began since (memory.linking._up_to_date)
    fresh_at: tuple[int, bool, int, int | None] | None = None
    folds: list[Fold] = field(default_factory=list)  # the last FOLD_LOG folds this process ran, oldest first

    def changes(self, since: int, upto: int) -> Changes | None:
        """What the folds from mark ``since`` to ``upto`` changed (Fold), or None when the log does not cover
        every one of them or one changed too much to say."""
        if upto < since:
            return None  # the index was rebuilt
        out = Changes()
        covered = since
        for f in sorted(self.folds, key=lambda f: (f.last, f.cur)):
            if f.cur <= since or f.last >= upto:
                continue
            if f.last > covered or f.entities is None or f.inferred is None or f.attrs is None:
                return None
            out.entities |= f.entities
            out.inferred |= f.inferred
            out.attrs |= f.attrs
            covered = max(covered, f.cur)
        return out if covered >= upto else None


MARKS: Slot[IndexMarks] = Slot("memory.index-marks", lambda graph: IndexMarks())


def ensure_schema(graph: Graph) -> None:
    """Create the index tables once per open graph; an index of another version is rebuilt from scratch
    (it is a cache of the facts table)."""
    marks = graph.session.get(MARKS)
    if graph.read_only or marks.schema_ok:
        return
    con = graph.con
    con.execute(sql("schema"))
    try:
        row = first_row(con.execute("SELECT tx FROM mem_index_state WHERE key = 'version'"))
    except Exception:  # noqa: BLE001 - a damaged state table: rebuild
        row = (-1,)
    if row is None or row[0] != SCHEMA_VERSION:
        for t in _TABLES:
            con.execute(f"DROP TABLE IF EXISTS {t}")
        con.execute(sql("schema"))
        con.execute("INSERT INTO mem_index_state VALUES ('version', ?)", [SCHEMA_VERSION])
    marks.schema_ok = True


# The attributes mem_code keeps (index.sql's refresh_code reads only changed rows of these).
CODE_LOCATION_ATTRS = frozenset({":name", ":qualified-name", ":file", ":path", ":renamed-to"})
LITERAL_MAX = 1000  # up to this many idents go into SQL as a literal list (filtered inside the scan)


def literal_list(items: list[str]) -> str:
    """Text values (idents from the facts table) as SQL string literals, quotes doubled."""
    return ", ".join("'" + str(i).replace("'", "''") + "'" for i in items) or "NULL"


def indexed_tx(con: Any) -> int:
    try:
        row = first_row(con.execute("SELECT tx FROM mem_index_state WHERE key = 'tx'"))
    except Exception:  # noqa: BLE001 - no index tables yet (read-only graph never synced)
        return -1
    return row[0] if row else 0


def sync(graph: Graph) -> int:
    """Fold transactions after the last indexed one into the index; returns how many were folded."""
    if graph.read_only:
        return 0
    with graph.lock:
        ensure_schema(graph)
        con = graph.con
        if scalar(con.execute("SELECT coalesce(max(tx), 0) FROM tx")) <= indexed_tx(con):
            return 0
        marks = graph.session.get(MARKS)
        marks.new_docs = 0
        with graph.atomic():
            n = sync_in_tx(graph)
        checkpoint_after_bulk(graph, marks.new_docs)
        return n


def sync_in_tx(graph: Graph) -> int:
    """``sync`` inside a DuckDB transaction the caller opened (and holding graph.lock)."""
    con = graph.con
    last = indexed_tx(con)
    cur = scalar(con.execute("SELECT coalesce(max(tx), 0) FROM tx"))
    if cur <= last:
        return 0
    n_new, noted = _fold(con, last)
    if not scalar(con.execute("UPDATE mem_index_state SET tx = ? WHERE key = 'tx'", [cur])):
        con.execute("INSERT INTO mem_index_state VALUES ('tx', ?)", [cur])
    marks = graph.session.get(MARKS)
    marks.new_docs += n_new
    marks.folds = marks.folds[-(FOLD_LOG - 1):] + [Fold(last, cur, *noted)]
    return cur - last


def _fold(con: Any, last: int) -> tuple[int, tuple[frozenset[str] | None, frozenset[int] | None,
                                                   frozenset[str] | None]]:
    """Fold the rows changed after tx ``last``; returns how many documents are new and what the fold changed
    (Fold's entities and inferred rows)."""
    con.execute(sql("changed_rows", last=last))
    con.execute(sql("changed_entities"))
    inferred = [r[0] for r in con.execute(f"SELECT id FROM _mem_chg WHERE inferred LIMIT {LITERAL_MAX + 1}").fetchall()]
    attrs = [r[0] for r in con.execute(f"SELECT DISTINCT a FROM _mem_chg LIMIT {LITERAL_MAX + 1}").fetchall()]
    ents = [r[0] for r in con.execute(f"SELECT e FROM _mem_ents LIMIT {LITERAL_MAX + 1}").fetchall()]
    ents_sql = literal_list(ents) if len(ents) <= LITERAL_MAX else "SELECT e FROM _mem_ents"
    con.execute(sql("current_rows", ents=ents_sql))
    try:
        first = scalar(con.execute("SELECT coalesce(max(doc_id), 0) + 1 FROM mem_docs"))
        # Connection counts of every entity at either end of a changed relation, updated by difference.
        con.execute(sql("degree_delta", last=last))
        con.execute("""
            UPDATE mem_degree SET explicit = mem_degree.explicit + d.explicit,
                                  inferred_conf = mem_degree.inferred_conf + d.inferred_conf
              FROM _mem_deg d WHERE mem_degree.e = d.e
        """)
        con.execute("INSERT INTO mem_degree SELECT * FROM _mem_deg d "
                    "WHERE NOT EXISTS (SELECT 1 FROM mem_degree g WHERE g.e = d.e)")
        con.execute(sql("new_docs", last=last, first_id=first, ents=ents_sql))
        con.execute(sql("validity"))
        n_new = _tokens(con)
        con.execute(sql("insert_docs"))
        con.execute(sql("refresh_docs", first_id=first, ents=ents_sql))
        # Each reads only the changed rows it names: with none of them (a memory written) it changes nothing.
        if inferred:
            con.execute(sql("refresh_inferred", last=last))
        if len(attrs) > LITERAL_MAX or not CODE_LOCATION_ATTRS.isdisjoint(attrs):
            con.execute(sql("refresh_code", last=last))
        deg = [r[0] for r in con.execute(f"SELECT e FROM _mem_deg LIMIT {LITERAL_MAX + 1}").fetchall()]
        deg_sql = literal_list(deg) if len(deg) <= LITERAL_MAX else "SELECT e FROM _mem_deg"
        noted = (frozenset(ents) | frozenset(deg) if len(ents) <= LITERAL_MAX and len(deg) <= LITERAL_MAX else None,
                 frozenset(int(i) for i in inferred) if len(inferred) <= LITERAL_MAX else None,
                 frozenset(attrs) if len(attrs) <= LITERAL_MAX else None)
        if deg:
            con.execute(f"""
                UPDATE mem_docs SET explicit = d.explicit, inferred_conf = d.inferred_conf
                  FROM mem_degree d WHERE mem_docs.doc_id < {int(first)} AND mem_docs.e = d.e
                   AND mem_docs.e IN ({deg_sql}) AND d.e IN ({deg_sql})
                   AND (mem_docs.explicit <> d.explicit OR mem_docs.inferred_conf <> d.inferred_conf)
            """)
        _postings(con)
        con.execute("DELETE FROM mem_stats")
        con.execute(f"INSERT INTO mem_stats SELECT count(*), coalesce(sum(len), 0), "
                    f"min(doc_id) FILTER (WHERE ns IN ({sql_list(MEMORY_NAMESPACES)})) FROM mem_docs")
    finally:
        for t in ("_mem_chg", "_mem_ents", "_mem_cur", "_mem_new", "_mem_val", "_mem_new_tok", "_mem_deg"):
            con.execute(f"DROP TABLE IF EXISTS {t}")
    return n_new, noted


def checkpoint_after_bulk(graph: Graph, n_new: int) -> None:
    """After a bulk fold (an ingest) is committed: fold DuckDB's row versions away for fast reads."""
    if n_new > BULK_DOCS:
        try:
            graph.con.execute("CHECKPOINT")
        except Exception:  # noqa: BLE001 - busy: DuckDB's own checkpoint will do it later
            log.info("checkpoint after a bulk index fold skipped")


def _tokens(con: Any) -> int:
    """Tokens of the staged new documents into _mem_new_tok(doc_id, token, tf); returns how many docs."""
    src = f"({sql('doc_text')})"
    n_new = scalar(con.execute("SELECT count(*) FROM _mem_new"))
    if n_new <= PY_TOKENIZE_MAX:
        # A few documents (a write): Python's twin tokenizer beats the SQL pipeline's fixed cost.
        ids: list[int] = []
        toks: list[str] = []
        tfs: list[int] = []
        for doc_id, text in con.execute(f"SELECT * FROM {src}").fetchall():
            for tok, n in tokenize(text or "").items():
                ids.append(doc_id)
                toks.append(tok)
                tfs.append(n)
        table = pa.table({"doc_id": pa.array(ids, pa.int64()), "token": pa.array(toks, pa.string()),
                          "tf": pa.array(tfs, pa.int32())})
        name = f"_mem_tok_arrow_{threading.get_ident()}"
        con.register(name, table)
        try:
            con.execute(f"CREATE OR REPLACE TEMP TABLE _mem_new_tok AS SELECT * FROM {name}")
        finally:
            con.unregister(name)
    else:
        con.execute(f"""
            CREATE OR REPLACE TEMP TABLE _mem_new_tok AS
            SELECT doc_id, token, count(*)::INTEGER AS tf FROM ({sql('tokenize', src=src)}) GROUP BY doc_id, token
        """)
    return n_new


def _postings(con: Any) -> None:
    """Postings of the new documents: term ids assigned, document frequencies counted."""
    if not scalar(con.execute("SELECT count(*) FROM _mem_new_tok")):
        return
    con.execute("""
        INSERT INTO mem_terms
        SELECT (SELECT coalesce(max(term_id), 0) FROM mem_terms) + row_number() OVER (ORDER BY token), token, 0
          FROM (SELECT DISTINCT token FROM _mem_new_tok) n
         WHERE NOT EXISTS (SELECT 1 FROM mem_terms t WHERE t.token = n.token)
    """)
    con.execute("""
        UPDATE mem_terms SET df = mem_terms.df + c.n
          FROM (SELECT token, count(*) AS n FROM _mem_new_tok GROUP BY token) c
         WHERE mem_terms.token = c.token
    """)
    con.execute(f"""
        INSERT INTO mem_postings
        SELECT t.term_id, n.doc_id, n.tf, d.len, coalesce(m.ns IN ({sql_list(MEMORY_NAMESPACES)}), false)
          FROM _mem_new_tok n JOIN mem_terms t ON t.token = n.token JOIN _mem_new m ON m.doc_id = n.doc_id
          JOIN (SELECT doc_id, sum(tf)::INTEGER AS len FROM _mem_new_tok GROUP BY doc_id) d ON d.doc_id = n.doc_id
         ORDER BY t.term_id
    """)


def query_terms(con: Any, text: str, names: frozenset[str] = frozenset()) -> dict[str, int]:
    """The query's tokens with their counts (the Python twin of the SQL tokenizer; tests keep them equal).
    ``names``: words (lowercased) that are no topic here (the project's own name): they and their parts are
    left out, as stop words are."""
    return dict(tokenize(text[:MAX_QUERY_CHARS], names))


def sql_tokens(con: Any, text: str) -> dict[str, int]:
    """The SQL tokenizer on one text (what documents go through)."""
    src = "(SELECT 0 AS doc_id, ?::VARCHAR AS text)"
    rows = con.execute(f"SELECT token, count(*) FROM ({sql('tokenize', src=src)}) GROUP BY token",
                       [text]).fetchall()
    return {t: n for t, n in rows}


_WORD = re.compile(r"[A-Za-z0-9_]+")
_PART = re.compile(r"[A-Z]+[a-z]*|[a-z]+|[0-9]+")
_SPLIT = re.compile(r"[_0-9]|[a-z][A-Z]")


def _stem(t: str) -> str:
    """A light suffix-stripping stem (index.sql's tokenize is its twin): the plural first, then -ing/-ed, so
    "findings", "finding" and "find" meet (stripped the other way round, a plural kept its -ing)."""
    n = len(t)
    if n > 4 and t.endswith("ies"):
        t = t[:-3] + "y"
    elif n > 3 and t.endswith("s") and not t.endswith("ss"):
        t = t[:-1]
    n = len(t)
    if n > 5 and t.endswith("ing"):
        t = t[:-3]
    elif n > 4 and t.endswith("ed"):
        t = t[:-2]
    if len(t) > 4 and t.endswith("e"):
        t = t[:-1]
    return t


def word_token(word: str) -> str | None:
    """The token a whole word (a maximal run of [A-Za-z0-9_]) has in every document it is in, within the
    first TOKENIZE_CHARS characters; None: no token (a stop word, too short, too long)."""
    t = word.lower()
    return _stem(t) if 2 <= len(t) <= 60 and t not in STOPWORDS else None


TOKENIZE_CHARS = 20000  # a document's text is tokenized up to here (index.sql's tokenize says so too)


def tokenize(text: str, skip: frozenset[str] = frozenset()) -> Counter[str]:
    out: Counter[str] = Counter()
    for w in _WORD.findall(text[:TOKENIZE_CHARS]):
        if skip and w.lower() in skip:
            continue
        parts = [w.lower()]
        if len(w) > 1 and _SPLIT.search(w):
            parts += [x.lower() for x in _PART.findall(w)]
        for t in parts:
            if 2 <= len(t) <= 60 and t not in STOPWORDS:
                out[_stem(t)] += 1
    return out


@dataclass(slots=True)
class Hit:
    doc_id: int
    e: str
    a: str
    vt: str
    v: str
    ns: str | None
    n_ivals: int
    vf_min: int | None
    vt_max: int | None
    row_id: int | None
    closed_tx: int | None
    explicit: int
    inferred_conf: float
    bm25: float
    mask: int = 0  # the bits of the question's topic terms this document contains (Query.bits)

    @classmethod
    def unscored(cls, row: tuple[Any, ...]) -> Hit:
        """A document row (the ``_DOC_COLS``) found without a text search: bm25 0."""
        return cls.scored(row, 0.0)

    @classmethod
    def scored(cls, row: tuple[Any, ...], bm25: float, mask: int = 0) -> Hit:
        """A document row (the ``_DOC_COLS``) with its text score and topic bits."""
        doc_id, e, a, vt, v, ns, n_ivals, vf_min, vt_max, row_id, closed_tx, explicit, inferred_conf = row
        return cls(doc_id, e, a, vt, v, ns, n_ivals, vf_min, vt_max, row_id, closed_tx, explicit, inferred_conf,
                   bm25, mask)

    def span(self) -> tuple[int, int]:
        """The first interval's start and the last one's end (a document with intervals has both)."""
        assert self.vf_min is not None and self.vt_max is not None, "a document without intervals"
        return self.vf_min, self.vt_max


_DOC_COLS = "doc_id, e, a, vt, v, ns, n_ivals, vf_min, vt_max, row_id, closed_tx, explicit, inferred_conf"


_MEM_FIRST: dict[int, int] = {}  # the last search's mem_stats.mem_first, per connection


def memory_first_doc(con: Any) -> int:
    """The first memory document (read along with the last search's terms on this connection)."""
    if id(con) in _MEM_FIRST:
        return _MEM_FIRST.pop(id(con))
    row = first_row(con.execute("SELECT mem_first FROM mem_stats"))
    return int(row[0]) if row and row[0] is not None else 0


def intervals(con: Any, ids: list[int], hot: Any = None) -> dict[int, list[tuple[int, int]]]:
    """The full timelines of documents with several intervals (read only for those; ``hot``: the index in
    memory holds them)."""
    if hot is not None and all(i in hot.timelines for i in ids):
        return {i: hot.timelines[i] for i in ids}
    if not ids:
        return {}
    lit = ", ".join(str(int(i)) for i in ids)
    return {d: list(zip(f or [], t or [])) for d, f, t in
            con.execute(f"SELECT doc_id, vfs, vts FROM mem_docs WHERE doc_id IN ({lit})").fetchall()}


TOPIC_TERMS = 12  # the question's most specific terms, whose coverage the relevance floor weighs


@dataclass
class Query:
    """A question's topic as the index knows it: its TOPIC_TERMS rarest terms, each known one with a bit
    (documents report the bits of those they contain) and every one with its idf. A term the index has never
    seen weighs as its rarest would, so a question about something no memory mentions is mostly uncovered."""

    bits: dict[int, float]  # bit -> idf of the known topic terms
    total: float  # idf of every topic term, known or not
    # every topic term -> (its bit, its idf or the rarest's): an expansion covers a term the index lacks
    # (lore.memory.expansion) with the bit its place among the topic terms gives it
    topic: dict[str, tuple[int, float]] = field(default_factory=dict, compare=False)
    # coverage by mask, as computed (a question's ~70 candidate entities share a few masks)
    _covered: dict[int, float] = field(default_factory=dict, repr=False, compare=False)

    def coverage(self, mask: int) -> float:
        got = self._covered.get(mask)
        if got is None:
            got = self._covered[mask] = (sum(w for bit, w in self.bits.items() if mask & bit) / self.total
                                         if self.total else 0.0)
        return got


def search(con: Any, text: str, *, limit: int = 300, code_limit: int = CODE_CANDIDATES,
           hot: Any = None, names: frozenset[str] = frozenset()) -> tuple[list[Hit], Query]:
    """Documents matching the text by BM25, in two pools (memory, code), best first within each. ``hot``: the
    index held in memory (hot_index.HotIndex) answers instead of DuckDB, with the same documents. ``names``:
    the project's own names (project_names), no topic of a question asked inside that project."""
    terms = {tok: n for tok, n in query_terms(con, text, names).items() if tok not in QUESTION_WORDS}
    # The project's own name: its whole word still scores (a memory that says it is that much nearer) but is no
    # topic term, so it covers nothing of the question; its CamelCase parts (num, py) are no terms at all.
    named: set[str] = set()
    if names:
        for w in _WORD.findall(text[:MAX_QUERY_CHARS]):
            tok = word_token(w) if w.lower() in names else None
            if tok is not None and (tok in named or tok not in terms):  # not a word the question also says
                terms[tok] = 1
                named.add(tok)
    if not terms:
        return [], Query({}, 0.0)
    if hot is not None:
        known = [(tid, tok, df, hot.n_docs, hot.total_len, hot.mem_first) for tid, tok, df in hot.known(list(terms))]
    else:
        known = con.execute(
            f"SELECT t.term_id, t.token, t.df, s.n_docs, s.total_len, s.mem_first FROM mem_terms t, mem_stats s "
            f"WHERE t.token IN ({','.join('?' * len(terms))})", list(terms)).fetchall()
    if not known:
        return [], Query({}, 0.0)
    n_docs, total = known[0][3], known[0][4]
    avgdl = max(total, 1) / max(n_docs, 1)
    idf = {tok: math.log(1 + (n_docs - df + 0.5) / (df + 0.5)) for _, tok, df, *_ in known}
    rarest = math.log(1 + (n_docs - 0.5) / 1.5)  # document frequency 1
    topic = sorted((t for t in terms if t not in named), key=lambda tok: (-idf.get(tok, rarest), tok))[:TOPIC_TERMS]
    bit_of = {tok: 1 << i for i, tok in enumerate(topic) if tok in idf}
    query = Query({bit_of[tok]: idf[tok] for tok in bit_of}, sum(idf.get(tok, rarest) for tok in topic),
                  {tok: (1 << i, idf.get(tok, rarest)) for i, tok in enumerate(topic)})
    if hot is not None:
        picked = hot.score([(int(tid), int(df), int(terms[tok]), bit_of.get(tok, 0)) for tid, tok, df, *_ in known],
                           n=int(n_docs), avgdl=float(avgdl), k1=K1, b=B, limit=int(limit), code_limit=int(code_limit))
        rows = hot.rows([doc for doc, _, _ in picked])
        hits = [Hit.scored(row, bm25, mask) for row, (_, bm25, mask) in zip(rows, picked)]
    else:
        _MEM_FIRST[id(con)] = known[0][5] or 0
        values = ", ".join(f"({int(tid)}, {int(df)}, {int(terms[tok])}, {bit_of.get(tok, 0)})"
                           for tid, tok, df, *_ in known)
        ids = ", ".join(str(int(r[0])) for r in known)
        doc_cols = ", ".join("d." + c.strip() for c in _DOC_COLS.split(","))
        q = sql("search", k1=K1, b=B, terms=values, term_ids=ids, n=int(n_docs), avgdl=float(avgdl),
                limit=int(limit), code_limit=int(code_limit), doc_cols=doc_cols)
        hits = [Hit(*row) for row in con.execute(q).fetchall()]
    hits.sort(key=lambda h: (h.ns not in MEMORY_NAMESPACES, -h.bm25, h.doc_id))
    return hits, query


def memory_hits(con: Any, weighted: dict[str, tuple[float, int]], *, limit: int, hot: Any = None) -> list[Hit]:
    """The best ``limit`` memory documents by BM25 over tokens given with their query weight and bit (an
    expansion's: lore.memory.expansion), as ``search`` scores them; no code document."""
    if not weighted:
        return []
    if hot is not None:
        known = [(tid, tok, df, hot.n_docs, hot.total_len) for tid, tok, df in hot.known(sorted(weighted))]
    else:
        known = con.execute(
            f"SELECT t.term_id, t.token, t.df, s.n_docs, s.total_len FROM mem_terms t, mem_stats s "
            f"WHERE t.token IN ({','.join('?' * len(weighted))})", sorted(weighted)).fetchall()
    if not known:
        return []
    n_docs, total = known[0][3], known[0][4]
    avgdl = max(total, 1) / max(n_docs, 1)
    if hot is not None:
        picked = hot.score([(int(tid), int(df), weighted[tok][0], weighted[tok][1]) for tid, tok, df, *_ in known],
                           n=int(n_docs), avgdl=float(avgdl), k1=K1, b=B, limit=int(limit), code_limit=0)
        return [Hit.scored(row, bm25, mask) for row, (_, bm25, mask) in zip(hot.rows([d for d, _, _ in picked]), picked)]
    values = ", ".join(f"({int(tid)}, {int(df)}, {float(weighted[tok][0])!r}, {int(weighted[tok][1])})"
                       for tid, tok, df, *_ in known)
    ids = ", ".join(str(int(r[0])) for r in known)
    doc_cols = ", ".join("d." + c.strip() for c in _DOC_COLS.split(","))
    q = sql("search", k1=K1, b=B, terms=values, term_ids=ids, n=int(n_docs), avgdl=float(avgdl),
            limit=int(limit), code_limit=0, doc_cols=doc_cols)
    return [Hit(*row) for row in con.execute(q).fetchall()]


# A package holding at least this share of the code's Python modules is the project's own (a repository's
# tests, docs or tools are packages too, but hold fewer).
PROJECT_PACKAGE_SHARE = 0.4
# Packages a repository has beside its own (their words are topics: "tests", "docs"): never its name.
NOT_PROJECT_PACKAGES = frozenset("test tests testing doc docs example examples script scripts tool tools "
                                 "benchmark benchmarks bench".split())


@dataclass
class ProjectNames:
    """The project's own names as last read (per open graph): recomputed only when the index's mark moved
    and the code's paths changed, so a question pays a comparison."""

    mark: int | None = None
    sig: tuple[int, int] | None = None
    names: frozenset[str] = frozenset()  # those of ``candidates`` the memories say often enough
    candidates: frozenset[str] = frozenset()  # the names the code states (its package, its manifests)
    candidates_mark: int | None = None  # the index's mark when ``candidates`` were last read
    # Each candidate's (entities saying it, entities described) as last counted, and the index's (mem_first,
    # newest doc_id) then: documents are only ever added, so until the index is rebuilt what changed since is
    # the documents numbered after it.
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    counted_at: tuple[Any, Any] | None = None


PROJECT: Slot[ProjectNames] = Slot("memory.project-names", lambda graph: ProjectNames())


def project_names(graph: Graph, con: Any, mark: int | None = None, hot: Any = None) -> frozenset[str]:
    """Words that name the project itself: its largest top-level Python package, when that holds at least
    PROJECT_PACKAGE_SHARE of its Python modules ("numpy" in numpy, "requests" in psf/requests), and the names
    its package manifests state (go.mod, Cargo.toml, package.json, pyproject.toml: manifest_names). Inside the
    project every memory may say it, so in a question it names no topic: "NumPy" split into num, py, numpy
    was half of a short question's topic terms and admitted every memory that named NumPy (recall7).
    ``hot``: the index held in memory, caught up (hot_index.HotIndex): the memories' counts from it."""
    state = graph.session.get(PROJECT)
    if mark is None:
        mark = indexed_tx(con)
    if mark == state.mark and state.sig is not None:
        return state.names
    try:
        _read_candidates(graph, con, state, mark)
        state.names = _said_often(con, state, hot)
    except Exception:  # noqa: BLE001 - no index tables (a read-only graph never synced): no names
        return frozenset()
    state.mark = mark
    return state.names


def own_names(graph: Graph, con: Any) -> frozenset[str]:
    """The names the code states for the project itself (its main package, its manifests), whether or not
    the memories say them often: what a bare mention of the project means, not a symbol (linking). Costs no
    count of the memories."""
    state = graph.session.get(PROJECT)
    mark = indexed_tx(con)
    if mark != state.candidates_mark or state.sig is None:
        try:
            _read_candidates(graph, con, state, mark)
        except Exception:  # noqa: BLE001 - no index tables: no names
            return frozenset()
    return state.candidates


def _read_candidates(graph: Graph, con: Any, state: ProjectNames, mark: int | None) -> None:
    """The code's own names into ``state.candidates``, read again only when the code's paths changed."""
    sig = state.sig
    seen = state.candidates_mark
    changes = graph.session.get(MARKS).changes(seen, mark) if (
        sig is not None and seen is not None and mark is not None) else None
    if changes is None or ":path" in changes.attrs:  # mem_code's :path rows change with :path facts only
        row = first_row(con.execute("SELECT count(*), coalesce(max(id), 0) FROM mem_code WHERE a = ':path'"))
        sig = (int(row[0]), int(row[1])) if row else (0, 0)
    if sig != state.sig:
        names: frozenset[str] = frozenset()
        for folder, n, total in con.execute(sql("project_packages", max_valid=FOREVER)).fetchall():
            name = str(folder).rsplit("/", 1)[-1].lower()
            if name in NOT_PROJECT_PACKAGES:
                continue
            if total and n >= PROJECT_PACKAGE_SHARE * total and word_token(name) is not None:
                names = frozenset({name})
            break
        state.candidates, state.sig = names | manifest_names(con), sig
    state.candidates_mark = mark


# The code's name is no topic only when the memories say it often: then a question's saying it tells no memory
# from another (numpy: 75 of recall7's 79 memories). Where few say it, it is a topic like any other word: "pack"
# names buildpacks/pack, and 23 of recall4's 113 Buildpacks RFCs say it, of the pack CLI as against the
# lifecycle or a platform (as no topic it cost recall4's held-out split 0.917 -> 0.883).
NAME_MEMORY_SHARE = 1 / 3


def said_by_memories(con: Any, name: str) -> float:
    """The share of the remembered entities whose description says ``name`` (a word: its token)."""
    said, total = said_counts(con, name)
    return float(said) / float(total) if said and total else 0.0


def said_counts(con: Any, name: str) -> tuple[int, int]:
    """(remembered entities whose description says ``name``, remembered entities described)."""
    tok = word_token(name)
    if tok is None:
        return 0, 0
    said = scalar(con.execute(
        "SELECT count(DISTINCT d.e) FROM mem_postings p JOIN mem_docs d ON d.doc_id = p.doc_id "
        "WHERE p.term_id = (SELECT term_id FROM mem_terms WHERE token = ?) AND p.mem AND d.a = ':description'",
        [tok]))
    total = scalar(con.execute("SELECT count(DISTINCT e) FROM mem_docs WHERE doc_id >= "
                               "(SELECT coalesce(max(mem_first), 0) FROM mem_stats) AND a = ':description'"))
    return int(said or 0), int(total or 0)


def _said_often(con: Any, state: ProjectNames, hot: Any = None) -> frozenset[str]:
    """The candidates that at least NAME_MEMORY_SHARE of the remembered entities' descriptions say. Counted
    again only when the documents added since the last count could move a share across that line: k new
    descriptions move each count by at most k, so a write of a few memories to a graph of thousands costs one
    indexed count of the new documents, not the two counting queries (6-9 ms of CPU after each write)."""
    if not state.candidates:
        state.counts, state.counted_at = {}, None
        return frozenset()
    # (doc ids start at 1: the index in memory's 0 is SQL's NULL)
    at = ((hot.mem_first or None, hot.n_docs or None) if hot is not None else
          first_row(con.execute("SELECT max(mem_first), (SELECT max(doc_id) FROM mem_docs) FROM mem_stats")))
    fresh = (at is None or state.counted_at is None or set(state.counts) != state.candidates
             or at[0] != state.counted_at[0] or (at[1] or 0) < (state.counted_at[1] or 0))
    if not fresh and at is not None and state.counted_at is not None and at[1] != state.counted_at[1]:
        if hot is not None:
            k = int((hot.text["a"][(state.counted_at[1] or 0):hot.n_docs] == ":description").sum())
        else:
            k = int(scalar(con.execute("SELECT count(*) FROM mem_docs WHERE doc_id > ? AND a = ':description'",
                                       [state.counted_at[1] or 0])) or 0)
        for said, total in state.counts.values():
            most = (said + k) / (total or 1) if said + k else 0.0
            least = said / (total + k) if said and total + k else 0.0
            if (most >= NAME_MEMORY_SHARE) != (least >= NAME_MEMORY_SHARE):
                fresh = True
                break
    if fresh:
        state.counts = {n: said_counts(con, n) for n in state.candidates}
        state.counted_at = (at[0], at[1]) if at is not None else None
    return frozenset(n for n, (said, total) in state.counts.items()
                     if said and total and said / total >= NAME_MEMORY_SHARE)


# Folders whose files are no part of the project's own code (tests, their data, vendored code): a manifest's
# share of the code leaves them out (rust-analyzer's parser crate holds 1,134 of its 2,337 files, mostly test
# data), and a manifest inside one names nothing.
NOT_PROJECT_FOLDER = re.compile(r"(?:^|/)(?:tests?|testing|test_data|testdata|fixtures?|examples?|docs?|vendor|"
                                r"third_party|node_modules|benches|benchmarks?|scripts|tools?|\.[^/]*)/", re.I)


def manifest_names(con: Any) -> frozenset[str]:
    """The names the project's package manifests state (lore.memory.manifests), as the graph ingested them:
    the root's manifest and any whose folder holds at least PROJECT_PACKAGE_SHARE of the code's modules (a
    workspace's main member; rust-analyzer's 90 crates hold at most 14 % each, so none names it). None when
    the graph holds no manifest, or the repository it was ingested from is gone: the working tree is never
    read."""
    from lore.memory import manifests

    try:
        has = scalar(con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name IN "
                                 "('ingest_files', 'ingest_meta')")) == 2
        if not has:
            return frozenset()
        root = first_row(con.execute("SELECT value FROM ingest_meta WHERE key = 'repo'"))
        rows = con.execute(sql("project_manifests", max_valid=FOREVER,
                               not_project="(?i)" + NOT_PROJECT_FOLDER.pattern.replace("'", "''"))).fetchall()
    except Exception:
        log.debug("project manifests unreadable", exc_info=True)
        return frozenset()
    wanted = [(str(path), str(blob)) for path, blob, held, total in rows
              if not NOT_PROJECT_FOLDER.search(str(path)) and total and held >= PROJECT_PACKAGE_SHARE * total]
    if not wanted or not root or not root[0]:
        return frozenset()
    found = manifests.names(str(root[0]), wanted)
    return frozenset(n for n in found if n not in NOT_PROJECT_PACKAGES and word_token(n) is not None)

-- The memory's lexical index: our own BM25 postings in DuckDB (the fts extension is not bundled with
-- duckdb 2.x and cannot be installed offline). One document is one fact identity (e, a, vt, v): its text
-- never changes, so postings are written once; only its believed validity changes, which the sync
-- refreshes from the facts table. Sections are separated by "-- name: <section>" lines; placeholders in braces
-- are filled by index.py with fixed SQL fragments, never with user text.

-- name: schema
CREATE TABLE IF NOT EXISTS mem_index_state (
    key VARCHAR NOT NULL,        -- 'tx': the last transaction folded into the index
    tx  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS mem_docs (
    doc_id     BIGINT  NOT NULL,
    e          VARCHAR NOT NULL,
    a          VARCHAR NOT NULL,
    vt         VARCHAR NOT NULL,
    v          VARCHAR NOT NULL,
    ns         VARCHAR,          -- the entity's namespace ('decision', 'function', …)
    len        INTEGER NOT NULL, -- tokens in the document (BM25 length normalisation)
    n_ivals    INTEGER NOT NULL, -- believed valid-time intervals (0: retracted)
    vf_min     BIGINT,           -- the first interval's start and the last one's end: with one interval
    vt_max     BIGINT,           --   (almost always) that is the whole timeline, read without lists
    vfs        BIGINT[],         -- every interval, read only when there are several
    vts        BIGINT[],
    row_id     BIGINT,           -- the newest believed fact row (points the context at the fact)
    closed_tx  INTEGER,          -- the tx that last closed one of its rows
    explicit   INTEGER NOT NULL DEFAULT 0,    -- the entity's connections (copied from mem_degree)
    inferred_conf DOUBLE NOT NULL DEFAULT 0.0
);
CREATE TABLE IF NOT EXISTS mem_terms (
    term_id INTEGER NOT NULL,
    token   VARCHAR NOT NULL,
    df      INTEGER NOT NULL     -- documents containing the token
);
-- Postings carry their document's length and kind, so ranking reads this one narrow table only.
CREATE TABLE IF NOT EXISTS mem_postings (
    term_id INTEGER NOT NULL,
    doc_id  BIGINT  NOT NULL,
    tf      INTEGER NOT NULL,
    dl      INTEGER NOT NULL,    -- the document's length in tokens
    mem     BOOLEAN NOT NULL     -- the document is remembered knowledge (boosted over code)
);
CREATE TABLE IF NOT EXISTS mem_stats (
    n_docs    BIGINT NOT NULL,
    total_len BIGINT NOT NULL,
    mem_first BIGINT          -- the first remembered-knowledge document: sibling lookups start there
);
-- The believed inferred facts (rule conclusions, our links): small, so the context block's composition
-- and linked-code lookups never scan the facts table.
CREATE TABLE IF NOT EXISTS mem_inferred (
    id         BIGINT  NOT NULL,
    e          VARCHAR NOT NULL,
    a          VARCHAR NOT NULL,
    vt         VARCHAR NOT NULL,
    v          VARCHAR NOT NULL,
    rule       VARCHAR,
    confidence DOUBLE  NOT NULL,
    provenance BIGINT[],
    valid_from BIGINT  NOT NULL,
    valid_to   BIGINT  NOT NULL
);
-- The code names and paths linking matches against, and renames it follows: a narrow mirror of the
-- believed :name/:qualified-name/:file/:path/:renamed-to facts of modules, functions and classes.
CREATE TABLE IF NOT EXISTS mem_code (
    id         BIGINT  NOT NULL,
    e          VARCHAR NOT NULL,
    a          VARCHAR NOT NULL,
    v          VARCHAR NOT NULL,
    valid_from BIGINT  NOT NULL,
    valid_to   BIGINT  NOT NULL
);
-- Connections per entity (seed 000's inference-aware ranking): explicit relations and the summed
-- confidence of inferred ones, refreshed for the entities each transaction touches.
CREATE TABLE IF NOT EXISTS mem_degree (
    e             VARCHAR NOT NULL,
    explicit      INTEGER NOT NULL,
    inferred_conf DOUBLE  NOT NULL
);

-- name: changed_rows
-- Every row written or closed after the last indexed tx: the one pass over facts the fold needs for them
-- (new rows sit at the end of the table, so zonemaps skip most of it).
CREATE OR REPLACE TEMP TABLE _mem_chg AS
SELECT id, e, a, vt, v, valid_from, valid_to, tx_from, tx_to, inferred, confidence, rule, provenance FROM facts
 WHERE tx_from > {last}
UNION ALL
SELECT id, e, a, vt, v, valid_from, valid_to, tx_from, tx_to, inferred, confidence, rule, provenance FROM facts
 WHERE tx_from <= {last} AND tx_to > {last} AND tx_to <> {max_tx}

-- name: changed_entities
CREATE OR REPLACE TEMP TABLE _mem_ents AS
SELECT DISTINCT e FROM _mem_chg WHERE NOT inferred

-- name: current_rows
-- The believed user rows of the entities whose user facts changed: a second and last pass over facts.
-- The entity list is a literal list when it is short (DuckDB then filters inside the scan), else a subquery.
CREATE OR REPLACE TEMP TABLE _mem_cur AS
SELECT id, e, a, vt, v, valid_from, valid_to, inferred, confidence FROM facts
 WHERE tx_to = {max_tx} AND NOT inferred AND e IN ({ents})

-- name: new_docs
-- Fact identities first seen after the last indexed tx: user facts with text worth searching (staged, so
-- they are inserted complete: an UPDATE of fresh rows would leave DuckDB scanning version chains).
CREATE OR REPLACE TEMP TABLE _mem_new AS
-- Remembered knowledge is numbered after code in each batch, so it stays contiguous: prepare-turn's
-- candidates are mostly memories, and reading them touches few row groups.
SELECT {first_id} + row_number() OVER (ORDER BY split_part(substr(e, 2), '/', 1) IN ({memory_ns}), e, a, vt, v) - 1
       AS doc_id, e, a, vt, v,
       CASE WHEN position('/' IN e) > 0 THEN split_part(substr(e, 2), '/', 1) END AS ns
  FROM (SELECT DISTINCT f.e, f.a, f.vt, f.v FROM _mem_chg f
         WHERE f.tx_from > {last} AND NOT f.inferred AND f.vt IN ('s', 'k')
           AND f.a NOT IN ({skip_attrs}) AND f.a NOT LIKE ':db/%'
           -- code and history say what they are once: their :description (and :qualified-name)
           AND (f.a IN (':description', ':qualified-name')
                OR split_part(substr(f.e, 2), '/', 1) NOT IN ({code_ns}))) n
 WHERE NOT EXISTS (SELECT 1 FROM mem_docs d WHERE d.e IN ({ents}) AND d.e = n.e AND d.a = n.a AND d.vt = n.vt
                     AND d.v = n.v)

-- name: validity
-- Believed validity of every fact identity whose rows changed after the last indexed tx.
CREATE OR REPLACE TEMP TABLE _mem_val AS
SELECT k.e, k.a, k.vt, k.v, k.closed_tx, count(c.id)::INTEGER AS n, min(c.valid_from) AS vf_min,
       max(c.valid_to) AS vt_max, max(c.id) AS row_id,
       coalesce(list(c.valid_from ORDER BY c.valid_from) FILTER (WHERE c.id IS NOT NULL), []) AS vfs,
       coalesce(list(c.valid_to ORDER BY c.valid_from) FILTER (WHERE c.id IS NOT NULL), []) AS vts
  FROM (SELECT e, a, vt, v, max(tx_to) FILTER (WHERE tx_to <> {max_tx}) AS closed_tx
          FROM _mem_chg WHERE NOT inferred GROUP BY e, a, vt, v) k
  LEFT JOIN _mem_cur c ON NOT c.inferred AND c.e = k.e AND c.a = k.a AND c.vt = k.vt AND c.v = k.v
 GROUP BY k.e, k.a, k.vt, k.v, k.closed_tx

-- name: insert_docs
INSERT INTO mem_docs
SELECT n.doc_id, n.e, n.a, n.vt, n.v, n.ns, coalesce(l.len, 0), coalesce(x.n, 0), x.vf_min, x.vt_max,
       coalesce(x.vfs, []), coalesce(x.vts, []), x.row_id, x.closed_tx,
       coalesce(g.explicit, 0), coalesce(g.inferred_conf, 0.0)
  FROM _mem_new n
  LEFT JOIN (SELECT doc_id, sum(tf)::INTEGER AS len FROM _mem_new_tok GROUP BY doc_id) l ON l.doc_id = n.doc_id
  LEFT JOIN _mem_val x ON x.e = n.e AND x.a = n.a AND x.vt = n.vt AND x.v = n.v
  LEFT JOIN mem_degree g ON g.e = n.e
 ORDER BY n.doc_id

-- name: refresh_inferred
DELETE FROM mem_inferred WHERE id IN (SELECT id FROM _mem_chg WHERE inferred AND tx_to <> {max_tx});
INSERT INTO mem_inferred
SELECT id, e, a, vt, v, rule, confidence, provenance, valid_from, valid_to FROM _mem_chg
 WHERE inferred AND tx_to = {max_tx} AND tx_from > {last};

-- name: refresh_code
-- (its attributes are index.CODE_LOCATION_ATTRS: the fold runs it only when a changed row has one)
DELETE FROM mem_code WHERE id IN (SELECT id FROM _mem_chg WHERE tx_to <> {max_tx} AND NOT inferred
                                   AND a IN (':name', ':qualified-name', ':file', ':path', ':renamed-to'));
INSERT INTO mem_code
SELECT id, e, a, v, valid_from, valid_to FROM _mem_chg
 WHERE tx_to = {max_tx} AND tx_from > {last} AND NOT inferred
   AND a IN (':name', ':qualified-name', ':file', ':path', ':renamed-to') AND vt IN ('s', 'k')
   AND (starts_with(e, ':module/') OR starts_with(e, ':function/') OR starts_with(e, ':class/')
        OR (starts_with(e, ':field/') AND a IN (':qualified-name', ':file', ':renamed-to')));

-- name: refresh_docs
-- Older documents whose validity changed.
UPDATE mem_docs SET vfs = s.vfs, vts = s.vts, n_ivals = s.n, vf_min = s.vf_min, vt_max = s.vt_max,
                    row_id = s.row_id, closed_tx = coalesce(s.closed_tx, mem_docs.closed_tx)
  FROM _mem_val s
 WHERE mem_docs.doc_id < {first_id} AND mem_docs.e IN ({ents})
   AND mem_docs.e = s.e AND mem_docs.a = s.a AND mem_docs.vt = s.vt AND mem_docs.v = s.v

-- name: doc_text
-- The searchable text of new documents.
SELECT doc_id,
       CASE WHEN vt = 'k' THEN replace(replace(substr(v, 2), '/', ' '), '-', ' ')
            WHEN a = ':description' AND position('/' IN e) > 0 AND ns NOT IN ({code_ns})
                 THEN v || ' ' || ns || ' ' || replace(split_part(e, '/', 2), '-', ' ')
            ELSE v END AS text
  FROM _mem_new

-- name: tokenize
-- Tokens of a source (doc_id, text): identifier-ish words, lowercased, plus the parts of snake_case and
-- camelCase words; stop words dropped; a light suffix-stripping stem (the plural first, then -ing/-ed) so
-- "decided"/"decide", "caching"/"cache" and "findings"/"finding" meet. The same SQL tokenizes queries, so both
-- sides always agree.
WITH words AS (
    SELECT doc_id, unnest(regexp_extract_all(substr(text, 1, 20000), '[A-Za-z0-9_]+')) AS w FROM {src}
), parts AS (
    SELECT doc_id, lower(w) AS t FROM words
    UNION ALL
    SELECT doc_id, lower(unnest(regexp_extract_all(w, '[A-Z]+[a-z]*|[a-z]+|[0-9]+'))) AS t FROM words
     WHERE regexp_matches(w, '[_0-9]|[a-z][A-Z]') AND length(w) > 1
), s0 AS (
    SELECT doc_id,
           CASE WHEN length(t) > 4 AND suffix(t, 'ies') THEN left(t, -3) || 'y'
                WHEN length(t) > 3 AND suffix(t, 's') AND NOT suffix(t, 'ss') THEN left(t, -1)
                ELSE t END AS t
      FROM parts
     WHERE length(t) BETWEEN 2 AND 60 AND t NOT IN ({stopwords})
), s1 AS (
    SELECT doc_id,
           CASE WHEN length(t) > 5 AND suffix(t, 'ing') THEN left(t, -3)
                WHEN length(t) > 4 AND suffix(t, 'ed') THEN left(t, -2)
                ELSE t END AS t
      FROM s0
)
SELECT doc_id, CASE WHEN length(t) > 4 AND suffix(t, 'e') THEN left(t, -1) ELSE t END AS token FROM s1

-- name: degree_delta
-- How the connections of each entity changed: every relation row that became believed counts +1 at both
-- ends (inferred ones by confidence), every one that stopped being believed -1. Rows both written and
-- closed since the last fold cancel out. Attributes that classify rather than relate do not count.
CREATE OR REPLACE TEMP TABLE _mem_deg AS
WITH rel AS (
    SELECT e, v, inferred, confidence,
           CASE WHEN tx_to = {max_tx} THEN 1 ELSE -1 END AS sign
      FROM _mem_chg
     WHERE vt = 'k' AND a <> ':entity-type' AND a NOT LIKE ':db/%'
       AND NOT (tx_from > {last} AND tx_to <> {max_tx})
), ends AS (
    SELECT e AS ent, inferred, confidence, sign FROM rel
    UNION ALL
    SELECT v AS ent, inferred, confidence, sign FROM rel
)
SELECT ent AS e, coalesce(sum(sign) FILTER (WHERE NOT inferred), 0)::INTEGER AS explicit,
       coalesce(sum(sign * confidence) FILTER (WHERE inferred), 0.0) AS inferred_conf
  FROM ends GROUP BY ent

-- name: search
-- BM25 over the query's terms ({terms}: VALUES of term_id, df, qtf, bit), best first, in two separate candidate
-- pools: remembered knowledge (the best {limit} documents) and code (the best {code_limit}), so code that
-- matches a common word everywhere never crowds memories out of the candidates. Each document also
-- says which of the question's most specific terms it matched (a bit per term: the relevance floor weighs
-- how much of the question a match covers). Literal term ids let DuckDB prune postings by zonemap; the join
-- hands the chosen ids to the mem_docs scan as a filter.
WITH q(term_id, df, qtf, bit) AS (VALUES {terms}),
sc AS MATERIALIZED (
    SELECT p.doc_id,
           sum(q.qtf * ln(1 + ({n} - q.df + 0.5) / (q.df + 0.5))
               * p.tf * ({k1} + 1) / (p.tf + {k1} * (1 - {b} + {b} * p.dl / {avgdl}))) AS bm25,
           bool_or(p.mem) AS mem, bit_or(q.bit) AS mask
      FROM mem_postings p JOIN q ON p.term_id = q.term_id
     WHERE p.term_id IN ({term_ids})
     GROUP BY p.doc_id
),
pick AS (
    (SELECT * FROM sc WHERE mem ORDER BY bm25 DESC, doc_id LIMIT {limit})
    UNION ALL
    (SELECT * FROM sc WHERE NOT mem ORDER BY bm25 DESC, doc_id LIMIT {code_limit})
)
SELECT {doc_cols}, pick.bm25, pick.mask FROM pick JOIN mem_docs d ON d.doc_id = pick.doc_id

-- name: project_packages
-- The code's own top-level Python packages (a folder with __init__.py whose parent has none), each with how
-- many of the code's living .py modules it holds, and how many there are in all, largest first: the largest that
-- is not a folder of tests, docs or tools names the project ("numpy", "requests"), a word every memory of that
-- project may say and no question's topic.
WITH p AS (SELECT DISTINCT v AS path FROM mem_code
            WHERE a = ':path' AND valid_to = {max_valid} AND path LIKE '%.py'),
inits AS (SELECT DISTINCT regexp_extract(path, '^(.*)/__init__\.py$', 1) AS dir FROM p
           WHERE path LIKE '%/__init__.py'),
tops AS (SELECT dir FROM inits i
          WHERE i.dir <> '' AND NOT EXISTS (SELECT 1 FROM inits j WHERE j.dir = regexp_extract(i.dir, '^(.*)/[^/]+$', 1)))
SELECT t.dir, count(*) AS n, (SELECT count(*) FROM p) AS total
  FROM tops t JOIN p ON starts_with(p.path, t.dir || '/')
 GROUP BY t.dir
 ORDER BY n DESC, t.dir
 LIMIT 8

-- name: project_manifests
-- The code's package manifests as ingested (path, blob) and how many of the code's living modules their folder
-- holds (all of them for one at the root), with how many there are in all, most first: those whose folder holds
-- most of the code state the project's name (manifests.py reads them).
WITH p AS (SELECT DISTINCT v AS path FROM mem_code
            WHERE a = ':path' AND valid_to = {max_valid} AND starts_with(e, ':module/')
              AND NOT regexp_matches(v, '{not_project}')),
m AS (SELECT path, blob, regexp_extract(path, '^(.*)/[^/]+$', 1) AS dir FROM ingest_files
       WHERE regexp_extract(path, '[^/]+$') IN ('go.mod', 'Cargo.toml', 'package.json', 'pyproject.toml')),
n AS (SELECT count(*) AS total FROM p)
SELECT m.path, m.blob,
       CASE WHEN m.dir = '' THEN n.total
            ELSE (SELECT count(*) FROM p WHERE starts_with(p.path, m.dir || '/')) END AS held,
       n.total
  FROM m, n
 ORDER BY held DESC, length(m.path), m.path
 LIMIT 32

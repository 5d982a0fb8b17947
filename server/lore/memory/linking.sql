-- Memory <-> code linking. Sections are separated by "-- name: <section>" lines; placeholders in braces
-- are filled by linking.py with fixed SQL fragments (never user text); values come as parameters.

-- name: changed_entities
-- Entities whose user facts changed after the last linked tx (links are recomputed for these).
SELECT DISTINCT e FROM facts
 WHERE NOT inferred AND (tx_from > ? OR (tx_to > ? AND tx_to <> {max_tx}))

-- name: memory_text
-- The text a memory carries, from the token index: its believed string facts (any valid time, the newest
-- row as provenance) with their windows, so a link is valid while the text that made it is.
SELECT row_id, e, a, v, vf_min, vt_max FROM mem_docs
 WHERE vt = 's' AND n_ivals > 0 AND ns IS NOT NULL AND ns NOT IN ({code_ns})
   AND ns NOT IN ('type', 'warning', 'dismissal') {only}

-- name: memory_links
-- The link rows this module owns for those memories.
SELECT id, e, v, rule, confidence, provenance, valid_from, valid_to FROM mem_inferred
 WHERE a = ':relates-to' AND rule IN ('link/file', 'link/name') {only}

-- name: modules_by_path
-- Modules whose :path is one of the candidate paths, and whether each is valid now.
SELECT v AS path, e, bool_or(valid_from <= ? AND valid_to > ?) AS valid_now
  FROM mem_code WHERE a = ':path' AND starts_with(e, ':module/') AND v IN ({values})
 GROUP BY v, e

-- name: modules_by_file_name
-- Modules whose :path ends in one of the candidate file names (a memory's `helpers.py` names
-- `src/helpers.py` when no other tracked file has that name; the caller checks the full suffix).
SELECT v AS path, e, bool_or(valid_from <= ? AND valid_to > ?) AS valid_now
  FROM mem_code WHERE a = ':path' AND starts_with(e, ':module/') AND regexp_extract(v, '[^/]+$') IN ({values})
 GROUP BY v, e

-- name: symbols_by_name
-- Functions and classes whose :name or :qualified-name is one of the candidates, and fields whose
-- :qualified-name is (``Context.json``: TypeScript's ``json = (o) => …`` is a method as people say it; a
-- field's bare name, ``json``, is too common to link), and whether each is valid now (a bare name's count
-- of living definitions comes from these rows too).
SELECT a, v AS name, e, bool_or(valid_from <= ? AND valid_to > ?) AS valid_now
  FROM mem_code
 WHERE a IN (':name', ':qualified-name')
   AND (starts_with(e, ':function/') OR starts_with(e, ':class/') OR starts_with(e, ':field/'))
   AND v IN ({values})
 GROUP BY a, v, e

-- name: files_of
-- The file of each of the given code entities.
SELECT e, any_value(v) FROM mem_code WHERE e IN (SELECT unnest($idents::VARCHAR[])) AND a IN (':file', ':path')
 GROUP BY e

-- name: rename_walk
-- The :renamed-to edges (any valid time) a rename chain from the given entities can take in up to 10 steps,
-- as far as a link follows one (code_names walks the same edges back), each with whether its target is
-- defined now (its name or path is valid now); linking.py walks them per origin. One query, however long
-- the chains.
WITH RECURSIVE edges AS MATERIALIZED (
    SELECT DISTINCT e, v FROM mem_code WHERE a = ':renamed-to'
), walk(e, depth) AS (
    SELECT unnest($dead::VARCHAR[]), 0
    UNION
    SELECT edges.v, walk.depth + 1 FROM walk JOIN edges ON edges.e = walk.e WHERE walk.depth < 9
), taken AS (
    SELECT DISTINCT edges.e, edges.v FROM edges JOIN (SELECT DISTINCT e FROM walk) w ON w.e = edges.e
), alive AS (
    SELECT DISTINCT e FROM mem_code
     WHERE e IN (SELECT v FROM taken) AND a IN (':name', ':path') AND valid_from <= $now AND valid_to > $now
)
SELECT taken.e, taken.v, taken.v IN (SELECT e FROM alive) FROM taken

-- name: memories_for
-- Memories related to one code entity, from the index's own tables: our links (by relevance) and the
-- relations users asserted (documents of memory entities whose value is the entity).
SELECT e, a, rule, max(confidence) AS relevance, true AS inferred, min(valid_from), max(valid_to), 1
  FROM mem_inferred
 WHERE v = ? AND vt = 'k' AND a = ':relates-to' AND rule IN ('link/file', 'link/name')
   AND valid_from <= ? AND valid_to > ?
 GROUP BY e, a, rule
UNION ALL
SELECT e, a, NULL, 1.0, false, vf_min, vt_max, n_ivals FROM mem_docs
 WHERE v = ? AND vt = 'k' AND n_ivals > 0 AND doc_id >= ?
   AND a IN (':relates-to', ':governs', ':forbids', ':rejects', ':depends-on')

-- name: recorded_by
-- Who recorded each memory (codeview's hover asks the same): the journal entry of the earliest transaction
-- that wrote one of its current facts.
SELECT f.e, arg_min(j.author, f.tx_from), arg_min(j.instant, f.tx_from)
  FROM facts f JOIN journal_entries j ON j.tx = f.tx_from
 WHERE f.e IN (SELECT unnest(?)) AND f.tx_to = 2147483647 AND NOT f.inferred
 GROUP BY f.e

-- name: code_names
-- The names and paths (any valid time) of the given code entities and of those whose :renamed-to chain
-- (up to 10 steps, as far as a link follows one) leads to one of them: what a memory's text must contain to
-- link to one of them (rows_naming).
WITH RECURSIVE edges AS MATERIALIZED (
    SELECT e, v FROM mem_code WHERE a = ':renamed-to'
), back(e, depth) AS (
    SELECT unnest($entities::VARCHAR[]), 0
    UNION
    SELECT edges.e, back.depth + 1 FROM back JOIN edges ON edges.v = back.e WHERE back.depth < 10
)
SELECT DISTINCT a, v FROM mem_code
 WHERE e IN (SELECT e FROM back) AND a IN (':name', ':qualified-name', ':path')

-- name: code_names_ever
-- code_names for history's changed code (relink after an ingest): from the facts table, so that a name
-- whose row a correction closed in transaction time still finds the memories that named it.
WITH RECURSIVE edges AS MATERIALIZED (
    SELECT e, v FROM facts WHERE a = ':renamed-to' AND NOT inferred
), back(e, depth) AS (
    SELECT unnest($entities::VARCHAR[]), 0
    UNION
    SELECT edges.e, back.depth + 1 FROM back JOIN edges ON edges.v = back.e WHERE back.depth < 10
)
SELECT DISTINCT a, v FROM facts
 WHERE e IN (SELECT e FROM back) AND a IN (':name', ':qualified-name', ':path') AND NOT inferred

-- name: linked_to
-- The memories whose links (this module's) point at one of the given entities.
SELECT DISTINCT e FROM mem_inferred
 WHERE a = ':relates-to' AND rule IN ('link/file', 'link/name') AND v IN (SELECT unnest($entities::VARCHAR[]))

-- name: roots_at
-- The absolute work-tree roots ingestion recorded, as believed at a transaction (_roots reads them now).
SELECT DISTINCT v FROM facts WHERE starts_with(e, ':ingestion/') AND vt = 's' AND starts_with(v, '/')
   AND tx_from <= $tx AND tx_to > $tx

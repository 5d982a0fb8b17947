-- The hover index: a snapshot of the facts a hover reads, keyed by a hash of the entity they are about,
-- in a TEMP table of the hover thread's own connection (memory only; rebuilt, never written back).
-- Rows: the entity's own facts that a hover shows (out), and every reference to it (in).
-- Parameters: $n is the tx the snapshot is as of; $now the valid-time instant.

-- name: build
CREATE OR REPLACE TEMP TABLE lsp_hover_snap AS
SELECT hash(e) AS h, id, e, a, vt, v, valid_from, valid_to, inferred, rule, confidence
  FROM facts
 WHERE tx_to = 2147483647
   AND (inferred OR a IN (':description', ':entity-type', ':introduced-by', ':modified-in', ':renamed-from',
                          ':rationale', ':subject', ':date', ':author', ':status'))
UNION ALL
-- References a hover lists: memories about the entity, its dependents, inferred relations (not the
-- bookkeeping refs: types, commits, containment, renames).
SELECT hash(v) AS h, id, e, a, vt, v, valid_from, valid_to, inferred, rule, confidence
  FROM facts
 WHERE tx_to = 2147483647 AND vt = 'k'
   AND (inferred OR a IN (':depends-on', ':calls', ':relates-to')
        OR split_part(e, '/', 1) IN (':decision', ':preference', ':constraint', ':dependency', ':memory', ':fact',
                                     ':note', ':convention'));

-- name: index
CREATE INDEX lsp_hover_snap_h ON lsp_hover_snap (h);

-- name: around
SELECT CASE WHEN e = $e THEN 'out' ELSE 'in' END AS dir, e, a, vt, v, valid_from, valid_to, inferred, rule,
       confidence
  FROM (
        SELECT * EXCLUDE (h) FROM lsp_hover_snap
         WHERE h = hash($e) AND id NOT IN (SELECT id FROM facts WHERE tx_to > $n AND tx_to < 2147483647)
        UNION ALL
        SELECT id, e, a, vt, v, valid_from, valid_to, inferred, rule, confidence FROM facts
         WHERE tx_from > $n AND tx_to = 2147483647
       )
 WHERE valid_from <= $now AND valid_to > $now AND (e = $e OR (vt = 'k' AND v = $e))
 ORDER BY dir, inferred, confidence DESC, e, a
 LIMIT 2000;

-- name: describe
-- All the entities at once: a semi-join on the hash column of the in-memory snapshot.
SELECT e, a, vt, v, valid_from, valid_to
  FROM (
        SELECT * EXCLUDE (h) FROM lsp_hover_snap
         WHERE h IN (SELECT hash(x) FROM (SELECT unnest($es) AS x))
           AND id NOT IN (SELECT id FROM facts WHERE tx_to > $n AND tx_to < 2147483647)
        UNION ALL
        SELECT id, e, a, vt, v, valid_from, valid_to, inferred, rule, confidence FROM facts
         WHERE tx_from > $n AND tx_to = 2147483647
       )
 WHERE e IN (SELECT unnest($es)) AND NOT inferred
   AND a IN (':description', ':rationale', ':subject', ':date', ':author', ':status', ':entity-type')
   AND valid_from <= $now AND valid_to > $now
 ORDER BY e, a;

-- name: delta_size
SELECT count(*) FROM facts WHERE tx_from > $n;

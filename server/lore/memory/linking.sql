-- Memory <-> code linking. Sections are separated by "-- name: <section>" lines; placeholders in braces
-- are filled by linking.py with fixed SQL fragments (never user text); values come as parameters.

-- name: changed_entities
-- Entities whose user facts changed after the last linked tx (links are recomputed for these).
SELECT DISTINCT e FROM facts
 WHERE NOT inferred AND (tx_from > ? OR (tx_to > ? AND tx_to <> {max_tx}))

-- name: memory_state
-- In one pass: the text a memory carries (its believed string facts, any valid time, user-written, with
-- the rows' own windows so a link is valid while the text that made it is) and the link rows this module
-- owns for it.
SELECT id, e, a, v, valid_from, valid_to, inferred, rule, confidence, provenance FROM facts
 WHERE tx_to = {max_tx}
   AND position('/' IN e) > 0 AND split_part(substr(e, 2), '/', 1) NOT IN ({code_ns})
   AND split_part(substr(e, 2), '/', 1) NOT IN ('type', 'warning', 'dismissal')
   AND ((NOT inferred AND vt = 's' AND a NOT LIKE ':db/%')
        OR (inferred AND a = ':relates-to' AND rule IN ('link/file', 'link/name'))) {only}

-- name: memory_state_of
-- The same for a short literal list of memories (the entity filter runs inside the scan).
SELECT id, e, a, v, valid_from, valid_to, inferred, rule, confidence, provenance FROM facts
 WHERE e IN ({idents}) AND tx_to = {max_tx}
   AND ((NOT inferred AND vt = 's' AND a NOT LIKE ':db/%')
        OR (inferred AND a = ':relates-to' AND rule IN ('link/file', 'link/name')))

-- name: modules_by_path
-- Modules whose :path is one of the candidate paths, and whether each is valid now.
SELECT f.v AS path, f.e,
       bool_or(f.valid_from <= ? AND f.valid_to > ?) AS valid_now
  FROM facts f
 WHERE f.tx_to = {max_tx} AND NOT f.inferred AND f.a = ':path' AND f.vt = 's'
   AND starts_with(f.e, ':module/') AND f.v IN (SELECT unnest(?::VARCHAR[]))
 GROUP BY f.v, f.e

-- name: symbols_by_name
-- Functions and classes whose :name or :qualified-name is one of the candidates, and whether each is
-- valid now (a bare name's count of living definitions comes from these rows too).
SELECT a, v AS name, e, bool_or(valid_from <= ? AND valid_to > ?) AS valid_now
  FROM facts
 WHERE tx_to = {max_tx} AND NOT inferred AND a IN (':name', ':qualified-name') AND vt = 's'
   AND (starts_with(e, ':function/') OR starts_with(e, ':class/'))
   AND v IN (SELECT unnest(?::VARCHAR[]))
 GROUP BY a, v, e

-- name: files_of
-- The file of each of the given code entities (a literal ident list, filled by linking.py).
SELECT e, any_value(v) FROM facts
 WHERE e IN ({idents}) AND a IN (':file', ':path') AND vt = 's' AND tx_to = {max_tx} AND NOT inferred
 GROUP BY e

-- name: renames
-- :renamed-to edges from the given entities (any valid time), to follow a rename to the living code.
SELECT f.e, f.v, bool_or(t.valid_from <= ? AND t.valid_to > ?) AS target_valid_now
  FROM facts f LEFT JOIN facts t ON t.e = f.v AND t.tx_to = {max_tx} AND NOT t.inferred
 WHERE f.tx_to = {max_tx} AND NOT f.inferred AND f.a = ':renamed-to' AND f.vt = 'k'
   AND f.e IN (SELECT unnest(?::VARCHAR[]))
 GROUP BY f.e, f.v

-- name: memories_for
-- Memories related to one code entity: inferred links (by relevance) and user-asserted relations.
SELECT l.e, l.a, l.rule, max(l.confidence) AS relevance, bool_or(l.inferred) AS inferred
  FROM facts l
 WHERE l.tx_to = {max_tx} AND l.v = ? AND l.vt = 'k'
   AND l.valid_from <= ? AND l.valid_to > ?
   AND ((l.inferred AND l.rule IN ('link/file', 'link/name') AND l.a = ':relates-to')
        OR (NOT l.inferred AND l.a IN (':relates-to', ':governs', ':forbids', ':rejects', ':depends-on')))
 GROUP BY l.e, l.a, l.rule

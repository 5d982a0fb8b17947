-- Memory <-> code linking. Sections are separated by "-- name: <section>" lines; placeholders in braces
-- are filled by linking.py with fixed SQL fragments (never user text); values come as parameters.

-- name: changed_entities
-- Entities whose user facts changed after the last linked tx (links are recomputed for these).
SELECT DISTINCT e FROM facts
 WHERE NOT inferred AND (tx_from > ? OR (tx_to > ? AND tx_to <> {max_tx}))

-- name: memory_rows
-- The text a memory carries: its believed string facts (any valid time), user-written, with the rows'
-- own windows so a link is valid while the text that made it is.
SELECT id, e, a, v, valid_from, valid_to FROM facts
 WHERE tx_to = {max_tx} AND NOT inferred AND vt = 's'
   AND position('/' IN e) > 0 AND split_part(substr(e, 2), '/', 1) NOT IN ({code_ns})
   AND split_part(substr(e, 2), '/', 1) NOT IN ('type', 'warning', 'dismissal')
   AND a NOT LIKE ':db/%' {only}

-- name: modules_by_path
-- Modules whose :path is one of the candidate paths, and whether each is valid now.
SELECT f.v AS path, f.e,
       bool_or(f.valid_from <= ? AND f.valid_to > ?) AS valid_now
  FROM facts f
 WHERE f.tx_to = {max_tx} AND NOT f.inferred AND f.a = ':path' AND f.vt = 's'
   AND starts_with(f.e, ':module/') AND f.v IN (SELECT unnest(?::VARCHAR[]))
 GROUP BY f.v, f.e

-- name: symbols_by_name
-- Functions and classes whose :name or :qualified-name is one of the candidates, with their file.
SELECT f.a, f.v AS name, f.e,
       bool_or(f.valid_from <= ? AND f.valid_to > ?) AS valid_now,
       any_value(p.v) AS file
  FROM facts f
  LEFT JOIN facts p ON p.e = f.e AND p.a IN (':file', ':path') AND p.vt = 's' AND p.tx_to = {max_tx}
                   AND NOT p.inferred
 WHERE f.tx_to = {max_tx} AND NOT f.inferred AND f.a IN (':name', ':qualified-name') AND f.vt = 's'
   AND (starts_with(f.e, ':function/') OR starts_with(f.e, ':class/'))
   AND f.v IN (SELECT unnest(?::VARCHAR[]))
 GROUP BY f.a, f.v, f.e

-- name: definitions_count
-- How many code entities (valid now) define each bare name: a name defined in many places links weakly.
SELECT v, count(DISTINCT e) FROM facts
 WHERE tx_to = {max_tx} AND NOT inferred AND a = ':name' AND vt = 's'
   AND (starts_with(e, ':function/') OR starts_with(e, ':class/'))
   AND valid_from <= ? AND valid_to > ? AND v IN (SELECT unnest(?::VARCHAR[]))
 GROUP BY v

-- name: renames
-- :renamed-to edges from the given entities (any valid time), to follow a rename to the living code.
SELECT f.e, f.v, bool_or(t.valid_from <= ? AND t.valid_to > ?) AS target_valid_now
  FROM facts f LEFT JOIN facts t ON t.e = f.v AND t.tx_to = {max_tx} AND NOT t.inferred
 WHERE f.tx_to = {max_tx} AND NOT f.inferred AND f.a = ':renamed-to' AND f.vt = 'k'
   AND f.e IN (SELECT unnest(?::VARCHAR[]))
 GROUP BY f.e, f.v

-- name: current_links
-- The link rows this module owns, for the given memories (or all of them).
SELECT id, e, v, rule, confidence, provenance, valid_from, valid_to FROM facts
 WHERE tx_to = {max_tx} AND inferred AND rule IN ('link/file', 'link/name') AND a = ':relates-to' {only}

-- name: memories_for
-- Memories related to one code entity: inferred links (by relevance) and user-asserted relations.
SELECT l.e, l.a, l.rule, max(l.confidence) AS relevance, bool_or(l.inferred) AS inferred
  FROM facts l
 WHERE l.tx_to = {max_tx} AND l.v = ? AND l.vt = 'k'
   AND l.valid_from <= ? AND l.valid_to > ?
   AND ((l.inferred AND l.rule IN ('link/file', 'link/name') AND l.a = ':relates-to')
        OR (NOT l.inferred AND l.a IN (':relates-to', ':governs', ':forbids', ':rejects', ':depends-on')))
 GROUP BY l.e, l.a, l.rule

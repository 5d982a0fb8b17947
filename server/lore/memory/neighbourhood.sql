-- A memory's (or any entity's) neighbourhood as a small graph (lore.memory.neighbourhood). Named parameters.

-- name: edges_of
-- Every current reference fact from or to the asked entities, valid now (asserted or inferred), except the
-- bookkeeping ones (types, warnings, containment of a whole tree).
SELECT e, a, v, inferred, confidence, rule FROM facts
 WHERE vt = 'k' AND tx_to = 2147483647 AND valid_from <= $now AND valid_to > $now
   AND (e IN (SELECT unnest($entities)) OR v IN (SELECT unnest($entities)))
   AND a NOT IN (':entity-type', ':db/cardinality', ':lore/warning', ':contains', ':introduced-by', ':modified-in')
 ORDER BY e = $center DESC, v = $center DESC, a, e, v
 LIMIT $limit

-- name: exists
SELECT 1 FROM facts WHERE e = $entity OR (vt = 'k' AND v = $entity) LIMIT 1

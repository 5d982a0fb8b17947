-- The facts that name an entity the way a person does (lore.query.labels). Named parameters ($name).

-- name: naming_facts
-- For each asked entity: the current, asserted facts that say what it is called (its path or file, its
-- qualified name or name, its description, its type). The latest value in valid time, so code that is gone
-- keeps the name it had. Read on whatever `facts` the connection has (history, or history with the working
-- layer over it).
SELECT e, a, arg_max(v, valid_to) AS v FROM facts
 WHERE e IN (SELECT unnest($entities))
   AND a IN (':path', ':file', ':qualified-name', ':name', ':description', ':entity-type')
   AND tx_to = 2147483647 AND NOT inferred
 GROUP BY e, a

-- name: naming_summary
-- naming_facts with, per (entity, attribute), what the warning reader also needs of the same rows (one look-up
-- of the asked entities instead of three): the latest string value by valid_from (a module's or file's path,
-- as lore.inference.warnings places an entity with no code location) and the least string value (a
-- description as a warning's related memory quotes it).
SELECT e, a, arg_max(v, valid_to) AS v,
       arg_max(v, valid_from) FILTER (WHERE vt = 's') AS latest_s,
       max(valid_from) FILTER (WHERE vt = 's') AS latest_s_from,
       min(v) FILTER (WHERE vt = 's') AS least_s
  FROM facts
 WHERE e IN (SELECT unnest($entities))
   AND a IN (':path', ':file', ':qualified-name', ':name', ':description', ':entity-type')
   AND tx_to = 2147483647 AND NOT inferred
 GROUP BY e, a

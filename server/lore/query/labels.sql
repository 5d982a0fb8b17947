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

-- name: shared_dependency_risk
-- description: Three or more memories (services, components) depend on the same thing: it is a single
--   point of failure (seed 002). Code modules' imports are not counted: every module imports os.
-- kind: warning
-- reads: :depends-on
-- confidence: 0.75
-- scope: subject
-- severity: information
-- key: entity
-- message: {{entity}} is a single point of failure: {{count}} things depend on it ({{dependents}})
WITH d AS (
    SELECT id, e, target FROM refs_now
     WHERE a = ':depends-on' AND NOT inferred AND NOT lore_is_code(e) AND e <> target
)
SELECT target AS entity, count(DISTINCT e) AS count, list(DISTINCT e ORDER BY e) AS dependents,
       list(id ORDER BY id) AS provenance, list(DISTINCT e ORDER BY e) AS related, 'definition' AS anchor_kind
  FROM d
 WHERE target IN (SELECT target FROM d WHERE lore_in_scope(e) OR lore_in_scope(target))
 GROUP BY target
HAVING count(DISTINCT e) >= 3

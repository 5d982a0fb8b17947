-- name: dangling_memory
-- description: A memory is about code that no longer exists. Renames are followed first (:renamed-to):
--   a memory about code that was renamed and still exists under its new name is not dangling. Only code
--   that once existed counts (it had an :entity-type at some time); code exists while it has a current
--   :entity-type or a location.
-- kind: warning
-- reads: :relates-to :governs :about :depends-on :calls :motivated-by :renamed-to :entity-type
-- confidence: 0.85
-- severity: warning
-- key: entity code
-- message: {{entity}} is about {{code}}, which no longer exists in the code{{note}}
WITH RECURSIVE about AS (
    SELECT id, e AS memory, target AS code FROM refs_now
     WHERE a IN (':relates-to', ':governs', ':about', ':depends-on', ':calls', ':motivated-by')
       AND NOT lore_is_code(e) AND lore_is_code(target) AND split_part(target, '/', 1) NOT IN (':commit', ':tag')
),
alive AS (
    SELECT e AS entity FROM asserted_now WHERE a = ':entity-type' AND lore_is_code(e)
    UNION
    SELECT entity FROM code_locs
),
existed AS (
    SELECT DISTINCT e FROM facts
     WHERE a = ':entity-type' AND NOT inferred AND e IN (SELECT code FROM about)
),
ren AS (SELECT id, e, target FROM refs_now WHERE a = ':renamed-to' AND e <> target),
walk(code, cur, depth, provenance) AS (
    SELECT code, code, 0, []::BIGINT[] FROM (SELECT DISTINCT code FROM about)
    UNION ALL
    SELECT w.code, r.target, w.depth + 1, list_append(w.provenance, r.id)
      FROM walk w JOIN ren r ON r.e = w.cur
     WHERE w.depth < 20
),
last AS (
    SELECT code, arg_max(cur, depth) AS cur, arg_max(provenance, depth) AS provenance
      FROM walk GROUP BY code
)
SELECT a.memory AS entity, a.code AS code, l.cur AS last_known,
       CASE WHEN l.cur <> a.code THEN ' (renamed to ' || l.cur || ', which is gone too)' ELSE '' END AS note,
       list_prepend(a.id, l.provenance) AS provenance, [a.code] AS related
  FROM about a
  JOIN last l ON l.code = a.code
 WHERE a.code IN (SELECT e FROM existed)
   AND l.cur NOT IN (SELECT entity FROM alive WHERE entity IS NOT NULL)

-- name: timeout_conflict
-- description: A caller's :timeout-ms is below its callee's :processing-ms over :calls, so the call may
--   time out (seed 002).
-- kind: warning
-- reads: :calls :timeout-ms :processing-ms
-- confidence: 0.8
-- scope: subject
-- severity: warning
-- key: entity callee
-- message: {{entity}} may time out calling {{callee}} ({{timeout}} ms timeout < {{processing}} ms processing)
SELECT c.e AS entity, c.target AS callee, t.vn AS timeout, p.vn AS processing,
       [c.id, t.id, p.id] AS provenance, 'definition' AS anchor_kind, [c.target] AS related
  FROM refs_now c
  JOIN facts_now t ON t.e = c.e AND t.a = ':timeout-ms' AND t.vn IS NOT NULL
  JOIN facts_now p ON p.e = c.target AND p.a = ':processing-ms' AND p.vn IS NOT NULL
 WHERE c.a = ':calls' AND t.vn < p.vn
   AND (lore_in_scope(c.e) OR lore_in_scope(c.target))

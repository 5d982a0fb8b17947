-- name: supersession_chain
-- description: A supersedes B and B supersedes C: only A, the head of the chain, is current (seed 002).
--   Concludes [C :current-version A] for everything superseded twice or more; a cycle has no head and
--   concludes nothing.
-- kind: fact
-- derives: :current-version
-- reads: :supersedes
-- confidence: 0.95
-- message: {{e}} is superseded {{depth}} times over: only {{v}} is current
WITH RECURSIVE sup AS (
    SELECT id, e, target FROM refs_now WHERE a = ':supersedes' AND NOT inferred AND e <> target
),
head AS (SELECT DISTINCT e FROM sup WHERE e NOT IN (SELECT target FROM sup)),
walk(head, v, depth, provenance, path) AS (
    SELECT s.e, s.target, 1, [s.id], [s.e, s.target] FROM sup s WHERE s.e IN (SELECT e FROM head)
    UNION ALL
    SELECT w.head, s.target, w.depth + 1, list_append(w.provenance, s.id), list_append(w.path, s.target)
      FROM walk w JOIN sup s ON s.e = w.v
     WHERE NOT list_contains(w.path, s.target) AND w.depth < 50
)
SELECT v AS e, head AS v, depth, provenance
  FROM walk
 WHERE depth >= 2

-- name: transitive_depends_on
-- description: A depends on B and B on C, so A transitively depends on C (seed 000). Confidence 1/depth;
--   one conclusion per pair (the shortest chain), never a restatement of a stated dependency. Walks the
--   dependencies of memories (services, components); a code module's imports are ingestion's, and their
--   closure is what the query rule (reachable ?a ?b) answers on demand.
-- kind: fact
-- derives: :depends-on
-- reads: :depends-on
-- confidence: 1.0
-- message: {{e}} transitively depends on {{v}} (depth {{depth}})
WITH RECURSIVE edge AS (
    SELECT id, e, target FROM refs_now
     WHERE a = ':depends-on' AND NOT inferred AND NOT lore_is_code(e)
),
walk(e, v, depth, provenance, path) AS (
    SELECT e, target, 1, [id], [e, target] FROM edge
    UNION ALL
    SELECT w.e, x.target, w.depth + 1, list_append(w.provenance, x.id), list_append(w.path, x.target)
      FROM walk w JOIN edge x ON x.e = w.v
     WHERE w.depth < 3 AND NOT list_contains(w.path, x.target)
)
SELECT e, v, depth, provenance, 1.0 / depth AS weight
  FROM walk
 WHERE depth >= 2 AND e <> v

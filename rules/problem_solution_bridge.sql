-- name: problem_solution_bridge
-- description: A causes problem P and B solves P, so A is addressed by B (seed 000).
-- kind: fact
-- derives: :addressed-by
-- reads: :causes :solves
-- confidence: 0.9
-- scope: subject
-- message: {{e}} causes {{problem}}, which {{v}} solves
SELECT c.e AS e, s.e AS v, c.target AS problem, [c.id, s.id] AS provenance
  FROM refs_now c
  JOIN refs_now s ON s.target = c.target AND s.a = ':solves' AND NOT s.inferred
 WHERE c.a = ':causes' AND NOT c.inferred AND c.e <> s.e
   AND (lore_in_scope(c.e) OR lore_in_scope(c.target) OR lore_in_scope(s.e))

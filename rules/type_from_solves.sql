-- name: type_from_solves
-- description: Something that :solves a problem, and has no type of its own (or the type general), is a
--   solution (seed 000). A problem is an entity typed :type/problem or one in the problem namespace.
-- kind: fact
-- derives: :entity-type
-- reads: :solves :entity-type
-- confidence: 0.9
-- scope: subject
-- message: {{e}} solves {{problem}}, so it is a solution
SELECT s.e AS e, ':type/solution' AS v, s.target AS problem,
       list_filter([s.id, pt.id], lambda x: x IS NOT NULL) AS provenance
  FROM refs_now s
  LEFT JOIN asserted_now pt
         ON pt.e = s.target AND pt.a = ':entity-type' AND pt.vt = 'k' AND pt.v = ':type/problem'
 WHERE s.a = ':solves' AND NOT s.inferred
   AND (lore_in_scope(s.e) OR lore_in_scope(s.target))
   AND (pt.id IS NOT NULL OR split_part(s.target, '/', 1) = ':problem')
   AND NOT EXISTS (SELECT 1 FROM asserted_now t
                    WHERE t.e = s.e AND t.a = ':entity-type' AND t.v <> ':type/general')

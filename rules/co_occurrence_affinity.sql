-- name: co_occurrence_affinity
-- description: Two memories that share three or more neighbours (through the relationship vocabulary,
--   in either direction) are probably related (seed 000). Strength shared/5, capped at 1. Stated both
--   ways, since affinity is symmetric. A neighbour shared by more than 200 memories (a hub such as a
--   language or a framework) says nothing specific and is ignored.
-- kind: fact
-- derives: :affinity
-- reads: :depends-on :calls :motivated-by :supersedes :governs :rejects :forbids :solves :causes :relates-to :uses :about
-- confidence: 1.0
-- message: {{e}} and {{v}} share {{shared}} neighbours
WITH rel AS (
    SELECT id, e, target FROM refs_now
     WHERE NOT inferred AND a IN (':depends-on', ':calls', ':motivated-by', ':supersedes', ':governs', ':rejects',
                                  ':forbids', ':solves', ':causes', ':relates-to', ':uses', ':about')
),
nb AS (
    SELECT id, e AS m, target AS c FROM rel
    UNION ALL
    SELECT id, target AS m, e AS c FROM rel
),
mem AS (SELECT * FROM nb WHERE NOT lore_is_code(m) AND m <> c),
hub AS (SELECT c FROM mem GROUP BY c HAVING count(DISTINCT m) <= 200),
pairs AS (
    SELECT x.m AS a, y.m AS b, count(DISTINCT x.c) AS shared,
           list_concat(list(DISTINCT x.id), list(DISTINCT y.id)) AS provenance
      FROM mem x JOIN mem y ON x.c = y.c AND x.m <> y.m
     WHERE x.c IN (SELECT c FROM hub) AND y.m <> x.c AND x.m <> y.c
     GROUP BY x.m, y.m
)
SELECT a AS e, b AS v, shared, provenance, least(1.0, shared / 5.0) AS weight
  FROM pairs
 WHERE shared >= 3

-- name: temporal_proximity
-- description: Two memories recorded within 30 minutes of each other that share a tag (:tag) are probably
--   related (seed 000). Recorded = the transaction time of the entity's first asserted fact. Symmetric.
-- kind: fact
-- derives: :temporal-proximity
-- reads: :tag
-- confidence: 0.6
-- scope: subject
-- message: {{e}} and {{v}} were recorded {{minutes}} minutes apart and share the tag {{tag}}
WITH tag AS (
    SELECT id, e, vt, v AS tag FROM asserted_now
     WHERE a = ':tag' AND vt IN ('s', 'k') AND NOT lore_is_code(e)
),
rec AS (
    SELECT f.e AS entity, min(t.instant) AS recorded_us
      FROM facts f JOIN tx t ON t.tx = f.tx_from
     WHERE NOT f.inferred AND f.e IN (SELECT e FROM tag)
     GROUP BY f.e
)
SELECT x.e AS e, y.e AS v, x.tag AS tag, [x.id, y.id] AS provenance,
       round(abs(rx.recorded_us - ry.recorded_us) / 60e6, 1) AS minutes
  FROM tag x
  JOIN tag y ON x.tag = y.tag AND x.vt = y.vt AND x.e <> y.e
  JOIN rec rx ON rx.entity = x.e
  JOIN rec ry ON ry.entity = y.e
 WHERE abs(rx.recorded_us - ry.recorded_us) < 30 * 60 * 1000000
   AND (lore_in_scope(x.e) OR lore_in_scope(y.e))

-- name: stale_decision
-- description: A decision, constraint or preference :relates-to code that was modified (a commit's :date
--   over :modified-in) after the memory was recorded: the memory may no longer hold. One warning per
--   memory and code entity, naming the latest such commit.
-- kind: warning
-- reads: :relates-to :modified-in :date
-- confidence: 0.8
-- scope: subject
-- severity: information
-- key: entity memory
-- message: {{entity}} changed in {{commit}} ({{date}}) after {{memory}} was recorded ({{recorded}}): check that it still holds
WITH link AS (
    SELECT id, memory, code FROM links_now
     WHERE split_part(memory, '/', 1) IN (':decision', ':constraint', ':preference') AND lore_is_code(code)
       AND (lore_in_scope(memory) OR lore_in_scope(code)
            OR code IN (SELECT e FROM refs_now WHERE a = ':modified-in' AND lore_in_scope(target)))
),
rec AS (
    SELECT f.e AS entity, min(t.instant) AS recorded_us
      FROM facts f JOIN tx t ON t.tx = f.tx_from
     WHERE NOT f.inferred AND f.e IN (SELECT memory FROM link)
     GROUP BY f.e
),
changed AS (
    SELECT m.id, m.e AS code, m.target AS commit, d.id AS date_id, d.v AS date,
           CASE WHEN d.vt = 't' THEN CAST(d.vn * 1000000 AS BIGINT)
                ELSE epoch_us(TRY_CAST(replace(replace(d.v, 'T', ' '), 'Z', '') AS TIMESTAMP)) END AS at_us
      FROM refs_now m
      JOIN asserted_now d ON d.e = m.target AND d.a = ':date'
     WHERE m.a = ':modified-in' AND m.e IN (SELECT code FROM link)
),
late AS (
    SELECT l.id AS link_id, l.memory, l.code, c.id AS mod_id, c.date_id, c.commit, c.date, r.recorded_us
      FROM link l
      JOIN rec r ON r.entity = l.memory
      JOIN changed c ON c.code = l.code
     WHERE c.at_us > r.recorded_us
   QUALIFY row_number() OVER (PARTITION BY l.memory, l.code ORDER BY c.at_us DESC, c.commit) = 1
)
SELECT code AS entity, memory, commit, date,
       strftime(make_timestamp(recorded_us), '%Y-%m-%dT%H:%M:%SZ') AS recorded,
       [link_id, mod_id, date_id] AS provenance, 'definition' AS anchor_kind, [memory] AS related
  FROM late

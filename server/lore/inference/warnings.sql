-- The queries lore.inference.warnings runs, one per "-- name:" block. Named parameters ($name).
-- A file "matches" $wanted when it equals it, or when $wanted is an absolute path (an editor's URI)
-- ending in "/" + the repository-relative file.

-- name: stored
-- Every warning believed now, valid now, at or over the threshold.
SELECT id, e, v, rule, confidence, provenance FROM facts
 WHERE a = $attr AND inferred AND tx_to = 2147483647 AND valid_from <= $now AND valid_to > $now
   AND confidence >= $threshold

-- name: stored_json
-- The same, leaving out the rows that are not JSON (they cannot be shown anywhere): the warnings of one file,
-- when they are few enough to be located one by one (lore.inference.warnings.LOCATE_ALL_UNDER): at most $cap
-- rows, so that a graph with many warnings is not read whole on every keystroke only to be found too big.
SELECT id, e, v, rule, confidence, provenance FROM facts
 WHERE a = $attr AND inferred AND tx_to = 2147483647 AND valid_from <= $now AND valid_to > $now
   AND confidence >= $threshold AND json_valid(v)
 LIMIT $cap

-- name: stored_for_file
-- The same, only those whose anchor entity has some location in the wanted file (the hit CTE is a UNION of
-- the hit_* blocks for the side tables that exist): a superset of the file's warnings, which the caller
-- resolves exactly. Rows that are not JSON cannot be shown anywhere and are left out here.
-- The warnings are read first and only their anchors are looked for in the file: finding every entity
-- located in it scanned every :path and :file value of history (most of a keystroke's warning read).
WITH w AS MATERIALIZED (
    SELECT id, e, v, rule, confidence, provenance,
           CASE WHEN json_type(v, '$.anchor.entity') = 'VARCHAR' AND json_extract_string(v, '$.anchor.entity') <> ''
                THEN json_extract_string(v, '$.anchor.entity') ELSE e END AS anchor
      FROM facts
     WHERE a = $attr AND inferred AND tx_to = 2147483647 AND valid_from <= $now AND valid_to > $now
       AND confidence >= $threshold AND json_valid(v)),
anchors AS MATERIALIZED (SELECT DISTINCT anchor FROM w),
hit AS ({hits})
SELECT id, e, v, rule, confidence, provenance FROM w WHERE anchor IN (SELECT e FROM hit)

-- name: hit_paths
-- Two one-attribute selects, not a IN (…): DuckDB keeps a two-value IN as an optional filter and evaluates
-- everything else on every row of facts (60 ms on ipython's history, against 3 for an equality).
SELECT e FROM facts
 WHERE a = ':path' AND vt = 's' AND tx_to = 2147483647 AND NOT inferred
   AND e IN (SELECT anchor FROM anchors)
   AND v <> '' AND (v = $wanted OR (starts_with($wanted, '/') AND suffix($wanted, '/' || v)))
UNION ALL
SELECT e FROM facts
 WHERE a = ':file' AND vt = 's' AND tx_to = 2147483647 AND NOT inferred
   AND e IN (SELECT anchor FROM anchors)
   AND v <> '' AND (v = $wanted OR (starts_with($wanted, '/') AND suffix($wanted, '/' || v)))

-- name: hit_code
SELECT entity AS e FROM code_locations
 WHERE entity IN (SELECT anchor FROM anchors)
   AND file <> '' AND (file = $wanted OR (starts_with($wanted, '/') AND suffix($wanted, '/' || file)))

-- name: hit_imports
SELECT module AS e FROM import_locations
 WHERE module IN (SELECT anchor FROM anchors)
   AND file <> '' AND (file = $wanted OR (starts_with($wanted, '/') AND suffix($wanted, '/' || file)))

-- name: imports
-- The first location (by file, line) of each asked import (module imports target).
WITH asked AS (SELECT DISTINCT unnest($modules) AS module, unnest($targets) AS target)
SELECT i.module, i.target, i.file, i.line, i.col, i.end_line, i.end_col, i.spec
  FROM import_locations i JOIN asked USING (module, target)
QUALIFY row_number() OVER (PARTITION BY i.module, i.target
                           ORDER BY i.file, i.line, i.col, i.end_line, i.end_col, i.spec) = 1

-- name: definitions
-- The first location (by file, line) of each asked entity's definition.
SELECT entity, file, line, col, end_line, end_col, kind, coalesce(qualified_name, name) AS name
  FROM code_locations WHERE entity IN (SELECT unnest($entities))
QUALIFY row_number() OVER (PARTITION BY entity
                           ORDER BY file, line, col, end_line, end_col, kind, name) = 1

-- name: file_known
-- Whether the graph knows a file by this path at all: a path of the ingested head's tree, or the :path or
-- :file of some entity in any valid time (a file deleted since still has its history's warnings).
SELECT EXISTS (SELECT 1 FROM facts
                WHERE a IN (':path', ':file') AND vt = 's' AND tx_to = 2147483647 AND NOT inferred AND v <> ''
                  AND (v = $wanted OR (starts_with($wanted, '/') AND suffix($wanted, '/' || v))))
       {head}

-- name: file_known_head
OR EXISTS (SELECT 1 FROM ingest_files
            WHERE path = $wanted OR (starts_with($wanted, '/') AND suffix($wanted, '/' || path)))

-- name: ingested_repo
SELECT max(value) FROM ingest_meta WHERE key = 'repo'

-- name: has_table
SELECT count(*) FROM duckdb_tables() WHERE NOT temporary AND table_name = $name

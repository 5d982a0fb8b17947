-- The queries lore.ingest.worktree runs (the working layer's view of ingestion's side tables).

-- name: has_tables
SELECT count(*) FROM duckdb_tables() WHERE NOT temporary
   AND table_name IN ('ingest_meta', 'ingest_files', 'ingest_open', 'code_locations')

-- name: watermark
SELECT max(value) FROM ingest_meta WHERE key = 'watermark'

-- name: repo
SELECT max(value) FROM ingest_meta WHERE key = 'repo'

-- name: tracked_paths
-- Paths of the head's tree that import resolution may land on (submodules are not files).
SELECT path FROM ingest_files WHERE mode <> '160000'

-- name: tracked_files
-- Every tracked file of the head's tree with its blob and mode (the tsconfigs whose path aliases it reads).
SELECT path, blob, mode FROM ingest_files

-- name: idents
SELECT path, ident FROM ingest_idents

-- name: known
SELECT ident FROM ingest_known

-- name: top_level_names
-- Top-level functions and classes per file at the head (calls resolved through imports).
SELECT file, name, entity FROM code_locations
 WHERE kind IN ('function', 'class') AND NOT contains(qualified_name, '.')

-- name: replaced
-- The facts rows a file's new text replaces: the structural facts it owns at the head (its module's and
-- its definitions'), not the history of its entities (introduced by, modified in, renamed).
SELECT o.path, o.id FROM ingest_open o
 WHERE o.path IN (SELECT unnest($paths::VARCHAR[])) AND o.id IS NOT NULL
   AND o.a NOT IN (SELECT unnest($events::VARCHAR[]))

-- name: has_defs
SELECT count(*) FROM duckdb_tables() WHERE NOT temporary AND table_name = 'ingest_defs'

-- name: head_bodies
-- The hashes of each definition's text and shape at the head, per file (kind '-': a file known to have none).
SELECT path, kind, qname, body_hash, shape_hash FROM ingest_defs WHERE path IN (SELECT unnest($paths::VARCHAR[]))

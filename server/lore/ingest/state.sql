-- name: open_facts_of_modules
-- The open ingest facts of some modules and of everything they :contains (lazy load of a file's state).
-- $mods is a registered Arrow table (module VARCHAR).
WITH ing AS (SELECT tx FROM tx WHERE source = 'ingest'),
ents AS (
    SELECT module AS e, module FROM mods
    UNION ALL
    SELECT f.v AS e, f.e AS module FROM facts f JOIN mods ON f.e = mods.module
     WHERE f.a = ':contains' AND f.vt = 'k' AND f.tx_to = 2147483647 AND f.valid_to = 4611686018427387904
       AND NOT f.inferred AND f.tx_from IN (SELECT tx FROM ing)
)
SELECT ents.module, f.e, f.a, f.vt, f.v, f.valid_from, f.id
  FROM facts f JOIN ents ON f.e = ents.e
 WHERE f.tx_to = 2147483647 AND f.valid_to = 4611686018427387904 AND NOT f.inferred
   AND f.tx_from IN (SELECT tx FROM ing);

-- name: rows_to_close
-- Open ingest rows that this batch closes at valid time t. $closes: (id, t).
CREATE TEMP TABLE _ingest_closing AS
SELECT f.id, f.e, f.a, f.vt, f.v, f.vn, f.valid_from, c.t
  FROM facts f JOIN closes c ON f.id = c.id
 WHERE f.tx_to = 2147483647 AND f.valid_to = 4611686018427387904 AND f.valid_from < c.t;

-- name: insert_closed_copies
INSERT INTO facts
SELECT $first + row_number() OVER (ORDER BY id) - 1, e, a, vt, v, vn, valid_from, t, $tx, 2147483647,
       false, NULL, 1.0, NULL
  FROM _ingest_closing;

-- name: close_old_rows
UPDATE facts SET tx_to = $tx WHERE id IN (SELECT id FROM _ingest_closing) AND tx_to = 2147483647;

-- name: drop_closing
DROP TABLE IF EXISTS _ingest_closing;

-- name: known_externals
SELECT DISTINCT e FROM facts
 WHERE a = ':entity-type' AND vt = 'k' AND v = ':type/external-dependency' AND tx_to = 2147483647;

-- name: known_tags
SELECT DISTINCT e FROM facts WHERE e LIKE ':tag/%' AND a = ':entity-type' AND tx_to = 2147483647;

-- name: top_level_names
-- Top-level functions and classes of every module as the graph has them now (call resolution through
-- imports, for files this run has not parsed).
SELECT c.e AS module, n.v AS name, c.v AS entity
  FROM facts c JOIN facts n ON n.e = c.v AND n.a = ':qualified-name'
 WHERE c.a = ':contains' AND c.tx_to = 2147483647 AND c.valid_to = 4611686018427387904
   AND n.tx_to = 2147483647 AND n.valid_to = 4611686018427387904 AND NOT n.inferred AND NOT c.inferred
   AND (starts_with(c.v, ':function/') OR starts_with(c.v, ':class/')) AND NOT contains(n.v, '.');

-- name: open_of_paths
-- $mods: (path VARCHAR)
SELECT o.path, o.e, o.a, o.vt, o.v, o.valid_from, o.id FROM ingest_open o JOIN mods ON o.path = mods.path;

-- name: known
SELECT ident FROM ingest_known;

-- name: located_top_level_names
SELECT file, name, entity FROM code_locations
 WHERE kind IN ('function', 'class') AND NOT contains(qualified_name, '.');

-- name: defs_of_paths
-- $mods: (path VARCHAR)
SELECT d.path, d.kind, d.qname, d.body_hash, d.shape_hash FROM ingest_defs d JOIN mods ON d.path = mods.path;

-- name: pointing_edges
-- Open edges that resolution made (calls, internal imports): target -> the file that owns the edge.
SELECT v, path FROM ingest_open WHERE a IN (':calls', ':depends-on') AND vt = 'k';

-- name: pointing_edges_of_facts
-- The same from the facts table, for a run resumed after a bulk run stopped between flushes (ingest_open is
-- written only at a bulk run's end): the file is the module's that owns the edge (a module's own edge, or one
-- of a definition it :contains).
WITH ing AS (SELECT tx FROM tx WHERE source = 'ingest'),
open_ing AS (
    SELECT f.e, f.a, f.v FROM facts f
     WHERE f.tx_to = 2147483647 AND f.valid_to = 4611686018427387904 AND NOT f.inferred AND f.vt = 'k'
       AND f.a IN (':calls', ':depends-on', ':contains') AND f.tx_from IN (SELECT tx FROM ing)
),
owner AS (SELECT v AS e, e AS module FROM open_ing WHERE a = ':contains')
SELECT DISTINCT o.v, i.path
  FROM open_ing o LEFT JOIN owner w ON w.e = o.e
  JOIN ingest_idents i ON i.ident = coalesce(w.module, o.e)
 WHERE o.a IN (':calls', ':depends-on');

-- name: known_of_idents
-- $_ingest_idents: (ident VARCHAR)
SELECT k.ident FROM ingest_known k JOIN _ingest_idents i ON k.ident = i.ident;

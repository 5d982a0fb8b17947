-- The working layer's tables and views, on its own connection (TEMP: they exist only there, cost nothing in
-- the graph file, and no other connection — lore query, lore history, :as-of — ever sees them).
-- {db} is the graph's catalog: the views shadow the tables of the same name for this connection only.

-- name: tables
CREATE OR REPLACE TEMP TABLE layer_facts AS SELECT *, ''::VARCHAR AS tag FROM {db}.main.facts LIMIT 0;
CREATE OR REPLACE TEMP TABLE layer_hidden (id BIGINT, tag VARCHAR);
CREATE OR REPLACE TEMP TABLE layer_defs AS SELECT *, ''::VARCHAR AS tag FROM {db}.main.code_locations LIMIT 0;
CREATE OR REPLACE TEMP TABLE layer_imps AS SELECT *, ''::VARCHAR AS tag FROM {db}.main.import_locations LIMIT 0;
CREATE OR REPLACE TEMP TABLE layer_files (path VARCHAR);
CREATE OR REPLACE TEMP TABLE layer_base AS SELECT * FROM {db}.main.facts LIMIT 0;
CREATE OR REPLACE TEMP TABLE ctx_named AS SELECT * FROM {db}.main.facts LIMIT 0;

-- name: compact
-- One of the layer's own tables ({table}) rewritten with only its live rows. A DELETE frees nothing of an
-- in-memory table (a row deleted keeps its bytes; rows inserted after it take new ones), so a layer whose
-- files come and go, or a buffer typed in for an hour, would grow without bound; the views bind the table
-- by name, so they read the new one.
CREATE OR REPLACE TEMP TABLE {table} AS SELECT * FROM {table}

-- name: empty
-- The same for an empty layer (a rebuild, another work tree): the tables are made again, empty.
CREATE OR REPLACE TEMP TABLE {table} AS SELECT * FROM {table} LIMIT 0

-- name: facts_view
-- History minus the rows the layer replaces, plus the layer's own rows (negative ids).
-- History is read in two disjoint parts: the rows of the few attributes a keystroke's rules and warnings
-- read (layer_base, a copy made when history moves: a few thousand rows, scanned in a millisecond) and all
-- the others (a scan of the graph's facts for one of those attributes then reads only the attribute column
-- and finds nothing, instead of decompressing the text of every row that matches).
CREATE OR REPLACE TEMP VIEW facts AS
SELECT id, e, a, vt, v, vn, valid_from, valid_to, tx_from, tx_to, inferred, rule, confidence, provenance
  FROM layer_base WHERE id NOT IN (SELECT id FROM layer_hidden)
UNION ALL
SELECT id, e, a, vt, v, vn, valid_from, valid_to, tx_from, tx_to, inferred, rule, confidence, provenance
  FROM {db}.main.facts WHERE {cold} AND id NOT IN (SELECT id FROM layer_hidden)
UNION ALL
SELECT id, e, a, vt, v, vn, valid_from, valid_to, tx_from, tx_to, inferred, rule, confidence, provenance
  FROM layer_facts;

-- name: views
CREATE OR REPLACE TEMP VIEW code_locations AS
SELECT entity, file, kind, name, qualified_name, line, col, end_line, end_col
  FROM {db}.main.code_locations WHERE file NOT IN (SELECT path FROM layer_files)
UNION ALL
SELECT entity, file, kind, name, qualified_name, line, col, end_line, end_col FROM layer_defs;
CREATE OR REPLACE TEMP VIEW import_locations AS
SELECT module, target, spec, file, line, col, end_line, end_col
  FROM {db}.main.import_locations WHERE file NOT IN (SELECT path FROM layer_files)
UNION ALL
SELECT module, target, spec, file, line, col, end_line, end_col FROM layer_imps;

-- name: base
-- The history rows of the attributes layer_base holds, one select per attribute (a filter on one attribute
-- reads only that attribute's column for the rows that do not match, where an IN list decodes more).
DELETE FROM layer_base;
INSERT INTO layer_base {hot_selects};

-- name: base_since_drop
-- The same kept up to date after transaction $tx: every write adds rows (tx_from) or closes them (tx_to) with
-- a newer transaction, so only the rows a later transaction wrote or closed are read again (two selects, not
-- an OR: each filter is then read from its column alone).
-- The ids are read first: deleting through a subquery over the graph's facts cost ten times more.
CREATE OR REPLACE TEMP TABLE layer_base_changed AS
SELECT id FROM {db}.main.facts WHERE tx_from > $tx
UNION ALL
SELECT id FROM {db}.main.facts WHERE tx_to > $tx AND tx_to < 2147483647;

-- name: base_since_delete
DELETE FROM layer_base WHERE id IN (SELECT id FROM layer_base_changed);

-- name: base_since_add
INSERT INTO layer_base
SELECT * FROM {db}.main.facts WHERE tx_from > $tx AND a IN {hot}
UNION ALL
SELECT * FROM {db}.main.facts WHERE tx_to > $tx AND tx_to < 2147483647 AND tx_from <= $tx AND a IN {hot};

-- name: head_entities
-- The head rows a file's new text replaces: each row's entity and, for a reference, the entity it names.
SELECT f.id, f.e, CASE WHEN f.vt = 'k' THEN f.v END FROM {db}.main.facts f
 WHERE f.id IN (SELECT unnest($ids::BIGINT[]))

-- name: dependents
-- Conclusions that follow from the replaced rows (they no longer hold over the layer unless re-derived),
-- and memory links to the files' entities at the head (the layer re-links them); the caller attributes
-- each to its file by provenance or link target.
SELECT f.id, f.e, f.provenance, CASE WHEN f.a = ':relates-to' AND f.vt = 'k' THEN f.v END FROM {db}.main.facts f
 WHERE f.inferred AND f.tx_to = 2147483647
   AND (list_has_any(f.provenance, $ids::BIGINT[])
        OR (f.a = ':relates-to' AND f.vt = 'k' AND f.v IN (SELECT unnest($entities::VARCHAR[]))))

-- name: stored_warnings
-- The warnings history holds for these (rule, subject) pairs: the layer's own conclusions replace them.
-- layer_base holds every history row of :lore/warning as of the layer's transaction (a few rows to read).
SELECT f.id, f.rule, f.e FROM layer_base f
 JOIN (SELECT unnest($rules::VARCHAR[]) AS rule, unnest($subjects::VARCHAR[]) AS e) s
   ON s.rule = f.rule AND s.e = f.e
 WHERE f.a = ':lore/warning' AND f.inferred AND f.tx_to = 2147483647

-- name: mem_code_view
-- The memory linker's mirror of code names and paths (lore.memory.index), with the layer's over it.
CREATE OR REPLACE TEMP VIEW mem_code AS
SELECT id, e, a, v, valid_from, valid_to FROM {db}.main.mem_code WHERE id NOT IN (SELECT id FROM layer_hidden)
UNION ALL
SELECT id, e, a, v, valid_from, valid_to FROM layer_facts
 WHERE NOT inferred AND a IN (':name', ':qualified-name', ':file', ':path', ':renamed-to') AND vt IN ('s', 'k')
   AND (starts_with(e, ':module/') OR starts_with(e, ':function/') OR starts_with(e, ':class/')
        OR (starts_with(e, ':field/') AND a IN (':qualified-name', ':file', ':renamed-to')))

-- name: context_hist
-- The keystroke's context (lore.inference.context): history's current rows of the attributes the served
-- rules read of any entity ({attrs}), and every current row of a memory (not code: decisions, constraints,
-- their descriptions), made when history moves. A few thousand rows where history has a million (on
-- ipython/ipython every :calls and :depends-on row: 48,000, 11 MB). ``hidden``: the layer replaces the row
-- (context_hide); one table, not a second copy without the hidden rows, which cost as much again.
CREATE OR REPLACE TEMP TABLE ctx_hist AS
SELECT *, false AS hidden FROM {db}.main.facts
 WHERE tx_to = 2147483647
   AND (a IN {attrs}
        OR NOT (starts_with(e, ':module/') OR starts_with(e, ':function/') OR starts_with(e, ':class/')
                OR starts_with(e, ':variable/') OR starts_with(e, ':field/') OR starts_with(e, ':commit/')
                OR starts_with(e, ':tag/')
                OR e IN (':module', ':function', ':class', ':variable', ':field', ':commit', ':tag')))

-- name: context_empty
-- No context (it would be too large to pay): the table stays, empty, and its memory is freed (a DELETE
-- keeps it).
CREATE OR REPLACE TEMP TABLE ctx_hist AS SELECT * FROM ctx_hist LIMIT 0

-- name: context_hide
-- Marks the context's rows the layer replaces, and unmarks those it no longer does (run again only when
-- the rows it hides change, not on every keystroke; it writes only the rows whose mark changes).
UPDATE ctx_hist SET hidden = NOT hidden
 WHERE hidden <> (id IN (SELECT id FROM layer_hidden))

-- name: context_view
-- While the served rules run, ``facts`` is the context as the layer shows it: its rows the layer does not
-- hide, plus the layer's own rows (the views the rules read follow it).
CREATE OR REPLACE TEMP VIEW facts AS
SELECT id, e, a, vt, v, vn, valid_from, valid_to, tx_from, tx_to, inferred, rule, confidence, provenance
  FROM ctx_hist WHERE NOT hidden
UNION ALL
SELECT id, e, a, vt, v, vn, valid_from, valid_to, tx_from, tx_to, inferred, rule, confidence, provenance
  FROM layer_facts

-- name: named_view
-- Every current row of the entities ctx_named holds, as the layer shows them (lore.inference.warnings reads
-- the naming facts of the entities a file's warnings name here: a few rows where history has a million).
CREATE OR REPLACE TEMP VIEW ctx_named_facts AS
SELECT id, e, a, vt, v, vn, valid_from, valid_to, tx_from, tx_to, inferred, rule, confidence, provenance
  FROM ctx_named WHERE id NOT IN (SELECT id FROM layer_hidden)
UNION ALL
SELECT id, e, a, vt, v, vn, valid_from, valid_to, tx_from, tx_to, inferred, rule, confidence, provenance
  FROM layer_facts

-- name: named_add
-- History's current rows of more entities, into ctx_named.
INSERT INTO ctx_named SELECT * FROM {db}.main.facts
 WHERE tx_to = 2147483647 AND e IN (SELECT unnest($entities::VARCHAR[]))

-- name: dismissed_rows
-- History's believed dismissals: (:warning/<id>, end of validity). The rows lore.inference.warnings.dismissed_rows
-- reads, asked here because a feature imports no other (tests/test_layers.py).
SELECT e, valid_to FROM facts
 WHERE a = ':lore/dismissed' AND tx_to = 2147483647 AND NOT inferred AND vt = 'b' AND v = 'true';

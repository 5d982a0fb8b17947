-- Queries behind a hover. Each block starts with "-- name: NAME"; parameters are named ($x).
-- "Current" rows: tx_to = 2147483647; "now" in valid time: valid_from <= $now < valid_to.

-- name: has_table
SELECT count(*) FROM information_schema.tables WHERE table_name = $table;

-- name: locate_definition
-- The definition with this (qualified) name in this file, nearest the cursor's line.
SELECT entity FROM code_locations
 WHERE (file = $file OR $file LIKE '%/' || file)
   AND kind <> 'module'
   AND (qualified_name = $qname OR name = $name)
 ORDER BY (file = $file) DESC, (qualified_name = $qname) DESC, abs(line - $line)
 LIMIT 1;

-- name: locate_enclosing
-- The innermost function or class whose lines hold the cursor's line (a cursor in a body, on no name).
SELECT entity FROM code_locations
 WHERE (file = $file OR $file LIKE '%/' || file)
   AND kind IN ('function', 'class')
   AND line <= $line AND end_line >= $line
 ORDER BY (file = $file) DESC, end_line - line, line DESC
 LIMIT 1;

-- name: locate_name
-- A definition anywhere with this name (the word under the cursor is a use, not a definition, or the name of a
-- Java/Kotlin overload after the first, which shares the first's entity and has no location of its own):
-- this file's first, the one nearest the cursor of those (Retrofit.Builder.baseUrl(String) is the
-- Builder's baseUrl of a few lines above, not the field Retrofit.baseUrl four hundred lines up).
SELECT entity FROM code_locations
 WHERE kind <> 'module' AND (name = $name OR qualified_name = $name)
 ORDER BY (file = $file) DESC, (qualified_name = $name) DESC, abs(line - $line), entity
 LIMIT 1;

-- name: locate_member
-- A member reached through another object or class (the hover's receiver): the definition of that name in a class
-- named like the receiver, case aside ($app->handle: App.handle; $this->middlewareDispatcher->handle:
-- MiddlewareDispatcher.handle; Foo::bar: Foo.bar), else in a class whose name ends the receiver's (a property
-- $middlewareDispatcher of class Dispatcher), the shortest qualified name first.
SELECT entity FROM (
    SELECT entity, qualified_name, lower(regexp_extract(qualified_name, '([^.]+)\.[^.]+$', 1)) AS cls
      FROM code_locations
     WHERE kind <> 'module' AND name = $name AND contains(qualified_name, '.'))
 WHERE cls = lower($receiver) OR (length(cls) >= 4 AND ends_with(lower($receiver), cls))
 ORDER BY cls = lower($receiver) DESC, length(qualified_name), entity
 LIMIT 1;

-- name: locate_import
SELECT target FROM import_locations
 WHERE (file = $file OR $file LIKE '%/' || file) AND line = $line AND target IS NOT NULL
 LIMIT 1;

-- name: locate_module
SELECT entity FROM code_locations
 WHERE kind = 'module' AND (file = $file OR $file LIKE '%/' || file)
 ORDER BY (file = $file) DESC LIMIT 1;

-- name: existing
-- Which of the candidate idents have current facts (one scan for all candidates).
SELECT DISTINCT e FROM facts WHERE e IN (SELECT unnest($es)) AND tx_to = 2147483647;

-- name: around
-- In one scan: the entity's own facts (out) and the facts that point at it (in), as believed and valid now.
SELECT CASE WHEN e = $e THEN 'out' ELSE 'in' END AS dir, e, a, vt, v, valid_from, valid_to, inferred, rule,
       confidence
  FROM facts
 WHERE tx_to = 2147483647 AND valid_from <= $now AND valid_to > $now
   AND (e = $e OR (vt = 'k' AND v = $e))
 ORDER BY dir, inferred, confidence DESC, e, a
 LIMIT 2000;

-- name: describe
-- A few attributes of the entities a hover mentions (memories, commits).
SELECT e, a, vt, v, valid_from, valid_to
  FROM facts
 WHERE e IN (SELECT unnest($es)) AND tx_to = 2147483647 AND NOT inferred
   AND a IN (':description', ':rationale', ':subject', ':date', ':author', ':status', ':entity-type')
   AND valid_from <= $now AND valid_to > $now
 ORDER BY e, a;

-- name: recorded_by
-- Who recorded each memory: the journal entry (a teammate's, or this clone's own write) of the earliest
-- transaction that wrote one of its current facts.
SELECT f.e, arg_min(j.author, f.tx_from), arg_min(j.instant, f.tx_from)
  FROM facts f JOIN journal_entries j ON j.tx = f.tx_from
 WHERE f.e IN (SELECT unnest($es)) AND f.tx_to = 2147483647 AND NOT f.inferred
 GROUP BY f.e;

-- name: languages_of
-- The languages of the modules that import an external (rejected_dependency splits a JVM package at '.').
SELECT DISTINCT v FROM facts
 WHERE a = ':language' AND vt = 's' AND e IN (SELECT unnest($es)) AND tx_to = 2147483647 AND NOT inferred;

-- name: vetoes_of
-- The rejections and prohibitions of any of these packages, believed and valid now (one scan for all).
SELECT e, a, v, valid_from, valid_to FROM facts
 WHERE a IN (':rejects', ':forbids') AND vt = 'k' AND v IN (SELECT unnest($es)) AND NOT inferred
   AND tx_to = 2147483647 AND valid_from <= $now AND valid_to > $now
 ORDER BY e, a, v;

-- name: alias_vetoes_of
-- The rejections and prohibitions, believed and valid now, that name one of these packages through an alias
-- namespace (:dependency/x, :library/x, :package/x, :lib/x, :pkg/x) as written before any code imported it
-- or by a string with no space ("gorm.io/gorm": an import path cannot be a keyword)
-- (the reference stays so until an ingest brings the code): the ident it means is slugged as
-- rules/rejected_dependency.sql slugs it, and returned as the third column.
SELECT e, a, covered, valid_from, valid_to FROM (
    SELECT e, a, valid_from, valid_to,
           ':module/' || trim(regexp_replace(lower(CASE WHEN vt = 's' THEN v ELSE substr(v, strpos(v, '/') + 1) END),
                                             '[^a-z0-9]+', '-', 'g'), '-') AS covered
      FROM facts
     WHERE a IN (':rejects', ':forbids')
       AND ((vt = 'k' AND regexp_matches(v, '^:(dependency|library|package|lib|pkg)/.'))
            OR (vt = 's' AND NOT contains(v, ' ') AND length(v) BETWEEN 1 AND 500 AND regexp_matches(v, '[A-Za-z0-9]')))
       AND NOT inferred AND tx_to = 2147483647 AND valid_from <= $now AND valid_to > $now)
 WHERE covered IN (SELECT unnest($es))
 ORDER BY e, a, covered;

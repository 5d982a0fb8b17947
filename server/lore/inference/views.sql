-- The views a rule's SELECT reads. Temporary: created on the connection that runs the rules, so they
-- cost nothing in the graph file and always follow the current store schema.
--
-- "now" is valid time now and transaction time now (the rows the graph still believes).

-- Prefix tests, not split_part: DuckDB pushes this filter into the scan of facts, where it runs on every
-- row before the attribute's; splitting each string there cost more than the rest of a rule.
CREATE OR REPLACE TEMP MACRO lore_is_code(x) AS (
    starts_with(x, ':module/') OR starts_with(x, ':function/') OR starts_with(x, ':class/')
    OR starts_with(x, ':variable/') OR starts_with(x, ':field/') OR starts_with(x, ':commit/')
    OR starts_with(x, ':tag/')
    OR x IN (':module', ':function', ':class', ':variable', ':field', ':commit', ':tag'));

-- Scoped rules filter their driving rows with lore_in_scope(x); the engine narrows it to the changed
-- entities for a scoped run and leaves it true otherwise.
CREATE OR REPLACE TEMP MACRO lore_in_scope(x) AS true;

-- Every fact the graph believes now and that is valid now, asserted or inferred.
CREATE OR REPLACE TEMP VIEW facts_now AS
SELECT id, e, a, vt, v, vn, valid_from, valid_to, tx_from, inferred, rule, confidence
  FROM facts
 WHERE tx_to = 2147483647
   AND valid_from <= epoch_us(now()) AND valid_to > epoch_us(now());

-- Only what users, agents and ingestion asserted (rules that derive an attribute they also read use this,
-- so they never feed on their own conclusions).
CREATE OR REPLACE TEMP VIEW asserted_now AS
SELECT * FROM facts_now WHERE NOT inferred;

-- Entity-reference edges: [e a target].
CREATE OR REPLACE TEMP VIEW refs_now AS
SELECT id, e, a, v AS target, inferred, rule, confidence, valid_from, valid_to
  FROM facts_now WHERE vt = 'k';

-- Entities that are not code: decisions, constraints, preferences, services, problems ...
CREATE OR REPLACE TEMP VIEW memories AS
SELECT DISTINCT e AS entity, split_part(e, '/', 1) AS ns
  FROM asserted_now WHERE NOT lore_is_code(e);

-- Code entities written by ingestion, with their kind and file.
CREATE OR REPLACE TEMP VIEW code_entities AS
SELECT e AS entity,
       any_value(v) FILTER (WHERE a = ':entity-type') AS kind,
       any_value(v) FILTER (WHERE a IN (':path', ':file') AND vt = 's') AS file
  FROM asserted_now
 WHERE lore_is_code(e) AND a IN (':entity-type', ':path', ':file')
 GROUP BY e;

-- Memory <-> code links ([memory :relates-to code], inferred by the linker or asserted by a user).
CREATE OR REPLACE TEMP VIEW links_now AS
SELECT id, e AS memory, target AS code, confidence, rule, inferred
  FROM refs_now WHERE a = ':relates-to';

-- When each entity was first recorded (transaction time of its first asserted row).
CREATE OR REPLACE TEMP VIEW recorded_at AS
SELECT f.e AS entity, min(t.instant) AS recorded_us
  FROM facts f JOIN tx t ON t.tx = f.tx_from
 WHERE NOT f.inferred
 GROUP BY f.e;

-- name: rejected_dependency
-- description: Code depends on something that a decision :rejects or a constraint :forbids. Anchored on
--   the import in the code. Rejecting a package path rejects the packages under it: a decision against
--   github.com/x/y covers an import of github.com/x/y/z (the external's :name split at "/", so
--   github.com/x/y-z is not covered), and a JVM package the packages under it (com.google.common covers
--   com.google.common.collect, split at ".": an npm name's dots, lodash.merge, are not folders).
--   A package named :dependency/x (:library/, :package/, :lib/, :pkg/) that no code imported yet meets the
--   first import of x, in a commit or in the working layer; so does a package named by a string ("gorm.io/gorm"). A Go package is named as people say it: a
--   decision against :dependency/logrus meets an import of github.com/sirupsen/logrus (any run of the path's
--   segments after its host, a major version v2 or .v3 aside, as lore.memory.identity resolves such a name), and a
--   JVM package by its segments after the first: :dependency/jackson, :dependency/jackson-databind (the Maven
--   artifact) meet an import of com.fasterxml.jackson.databind, :dependency/gson one of com.google.gson, and a
--   package published under a name it does not carry by that artifact (:dependency/guava meets
--   com.google.common.collect, :dependency/okhttp okhttp3; lore/jvm_names.json). A Python
--   import is named by the distribution that installs it: :dependency/pyyaml meets import yaml, :dependency/pillow
--   from PIL import Image, :dependency/python-dateutil import dateutil. A PHP namespace (GuzzleHttp\Psr7: its
--   parents cover it) is named by its runs of segments from the first or second,
--   and by its Composer package: :dependency/guzzlehttp-psr7 ("guzzlehttp/psr7"), :dependency/laminas-laminas-diactoros
--   meet a use of GuzzleHttp\Psr7\ServerRequest, Laminas\Diactoros\ServerRequest (lore.idents.said_names).
--   A memory's :exempts "<path>" (a file or folder: "anyhow is fine in crates/core", lore.memory.exemptions)
--   leaves the modules at or under that path (a folder at most 64 deep) out of its veto; one with :scope "<path>"
--   ("Don't add serde-json to the printer crate's default features", lore.memory.scopes) vetoes only modules at or
--   under one of its scopes.
-- kind: warning
-- reads: :depends-on :rejects :forbids :description :name :language :exempts :scope :path
-- reads_only_of: :description with :rejects :forbids
-- confidence: 0.9
-- scope: subject
-- severity: warning
-- key: entity target memory
-- message: {{entity}} imports {{target}}, which {{memory}} {{verb}}
WITH dep AS (
    SELECT id, e AS module, target FROM refs_now WHERE a = ':depends-on' AND lore_is_code(e)
),
jvm AS (  -- externals a Java, Kotlin or Scala module imports: their names are dotted packages
    SELECT target FROM dep WHERE module IN (SELECT e FROM asserted_now WHERE a = ':language' AND vt = 's'
                                                AND v IN ('java', 'kotlin', 'scala'))
),
py AS (  -- externals a Python module imports: said by the distributions that install them (PyYAML for yaml)
    SELECT target FROM dep WHERE module IN (SELECT e FROM asserted_now WHERE a = ':language' AND vt = 's'
                                                AND v = 'python')
),
named AS (  -- the import path of each external a module depends on, when it has folders (Go's, JS scopes)
    SELECT e, string_split(v, '/') AS parts FROM asserted_now
     WHERE a = ':name' AND vt = 's' AND contains(v, '/') AND e IN (SELECT target FROM dep)
    UNION ALL  -- or is a JVM package under others (com.google.common.truth is under com.google.common)
    SELECT e, string_split(v, '.') AS parts FROM asserted_now
     WHERE a = ':name' AND vt = 's' AND contains(v, '.') AND NOT contains(v, '/') AND e IN (SELECT target FROM jvm)
    UNION ALL  -- or is a PHP namespace under others (GuzzleHttp covers GuzzleHttp\Psr7)
    SELECT e, string_split(v, '\') AS parts FROM asserted_now
     WHERE a = ':name' AND vt = 's' AND contains(v, '\') AND e IN (SELECT target FROM dep)
),
cover AS (  -- what an import is covered by: itself, and the ident of every folder above it
    SELECT DISTINCT target, target AS covered FROM dep
    UNION
    SELECT e AS target,
           ':module/' || trim(regexp_replace(lower(array_to_string(list_slice(parts, 1, k), '/')),
                                             '[^a-z0-9]+', '-', 'g'), '-') AS covered
      FROM (SELECT e, parts, unnest(range(1, least(len(parts), 17))) AS k FROM named)  -- 16 folders deep at most
),
veto AS (  -- two selects, not a IN (…): each is one attribute's rows, which a store can look up alone. A keyword
           -- names an entity; a string with no space names a package as an import path must be written
           -- ("gorm.io/gorm", "github.com/x/y"; prose has a space), and stays a string until an ingest brings it
    SELECT id, e AS memory, v AS target, vt, a FROM asserted_now
     WHERE a = ':rejects' AND vt IN ('k', 's') AND NOT lore_is_code(e)
    UNION ALL
    SELECT id, e AS memory, v AS target, vt, a FROM asserted_now
     WHERE a = ':forbids' AND vt IN ('k', 's') AND NOT lore_is_code(e)
),
vetoed AS (  -- what a veto names, as an import's ident: a package named through an alias namespace (or a string)
             -- before any code imported it (:dependency/requests, :library/typing_extensions) stays as written
             -- until an ingest brings it, so an import typed now meets it by the ident ingestion writes for it
    SELECT id, memory, a, aliased,
           CASE WHEN aliased
                THEN ':module/' || trim(regexp_replace(lower(CASE vt WHEN 's' THEN target
                                                                 ELSE substr(target, strpos(target, '/') + 1) END),
                                                       '[^a-z0-9]+', '-', 'g'), '-')
                ELSE target END AS covered
      FROM (SELECT *, vt = 's' OR regexp_matches(target, '^:(dependency|library|package|lib|pkg)/.') AS aliased
              FROM veto
             WHERE vt = 'k' OR (NOT contains(target, ' ') AND length(target) BETWEEN 1 AND 500
                                AND regexp_matches(target, '[A-Za-z0-9]')))
),
php AS (  -- a PHP namespace an import names (GuzzleHttp\Psr7): its first segments, lowercased whole and split at
          -- its capitals (FastRoute: fastroute, fast-route), as lore.idents.said_names says them
    SELECT e, list_transform(segs, lambda s: lower(s)) AS segs FROM (
        SELECT e, list_filter(string_split(v, '\'), lambda s: s <> '')[1:4] AS segs FROM asserted_now
         WHERE a = ':name' AND vt = 's' AND contains(v, '\') AND e IN (SELECT target FROM dep)
           AND EXISTS (SELECT 1 FROM vetoed WHERE aliased))
    UNION
    SELECT e, list_transform(segs, lambda s: lower(regexp_replace(regexp_replace(s, '([A-Z]+)([A-Z][a-z])', '\1-\2', 'g'),
                                                                  '([a-z0-9])([A-Z])', '\1-\2', 'g'))) FROM (
        SELECT e, list_filter(string_split(v, '\'), lambda s: s <> '')[1:4] AS segs FROM asserted_now
         WHERE a = ':name' AND vt = 's' AND contains(v, '\') AND e IN (SELECT target FROM dep)
           AND EXISTS (SELECT 1 FROM vetoed WHERE aliased))
),
said AS (  -- what people call a hosted Go package (github.com/sirupsen/logrus: logrus, sirupsen-logrus, sirupsen):
           -- each run of its segments after the host, a major version (v2, yaml.v3) aside. Only a veto that names
           -- a package through an alias namespace (:dependency/logrus) is matched by these. A run is at most 4
           -- segments and starts in the first 16 (lore.idents.SAID_RUN, SAID_STARTS): every run of a 150-segment
           -- import was 11,000 rows, and 1,000 such imports kept this rule past its 60 s.
    SELECT e AS target, ':module/' || trim(regexp_replace(array_to_string(list_slice(segs, i, j), '-'),
                                                       '[^a-z0-9]+', '-', 'g'), '-') AS covered
      FROM (SELECT e, segs, i, unnest(range(i, least(len(segs), i + 3) + 1)) AS j
              FROM (SELECT e, segs, unnest(range(1, least(len(segs), 16) + 1)) AS i
                      FROM (SELECT e, list_filter(list_transform(string_split(lower(v), '/')[2:],
                                                                 lambda s: regexp_replace(s, '\.v[0-9]+$', '')),
                                                  lambda s: s <> '' AND NOT regexp_matches(s, '^v[0-9]+$')) AS segs
                              FROM asserted_now
                             WHERE a = ':name' AND vt = 's' AND e IN (SELECT target FROM dep)
                               AND regexp_matches(lower(v), '^[a-z0-9-]+(\.[a-z0-9-]+)+/')
                               AND EXISTS (SELECT 1 FROM vetoed WHERE aliased)
                            UNION ALL  -- a JVM package: its segments after the first (com.fasterxml.jackson.databind:
                                       -- jackson, jackson-databind, the artifact; com.google.gson: gson)
                            SELECT e, list_filter(string_split(lower(v), '.')[2:], lambda s: s <> '') AS segs
                              FROM asserted_now
                             WHERE a = ':name' AND vt = 's' AND e IN (SELECT target FROM jvm)
                               AND contains(v, '.') AND NOT contains(v, '/')
                               AND EXISTS (SELECT 1 FROM vetoed WHERE aliased))))
    UNION ALL  -- a JVM package by the artifact it is published as when the package does not carry that name
               -- (com.google.common.collect: guava; okhttp3: okhttp; lore_jvm_artifacts reads lore/jvm_names.json,
               -- the longest listed package that starts the import, as lore.idents.said_names says)
               -- No listed package has more than 4 segments: only an import's first 8 are tried, each prefix
               -- built once (the macro's CASE repeats its argument in each of its arms: every prefix of 4,000
               -- 140-segment imports took this branch 78 CPU s, and the rule past its 60 s)
    SELECT e AS target, ':module/' || unnest(arg_max(names, k)) AS covered
      FROM (SELECT e, k, lore_jvm_artifacts(package) AS names
              FROM (SELECT e, k, array_to_string(list_slice(parts, 1, k), '.') AS package
              FROM (SELECT e, parts, unnest(range(1, least(len(parts), 8) + 1)) AS k
                      FROM (SELECT e, string_split(lower(v), '.') AS parts FROM asserted_now
                             WHERE a = ':name' AND vt = 's' AND e IN (SELECT target FROM jvm) AND NOT contains(v, '/')
                               AND EXISTS (SELECT 1 FROM vetoed WHERE aliased)))))
     WHERE names IS NOT NULL  -- the longest listed package that starts the import says it (truth, not guava)
     GROUP BY e
    UNION ALL  -- a Python import by the distribution that installs it (yaml: pyyaml; PIL: pillow; sklearn.svm:
               -- scikit-learn; lore_python_dists reads lore/python_names.json) or a form any may take (dateutil:
               -- python-dateutil; kafka: kafka-python; dns: dnspython), as lore.idents.python_said_names says
    SELECT e AS target, ':module/' || d AS covered
      FROM (SELECT e, unnest(list_concat(lore_python_dists(lower(v)), lore_python_dists(lower(split_part(v, '.', 1))),
                                         lore_python_dists(lower(split_part(v, '.', 1) || '.' || split_part(v, '.', 2))),
                                         ['python-' || t, t || '-python', replace(t, '-', '') || 'python'])) AS d
              FROM (SELECT e, v, trim(regexp_replace(lower(split_part(v, '.', 1)), '[^a-z0-9]+', '-', 'g'), '-') AS t
                      FROM asserted_now
                     WHERE a = ':name' AND vt = 's' AND e IN (SELECT target FROM py) AND NOT contains(v, '/')
                       AND EXISTS (SELECT 1 FROM vetoed WHERE aliased)))
     WHERE d <> ''
    UNION ALL  -- a PHP namespace: its runs from its first segment (a vendor: guzzlehttp, guzzlehttp-psr7) and from its
               -- second (a product: psr7, diactoros); a deeper run is a sub-namespace's name (Message, Factory)
    SELECT e, ':module/' || trim(regexp_replace(array_to_string(list_slice(segs, i, j), '-'), '[^a-z0-9]+', '-', 'g'), '-')
      FROM (SELECT e, segs, i, unnest(range(i, len(segs) + 1)) AS j
              FROM (SELECT e, segs, unnest(range(1, least(len(segs), 2) + 1)) AS i FROM php))
    UNION ALL  -- and its Composer package, vendor/product with the vendor its first segment (laminas/laminas-diactoros)
    SELECT e, ':module/' || trim(regexp_replace(segs[1] || '-' || array_to_string(list_slice(segs, 1, j), '-'),
                                               '[^a-z0-9]+', '-', 'g'), '-')
      FROM (SELECT e, segs, unnest(range(1, len(segs) + 1)) AS j FROM php)
),
exempts AS (  -- the paths a vetoing memory's :exempts "<path>" names
    SELECT DISTINCT e AS memory, rtrim(v, '/') AS at FROM asserted_now
     WHERE a = ':exempts' AND vt = 's' AND NOT lore_is_code(e) AND rtrim(v, '/') <> ''
       AND e IN (SELECT memory FROM vetoed)
),
scopes AS (  -- the paths a vetoing memory's :scope "<path>" names
    SELECT DISTINCT e AS memory, rtrim(v, '/') AS at FROM asserted_now
     WHERE a = ':scope' AND vt = 's' AND NOT lore_is_code(e) AND rtrim(v, '/') <> ''
       AND e IN (SELECT memory FROM vetoed)
),
module_at AS (  -- each importing module's path and its first 64 folders, which exemptions and scopes meet by
                -- equality: a prefix test of every exemption against every path was quadratic (40,000 exemptions
                -- a journal brought against 10,000 modules kept this rule past its 60 s, giving the team's
                -- warnings to no one)
    SELECT e AS module, CASE k WHEN 0 THEN v ELSE array_to_string(list_slice(parts, 1, k), '/') END AS at
      FROM (SELECT e, v, parts, unnest(range(0, least(len(parts) - 1, 64) + 1)) AS k
              FROM (SELECT e, v, string_split(v, '/') AS parts FROM asserted_now
                     WHERE a = ':path' AND vt = 's' AND e IN (SELECT module FROM dep)
                       AND (EXISTS (SELECT 1 FROM exempts) OR EXISTS (SELECT 1 FROM scopes))))
),
exempt AS (  -- (memory, module) pairs its exemptions leave out: the module at the path, or under it
    SELECT DISTINCT x.memory, p.module FROM module_at p JOIN exempts x ON x.at = p.at
),
scoped AS (  -- (memory, module) pairs inside a memory's :scope: the module at the path, or under it
    SELECT DISTINCT x.memory, p.module FROM module_at p JOIN scopes x ON x.at = p.at
),
has_scope AS (SELECT DISTINCT e AS memory FROM asserted_now WHERE a = ':scope' AND vt = 's' AND NOT lore_is_code(e)),
about AS (
    SELECT e, min(v) AS v, arg_min(id, v) AS id FROM asserted_now
     WHERE a = ':description' AND vt = 's' AND NOT lore_is_code(e) AND e IN (SELECT memory FROM vetoed)
     GROUP BY e
)
SELECT d.module AS entity, d.target AS target, n.memory AS memory,
       CASE n.a WHEN ':rejects' THEN 'rejects' ELSE 'forbids' END AS verb,
       coalesce(' (' || left(ab.v, 160) || ')', '') AS why,
       list_filter([d.id, n.id, ab.id], lambda x: x IS NOT NULL) AS provenance,
       'import' AS anchor_kind, d.module AS anchor_entity, d.target AS anchor_target,
       [n.memory] AS related
  FROM dep d
  JOIN (SELECT target, covered, bool_and(by_name) AS by_name  -- one row per (import, ident) it is covered by
          FROM (SELECT target, covered, false AS by_name FROM cover
                UNION ALL SELECT target, covered, true FROM said)
         GROUP BY target, covered) c ON c.target = d.target
  JOIN vetoed n ON n.covered = c.covered AND (n.aliased OR NOT c.by_name)
  LEFT JOIN about ab ON ab.e = n.memory
 WHERE (lore_in_scope(d.module) OR lore_in_scope(d.target) OR lore_in_scope(n.memory))
   AND NOT EXISTS (SELECT 1 FROM exempt x WHERE x.memory = n.memory AND x.module = d.module)
   AND (n.memory NOT IN (SELECT memory FROM has_scope)
        OR EXISTS (SELECT 1 FROM scoped x WHERE x.memory = n.memory AND x.module = d.module))

-- What `lore show` prints about a repository, current facts only ({cur}: believed now and valid now).

-- name: code_by_type
SELECT v, count(DISTINCT e) FROM facts WHERE {cur} AND a = ':entity-type' GROUP BY v;

-- name: languages
SELECT lower(regexp_extract(v, '\.([A-Za-z0-9]+)$', 1)) AS ext, count(*) FROM facts
WHERE {cur} AND a = ':path' AND e LIKE ':module/%' GROUP BY ext ORDER BY 2 DESC LIMIT 6;

-- name: most_changed
SELECT p.v, count(*) AS n FROM facts m JOIN facts p ON p.e = m.e AND p.a = ':path' AND p.tx_to = {max_tx}
WHERE m.a = ':modified-in' AND m.tx_to = {max_tx} AND m.e LIKE ':module/%'
GROUP BY p.v ORDER BY n DESC, p.v LIMIT 5;

-- name: recent_commits
SELECT d.v, s.v FROM facts d JOIN facts s ON s.e = d.e AND s.a = ':subject' AND s.tx_to = {max_tx}
WHERE d.a = ':date' AND d.tx_to = {max_tx} AND d.e LIKE ':commit/%' ORDER BY d.v DESC LIMIT 5;

-- name: memories
SELECT split_part(substr(e, 2), '/', 1) AS ns, count(DISTINCT e) FROM facts
WHERE {cur} AND NOT inferred AND a = ':description'
  AND split_part(substr(e, 2), '/', 1) IN ('decision', 'preference', 'constraint', 'dependency')
GROUP BY ns ORDER BY ns;

-- The difference between a rule's new conclusions ({new}, an Arrow table) and its current rows.
-- Two statements, split on the "-- insert" line. A conclusion is unchanged only when everything about it
-- is: the fact, its valid time, its confidence and its provenance; otherwise the old row is closed and a
-- new one inserted, so transaction time records exactly when the belief changed.
-- A new row without provenance has no valid time of its own (NULL): it matches whatever the old one had.
-- {scope_filter} limits a scoped run's closing to the subjects it recomputed.
-- A conclusion a person retracted (its row closed by a transaction that is not the engine's) is not
-- concluded again while its inputs (provenance) are the same; new inputs bring it back.

WITH n AS (SELECT * FROM {new} n WHERE true {skip_pruned}
             AND NOT EXISTS (SELECT 1 FROM facts r JOIN tx t ON t.tx = r.tx_to
                              WHERE r.rule = $rule AND r.inferred AND r.tx_to < 2147483647 AND t.source <> 'rule'
                                AND r.e = n.e AND r.a = n.a AND r.vt = n.vt AND r.v = n.v
                                AND coalesce(r.provenance, []) = coalesce(n.provenance, [])))
SELECT f.id FROM facts f
 WHERE f.rule = $rule AND f.tx_to = 2147483647 {scope_filter}
   AND NOT EXISTS (SELECT 1 FROM n
                    WHERE n.e = f.e AND n.a = f.a AND n.vt = f.vt AND n.v = f.v
                      AND (n.valid_from IS NULL OR n.valid_from = f.valid_from) AND n.valid_to = f.valid_to
                      AND n.confidence = f.confidence
                      AND coalesce(n.provenance, []) = coalesce(f.provenance, []));
-- insert
WITH n AS (SELECT * FROM {new} n WHERE true {skip_pruned}
             AND NOT EXISTS (SELECT 1 FROM facts r JOIN tx t ON t.tx = r.tx_to
                              WHERE r.rule = $rule AND r.inferred AND r.tx_to < 2147483647 AND t.source <> 'rule'
                                AND r.e = n.e AND r.a = n.a AND r.vt = n.vt AND r.v = n.v
                                AND coalesce(r.provenance, []) = coalesce(n.provenance, [])))
SELECT n.e, n.a, n.vt, n.v, n.vn, n.valid_from, n.valid_to, n.confidence, n.provenance FROM n
 WHERE NOT EXISTS (SELECT 1 FROM facts f
                    WHERE f.rule = $rule AND f.tx_to = 2147483647
                      AND n.e = f.e AND n.a = f.a AND n.vt = f.vt AND n.v = f.v
                      AND (n.valid_from IS NULL OR n.valid_from = f.valid_from) AND n.valid_to = f.valid_to
                      AND n.confidence = f.confidence
                      AND coalesce(n.provenance, []) = coalesce(f.provenance, []))

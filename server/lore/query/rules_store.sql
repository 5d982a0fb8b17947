-- name: list
SELECT seq, name, arity, source, tx FROM rules ORDER BY seq;
-- name: next_seq
SELECT coalesce(max(seq), 0) + 1 FROM rules;
-- name: insert
INSERT INTO rules (seq, name, arity, source, tx) VALUES ($seq, $name, $arity, $source, $tx);
-- name: remove
DELETE FROM rules WHERE name = $name;
-- name: count_named
SELECT count(*) FROM rules WHERE name = $name;

-- name: stamp
SELECT count(*), coalesce(max(seq), 0), coalesce(sum(hash(seq, source) % 1000000007), 0) FROM rules;

-- The memory journal's bookkeeping in the graph (the journal itself is .lore/journal/*.edn in the work tree).

-- name: schema
-- Every entry this graph wrote or applied, once (an entry id is applied at most once, whatever carries it).
CREATE TABLE IF NOT EXISTS journal_entries (
    id      VARCHAR NOT NULL,   -- the entry's uuid (also in its file name)
    tx      INTEGER NOT NULL,   -- the graph transaction that wrote it (a local write) or applied it
    instant BIGINT  NOT NULL,   -- the entry's own instant: when its author's graph wrote it
    author  VARCHAR,            -- git user.email of the writer
    source  VARCHAR NOT NULL,   -- the writer's source: cli | lsp | agent | mcp
    reason  VARCHAR NOT NULL,
    name    VARCHAR NOT NULL,   -- the file name under .lore/journal/
    origin  VARCHAR NOT NULL,   -- written | exported | worktree | history
    body    VARCHAR NOT NULL    -- the entry's text, for replays when an older entry arrives late
);
CREATE TABLE IF NOT EXISTS journal_private (
    tx INTEGER NOT NULL         -- a --private write: never journaled, never exported
);
CREATE TABLE IF NOT EXISTS journal_refused (
    name    VARCHAR NOT NULL,   -- a file refused once is not parsed (nor reported) again while it is unchanged
    hash    VARCHAR NOT NULL,
    message VARCHAR NOT NULL
);
CREATE TABLE IF NOT EXISTS journal_meta (
    key   VARCHAR NOT NULL,
    value VARCHAR NOT NULL
);

-- name: applied_ids
SELECT id FROM journal_entries;

-- name: refused_keys
SELECT name, hash FROM journal_refused;

-- name: refused_messages
SELECT name, hash, message FROM journal_refused;

-- name: insert_entry
INSERT INTO journal_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: insert_entries
-- $entries: a registered Arrow table with journal_entries' columns.
INSERT INTO journal_entries SELECT id, tx, instant, author, source, reason, name, origin, body FROM entries;

-- name: insert_refused
INSERT INTO journal_refused VALUES (?, ?, ?);

-- name: get_meta
SELECT value FROM journal_meta WHERE key = ?;

-- name: delete_meta
DELETE FROM journal_meta WHERE key = ?;

-- name: insert_meta
INSERT INTO journal_meta VALUES (?, ?);

-- name: newer_than
-- Applied entries newer than an instant (replayed after an older entry that touches what they touch).
SELECT id, instant, author, body FROM journal_entries WHERE instant > ? ORDER BY instant, id;

-- name: list_entries
SELECT e.id, e.tx, e.instant, e.author, e.source, e.reason, e.name, e.origin
  FROM journal_entries e ORDER BY e.instant DESC, e.id DESC LIMIT ?;

-- name: count_entries
SELECT count(*), count(*) FILTER (WHERE origin IN ('worktree', 'history')) FROM journal_entries;

-- name: unjournaled_txs
-- User transactions that no journal entry holds and that were not private (what `lore journal export` writes).
SELECT t.tx, t.instant, t.reason, t.source FROM tx t
 WHERE t.source IN ('cli', 'lsp', 'agent', 'mcp')
   AND t.tx NOT IN (SELECT tx FROM journal_entries)
   AND t.tx NOT IN (SELECT tx FROM journal_private)
 ORDER BY t.tx;

-- name: tx_changes
-- What some transactions changed: rows they wrote (asserted intervals) and rows they closed.
-- $txs: a registered Arrow table (tx INTEGER).
SELECT f.tx_from AS tx, 'add' AS kind, f.e, f.a, f.vt, f.v, f.valid_from, f.valid_to
  FROM facts f JOIN txs ON f.tx_from = txs.tx WHERE NOT f.inferred
UNION ALL
SELECT f.tx_to, 'retract', f.e, f.a, f.vt, f.v, f.valid_from, f.valid_to
  FROM facts f JOIN txs ON f.tx_to = txs.tx WHERE NOT f.inferred
ORDER BY 1, 3, 4, 5, 6, 2 DESC, 7;

-- name: first_entries
-- The journal entry that first recorded each asked entity (the earliest transaction asserting a fact about it
-- that the journal holds): its file name and text, to point an editor at the line. $entities: a list.
SELECT f.e, arg_min(j.name, f.tx_from) AS name, arg_min(j.body, f.tx_from) AS body
  FROM facts f JOIN journal_entries j ON j.tx = f.tx_from
 WHERE f.e IN (SELECT unnest($entities)) AND NOT f.inferred
 GROUP BY f.e

-- name: first_user_tx_instants
-- The instant of the first user transaction that asserted a fact about each asked entity (its journal entry's
-- name starts with that instant's stamp). $entities: a list.
SELECT f.e, min(t.instant) AS instant
  FROM facts f JOIN tx t ON t.tx = f.tx_from
 WHERE f.e IN (SELECT unnest($entities)) AND NOT f.inferred AND t.source IN ('cli', 'lsp', 'agent', 'mcp')
 GROUP BY f.e;

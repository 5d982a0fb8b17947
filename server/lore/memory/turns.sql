-- The memory context of an agent's turn (lore.memory.turns). Named parameters.

-- name: origins_since
-- The facts written by people and agents here (cli, lsp, agent, mcp) or by the repository's journal, in the
-- transactions after $since up to $upto, with each transaction's source and the author of its journal entry: where a
-- recalled fact came from (every other fact was written by ingestion, from the code and its history, or
-- derived). Rows are appended in transaction order, so a scan from $since reads the newest row groups.
-- {entries}: journal_entries, or an empty stand-in in a graph without the journal's tables.
SELECT f.e, f.a, f.vt, f.v, t.source, j.author
  FROM facts f
  JOIN tx t ON t.tx = f.tx_from
  LEFT JOIN (SELECT tx, author FROM {entries}) j ON j.tx = f.tx_from
 WHERE f.tx_from > $since AND f.tx_from <= $upto AND NOT f.inferred AND t.source IN ('cli', 'lsp', 'agent', 'mcp', 'journal')

-- name: newest_ingestion
-- The newest transaction ingestion wrote (0: none): code_locations changes only in one of those.
SELECT coalesce(max(tx), 0) FROM tx WHERE source = 'ingest'

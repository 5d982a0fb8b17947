-- name: edited_decision
-- description: A decision, constraint or preference :relates-to a definition whose text is edited in the
--   working tree or an editor's buffer (the working layer's :lore/edited: its text differs from the graph
--   branch's head; never in history, so this warns only over the working layer — lore check, the editor's
--   diagnostics — and a commit of the edit is stale_decision's :modified-in). One warning per memory and
--   definition, on the definition.
-- kind: warning
-- reads: :relates-to :lore/edited
-- confidence: 0.8
-- scope: subject
-- severity: warning
-- key: entity memory
-- message: {{entity}} is edited in the working tree (not yet in the graph's history) and {{memory}} covers it: check that the edit keeps to it
WITH edited AS (
    SELECT id, e AS code FROM asserted_now
     WHERE a = ':lore/edited' AND lore_is_code(e)
),
link AS (
    SELECT id, memory, code FROM links_now
     WHERE split_part(memory, '/', 1) IN (':decision', ':constraint', ':preference') AND lore_is_code(code)
       AND (lore_in_scope(memory) OR lore_in_scope(code))
       AND code IN (SELECT code FROM edited)
)
SELECT l.code AS entity, l.memory, [l.id, d.id] AS provenance, 'definition' AS anchor_kind, [l.memory] AS related
  FROM link l JOIN edited d ON d.code = l.code

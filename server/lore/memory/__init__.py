"""Memory <-> code links and an agent's turns (issue 6).

- ``linking``: inferred ``[memory :relates-to code]`` facts (rules ``link/file``, ``link/name``; confidence =
  relevance; provenance = the memory rows), kept current by a derivation after every write, following
  ``:renamed-to``; ``memories_for(graph, entity)`` for hovers. LORE_AUTOLINK=0, ``set_autolink(False)`` or
  ``graph.autolink = False`` switch linking off.
- ``index``: our own BM25 token index in DuckDB tables (``mem_*``, index.sql) — DuckDB's fts extension is not
  available offline. It is a cache of the facts table: folded forward after each write, rebuilt when its
  schema version changes.
- ``turns.prepare_turn`` / ``capture`` (finalize-turn): the context block before a turn, heuristic capture
  of durable facts after it. ``ops`` registers prepareTurn, finalizeTurn, link, memoriesFor.

Choices: paths match exactly after normalising (never by substring); a plain English word is a code name
only when the text marks it as code; a bare name defined in more than 25 places does not link; facts that
are no longer believed at all (retracted) stay searchable, labelled with the tx that retracted them.
"""

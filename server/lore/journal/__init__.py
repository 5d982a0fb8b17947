"""The memory journal (SPEC §6, docs/reference/journal.md): memories travel with the code through git.

- ``write``: every transaction from a person or an agent is also one EDN file in ``.lore/journal/``.
- ``apply``: ingestion applies the entries of the work tree and of the graph branch's history, once each.
- ``ops``: the operations ``journal``, ``journalExport``, ``journalApply``; registers the observer and the
  after-ingest step.
"""

"""What the faces (``lore.cli``, ``lore.lsp``, ``lore.mcp``) share, so that they never import each other:
where a graph lives (``paths``), the owner of a graph and forwarding to it (``owner``), the process that owns
a graph and runs operations on it (``backend``), and running one operation as a one-shot process
(``execute``)."""

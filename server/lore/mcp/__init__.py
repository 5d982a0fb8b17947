"""``lore mcp``: the operations as Model Context Protocol tools on stdio (SPEC §4), for coding agents."""

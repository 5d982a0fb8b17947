"""What Lore knows about a piece of code, for whoever shows it (hover, code lens, agents)."""

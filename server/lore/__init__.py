"""Lore: a language-server sidecar that gives a codebase a memory."""

__version__ = "0.1.0"

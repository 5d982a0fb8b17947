"""The ``lore`` command line (SPEC §3): the commands are in ``lore.cli.commands``.

This package's root imports nothing, so an agent's hook (``lore.cli.hooks``, run at every prompt and edit)
starts without argparse and the rest of the command line. ``from lore.cli import main`` still works.
"""

from __future__ import annotations


def __getattr__(name: str) -> object:
    from lore.cli import commands

    try:
        return getattr(commands, name)
    except AttributeError:
        raise AttributeError(f"module 'lore.cli' has no attribute {name!r}") from None

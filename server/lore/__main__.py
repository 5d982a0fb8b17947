"""``lore``: the entry point. The long-running faces (``lore serve``: the language server; ``lore mcp``: the
Model Context Protocol server) start here, so the
command line itself imports no other face.

An agent's hook (``lore hook NAME``, with ``--graph PATH`` before or after it) goes straight to
``lore.cli.hooks``: it runs at every prompt and every edit, so it skips argparse and the command table and
imports only what forwarding one operation to the graph's owner needs."""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover - typing only (typing itself costs a hook's start-up a few ms)
    from typing import Callable


def _serve(graph: str | None) -> int:
    from lore.lsp.server import main as serve_main

    return serve_main(graph=graph)


def _mcp(graph: str | None) -> int:
    from lore.mcp.server import main as mcp_main

    return mcp_main(graph=graph)


# The commands that hand the process over to another face: name -> fn(--graph value) -> exit code.
SERVERS: dict[str, Callable[[str | None], int]] = {"serve": _serve, "mcp": _mcp}
HOOKS = ("prepare", "finalize", "check")


def _hook_args(argv: list[str]) -> tuple[str, str | None] | None:
    """(hook name, --graph value) when argv is exactly a hook invocation, else None (argparse decides)."""
    rest, graph = list(argv), None
    for i, arg in enumerate(rest):
        if arg == "--graph" and i + 1 < len(rest):
            graph = rest[i + 1]
            del rest[i:i + 2]
            break
        if arg.startswith("--graph=") and len(arg) > len("--graph="):
            graph = arg[len("--graph="):]
            del rest[i]
            break
    if len(rest) == 2 and rest[0] == "hook" and rest[1] in HOOKS:
        return rest[1], graph
    return None


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    hook = _hook_args(args)
    if hook is not None:
        from lore.cli.hooks import run_hook

        return run_hook(*hook)
    from lore.cli.commands import main as cli_main

    return cli_main(args, servers=SERVERS)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

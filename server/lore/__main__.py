"""``lore``: the entry point. The long-running faces (``lore serve``: the language server; ``lore mcp``: the
Model Context Protocol server) start here, so the
command line itself imports no other face."""

from __future__ import annotations

import sys
from typing import Callable


def _serve(graph: str | None) -> int:
    from lore.lsp.server import main as serve_main

    return serve_main(graph=graph)


def _mcp(graph: str | None) -> int:
    from lore.mcp.server import main as mcp_main

    return mcp_main(graph=graph)


# The commands that hand the process over to another face: name -> fn(--graph value) -> exit code.
SERVERS: dict[str, Callable[[str | None], int]] = {"serve": _serve, "mcp": _mcp}


def main(argv: list[str] | None = None) -> int:
    from lore.cli import main as cli_main

    return cli_main(sys.argv[1:] if argv is None else argv, servers=SERVERS)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

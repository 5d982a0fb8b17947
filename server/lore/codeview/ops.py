"""The codeview operations: ``lspHover`` (what a hover shows about the code at a place)."""

from __future__ import annotations

from typing import Any

from lore.codeview.hover import OP, hover_info
from lore.operations import register
from lore.store.graph import Graph


@register(OP)
def lsp_hover(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    return hover_info(graph, params)

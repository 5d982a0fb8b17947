"""Operations of the working layer: ``check`` (SPEC §3/§4), and the editor's ``layerBuffer``,
``layerRefresh``, ``layerWarm``, ``layerWarnings``, ``layerHover`` and ``layerStatus``."""

from __future__ import annotations

import os
from typing import Any

from lore import operations
from lore import params as P
from lore.errors import LoreError
from lore.store.graph import Graph
from lore.working.check import run_check
from lore.working.gitstate import work_tree_root
from lore.working.layer import Layer, layer_for


@operations.register("check")
def check_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    return run_check(graph, params)


def _root(layer: Layer, params: dict[str, Any]) -> None:
    root = P.optional_text(params, "root", what="the work tree's path", non_empty=True)
    if root is not None:
        if layer.root is not None and layer.root == os.path.realpath(root):
            return  # the common case, each keystroke: no git process
        top = os.path.realpath(work_tree_root(root))
        if layer.root is None or layer.root != top:
            layer.set_root(top)
            layer.refresh_git()
    if layer.root is None:
        raise LoreError("no-work-tree", "give the work tree's root (root) first")


def _file_warnings(graph: Graph, layer: Layer, rel: str | None) -> list[dict[str, Any]]:
    if layer.view is not None:
        return layer.warnings(rel)
    # No ingested history yet: history's own warnings.
    reply = operations.run("warnings", graph, {"file": rel, "catchUp": False} if rel else {"catchUp": False})
    if not reply.get("ok"):
        err = reply.get("error") or {}
        raise LoreError(err.get("code", "layer-failed"), err.get("message", "warnings failed"))
    return reply["warnings"]


@operations.register_warning_finder
def shown_by_the_layer(graph: Graph, wid: str) -> bool:
    """Whether the working layer shows warning ``wid`` now (an import typed, staged or committed on a branch
    but not yet in history), so that ``dismiss`` can take it. A server's layer is the editor's (with its
    unsaved buffers); a one-shot process first lays over history the work tree it runs in, as ``lore check``
    (which gave the id) does."""
    layer = layer_for(graph)
    with layer.lock:
        if layer.root is None:
            try:
                layer.set_root(work_tree_root(os.getcwd()))
            except LoreError:
                return False  # not in a work tree: there is no change to lay over
            layer.refresh_git()
        layer.sync()
        if layer.view is None:
            return False
        return any(w.get("id") == wid for w in layer.warnings(None))


@operations.register("layerBuffer")
def layer_buffer_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """An editor buffer's text (``text`` null: the buffer closed) -> that file's warnings over the layer."""
    layer = layer_for(graph)
    with layer.lock:
        _root(layer, params)
        path = P.text(params, "path", what="the buffer's file path")
        text, version = params.get("text"), P.integer(params, "version")
        rel = layer.set_buffer(path, text, version)
        if rel is None:
            return {"ok": True, "path": None, "inLayer": False, "reason": "outside-work-tree", "warnings": []}
        layer.sync()
        entry = layer.entries.get(rel)
        return {"ok": True, "path": rel, "inLayer": entry is not None, "version": version,
                "warnings": _file_warnings(graph, layer, rel)}


@operations.register("layerRefresh")
def layer_refresh_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Re-read the work tree's change (after a save, a commit, a checkout, a file written outside the editor).
    ``changed``: whether the work tree's files as laid over differ from before (a file watcher's event for
    a file git ignores, or one written back as it was, changes nothing and asks the editor for nothing)."""
    layer = layer_for(graph)
    with layer.lock:
        _root(layer, params)
        before = layer.git_paths
        st = layer.refresh_git()
        layer.sync()
        return {"ok": True, **st.to_json(), "changed": layer.git_paths != before}


@operations.register("layerWarm")
def layer_warm_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """What a server does once it is up (lore.lsp.gitwatch's first look): lay the work tree's change over
    history and compute what ``check`` and the editor's first requests read — every warning over the layer,
    and history's own warnings — so that the first of them does not pay for the layer's connection, history's
    hot rows, the grammars, the head's index and the rules' first runs."""
    layer = layer_for(graph)
    with layer.lock:
        had_root = layer.root is not None
        _root(layer, params)
        if had_root:
            layer.refresh_git()
        layer.sync()
        if layer.view is None:
            return {"ok": True, "files": 0, "warm": False}
        layer.history_warning_ids()
        layer.warnings(None)
        return {"ok": True, "files": len(layer.entries), "warm": True}


@operations.register("layerWarnings")
def layer_warnings_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Composed warnings over history + the working layer, for one file or all."""
    layer = layer_for(graph)
    with layer.lock:
        _root(layer, params)
        layer.sync()
        file = params.get("file")
        rel = layer.relative(file) if isinstance(file, str) else None
        if isinstance(file, str) and rel is None:
            return {"ok": True, "warnings": [], "count": 0}
        ws = _file_warnings(graph, layer, rel)
        return {"ok": True, "warnings": ws, "count": len(ws)}


@operations.register("layerHover")
def layer_hover_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """What a hover shows, over history + the working layer (lspHover's params)."""
    layer = layer_for(graph)
    with layer.lock:
        _root(layer, params)
        layer.sync()
        hover = {k: v for k, v in params.items() if k != "root"}
        return operations.run("lspHover", layer.view.as_graph() if layer.view is not None else graph, hover)


@operations.register("layerStatus")
def layer_status_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    layer = layer_for(graph)
    with layer.lock:
        if params.get("root") is not None:
            _root(layer, params)
        layer.sync()
        reply = {"ok": True, **layer.status()}
        if params.get("memory") is True:
            reply["memory"] = layer.memory()
        return reply

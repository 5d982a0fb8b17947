"""Operations of the memory feature (ARCHITECTURE.md's table): prepareTurn, finalizeTurn, link; and the
derivation that keeps the token index and the memory-code links current after every write."""

from __future__ import annotations

from typing import Any

from lore import operations
from lore import params as P
from lore.errors import LoreError
from lore.memory import decisions, embed, hot_index, identity, index, linking, neighbourhood, turns, vectors
from lore.memory.turns import prepare_turn
from lore.store.graph import Graph
from lore.store.session import Slot


def _bool(params: dict[str, Any], key: str) -> bool | None:
    v = params.get(key)
    if v is None:
        return None
    if not isinstance(v, bool):
        raise LoreError("bad-params", f"parameter {key!r} must be true or false")
    return v


# How long a turn on a graph with no code yet waits for a running ingest to write the branch head's code (head
# first: seconds; `lore mcp` and `lore serve` start one, and an agent's first prepare-turn comes right after).
HEAD_WAIT_SECONDS = 60.0
# Whether this graph has code (once it has, it keeps it): one look at ingest_meta until then, none after.
HAS_CODE: Slot[list[bool]] = Slot("memory.has-code", lambda graph: [False])


def _wait_for_code(graph: Graph, seconds: float) -> None:
    """A fresh clone's first turn, while the start-up ingest runs: wait for the head's code (and the journal's
    memories, applied with it), as ``lore check`` does, instead of answering that nothing in the repository
    bears on the question (user trial 9)."""
    seen = graph.session.get(HAS_CODE)
    if seen[0]:
        return
    # Waited on even when the head's watermark is already there: ingestion commits the head's code before it
    # applies the journal, and a turn between the two answered without a teammate's decision (a CI run).
    if seconds > 0:
        reply = operations.run("ingestHeadWait", graph, {"timeout": seconds, "headFirstOnly": True})
    else:
        reply = operations.run("headWatermark", graph, {})
    seen[0] = bool(reply.get("watermark"))


@operations.register("prepareTurn")
def prepare_turn_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    if "message" not in params:
        raise LoreError("bad-params", "missing parameter 'message'")
    limit = params.get("limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise LoreError("bad-params", "parameter 'limit' must be a positive integer (at most 50)")
    wait = params.get("codeWait", HEAD_WAIT_SECONDS)  # a hook with a time budget of its own asks for less
    if not isinstance(wait, (int, float)) or isinstance(wait, bool) or wait < 0:
        raise LoreError("bad-params", "parameter 'codeWait' must be a number of seconds, 0 or more")
    _wait_for_code(graph, float(wait))
    return prepare_turn(graph, params["message"], limit=limit)


@operations.register("finalizeTurn", writes=True)
def finalize_turn_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """The durable facts of a finished exchange: extracted from ``delta`` by the heuristic (or ``strategy``), or
    ``facts`` the agent extracted itself (EDN or a JSON list of {"entity", "attribute", "value"}; SPEC §4)."""
    facts = params.get("facts")
    if "delta" not in params and facts is None:
        raise LoreError("bad-params", "missing parameter 'delta' (or 'facts', the facts the agent extracted)")
    strategy = params.get("strategy")
    if strategy is not None and not isinstance(strategy, str):
        raise LoreError("bad-params", "parameter 'strategy' must be a string")
    if facts is not None and strategy not in (None, "agent"):
        raise LoreError("bad-params", "parameter 'facts' is the agent's own extraction: no other strategy applies")
    # Imported here: capture compiles its many patterns on import, which every other command (a CLI write,
    # a hook) would otherwise pay.
    from lore.memory.capture import capture

    return capture(graph, params.get("delta"), strategy=strategy, dry_run=bool(_bool(params, "dryRun")),
                   facts=facts)


@operations.register("link", writes=True)
def link_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Re-link memories to code now: every memory (``all``: true) or what changed since the last run."""
    everything = _bool(params, "all")
    if graph.read_only:
        raise LoreError("graph-read-only", "this graph was opened read-only")
    if everything:
        stats = linking.relink_all(graph)
    else:
        stats = linking.link_changes(graph)
    return {"ok": True, **stats}


@operations.register("memoriesFor")
def memories_for_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    entity = params.get("entity")
    if not isinstance(entity, str) or not entity.strip():
        raise LoreError("bad-params", "parameter 'entity' must be an entity ident such as :function/src-a-py-f")
    return {"ok": True, "entity": entity, "memories": linking.memories_for(graph, entity)}


def memory_status(graph: Graph) -> dict[str, Any]:
    """How recall works on this graph: lexical (BM25) and semantic, or lexical only and why. A server (its
    graph's worker answers every request in turn) does not wait for the model to load: its first status
    came at start-up (the editor's trust check) and held hovers and diagnostics for seconds behind the load
    (user trial 10); it says whether the model is loaded, loading or not yet asked for."""
    wait = not embed.is_resident()
    sem = embed.status(wait=wait)
    con = graph.con
    # the label from the same look as the state (the load may end between two looks)
    label = ((embed.LOADING_LABEL if sem["loading"] else embed.NOT_LOADED_LABEL) if "loading" in sem
             else embed.recall_label())
    # The vectors' counts are the loaded model's (its own table): not known, and not asked for, before it is.
    loaded = "loading" not in sem
    out: dict[str, Any] = {"recall": label,
                           "indexed_tx": max(index.indexed_tx(con), 0),
                           "memories_embedded": vectors.count(con) if loaded else None,
                           "memories_awaiting_embedding": vectors.awaiting(con) if loaded else None}
    out["semantic"] = sem
    out["caches"] = cache_reads(graph)
    return out


def cache_reads(graph: Graph) -> dict[str, Any]:
    """How often a resident graph's prepare-turn caches were read whole, against updated by what a write changed
    (the vectors' matrix, the index in memory) or kept (code locations, composed warnings): what a write costs
    the next turn."""
    matrix = graph.session.peek(vectors.MATRIX)
    hot = graph.session.peek(hot_index.HOT)
    warned = graph.session.peek(turns.WARNINGS_AT)
    located = graph.session.peek(turns.LOCATION_READS)
    return {"vector_matrix": {"loads": matrix.loads, "patches": matrix.patches} if matrix else None,
            "hot_index": dict(hot.counts) if hot else None,
            "code_locations_reads": located[0] if located else 0,
            "warnings_reads": warned.reads if warned else 0}


@operations.register("embed", writes=True)
def embed_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Catch the memories' vectors up (``lore embed``): at most ``most`` of them per call (default: all), the
    newest first; the reply says how many were embedded and how many still wait. A server that owns the graph
    embeds in its background thread: this wakes it and answers at once (``background: true``)."""
    most = P.integer(params, "most", None, low=1, what="a positive integer")
    if not embed.available():
        sem = embed.status()
        raise LoreError("semantic-unavailable", f"semantic recall is off, so there is nothing to embed: "
                        f"{sem.get('reason') or 'no model'} (recall is lexical)")
    if graph.session.background is not None:
        graph.session.background()
        return {"ok": True, "embedded": 0, "awaiting": vectors.awaiting(graph.con), "background": True,
                "model": embed.status().get("model")}
    index.sync(graph)  # the memories written since the index last caught up are queued too
    result = vectors.catch_up(graph, most if most is not None else 1 << 62)
    return {"ok": True, "embedded": result.embedded, "awaiting": result.awaiting,
            "embedded_total": vectors.count(graph.con), "model": embed.status().get("model")}


@operations.register("memoryStatus")
def memory_status_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, **memory_status(graph)}


operations.register_status("memory")(memory_status)


@operations.register_write_filter
def _one_identity(graph: Graph, ops: list[Any]) -> list[Any]:
    """A memory's reference to a package or module is stored as the code's own ident (SPEC §1)."""
    if graph.read_only:
        return ops
    return identity.canonical_ops(graph, ops)


@operations.register_background
def _embed_memories(graph: Graph, pause: operations.Pause) -> bool:
    """The memories' vectors, caught up a few at a time on an owner's background thread."""
    return vectors.background_step(graph, pause)


def _derive(graph: Graph, result: Any) -> None:
    linking.derive_links(graph, result)


_derive.__name__ = "memory_links"
operations.register_derivation(_derive)


@operations.register("previewLinks")
def preview_links_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """The links every memory would have now to the given code entities (written nowhere): the working
    layer's links, on a graph whose ``facts`` is history with the layer over it (lore.working)."""
    targets = params.get("targets") or []
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise LoreError("bad-params", "targets must be a list of entity idents")
    if not linking.autolink_enabled(graph) or not targets:
        return {"ok": True, "links": []}
    # Only the memory rows naming a target are read and parsed: a change's cost does not grow with the
    # number of memories.
    links, read = linking.links_to(graph, targets)
    return {"ok": True, "rowsRead": read, "links": [
        {"memory": m, "code": c, "confidence": link.relevance, "rule": link.rule,
         "provenance": sorted(link.provenance), "valid_from": link.vf, "valid_to": link.vt}
        for (m, c), link in sorted(links.items())]}


@operations.register("memoryIndexSync")
def memory_index_sync_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Fold the transactions the memory index has not seen yet (what previewLinks reads). The working layer
    asks before it re-links, since a memory written a moment ago is folded by derived work that may not have
    run yet, and a fold moves no transaction the layer could notice later."""
    return {"ok": True, "folded": index.sync(graph)}


@operations.register("recordDecision", writes=True)
def record_decision_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """A decision from the editor: {kind: rejects|governs, target?, rejects?: [..], governs?: [..], text, why?,
    name?, reason?}."""
    return decisions.record(graph, params)


@operations.register("editDecision", writes=True)
def edit_decision_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """{decision, text?, why?, reason?}: the old text ends now."""
    return decisions.edit(graph, params)


@operations.register("supersedeDecision", writes=True)
def supersede_decision_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """{decision, text, why?, kind?, target?, name?, reason?}: a new decision replaces it."""
    return decisions.supersede(graph, params)


@operations.register("retractDecision", writes=True)
def retract_decision_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """{decision, reason}: it no longer holds from now on."""
    return decisions.retract(graph, params)


@operations.register("suggestDecision")
def suggest_decision_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """{kind, target?, text?} -> the short name and ident a recording would get (a read)."""
    kind = decisions.kind_of(params)
    target = decisions.target_of(params, kind)
    text = params.get("text") if isinstance(params.get("text"), str) else None
    name = decisions.suggest_name(text, kind, target)
    return {"ok": True, "name": name, "decision": decisions.free_ident(graph, name), "kind": kind, "target": target}


@operations.register("graph")
def graph_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """{entity, format?: json|mermaid|dot, limit?}: the entity's neighbourhood as a small graph."""
    return neighbourhood.graph_op(graph, params)

"""The inference operations (warnings, dismiss, infer) and the derivation a write triggers."""

from __future__ import annotations

import json
import logging
from typing import Any

from lore import operations
from lore.errors import LoreError
from lore.inference import trust
from lore.inference.context import reached, rule_reads
from lore.inference.engine import Engine, rule_errors
from lore.inference.rulefile import all_rules, cached_workspace_rules, reads_all, workspace_folder
from lore.inference.scheduler import scheduler_for
from lore.inference.warnings import (
    DEFAULT_THRESHOLD,
    dismiss,
    file_known,
    normalise_file,
    on_disk,
    root_relative,
    uncommitted,
    warning_ids,
    warnings,
)
from lore.store.graph import Graph, TxResult

log = logging.getLogger("lore")


def derivation(graph: Graph, result: TxResult) -> None:
    """After a committed write: nothing at all unless the write touched an attribute some rule reads;
    then, with a scheduler for this graph (the server), queue it; without one (the CLI), run now."""
    attrs = {a for _, a in result.touched}
    if not attrs or not (attrs & reads_all(graph.path)):
        return
    sched = scheduler_for(graph)
    if sched is not None:
        sched.submit(result)
        return
    with graph.lock:  # computing on graph.con: no other thread may use it meanwhile
        report = Engine(graph).run(touched=attrs)
    log.info("inference after tx %s: %s", result.tx, json.dumps(report.to_json(), default=str))


operations.register_derivation(derivation)


@operations.register_status("rules")
def rules_status(graph: Graph) -> dict[str, Any]:
    """For ``lore status``: the workspace rules waiting for trust and every other rule problem."""
    errors = rule_errors(graph)
    return {"untrusted": [e.path for e in errors if e.code == "rule-untrusted"],
            "errors": [e.to_json() for e in errors if e.code != "rule-untrusted"]}


def _threshold(params: dict[str, Any]) -> float:
    t = params.get("threshold", DEFAULT_THRESHOLD)
    if t is None:
        return DEFAULT_THRESHOLD
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0.0 <= float(t) <= 1.0:
        raise LoreError("bad-params", "threshold must be a number between 0 and 1")
    return float(t)


@operations.register("warnings")
def warnings_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    file, uri = params.get("file"), params.get("uri")
    if params.get("missingFile") not in (None, "error", "empty"):
        raise LoreError("bad-params", 'missingFile must be "error" or "empty"')
    if file is not None and uri is not None:
        raise LoreError("bad-params", "give file or uri, not both")
    wanted = normalise_file(file, uri)
    if wanted is not None:
        wanted = root_relative(wanted, graph.path)
    threshold = _threshold(params)
    catch_up = params.get("catchUp", True)
    if not isinstance(catch_up, bool):
        raise LoreError("bad-params", "catchUp must be true or false")
    if catch_up and not graph.read_only and scheduler_for(graph) is None:
        # Catch up first: writes that bypassed the derivation (bulk ingestion, another tool) are seen here.
        with graph.lock:
            Engine(graph).run()
    # The same rule problems on every face: what does not load, what is not trusted, what is quarantined.
    errors = [e.to_json() for e in rule_errors(graph)]
    ws = warnings(graph, wanted, threshold=threshold)
    reply: dict[str, Any] = {"ok": True, "warnings": ws, "count": len(ws), "rule_errors": errors}
    if wanted is not None and params.get("missingFile") == "error":
        hint = _unknown_file_hint(graph, wanted) if not ws else None
        if hint is None and uncommitted(graph, wanted):
            # (found with an agent on BurntSushi/ripgrep: lore_warnings right after its edit said nothing)
            hint = (f"{wanted} has uncommitted changes, which lore warnings does not read (it describes the "
                    f"ingested history): `lore check {wanted}` (lore_check) shows the warnings they introduce")
        if hint:
            reply["hint"] = hint
    return reply


def _unknown_file_hint(graph: Graph, wanted: str) -> str | None:
    """For a person (``missingFile: "error"``: the CLI, MCP): a path with no warnings that the graph does not
    know is said to be missing (``no-such-file``), or why it has none; a known file has no hint."""
    if file_known(graph, wanted):
        return None
    where = on_disk(graph, wanted)
    if where is None:
        raise LoreError("no-such-file", f"{wanted}: no such file in the repository, and the graph knows no file "
                        "by that path (give it relative to the repository root, or absolute)")
    if where == "folder":
        return (f"{wanted} is a folder: lore warnings takes one file "
                f"(`lore check {wanted} --all` lists the warnings of the files under it)")
    return (f"Lore knows no code in {wanted}: it is not in the ingested head (new, ignored, or not ingested "
            "yet: `lore ingest`; `lore check` covers uncommitted files)")


@operations.register("warningIds")
def warning_ids_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """The ids of the warnings ``warnings`` would list (all files), caught up the same way, uncomposed."""
    threshold = _threshold(params)
    if not graph.read_only and scheduler_for(graph) is None:
        with graph.lock:
            Engine(graph).run()
    return {"ok": True, "ids": warning_ids(graph, threshold=threshold)}


@operations.register("dismiss", writes=True)
def dismiss_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    wid = params.get("id")
    def shown_elsewhere(w: str) -> bool:
        return any(find(graph, w) for find in operations.WARNING_FINDERS)

    result = dismiss(graph, wid, params.get("reason"), source=params.get("source") or "cli",
                     shown_elsewhere=shown_elsewhere)
    return {"ok": True, "id": wid, **result.to_json(), "_result": result}


@operations.register("infer", writes=True)
def infer_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Run the rules now: those whose inputs changed, or every rule with ``full``."""
    full = params.get("full", False)
    if not isinstance(full, bool):
        raise LoreError("bad-params", "full must be true or false")
    with graph.lock:
        report = Engine(graph).run(full=full)
    return {"ok": True, **report.to_json()}


def _code_only(params: dict[str, Any]) -> frozenset[str]:
    code_only = params.get("codeOnly") or []
    if not isinstance(code_only, list) or not all(isinstance(a, str) for a in code_only):
        raise LoreError("bad-params", "codeOnly must be a list of attribute idents")
    return frozenset(code_only)


@operations.register("previewWarnings")
def preview_warnings_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """What the scoped warning rules conclude now about ``entities`` (and the conclusions that lost one of
    the ``closed`` rows), written nowhere. On a graph whose ``facts`` is history with the working layer over
    it (lore.working) these are the layer's warnings. ``fresh``: the ids of every row added since the
    conclusions held now were computed, when the caller knows them (Engine.preview). ``codeOnly``:
    those of ``attributes`` whose every changed row is about code (lore.inference.context.reached)."""
    entities = params.get("entities") or []
    closed = params.get("closed") or []
    if not isinstance(entities, list) or not all(isinstance(e, str) for e in entities):
        raise LoreError("bad-params", "entities must be a list of entity idents")
    if not isinstance(closed, list) or not all(isinstance(i, int) for i in closed):
        raise LoreError("bad-params", "closed must be a list of fact ids")
    attributes = params.get("attributes")
    if attributes is not None and (not isinstance(attributes, list) or not all(isinstance(a, str) for a in attributes)):
        raise LoreError("bad-params", "attributes must be a list of attribute idents")
    fresh = params.get("fresh")
    if fresh is not None and (not isinstance(fresh, list) or not all(isinstance(i, int) for i in fresh)):
        raise LoreError("bad-params", "fresh must be a list of fact ids")
    names = params.get("rules")
    if names is not None and (not isinstance(names, list) or not all(isinstance(n, str) for n in names)):
        raise LoreError("bad-params", "rules must be a list of rule names")
    code_only = _code_only(params)
    with graph.lock:
        rules = None
        if names is not None:
            wanted = set(names)
            rules = [r for r in all_rules(graph.path)[0] if r.name in wanted]
        computed = Engine(graph).preview(entities, closed, rules=rules, attributes=attributes, fresh=fresh,
                                         code_only=code_only)
    return {"ok": True, "rules": [
        {"rule": r.name, "conclusions": table.to_pylist(), "scope": scope.column("entity").to_pylist()}
        for r, table, scope in computed]}


@operations.register("contextRules")
def context_rules_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Of the scoped warning rules a change of ``attributes`` reaches (all when absent; ``codeOnly`` as for
    previewWarnings): those a small context of current rows can serve (``served``; lore.inference.context),
    the attributes such a context must hold of every entity (``attributes``; it holds every memory's rows
    anyway), and the rest (``others``)."""
    attributes = params.get("attributes")
    if attributes is not None and (not isinstance(attributes, list) or not all(isinstance(a, str) for a in attributes)):
        raise LoreError("bad-params", "attributes must be a list of attribute idents")
    wanted = set(attributes) if attributes is not None else None
    code_only = _code_only(params)
    served: list[str] = []
    others: list[str] = []
    attrs: set[str] = set()
    for r in all_rules(graph.path)[0]:
        if not (r.kind == "warning" and r.scope and r.lang == "sql" and reached(r, wanted, code_only)):
            continue
        reads = rule_reads(r)
        if reads is None:
            others.append(r.name)
        else:
            served.append(r.name)
            attrs |= reads.full
    return {"ok": True, "served": served, "attributes": sorted(attrs), "others": others}


@operations.register("trust")
def trust_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """Let this graph's workspace rules run as they are now (SPEC §7), or with ``revoke`` stop them.
    The record is the user's, outside the repository; a rule changed later is untrusted again."""
    revoke = params.get("revoke", False)
    if not isinstance(revoke, bool):
        raise LoreError("bad-params", "revoke must be true or false")
    folder = workspace_folder(graph.path)
    if folder is None:
        raise LoreError("bad-params", "this graph has no workspace rules folder")
    if revoke:
        return {"ok": True, "folder": str(folder), "revoked": trust.revoke(str(folder)), "trusted": []}
    rules, problems = cached_workspace_rules(folder)
    refused = [e.to_json() for e in problems
               if e.code == "rule-unsafe-path"]
    added = trust.grant((r.path, r.sha256) for r in rules)
    sched = scheduler_for(graph)
    if added and sched is not None:
        sched.submit()  # the newly trusted rules run now, in the background
    return {"ok": True, "folder": str(folder), "trusted": [r.path for r in rules], "added": added,
            "rules": [{"name": r.name, "file": r.path, "sha256": r.sha256} for r in rules], "refused": refused}

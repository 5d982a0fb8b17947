"""The inference operations (warnings, dismiss, infer) and the derivation a write triggers."""

from __future__ import annotations

import logging
from typing import Any

from lore import operations
from lore.errors import LoreError
from lore.inference.engine import Engine
from lore.inference.rulefile import all_rules, reads_all
from lore.inference.scheduler import scheduler_for
from lore.inference.warnings import DEFAULT_THRESHOLD, dismiss, normalise_file, root_relative, warnings
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
    log.info("inference after tx %s: %s", result.tx, report.to_json())


operations.register_derivation(derivation)


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
    if file is not None and uri is not None:
        raise LoreError("bad-params", "give file or uri, not both")
    wanted = normalise_file(file, uri)
    if wanted is not None:
        wanted = root_relative(wanted, graph.path)
    threshold = _threshold(params)
    catch_up = params.get("catchUp", True)
    if not isinstance(catch_up, bool):
        raise LoreError("bad-params", "catchUp must be true or false")
    errors = []
    if catch_up and not graph.read_only and scheduler_for(graph) is None:
        # Catch up first: writes that bypassed the derivation (bulk ingestion, another tool) are seen here.
        with graph.lock:
            report = Engine(graph).run()
        errors = [e.to_json() for e in report.errors]
    else:
        errors = [e.to_json() for e in all_rules(graph.path)[1]]
    ws = warnings(graph, wanted, threshold=threshold)
    return {"ok": True, "warnings": ws, "count": len(ws), "rule_errors": errors}


@operations.register("dismiss", writes=True)
def dismiss_op(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    wid = params.get("id")
    result = dismiss(graph, wid, params.get("reason"), source=params.get("source") or "cli")
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

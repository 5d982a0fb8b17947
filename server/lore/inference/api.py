"""The inference package's face for other parts of Lore (the language server, hovers, memory)."""

from __future__ import annotations

from typing import Any

from lore.inference.engine import Engine, RunReport, prune
from lore.inference.rulefile import Rule, RuleError, all_rules
from lore.inference.scheduler import InferenceScheduler
from lore.inference.warnings import DEFAULT_THRESHOLD, dismiss
from lore.inference.warnings import warnings as _warnings
from lore.store.graph import Graph

__all__ = ["warnings", "run", "dismiss", "prune", "rules", "InferenceScheduler", "Engine", "RunReport",
           "Rule", "RuleError", "DEFAULT_THRESHOLD"]


def warnings(graph: Graph, file: str | None = None, **kw: Any) -> list[dict[str, Any]]:
    """Composed warnings now, for one file (repository-relative, or absolute) or all."""
    return _warnings(graph, file, **kw)


def run(graph: Graph, *, full: bool = False) -> RunReport:
    """Run the rules whose inputs changed since the last run (all of them with ``full``), now."""
    return Engine(graph).run(full=full)


def rules(graph: Graph) -> tuple[list[Rule], list[RuleError]]:
    return all_rules(graph.path)

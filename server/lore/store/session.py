"""Per-graph state: one ``Session`` per open graph, with typed slots.

Every feature that keeps state for an open graph (the ingestion job, the inference scheduler, the rule
cache, memory-index marks, hover caches, the working layer) declares a module-level ``Slot`` and reads it
with ``graph.session.get(SLOT)``. The store knows nothing of those features: a slot carries its own factory
and its own ``close``. ``Session.close()`` closes the slots in the reverse order of their creation (what was
made last may use what was made first), once, and is called by ``Graph.close()``.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

if TYPE_CHECKING:  # pragma: no cover - typing only
    from lore.store.graph import Graph

log = logging.getLogger("lore")

T = TypeVar("T")


class Slot(Generic[T]):
    """A named piece of per-graph state: made on first use by ``factory(graph)`` (or put there with
    ``Session.set`` when it has none), closed by ``close``."""

    def __init__(self, name: str, factory: Callable[["Graph"], T] | None = None,
                 close: Callable[[T], None] | None = None) -> None:
        self.name = name
        self.factory = factory
        self.close = close

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Slot({self.name!r})"


class Session:
    """The state of one open graph that outlives a single operation."""

    def __init__(self, graph: "Graph") -> None:
        self._graph = graph
        self._values: dict[Slot[Any], Any] = {}
        self._lock = threading.RLock()
        self._closed = False
        # The graph stays open in a long-running process (an owner): features may keep warm in-memory copies
        # of what they read often. A one-shot process (a CLI command) reads once and leaves this False.
        self.resident = False
        # An owner's background thread (lore.runtime.backend) runs the features' bounded background steps
        # (operations.BACKGROUND); calling this wakes it. None in a one-shot process: a feature does its
        # catch-up itself, boundedly.
        self.background: Callable[[], None] | None = None

    def get(self, slot: Slot[T]) -> T:
        """The slot's value, made on first use."""
        with self._lock:
            if slot in self._values:
                value: T = self._values[slot]  # keyed by the slot: its own T
                return value
            if slot.factory is None:
                raise KeyError(f"{slot.name} was never set for this graph")
            made = slot.factory(self._graph)
            self._values[slot] = made
            return made

    def peek(self, slot: Slot[T]) -> T | None:
        """The slot's value if it was made, else None (never makes it)."""
        with self._lock:
            return self._values.get(slot)

    def set(self, slot: Slot[T], value: T) -> None:
        with self._lock:
            self._values[slot] = value

    def discard(self, slot: Slot[T]) -> None:
        """Forget a slot's value without closing it (state that a write made stale)."""
        with self._lock:
            self._values.pop(slot, None)

    def close(self) -> None:
        """Close every slot that has a ``close``, newest first; a failing close never stops the others."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            items = list(self._values.items())
            self._values.clear()
        for slot, value in reversed(items):
            if slot.close is None:
                continue
            try:
                slot.close(value)
            except Exception:  # one slot's failure must not leave the others open
                log.exception("closing %s failed", slot.name)

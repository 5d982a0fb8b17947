"""What one ingest run holds, declared once: ``IngestRun`` (engine.py) sets it, and its parts that live in their
own modules (``BatchWriter`` in flush.py, ``StructureFacts`` in structure.py) read it. The declarations are
for the type checker and the reader; they hold no values and change nothing at run time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lore.ingest.extract import Extract
    from lore.ingest.filestate import FileState, Key
    from lore.ingest.resolve import PathIndex
    from lore.ingest.walk import CatFile
    from lore.store.graph import Graph
    from lore.timeutil import FOREVER


class RunState:
    graph: Graph
    repo: str
    branch: str
    tip: str | None
    snapshot: bool
    stats: dict[str, Any]
    watermark: str | None
    last_time: int
    locations_complete: bool
    defer_open: bool
    files: dict[str, tuple[str, str]]  # path -> (blob, mode)
    index: PathIndex
    cat: CatFile
    fstate: dict[str, FileState]
    extracts: dict[str, Extract | None]  # blob -> extract
    externals: set[str]
    pointing: dict[str, set[str]]
    new_known: list[str]
    idents: dict[str, str]  # path -> its module ident (_module_ident)
    ident_taken: set[str]
    changed_paths: set[str]
    attrs_written: set[str]
    _def_facts: dict[str, dict[tuple, tuple[str, tuple]]]
    _local_cache: dict
    _path_local: dict[str, tuple[str, list]]  # path -> (its blob, _local_facts of it)
    _names_cache: dict[tuple[str, str], list[tuple[str, str]]]  # (module slug, blob) -> (name, ident)
    _resolve_cache: dict
    _index_version: int
    _resolve_version: int
    _db_names: dict[str, list[tuple[str, str]]] | None
    v2: bool  # the graph has ingestion's side tables (state 3)
    new_idents: list[tuple[str, str]]
    loaded: set[str]
    blob_refs: dict[str, int]
    rows: list[tuple]  # (e, a, vt, v, vn, vf, vto) to insert
    closes: list[tuple]  # (e, a, vt, v, t): open database rows to close
    dirty: set[str]
    pending: list[tuple[Key, list]]
    open_stale: bool
    open_dirty: set[str]

    if TYPE_CHECKING:  # defined by IngestRun
        def _emit(self, e: str, a: str, val: tuple, vf: int, vto: int = FOREVER) -> None: ...
        def _module_ident(self, path: str) -> str: ...
        def _mslug(self, path: str) -> str: ...
        def _extract(self, blob: str, path: str) -> Extract | None: ...
        def _preload(self, paths: set[str]) -> None: ...

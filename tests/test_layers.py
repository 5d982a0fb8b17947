"""The layout tells the architecture: every import in the package (those inside functions too) points
downwards or stays within its own package. Faces (cli, lsp, mcp) import nothing of each other; a feature
(ingest, inference, memory, codeview) imports no other feature and no face; the store imports nothing above it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "server" / "lore"

# Lower rank = lower layer. Packages of one rank are peers and must not import each other.
RANKS = {
    "__init__": 0, "errors": 1, "fileread": 1, "wire": 1, "gitdirs": 1.5, "timeutil": 2, "unseen": 2, "idents": 2, "sqlfile": 2, "params": 2,
    "gitcmd": 2, "gomod": 2, "edn": 3,
    "store": 4,
    "query": 5,
    "operations": 6,
    "ingest": 7, "inference": 7, "memory": 7, "codeview": 7, "journal": 7, "working": 7,
    "runtime": 8,
    "cli": 9, "lsp": 9, "mcp": 9,
    "__main__": 10,
}
# A package's ``ops`` module registers its operations in the table, so it sits just above lore.operations
# whatever its package's layer (lore.query.ops registers queries; lore.query itself is below the table).
OPS_RANK = RANKS["operations"] + 0.5


def _rank(module: str) -> float:
    unit = _unit(module)
    rank = RANKS[unit]
    return max(rank, OPS_RANK) if module.endswith(".ops") else rank


def _unit(module: str) -> str:
    """``lore.store.graph`` -> ``store``; ``lore`` -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(path: Path, module: str) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    out: list[tuple[int, str]] = []
    pkg = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import: resolve against this module's package
                base = pkg.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name == "lore":  # ``from lore import operations``: each name is a module
                out += [(node.lineno, f"lore.{a.name}") for a in node.names]
            else:
                out.append((node.lineno, name))
    return [(ln, n) for ln, n in out if n == "lore" or n.startswith("lore.")]


def _modules() -> list[tuple[Path, str]]:
    mods = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods.append((path, ".".join(parts)))
    return mods


def test_every_unit_has_a_rank():
    units = {_unit(m) for _, m in _modules()}
    assert units - set(RANKS) == set(), "give each new package a layer in RANKS (and docs/ARCHITECTURE.md)"


@pytest.mark.parametrize("path,module", _modules(), ids=lambda v: v if isinstance(v, str) else "")
def test_imports_point_downwards(path: Path, module: str):
    me = _unit(module)
    bad = []
    for line, target in _imports(path, module):
        other = _unit(target)
        if other not in RANKS or (other == me and not target.endswith(".ops")):
            continue
        if other == me and module.endswith(".ops"):
            continue
        if _rank(target) >= _rank(module):
            bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target} "
                       f"(layer {_rank(target)}) from {module} (layer {_rank(module)})")
    assert not bad, "\n".join(bad)


def test_the_walker_sees_imports_inside_functions(tmp_path: Path):
    src = tmp_path / "x.py"
    src.write_text("def f():\n    from lore.lsp import server\n    import lore.cli\n")
    assert [n for _, n in _imports(src, "lore.store.x")] == ["lore.lsp", "lore.cli"]

"""Every error code the code can answer with is in the catalogue (lore.errors.CODES), and the reference page
docs/reference/errors.md documents each one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from lore.errors import CODES

ROOT = Path(__file__).resolve().parents[1]
RAISERS = {"LoreError", "err", "fail", "_err", "_fail"}
CODE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")  # a code, not a message (edn's _err takes a message)


def _codes_in_source() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted((ROOT / "server" / "lore").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                if name in RAISERS and node.args and isinstance(node.args[0], ast.Constant) \
                        and isinstance(node.args[0].value, str) and CODE.match(node.args[0].value):
                    found.setdefault(node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}")
            elif isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values):
                    if isinstance(k, ast.Constant) and k.value == "code" and isinstance(v, ast.Constant) \
                            and isinstance(v.value, str):
                        found.setdefault(v.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_code_raised_is_in_the_catalogue():
    missing = {c: where for c, where in _codes_in_source().items() if c not in CODES}
    assert not missing, f"add these to lore.errors.CODES and docs/reference/errors.md: {missing}"


def test_the_reference_page_documents_every_code():
    page = (ROOT / "docs" / "reference" / "errors.md").read_text()
    absent = [c for c in CODES if f"`{c}`" not in page]
    assert not absent, f"docs/reference/errors.md lacks: {absent}"


def test_the_scan_finds_codes():
    assert {"bad-params", "edn-syntax", "graph-locked"} <= set(_codes_in_source())

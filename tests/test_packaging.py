"""The wheel a user installs (`pip install .`, not editable) carries every package and data file of the tree.

An editable install reads server/ directly, so a package left out of pyproject's explicit list passes every other
test and fails only for a user: `lore.journal` was missing, and a wheel-installed `lore show` died with
ModuleNotFoundError before it ingested anything."""

from __future__ import annotations

import fnmatch
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "server"


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def _tree_packages() -> set[str]:
    return {".".join(p.parent.relative_to(SERVER).parts) for p in (SERVER / "lore").rglob("__init__.py")
            if "__pycache__" not in p.parts}


def test_every_package_of_the_tree_is_in_the_wheel() -> None:
    listed = set(_setuptools()["packages"])
    assert _tree_packages() - listed == set()


def test_every_listed_package_exists() -> None:
    cfg = _setuptools()
    mapped = cfg.get("package-dir", {})
    for name in cfg["packages"]:
        where = ROOT / mapped[name] if name in mapped else SERVER / Path(*name.split("."))
        assert (where / "__init__.py").is_file(), name


def test_every_data_file_matches_a_package_data_pattern() -> None:
    patterns = _setuptools()["package-data"]["*"]
    packages = _tree_packages()
    missed = []
    for f in (SERVER / "lore").rglob("*"):
        if not f.is_file() or f.suffix in (".py", ".pyc") or "__pycache__" in f.parts:
            continue
        # the nearest package directory above the file: package-data patterns are relative to it
        pkg = f.parent
        while ".".join(pkg.relative_to(SERVER).parts) not in packages:
            pkg = pkg.parent
        rel = f.relative_to(pkg).as_posix()
        if not any(fnmatch.fnmatch(rel, p) and rel.count("/") == p.count("/") for p in patterns):
            missed.append(str(f.relative_to(ROOT)))
    assert missed == []


def test_the_built_wheel_holds_every_file_of_the_tree(tmp_path) -> None:
    """The real build (pip's isolated setuptools build, as `pip install .` does): every package file of server/lore
    and every rule file is in the wheel, where the installed code looks for it."""
    import shutil
    import subprocess
    import sys
    import zipfile

    # a copy of the tracked tree, so the build's own build/ and egg-info land outside the checkout
    src = tmp_path / "src"
    for name in subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], check=True, capture_output=True,
                               text=True).stdout.split("\0"):
        if name and (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    out = tmp_path / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(src)],
                   check=True, capture_output=True, text=True, timeout=600)
    [wheel] = out.glob("lore_lsp-*.whl")
    inside = {n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("lore/")}
    tree = {f.relative_to(SERVER).as_posix() for f in (SERVER / "lore").rglob("*")
            if f.is_file() and "__pycache__" not in f.parts}
    tree |= {"lore/builtin_rules/" + f.name for f in (ROOT / "rules").iterdir()
             if f.is_file() and f.suffix in (".sql", ".py", ".md")}
    assert tree - inside == set()

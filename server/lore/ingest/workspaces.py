"""A monorepo's own packages: what its workspace manifests make of an import that names one of them, so ingestion
resolves it to the repository's files instead of taking it for an outside package (which a rejected-dependency
rule could then match, and which would be listed among the dependencies).

- JavaScript/TypeScript: the root ``package.json``'s ``workspaces`` (a list, or ``{"packages": [...]}``) and the
  root ``pnpm-workspace.yaml``'s ``packages`` name folders (globs, ``!`` excluding); each such folder's
  ``package.json`` ``name`` is a package of the repository (``@acme/core`` -> ``packages/core``), its entry the
  ``source``/``types``/``module``/``main`` it states (a built ``dist/…`` read as its ``src/…``).
- Rust: a ``Cargo.toml`` with ``[workspace] members`` (globs, ``exclude`` left out); each member's
  ``[package] name`` is a crate of the repository (``my-core`` imported as ``my_core`` -> ``crates/core/src``).
- Rust dependencies, per crate: a package manifest's (``[package]``) ``[dependencies]``, ``[dev-dependencies]``,
  ``[build-dependencies]`` (and their ``[target.…]`` forms): the crates its code may name by a path alone
  (``anyhow::bail!``, with no ``use``), and a renamed one's package (``memmap = { package = "memmap2" }``: code
  says ``memmap``, the package — what a decision names — is memmap2); ``dep = { workspace = true }`` takes the
  ``[workspace.dependencies]`` entry of the workspace root that lists the crate as a member (its rename too).
  A Rust file takes the dependencies of the nearest package manifest at or above its folder, and nothing else:
  one repository-wide map let a decoy manifest anywhere (``fixtures/decoy/Cargo.toml`` with ``serde_json =
  { package = "innocent" }``) rename ``serde_json`` in every crate, and a rejection of serde_json never warned.
  A ``Cargo.toml``'s own keys (its import facts) are its own tables' and its ``[workspace.dependencies]``'.
- Go: the root ``go.work``'s ``use`` directives and the root ``go.mod``: each module's path is the repository's
  (``example.com/acme/tools/cmd`` -> ``tools/cmd``), however its folder is named; and a ``replace`` of the root
  ``go.mod`` or ``go.work`` by a folder of the repository (``replace example.com/acme/tooling => ./tools``): Go
  builds that folder for the path. A module in a sub-folder that none of these names is a module of its own to
  Go (fetched at the version required), not the repository's workspace (lore.ingest.resolve may still find its
  folder by the import's path, as for any Go import).
- PHP: each ``composer.json``'s ``autoload`` and ``autoload-dev`` ``psr-4`` maps (``"Slim\\Tests\\": "tests"``):
  a class of the namespace is the file of that name under the folder (``Slim\\Tests\\Mocks\\MockAction`` ->
  ``tests/Mocks/MockAction.php``), as Composer's autoloader finds it; without them a test namespace mapped to
  ``tests/`` was taken for an outside package named like the project.

The manifests are repository input, read as hostile: tracked regular files only (a symlink's blob is never
followed), at most MAX_MANIFEST_BYTES each, anything malformed ignored (that file gives nothing), names and
folders checked (a folder must stay inside the repository), at most MAX_PATTERNS globs and MAX_MEMBERS
packages. Nothing here reads a file: the caller hands the blobs' bytes (as lore.ingest.tsconfig).
"""

from __future__ import annotations

import json
import logging
import posixpath
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Iterable

import tomllib

from lore import gomod

log = logging.getLogger("lore")

MAX_MANIFEST_BYTES = 1_000_000
MAX_PATTERNS = 200
MAX_MEMBERS = 2_000  # packages of each kind; PSR-4 (namespace, folder) pairs in all (each PHP `use` tries them
# in turn: 400,000 pairs, 200 prefixes of 200 folders in ten composer.json files, and 2,000 uses took minutes)
MAX_TEXT = 300
# Cargo dependencies of all manifests together (each manifest's at most MAX_MEMBERS): they are held per crate.
MAX_DEPENDENCIES = 20 * MAX_MEMBERS
# Workspace globs of all Cargo.toml [workspace] tables together (each is matched against every crate folder):
# a clone of 800 crates, each a workspace of "../*", took lore ingest 60 CPU s (quadratic in its crates).
MAX_WORKSPACE_PATTERNS = 4 * MAX_PATTERNS
# Manifests parsed, by blob (a blob's bytes never change): ingestion reads every manifest of the tree again at
# each commit that changes one, and a history of such commits parsed every Cargo.toml each time.
PARSED_BLOBS = 8192
PARSED_BYTES = 16_000_000  # of their text
# The files that can change what a workspace holds: a reread is due when one of them changes.
MANIFEST_FILES = frozenset(("package.json", "pnpm-workspace.yaml", "Cargo.toml", "go.work", "go.mod", "composer.json"))

_NPM_NAME = re.compile(r"^(?:@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*$", re.I)
_CRATE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]{0,63}$")
# A PSR-4 prefix: namespace segments, each ending with a backslash ("Slim\\", "Slim\\Tests\\"); "" maps the global one.
_PSR4_PREFIX = re.compile(r"^(?:[A-Za-z_\x80-\uffff][\w\x80-\uffff]{0,100}\\){1,10}$")
_GO_PATH = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._~+/-]*$")
# A directive's indent is matched within its line ([^\S\n], never \s, which ran across blank lines: from every line
# start over all the blank lines after it, quadratic); a block left open runs to the end and is then dropped, since
# every later open block would find no ")" either (each scanned the rest of the file: quadratic in open blocks).
_GO_USE_BLOCK = re.compile(r"^[^\S\n]*use\s*\(([^)]*)(\)|\Z)", re.M)
_GO_USE_LINE = re.compile(r"^[^\S\n]*use\s+(\"[^\"\n]*\"|`[^`\n]*`|[^\s(]\S*)", re.M)
_GO_REPLACE_BLOCK = re.compile(r"^[^\S\n]*replace\s*\(([^)]*)(\)|\Z)", re.M)
_GO_REPLACE_LINE = re.compile(r"^[^\S\n]*replace\s+([^\s(][^\n]*)$", re.M)
# One replacement, ``old [version] => new [version]``: Go reads ``new`` as a folder when it starts ./ or ../
_GO_TOKEN = r"(\"[^\"]*\"|`[^`]*`|[^\s\"`]+)"
_GO_REPLACEMENT = re.compile(rf"^{_GO_TOKEN}(?:\s+{_GO_TOKEN})?\s*=>\s*{_GO_TOKEN}(?:\s+{_GO_TOKEN})?$")
ENTRY_FIELDS = ("source", "types", "typings", "module", "main")


@dataclass(frozen=True)
class Workspaces:
    """The repository's own packages: (name, folder[, entries]) of each kind; empty when it has none."""
    js: tuple[tuple[str, str, tuple[str, ...]], ...] = ()  # (package name, folder, entry files as stated)
    # (crate name as code names it: '-' as '_', folder, its workspace root's folder): a member is the repository's
    # own code for the files of its workspace only, so a decoy workspace cannot make `serde_json` internal elsewhere
    rust: tuple[tuple[str, str, str], ...] = ()
    go: tuple[tuple[str, str], ...] = ()  # (module path, folder), longest path first
    php: tuple[tuple[str, str], ...] = ()  # (PSR-4 namespace prefix ending with "\\", folder), longest prefix first
    # (package manifest's folder, its dependencies: (crate as code names it, name to record: its package when
    # renamed)), by folder
    rust_crates: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # (Cargo.toml's folder, what its own keys name) where that differs from its crate's: a virtual workspace's,
    # a root's with [workspace.dependencies]
    rust_manifests: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.js or self.rust or self.go or self.php or self.rust_crates or self.rust_manifests)

    @cached_property
    def _crate_deps(self) -> dict[str, dict[str, str]]:
        return {folder: dict(deps) for folder, deps in self.rust_crates}

    @cached_property
    def _manifest_deps(self) -> dict[str, dict[str, str]]:
        return {**self._crate_deps, **{folder: dict(deps) for folder, deps in self.rust_manifests}}

    def crate_deps(self, path: str) -> dict[str, str]:
        """The Cargo dependencies of the crate a Rust file is in: the nearest package manifest's at or above its
        folder (``{}`` when none is: no crate declares any). Read, never changed."""
        crates = self._crate_deps
        if not crates:
            return _NO_DEPS
        d = posixpath.dirname(path)
        while True:
            hit = crates.get(d)
            if hit is not None:
                return hit
            if not d:
                return _NO_DEPS
            d = posixpath.dirname(d)

    def manifest_deps(self, path: str) -> dict[str, str]:
        """What the keys of the Cargo.toml at ``path`` name (its own tables, inherited renames, its
        [workspace.dependencies]). Read, never changed."""
        return self._manifest_deps.get(posixpath.dirname(path), _NO_DEPS) if self._manifest_deps else _NO_DEPS

    def deps_of(self, path: str) -> dict[str, str]:
        """The Cargo dependencies a file's imports resolve through: a Cargo.toml's own, a Rust file's crate's."""
        return self.manifest_deps(path) if posixpath.basename(path) == "Cargo.toml" else self.crate_deps(path)


_NO_DEPS: dict[str, str] = {}


def inside(path: str) -> str | None:
    """``path`` normalised and repository-relative, or None when it leaves the repository."""
    if not isinstance(path, str) or len(path) > MAX_TEXT or "\\" in path or "\x00" in path:
        return None
    p = posixpath.normpath(path.strip()) if path.strip() else ""
    if p.startswith("/") or re.match(r"^[A-Za-z]:", p) or p == ".." or p.startswith("../"):
        return None
    return "" if p in (".", "") else p


class Glob:
    """A workspace glob over folder paths: ``*`` within one folder name, ``**`` across folders, ``?`` one character
    but ``/``. Matched by stepping the set of pattern positions reached along the path (one integer's bits), so
    in time linear in the path whatever the pattern: as a backtracking regex, ``*a*a*a…*ab`` from a clone's
    package.json against a folder named ``aaaa…`` took exponential time (10 stars, 40 characters: 10 s)."""

    __slots__ = ("_lits", "_one", "_star", "_dstar", "_accept", "_start")

    def __init__(self, pattern: str) -> None:
        tokens: list[str] = []  # one character, "?", "*" or "**" (a run of stars is one: "***" is "**")
        i = 0
        while i < len(pattern):
            if pattern[i] == "*":
                j = i
                while j < len(pattern) and pattern[j] == "*":
                    j += 1
                tokens.append("**" if j - i > 1 else "*")
                i = j
            else:
                tokens.append(pattern[i])
                i += 1
        self._lits: dict[str, int] = {}
        self._one = self._star = self._dstar = 0
        for at, tok in enumerate(tokens):
            bit = 1 << at
            if tok == "?":
                self._one |= bit
            elif tok == "*":
                self._star |= bit
            elif tok == "**":
                self._dstar |= bit
            else:
                self._lits[tok] = self._lits.get(tok, 0) | bit
        self._accept = 1 << len(tokens)
        self._start = self._closed(1)

    def _closed(self, reached: int) -> int:
        """With each star reached, the position after it too (a star may match nothing; no two stars are adjacent)."""
        return reached | ((reached & (self._star | self._dstar)) << 1)

    def match(self, path: str) -> bool:
        reached = self._start
        for ch in path:
            slash = ch == "/"
            moved = reached & (self._lits.get(ch, 0) | (0 if slash else self._one))
            stayed = reached & (self._dstar | (0 if slash else self._star))
            reached = self._closed((moved << 1) | stayed)
            if not reached:
                return False
        return bool(reached & self._accept)


def glob_regex(pattern: str) -> Glob | None:
    """A workspace glob (relative to the repository), or None when it is empty or leaves the repository."""
    p = inside(pattern.rstrip("/"))
    if p is None or not p:
        return None
    return Glob(p)


def _folders(base: str, patterns: Any, folders: Iterable[str]) -> list[str]:
    """The folders (each holding the manifest looked for) that ``patterns`` (relative to ``base``) select."""
    if not isinstance(patterns, list):
        return []
    keep: list[Glob] = []
    drop: list[Glob] = []
    for raw in patterns[:MAX_PATTERNS]:
        if not isinstance(raw, str) or not raw.strip():
            continue
        neg = raw.startswith("!")
        rx = glob_regex(posixpath.join(base, raw[1:] if neg else raw))
        if rx is not None:
            (drop if neg else keep).append(rx)
    return sorted(f for f in folders if any(r.match(f) for r in keep) and not any(r.match(f) for r in drop))


def _pnpm_packages(text: str) -> list[str]:
    """``packages:`` of a pnpm-workspace.yaml: its list items (quoted or not), the one form pnpm documents."""
    out: list[str] = []
    in_list = False
    for line in text.splitlines()[:10_000]:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            in_list = line.split("#", 1)[0].strip() == "packages:"
            continue
        item = line.strip()
        if in_list and item.startswith("- "):
            value = item[2:].split(" #", 1)[0].strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            out.append(value)
    return out


_parsed: OrderedDict[tuple[str, str], tuple[Any, int]] = OrderedDict()  # (blob, parser) -> (parsed, its bytes)
_parsed_bytes = 0
_parsed_lock = threading.Lock()
_OBJECT_ID = re.compile(r"^(?:[0-9a-f]{40}|[0-9a-f]{64})$")


def workspaces_of(files: Iterable[tuple[str, str, str]], read: Callable[[str], bytes | None],
                  regular: Callable[[str], bool]) -> Workspaces:
    """The repository's own packages. ``files``: (path, blob, mode) of the tracked tree; ``read``: a blob's bytes
    (None when missing or larger than MAX_MANIFEST_BYTES); ``regular``: the mode is a regular file's."""
    blobs = {p: b for p, b, mode in files if posixpath.basename(p) in MANIFEST_FILES and regular(mode)}
    if not blobs:
        return Workspaces()

    def text(path: str, data: bytes | None = None) -> str | None:
        if data is None:
            data = read(blobs[path]) if path in blobs else None
        if data is None or len(data) > MAX_MANIFEST_BYTES:
            return None
        try:
            return data.decode("utf-8", "strict").lstrip("\ufeff")
        except ValueError:
            log.info("%s is not UTF-8: no workspace from it", path)
            return None

    def parse_text(path: str, data: bytes, parse: Callable[[str], Any]) -> Any:
        t = text(path, data)
        if t is None:
            return None
        try:
            return parse(t)
        except (ValueError, RecursionError, TypeError) as exc:  # JSONDecodeError, TOMLDecodeError
            log.info("%s is malformed (%s): no workspace from it", path, exc)
            return None

    def parsed(path: str, parse: Callable[[str], Any]) -> Any:
        blob = blobs.get(path, "")
        key = (blob, f"{parse.__module__}.{parse.__qualname__}")
        with _parsed_lock:
            if key in _parsed:
                _parsed.move_to_end(key)
                return _parsed[key][0]
        data = read(blob) if blob else None
        if data is None:  # missing (a shallow clone's), or too large: not kept, a later tree may have it
            return None
        if not _OBJECT_ID.match(blob):  # only a git object id names its bytes for good
            return parse_text(path, data, parse)
        got = parse_text(path, data, parse)
        with _parsed_lock:
            global _parsed_bytes
            if key not in _parsed:
                _parsed[key] = (got, len(data))
                _parsed_bytes += len(data)
            while len(_parsed) > PARSED_BLOBS or _parsed_bytes > PARSED_BYTES:
                _parsed_bytes -= _parsed.popitem(last=False)[1][1]
        return got  # shared with later calls: read, never changed

    def in_folders(manifest: str) -> dict[str, str]:
        return {posixpath.dirname(p): p for p in blobs if posixpath.basename(p) == manifest}

    js: list[tuple[str, str, tuple[str, ...]]] = []
    root_pkg = parsed("package.json", json.loads)
    patterns: list[Any] = []
    if isinstance(root_pkg, dict):
        ws = root_pkg.get("workspaces")
        ws = ws.get("packages") if isinstance(ws, dict) else ws
        patterns += ws if isinstance(ws, list) else []
    pnpm = text("pnpm-workspace.yaml")
    if pnpm is not None:
        patterns += _pnpm_packages(pnpm)
    if patterns:
        pkgs = in_folders("package.json")
        for folder in _folders("", patterns, (f for f in pkgs if f))[:MAX_MEMBERS]:
            pkg = parsed(pkgs[folder], json.loads)
            name = pkg.get("name") if isinstance(pkg, dict) else None
            if isinstance(name, str) and len(name) <= 214 and _NPM_NAME.match(name):
                entries = tuple(e for f in ENTRY_FIELDS if (e := inside(posixpath.join(folder, pkg[f]))
                                                            if isinstance(pkg.get(f), str) else None))
                js.append((name, folder, entries))

    rust: list[tuple[str, str, str]] = []
    cargos = in_folders("Cargo.toml")
    roots: dict[str, str] = {}  # a workspace member's folder -> its workspace root's
    globs = MAX_WORKSPACE_PATTERNS  # left for the workspaces still to read
    for where, path in sorted(cargos.items()):
        if globs <= 0 or len(rust) >= MAX_MEMBERS:
            break
        cfg = parsed(path, tomllib.loads)
        ws = cfg.get("workspace") if isinstance(cfg, dict) else None
        if not isinstance(ws, dict):
            continue
        include, exclude = (v if isinstance(v := ws.get(k), list) else [] for k in ("members", "exclude"))
        include = include[:min(globs, MAX_PATTERNS)]
        exclude = exclude[:min(globs - len(include), MAX_PATTERNS)]
        globs -= len(include) + len(exclude)
        members = _folders(where, include, cargos)
        excluded = set(_folders(where, exclude, cargos))
        if isinstance(cfg.get("package"), dict):
            roots.setdefault(where, where)  # a root package is its workspace's member
        for folder in members:
            if len(rust) >= MAX_MEMBERS:
                break
            if folder in excluded:
                continue
            roots.setdefault(folder, where)
            crate = parsed(cargos[folder], tomllib.loads)
            pkg = crate.get("package") if isinstance(crate, dict) else None
            name = pkg.get("name") if isinstance(pkg, dict) else None
            if isinstance(name, str) and _CRATE_NAME.match(name):
                rust.append((name.replace("-", "_"), folder, where))

    crates: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    manifests: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    budget = MAX_DEPENDENCIES
    # The workspaces' roots and members first: a flood of other manifests cannot crowd out the crates the
    # workspace builds.
    listed = set(roots) | set(roots.values())
    for where in sorted(cargos, key=lambda f: (f not in listed, f))[:MAX_MEMBERS]:
        if budget <= 0:
            break
        cfg = parsed(cargos[where], tomllib.loads)
        if not isinstance(cfg, dict):
            continue
        root = parsed(cargos[roots[where]], tomllib.loads) if where in roots else None
        root_ws = root.get("workspace") if isinstance(root, dict) else None
        inherited = root_ws.get("dependencies") if isinstance(root_ws, dict) else None
        own = _cargo_dependencies(cfg, inherited if isinstance(inherited, dict) else None, min(budget, MAX_MEMBERS))
        budget -= len(own)
        if isinstance(cfg.get("package"), dict):
            crates.append((where, tuple(sorted(own.items()))))
        ws = cfg.get("workspace")
        table = ws.get("dependencies") if isinstance(ws, dict) else None
        if isinstance(table, dict) and budget > 0:
            keys = dict(own)
            _dependency_table(table, None, keys, min(budget + len(own), MAX_MEMBERS))
            budget -= len(keys) - len(own)
            if keys != own or not isinstance(cfg.get("package"), dict):
                manifests.append((where, tuple(sorted(keys.items()))))
        elif own and not isinstance(cfg.get("package"), dict):
            manifests.append((where, tuple(sorted(own.items()))))

    # A crate without dependencies matters only below another crate's folder (its files must not take that
    # crate's): elsewhere nothing is the same as it.
    full = {where for where, deps in crates if deps}
    crates = [(where, deps) for where, deps in crates if deps or _below_any(where, full)]

    go: list[tuple[str, str]] = []
    mods = in_folders("go.mod")
    used = [""] if "" in mods else []
    work = text("go.work")
    if work is not None:
        raws = [m.group(1) for m in _GO_USE_LINE.finditer(work)]
        for block in _GO_USE_BLOCK.finditer(work):
            if not block.group(2):  # never closed: Go reads no such file
                continue
            raws += [ln for ln in (line.split("//", 1)[0].strip() for line in block.group(1).splitlines()) if ln]
        for raw in raws[:MAX_PATTERNS]:
            at = inside(gomod.unquoted(raw))
            if at is not None and at in mods and at not in used:
                used.append(at)
    replaced: list[tuple[str, str]] = []  # (the path imports name, the folder Go builds for it)
    for manifest in ("go.mod", "go.work"):
        t = text(manifest)
        if t is None:
            continue
        lines = [m.group(1) for m in _GO_REPLACE_LINE.finditer(t)]
        for block in _GO_REPLACE_BLOCK.finditer(t):
            if not block.group(2):
                continue
            lines += block.group(1).splitlines()
        for line in lines[:MAX_PATTERNS]:
            m = _GO_REPLACEMENT.match(line.split("//", 1)[0].strip())
            new = gomod.unquoted(m.group(3)) if m else ""
            at = inside(new) if new.startswith(("./", "../")) else None
            if m and at is not None and at in mods:
                replaced.append((gomod.unquoted(m.group(1)), at))
    for folder in used[:MAX_MEMBERS]:
        t = text(mods[folder])
        replaced.append(((gomod.module_path(t) if t is not None else None) or "", folder))
    for module, folder in replaced[:MAX_MEMBERS]:
        if module and len(module) <= MAX_TEXT and _GO_PATH.match(module) and ".." not in module.split("/") and \
                (module, folder) not in go:
            go.append((module, folder))
    go.sort(key=lambda x: (-len(x[0]), x[0]))

    php: set[tuple[str, str]] = set()
    for where, path in sorted(in_folders("composer.json").items())[:MAX_MEMBERS]:
        cfg = parsed(path, json.loads)
        for section in ("autoload", "autoload-dev"):
            auto = cfg.get(section) if isinstance(cfg, dict) else None
            psr4 = auto.get("psr-4") if isinstance(auto, dict) else None
            if not isinstance(psr4, dict):
                continue
            for prefix, dirs in list(psr4.items())[:MAX_PATTERNS]:
                if not isinstance(prefix, str) or not (_PSR4_PREFIX.match(prefix) or prefix == ""):
                    continue
                for d in (dirs if isinstance(dirs, list) else [dirs])[:MAX_PATTERNS]:
                    at = inside(posixpath.join(where, d)) if isinstance(d, str) else None
                    if at is not None and len(php) < MAX_MEMBERS:
                        php.add((prefix, at))
    return Workspaces(tuple(sorted(set(js))), tuple(sorted(set(rust))), tuple(go),
                      tuple(sorted(php, key=lambda x: (-len(x[0]), x))), tuple(sorted(crates)), tuple(sorted(manifests)))


def _below_any(folder: str, folders: set[str]) -> bool:
    """Whether one of ``folders`` is above ``folder``."""
    while folder:
        folder = posixpath.dirname(folder)
        if folder in folders:
            return True
    return False


_DEP_TABLES = ("dependencies", "dev-dependencies", "build-dependencies")


def _cargo_dependencies(cfg: dict[str, Any], inherited: dict[str, Any] | None, limit: int) -> dict[str, str]:
    """The dependencies one parsed Cargo.toml declares for its crate (code name -> name to record), at most
    ``limit``: its [dependencies], [dev-dependencies], [build-dependencies] and their [target.…] forms;
    ``inherited``: its workspace root's [workspace.dependencies], which ``dep = { workspace = true }`` takes."""
    tables = [cfg.get(t) for t in _DEP_TABLES]
    target = cfg.get("target")
    if isinstance(target, dict):
        for spec in list(target.values())[:MAX_PATTERNS]:
            if isinstance(spec, dict):
                tables += [spec.get(t) for t in _DEP_TABLES]
    deps: dict[str, str] = {}
    for table in tables:
        if isinstance(table, dict):
            _dependency_table(table, inherited, deps, limit)
    return deps


def _dependency_table(table: dict[str, Any], inherited: dict[str, Any] | None, deps: dict[str, str],
                      limit: int) -> None:
    """One dependency table's crates into ``deps`` (while it holds fewer than ``limit``); a key or package that
    is no crate name is left out; of one key declared twice, a renamed declaration wins."""
    for key, value in list(table.items())[:MAX_MEMBERS]:
        if len(deps) >= limit:
            return
        if not isinstance(key, str) or not _CRATE_NAME.match(key):
            continue
        code = key.replace("-", "_")
        if isinstance(value, dict) and value.get("workspace") is True and inherited is not None:
            value = inherited.get(key)  # Cargo takes the workspace's entry (a member cannot rename it)
        package = value.get("package") if isinstance(value, dict) else None
        renamed = isinstance(package, str) and _CRATE_NAME.match(package) and \
            package.replace("-", "_") != code
        if renamed or code not in deps:
            deps[code] = package if renamed and isinstance(package, str) else code

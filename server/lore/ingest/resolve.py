"""Import specifiers -> an in-repo module path, else an external dependency name.

Resolution looks only at the files ingestion tracks at that commit (ignored paths are not there, so an
import into vendored code counts as external, as the seed says). Relative forms resolve against the
importing file's directory; absolute forms match a path suffix (``requests.models`` ->
``src/requests/models.py``), shortest path first when several match.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict

from lore.ingest import rustuse
from lore.ingest.tsconfig import Aliases
from lore.ingest.workspaces import Workspaces

JS_EXTS = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".d.ts", ".mts", ".cts")
TS_FOR_JS = {".js": (".ts", ".tsx", ".d.ts"), ".jsx": (".tsx",), ".mjs": (".mts", ".d.mts"),
             ".cjs": (".cts", ".d.cts")}
JVM_EXTS = {"java": (".java",), "kotlin": (".kt", ".java"), "scala": (".scala", ".java")}


class PathIndex:
    """The tracked paths, indexed by file name and directory for suffix matching."""

    def __init__(self) -> None:
        self.paths: set[str] = set()
        self.by_base: dict[str, set[str]] = defaultdict(set)
        self.by_dir: dict[str, set[str]] = defaultdict(set)
        self.dirs_by_base: dict[str, set[str]] = defaultdict(set)
        # by the last dot-separated part of their name: a C# project folder is named like its namespace
        # (src/Acme.Shop holds namespace Acme.Shop)
        self.dirs_by_tail: dict[str, set[str]] = defaultdict(set)
        # project folder -> its tsconfig's path aliases (lore.ingest.tsconfig), set by whoever reads the tree
        self.aliases: dict[str, Aliases] = {}
        # the monorepo's own packages (lore.ingest.workspaces), set by whoever reads the tree
        self.workspaces = Workspaces()

    def add(self, path: str) -> None:
        if path in self.paths:
            return
        self.paths.add(path)
        d, b = posixpath.split(path)
        self.by_base[b].add(path)
        if not self.by_dir[d]:
            self.dirs_by_base[posixpath.basename(d)].add(d)
            self.dirs_by_tail[posixpath.basename(d).rsplit(".", 1)[-1]].add(d)
        self.by_dir[d].add(path)

    def remove(self, path: str) -> None:
        if path not in self.paths:
            return
        self.paths.discard(path)
        d, b = posixpath.split(path)
        self.by_base[b].discard(path)
        self.by_dir[d].discard(path)
        if not self.by_dir[d]:
            self.dirs_by_base[posixpath.basename(d)].discard(d)
            self.dirs_by_tail[posixpath.basename(d).rsplit(".", 1)[-1]].discard(d)

    def suffix(self, cand: str) -> str | None:
        b = posixpath.basename(cand)
        hits = [p for p in self.by_base.get(b, ()) if p == cand or p.endswith("/" + cand)]
        if not hits:
            return None
        return min(hits, key=lambda p: (len(p), p))

    def first(self, cands: list[str], exact: bool) -> str | None:
        for c in cands:
            c = posixpath.normpath(c).lstrip("/") if c else c
            if not c or c.startswith(".."):
                continue
            if exact:
                if c in self.paths:
                    return c
            else:
                hit = self.suffix(c)
                if hit:
                    return hit
        return None

    def dir_file(self, spec_dir: str, exts: tuple[str, ...]) -> str | None:
        """A file of the tracked directory whose path is a suffix of ``spec_dir`` (Java ``.*``)."""
        files = self.dir_files(spec_dir, exts)
        return files[0] if files else None

    def package_files(self, package_dir: str, exts: tuple[str, ...]) -> list[str]:
        """The files of the tracked directory that ends with ``package_dir`` (a JVM package's folder,
        src/main/java/ and the like before it), the shortest such directory with files first, sorted."""
        dirs = [d for d in self.dirs_by_base.get(posixpath.basename(package_dir), ())
                if d == package_dir or d.endswith("/" + package_dir)]
        for d in sorted(dirs, key=lambda d: (len(d), d)):
            files = sorted(p for p in self.by_dir[d] if p.endswith(exts))
            if files:
                return files
        return []

    def aliases_for(self, importer: str) -> Aliases | None:
        """The aliases of the project ``importer`` is in: its nearest folder with a tsconfig.json that sets any."""
        if not self.aliases:
            return None
        d = posixpath.dirname(importer)
        while True:
            if d in self.aliases:
                return self.aliases[d]
            if not d:
                return None
            d = posixpath.dirname(d)

    def namespace_files(self, namespace: str, exts: tuple[str, ...]) -> list[str]:
        """The files of the tracked folder a C# namespace names (``Acme.Shop.Services``): the folder's path
        ends with the namespace's (``src/Acme.Shop/Services``, a dotted folder name read as its parts), the
        shortest such folder with files first. Never the other way round: a folder ``Json`` is not where
        ``Newtonsoft.Json`` lives."""
        ns = namespace.strip(".").replace(".", "/")
        if not ns:
            return []
        dirs = [d for d in self.dirs_by_tail.get(ns.rsplit("/", 1)[-1], ())
                if (dd := d.replace(".", "/")) == ns or dd.endswith("/" + ns)]
        for d in sorted(dirs, key=lambda d: (len(d), d)):
            files = sorted(p for p in self.by_dir[d] if p.endswith(exts))
            if files:
                return files
        return []

    def dir_files(self, spec_dir: str, exts: tuple[str, ...]) -> list[str]:
        """The files (tests left out) of the tracked directory whose path is a suffix of ``spec_dir``, sorted."""
        parts = spec_dir.strip("/").split("/")
        best = None
        for d in self.dirs_by_base.get(parts[-1], ()):
            if spec_dir == d or spec_dir.endswith("/" + d):
                if best is None or len(d) > len(best):
                    best = d
        if best is None:
            return []
        return sorted(p for p in self.by_dir[best] if p.endswith(exts) and not p.endswith("_test.go"))


def resolve(lang: str | None, importer: str, spec: str, name: str, index: PathIndex) -> tuple[str, str] | None:
    """('internal', path) | ('external', package name) | None (nothing to record). A Go package (a folder
    of files) is its first file here; ``resolve_all`` gives every file."""
    r = resolve_all(lang, importer, spec, name, index)
    return r[0] if r else None


def resolve_all(lang: str | None, importer: str, spec: str, name: str, index: PathIndex) -> list[tuple[str, str]]:
    """What an import names: one ('internal', path) or ('external', name), or — a Go import, a Java, Kotlin or
    Scala wildcard of the repository's own package, a C# ``using`` of its namespace: a package, a folder —
    ('internal', path) for each of its files (Go's tests left out), in path order; [] for nothing."""
    fn = _RESOLVERS.get(lang) if lang else None
    if fn is None or not spec:
        return []
    if fn is _go:
        own = _go_workspace(spec, index)
        if own is not None:
            return [("internal", f) for f in own]
        files = index.dir_files(spec, (".go",))
        return [("internal", f) for f in files] if files else [r for r in [_ext(spec)] if r]
    r = fn(importer, spec, name, index)
    if isinstance(r, list):
        return [("internal", f) for f in r]
    return [r] if r else []


def _go_workspace(spec: str, ix: PathIndex) -> list[str] | None:
    """The files of the package ``spec`` names in one of the repository's own modules (go.mod, go.work), its
    folder under the module's whatever the folders are named; None when no module of the repository has it."""
    for module, folder in ix.workspaces.go:
        if spec == module or spec.startswith(module + "/"):
            d = posixpath.join(folder, spec[len(module):].strip("/")).strip("/") if spec != module else folder
            d = posixpath.normpath(d) if d else ""
            return sorted(p for p in ix.by_dir.get("" if d == "." else d, ())
                          if p.endswith(".go") and not p.endswith("_test.go"))
    return None


def _js_workspace(spec: str, ix: PathIndex) -> tuple[bool, str | None]:
    """(whether ``spec`` names a package of the repository's workspace, the file it names there): a subpath
    as written, or under the package's src/; the package itself by its stated entry (a built ``dist/``,
    ``lib/`` or ``build/`` file read as its ``src/`` source), else its src/index or index."""
    for name, folder, entries in ix.workspaces.js:
        if spec != name and not spec.startswith(name + "/"):
            continue
        sub = spec[len(name):].strip("/")
        if sub:
            if ".." in sub.split("/"):
                return True, None
            cands = [posixpath.join(folder, sub), posixpath.join(folder, "src", sub)]
        else:
            cands = []
            for e in entries:
                stem = posixpath.splitext(e)[0].removesuffix(".d")
                cands.append(e)
                rel = stem[len(folder):].lstrip("/") if folder and stem.startswith(folder + "/") else stem
                head, _, rest = rel.partition("/")
                if head in ("dist", "lib", "build", "out") and rest:
                    cands.append(posixpath.join(folder, "src", rest))
                cands.append(stem)
            cands += [posixpath.join(folder, "src", "index"), posixpath.join(folder, "index")]
        for c in cands:
            hit = _js_file(posixpath.normpath(c), ix)
            if hit:
                return True, hit
        return True, None
    return False, None


def _rust_workspace(segs: list[str], ix: PathIndex, importer: str) -> tuple[bool, str | None]:
    """(whether the path's first segment is a crate of the importing file's workspace, the file it names). A
    workspace's members are its own files' crates: a workspace elsewhere in the tree (a fixture, a decoy listing
    a member named serde_json) does not make the name internal for files outside it."""
    for name, folder, root in ix.workspaces.rust:
        if segs[0] != name or (root and not importer.startswith(root + "/")):
            continue
        src = posixpath.join(folder, "src")
        for k in range(len(segs) - 1, 0, -1):
            p = posixpath.join(src, *segs[1:k + 1])
            hit = ix.first([p + ".rs", p + "/mod.rs"], exact=True)
            if hit:
                return True, hit
        return True, ix.first([posixpath.join(src, "lib.rs"), posixpath.join(src, "main.rs")], exact=True)
    return False, None


def _ext(name: str) -> tuple[str, str] | None:
    name = name.strip().strip("/")
    return ("external", name) if name else None


def _python(importer: str, spec: str, name: str, ix: PathIndex):
    dots = len(spec) - len(spec.lstrip("."))
    rest = spec[dots:]
    mods = [f"{rest}.{name}" if rest else name] if name else []
    mods.append(rest)
    cands = []
    for m in mods:
        if not m:
            continue
        p = m.replace(".", "/")
        cands += [p + ".py", p + "/__init__.py", p + ".pyi", p + "/__init__.pyi"]
    if dots:
        base = posixpath.dirname(importer)
        for _ in range(dots - 1):
            base = posixpath.dirname(base)
        if not rest and not name:
            cands = ["__init__.py"]
        elif not rest:
            cands.append("__init__.py")
        hit = ix.first([posixpath.join(base, c) for c in cands], exact=True)
        return ("internal", hit) if hit else None
    hit = ix.first(cands, exact=False)
    return ("internal", hit) if hit else _ext(rest.split(".")[0])


def _js_file(base: str, ix: PathIndex) -> str | None:
    """The tracked file a module path names, as TypeScript looks it up: as written, with an extension, a
    folder's index, or the .ts of the .js it compiles to ('./Ky.js' is './Ky.ts' in the tree)."""
    cands = [base] + [base + e for e in JS_EXTS] + [base + "/index" + e for e in JS_EXTS]
    stem, ext = posixpath.splitext(base)
    cands += [stem + e for e in TS_FOR_JS.get(ext, ())]
    return ix.first(cands, exact=True)


def _aliased(spec: str, al: Aliases, ix: PathIndex) -> tuple[str | None, bool]:
    """(the file a tsconfig alias names, whether a pattern other than a bare ``*`` matched the spec): an
    exact pattern first, else the one with the longest prefix before its ``*`` (as tsc picks), then baseUrl."""
    best: tuple[int, str, tuple[str, ...]] | None = None
    for pattern, targets in al.paths:
        if "*" not in pattern:
            if pattern == spec:
                best = (1 << 30, "", targets)
                break
            continue
        pre, post = pattern.split("*")
        if spec.startswith(pre) and spec.endswith(post) and len(spec) >= len(pre) + len(post):
            if best is None or len(pre) > best[0]:
                best = (len(pre), spec[len(pre):len(spec) - len(post)], targets)
    matched = best is not None and best[0] > 0
    if best is not None:
        for t in best[2]:
            hit = _js_file(posixpath.normpath(t.replace("*", best[1])), ix)
            if hit:
                return hit, matched
    if al.base is not None:
        hit = _js_file(posixpath.normpath(posixpath.join(al.base, spec)), ix)
        if hit:
            return hit, matched
    return None, matched


def _js(importer: str, spec: str, name: str, ix: PathIndex):
    if spec.startswith((".", "/")):
        hit = _js_file(posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec)).lstrip("/"), ix)
        return ("internal", hit) if hit else None
    al = ix.aliases_for(importer)
    if al is not None and ".." not in spec.split("/"):
        hit, matched = _aliased(spec, al, ix)
        if hit:
            return ("internal", hit)
        if matched:  # an alias of the repository's own files ('@/x'): none of them, but no outside package
            return None
    spec = spec.removeprefix("node:")
    if ix.workspaces.js:
        own, hit = _js_workspace(spec, ix)
        if own:  # a package of the repository's workspace: its file, or nothing recorded; never outside
            return ("internal", hit) if hit else None
    parts = spec.split("/")
    return _ext("/".join(parts[:2]) if spec.startswith("@") else parts[0])


def _go(importer: str, spec: str, name: str, ix: PathIndex):
    hit = ix.dir_file(spec, (".go",))
    return ("internal", hit) if hit else _ext(spec)


def _rust(importer: str, spec: str, name: str, ix: PathIndex):
    spec = spec.split("{")[0].split(" as ")[0].strip(":; ")
    segs = [s for s in spec.split("::") if s]
    if not segs:
        return None
    head = segs[0]
    if head in ("crate", "self", "super"):
        segs = segs[1:]
        if head == "self" and segs:  # the importer's own module's folder first: lib.rs/main.rs/mod.rs are
            base, stem = posixpath.split(importer)  # their folder's module, x.rs is the module of x/
            mod_dir = base if stem in ("lib.rs", "main.rs", "mod.rs") else posixpath.join(base, stem[:-3])
            for k in range(len(segs), 0, -1):
                p = posixpath.join(mod_dir, *segs[:k])
                hit = ix.first([p + ".rs", p + "/mod.rs"], exact=True)
                if hit:
                    return ("internal", hit)
        for k in range(len(segs), 0, -1):
            p = "/".join(segs[:k])
            hit = ix.first([p + ".rs", p + "/mod.rs"], exact=False)
            if hit:
                return ("internal", hit)
        return None
    if ix.workspaces.rust:
        own, hit = _rust_workspace(segs, ix, importer)
        if own:  # a crate of the repository's workspace: its file, or nothing recorded; never outside
            return ("internal", hit) if hit else None
    # a dependency of the file's own crate (its nearest package manifest's); renamed: its package's name
    package = ix.workspaces.crate_deps(importer).get(head)
    if name == rustuse.BY_PATH and package is None:
        return None  # a path (`io::Result`, `flags::x`) whose first segment no manifest makes a crate
    return _ext(package or head)


def _cargo(importer: str, spec: str, name: str, ix: PathIndex):
    """A Cargo.toml's dependency (its key): a crate of the workspace is its files' (grep-matcher =
    { path = "../matcher" }), any other the package, a renamed one's (memmap = { package = "memmap2" })."""
    code = spec.strip().replace("-", "_")
    if not code:
        return None
    if ix.workspaces.rust:
        own, hit = _rust_workspace([code], ix, importer)
        if own:
            return ("internal", hit) if hit else None
    package = ix.workspaces.manifest_deps(importer).get(code)
    return _ext(package if package and package.replace("-", "_") != code else spec.strip())


def _jvm(lang: str):
    exts = JVM_EXTS[lang]

    def fn(importer: str, spec: str, name: str, ix: PathIndex):
        spec = spec.removeprefix("static ").strip().rstrip(";")
        wildcard = spec.endswith(".*") or spec.endswith("._")
        if wildcard:
            spec = spec[:-2]
        segs = spec.split(".")
        for k in range(len(segs), 1, -1):  # a.b.C.inner -> a/b/C
            p = "/".join(segs[:k])
            hit = ix.first([p + e for e in exts], exact=False)
            if hit:
                return ("internal", hit)
        # Java imports a type, so a name with no capitalised segment is a wildcard's package (the parse
        # leaves the '.*' out); Kotlin and Scala also import functions (kotlinx.coroutines.launch)
        wildcard = wildcard or (lang == "java" and not any(s[:1].isupper() for s in segs))
        if wildcard:
            files = ix.package_files(spec.replace(".", "/"), exts)
            if files:
                return files  # a package: every file of its folder
        return _ext(".".join(_jvm_package(segs, wildcard)))
    return fn


def _jvm_package(segs: list[str], wildcard: bool) -> list[str]:
    """The package an external import names: its segments before the first class (a capitalised segment),
    so com.google.common.truth.Truth.assertThat is com.google.common.truth (Truth), not com.google (every
    Google library); a lowercase a.b.c names c in package a.b, unless it is a wildcard's package."""
    pkg = []
    for s in segs:
        if s[:1].isupper():
            break
        pkg.append(s)
    if len(pkg) == len(segs) and not wildcard:
        pkg = segs[:-1]
    return pkg or segs[:1]


def _csharp(importer: str, spec: str, name: str, ix: PathIndex):
    spec = spec.removeprefix("static ").split("=")[-1].strip().rstrip(";")
    p = spec.replace(".", "/")
    hit = ix.first([p + ".cs"], exact=False)
    if hit:
        return ("internal", hit)
    return ix.namespace_files(spec, (".cs",)) or _ext(spec.split(".")[0])  # a namespace: its folder's files


def _c(importer: str, spec: str, name: str, ix: PathIndex):
    if spec.startswith("<"):
        return _ext(spec.strip("<>"))
    rel = posixpath.join(posixpath.dirname(importer), spec)
    hit = ix.first([rel], exact=True) or ix.first([spec], exact=False)
    return ("internal", hit) if hit else _ext(spec)


def _ruby(importer: str, spec: str, name: str, ix: PathIndex):
    p = spec if spec.endswith(".rb") else spec + ".rb"
    if spec.startswith(".") or name == "relative":
        hit = ix.first([posixpath.join(posixpath.dirname(importer), p)], exact=True)
        return ("internal", hit) if hit else None
    hit = ix.first([p], exact=False)
    return ("internal", hit) if hit else _ext(spec.split("/")[0])


def _php(importer: str, spec: str, name: str, ix: PathIndex):
    spec = spec.lstrip("\\")
    if spec.endswith(".php") or "/" in spec:
        hit = ix.first([posixpath.join(posixpath.dirname(importer), spec)], exact=True) or \
            ix.first([spec.lstrip("./")], exact=False)
        return ("internal", hit) if hit else None
    for prefix, folder in ix.workspaces.php:  # composer.json's PSR-4 maps, as Composer's autoloader reads them
        if spec.startswith(prefix) and spec != prefix:
            hit = ix.first([posixpath.join(folder, spec[len(prefix):].replace("\\", "/") + ".php")], exact=True)
            if hit:
                return ("internal", hit)
    p = spec.replace("\\", "/")
    hit = ix.first([p + ".php"], exact=False)
    return ("internal", hit) if hit else _ext(_php_namespace(spec))


def _php_namespace(spec: str) -> str:
    """The namespace a PHP ``use`` of an outside class, function or constant names: its segments before the last
    (``GuzzleHttp\\Psr7\\ServerRequest`` -> ``GuzzleHttp\\Psr7``, the package guzzlehttp/psr7, which
    rejected_dependency covers by its parents and names); a global name (``RuntimeException``) is itself."""
    segs = [s for s in spec.split("\\") if s]
    return "\\".join(segs[:-1] if len(segs) > 1 else segs)


def _lua(importer: str, spec: str, name: str, ix: PathIndex):
    p = spec.replace(".", "/")
    hit = ix.first([p + ".lua", p + "/init.lua"], exact=False)
    return ("internal", hit) if hit else _ext(spec.split(".")[0])


def _snake(s: str) -> str:
    out = []
    for i, ch in enumerate(s):
        if ch.isupper() and i and (s[i - 1].islower() or s[i - 1].isdigit()):
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


def _elixir(importer: str, spec: str, name: str, ix: PathIndex):
    segs = spec.split(".")
    p = "/".join(_snake(s) for s in segs)
    hit = ix.first([p + ".ex", p + ".exs"], exact=False)
    return ("internal", hit) if hit else _ext(segs[0])


def _haskell(importer: str, spec: str, name: str, ix: PathIndex):
    p = spec.replace(".", "/")
    hit = ix.first([p + ".hs", p + ".lhs"], exact=False)
    return ("internal", hit) if hit else _ext(spec)


def _swift(importer: str, spec: str, name: str, ix: PathIndex):
    return _ext(spec)


_RESOLVERS = {
    "python": _python, "javascript": _js, "typescript": _js, "tsx": _js, "go": _go, "rust": _rust, "cargo": _cargo,
    "java": _jvm("java"), "kotlin": _jvm("kotlin"), "scala": _jvm("scala"), "csharp": _csharp,
    "c": _c, "cpp": _c, "ruby": _ruby, "php": _php, "lua": _lua, "elixir": _elixir, "haskell": _haskell,
    "swift": _swift,
}

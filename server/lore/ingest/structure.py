"""A file's structural facts at one commit: what its text says (definitions, :contains, names) and what
resolution against the commit's tree makes of its imports and calls (:depends-on, :calls), plus the
external-dependency and submodule placeholders those create.

A part of ``IngestRun`` (a mixin over the run's state): it reads ``files``, ``index``, ``extracts``,
``submodules``, ``externals``, ``ident_taken`` and the graph (names of files this run has not parsed), and
records ``pointing`` (target -> files whose edges point at it), ``new_known`` and placeholder rows.
"""

from __future__ import annotations

import posixpath
import re

from lore import idents as S
from lore.ingest.extract import Extract, language_of
from lore.ingest.filestate import SQL, Key, TextFacts, ref, sval
from lore.ingest.resolve import resolve_all
from lore.ingest.runstate import RunState
from lore.ingest.walk import GITLINK

_TYPE = {k: f":type/{k}" for k in ("function", "class", "variable", "field")}


def _def_facts(d, mslug: str, module: str, path: str) -> tuple[str, tuple]:
    """One definition's entity and the facts its text gives it."""
    e = S.def_ident(d.kind, mslug, d.qname)
    facts = [(module, ":contains", "k", e), (e, ":entity-type", "k", _TYPE[d.kind]), (e, ":name", "s", d.name),
             (e, ":qualified-name", "s", d.qname), (e, ":description", "s", d.qname), (e, ":file", "s", path)]
    if d.kind == "field":
        owner = d.qname.rsplit(".", 1)[0]
        facts.append((e, ":class", "k", S.def_ident("class", mslug, owner)))
        facts.append((e, ":static", "b", "true" if d.static else "false"))
    return e, tuple(facts)


def _module_facts(module: str, path: str, lang: str | None) -> set[Key]:
    """A parsed (or parseable) file's module facts that its path alone gives."""
    out = {(module, ":entity-type", "k", ":type/module"), (module, ":description", "s", path),
           (module, ":path", "s", path)}
    if lang:
        out.add((module, ":language", "s", lang))
    return out


class StructureFacts(RunState):
    _db_names: dict[str, list[tuple[str, str]]] | None  # (set by IngestRun)
    _sub_keys: dict[str, str] | None

    def _desired(self, path: str, module: str, blob: str, mode: str, ex: Extract | None):
        """The structural facts of one file at this commit, and its definitions {entity: (kind, shape, body)}."""
        local, edges, defs = self._desired_parts(path, module, blob, mode, ex)
        return local.all() | edges, defs

    def _desired_parts(self, path: str, module: str, blob: str, mode: str, ex: Extract | None):
        """``_desired`` in two parts: the facts its text gives (TextFacts, the same object for the same
        blob while it is cached) and the resolved edges (:depends-on, :calls), which depend on the tree
        too. The two never share a fact (their attributes differ), so each can be diffed on its own."""
        desired: set[Key] = set()
        defs: dict[str, tuple[str, int, int, str, bool]] = {}
        if mode == GITLINK:
            name = self.submodules.get(path, (path, ""))
            keys = self._submodule_keys()
            for k in {S.slug(path), S.slug(posixpath.basename(path)), S.slug(name[0])}:
                keys.setdefault(k, module)
                if ":module/" + k in self.externals:
                    self._resolves(":module/" + k, module)
            desired |= {(module, ":entity-type", "k", ":type/external-dependency"),
                        (module, ":description", "s", name[0]), (module, ":path", "s", path),
                        (module, ":pinned-commit", "s", blob)}
            if name[1]:
                desired |= {(module, ":submodule-name", "s", name[0]), (module, ":submodule-url", "s", name[1])}
            return TextFacts(frozenset(desired), {}, True), set(), defs
        lang = language_of(path)
        if ex is None:
            return TextFacts(frozenset(_module_facts(module, path, lang)), {}, True), set(), defs
        local = self._local_facts(path, module, blob, ex, lang)
        defs, by_name = local[1], local[2]
        targets: list[str] = []
        if self._resolve_version != self._index_version:
            self._resolve_cache.clear()
            self._resolve_version = self._index_version
        pdir = posixpath.dirname(path)
        resolve_cache, idents, pointing = self._resolve_cache, self.idents, self.pointing
        for im in ex.imports:
            ck = (lang, pdir, im.spec, im.name)
            rs = resolve_cache.get(ck)
            if rs is None:
                rs = resolve_cache[ck] = resolve_all(lang, path, im.spec, im.name, self.index)
            for kind, what in rs:
                if kind == "internal":
                    if what != path:
                        targets.append(what)
                        target = idents.get(what) or self._module_ident(what)
                        desired.add((module, ":depends-on", "k", target))
                        here = pointing.get(target)
                        if here is None:
                            pointing[target] = {path}
                        else:
                            here.add(path)
                else:
                    ext = S.external_ident(what)
                    # An ident a tracked path already has (a submodule at `redis/`) is that entity: no placeholder.
                    if ext not in self.externals and ext not in self.ident_taken:
                        self.externals.add(ext)
                        self.new_known.append(ext)
                        for a, val in ((":entity-type", ref(":type/external-dependency")), (":description", sval(what)),
                                       (":name", sval(what))):
                            self._emit(ext, a, val, self.last_time)
                        sub = self._submodule_keys().get(ext.split("/", 1)[1])
                        if sub:
                            self._resolves(ext, sub)
                    desired.add((module, ":depends-on", "k", ext))
                    # (as the graph's open edges list it: a path added later may be what this import names)
                    self.pointing.setdefault(ext, set()).add(path)
        mslug = module.split("/", 1)[1]
        if ex.calls:
            # A file calls the same names from many places: each callee is resolved once, then only the
            # calls to a callee that names one entity are walked (most name nothing here: methods of other
            # crates, builtins), each caller's entity made once (the hottest loop of the main process).
            # callee -> its callers: made when a text is resolved a second time (an unchanged file whose
            # call target went away), which then walks only the calls that name something.
            callers = local[3]
            if callers is None:
                local[3] = False
            elif callers is False:
                callers = local[3] = {}
                for caller, callee in ex.calls:
                    lst = callers.get(callee)
                    if lst is None:
                        callers[callee] = [caller]
                    else:
                        lst.append(caller)
            imported: dict[str, list[str]] | None = None
            target_of: dict[str, str] = {}  # callee -> the one entity it names
            for callee in (callers or {c for _caller, c in ex.calls}):
                hits = by_name.get(callee)
                if not hits:
                    if imported is None:
                        imported = self._imported_names(targets)
                    hits = imported.get(callee)
                if hits and (len(hits) == 1 or len(set(hits)) == 1):
                    target_of[callee] = hits[0]
            if target_of:
                src_of: dict[str, str] = {"": module}  # caller's qualified name -> its entity
                pointing = self.pointing
                pointed: set[str] = set()
                add = desired.add
                pairs = ([(a, named) for c, named in target_of.items() for a in callers[c]] if callers
                         else [(a, target_of[c]) for a, c in ex.calls if c in target_of])
                for caller, named in pairs:
                    src = src_of.get(caller)
                    if src is None:
                        src = src_of[caller] = S.def_ident("function", mslug, caller)
                    if src != named:
                        add((src, ":calls", "k", named))
                        if named not in pointed:
                            pointed.add(named)
                            pointing.setdefault(named, set()).add(path)
        return local[0], desired, defs

    def _local_facts(self, path: str, module: str, blob: str, ex: Extract, lang: str | None) -> list:
        """The facts of a file that depend on its text alone (cached: per path for its current text, which an
        unchanged file resolved again asks for; by text for renames/reverts; a definition the path's previous
        version had reuses its facts)."""
        mine = self._path_local.get(path)
        if mine is not None and mine[0] == blob:  # the text this path had (a file resolved again)
            return mine[1]
        key = (module, blob)
        hit = self._local_cache.get(key)
        if hit is not None:
            self._path_local[path] = (blob, hit)
            return hit
        if len(self._local_cache) > 128:  # entries of big files hold thousands of facts each
            self._local_cache.clear()
        mslug = module.split("/", 1)[1]
        defs: dict[str, tuple[str, int, int, str, bool]] = {}
        by_name: dict[str, list[str]] = {}
        before = self._def_facts.get(path) or {}
        now: dict[tuple, tuple[str, tuple]] = {}
        for d in ex.defs:
            dk = d[:4]  # (kind, name, qname, static): Def's first fields, as a plain tuple
            got = before.get(dk)
            if got is None:
                got = _def_facts(d, mslug, module, path)
            now[dk] = got
            e = got[0]
            kind, name, qname = dk[0], dk[1], dk[2]
            defs[e] = (kind, d.shape_hash, d.body_hash, qname, d.end_line - d.line < 2)
            if kind == "function" or kind == "class":
                lst = by_name.get(name)
                if lst is None:
                    by_name[name] = [e]
                else:
                    lst.append(e)
                lst = by_name.get(qname)
                if lst is None:
                    by_name[qname] = [e]
                else:
                    lst.append(e)
        self._def_facts[path] = now
        # [text facts, definitions, name -> entities, callee -> callers (None, False once resolved, then made)]
        hit = [TextFacts(frozenset(_module_facts(module, path, lang)), now, len(defs) == len(now)), defs, by_name,
               None]
        self._local_cache[key] = hit
        self._path_local[path] = (blob, hit)
        return hit

    def _submodule_keys(self) -> dict[str, str]:
        """Slugs an import may use for a submodule (its path, last path part, declared name) -> its ident."""
        if self._sub_keys is None:
            self._sub_keys = {}
            for p, (_blob, mode) in self.files.items():
                if mode == GITLINK:
                    name = self.submodules.get(p, (p, ""))[0]
                    for k in (S.slug(p), S.slug(posixpath.basename(p)), S.slug(name)):
                        self._sub_keys.setdefault(k, self._module_ident(p))
        return self._sub_keys

    def _resolves(self, placeholder: str, submodule: str) -> None:
        """[placeholder :resolves-to submodule], once: the bridge between an unresolved import's ident and
        the submodule's path ident (seed 001), whichever was seen first."""
        mark = f"resolves {placeholder} {submodule}"
        if placeholder == submodule or mark in self.externals:
            return
        self.externals.add(mark)
        self.new_known.append(mark)
        self._emit(placeholder, ":resolves-to", ref(submodule), self.last_time)

    def _imported_names(self, targets: list[str]) -> dict[str, list[str]]:
        """Top-level function and class names of the in-repo modules a file imports -> their entities.
        From the parse when this run holds it, else from the graph (files this run has not touched)."""
        out: dict[str, list[str]] = {}
        for tp in dict.fromkeys(targets):
            blob_mode = self.files.get(tp)
            if not blob_mode:
                continue
            blob = blob_mode[0]
            if blob in self.extracts:
                ex = self.extracts[blob]
                if ex is None:
                    continue
                ms = self._mslug(tp)
                names = self._names_cache.get((ms, blob))
                if names is None:
                    if len(self._names_cache) > 4096:
                        self._names_cache.clear()
                    names = self._names_cache[(ms, blob)] = [
                        (d.name, S.def_ident(d.kind, ms, d.qname)) for d in ex.defs
                        if d.kind in ("function", "class") and "." not in d.qname]
            else:
                if self._db_names is None:
                    self._db_names = {}
                    with self.graph.lock:
                        if self.v2 and self.locations_complete:
                            for path, name, entity in self.graph.con.execute(
                                    SQL["located_top_level_names"]).fetchall():
                                self._db_names.setdefault(path, []).append((name, entity))
                        else:
                            for module, name, entity in self.graph.con.execute(SQL["top_level_names"]).fetchall():
                                self._db_names.setdefault(module, []).append((name, entity))
                key = tp if self.v2 and self.locations_complete else self._module_ident(tp)
                names = self._db_names.get(key, [])
            for n, e in names:
                out.setdefault(n, []).append(e)
        return out

    def _read_gitmodules(self, blob: str) -> None:
        data = self.cat.read(blob, 1_000_000) or b""
        name = None
        info: dict[str, dict[str, str]] = {}
        for line in data.decode("utf-8", "replace").splitlines():
            m = re.match(r'\s*\[submodule\s+"(.*)"\]', line)
            if m:
                name = m.group(1)
                info[name] = {}
                continue
            m = re.match(r"\s*(\w+)\s*=\s*(.*)$", line)
            if m and name is not None:
                info[name][m.group(1)] = m.group(2).strip()
        self.submodules = {v["path"]: (k, v.get("url", "")) for k, v in info.items() if "path" in v}

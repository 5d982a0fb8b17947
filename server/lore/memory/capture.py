"""finalize-turn, writing: what an exchange holds, resolved against the graph and stored as one transaction
with source 'agent'.

Two ways in: the items a strategy extracted from the exchange's text (lore.memory.extract; the default
heuristic, or one plugged in), or the facts the connected agent extracted itself (``facts``: EDN or a JSON
list of {"entity", "attribute", "value"}), which are validated and resolved instead (SPEC §4, seed 001's
``agent`` strategy: no model is called here).

Resolution: a phrase reuses an entity the graph has (same ident, or an :alias); new idents are canonical
(lowercase-hyphen). A change of mind supersedes what it replaces: a new decision that rejects or drops X
supersedes the current decision that chose X (its ident or alias names X), whether capture read it or the agent
recorded it, and an agent's ``[new :supersedes old]`` does the same. The old decision's facts stop being valid at the transaction's
instant (their valid time is closed there, so history, ``:as-of`` and ``:valid-at`` before the change keep
it) and ``[new :supersedes old]`` is stored.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from typing import Any

from lore import edn
from lore.errors import LoreError
from lore.idents import CAPTURED_KINDS, ONE_VALUED_STATEMENT, STATEMENT_KINDS
from lore.memory import exemptions, identity, learned, scopes, supersession
from lore.memory.extract import MAX_DESCRIPTION, STRATEGIES, Extracted, Strategy, _slug, heuristic, register_strategy  # noqa: F401 - re-exported
from lore.store.graph import MAX_TX, TX_INSTANT, Graph, Op
from lore.store.values import ATTR_RE, IDENT_RE, Value, encode
from lore.timeutil import now_micros

MAX_DELTA_CHARS = 200_000
MAX_AGENT_FACTS = 1_000
KIND_NS = {"decision": "decision", "preference": "preference", "constraint": "constraint",
           "dependency": "dependency", "architecture": "dependency"}
KIND_TYPE = {"decision": ":type/decision", "preference": ":type/preference", "constraint": ":type/constraint",
             "dependency": ":type/dependency", "architecture": ":type/dependency"}


# ------------------------------------------------------------------ resolving and storing


class Resolver:
    """Existing idents and aliases: a mention reuses an entity the graph already has."""

    def __init__(self, graph: Graph) -> None:
        rows = graph.con.execute(
            f"SELECT DISTINCT e, a, v FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND vt = 's' "
            f"AND a IN (':alias', ':description') AND position('/' IN e) > 0 "
            f"AND split_part(substr(e, 2), '/', 1) IN ('decision', 'preference', 'constraint', 'dependency')"
        ).fetchall()
        self.by_alias: dict[str, list[str]] = {}
        for e, a, v in rows:
            key = _slug(v)
            if a == ":alias" or len(v) <= 40:  # short descriptions are names ("AuthService")
                self.by_alias.setdefault(key, []).append(e)
        self.idents = {r[0] for r in graph.con.execute(
            f"SELECT DISTINCT e FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND position('/' IN e) > 0 "
            f"AND split_part(substr(e, 2), '/', 1) IN ('decision', 'preference', 'constraint', 'dependency')"
        ).fetchall()}
        self.new: set[str] = set()
        self.graph = graph
        now = now_micros()
        self.now = now
        self._manifests: list[str] | None = None
        # Decisions believed and valid now: what a change of mind can supersede.
        self.current_decisions = {r[0] for r in graph.con.execute(
            f"SELECT DISTINCT e FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND starts_with(e, ':decision/') "
            f"AND valid_from <= ? AND valid_to > ?", [now, now]).fetchall()}

    def resolve(self, phrase: str, ns: str | None) -> str | None:
        """An ident for the phrase: an existing one (same namespace first) or a new canonical one."""
        key = _slug(phrase)
        if not key:
            return None
        pref = [ns] if ns else []
        for n in pref + ["decision", "dependency", "constraint", "preference"]:
            if f":{n}/{key}" in self.idents:
                return f":{n}/{key}"
        for e in sorted(self.by_alias.get(key, [])):
            if ns is None or e.startswith(f":{ns}/"):
                return e
        ident = f":{ns or 'dependency'}/{key}"
        if not IDENT_RE.match(ident[1:]):
            return None
        self.new.add(ident)
        self.idents.add(ident)
        return ident

    def tracked(self, path: str) -> bool:
        """Whether the code has a module at ``path`` or under the folder ``path``."""
        return bool(self.graph.con.execute(
            f"SELECT 1 FROM facts WHERE tx_to = {MAX_TX} AND a = ':path' AND vt = 's' "
            "AND (v = ? OR starts_with(v, ?)) LIMIT 1", [path, path + "/"]).fetchall())

    def package(self, name: str) -> tuple[str, str] | None:
        """(folder, manifest) of the one package of the repository ``name`` names: a folder holding a manifest
        now, named by its folder ("printer", "crates/printer") or by a package name ending in it ("grep-searcher"
        for crates/searcher). None when no package or several are so named."""
        key = name.strip().lower()
        if self._manifests is None:
            self._manifests = [str(r[0]) for r in self.graph.con.execute(
                f"SELECT DISTINCT v FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND a = ':path' AND vt = 's' "
                f"AND regexp_matches(v, '(^|/)({'|'.join(re.escape(m) for m in scopes.MANIFESTS)})$') "
                f"AND valid_from <= ? AND valid_to > ? ORDER BY v LIMIT 5000", [self.now, self.now]).fetchall()]
        found = set()
        for manifest in self._manifests:
            folder = manifest.rpartition("/")[0]
            base = folder.rpartition("/")[2].lower()
            if base and (key in (base, folder.lower()) or key.endswith(("-" + base, "_" + base))):
                found.add((folder, manifest))
        return found.pop() if len(found) == 1 else None

    def code(self, phrase: str) -> str | None:
        """The code's own entity a phrase names ("parse_config", "Session", "Config.load", "src/app.py"): the one
        current code entity whose qualified name, else name, is the phrase (a path: its module), or None."""
        name = phrase.strip().strip("`").removesuffix("()")
        name = re.sub(r"\s+(?:class|function|method|module|file|struct|enum|type|trait|interface)$", "", name, flags=re.I)
        placed = re.fullmatch(r"`?([A-Za-z_][\w.:#]{0,199}?)`?(?:\(\))?\s+(?:in|from|of)\s+`?([\w./-]{1,300}\.\w{1,8})`?", name)
        if placed:  # user trial 17: "url_for in helpers.py": the one so named whose file is (or ends in) that path
            return self._code_in_file(placed.group(1), placed.group(2))
        if not name or len(name) > 200 or " " in name:
            return None
        if "/" in name:
            return identity.module_for_path(self.graph.con, name)
        for attr in (":qualified-name", ":name"):
            rows = self.graph.con.execute(
                f"SELECT DISTINCT e FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND a = ? AND vt = 's' AND v = ? "
                f"AND split_part(substr(e, 2), '/', 1) IN ('function', 'method', 'class', 'module', 'struct', 'type', "
                f"'interface', 'trait', 'enum', 'field', 'constant', 'variable') AND valid_from <= ? AND valid_to > ? "
                f"LIMIT 3", [attr, name, self.now, self.now]).fetchall()
            if len(rows) == 1:
                return str(rows[0][0])
            if rows:
                return None  # two things share the name: which one is not told
        return identity.resolve(self.graph.con, name)

    def _code_in_file(self, name: str, path: str) -> str | None:
        rows = self.graph.con.execute(
            f"SELECT DISTINCT n.e FROM facts n JOIN facts f ON f.e = n.e AND f.a = ':file' AND f.vt = 's' "
            f"AND f.tx_to = {MAX_TX} AND NOT f.inferred AND f.valid_from <= ? AND f.valid_to > ? "
            f"AND (f.v = ? OR ends_with(f.v, ?)) "
            f"WHERE n.tx_to = {MAX_TX} AND NOT n.inferred AND n.a IN (':qualified-name', ':name') AND n.vt = 's' "
            f"AND n.v = ? AND n.valid_from <= ? AND n.valid_to > ? LIMIT 3",
            [self.now, self.now, path, "/" + path, name, self.now, self.now]).fetchall()
        return str(rows[0][0]) if len(rows) == 1 else None

    def known(self, phrase: str) -> str | None:
        """An existing entity (any memory namespace) the phrase names, else None."""
        key = _slug(phrase)
        if not key:
            return None
        for n in ("dependency", "decision", "constraint", "preference"):
            if f":{n}/{key}" in self.idents and f":{n}/{key}" not in self.new:
                return f":{n}/{key}"
        found = sorted(self.by_alias.get(key, []))
        return found[0] if found else None

    def is_new(self, ident: str) -> bool:
        return ident in self.new

    def claims_named(self, name: str) -> list[str]:
        """Current decisions, constraints and preferences whose alias is ``name`` (a record's, "PEP 622")."""
        return [r[0] for r in self.graph.con.execute(
            f"SELECT DISTINCT e FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND a = ':alias' AND vt = 's' "
            f"AND v = ? AND valid_from <= ? AND valid_to > ? AND split_part(substr(e, 2), '/', 1) IN "
            f"('decision', 'constraint', 'preference') ORDER BY e", [name, self.now, self.now]).fetchall()]

    def decisions_choosing(self, phrase: str) -> list[str]:
        """Current decisions that chose what the phrase names (their ident or an alias is it)."""
        key = _slug(phrase)
        if not key:
            return []
        found = {f":decision/{key}"} | {e for e in self.by_alias.get(key, []) if e.startswith(":decision/")}
        found |= self._described_choosing(phrase, key)
        return sorted(found & self.current_decisions)

    def _described_choosing(self, phrase: str, key: str) -> set[str]:
        """Current decisions whose description chooses the phrase ("Use Redis for the page cache" written as
        :decision/cache-backend): read as capture reads a decision."""
        if not phrase.strip() or phrase.startswith("no "):
            return set()
        from lore.memory.extract import _split_why, _subject

        rows = self.graph.con.execute(
            f"SELECT DISTINCT e, v FROM facts WHERE tx_to = {MAX_TX} AND NOT inferred AND a = ':description' "
            f"AND vt = 's' AND starts_with(e, ':decision/') AND valid_from <= ? AND valid_to > ? "
            f"AND contains(lower(v), lower(?)) LIMIT 200", [self.now, self.now, phrase.strip()]).fetchall()
        out = set()
        for e, desc in rows:
            clause, _ = _split_why(desc[:MAX_DESCRIPTION])
            subject, _ = _subject(desc, "decision", clause)
            if _slug(subject) == key:
                out.add(e)
        return out

    def thing(self, phrase: str) -> str | None:
        """What a decision rejects or a constraint forbids: a dependency (or the code's entity), never another
        decision that happens to share the name."""
        key = _slug(phrase)
        if not key:
            return None
        ident = f":dependency/{key}"
        if ident in self.idents:
            return ident
        for e in sorted(self.by_alias.get(key, [])):
            if e.startswith(":dependency/"):
                return e
        if not IDENT_RE.match(ident[1:]):
            return None
        self.new.add(ident)
        self.idents.add(ident)
        return ident


def _s(x: str) -> Value:
    return Value("s", x, None)


def _k(x: str) -> Value:
    return Value("k", x, None)


def to_ops(items: list[Extracted], resolver: Resolver) -> tuple[list[Op], list[dict[str, Any]]]:
    ops: list[Op] = []
    stored: list[dict[str, Any]] = []

    def ref(phrase: str, *, thing: bool = False) -> str | None:
        # "MySQL query caching": the longest leading words that name a known entity win.
        words = phrase.split()

        def known(p: str) -> str | None:
            e = resolver.known(p)
            return e if e and not (thing and not e.startswith(":dependency/")) else None
        ident = next((known(" ".join(words[:n])) for n in range(len(words), 0, -1)
                      if known(" ".join(words[:n]))), None) or \
            (resolver.thing(phrase) if thing else resolver.resolve(phrase, None))
        if ident and resolver.is_new(ident) and not any(o.e == ident for o in ops):
            ops.extend([Op("add", ident, ":description", _s(phrase)),
                        Op("add", ident, ":entity-type", _k(":type/dependency"))])
        return ident

    for it in items:
        said = it.rejects + it.forbids
        if it.kind in ("decision", "preference") and said and all(scopes.is_language_feature(x) for x in said):
            it = replace(it, kind="constraint")  # "Never use unsafe outside the ffi module": a rule of the code
        ns = KIND_NS[it.kind]
        ident = resolver.resolve(it.subject, ns)
        if ident is None:
            continue
        ops.append(Op("add", ident, ":description", _s(it.description)))
        ops.append(Op("add", ident, ":entity-type", _k(KIND_TYPE[it.kind])))
        if it.rationale:
            ops.append(Op("add", ident, ":rationale", _s(it.rationale[:MAX_DESCRIPTION])))
        if it.alias and _slug(it.alias) != ident.split("/", 1)[1] or (it.alias and it.alias != it.alias.lower()):
            ops.append(Op("add", ident, ":alias", _s(it.alias)))
        edges: list[tuple[str, str]] = []
        for r in it.rejects:
            if scopes.is_language_feature(r):
                continue  # "unsafe" is no package: no :dependency/unsafe that no import can meet
            t = ref(r, thing=True)
            if t and t != ident:
                ops.append(Op("add", ident, ":rejects", _k(t)))
                edges.append((":rejects", t))
        for f in it.forbids:
            if scopes.is_language_feature(f):
                continue
            t = ref(f, thing=True)
            if t and t != ident:
                ops.append(Op("add", ident, ":forbids", _k(t)))
                edges.append((":forbids", t))
        if it.relation:
            attr, obj = it.relation
            # "don't rename parse_config": the constraint governs the code's own entity, else a memory's, else none
            t = (resolver.code(obj) or resolver.known(obj)) if attr == ":governs" and obj else ref(obj) if obj else None
            if t and t != ident:
                ops.append(Op("add", ident, attr, _k(t)))
                edges.append((attr, t))
        exempts: list[str] = []
        features = [x for x in it.rejects + it.forbids if scopes.is_language_feature(x)]
        if features or any(a in (":rejects", ":forbids") for a, _t in edges):  # "… anyhow is fine in crates/core"
            exempts = exemptions.exempted_paths(f"{it.description} {it.rationale or ''}", resolver.tracked)
            ops.extend(Op("add", ident, ":exempts", _s(p)) for p in exempts)
        scoped: list[str] = []
        if any(a in (":rejects", ":forbids") for a, _t in edges):  # "… to the printer crate's default features"
            scoped = [p for p in scopes.scoped_paths(it.description, resolver.package) if p not in exempts]
            ops.extend(Op("add", ident, ":scope", _s(p)) for p in scoped)
        superseded: list[str] = []
        if it.kind == "decision":
            # A change of mind: the current decision that chose what this one rejects or drops, or that
            # dropped what this one chooses, is superseded.
            olds = [o for r in it.rejects for o in resolver.decisions_choosing(r)]
            olds += resolver.decisions_choosing("no " + it.subject)
            for old in dict.fromkeys(olds):
                if old != ident and old not in superseded:
                    superseded.append(old)
                    ops.append(Op("add", ident, ":supersedes", _k(old)))
                    edges.append((":supersedes", old))
        stored.append({"entity": ident, **it.to_json(), "edges": [list(e) for e in edges],
                       "new": resolver.is_new(ident), **({"exempts": exempts} if exempts else {}),
                       **({"scope": scoped} if scoped else {}),
                       **({"supersedes": superseded} if superseded else {})})
    return ops, stored


CLAIMS = (":decision/", ":constraint/", ":preference/")


def _record_changes(delta: str, stored: list[dict[str, Any]], resolver: Resolver) -> list[Op]:
    """A decision record pasted whole: what it stored carries the record's name (``:alias "PEP 622"``), and a
    later record that says it replaces that one ("Replaces: 622" among its status lines, "It replaces PEP 622"
    or "intended replacement of BIP 0021" in its text) supersedes every decision, constraint and preference the
    replaced record stored (lore.memory.supersession)."""
    own = supersession.record_name(delta)
    claims = [m["entity"] for m in stored if m["entity"].startswith(CLAIMS)]
    ops = [Op("add", e, ":alias", _s(own)) for e in dict.fromkeys(claims)] if own else []
    first = next((e for e in claims if e.startswith(":decision/")), claims[0] if claims else None)
    # the decision that rejects the record by name first ("It replaces PEP 622"), then the record's first
    by = [(m["entity"], n) for m in stored if m["entity"].startswith(":decision/")
          for r in m.get("rejects") or [] if (n := supersession.names_a_record(r))]
    if first:
        by += [(first, n) for n in [*supersession.replaced_records(delta, own),
                                    *supersession.replaced_in_text(delta, own)]]
    done = {old for m in stored for old in m.get("supersedes") or []}  # to_ops' own reading got these
    for new, name in by:
        for old in resolver.claims_named(name):
            if old not in claims and old not in done:
                done.add(old)
                ops.append(Op("add", new, ":supersedes", _k(old)))
                m = next(m for m in stored if m["entity"] == new)
                if old not in m.setdefault("supersedes", []):
                    m["supersedes"].append(old)
    return ops


def closing_ops(graph: Graph, old: str, now: int) -> list[Op]:
    """Retractions that end every fact of ``old`` valid now at the transaction's instant: the history keeps
    them, valid time before the change still holds them."""
    rows = graph.con.execute(
        f"SELECT DISTINCT a, vt, v, vn FROM facts WHERE e = ? AND tx_to = {MAX_TX} AND NOT inferred "
        f"AND valid_from <= ? AND valid_to > ? ORDER BY a, v", [old, now, now]).fetchall()
    return [Op("retract", old, a, Value(vt, v, vn), TX_INSTANT) for a, vt, v, vn in rows]


def _with_closings(graph: Graph, ops: list[Op], now: int) -> list[Op]:
    """Each ``[new :supersedes old]`` among the ops ends old's current facts at this transaction's instant;
    old's rejections that new does not speak of pass to new (lore.memory.supersession)."""
    pairs = [(op.e, op.value.v) for op in ops if op.kind == "add" and op.a == ":supersedes" and op.value.vt == "k"]
    out = list(ops)
    for new, old in dict.fromkeys(pairs):
        if any(op.e == old and op.kind == "add" for op in ops):
            continue  # asserted again in the same transaction: not replaced
        closing = closing_ops(graph, old, now)
        if not any(c.e == old for c in out if c.kind == "retract"):
            out.extend(closing)
        out.extend(k for k in supersession.kept(old, [(c.a, c.value.vt, c.value.v) for c in closing], new, ops)
                   if k not in out)
    return out


_STATEMENTS = tuple(f":{k}/" for k in STATEMENT_KINDS)


def _with_restatements(graph: Graph, ops: list[Op], now: int) -> list[Op]:
    """A memory said again (a later turn naming the same decision): what it now says of a one-valued attribute
    (its :description, its :rationale) ends the other values current now at this transaction's instant, so the
    later statement supersedes the earlier in history instead of standing beside it (docs/DESIGN-CHOICES.md,
    "A memory said twice"). An attribute the statement does not speak of (no reason given) keeps its value."""
    said: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for op in ops:
        if (op.kind == "add" and op.a in ONE_VALUED_STATEMENT and op.e.startswith(_STATEMENTS)
                and str(op.value.v).strip()):  # a blank value says nothing: it replaces nothing
            said.setdefault((op.e, op.a), set()).add((op.value.vt, op.value.v))
    out = list(ops)
    for (e, a), values in said.items():
        rows = graph.con.execute(
            f"SELECT DISTINCT vt, v, vn FROM facts WHERE e = ? AND a = ? AND tx_to = {MAX_TX} AND NOT inferred "
            f"AND valid_from <= ? AND valid_to > ? ORDER BY v", [e, a, now, now]).fetchall()
        for vt, v, vn in rows:
            closing = Op("retract", e, a, Value(vt, v, vn), TX_INSTANT)
            if (vt, v) not in values and closing not in out:
                out.append(closing)
    return out


def _normalised_exemption(op: Op) -> Op:
    """``:exempts "./crates/core/"`` is the folder ``crates/core``, as capture reads it (lore.memory.exemptions):
    one folder said two ways is one exemption."""
    if op.a != ":exempts" or op.value.vt != "s":
        return op
    path = exemptions.normalised(op.value.v)
    if not path:
        raise LoreError("bad-params", f"facts: {op.value.v[:80]!r} is no path of the repository to exempt")
    return op if path == op.value.v else Op(op.kind, op.e, op.a, Value("s", path, None))


# ------------------------------------------------------------------ the agent's own extraction

_LOOSE_IDENT = re.compile(r"^:?([A-Za-z][\w.+ -]{0,80})/([^\s/][^/]{0,200})$")


def canonical_ident(text: str) -> str | None:
    """``:Decision/Use Redis`` -> ``:decision/use-redis``; a valid ident stays as it is; None if it is none."""
    t = text.strip()
    if t.startswith(":") and IDENT_RE.match(t[1:].lower()):
        return t.lower()
    m = _LOOSE_IDENT.match(t)
    if not m or not t.startswith(":"):
        return None
    ns, name = _slug(m.group(1)), _slug(m.group(2), max_len=120)
    ident = f":{ns}/{name}"
    return ident if ns and name and IDENT_RE.match(ident[1:]) else None


def _agent_triples(facts: Any) -> list[tuple[Any, Any, Any]]:
    """(entity, attribute, value) as given, from EDN text or a JSON list; shape errors are bad-params."""
    if isinstance(facts, str):
        if len(facts) > MAX_DELTA_CHARS:
            raise LoreError("too-large", f"facts have {len(facts)} characters; the limit is {MAX_DELTA_CHARS}")
        text = facts.strip()
        as_json: Any = None
        if text.startswith("["):
            try:
                as_json = json.loads(text)  # a JSON list given as text (the CLI's --facts)
            except ValueError:
                as_json = None
        if isinstance(as_json, list):
            facts = as_json
        else:
            form = edn.read(text)  # raises a LoreError with the position on bad EDN
            if not isinstance(form, (list, tuple)):
                raise LoreError("bad-params", "facts: an EDN vector of [:entity :attribute value] facts")
            items = [form] if form and isinstance(form[0], edn.Keyword) else list(form)
            out = []
            for n, item in enumerate(items, 1):
                if not isinstance(item, (list, tuple)):
                    raise LoreError("bad-params", f"facts: fact {n} is not a vector [:entity :attribute value]")
                parts = list(item)
                if parts and isinstance(parts[0], edn.Keyword) and str(parts[0]) == "db/add":
                    parts = parts[1:]
                elif parts and isinstance(parts[0], edn.Keyword) and str(parts[0]).startswith("db/"):
                    raise LoreError("bad-params", f"facts: fact {n}: an agent's facts are assertions; "
                                    f"use `lore retract` to retract")
                if len(parts) != 3:
                    raise LoreError("bad-params", f"facts: fact {n} has {len(parts)} parts; a fact is "
                                    f"[:entity :attribute value]")
                e, a, v = parts
                out.append((":" + str(e) if isinstance(e, edn.Keyword) else e,
                            ":" + str(a) if isinstance(a, edn.Keyword) else a,
                            ("ref", ":" + str(v)) if isinstance(v, edn.Keyword) else v))
            return out
    if not isinstance(facts, list):
        raise LoreError("bad-params", "facts: EDN text or a JSON list of {\"entity\", \"attribute\", \"value\"}")
    out = []
    for n, f in enumerate(facts, 1):
        if not isinstance(f, dict) or set(f) - {"entity", "attribute", "value"} or \
                not {"entity", "attribute", "value"} <= set(f):
            raise LoreError("bad-params", f"facts: fact {n} must be an object with exactly \"entity\", "
                            f"\"attribute\" and \"value\"")
        v = f["value"]
        if isinstance(v, str) and canonical_ident(v) and re.match(r"^:[A-Za-z]", v) and "/" in v and " " not in v:
            v = ("ref", v)
        out.append((f["entity"], f["attribute"], v))
    return out


def agent_ops(graph: Graph, facts: Any) -> tuple[list[Op], list[dict[str, Any]]]:
    """The agent's facts validated and resolved: canonical idents, an existing entity named by its alias,
    keyword values that name an entity resolved the same way."""
    triples = _agent_triples(facts)
    if len(triples) > MAX_AGENT_FACTS:
        raise LoreError("too-large", f"facts: {len(triples)} facts; the limit is {MAX_AGENT_FACTS} per turn")
    resolver = Resolver(graph)

    def entity(x: Any, n: int, what: str) -> str:
        if not isinstance(x, str):
            raise LoreError("bad-params", f"facts: fact {n}: the {what} must be an ident such as :decision/use-redis")
        ident = canonical_ident(x)
        if ident is None:
            raise LoreError("bad-params", f"facts: fact {n}: {x[:80]!r} is not an ident such as :decision/use-redis")
        if "/" not in ident:  # ``:redis``: no kind, so nothing to resolve it by (it failed as an internal error)
            raise LoreError("bad-params", f"facts: fact {n}: {x[:80]!r} names no kind; write it as "
                            f":dependency/{ident[1:80]} or :decision/…")
        ns, name = ident[1:].split("/", 1)
        if ns in CAPTURED_KINDS and ident not in resolver.idents:
            # An alias of an entity the graph has ("Redis" for :decision/redis-cache) names that entity.
            for e in sorted(resolver.by_alias.get(_slug(name), [])):
                if e.startswith(f":{ns}/"):
                    return e
        return ident

    ops: list[Op] = []
    for n, (e, a, v) in enumerate(triples, 1):
        ident = entity(e, n, "entity")
        if not isinstance(a, str) or not a.startswith(":") or not ATTR_RE.match(a[1:]):
            raise LoreError("bad-params", f"facts: fact {n}: the attribute must be a keyword such as :description")
        if a.startswith(":db/"):
            raise LoreError("bad-params", f"facts: fact {n}: schema attributes (:db/…) are not memory; "
                            f"use `lore transact`")
        if isinstance(v, tuple) and len(v) == 2 and v[0] == "ref":
            value = Value("k", entity(v[1], n, "value"), None)
        elif isinstance(v, (bool, int, float, str)) or isinstance(v, edn.Instant):
            try:
                value = encode(v)
            except LoreError as exc:
                raise LoreError("bad-params", f"facts: fact {n}: {exc.message}") from None
        else:
            raise LoreError("bad-params", f"facts: fact {n}: a value is a string, number, boolean or an ident")
        ops.append(_normalised_exemption(Op("add", ident, a, value)))
    ops = [op for i, op in enumerate(ops) if op not in ops[:i]]  # one folder said two ways: one fact
    ops += _agent_changes_of_mind(ops, resolver)
    stored: dict[str, dict[str, Any]] = {}
    for op in ops:
        m = stored.setdefault(op.e, {"entity": op.e, "kind": op.e[1:].split("/", 1)[0], "facts": 0,
                                     "new": op.e not in resolver.idents})
        m["facts"] += 1
        if op.a == ":description" and "description" not in m:
            m["description"] = op.value.v
        if op.a == ":rationale" and op.value.vt == "s" and "rationale" not in m:
            m["rationale"] = op.value.v
        if op.a in (":rejects", ":forbids"):
            # named as the heuristic's reply names them: the thing, not its namespace
            m.setdefault(op.a[1:], []).append(op.value.v.split("/", 1)[1] if op.value.vt == "k" else op.value.v)
        if op.a == ":supersedes":
            m.setdefault("supersedes", []).append(op.value.v)
        if op.value.vt == "k" and op.a != ":entity-type":
            m.setdefault("edges", []).append([op.a, op.value.v])
    return ops, list(stored.values())


def _agent_changes_of_mind(ops: list[Op], resolver: Resolver) -> list[Op]:
    """A decision the agent records that rejects X supersedes the current decision that chose X, as a captured
    one does, unless the agent named what it supersedes or asserts that decision again in the same turn: an
    agent told "switch from requests to httpx" writes the rejection and need not know the old decision's ident."""
    named = {op.e for op in ops if op.a == ":supersedes"}
    asserted = {op.e for op in ops}
    added: list[Op] = []
    for op in ops:
        if (op.a != ":rejects" or op.value.vt != "k" or not op.e.startswith(":decision/") or op.e in named):
            continue
        for old in resolver.decisions_choosing(op.value.v.split("/", 1)[1]):
            edge = Op("add", op.e, ":supersedes", _k(old))
            if old not in asserted and edge not in added:
                added.append(edge)
    return added


_LONG_BLANKS = re.compile(r"[ \t]{16,}")
_MANY_BLANK_LINES = re.compile(r"(?:[ \t]*\n){4,}")


def _bounded_blanks(text: str) -> str:
    """The turn with each run of 16 or more spaces and tabs as one space and each run of four or more blank lines
    as three: the readers' patterns try a match at every blank of a run, and a pasted table's padding (20,000
    spaces cost 15 s of CPU) made them quadratic. Prose and indented code keep their blanks."""
    return _MANY_BLANK_LINES.sub("\n\n\n", _LONG_BLANKS.sub(" ", text))


def capture(graph: Graph, delta: Any, *, strategy: str | None = None, dry_run: bool = False,
            facts: Any = None) -> dict[str, Any]:
    if facts is not None:
        return capture_agent_facts(graph, facts, delta=delta, dry_run=dry_run)
    if not isinstance(delta, str):
        raise LoreError("bad-params", "finalizeTurn takes a delta string (\"User: … Agent: …\")")
    if len(delta) > MAX_DELTA_CHARS:
        raise LoreError("too-large", f"the delta has {len(delta)} characters; the limit is {MAX_DELTA_CHARS}")
    if any("\ud800" <= ch <= "\udfff" for ch in delta):
        raise LoreError("invalid-utf8", "the delta is not valid UTF-8")
    delta = _bounded_blanks(delta)
    name = strategy or os.environ.get("LORE_EXTRACTION_STRATEGY") or "heuristic"
    fn = STRATEGIES.get(name)
    if fn is None:
        raise LoreError("bad-params", f"unknown extraction strategy {name!r} (known: {', '.join(sorted(STRATEGIES))})")
    items = fn(delta)
    if name == "heuristic":
        # the learned sentence reader: phrasings the rules do not know, in sentences they took nothing from
        items = learned.beside(delta, items)
        items = scopes.with_confined(delta, items)  # "No unsafe outside the ffi module"
    resolver = Resolver(graph)
    ops, stored = to_ops(items, resolver)
    ops += _record_changes(delta, stored, resolver)
    reply: dict[str, Any] = {"ok": True, "stored": len(stored), "strategy": name, "memories": stored}
    if not ops:
        return reply
    # What a memory rejects or forbids is the code's own entity when the code has it (SPEC §1).
    closed = _with_restatements(graph, _with_closings(graph, ops, resolver.now), resolver.now)
    final = _without_orphan_stubs(closed, identity.canonical_ops(graph, closed))
    _report_canonical_edges(stored, final)
    if dry_run:
        reply["dry_run"] = True
        return reply
    result = graph.transact(final, reason=f"finalize-turn: {len(stored)} durable fact(s) from an exchange",
                            source="agent")
    reply.update(result.to_json())
    reply["_result"] = result
    return reply


def _without_orphan_stubs(before: list[Op], final: list[Op]) -> list[Op]:
    """A new stub (``:dependency/chardet :description "chardet"``) that capture made for a reference which one
    identity then rewrote to the code's entity names nothing any more: it is not written, or recall would
    return it beside the code's own entity."""
    def named(ops: list[Op]) -> set[str]:
        return {op.value.v for op in ops if op.kind == "add" and op.value.vt == "k" and op.a != ":entity-type"}
    rewritten = named(before) - named(final)
    orphans = {e for e in rewritten
               if {op.a for op in final if op.e == e and op.kind == "add"} <= {":description", ":entity-type"}}
    return [op for op in final if op.e not in orphans]


def _report_canonical_edges(stored: list[dict[str, Any]], final: list[Op]) -> None:
    """The reply names what is stored: an edge rewritten to the code's ident (``:dependency/certifi`` ->
    ``:module/certifi``) is reported as the ident the transaction writes, so a caller's next query finds it."""
    written: dict[tuple[str, str], list[str]] = {}
    for op in final:
        if op.kind == "add" and op.value.vt == "k":
            written.setdefault((op.e, op.a), []).append(op.value.v)
    for memory in stored:
        edges = memory.get("edges") or []
        for edge in edges:
            got = written.get((memory["entity"], edge[0]), [])
            if edge[1] not in got:
                # canonical_ops rewrites an add into one add: the rewritten value is the one that no other
                # edge of this memory with the same attribute names.
                spare = [v for v in got if v not in {t for a, t in edges if a == edge[0]}]
                if spare:
                    edge[1] = spare[0]


def capture_agent_facts(graph: Graph, facts: Any, *, delta: Any = None, dry_run: bool = False) -> dict[str, Any]:
    """The facts the agent extracted, validated and resolved, stored as one transaction (zero model calls)."""
    if delta is not None and not isinstance(delta, str):
        raise LoreError("bad-params", "finalizeTurn's delta is a string")
    if isinstance(facts, str) and any("\ud800" <= ch <= "\udfff" for ch in facts):
        raise LoreError("invalid-utf8", "the facts are not valid UTF-8")
    ops, stored = agent_ops(graph, facts)
    reply: dict[str, Any] = {"ok": True, "stored": len(stored), "strategy": "agent", "memories": stored}
    if not ops:
        # The agent read the exchange and found nothing settled: nothing is stored, and Lore's own reader stays
        # out (it would store what the agent judged a proposal or a question).
        return reply
    now = now_micros()
    final = identity.canonical_ops(graph, _with_restatements(graph, _with_closings(graph, ops, now), now))
    _report_canonical_edges(stored, final)
    if dry_run:
        reply["dry_run"] = True
        return reply
    result = graph.transact(final, reason=f"finalize-turn: {len(ops)} fact(s) the agent extracted", source="agent")
    reply.update(result.to_json())
    reply["_result"] = result
    return reply

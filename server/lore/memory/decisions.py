"""Decisions recorded, edited, superseded and retracted by a person (the editor's code actions, the Neovim
plugin, an agent): each one transaction, resolved like every other write (the one identity, the journal).

A decision's short name is suggested so that it never inverts the meaning: a decision that rejects code is
named from what it rejects (``no-chardet``), and a negation in the text's first clause stays in the name
("Never import pyOpenSSL directly, …" -> ``never-import-pyopenssl-directly``).
"""

from __future__ import annotations

import re
from typing import Any

from lore import operations
from lore.errors import LoreError
from lore.idents import external_ident, slug
from lore.memory import supersession
from lore.store.graph import MAX_TX, TX_INSTANT, Graph, Op
from lore.store.values import Value
from lore.timeutil import now_micros

KINDS = ("rejects", "governs")
IDENT_RE = re.compile(r"^:[a-z0-9_.?\-]+/[a-z0-9_.?\-]+$")
MAX_TEXT = 4000
MAX_NAME = 60
NEGATIONS = ("no", "not", "never", "dont", "avoid", "without", "stop", "forbid", "ban", "reject", "nor", "cannot",
             "mustnt", "shouldnt", "wont")
_FILLER = {"a", "an", "the", "we", "will", "to", "of", "and", "for", "in", "on", "is", "are", "be", "use",
           "using", "always", "must", "should", "shall", "do", "does", "please", "our", "this", "that", "it"}
TARGET_ATTRS = (":rejects", ":governs", ":forbids", ":relates-to")


def _text(params: dict[str, Any], key: str, *, required: bool) -> str | None:
    v = params.get(key)
    if v is None or (isinstance(v, str) and not v.strip() and not required):
        if required:
            raise LoreError("bad-params", f"missing parameter {key!r}")
        return None
    if not isinstance(v, str) or not v.strip():
        raise LoreError("bad-params", f"parameter {key!r} must be a non-empty string")
    if len(v) > MAX_TEXT:
        raise LoreError("bad-params", f"parameter {key!r} may have at most {MAX_TEXT} characters")
    return " ".join(v.split()) if key == "text" else v.strip()


def _required_text(params: dict[str, Any]) -> str:
    text = _text(params, "text", required=True)
    if text is None:  # _text raises for a missing required text; this is for the type checker
        raise LoreError("bad-params", "missing parameter 'text'")
    return text


def _ident(v: Any, what: str) -> str:
    if not isinstance(v, str) or not IDENT_RE.match(v):
        raise LoreError("bad-params", f"{what} must be an entity ident such as :module/chardet, got {str(v)[:80]!r}")
    return v


def target_of(params: dict[str, Any], kind: str) -> str | None:
    """The code the decision is about: an ident, or (for a rejection) a package name as imported."""
    t = params.get("target")
    if t is None:
        if kind == "rejects":
            raise LoreError("bad-params", "a rejection needs 'target': what is rejected (:module/chardet, or a "
                                          "package as imported: chardet, node:crypto, @scope/pkg, github.com/x/y)")
        return None
    if isinstance(t, str) and kind == "rejects" and not t.startswith((":", ".", "/")) and \
            re.fullmatch(r"[A-Za-z0-9_.@/:\-]{1,200}", t):
        # a package as an import names it: node:crypto (a Node built-in, as ingestion reads it: crypto),
        # @scope/pkg, github.com/x/y; slugged as the import's module is
        return external_ident(t.removeprefix("node:"))
    return _ident(t, "'target'")


def kind_of(params: dict[str, Any]) -> str:
    kind = params.get("kind", "governs")
    if kind not in KINDS:
        raise LoreError("bad-params", f"'kind' must be one of {', '.join(KINDS)}, got {str(kind)[:40]!r}")
    return kind


def suggest_name(text: str | None, kind: str, target: str | None) -> str:
    """A short name that says what the text says (never its opposite)."""
    if kind == "rejects" and target:
        return ("no-" + slug(target.split("/", 1)[1]))[:MAX_NAME].rstrip("-")
    first = re.split(r"[,.;:!?()\u2014]|\s-\s", text or "", maxsplit=1)[0]
    words = [w for w in slug(first.replace("'", "").replace("\u2019", "")).split("-") if w]
    negated = any(w in NEGATIONS for w in words)
    kept: list[str] = []
    skip = False
    for i, w in enumerate(words):
        if skip:
            skip = False
            continue
        if w in ("do", "does") and i + 1 < len(words) and words[i + 1] == "not" or w in ("dont", "doesnt"):
            kept.append("no")  # "do not use X", "we don't use X" -> no-x
            skip = w in ("do", "does")
            continue
        if w in _FILLER and w not in NEGATIONS:
            continue
        kept.append(w)
    kept = kept[:5]
    if negated and not any(w in NEGATIONS for w in kept):
        kept = ["no", *kept]
    if not kept and target:
        kept = [slug(target.split("/", 1)[1])]
    name = "-".join(kept)[:MAX_NAME].rsplit("-", 1)[0] if len("-".join(kept)) > MAX_NAME else "-".join(kept)
    return name or "decision"


def _exists(graph: Graph, ident: str) -> bool:
    cur = graph.cursor()
    try:
        return bool(cur.execute("SELECT 1 FROM facts WHERE e = ? LIMIT 1", [ident]).fetchall())
    finally:
        cur.close()


def _current(graph: Graph, ident: str) -> list[tuple[str, str, str, Any]]:
    now = now_micros()
    cur = graph.cursor()
    try:
        return cur.execute(f"SELECT DISTINCT a, vt, v, vn FROM facts WHERE e = ? AND tx_to = {MAX_TX} AND NOT inferred "
                           "AND valid_from <= ? AND valid_to > ? ORDER BY a, v", [ident, now, now]).fetchall()
    finally:
        cur.close()


def free_ident(graph: Graph, name: str) -> str:
    """``:decision/<name>``, or with ``-2``, ``-3``… when that decision already exists."""
    base = slug(name)[:MAX_NAME].strip("-") or "decision"
    ident, n = f":decision/{base}", 1
    while _exists(graph, ident):
        n += 1
        ident = f":decision/{base}-{n}"
    return ident


def _s(v: str) -> Value:
    return Value("s", v, None)


def _k(v: str) -> Value:
    return Value("k", v, None)


def _commit(graph: Graph, ops: list[Op], params: dict[str, Any], reason: str) -> dict[str, Any]:
    source = params.get("source") or "lsp"
    if source not in operations.USER_SOURCES:
        raise LoreError("bad-source", f"source must be one of {', '.join(operations.USER_SOURCES)}")
    for rewrite in operations.WRITE_FILTERS:
        ops = rewrite(graph, ops)
    given = params.get("reason")
    if given is not None and (not isinstance(given, str) or not given.strip()):
        raise LoreError("bad-params", "'reason' must be a non-empty string")
    result = graph.transact(ops, reason=(given or reason).strip(), source=source)
    return {"ok": True, **result.to_json(), "_result": result}


def _existing_decision(graph: Graph, params: dict[str, Any]) -> tuple[str, list[tuple[str, str, str, Any]]]:
    ident = _ident(params.get("decision"), "'decision'")
    if not ident.startswith((":decision/", ":constraint/", ":preference/")):
        raise LoreError("bad-params", "'decision' must be a decision, constraint or preference ident")
    rows = _current(graph, ident)
    if not rows:
        raise LoreError("unknown-decision", f"{ident} holds nothing now (never recorded, or retracted)")
    return ident, rows


def _more_targets(params: dict[str, Any], kind: str) -> list[str]:
    """The optional lists beside ``target``: more that the decision rejects (idents or package names) or
    governs (idents), e.g. the alternatives an editor's form lists and the symbol it was asked on."""
    v = params.get(kind)
    if v is None:
        return []
    if not isinstance(v, list) or len(v) > 50:
        raise LoreError("bad-params", f"{kind!r} must be a list of at most 50 entity idents")
    out: list[str] = []
    for t in v:
        one = target_of({"target": t}, kind)
        if one is not None:
            out.append(one)
    return out


def record(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    kind = kind_of(params)
    target = target_of(params, kind)
    text = _required_text(params)
    why = _text(params, "why", required=False)
    name = params.get("name")
    if name is not None and (not isinstance(name, str) or not re.search(r"[A-Za-z0-9]", name) or len(name) > 200):
        raise LoreError("bad-params", "'name' must be a short name with letters or digits")
    about = [(":" + kind, target)] if target else []
    about += [(":" + k, t) for k in KINDS for t in _more_targets(params, k)]
    ident = free_ident(graph, name if name else suggest_name(text, kind, target))
    # typed like a decision captured from text (capture.KIND_TYPE), so every view that lists decisions has it
    ops = [Op("add", ident, ":description", _s(text)), Op("add", ident, ":entity-type", _k(":type/decision"))]
    if why:
        ops.append(Op("add", ident, ":rationale", _s(why)))
    ops += [Op("add", ident, a, _k(t)) for a, t in dict.fromkeys(about)]
    reply = _commit(graph, ops, params, f"{'rejection' if kind == 'rejects' else 'decision'} recorded: {text[:80]}")
    return {**reply, "decision": ident, "kind": kind, "target": target}


def edit(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """New text or why for a decision: the old values end now (history keeps them)."""
    ident, rows = _existing_decision(graph, params)
    text = _text(params, "text", required=False)
    why = _text(params, "why", required=False)
    if text is None and why is None:
        raise LoreError("bad-params", "give 'text' or 'why' (or both)")
    ops: list[Op] = []
    for attr, new in ((":description", text), (":rationale", why)):
        if new is None:
            continue
        for a, vt, v, vn in rows:
            if a == attr and v != new:
                ops.append(Op("retract", ident, a, Value(vt, v, vn), TX_INSTANT))
        ops.append(Op("add", ident, attr, _s(new)))
    reply = _commit(graph, ops, params, f"decision edited: {ident}")
    return {**reply, "decision": ident}


def supersede(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """A new decision replaces an old one: ``[new :supersedes old]``, old's facts end now; the new one is
    about what the old was about unless a kind and target are given."""
    from lore.memory.capture import closing_ops  # here: capture compiles many patterns on import

    old, rows = _existing_decision(graph, params)
    text = _required_text(params)
    why = _text(params, "why", required=False)
    if params.get("target") is not None:
        kind = kind_of(params)
        about = [(":" + kind, target_of(params, kind))]
    else:
        # The new decision governs what the old one was about; of the old one's rejections, those its text
        # names (it may allow them again) are governed too, the others it keeps (lore.memory.supersession).
        kind = "governs"
        about = [(":governs", v) for v in dict.fromkeys(v for a, vt, v, _ in rows if a in TARGET_ATTRS and vt == "k")]
    name = params.get("name")
    ident = free_ident(graph, name if isinstance(name, str) and re.search(r"[A-Za-z0-9]", name)
                       else suggest_name(text, kind, about[0][1] if about and kind == "rejects" else None))
    ops = [Op("add", ident, ":description", _s(text)), Op("add", ident, ":entity-type", _k(":type/decision")),
           Op("add", ident, ":supersedes", _k(old))]
    if why:
        ops.append(Op("add", ident, ":rationale", _s(why)))
    kept = supersession.kept(old, [(a, vt, v) for a, vt, v, _ in rows], ident,
                             ops + [Op("add", ident, a, _k(v)) for a, v in about if v and a != ":governs"])
    carried = {op.value.v for op in kept}
    ops += [Op("add", ident, a, _k(v)) for a, v in about if v and not (a == ":governs" and v in carried)]
    ops += kept
    ops += closing_ops(graph, old, now_micros())
    reply = _commit(graph, ops, params, f"{ident} supersedes {old}")
    return {**reply, "decision": ident, "supersedes": old, "kept": [[op.a, op.value.v] for op in kept]}


def retract(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    """A decision that no longer holds: every current fact of it ends now (history keeps it)."""
    from lore.memory.capture import closing_ops  # here: capture compiles many patterns on import

    # The request's own shape first: a missing reason is refused whatever the graph holds.
    if not isinstance(params.get("reason"), str) or not params["reason"].strip():
        raise LoreError("missing-reason", "retracting a decision needs a reason")
    ident, _ = _existing_decision(graph, params)
    reply = _commit(graph, closing_ops(graph, ident, now_micros()), params, "")
    return {**reply, "decision": ident}

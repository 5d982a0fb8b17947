"""Rule files: a short header of ``-- key: value`` lines and one DuckDB SELECT (or a Datalog query).

A rule file in ``rules/`` (built in, shipped as ``lore.builtin_rules``) or in a workspace's rules folder
(``rules/`` beside the graph file, i.e. ``.lore/rules/``) looks like::

    -- name: timeout_conflict
    -- description: A caller's timeout is shorter than its callee's processing time (indented lines
    --   continue a value).
    -- kind: warning                 (fact | warning)
    -- derives: :depends-on          (fact rules: the attribute they conclude)
    -- reads: :calls :timeout-ms :processing-ms
    -- confidence: 0.8
    -- severity: warning             (warning rules: warning | information)
    -- message: {{caller}} may time out calling {{callee}} ({{timeout}} ms < {{processing}} ms)
    SELECT ...

An optional ``-- reads_only_of: :description with :rejects :forbids`` says the rule reads ``:description``
only of entities holding a current ``:rejects`` or ``:forbids`` row (rules/README.md).

Datalog rule files (``*.dl``) use ``;;`` instead of ``--``; the body is Datalog rules and an optional
``;; goal: (name ?e ?v)`` header picks the conclusions (default: the first rule's head). They are compiled by
the query engine (``lore.query.api.compile_rule_query``); the goal's variables are the columns.

Loading never raises for a workspace rule: a broken file becomes a RuleError, reported and skipped.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lore.inference.trust import content_hash, is_trusted

log = logging.getLogger("lore")

KINDS = ("fact", "warning")
SEVERITIES = ("warning", "information")
NAME_RE = re.compile(r"^[a-z][a-z0-9_\-]{0,63}$")
ATTR_RE = re.compile(r"^:[A-Za-z0-9_.?!*+<>=\-]+(/[A-Za-z0-9_.?!*+<>=\-]+)?$")
SLOT_RE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}")
HEADER_KEYS = {"name", "description", "kind", "derives", "reads", "confidence", "severity", "message",
               "code", "key", "goal", "scope", "reads_only_of"}
MAX_RULE_BYTES = 256 * 1024
# Columns with a meaning to the engine; every other output column is a template slot.
FACT_COLUMNS = {"e", "v", "vt", "vn", "provenance", "weight"}
WARNING_COLUMNS = {"entity", "provenance", "weight", "anchor_kind", "anchor_entity", "anchor_target", "related"}
WARNING_ATTR = ":lore/warning"


@dataclass
class Rule:
    name: str
    kind: str
    sql: str
    reads: frozenset[str]
    confidence: float = 1.0
    description: str = ""
    derives: str | None = None
    severity: str = "warning"
    message: str = ""
    code: str = ""
    key: tuple[str, ...] = ()
    origin: str = "builtin"  # builtin | workspace
    path: str = ""
    lang: str = "sql"
    digest: str = ""
    scope: bool = False  # "-- scope: subject": may run over the changed entities only
    # "-- reads_only_of: :a … with :g …": the rule reads :a only of entities that hold a current row of some :g
    # (a change of :a about any other entity changes none of its conclusions: Engine.run skips it)
    reads_only_of: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    sha256: str = ""  # of the whole file: what trust names (lore.inference.trust)
    header: dict[str, str] = field(default_factory=dict)

    @property
    def attribute(self) -> str:
        return WARNING_ATTR if self.kind == "warning" else (self.derives or "")

    def render(self, slots: dict[str, Any]) -> str:
        """Fill ``{{slot}}`` from the row; an unknown slot stays visible rather than vanishing."""
        def sub(m: re.Match[str]) -> str:
            key = m.group(1)
            if key in slots and slots[key] is not None:
                val = slots[key]
                if isinstance(val, float):
                    return f"{val:g}"
                if isinstance(val, (list, tuple)):
                    return ", ".join(str(x) for x in val)
                return str(val)
            return m.group(0)
        return SLOT_RE.sub(sub, self.message)


@dataclass
class RuleError:
    path: str
    code: str
    message: str
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.path, "code": self.code, "message": self.message}
        if self.line is not None:
            out["line"] = self.line
        return out


class RuleParseError(Exception):
    def __init__(self, code: str, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line


def parse_rule(text: str, *, path: str = "<rule>", origin: str = "workspace") -> Rule:
    """Parse one rule file's text. Raises RuleParseError with a line number for a malformed header."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_RULE_BYTES:
        raise RuleParseError("rule-too-large", f"a rule file may have at most {MAX_RULE_BYTES} bytes")
    if "\x00" in text:
        raise RuleParseError("rule-bad-text", "the rule file contains a NUL character")
    lang = "datalog" if path.endswith(".dl") else "sql"
    marker = ";;" if lang == "datalog" else "--"
    header: dict[str, str] = {}
    lines = text.splitlines()
    body_start = len(lines)
    last_key: str | None = None
    for i, line in enumerate(lines):
        s = line.strip()
        if not s:
            continue
        if not s.startswith(marker):
            body_start = i
            break
        raw = s[len(marker):]
        content = raw.strip()
        if raw.startswith("  ") and last_key is not None:
            header[last_key] += " " + content  # an indented line continues the previous value
            continue
        m = re.match(r"^([a-z_]+)\s*:\s*(.*)$", content)
        if not m:
            last_key = None
            continue  # a plain comment
        key, value = m.group(1), m.group(2).strip()
        if key not in HEADER_KEYS:
            raise RuleParseError("rule-bad-header", f"unknown header key {key!r} (known: "
                                 f"{', '.join(sorted(HEADER_KEYS))})", i + 1)
        if key in header:
            raise RuleParseError("rule-bad-header", f"header key {key!r} is given twice", i + 1)
        header[key] = value
        last_key = key
    body = "\n".join(lines[body_start:]).strip()
    while body.endswith(";"):
        body = body[:-1].rstrip()

    def need(key: str) -> str:
        if not header.get(key):
            raise RuleParseError("rule-bad-header", f"the header needs '{marker} {key}: …'")
        return header[key]

    name = need("name")
    if not NAME_RE.match(name):
        raise RuleParseError("rule-bad-header", f"rule name {name!r} must be lowercase letters, digits, '_' "
                             "or '-', starting with a letter, at most 64 characters")
    kind = need("kind")
    if kind not in KINDS:
        raise RuleParseError("rule-bad-header", f"kind must be 'fact' or 'warning', got {kind!r}")
    reads = header.get("reads", "").split()
    if not reads:
        raise RuleParseError("rule-bad-header", "the header needs '-- reads: :attr …' (the attributes whose "
                             "changes make the rule run)")
    for a in reads:
        if not ATTR_RE.match(a):
            raise RuleParseError("rule-bad-header", f"{a!r} in reads is not an attribute keyword like :depends-on")
    derives = header.get("derives")
    if kind == "fact":
        if not derives or not ATTR_RE.match(derives):
            raise RuleParseError("rule-bad-header", "a fact rule needs '-- derives: :attribute'")
        if derives.startswith(":db/") or derives == WARNING_ATTR or derives == ":lore/dismissed":
            raise RuleParseError("rule-bad-header", f"a rule may not derive {derives}")
    elif derives:
        raise RuleParseError("rule-bad-header", "a warning rule derives no attribute; drop '-- derives'")
    try:
        confidence = float(header.get("confidence", "1.0"))
    except ValueError:
        raise RuleParseError("rule-bad-header", f"confidence must be a number in (0, 1], got "
                             f"{header.get('confidence')!r}") from None
    if not 0.0 < confidence <= 1.0:
        raise RuleParseError("rule-bad-header", f"confidence must be in (0, 1], got {confidence}")
    severity = header.get("severity", "warning")
    if severity not in SEVERITIES:
        raise RuleParseError("rule-bad-header", f"severity must be 'warning' or 'information', got {severity!r}")
    message = header.get("message", "")
    if kind == "warning" and not message:
        raise RuleParseError("rule-bad-header", "a warning rule needs '-- message: …' with {{slot}}s")
    key = tuple(header.get("key", "").split())
    if not body:
        raise RuleParseError("rule-empty", "the rule has a header but no query")
    scope = header.get("scope")
    if scope not in (None, "", "subject"):
        raise RuleParseError("rule-bad-header", f"scope must be 'subject', got {scope!r}")
    reads_only_of = _reads_only_of(header.get("reads_only_of", ""), frozenset(reads))
    digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return Rule(name=name, kind=kind, sql=body, reads=frozenset(reads), confidence=confidence,
                description=header.get("description", ""), derives=derives if kind == "fact" else None,
                severity=severity, message=message, code=header.get("code") or name, key=key,
                origin=origin, path=path, lang=lang, digest=digest, header=header, scope=scope == "subject",
                sha256=content_hash(text), reads_only_of=reads_only_of)


def _reads_only_of(value: str, reads: frozenset[str]) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """``:a … with :g …`` clauses, separated by ``;``: every attribute a declared in ``reads``, and the
    guards too (a change of a guard must make the rule run), none both."""
    out: list[tuple[frozenset[str], frozenset[str]]] = []
    for clause in value.split(";"):
        if not clause.strip():
            continue
        words = clause.split()
        if words.count("with") != 1 or words[0] == "with" or words[-1] == "with":
            raise RuleParseError("rule-bad-header", "reads_only_of takes ':attr … with :guard …' clauses "
                                 f"separated by ';', got {clause.strip()!r}")
        k = words.index("with")
        attrs, guards = frozenset(words[:k]), frozenset(words[k + 1:])
        for a in attrs | guards:
            if not ATTR_RE.match(a):
                raise RuleParseError("rule-bad-header", f"{a!r} in reads_only_of is not an attribute keyword")
            if a not in reads:
                raise RuleParseError("rule-bad-header", f"{a} in reads_only_of is not in reads")
        if attrs & guards:
            raise RuleParseError("rule-bad-header", "an attribute in reads_only_of cannot guard itself")
        out.append((attrs, guards))
    return tuple(out)


_builtin_cache: list[Rule] | None = None


def builtin_rules() -> list[Rule]:
    """The rules shipped in the wheel (the top-level rules/ folder, package lore.builtin_rules)."""
    global _builtin_cache
    if _builtin_cache is None:
        rules = []
        root = importlib.resources.files("lore.builtin_rules")
        for entry in sorted(root.iterdir(), key=lambda p: p.name):
            if entry.name.endswith((".sql", ".dl")):
                # A broken built-in rule is a bug in Lore: fail loudly in tests, not silently.
                rules.append(parse_rule(entry.read_text(encoding="utf-8"), path=f"rules/{entry.name}",
                                        origin="builtin"))
        _builtin_cache = rules
    return list(_builtin_cache)


def workspace_rules(folder: Path | None) -> tuple[list[Rule], list[RuleError]]:
    """Rules from a workspace folder. Every problem becomes a RuleError; nothing here raises."""
    rules: list[Rule] = []
    errors: list[RuleError] = []
    if folder is None:
        return rules, errors
    try:
        for link in (folder, folder.parent):
            if link.is_symlink():
                # a linked folder's rules are wherever the link points, not the repository's (SPEC §7)
                errors.append(RuleError(str(link), "rule-unsafe-path", f"{link.name} is a symlink; Lore does not "
                                        "read rules through it"))
                return rules, errors
        if not folder.is_dir():
            return rules, errors
        entries = sorted(p for p in folder.iterdir() if p.suffix in (".sql", ".dl"))
    except OSError as exc:
        errors.append(RuleError(str(folder), "rule-unreadable", f"cannot list the rules folder: {exc.strerror}"))
        return rules, errors
    for p in entries:
        try:
            if p.is_symlink():
                # A rule file is read from the repository itself, never from wherever a link points.
                errors.append(RuleError(str(p), "rule-unsafe-path", "the rule file is a symlink; Lore does not "
                                        "follow it"))
                continue
            if not p.is_file():
                continue
            if p.stat().st_size > MAX_RULE_BYTES:
                raise RuleParseError("rule-too-large", f"a rule file may have at most {MAX_RULE_BYTES} bytes")
            text = p.read_bytes().decode("utf-8")
            rules.append(parse_rule(text, path=str(p), origin="workspace"))
        except RuleParseError as exc:
            errors.append(RuleError(str(p), exc.code, exc.message, exc.line))
        except UnicodeDecodeError as exc:
            errors.append(RuleError(str(p), "rule-bad-text", f"the rule file is not UTF-8 (byte {exc.start})"))
        except OSError as exc:
            errors.append(RuleError(str(p), "rule-unreadable", f"cannot read the rule file: {exc.strerror}"))
    return rules, errors


_ws_cache: dict[str, tuple[tuple, list[Rule], list[RuleError]]] = {}


def _signature(folder: Path) -> tuple:
    try:
        st = folder.stat()
        entries = []
        for p in folder.iterdir():
            if p.suffix in (".sql", ".dl"):
                ps = p.stat()
                entries.append((p.name, ps.st_mtime_ns, ps.st_size))
        return (st.st_mtime_ns, tuple(sorted(entries)))
    except OSError:
        return ()


def cached_workspace_rules(folder: Path | None) -> tuple[list[Rule], list[RuleError]]:
    """workspace_rules, parsed again only when a file in the folder changed (a write checks the rules'
    input attributes on every commit, so this must cost next to nothing)."""
    if folder is None:
        return [], []
    sig = _signature(folder)
    if not sig:
        return [], []
    key = str(folder)
    hit = _ws_cache.get(key)
    if hit is None or hit[0] != sig:
        rules, errors = workspace_rules(folder)
        hit = (sig, rules, errors)
        _ws_cache[key] = hit
    return list(hit[1]), list(hit[2])


def reads_all(graph_path: str) -> frozenset[str]:
    """Every attribute some rule reads: a write touching none of them needs no inference."""
    rules, _ = all_rules(graph_path)
    out: set[str] = set()
    for r in rules:
        out |= r.reads
    return frozenset(out)


def workspace_folder(graph_path: str) -> Path | None:
    """Workspace rules live in ``rules/`` beside the graph file (``.lore/rules/`` for the default graph)."""
    if not graph_path or graph_path == ":memory:":
        return None
    parent = Path(graph_path).absolute().parent
    if parent.is_symlink():  # a linked .lore: its rules are refused (workspace_rules), never followed
        return parent / "rules"
    return Path(graph_path).resolve().parent / "rules"


def all_rules(graph_path: str) -> tuple[list[Rule], list[RuleError]]:
    """Built-in and trusted workspace rules. A workspace rule may not reuse a built-in rule's name (it
    would silently fight over the same inferred rows); a duplicate is reported and skipped. A workspace
    rule the user has not trusted (SPEC §7) is reported as ``rule-untrusted`` and does not run."""
    rules = builtin_rules()
    ws, errors = cached_workspace_rules(workspace_folder(graph_path))
    names = {r.name for r in rules}
    for r in ws:
        if not is_trusted(r.path, r.sha256):
            errors.append(RuleError(r.path, "rule-untrusted", f"the workspace rule {r.name!r} has not been "
                                    "trusted yet: review it, then run `lore trust` (or accept the editor's "
                                    "prompt); until then only the built-in rules run"))
            continue
        if r.name in names:
            errors.append(RuleError(r.path, "rule-duplicate", f"a rule named {r.name!r} is already loaded"))
            continue
        names.add(r.name)
        rules.append(r)
    return rules, errors


def untrusted_rules(graph_path: str) -> list[Rule]:
    """The workspace rules that parse but are not trusted (what ``lore trust`` would let run)."""
    ws, _ = cached_workspace_rules(workspace_folder(graph_path))
    return [r for r in ws if not is_trusted(r.path, r.sha256)]


def workspace_rule_files(graph_path: str) -> list[Rule]:
    """Every workspace rule that parses, trusted or not."""
    ws, _ = cached_workspace_rules(workspace_folder(graph_path))
    return ws

"""The MCP tools: one per operation, each with the JSON Schema of its params (SPEC §4) and a description that
tells an agent when to call it. A tool's structured result is exactly what ``lore <op> --json`` prints.

Each tool is a plain function whose typed parameters are the operation's params (the SDK derives the JSON
Schema from them); ``TOOLS`` maps the tool to its operation and to the params it sends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Tool:
    name: str
    operation: str
    description: str
    signature: Callable[..., Any]  # typed parameters only: the JSON Schema comes from them
    read_only: bool = True


def _transact(facts: str, reason: str, validFrom: str | None = None, validTo: str | None = None,
              private: bool | None = None) -> None:
    """facts: EDN, e.g. [[:decision/db :description "PostgreSQL 15"] [:decision/db :rejects :module/mysql]]"""


def _query(query: str, params: dict[str, str] | None = None) -> None:
    """query: Datalog, e.g. [:find ?d :where [?e :rejects :module/mysql] [?e :description ?d]]"""


def _rule(rule: str) -> None: ...


def _sql(sql: str) -> None: ...


def _history(entity: str) -> None: ...


def _graph(entity: str, format: str | None = None, limit: int | None = None) -> None:
    """format: json (default), mermaid or dot; limit: at most this many edges (default 200)"""


def _record_decision(kind: str, text: str, target: str | None = None, why: str | None = None,
                     name: str | None = None) -> None:
    """kind: rejects (target required: :module/chardet or a package name) or governs (target: code's ident)"""


def _warnings(file: str | None = None, uri: str | None = None) -> None:
    """file: relative to the repository root, or absolute; uri: a file:// URI (SPEC §4's lore/warnings param)"""


def _check(base: str | None = None, all: bool = False, paths: list[str] | None = None) -> None: ...


def _prepare_turn(message: str) -> None: ...


def _finalize_turn(delta: str | None = None, facts: str | list[dict[str, Any]] | None = None) -> None:
    """delta: the exchange; facts: the agent's own, as EDN text or a list of {entity, attribute, value} (with
    them no exchange is needed, as with `lore finalize-turn --facts`)"""


def _ingest(repo: str | None = None, branch: str | None = None, wait: bool = False) -> None: ...


def _nothing() -> None: ...


def _dismiss(id: str, reason: str) -> None: ...


def _rule_remove(name: str) -> None: ...


def _journal(limit: int | None = None) -> None: ...


TOOLS: tuple[Tool, ...] = (
    Tool("lore_prepare_turn", "prepareTurn",
         "Call FIRST on every user turn with the user's message: returns the project's recorded decisions, "
         "constraints and preferences that bear on it, what follows from them, and where the code they "
         "govern lives. Read it before you plan or edit.", _prepare_turn),
    Tool("lore_finalize_turn", "finalizeTurn",
         "Call LAST on every turn with the exchange ('User: … Agent: …'): Lore stores the durable decisions, "
         "preferences and constraints it states (with the why and the rejected alternatives). Lore's own reader "
         "is rule-based and misses many phrasings, so when the exchange settled something, pass what you "
         "extracted as `facts` (EDN, or a list of {entity, attribute, value}; it is stored instead of Lore's "
         "reading, validated and linked to the code; `delta` may then be left out; when it settled nothing, pass "
         "`facts: []` and nothing is stored), "
         "e.g. [[:decision/http-client :description \"Use httpx for HTTP calls\"] [:decision/http-client "
         ":rationale \"async support\"] [:decision/http-client :rejects :module/requests]]; kinds "
         ":decision/…, :constraint/…, :preference/….", _finalize_turn, read_only=False),
    Tool("lore_check", "check",
         "Call after you edit code: the warnings your change introduces (an import a decision rejected, code a "
         "constraint rules out, …) against the recorded memory. `all` for every warning.", _check),
    Tool("lore_warnings", "warnings",
         "The composed warnings for one file (`file`: repository-relative path, or `uri`: file:// URI) or, "
         "without either, for all.",
         _warnings),
    Tool("lore_transact", "transact",
         "Record facts (a decision, constraint, preference, dependency) with a reason, e.g. "
         "[[:decision/cache :description \"Use Redis for caching\"] [:decision/cache :rejects :module/memcache]]. "
         "validFrom/validTo (YYYY-MM-DD or RFC 3339) bound when they hold. The write is also journaled in "
         ".lore/journal (committed with the code) unless `private` is true.", _transact, read_only=False),
    Tool("lore_retract", "retract",
         "Retract facts (all valid time, or the window validFrom–validTo) with a reason. History keeps them.",
         _transact, read_only=False),
    Tool("lore_query", "query",
         "Run a Datalog query over the facts (time travel with :as-of / :valid-at). `params` maps :in "
         "names to EDN values.", _query),
    Tool("lore_history", "history",
         "Every change to one entity (e.g. :decision/db, :module/src-auth-py) in both times, with tx, instant "
         "and reason.", _history),
    Tool("lore_graph", "graph",
         "A decision's (or any entity's) neighbourhood as a small graph: what it governs, rejects or supersedes, "
         "the code that imports what it rejects, and the warnings about them; as JSON, Mermaid or Graphviz.",
         _graph),
    Tool("lore_record_decision", "recordDecision",
         "Record a decision a person stated: kind rejects (\"we don't use X\") or governs (about this code), "
         "with its text and why; named so the name never inverts the text, journaled.", _record_decision,
         read_only=False),
    Tool("lore_sql", "sql", "A read-only SELECT over the graph's tables (facts, tx); no file access.", _sql),
    Tool("lore_ingest", "ingest",
         "Ingest the repository's git history and code structure (incremental). It runs in the background "
         "unless `wait` is true; lore_ingest_status says where it is.", _ingest, read_only=False),
    Tool("lore_ingest_status", "ingestStatus", "Where ingestion is: status, commits processed, current commit.",
         _nothing),
    Tool("lore_rule", "rule", "Register a Datalog rule, e.g. [(depends ?a ?b) [?a :depends-on ?b]].", _rule,
         read_only=False),
    Tool("lore_rules", "rules", "List the registered and built-in Datalog rules.", _nothing),
    Tool("lore_rule_remove", "ruleRemove", "Remove every body of a registered rule.", _rule_remove,
         read_only=False),
    Tool("lore_dismiss", "dismiss", "Dismiss a warning for good, with a reason (recorded as a fact).", _dismiss,
         read_only=False),
    Tool("lore_journal", "journal",
         "The memory journal (.lore/journal, committed with the code): the entries this graph wrote or applied, "
         "newest first, with author and reason, and how many files it has not applied yet.", _journal),
    Tool("lore_status", "stats", "What the graph holds: facts, transactions, entities.", _nothing),
    Tool("lore_audit", "audit", "Check entities against the schema rules (namespaces, :description).", _nothing),
)

BY_NAME = {t.name: t for t in TOOLS}

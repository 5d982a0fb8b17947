"""One error type for every entry point: the CLI, the language server and the library.

An error is data: a stable ``code``, a message for people, and where known the ``position``
(character offset, line and column in the text that was parsed) so the reply can point at it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover - typing only (an agent's hook imports this module at every prompt)
    from typing import Any


MAX_MESSAGE_CHARS = 2_000  # an error quoting what it was given quotes at most this much of it


class LoreError(Exception):
    """A user-facing error with a stable code. Nothing was written when one is raised. A message is kept to
    MAX_MESSAGE_CHARS: one that quoted a 20 MB parameter back made a 20 MB reply (100 s for the MCP SDK's
    client to read)."""

    def __init__(self, code: str, message: str, position: Any = None, **extra: Any) -> None:
        if len(message) > MAX_MESSAGE_CHARS:
            message = f"{message[:MAX_MESSAGE_CHARS]}… ({len(message) - MAX_MESSAGE_CHARS:,} characters more)"
        super().__init__(message)
        self.code = code
        self.message = message
        self.position = position
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.position is not None:
            out["position"] = self.position
        out.update(self.extra)
        return out

    def __str__(self) -> str:  # pragma: no cover - convenience for logs
        where = f" at {self.position}" if self.position is not None else ""
        return f"{self.code}: {self.message}{where}"


def error_reply(err: LoreError) -> dict[str, Any]:
    return {"ok": False, "error": err.to_json()}


# Every error code Lore answers with, and what it means for the person or agent who gets it. The reference
# page docs/reference/errors.md lists the same (a test keeps the two, and the code, in step).
CODES: dict[str, str] = {
    # requests and the command line
    "usage": "the command line is not one Lore understands (see `lore COMMAND --help`)",
    "bad-params": "a request's params are missing, of the wrong type, or not an object",
    "unknown-method": "no operation of that name (LSP `lore/<op>`, MCP tool, forwarded call)",
    "unknown-operation": "no operation of that name",
    "missing-reason": "a write without `--reason`: every write says why",
    "reason-too-long": "the reason is longer than Lore stores",
    "bad-source": "the transaction source is not one Lore records (cli, lsp, agent, mcp, ingest, rule, journal)",
    "invalid-utf8": "the text is not valid UTF-8 (or carries lone surrogates)",
    "bad-text": "the text is empty or not text",
    "bad-input": "the input is not of the form the operation takes",
    "too-deep": "the input nests too deeply to read",
    "too-large": "the input or the result is larger than Lore's bound",
    "value-too-large": "one value is larger than Lore stores",
    "message-too-large": "the message is larger than Lore reads",
    "internal": "a bug in Lore: the operation failed and nothing of it was stored (the log has the trace)",
    "not-initialized": "the language server got a request before `initialize`",
    "shutting-down": "the server is shutting down; the request was not run",
    "forbidden": "the operation is not allowed from this client",
    # facts and transactions (SPEC §1)
    "edn-syntax": "the EDN text does not parse (the position says where)",
    "bad-tx": "a transaction vector is not made of `[e a v]` / `[:db/add …]` / `[:db/retract …]`",
    "bad-ident": "a keyword ident is not `:namespace/name` of lowercase letters, digits, `-`, `_`, `.`, `?`",
    "bad-entity": "an entity is not a keyword ident such as `:decision/db` (or a `#uuid`)",
    "bad-attribute": "an attribute is not a keyword such as `:description`",
    "bad-value": "a value is not a string, number, boolean, instant or keyword",
    "bad-timestamp": "a time is not `YYYY-MM-DD` or RFC 3339 with `Z` or an offset",
    "bad-window": "a valid-time window is empty or inverted (`valid-from >= valid-to`)",
    "arithmetic-overflow": "a number is out of the range Lore stores",
    # the graph file
    "graph-locked": "another process holds the graph file (its pid is given)",
    "graph-unwritable": "the graph file or its folder cannot be written",
    "graph-read-only": "the graph was opened read-only",
    "graph-corrupt": "the file is not a Lore graph or is damaged (it was left untouched)",
    "graph-newer": "a newer Lore made the graph (a higher schema version); it was left untouched: upgrade Lore",
    "graph-missing": "there is no graph at that path yet; write something first",
    "graph-open-failed": "the graph could not be opened (the message says why)",
    "not-a-graph": "the DuckDB file is not a Lore graph; Lore leaves it exactly as it was",
    "graph-tracked": "git tracks the graph file (a clone brought it): Lore opens no graph a repository brings",
    "disk-full": "the disk holding the graph is full; nothing of the write was stored",
    "export-failed": "the export file could not be written",
    # the owner of a graph (one `lore serve` per graph; others forward to it)
    "owner-unreachable": "the graph's owner did not answer",
    "owner-bad-reply": "the graph's owner answered something that is not a reply",
    "owner-lost": "the graph's owner went away during the request",
    "owner-socket-unsafe": "the owner's socket is not one only this user can reach; nothing was sent",
    "owner-not-yours": "the process serving the owner's socket runs as another user; nothing was sent",
    # queries (SPEC §2)
    "bad-query": "the query is not a Datalog vector `[:find … :where …]`",
    "unknown-section": "a query section Lore does not know",
    "duplicate-section": "a query section given twice",
    "bad-clause": "a `:where` clause of no known form",
    "bad-pattern": "a data pattern is not three terms",
    "bad-term": "a term is not a variable, constant, `_` or `$param`",
    "bad-variable": "a variable is not a `?name` symbol",
    "unknown-variable": "a `:find`/`:with`/`:order-by` variable that no clause binds",
    "unbound-variable": "a variable used before anything binds it (in `not`, a predicate, a function)",
    "or-variables": "the branches of an `or` bind different variables (use `or-join`)",
    "predicate-needs-brackets": "a predicate written without square brackets: `[(< ?x 10)]`",
    "unknown-predicate": "a predicate Lore does not know",
    "unknown-function": "a binding function Lore does not know",
    "unknown-aggregate": "an aggregate Lore does not know",
    "bad-aggregate": "an aggregate used where it cannot be (or with the wrong arguments)",
    "type-error": "a value of the wrong type for a function or aggregate (e.g. `sum` over strings)",
    "bad-regex": "the regular expression of `matches?` does not compile",
    "bad-order-by": "`:order-by` names something that is not a `:find` variable",
    "bad-limit": "`:limit` is not a non-negative integer",
    "bad-as-of": "`:as-of` is not a tx number or an instant",
    "bad-valid-at": "`:valid-at` is not an instant",
    "unknown-pseudo-attribute": "a `:db/…` pseudo-attribute Lore does not know",
    "pseudo-attribute-without-pattern": "a pseudo-attribute with no data pattern before it",
    "bad-parameter": "a Datalog `:in` parameter's value is not one EDN value",
    "missing-parameter": "a Datalog `:in` parameter was declared but no value was given",
    "unknown-parameter": "a value was given for a Datalog parameter that `:in` does not declare",
    "timeout": "a query, `lore sql` statement or rule ran past its time limit (`LORE_QUERY_TIMEOUT`, default "
               "30 s) and was stopped; its connection stays usable",
    "bad-max-results": "`:max-results` is not a non-negative integer",
    "bad-max-derived-facts": "`:max-derived-facts` is not a non-negative integer",
    "derived-facts-limit": "the query's rules derived more facts than its `:max-derived-facts`",
    "bad-window-function": "a window function in `:find` is not `(f [?x] :over (:partition-by … :order-by …))`",
    "unknown-window-function": "a window function Lore does not know",
    "window-variable": "a variable in a window's `:over` is not a `:find` or `:with` variable",
    "window-and-aggregate": "a `:find` mixes a window function and an ordinary aggregate",
    "query-too-large": "the query text is larger than Lore reads",
    "query-failed": "the database could not run the compiled query (the message says why)",
    # rules
    "bad-rule": "a rule is not `[(name ?a …) clause …]`",
    "bad-rule-name": "a rule's name is not a plain symbol",
    "bad-arity": "a rule called with another number of arguments than it was defined with",
    "arity-mismatch": "the bodies of one rule have different numbers of arguments",
    "negative-cycle": "the rules negate themselves through recursion (not stratifiable)",
    "unknown-rule": "a rule that is not registered",
    "builtin-rule": "built-in rules cannot be removed or redefined",
    "rule-too-many": "more rule bodies than Lore registers",
    "rule-sql": "a rule file's SQL is not one read-only SELECT of the expected columns",
    "rule-datalog": "a rule file's Datalog does not parse or compile",
    "rule-datalog-unavailable": "a Datalog rule file, but the query engine is not installed",
    "rule-timeout": "a rule ran past its time budget and was stopped",
    "unsafe-rule": "a rule file tries to touch files, settings or extensions",
    "rule-untrusted": "a workspace rule the user has not trusted yet (`lore trust`); it does not run",
    "rule-unsafe-path": "a workspace rule file is a symlink; Lore does not follow it",
    "rule-failed": "a workspace rule failed and is quarantined until its file changes",
    "trust-unwritable": "the trust record (outside the repository) cannot be written",
    # read-only SQL
    "bad-sql": "the SQL text is empty or not text",
    "sql-syntax": "the SQL does not parse",
    "sql-error": "the database refused the SQL (the message says why)",
    "sql-not-read-only": "the SQL is not one read-only SELECT",
    "sql-file-access": "the SQL calls a function that reads files or runs other statements",
    "sql-value": "a value of the result cannot be returned (e.g. an INTERVAL beyond Python's range)",
    # ingestion
    "not-a-repo": "the folder is not a git work tree",
    "no-such-file": "the path is neither a file in the repository nor one the graph knows",
    "foreign-work-tree": "the repository's git configuration (core.worktree) puts its work tree outside the folder "
                         "that holds it; Lore does not follow it",
    "bad-repo": "the repository path is not a folder Lore can read",
    "git-missing": "git is not installed",
    "git-failed": "git failed (the message carries its error)",
    "unsafe-git-config": "the repository's git configuration includes a file git would wait on or read without end "
                         "(a device, /proc, a FIFO); Lore runs no git there",
    "parse-worker-died": "a parse worker of an ingest stopped without answering (a parser crash, or killed for memory)",
    "bad-branch": "the branch name is not a git ref name",
    "unknown-branch": "the repository has no such branch or commit",
    "history-rewritten": "the ingested head is no longer in the branch's history (a force push or rebase)",
    "history-past-base": "lore check --base REF on a graph whose history already holds the branch's commits past REF",
    "already-ingested": "the branch head alone was asked for, but the graph already has ingested history",
    "ingest-running": "an ingestion of this graph is already in progress",
    "ingest-failed": "the ingestion stopped with an error; what it committed stays",
    "unsafe-path": "a path Lore would create or write is a symbolic link (or under one); nothing was written",
    # the memory journal (SPEC §6, docs/reference/journal.md)
    "bad-journal-entry": ("a `.lore/journal` entry was refused (malformed, edited, too large, a forged source, …); "
                          "the message says which and why, and the ingest went on"),
    "journal-conflict": ("warning: two journal entries set one cardinality-one attribute of one entity; "
                         "the newer instant wins"),
    "journal-two-current": ("warning: journal entries left a decision, constraint or preference with two "
                            "current values of one attribute"),
    "journal-unreadable": "a journal folder or entry could not be read (permissions, I/O)",
    "journal-unwritable": "the journal entry of a write could not be written, so the write was not stored",
    "no-history": "there is no ingested history to check against, and the graph cannot be written: run lore ingest",
    "semantic-unavailable": "semantic recall is off (no model), so `lore embed` has nothing to do; recall is lexical",
    "bad-base": "the --base given is not a revision (empty, or starts with '-')",
    "unknown-base": "the repository has no branch or commit of that name to check against",
    "no-work-tree": ("the graph belongs to no work tree, so it has no journal (keep it in `<work tree>/.lore/`, "
                     "or ingest the repository)"),
    "bad-path": "a path is empty, outside the work tree, or not one Lore reads",
    # warnings and memory
    "bad-warning-id": "a warning id is not one Lore gives",
    "unknown-warning": "no warning with that id",
    "bad-message": "the message for prepare-turn / finalize-turn is empty or not text",
    "unknown-decision": "no decision, constraint or preference of that ident holds now (never recorded, or retracted)",
    "unknown-entity": "the graph has no fact about that entity, in any time",
}

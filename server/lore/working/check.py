"""``lore check`` / ``lore/check`` (SPEC §3): the composed warnings that a change introduces, read from the
working layer without writing history — for CI and pre-commit.

The change is the working layer's (gitstate.py): from the merge base of the base ref (default: the graph's
branch) with HEAD to the working tree. A warning is introduced when the working layer has it and history's
current state does not (warning ids are stable hashes of what a warning is about, so a warning that only
moved lines is not new). ``all``: every warning on the working layer.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import quote

from lore import __version__, gitcmd, operations
from lore import params as P
from lore.errors import LoreError
from lore.sqlfile import first_row
from lore.store.graph import Graph
from lore.unseen import escape_unseen
from lore.working.gitstate import resolve_commit, work_tree_root
from lore.working.layer import Layer, layer_for

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SEVERITY_RANK = {"information": 1, "warning": 2}
SARIF_LEVEL = {"warning": "warning", "information": "note"}


def _reply_or_raise(reply: dict[str, Any]) -> dict[str, Any]:
    if not reply.get("ok"):
        err = reply.get("error") or {}
        raise LoreError(err.get("code", "check-failed"), err.get("message", "lore check failed"))
    return reply


def _default_branch_outside(root: str, base: str) -> bool:
    """Whether ingestion's choice of the graph's branch (lore.ingest.walk.resolve_branch: LORE_GIT_BRANCH,
    else main, master or origin's default) finds none here, and would fall back to HEAD itself, or finds one
    whose tip ``base`` does not hold. A clone whose origin's HEAD names the pull request's own branch (a clone
    of a work repository on that branch), or a pull request into a release branch while origin's default is
    main: that history held commits the base lacks, and the check stopped with history-past-base (user trial
    17) or measured against the wrong branch."""
    if os.environ.get("LORE_GIT_BRANCH"):
        return False
    default = gitcmd.default_branch(root)
    if default is None:
        return True
    try:
        # resolved first: an option-like or unknown base never reaches git's command line (the check reports it)
        p = gitcmd.run(root, "merge-base", "--is-ancestor", default, resolve_commit(root, base),
                       capture_output=True, timeout=gitcmd.GIT_CONFIG_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired, LoreError):
        return False  # git cannot say: ingestion's own choice, as before
    return p.returncode == 1


def _ingest_first(graph: Graph, root: str, notes: list[str], base: str | None = None) -> None:
    """A clone with no graph yet: ingest it (once) so the change has a history to be measured against.

    With ``base`` on a clone that has no main or master (a CI checkout of a pull request: its commit
    detached, the base only as origin/<base>), the history is the base's: HEAD's would make the pull
    request's own commits history, and what they introduce no change."""
    head = _reply_or_raise(operations.run("headWatermark", graph, {}))  # not every file's blob: only whether
    if head.get("watermark"):
        return
    # An ingest under way (lore mcp's or the editor's at start-up): its head's code is there within seconds
    # (head first); a second ingest would only be refused as ingest-running.
    if _reply_or_raise(operations.run("ingestHeadWait", graph, {})).get("watermark"):
        return
    if graph.read_only:
        raise LoreError("no-history", "the graph has no ingested history and is read-only: run lore ingest")
    # The journal of the graph branch's history only: the work tree's entries are part of the change under
    # review, and a pull request's entry retracting the team's decision made its own import pass (attack 8).
    params: dict[str, Any] = {"repo": root, "wait": True, "worktreeJournal": False}
    if base is not None and _default_branch_outside(root, base):
        params["branch"] = base
        notes.append(f"the graph had no history of {root}: ingested {base}'s first (no main or master here, "
                     f"or not part of {base})")
    else:
        notes.append(f"the graph had no history of {root}: ingested it first")
    reply = _reply_or_raise(operations.run("ingest", graph, params))
    result = reply.pop("_result", None)
    if result is not None:
        operations.derive(graph, result)


def _graph_branch(graph: Graph) -> str | None:
    try:
        with graph.lock:
            row = first_row(graph.con.execute("SELECT value FROM ingest_meta WHERE key = 'branch'"))
    except Exception:  # noqa: BLE001 - no ingest tables: nothing ingested
        return None
    return row[0] if row else None


def run_check(graph: Graph, params: dict[str, Any]) -> dict[str, Any]:
    repo = P.optional_text(params, "repo", what="a path") or os.getcwd()
    base = P.optional_text(params, "base", what="a branch or commit")
    every = P.flag(params, "all")
    paths = params.get("paths") or []
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise LoreError("bad-params", "paths must be a list of paths")
    use_buffers = params.get("buffers", True)
    root = work_tree_root(repo)
    # A bad path or base is refused before any work: a first check ingested the clone before saying the base
    # was not a revision.
    wanted = [_rel(root, p) for p in paths]
    if base is not None:
        resolve_commit(root, base)
    notes: list[str] = []
    _ingest_first(graph, root, notes, base)
    shared = layer_for(graph)
    # History's warnings now (a one-shot process catches the rules up first; a server's are current).
    known = shared.history_warning_ids()
    private = shared.root not in (None, os.path.realpath(root)) or (not use_buffers and shared.buffers) \
        or base is not None
    layer = Layer(graph) if private else shared
    try:
        with layer.lock:
            layer.set_root(root)
            st = layer.refresh_git(base)
            if st.history_past_base is not None:
                # the history already holds the change's own commits: what they introduce would pass as known
                raise LoreError(
                    "history-past-base",
                    f"the graph's history already holds this branch's commits past {base} (ingested up to "
                    f"{st.history_past_base[:12]}, which {base} does not have), so what they introduce would count "
                    f"as known: check against a graph of the base instead, e.g. lore check --base {base} --graph "
                    f".lore/base.duckdb (a new graph ingests the base's history first)")
            layer.sync()
            if layer.view is None:
                raise LoreError("no-history", "the graph has no ingested code to check against")
            ws = layer.warnings(None)
    finally:
        if private:
            layer.close()
    notes += st.notes
    if base is None and not every and st.against == st.head and _graph_branch(graph) == "HEAD":
        # A CI clone of one branch (depth 1, no main or master): the graph's branch fell back to HEAD itself,
        # so the branch's own commits are history, not change; silence here would read as a pass.
        notes.append("the graph's branch is this clone's HEAD (no main or master here): only uncommitted edits "
                     "count as the change; fetch the base branch and pass --base, or --all for every warning")
    if st.how == "none":
        notes.append("no base commit: every file of the work tree is checked as it is")
    out = []
    for w in ws:
        if not every and w["id"] in known:
            continue
        if wanted and not any(_under(w.get("file"), p) for p in wanted):
            continue
        out.append(w)
    reply: dict[str, Any] = {"ok": True, "base": st.against, "baseKind": st.how, "head": st.head,
                             "branch": st.branch, "changedFiles": len(st.changed), "all": every, "notes": notes,
                             "warnings": out, "count": len(out)}
    if layer.truncated:
        reply["truncated"] = layer.truncated
    fmt = params.get("format")
    if fmt == "sarif":
        reply["sarif"] = sarif(out, root)
    elif fmt not in (None, "json", "text"):
        raise LoreError("bad-params", "format must be text, json or sarif")
    return reply


def _rel(root: str, p: str) -> str:
    if "\0" in p:  # no file has a NUL in its name (os.path.realpath raised ValueError: an internal error)
        raise LoreError("bad-path", f"{p!r} is not a path: it holds a NUL character")
    full = os.path.realpath(p if os.path.isabs(p) else os.path.join(os.getcwd(), p))
    rel = os.path.relpath(full, root).replace(os.sep, "/")
    if rel.startswith(".."):
        raise LoreError("bad-path", f"{p} is outside the work tree {root}")
    return "" if rel == "." else rel


def _under(file: Any, prefix: str) -> bool:
    if not isinstance(file, str):
        return False
    return not prefix or file == prefix or file.startswith(prefix.rstrip("/") + "/")


# SARIF 2.1.0 §3.11.6: a plain text message's "[text](target)" is an embedded link, which viewers show as a
# link; a literal bracket (and the backslash that escapes one) is written with a backslash before it.
_SARIF_LINK_CHARS = re.compile(r"([\\\[\]])")


def sarif_text(text: Any) -> str:
    """Repository text (a decision's description, a file's name) as a SARIF plain text message that shows
    exactly that text: no embedded link (``[Fix](javascript:…)`` was one), control and bidirectional
    characters as ``\\uXXXX`` (as in diagnostics)."""
    return escape_unseen(_SARIF_LINK_CHARS.sub(r"\\\1", str(text)))


def sarif_uri(path: str) -> str | None:
    """A repository path as a relative URI reference under %SRCROOT%: percent-encoded, so that a file named
    ``javascript:x.py`` is not a URI of its own scheme, ``a#b.py`` no fragment and ``..%2Fx`` no way out of
    the root once decoded. None for a path that is not plainly inside the repository."""
    parts = path.split("/")
    if not path or path.startswith("/") or any(p in ("", ".", "..") for p in parts):
        return None
    return quote(path, safe="/", errors="surrogateescape")


def sarif(warnings: list[dict[str, Any]], root: str) -> dict[str, Any]:
    """One SARIF 2.1.0 log: ruleId is the warning's stable code; locations are repository-relative. The
    repository's text is escaped (``sarif_text``, ``sarif_uri``): GitHub shows the log to everyone who
    reads the pull request's checks."""
    rules: dict[str, dict[str, Any]] = {}
    results = []
    for w in warnings:
        code = str(w.get("code") or w.get("rule"))
        level = SARIF_LEVEL.get(str(w.get("severity")), "warning")
        rules.setdefault(code, {"id": code, "name": str(w.get("rule") or code),
                                "shortDescription": {"text": sarif_text(w.get("rule") or code)},
                                "defaultConfiguration": {"level": level}})
        res: dict[str, Any] = {"ruleId": code, "level": level,
                               "message": {"text": sarif_text(w.get("message") or code)},
                               "partialFingerprints": {"loreWarningId": str(w.get("id"))},
                               "properties": {"confidence": w.get("confidence"), "entity": w.get("entity")}}
        uri = sarif_uri(w["file"]) if isinstance(w.get("file"), str) else None
        if uri is not None:
            region: dict[str, int] = {"startLine": max(1, int(w.get("line") or 1))}
            if isinstance(w.get("column"), int):
                region["startColumn"] = w["column"] + 1
            if isinstance(w.get("end_line"), int) and w["end_line"] >= region["startLine"]:
                region["endLine"] = w["end_line"]
                if isinstance(w.get("end_column"), int):
                    region["endColumn"] = w["end_column"] + 1
            res["locations"] = [{"physicalLocation": {
                "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"}, "region": region}}]
        results.append(res)
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "lore", "version": __version__,
                            "rules": sorted(rules.values(), key=lambda r: r["id"])}},
        "originalUriBaseIds": {"%SRCROOT%": {"uri": _root_uri(root)}},
        "results": results}]}


def _root_uri(root: str) -> str:
    """The work tree as an absolute ``file:`` URI ending in ``/`` (percent-encoded: a folder named ``a#b``)."""
    try:
        return Path(root).as_uri().rstrip("/") + "/"
    except ValueError:  # not absolute (no work tree known)
        return quote(root.rstrip("/") + "/", safe="/", errors="surrogateescape")


def fails(warnings: list[dict[str, Any]], fail_on: str) -> bool:
    """Whether a check fails: some warning at or above ``fail_on`` (warning | information | never)."""
    if fail_on == "never":
        return False
    need = SEVERITY_RANK.get(fail_on, 2)
    return any(SEVERITY_RANK.get(str(w.get("severity")), 2) >= need for w in warnings)


def sarif_failure(code: str, message: str, root: str) -> dict[str, Any]:
    """The SARIF log of a check that could not run (exit 2): no results, and one invocation that says it
    failed and why, so that a CI step uploading the file gets a valid log rather than an empty file."""
    log = sarif([], root)
    log["runs"][0]["invocations"] = [{
        "executionSuccessful": False, "exitCode": 2,
        "toolExecutionNotifications": [{"level": "error", "message": {"text": sarif_text(message)},
                                        "descriptor": {"id": code}}]}]
    return log

"""The ``lore`` command line (SPEC §3): a thin face over lore.operations.

Each command builds the params of one operation, runs it against the graph (or forwards it to the process
that owns the graph), runs the derived work a write triggers, and prints either one JSON object
(``--json``) or output for people.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn

from lore import __version__
from lore.errors import LoreError, error_reply
from lore.runtime.paths import resolve_graph_path

log = logging.getLogger("lore")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise LoreError("usage", f"{self.prog}: {message}")


def _global_flags(p: argparse.ArgumentParser, *, top: bool) -> None:
    d = None if top else argparse.SUPPRESS
    p.add_argument("--graph", metavar="PATH", default=d, help="the graph file (default: $LORE_GRAPH_PATH, "
                   "else .lore/lore.duckdb at the root of the git work tree)")
    p.add_argument("--json", action="store_true", default=False if top else argparse.SUPPRESS,
                   help="print one JSON object")
    p.add_argument("-v", "--verbose", action="store_true", default=False if top else argparse.SUPPRESS,
                   help="log to stderr")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="lore", description="Lore: a codebase's memory of decisions, preferences, constraints "
                "and dependencies, as bi-temporal facts.")
    p.add_argument("--version", action="version", version=f"lore {__version__}")
    _global_flags(p, top=True)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def cmd(name: str, help_: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=help_, description=help_)
        _global_flags(c, top=False)
        return c

    for name, what in (("transact", "assert facts"), ("retract", "retract facts (from all valid time, or a window)")):
        c = cmd(name, what)
        c.add_argument("facts", metavar="EDN", help='e.g. \'[[:decision/db :description "use Postgres"]]\'')
        c.add_argument("--reason", required=False, default=None, help="why (required)")
        c.add_argument("--valid-from", metavar="T")
        c.add_argument("--valid-to", metavar="T")
        c.add_argument("--source", choices=["cli", "agent"], default="cli")
        c.add_argument("--private", action="store_true",
                       help="keep this write out of the journal (.lore/journal) for good")

    c = cmd("query", "run a Datalog query")
    c.add_argument("query", metavar="DATALOG")
    c.add_argument("--param", action="append", default=[], metavar="NAME=EDN")
    c.add_argument("--explain", action="store_true", help="print the SQL instead of running it")

    c = cmd("rule", "register a Datalog rule (persists in the graph)")
    c.add_argument("rule", metavar="RULE", nargs="?")
    c.add_argument("--list", action="store_true", help="list registered rules")
    c.add_argument("--remove", metavar="NAME", help="remove every body of the rule NAME")

    c = cmd("sql", "run a read-only SELECT over the graph's tables")
    c.add_argument("sql", metavar="SELECT")

    c = cmd("history", "every change to one entity, in both times")
    c.add_argument("entity", metavar="ENTITY")

    c = cmd("graph", "an entity's neighbourhood (what a decision governs, rejects, supersedes; warnings) as a graph")
    c.add_argument("entity", metavar="ENTITY")
    c.add_argument("--format", choices=["json", "mermaid", "dot"], default="mermaid")
    c.add_argument("--limit", type=int, default=200, help="at most this many edges")

    cmd("audit", "check entities against the schema rules (namespaces, :description)")

    c = cmd("export", "write the graph's facts and transactions as Parquet")
    c.add_argument("path", metavar="FILE.parquet")
    c.add_argument("--current", action="store_true", help="only facts the graph still believes")

    c = cmd("ingest", "ingest a git repository's history and code structure")
    c.add_argument("repo", metavar="REPO", nargs="?", default=None)
    c.add_argument("--branch", metavar="B")

    c = cmd("warnings", "composed warnings, for one file or all")
    c.add_argument("file", metavar="FILE", nargs="?")

    c = cmd("dismiss", "dismiss a warning for good (recorded as a fact)")
    c.add_argument("id", metavar="WARNING_ID")
    c.add_argument("--reason", default=None)

    c = cmd("prepare-turn", "the memory context for an agent's turn")
    c.add_argument("message", metavar="MESSAGE")

    c = cmd("finalize-turn", "store the durable facts of a finished exchange")
    c.add_argument("delta", metavar="DELTA", nargs="?", default=None)
    c.add_argument("--facts", metavar="EDN", default=None,
                   help="the facts the agent extracted itself (EDN, or a JSON list of {entity, attribute, value}); "
                        "stored instead of what the heuristic reads in DELTA; [] when the exchange settled nothing")

    c = cmd("check", "the warnings a change introduces (CI, pre-commit): from the merge base with the graph's "
            "branch to the working tree, without writing history")
    c.add_argument("paths", metavar="PATH", nargs="*", help="only warnings in these files or folders")
    c.add_argument("--base", metavar="REF", help="measure the change from the merge base with REF "
                   "(default: the graph's branch as ingested)")
    c.add_argument("--all", action="store_true", help="every warning on the working layer, not only new ones")
    c.add_argument("--format", choices=["text", "json", "sarif"], default=None)
    c.add_argument("--fail-on", choices=["warning", "information", "never"], default="warning",
                   help="exit 1 when a warning at or above this severity is reported (default: warning)")

    c = cmd("journal", "the memory journal (.lore/journal): list entries, export the graph's memories, apply")
    c.add_argument("action", nargs="?", choices=["list", "export", "apply"], default="list",
                   help="list (default): entries with author and reason; export: write the graph's memories "
                        "that no entry holds yet; apply: apply new entries without ingesting code")
    c.add_argument("--limit", type=int, default=50, help="list at most N entries (default 50)")

    cmd("status", "what the graph holds")
    c = cmd("embed", "catch the memories' embedding vectors up (those `lore status` says await embedding)")
    c.add_argument("--batch", type=int, default=32, metavar="N",
                   help="memories per step between progress lines (default 32); Ctrl-C stops once the step "
                        "in flight is written (a second Ctrl-C at once: that step stays queued)")
    c = cmd("trust", "let this repository's own .lore/rules run as they are now (a changed rule asks again)")
    c.add_argument("--revoke", action="store_true", help="stop trusting this repository's rules")
    c = cmd("show", "what Lore knows about this repository: ingests it, then prints a summary")
    c.add_argument("repo", metavar="REPO", nargs="?", default=None)
    c.add_argument("--example", action="store_true",
                   help="also record an example decision about Lore's own store and show its links")
    c = cmd("hook", "an agent's hook: reads the agent's hook JSON on stdin (never blocks the agent)")
    c.add_argument("name", choices=["prepare", "finalize", "check"])
    c = cmd("hooks", "set an agent up to use Lore's hooks")
    c.add_argument("action", choices=["install", "print"])
    c.add_argument("agent", nargs="?", default="claude-code", choices=["claude-code"])
    cmd("serve", "the language server on stdio")
    cmd("mcp", "a Model Context Protocol server on stdio: the operations as tools for coding agents")
    return p


def params_for(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """Map a parsed command line to (operation, params)."""
    c = args.command
    if c in ("transact", "retract"):
        p = {"facts": args.facts, "reason": args.reason, "validFrom": args.valid_from,
             "validTo": args.valid_to, "source": args.source}
        if args.private:
            p["private"] = True
        return c, p
    if c == "query":
        params: dict[str, str] = {}
        for item in args.param:
            if "=" not in item:
                raise LoreError("usage", f"--param takes NAME=EDN, got {item!r}")
            k, v = item.split("=", 1)
            params[k.lstrip("$")] = v
        return "query", {"query": args.query, "params": params, "explain": args.explain}
    if c == "rule":
        if args.list:
            return "rules", {}
        if args.remove:
            return "ruleRemove", {"name": args.remove}
        if not args.rule:
            raise LoreError("usage", "lore rule: give a RULE, --list or --remove NAME")
        return "rule", {"rule": args.rule}
    if c == "sql":
        return "sql", {"sql": args.sql}
    if c == "history":
        return "history", {"entity": args.entity}
    if c == "graph":
        return "graph", {"entity": args.entity, "format": args.format, "limit": args.limit}
    if c == "audit":
        return "audit", {}
    if c == "export":
        return "export", {"path": args.path, "currentOnly": args.current}
    if c == "ingest":
        return "ingest", {"repo": args.repo, "branch": args.branch, "wait": True}
    if c == "warnings":
        import os

        file = args.file
        if file is not None and not os.path.isabs(file) and os.path.exists(file):
            file = os.path.abspath(file)  # a path from here (a subfolder) is the file it names
        # a path that names nothing is said to (no-such-file), one without code gets a hint
        return "warnings", {"file": file, "missingFile": "error"}
    if c == "dismiss":
        return "dismiss", {"id": args.id, "reason": args.reason}
    if c == "prepare-turn":
        return "prepareTurn", {"message": args.message}
    if c == "finalize-turn":
        if args.delta is None and args.facts is None:
            raise LoreError("usage", "finalize-turn takes DELTA, or --facts EDN")
        turn: dict[str, Any] = {"delta": args.delta} if args.delta is not None else {}
        if args.facts is not None:
            turn["facts"] = args.facts
        return "finalizeTurn", turn
    if c == "journal":
        if args.action == "export":
            return "journalExport", {}
        if args.action == "apply":
            return "journalApply", {}
        return "journal", {"limit": args.limit}
    if c == "status":
        return "stats", {}
    if c == "check":
        import os

        return "check", {"repo": os.getcwd(), "paths": [os.path.abspath(p) for p in args.paths],
                         "base": args.base, "all": args.all, "buffers": False,
                         "format": "sarif" if args.format == "sarif" else None}
    if c == "trust":
        return "trust", {"revoke": args.revoke}
    raise LoreError("usage", f"unknown command {c!r}")


def main(argv: list[str] | None = None,
         servers: dict[str, Callable[[str | None], int]] | None = None) -> int:
    """Run one command. ``servers``: the commands that start another face (``serve``), given by the entry
    point (lore.__main__) so that this module imports none of them."""
    argv = list(sys.argv[1:] if argv is None else argv)
    want_json = "--json" in argv
    try:
        args = build_parser().parse_args(argv)
    except LoreError as exc:
        return _emit(error_reply(exc), want_json, None)
    from lore.cli.render import PrintableFormatter

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(PrintableFormatter("lore: %(message)s"))
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, handlers=[handler])
    if not args.command:
        build_parser().print_help(sys.stderr)
        return 2
    if servers is not None and args.command in servers:
        return servers[args.command](args.graph)
    if args.command in ("serve", "mcp"):
        return _emit(error_reply(LoreError("usage", f"lore {args.command} starts from the `lore` command")),
                     args.json, None)
    if args.command == "hook":
        from lore.cli.hooks import run_hook

        return run_hook(args.name, args.graph)
    graph_path = resolve_graph_path(args.graph)
    try:
        if args.command == "hooks":
            return _hooks(args)
        if args.command == "embed":
            return _embed(graph_path, args)
        if args.command == "show":
            from lore.cli.showcase import show

            return show(graph_path, args.repo, as_json=args.json, example=args.example)
        op, params = params_for(args)
        if op in ("transact", "retract", "dismiss") and not params.get("reason"):
            raise LoreError("missing-reason", f"lore {args.command} needs --reason TEXT: every write says why")
    except LoreError as exc:
        return _emit(error_reply(exc), args.json, None)
    from lore.runtime.execute import execute  # imports DuckDB: only for commands that need the graph

    reply = execute(graph_path, op, params)
    if op == "check":
        from lore.cli.render import emit_check

        return emit_check(reply, "json" if args.json else (args.format or "text"), args.fail_on)
    return _emit(reply, args.json, args.command)


def _embed(graph_path: Path, args: argparse.Namespace) -> int:
    """``lore embed``: steps of ``--batch`` memories until none waits, a progress line on stderr after each;
    Ctrl-C ends it after the step in flight (each step commits on its own) with exit 130. A server that owns
    the graph embeds in its background: the command wakes it and reports."""
    if args.batch < 1:
        return _emit(error_reply(LoreError("usage", "--batch takes a positive number")), args.json, None)
    from lore.runtime.owner import forward

    forwarded = forward(graph_path, "embed", {})
    if forwarded is not None:
        return _emit(forwarded, args.json, "embed")
    import signal

    from lore import operations
    from lore.store.graph import Graph

    embedded, reply = 0, None
    try:
        graph = Graph(graph_path)
    except LoreError as exc:
        return _emit(error_reply(exc), args.json, None)
    # The first Ctrl-C lets the step in flight finish and commit, then stops (a KeyboardInterrupt inside DuckDB
    # surfaces as its own InterruptException, an operation error); a second one stops at once.
    asked = {"stop": False}

    def stop(signum: int, frame: Any) -> None:
        if asked["stop"]:
            raise KeyboardInterrupt
        asked["stop"] = True

    previous = signal.signal(signal.SIGINT, stop)
    try:
        while not asked["stop"]:
            reply = operations.run("embed", graph, {"most": args.batch})
            if not reply.get("ok"):
                return _emit(reply, args.json, "embed")
            embedded += reply["embedded"]
            sys.stderr.write(f"lore embed: {embedded} embedded, {reply['awaiting']} awaiting\n")
            sys.stderr.flush()
            if not reply["awaiting"] or not reply["embedded"]:
                break
    except KeyboardInterrupt:
        asked["stop"] = True
    finally:
        signal.signal(signal.SIGINT, previous)
        graph.close()
    if asked["stop"]:
        _emit({"ok": True, "interrupted": True, "embedded": embedded, "awaiting": (reply or {}).get("awaiting"),
               "model": (reply or {}).get("model")}, args.json, "embed")
        return 130
    assert reply is not None
    return _emit({**reply, "embedded": embedded}, args.json, "embed")


def _hooks(args: argparse.Namespace) -> int:
    from lore.cli import hooks
    from lore.runtime.paths import find_work_tree

    if args.action == "print":
        sys.stdout.write(hooks.AGENTS_SNIPPET)
        if not args.json:
            sys.stdout.write("\n## Claude Code hooks (.claude/settings.json)\n\n```json\n"
                             + json.dumps(hooks.claude_code_settings(), indent=2) + "\n```\n")
        return 0
    reply = hooks.install_claude_code(find_work_tree(Path.cwd()))
    return _emit(reply, args.json, "hooks")


def _emit(reply: dict[str, Any], as_json: bool, command: str | None) -> int:
    ok = bool(reply.get("ok"))
    if as_json:
        from lore.store.readonly_sql import dumps

        sys.stdout.write(dumps(reply, ensure_ascii=False, default=str) + "\n")
    else:
        from lore.cli.render import render

        stream = sys.stdout if ok else sys.stderr
        stream.write(render(command, reply, color=stream.isatty()))
    sys.stdout.flush()
    if ok:
        return 0
    # A command line Lore does not understand exits 2, as argparse-style tools do (docs/reference/cli.md).
    return 2 if (reply.get("error") or {}).get("code") == "usage" else 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

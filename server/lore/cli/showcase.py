"""``lore show``: the main job on the default graph — ingest the repository you are in and say what Lore
learned: the code now, its history, the memories recorded about it, and the warnings that follow.

``--example`` also records one decision about Lore's own store (idempotent) so a first run shows the whole
loop: the memory, the code it links to, and the context an agent would get for a question about it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

EXAMPLE_FACTS = """[
  [:decision/duckdb-fact-store :description "Store every fact in DuckDB (server/lore/store/graph.py); bulk loads go through Arrow, never executemany"]
  [:decision/duckdb-fact-store :rationale "one embedded file, columnar scans for recursive SQL, Arrow loads at millions of rows per second"]
  [:decision/duckdb-fact-store :entity-type :type/decision]
  [:decision/duckdb-fact-store :rejects :module/sqlite3]
]"""
EXAMPLE_QUESTION = "how do we store facts, and why DuckDB?"


def show(graph_path: Path, repo: str | None, *, as_json: bool, example: bool = False) -> int:
    from lore.cli.commands import _emit
    from lore.runtime.execute import execute
    from lore.runtime.paths import find_work_tree

    repo_path = str(Path(repo).resolve() if repo else find_work_tree(Path.cwd()))
    say = (lambda *_: None) if as_json else (lambda m: print(m, file=sys.stderr, flush=True))
    say(f"lore: ingesting {repo_path} into {graph_path} …")
    ingest = execute(graph_path, "ingest", {"repo": repo_path, "wait": True})
    if not ingest.get("ok"):
        return _emit(ingest, as_json, "show")
    reply: dict[str, Any] = {"ok": True, "repo": repo_path, "graph": str(graph_path)}
    if example:
        reply["example_write"] = execute(graph_path, "transact", {
            "facts": EXAMPLE_FACTS, "reason": "lore show --example: a decision about Lore's own store",
            "source": "cli"})
    summary = execute(graph_path, "repoSummary", {})
    if not summary.get("ok"):
        return _emit(summary, as_json, "show")
    summary.pop("ok")
    reply["ingest"] = {k: ingest.get(k) for k in ("commits", "files_parsed", "facts_written", "seconds", "head",
                                                  "branch")}
    reply.update(summary)
    warnings = execute(graph_path, "warnings", {})
    reply["warnings"] = warnings.get("warnings", []) if warnings.get("ok") else []
    if example:
        linked = execute(graph_path, "memoriesFor", {"entity": ":module/server-lore-store-graph-py"})
        reply["example_links"] = linked.get("memories", linked)
        turn = execute(graph_path, "prepareTurn", {"message": EXAMPLE_QUESTION})
        reply["example_context"] = turn.get("context") if turn.get("ok") else turn
    if as_json:
        print(json.dumps(reply, ensure_ascii=False, default=str))
        return 0
    print(render_show(reply))
    return 0


def render_show(r: dict[str, Any]) -> str:
    ing = r.get("ingest") or {}
    where = f"{ing.get('branch') or '?'} @ {(ing.get('head') or '')[:10]}"
    # an ingest with nothing new answers no counts (None): say the graph is current, not "None file(s)"
    done = (f"  ingested {ing['commits']} commit(s) of {where} in {ing.get('seconds') or 0} s; "
            f"{ing.get('files_parsed') or 0} file(s) parsed, {ing.get('facts_written') or 0} fact(s) written"
            if ing.get("commits") else f"  up to date: {where}, nothing new to ingest")
    lines = [f"Lore — memory of {r['repo']}", f"  graph {r['graph']}", done, ""]
    code = r.get("code", {})
    plural = {"class": "classes"}
    parts = [f"{code[k]} {plural.get(k, k + 's')}" for k in ("module", "function", "class", "variable", "field")
             if code.get(k)]
    lines.append("Code now:      " + (", ".join(parts) or "nothing yet"))
    if r.get("languages"):
        lines.append("Files by kind: " + ", ".join(f".{k} {n}" for k, n in r["languages"].items()))
    if r.get("most_changed"):
        lines.append("Most changed:  " + ", ".join(f"{m['path']} ({m['commits']})" for m in r["most_changed"]))
    if r.get("recent_commits"):
        lines.append("Recent:")
        lines += [f"  {c['date'][:10]}  {c['subject']}" for c in r["recent_commits"]]
    mem = r.get("memories", {})
    lines.append("Memories:      " + (", ".join(f"{n} {k}(s)" for k, n in mem.items()) or
                                     "none yet — record one with `lore transact … --reason …`"))
    ws = r.get("warnings", [])
    lines.append(f"Warnings:      {len(ws)}")
    for w in ws[:10]:
        loc = f"{w.get('file')}:{w.get('line')}" if w.get("file") else w.get("entity", "")
        lines.append(f"  {loc}  [{w.get('code') or w.get('rule')}] {w.get('message')}")
    if r.get("example_links") is not None:
        lines += ["", "Example: the decision recorded about server/lore/store/graph.py is linked to it:"]
        links = [m for m in (r["example_links"] if isinstance(r["example_links"], list) else [])
                 if str(m.get("entity", "")).split("/")[0] in (":decision", ":preference", ":constraint")]
        for m in links[:5]:
            lines.append(f"  {m.get('entity')}  ({m.get('rule') or m.get('relation')}, relevance "
                         f"{m.get('relevance')}): {m.get('description', '')}")
        if r.get("example_context"):
            lines += ["", f"What an agent asking “{EXAMPLE_QUESTION}” is given:",
                      *("  " + x for x in str(r["example_context"]).splitlines()[:14])]
    lines += ["", "Next: lore query '[:find ?p :where [?m :path ?p]]' · lore history :module/<slug> · "
              "lore prepare-turn \"…\" · lore serve (editor)"]
    return "\n".join(lines)

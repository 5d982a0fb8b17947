#!/usr/bin/env python3
"""Check an ingested graph against git itself on a real repository (the issue's correctness checks):

    python bench/ingest_check.py REPO GRAPH [--dates 2015-01-01,2020-01-01]

Prints JSON: modules valid now vs `git ls-tree -r HEAD` less ignored paths; modules valid at each date vs
`git ls-tree` of the first-parent commit current at that date; Python functions/methods/classes valid now
vs Python's `ast` at HEAD (files ast can parse); file renames from `git log -M --first-parent` linked.
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from lore.idents import module_ident
from lore.ingest.ignore import build_ignore
from lore.store.graph import Graph
from lore.timeutil import parse_instant


def git(repo, *args) -> bytes:
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, check=True).stdout


def tree(repo, rev) -> set[str]:
    out = set()
    for rec in git(repo, "ls-tree", "-r", "-z", rev).split(b"\0"):
        if rec:
            meta, path = rec.split(b"\t", 1)
            if meta.split()[0] != b"160000":
                out.add(path.decode("utf-8", "backslashreplace"))
    return out


def ast_defs(src: str) -> set[tuple[str, str]]:
    out = set()

    def visit(stmts, prefix):
        for n in stmts:
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.add(("function", prefix + n.name))
            elif isinstance(n, ast.ClassDef):
                out.add(("class", prefix + n.name))
                visit(n.body, prefix + n.name + ".")
            else:
                for f in ("body", "orelse", "finalbody", "handlers"):
                    sub = getattr(n, f, None)
                    if isinstance(sub, list):
                        visit(sub, prefix)
                for case in getattr(n, "cases", []) or []:
                    visit(case.body, prefix)
    visit(ast.parse(src).body, "")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("graph")
    ap.add_argument("--dates", default="")
    a = ap.parse_args()
    repo = a.repo
    g = Graph(a.graph, read_only=True)
    ignore = build_ignore(env="")
    NOW = 2**61

    def paths_at(t):
        return {r[0] for r in g.con.execute(
            "SELECT v FROM facts WHERE a = ':path' AND starts_with(e, ':module/') AND tx_to = 2147483647 "
            "AND valid_from <= ? AND valid_to > ?", [t, t]).fetchall()}

    out = {}
    want = {p for p in tree(repo, "HEAD") if not ignore(p)}
    got = paths_at(NOW)
    out["modules_now"] = {"git": len(want), "lore": len(got), "equal": want == got,
                          "missing": sorted(want - got)[:5], "extra": sorted(got - want)[:5]}
    for d in [x for x in a.dates.split(",") if x]:
        t = parse_instant(d)
        # First-parent commit current at d, by the same clamped commit times ingestion uses.
        fp = git(repo, "log", "--first-parent", "--reverse", "--format=%H %ct", "HEAD").decode().split("\n")
        last, cur = 0, None
        for line in fp:
            if not line:
                continue
            sha, ct = line.split()
            last = max(int(ct) * 1_000_000, last + 1)
            if last <= t:
                cur = sha
        w = {p for p in tree(repo, cur) if not ignore(p)} if cur else set()
        gd = paths_at(t)
        out[f"modules_at_{d}"] = {"commit": cur, "git": len(w), "lore": len(gd), "equal": w == gd}
    # Python definitions now.
    rows = g.con.execute(
        "SELECT f.v, t.v, q.v FROM facts f JOIN facts t ON t.e = f.e AND t.a = ':entity-type' "
        "JOIN facts q ON q.e = f.e AND q.a = ':qualified-name' WHERE f.a = ':file' "
        "AND f.tx_to = 2147483647 AND t.tx_to = 2147483647 AND q.tx_to = 2147483647 "
        "AND f.valid_to > ? AND t.valid_to > ? AND q.valid_to > ? AND t.v IN (':type/function', ':type/class')",
        [NOW, NOW, NOW]).fetchall()
    lore_defs: dict[str, set] = {}
    for f, typ, q in rows:
        lore_defs.setdefault(f, set()).add((typ.split("/")[1], q))
    files = ok = 0
    bad = []
    for p in sorted(want):
        if not p.endswith(".py"):
            continue
        try:
            src = git(repo, "show", f"HEAD:{p}").decode("utf-8")
            expect = ast_defs(src)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        files += 1
        if lore_defs.get(p, set()) == expect:
            ok += 1
        else:
            bad.append({"file": p, "missing": sorted(expect - lore_defs.get(p, set()))[:3],
                        "extra": sorted(lore_defs.get(p, set()) - expect)[:3]})
    out["python_defs_now"] = {"files": files, "equal": ok, "differ": bad[:5]}
    # File renames along the first-parent chain.
    log = git(repo, "log", "--first-parent", "-M", "--diff-merges=first-parent", "--name-status", "-z",
              "--format=", "HEAD").split(b"\0")
    renames, i = [], 0
    while i < len(log):
        status = log[i].lstrip(b"\n")
        if not status:
            i += 1
            continue
        if status[:1] in (b"R", b"C"):
            renames.append((log[i + 1].decode("utf-8", "backslashreplace"),
                            log[i + 2].decode("utf-8", "backslashreplace")))
            i += 3
        else:
            i += 2
    linked = {tuple(r) for r in g.con.execute(
        "SELECT e, v FROM facts WHERE a = ':renamed-to' AND starts_with(e, ':module/') AND tx_to = 2147483647").fetchall()}
    considered = [(o, n) for o, n in renames if not ignore(o) and not ignore(n)]
    # Idents as ingestion gave them (paths that slug alike get a hash suffix).
    idents = dict(g.con.execute("SELECT path, ident FROM ingest_idents").fetchall())
    hit = sum(1 for o, n in considered
              if (idents.get(o, module_ident(o)), idents.get(n, module_ident(n))) in linked)
    out["file_renames"] = {"git": len(considered), "linked": hit}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

"""Attack round 6: a cloned repository's manifests and configs written to make their readers backtrack.

Ingestion reads the tracked tsconfig.json/jsconfig.json (path aliases), the root package.json's workspace globs,
go.mod and go.work (lore.ingest.tsconfig, lore.ingest.workspaces, lore.gomod). Each of these was read with a
regex that a file of the reader's own size limit (1 MB) kept busy for minutes to forever:

- a tsconfig line of escaped quotes (``"\\"\\"\\"…``): every quote began a string that never closed, and the
  rest of the line was scanned again from each (80 KB: 44 CPU s; quadratic);
- a go.mod of blank lines: ``^\\s*module`` ran from every line start over all the blank lines after it
  (40,000 lines: 1.5 s, 1 MB: about 15 minutes; the same in go.work's ``use`` and ``replace`` readers);
- a go.work of ``use (`` lines never closed: each scanned the rest of the file for its ``)``;
- a workspace glob ``*a*a…*ab`` against a package folder named ``aaaa…``: exponential backtracking (10 stars
  against 40 characters: 10 s; 14 against 60 never ended).

All four now read in time linear in the file, through the real ``lore ingest``; on main each test's ingest runs
past its time-out. The legitimate parts of the same repository still resolve as before.
"""

from __future__ import annotations

import json

from .clone import commit_planted

TIMEOUT_S = 60  # a fixed ingest of these takes a few seconds; main's took minutes or never ended


def _commit(victim, files: dict[str, str]) -> None:
    commit_planted(victim.repo, files, "manifests")


def _ingest_and_deps(victim, module: str) -> set[str]:
    rc, out, err, _ = victim.run("ingest", timeout=TIMEOUT_S)
    assert rc == 0 and out["ok"], (out, err[-2000:])
    rc, reply, err, _ = victim.run("query", f"[:find ?d :where [{module} :depends-on ?d]]")
    assert rc == 0, err
    return {row[0] for row in reply["results"]}


def test_a_tsconfig_line_of_escaped_quotes_is_read_in_linear_time(victim):
    _commit(victim, {
        "web/tsconfig.json": json.dumps({"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"]}}}),
        "web/src/lib.ts": "export const x = 1;\n",
        "web/src/main.ts": "import {x} from '@/lib';\nexport const y = x;\n",
        "evil/tsconfig.json": '{"compilerOptions": {"baseUrl": "' + '\\"' * 150_000 + "\n}\n",  # 300 KB
    })
    assert _ingest_and_deps(victim, ":module/web-src-main-ts") == {":module/web-src-lib-ts"}


def test_a_go_mod_of_blank_lines_is_read_in_linear_time(victim):
    _commit(victim, {
        "go.mod": "\n" * 400_000 + "module example.com/acme/app\n\ngo 1.22\n",
        "pkg/util/util.go": "package util\n\nfunc U() {}\n",
        "main.go": 'package main\n\nimport "example.com/acme/app/pkg/util"\n\nfunc main() { util.U() }\n',
    })
    assert _ingest_and_deps(victim, ":module/main-go") == {":module/pkg-util-util-go"}


def test_a_go_work_of_blocks_never_closed_is_read_in_linear_time(victim):
    _commit(victim, {
        "go.work": "go 1.22\n\nuse ./tools\n" + "use (\n" * 150_000,  # 900 KB
        "tools/go.mod": "module example.com/acme/tooling\n",
        "tools/cmd/run.go": "package cmd\n\nfunc Run() {}\n",
        "go.mod": "module example.com/acme/app\n",
        "main.go": 'package main\n\nimport "example.com/acme/tooling/cmd"\n\nfunc main() { cmd.Run() }\n',
    })
    assert _ingest_and_deps(victim, ":module/main-go") == {":module/tools-cmd-run-go"}


def test_a_workspace_glob_of_many_stars_is_matched_in_linear_time(victim):
    _commit(victim, {
        "package.json": json.dumps({"name": "acme", "private": True,
                                    "workspaces": ["packages/*", "*a" * 14 + "b"]}),
        "packages/config/package.json": json.dumps({"name": "config", "main": "src/index.ts"}),
        "packages/config/src/index.ts": "export const settings = {};\n",
        "a" * 60 + "/package.json": json.dumps({"name": "bait"}),
        "apps/main.ts": "import {settings} from 'config';\nexport const s = settings;\n",
    })
    assert _ingest_and_deps(victim, ":module/apps-main-ts") == {":module/packages-config-src-index-ts"}

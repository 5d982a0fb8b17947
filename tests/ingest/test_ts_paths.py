"""TypeScript path aliases (tsconfig.json ``compilerOptions.paths`` and ``baseUrl``): ``import … from '@/lib/api'``
names the repository's ``src/lib/api.ts``, not an outside package called ``lib`` — through the real CLI on real
git repositories. A tsconfig is repository input: comments and trailing commas are read as tsc reads them;
malformed, huge, symlinked or escaping configs give no aliases (the import stays what it was without them) and
nothing outside the repository is read."""

from __future__ import annotations

import os

import pytest

from gitrepo import commit_files, git
from lore.ingest.resolve import PathIndex, resolve
from lore.ingest.tsconfig import Aliases, aliases_of, parse_jsonc

from .conftest import rows_of_one_run_and_per_commit

TSCONFIG = """{
  // tsc allows comments
  "compilerOptions": {
    "strict": true, /* and block comments */
    "baseUrl": ".",
    "paths": {
      "@/*": ["src/*"],
      "~lib": ["src/lib/index.ts",],
    },
  },
}
"""
APP = ("import {api} from '@/lib/api';\nimport {Button} from '@/components/Button';\nimport lib from '~lib';\n"
       "import {api as same} from 'src/lib/api';\nimport React from 'react';\nimport {gone} from '@/missing/thing';\n"
       "export const app = () => api() + Button() + lib + same() + React + gone;\n")
FILES = {
    "tsconfig.json": TSCONFIG,
    "src/app.ts": APP,
    "src/lib/api.ts": "export function api() { return 1; }\n",
    "src/lib/index.ts": "export default 2;\n",
    "src/components/Button.tsx": "export function Button() { return 3; }\n",
}
APP_DEPS = {":module/src-lib-api-ts", ":module/src-components-button-tsx", ":module/src-lib-index-ts",
            ":module/react"}


def _deps(cli, module: str = ":module/src-app-ts") -> set[str]:
    rc, reply, err, _ = cli.run("query", f"[:find ?d :where [{module} :depends-on ?d]]")
    assert rc == 0, err
    return {row[0] for row in reply["results"]}


def test_an_alias_names_the_repository_file(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "repo", FILES))
    # '@/missing/thing' is an alias of the repository's files with none there: no outside package either
    assert _deps(cli) == APP_DEPS
    rc, reply, _, _ = cli.run("sql", "SELECT line, target FROM import_locations WHERE file = 'src/app.ts' "
                              "ORDER BY line")
    assert reply["rows"] == [[1, ":module/src-lib-api-ts"], [2, ":module/src-components-button-tsx"],
                             [3, ":module/src-lib-index-ts"], [4, ":module/src-lib-api-ts"], [5, ":module/react"]]
    # and a memory about the file meets the import: rejecting it warns on the aliased import
    rc, _, err, _ = cli.run("transact", '[[:decision/no-api :forbids "src/lib/api.ts"]]', "--reason", "r")
    assert rc == 0, err
    rc, reply, _, _ = cli.run("warnings", "src/app.ts")
    assert [w["line"] for w in reply["warnings"] if w["rule"] == "rejected_dependency"] == [1]


def test_a_project_extends_the_aliases_of_a_base_config(tmp_path, cli):
    files = {
        "tsconfig.base.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@shared/*": ["libs/shared/src/*"]}}}',
        "apps/web/tsconfig.json": '{"extends": "../../tsconfig.base.json", "compilerOptions": {"jsx": "react"}}',
        "apps/web/src/main.ts": "import {fmt} from '@shared/format';\nexport const m = fmt;\n",
        "libs/shared/src/format.ts": "export const fmt = 1;\n",
    }
    cli = cli.ingest_in(commit_files(tmp_path / "repo", files))
    assert _deps(cli, ":module/apps-web-src-main-ts") == {":module/libs-shared-src-format-ts"}


def test_aliases_that_appear_later_re_point_unchanged_files(repo, tmp_path):
    """The config arrives in a later commit than the file that imports through it (which never changes): a
    run per commit writes what one run writes, and the import named the outside 'lib' only before."""
    no_config = {k: v for k, v in FILES.items() if k != "tsconfig.json"}
    once, per_commit = rows_of_one_run_and_per_commit(repo, tmp_path, [
        no_config, {"tsconfig.json": TSCONFIG}, {"tsconfig.json": TSCONFIG.replace('"src/*"', '"nowhere/*"')}])
    assert once == per_commit
    deps = {(v, vf > 0, vt) for e, a, vt_, v, vf, vt in once if e == ":module/src-app-ts" and a == ":depends-on"}
    targets = {v for v, _, _ in deps}
    assert {":module/src-lib-api-ts", ":module/src-components-button-tsx", ":module/lib"} <= targets


# ------------------------------------------------------------------------------- hostile configs


def _ingest_with_config(tmp_path, cli, config: str | bytes) -> set[str]:
    files = dict(FILES)
    files.pop("tsconfig.json")
    repo = commit_files(tmp_path / "repo", files)
    (repo / "tsconfig.json").write_bytes(config.encode() if isinstance(config, str) else config)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "config")
    return _deps(cli.ingest_in(repo))


@pytest.mark.parametrize("config", [
    '{"compilerOptions": {"paths": {"@/*": ["src/*"]}',  # cut short
    '{"compilerOptions": {"paths": {"@/*": "src/*"}}}',  # a target that is not a list
    '{"compilerOptions": {"paths": ["@/*"]}}',
    '{"compilerOptions": "paths"}',
    '[1, 2, 3]',
    b'\xff\xfe{"compilerOptions": {}}',  # not UTF-8
    "[" * 100_000 + "]" * 100_000,  # nested deeper than a parser's stack
    '{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"]}}}' + " " * 1_000_001,  # too big
    '{"compilerOptions": {"paths": {"@/*": ["../outside/*", "/etc/*", "C:/x/*", "src/../../outside/*"]}}}',
    '{"compilerOptions": {"baseUrl": "../..", "paths": {"@/*": ["src/*"]}}}',
])
def test_a_config_tsc_would_not_read_or_that_leaves_the_repository_gives_no_aliases(tmp_path, cli, config):
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "lib").mkdir()
    (tmp_path / "outside" / "lib" / "api.ts").write_text("export const api = 0;\n")
    deps = _ingest_with_config(tmp_path, cli, config)
    assert not any("outside" in d or "etc" in d for d in deps)
    assert ":module/src-lib-api-ts" not in deps and ":module/react" in deps


def test_a_symlinked_config_is_not_followed(tmp_path, cli):
    """tsconfig.json committed as a symlink to a config outside the repository: git stores the link, and
    ingestion reads neither it nor its target."""
    outside = tmp_path / "outside.json"
    outside.write_text(TSCONFIG)
    files = dict(FILES)
    files.pop("tsconfig.json")
    repo = commit_files(tmp_path / "repo", files)
    os.symlink(outside, repo / "tsconfig.json")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "link")
    deps = _deps(cli.ingest_in(repo))
    assert ":module/src-lib-api-ts" not in deps and ":module/lib" in deps


# ------------------------------------------------------------------------------- the parts, directly


def test_parse_jsonc_reads_what_tsc_reads():
    assert parse_jsonc(b'\xef\xbb\xbf{"a": "// not a comment", /* c */ "b": [1, 2,], // x\n "c": "/* no */",}') == {
        "a": "// not a comment", "b": [1, 2], "c": "/* no */"}
    with pytest.raises(ValueError):
        parse_jsonc(b'{"a": 1 /* never closed')
    with pytest.raises(ValueError):
        parse_jsonc(b"[" * 200_000)


def test_the_nearest_project_config_applies_and_patterns_pick_as_tsc_does():
    files = [("tsconfig.json", "a", "100644"), ("web/tsconfig.json", "b", "100644"),
             ("web/tsconfig.link.json", "c", "120000")]
    blobs = {"a": b'{"compilerOptions": {"paths": {"*": ["types/*"], "@/*": ["src/*"], "@/x/*": ["x/*"]}}}',
             "b": b'{"compilerOptions": {"baseUrl": "src"}}'}
    aliases = aliases_of(files, blobs.get, lambda m: m.startswith("100"))
    assert aliases == {"": Aliases(None, (("*", ("types/*",)), ("@/*", ("src/*",)), ("@/x/*", ("x/*",)))),
                       "web": Aliases("web/src", ())}
    ix = PathIndex()
    for p in ("src/a.ts", "x/b.ts", "src/x/b.ts", "web/src/util.ts", "types/react.d.ts"):
        ix.add(p)
    ix.aliases = aliases
    assert resolve("typescript", "main.ts", "@/a", "", ix) == ("internal", "src/a.ts")
    assert resolve("typescript", "main.ts", "@/x/b", "", ix) == ("internal", "x/b.ts")  # the longer prefix
    assert resolve("typescript", "main.ts", "react", "", ix) == ("internal", "types/react.d.ts")
    assert resolve("typescript", "main.ts", "vue", "", ix) == ("external", "vue")  # '*' alone: a fallback
    assert resolve("typescript", "web/main.ts", "util", "", ix) == ("internal", "web/src/util.ts")
    assert resolve("typescript", "web/main.ts", "@/a", "", ix) == ("external", "@/a")  # web's own config
    assert resolve("typescript", "main.ts", "@/../../etc/passwd", "", ix) == ("external", "@/..")


def test_the_working_layer_resolves_through_the_heads_aliases(tmp_path):
    """An unsaved buffer's aliased import names the repository's file too (the layer reads the head's configs
    from git, as ingestion did)."""
    from lore import operations
    from lore.store.graph import Graph

    repo = commit_files(tmp_path / "repo", FILES)
    operations.load_features()
    g = Graph(tmp_path / "g.duckdb")
    try:
        assert operations.run("ingest", g, {"repo": str(repo), "wait": True})["ok"]
        reply = operations.run("transact", g, {"facts": "[[:decision/no-api :forbids :module/src-lib-api-ts]]",
                                               "reason": "r"})
        operations.derive(g, reply.pop("_result"))
        r = operations.run("layerBuffer", g, {"root": str(repo), "path": str(repo / "src" / "app.ts"),
                                              "text": "// moved\nimport {api} from '@/lib/api';\nexport const x = api;\n",
                                              "version": 2})
        assert r["ok"] and r["inLayer"]
        assert [(w["rule"], w["line"]) for w in r["warnings"]] == [("rejected_dependency", 2)]
    finally:
        g.close()


def test_extends_an_array_and_cycles():
    """TypeScript 5's ``extends`` array: a later entry overrides an earlier one, the config itself both; a
    cycle of extends ends."""
    files = [(p, p, "100644") for p in ("tsconfig.json", "a.json", "b.json", "tsconfig.loop.json")]
    blobs = {"tsconfig.json": b'{"extends": ["./a.json", "./b"], "compilerOptions": {}}',
             "a.json": b'{"compilerOptions": {"baseUrl": "a", "paths": {"@/*": ["from-a/*"]}}}',
             "b.json": b'{"extends": "./tsconfig.json", "compilerOptions": {"paths": {"@/*": ["from-b/*"]}}}'}
    # (a.json and b.json are not tsconfig*.json names: they are not read)
    assert aliases_of(files, blobs.get, lambda m: True) == {}
    files = [(p, p, "100644") for p in ("tsconfig.json", "tsconfig.a.json", "tsconfig.b.json")]
    blobs = {"tsconfig.json": b'{"extends": ["./tsconfig.a.json", "./tsconfig.b"], "compilerOptions": {}}',
             "tsconfig.a.json": b'{"compilerOptions": {"baseUrl": "a", "paths": {"@/*": ["from-a/*"]}}}',
             "tsconfig.b.json": b'{"extends": "./tsconfig.json", "compilerOptions": {"paths": {"@/*": ["b/*"]}}}'}
    assert aliases_of(files, blobs.get, lambda m: True) == {"": Aliases("a", (("@/*", ("b/*",)),))}

"""What TypeScript and Java imports name, on real ingested repositories through the real CLI: a TypeScript
ES module imports './x.js' for its own x.ts, and a Java import names a package (com.google.common.truth),
not its first two segments (com.google, every Google library at once)."""

from __future__ import annotations

from gitrepo import commit_files

TS_FILES = {
    "source/core/Ky.ts": "import {HTTPError} from '../errors/HTTPError.js';\n"
                         "export class Ky { static create() { return new HTTPError(); } }\n",
    "source/errors/HTTPError.ts": "export class HTTPError extends Error {}\n",
    "source/errors/index.ts": "export {HTTPError} from './HTTPError.js';\n",
    "source/types/options.ts": "export type Options = {retry: number};\n",
    "source/legacy.cts": "export const legacy = 1;\n",
    "source/index.ts": "import {Ky} from './core/Ky.js';\n"
                       "import type {Options} from './types/options.js';\n"
                       "export * from './errors';\n"
                       "const legacy = require('./legacy.cjs');\n"
                       "import express from 'express';\n"
                       "export const ky = (o: Options) => Ky.create();\n",
}

JAVA_FILES = {
    "gson/src/main/java/com/google/gson/Gson.java":
        "package com.google.gson;\n\nimport com.google.gson.internal.Excluder;\n"
        "import com.google.common.collect.ImmutableMap;\nimport com.google.errorprone.annotations.Keep;\n"
        "\npublic final class Gson { Excluder e; }\n",
    "gson/src/main/java/com/google/gson/internal/Excluder.java":
        "package com.google.gson.internal;\n\npublic final class Excluder {}\n",
    "gson/src/test/java/com/google/gson/GsonTest.java":
        "package com.google.gson;\n\nimport static com.google.common.truth.Truth.assertThat;\n"
        "import static org.junit.Assert.assertThrows;\nimport com.google.common.base.*;\n"
        "import com.google.gson.internal.*;\n"
        "import java.util.List;\n\npublic class GsonTest { void t() { assertThat(1); } }\n",
}


def _repo(tmp_path, cli, files):
    return cli.ingest_in(commit_files(tmp_path / "repo", files))


def _depends(cli, module: str) -> set[str]:
    rc, reply, err, _ = cli.run("query", f"[:find ?d :where [{module} :depends-on ?d]]")
    assert rc == 0, err
    return {row[0] for row in reply["results"]}


def _rejected(cli, path: str) -> set[tuple[str, str]]:
    rc, reply, err, _ = cli.run("warnings", path)
    assert rc == 0, err
    return {(w["slots"]["memory"], w["slots"]["target"]) for w in reply["warnings"]
            if w["rule"] == "rejected_dependency"}


def test_typescript_imports_of_the_compiled_js_name_the_ts_file(tmp_path, cli):
    cli = _repo(tmp_path, cli, TS_FILES)
    assert _depends(cli, ":module/source-index-ts") == {
        ":module/source-core-ky-ts", ":module/source-types-options-ts",  # './core/Ky.js', import type
        ":module/source-errors-index-ts",  # a re-export of a folder: its index.ts
        ":module/source-legacy-cts",  # require('./legacy.cjs')
        ":module/express"}
    assert _depends(cli, ":module/source-errors-index-ts") == {":module/source-errors-httperror-ts"}


def test_java_imports_name_their_package(tmp_path, cli):
    cli = _repo(tmp_path, cli, JAVA_FILES)
    gson, test = ":module/gson-src-main-java-com-google-gson-gson-java", \
        ":module/gson-src-test-java-com-google-gson-gsontest-java"
    assert _depends(cli, gson) == {":module/gson-src-main-java-com-google-gson-internal-excluder-java",
                                   ":module/com-google-common-collect",
                                   ":module/com-google-errorprone-annotations"}
    # static imports name the class's package, a wildcard its package (the repository's own: a file of it)
    assert _depends(cli, test) == {":module/com-google-common-truth", ":module/org-junit",
                                   ":module/com-google-common-base", ":module/java-util",
                                   ":module/gson-src-main-java-com-google-gson-internal-excluder-java"}


def test_rejecting_a_java_package_covers_the_packages_under_it(tmp_path, cli):
    cli = _repo(tmp_path, cli, JAVA_FILES)
    rc, _, err, _ = cli.run("transact", "[[:decision/no-guava :rejects :module/com-google-common]"
                            " [:decision/no-guava :description \"no Guava at run time\"]]", "--reason", "r")
    assert rc == 0, err
    path = "gson/src/main/java/com/google/gson/Gson.java"
    # Guava's collect is under com.google.common; errorprone (and gson itself) only share com.google
    assert _rejected(cli, path) == {(":decision/no-guava", ":module/com-google-common-collect")}
    assert _rejected(cli, "gson/src/test/java/com/google/gson/GsonTest.java") == {
        (":decision/no-guava", ":module/com-google-common-truth"),
        (":decision/no-guava", ":module/com-google-common-base")}
    rc, reply, _, _ = cli.run("warnings", path)
    [w] = [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"]
    assert w["line"] == 4 and "com.google.common.collect" in w["message"]


def test_a_dotted_npm_name_is_not_under_its_first_word(tmp_path, cli):
    cli = _repo(tmp_path, cli, {"main.ts": "import merge from 'lodash.merge';\nimport _ from 'lodash';\n"})
    rc, _, err, _ = cli.run("transact", "[[:decision/no-lodash :rejects :module/lodash]"
                            " [:decision/no-lodash :description \"no lodash\"]]", "--reason", "r")
    assert rc == 0, err
    assert _rejected(cli, "main.ts") == {(":decision/no-lodash", ":module/lodash")}


def test_a_java_package_rejected_as_a_string_covers_the_packages_under_it(tmp_path, cli):
    """`"com.google.common"` as written in a decision (before or after the ingest) covers Guava's packages
    as the keyword `:module/com-google-common` does."""
    repo = commit_files(tmp_path / "repo", JAVA_FILES)
    cli.graph, cli.cwd = repo / ".lore" / "lore.duckdb", repo
    rc, _, err, _ = cli.run("transact", "[[:decision/early :forbids \"com.google.common\"]]", "--reason", "r")
    assert rc == 0, err
    cli = cli.ingest_in(repo)
    rc, _, err, _ = cli.run("transact", "[[:decision/no-guava :rejects \"com.google.common\"]]", "--reason", "r")
    assert rc == 0, err
    test = "gson/src/test/java/com/google/gson/GsonTest.java"
    assert _rejected(cli, test) == {(m, t) for m in (":decision/early", ":decision/no-guava")
                                    for t in (":module/com-google-common-truth", ":module/com-google-common-base")}
    rc, reply, _, _ = cli.run("query", "[:find ?v :where [:decision/no-guava :rejects ?v]]")
    assert reply["results"] == [[":module/com-google-common"]]


def test_dynamic_imports_and_import_require_are_imports(tmp_path, cli):
    """(found on honojs/hono: `await import('node:crypto')` and `import fs = require('fs')` were not imports,
    so a decision rejecting node:crypto said nothing about them)"""
    cli = _repo(tmp_path, cli, {
        "src/lazy.ts": "export async function hash() {\n  const c = await import('node:crypto')\n  return c\n}\n",
        "src/old.ts": "import fs = require('fs')\nexport const f = fs\n",
        "src/lazy.js": "export const load = () => import('./other.js')\n",
        "src/other.js": "export const x = 1\n",
        "src/page.tsx": "const Chart = lazy(() => import('chart.js'))\n"})
    assert _depends(cli, ":module/src-lazy-ts") == {":module/crypto"}
    assert _depends(cli, ":module/src-old-ts") == {":module/fs"}
    assert _depends(cli, ":module/src-lazy-js") == {":module/src-other-js"}
    assert _depends(cli, ":module/src-page-tsx") == {":module/chart-js"}
    rc, _, err, _ = cli.run("transact", "[[:decision/no-crypto :rejects :module/crypto]"
                            " [:decision/no-crypto :description \"Web Crypto only\"]]", "--reason", "r")
    assert rc == 0, err
    assert _rejected(cli, "src/lazy.ts") == {(":decision/no-crypto", ":module/crypto")}
    rc, reply, _, _ = cli.run("warnings", "src/lazy.ts")
    [w] = [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"]
    assert w["line"] == 2

"""One identity on a TypeScript repository (SPEC §1). A bare import name in JavaScript and TypeScript
(`import { parse } from 'cookie'`) names an npm package, never a file of the repository, and repositories keep
files named like the packages they avoid (`src/utils/cookie.ts`, honojs/hono). Before, "we decided against the
cookie package from npm; we keep our own parser in src/utils/cookie.ts" rejected the repository's own parser:
six false warnings on every file importing it, and none on the `import 'cookie'` a branch then added (user
trial 12). Real git repository, real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from memory_helpers import rejected_imports as rejected
from memory_helpers import rejects_of as refs

from gitrepo import commit_files, git


@pytest.fixture
def tsrepo(tmp_path: Path) -> Path:
    return commit_files(tmp_path / "tsproj", {
        "package.json": '{"name": "web", "version": "1.0.0"}\n',
        "src/utils/cookie.ts": "export const parse = (s: string): Record<string, string> => ({ raw: s })\n",
        "src/helper/cookie/index.ts": "import { parse } from '../../utils/cookie'\n\n"
                                      "export const getCookie = (s: string) => parse(s)\n",
        "src/client.ts": "import { parse } from './utils/cookie'\n\nexport const client = (h: string) => parse(h)\n",
    }, "own cookie parser")


def add_import(repo: Path) -> None:
    p = repo / "src" / "client.ts"
    p.write_text("import { parse as parseCookie } from 'cookie'\n" + p.read_text())


def test_a_captured_rejection_of_an_npm_package_is_not_the_file_named_like_it(cli, tsrepo):
    cli = cli.ingest_in(tsrepo)
    code, reply, err, _ = cli.run(
        "finalize-turn", "User: For cookie parsing we decided against the cookie package from npm because it "
        "pulls Node-only code into the Workers bundle; we keep our own parser in src/utils/cookie.ts. "
        "Agent: Understood, I'll keep using src/utils/cookie.ts and not add cookie.")
    assert code == 0 and reply["ok"], err
    [memory] = [m for m in reply["memories"] if m["kind"] == "decision"]
    assert refs(cli, memory["entity"]) == [":dependency/cookie"]  # nothing imports it yet: as written
    assert rejected(cli) == []  # the repository's own parser and its importers are not what was rejected
    add_import(tsrepo)
    code, reply, err, _ = cli.run("check")
    assert code == 1 and reply["ok"], err
    assert [(w["file"], w["line"], w["rule"]) for w in reply["warnings"]] == [
        ("src/client.ts", 1, "rejected_dependency")]


@pytest.mark.parametrize("written", [":dependency/cookie", ":library/cookie", ":module/cookie", '"cookie"'])
def test_an_npm_package_named_any_way_is_not_a_file(cli, tsrepo, written):
    cli = cli.ingest_in(tsrepo)
    code, reply, err, _ = cli.run("transact", f'[[:decision/own-cookie :description "our own cookie parser"] '
                                  f'[:decision/own-cookie :rejects {written}]]', "--reason", "no npm cookie")
    assert code == 0 and reply["ok"], err
    assert refs(cli, ":decision/own-cookie") in ([written.strip('"')], [":module/cookie"])
    assert rejected(cli) == []
    add_import(tsrepo)
    code, reply, err, _ = cli.run("check")
    assert code == 1 and reply["ok"], err
    assert [(w["file"], w["line"]) for w in reply["warnings"]] == [("src/client.ts", 1)]
    # once the import is history, the stored reference is the code's own entity
    git(tsrepo, "commit", "-qam", "npm cookie")
    assert cli.run("ingest")[0] == 0
    assert refs(cli, ":decision/own-cookie") == [":module/cookie"]
    assert rejected(cli) == [("src/client.ts", 1)]

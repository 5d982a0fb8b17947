"""A Java wildcard import of the repository's own package (``import com.acme.util.*;``) names the package, a
folder: the importer depends on every file of it, as a Go import does, and keeps doing so as files join or
leave it — through the real CLI on a real repository, and a run per commit writes what one run writes."""

from __future__ import annotations

from gitrepo import commit_files, git

from .conftest import rows_of_one_run_and_per_commit

APP = ("package com.acme;\n\nimport com.acme.util.*;\nimport java.util.List;\n\n"
       "public class App { Hasher h; Codec c; List<String> l; }\n")
FILES = {
    "src/main/java/com/acme/App.java": APP,
    "src/main/java/com/acme/util/Hasher.java": "package com.acme.util;\n\npublic class Hasher {}\n",
    "src/main/java/com/acme/util/Codec.java": "package com.acme.util;\n\npublic class Codec {}\n",
    "src/test/java/com/acme/util/HasherTest.java": "package com.acme.util;\n\npublic class HasherTest {}\n",
}
UTIL = ":module/src-main-java-com-acme-util-"


def _deps(cli) -> set[str]:
    rc, reply, err, _ = cli.run("query", "[:find ?d :where [:module/src-main-java-com-acme-app-java :depends-on ?d]]")
    assert rc == 0, err
    return {row[0] for row in reply["results"]}


def test_a_java_wildcard_import_depends_on_every_file_of_the_package(tmp_path, cli):
    repo = commit_files(tmp_path / "repo", FILES)
    cli = cli.ingest_in(repo)
    assert _deps(cli) == {UTIL + "hasher-java", UTIL + "codec-java", ":module/java-util"}
    rc, reply, _, _ = cli.run("sql", "SELECT target FROM import_locations WHERE file = "
                              "'src/main/java/com/acme/App.java' AND line = 3 ORDER BY target")
    assert reply["rows"] == [[UTIL + "codec-java"], [UTIL + "hasher-java"]]
    # a file joins the package, another leaves it: App.java itself never changes
    (repo / "src/main/java/com/acme/util/Base64.java").write_text("package com.acme.util;\n\nclass Base64 {}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "two")
    assert cli.run("ingest")[0] == 0
    assert _deps(cli) == {UTIL + "hasher-java", UTIL + "codec-java", UTIL + "base64-java", ":module/java-util"}
    git(repo, "rm", "-q", "src/main/java/com/acme/util/Codec.java")
    git(repo, "commit", "-q", "-m", "three")
    assert cli.run("ingest")[0] == 0
    assert _deps(cli) == {UTIL + "hasher-java", UTIL + "base64-java", ":module/java-util"}


def test_a_run_per_commit_writes_what_one_run_writes(repo, tmp_path):
    once, per_commit = rows_of_one_run_and_per_commit(repo, tmp_path, [
        dict(FILES), {"src/main/java/com/acme/util/Base64.java": "package com.acme.util;\n\nclass Base64 {}\n"},
        {"src/main/java/com/acme/util/Codec.java": None}])
    assert once == per_commit

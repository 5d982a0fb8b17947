"""One identity on a Java/Kotlin repository (SPEC §1). A JVM library is said by its product or artifact name
("Jackson", "jackson-databind", "Gson") and imported by its package (``com.fasterxml.jackson.databind``,
``com.google.gson.stream``). Before, "Let's not use Jackson anymore" and "switching the samples from Gson to
Moshi" were stored as rejections of ``:dependency/jackson`` and ``:dependency/gson``, met no import, and
square/retrofit's 26 imports of both gave no warning (user trial 14). A JVM package is said by each run of its
segments after the first, as a hosted Go path by its segments after the host. Real git repository, real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitrepo import commit_files, git

JACKSON = ("package retrofit2.converter.jackson;\n\nimport com.fasterxml.jackson.databind.ObjectMapper;\n"
           "import com.fasterxml.jackson.core.JsonParser;\n\nfinal class JacksonConverter {\n"
           "  ObjectMapper mapper;\n  JsonParser parser;\n}\n")
GSON = ("package retrofit2.converter.gson;\n\nimport com.google.gson.Gson;\nimport com.google.gson.stream.JsonReader;\n"
        "import static com.google.common.truth.Truth.assertThat;\n\nfinal class GsonConverter {\n  Gson gson;\n"
        "  JsonReader reader;\n}\n")
MOSHI_KT = "package retrofit2.converter.moshi\n\nimport com.squareup.moshi.Moshi\n\nclass MoshiConverter(val moshi: Moshi)\n"
# Python's dotted imports are modules, not said by their segments (``storage`` is no name of this package).
STORE_PY = "import google.cloud.storage\n\n\ndef upload(blob):\n    return google.cloud.storage.Client()\n"


@pytest.fixture
def jvmrepo(tmp_path: Path) -> Path:
    return commit_files(tmp_path / "retro", {
        "converters/jackson/JacksonConverter.java": JACKSON,
        "converters/gson/GsonConverter.java": GSON,
        "converters/moshi/MoshiConverter.kt": MOSHI_KT,
        "tools/store.py": STORE_PY,
    }, "converters")


def rejected(cli) -> list[tuple[str, int, str, str]]:
    code, reply, err, _ = cli.run("warnings")
    assert code == 0 and reply["ok"], err
    return sorted((w["file"], w["line"], w["slots"]["memory"], w["slots"]["target"]) for w in reply["warnings"]
                  if w["rule"] == "rejected_dependency")


def test_captured_rejections_said_as_products_meet_the_packages_imported(cli, jvmrepo):
    cli = cli.ingest_in(jvmrepo)
    for turn in ("User: Let's not use Jackson anymore — jackson-databind is heavy and its reflection breaks under "
                 "R8. Agent: OK, no Jackson.",
                 "User: We're switching the samples from Gson to Moshi because Gson is in maintenance mode. "
                 "Agent: OK, I'll port the samples to Moshi."):
        code, reply, err, _ = cli.run("finalize-turn", turn)
        assert code == 0 and reply["ok"] and reply["memories"], err
    jackson = "converters/jackson/JacksonConverter.java"
    gson = "converters/gson/GsonConverter.java"
    found = {(f, line, target) for f, line, _m, target in rejected(cli)}
    # Jackson: both packages; jackson-databind: the databind one; Gson: both of its packages, never Truth's
    # (com.google.common.truth shares only com.google with gson), Moshi's or Python's
    assert found == {(jackson, 3, ":module/com-fasterxml-jackson-databind"),
                     (jackson, 4, ":module/com-fasterxml-jackson-core"),
                     (gson, 3, ":module/com-google-gson"),
                     (gson, 4, ":module/com-google-gson-stream")}


def test_an_artifact_name_as_a_keyword_meets_its_package_only(cli, jvmrepo):
    cli = cli.ingest_in(jvmrepo)
    code, reply, err, _ = cli.run(
        "transact", '[[:decision/no-databind :description "No jackson-databind"] '
        '[:decision/no-databind :rejects :dependency/jackson-databind] '
        '[:decision/no-storage :description "No storage"] [:decision/no-storage :rejects :dependency/storage] '
        '[:decision/no-squareup :description "No squareup"] [:decision/no-squareup :rejects :library/moshi]]',
        "--reason", "trial")
    assert code == 0 and reply["ok"], err
    assert rejected(cli) == [
        ("converters/jackson/JacksonConverter.java", 3, ":decision/no-databind", ":module/com-fasterxml-jackson-databind"),
        ("converters/moshi/MoshiConverter.kt", 3, ":decision/no-squareup", ":module/com-squareup-moshi")]
    # one package answers for "moshi": the reference names the code's entity
    code, reply, err, _ = cli.run("query", "[:find ?v :where [:decision/no-squareup :rejects ?v]]")
    assert code == 0 and [r[0] for r in reply["results"]] == [":module/com-squareup-moshi"], err


def test_a_branch_adding_an_import_of_a_rejected_product_fails_the_check(cli, jvmrepo):
    """The rejection is recorded before any code imports the product; a branch brings the first import."""
    (jvmrepo / "converters/gson/GsonConverter.java").unlink()
    git(jvmrepo, "commit", "-qam", "no gson yet")
    cli = cli.ingest_in(jvmrepo)
    code, reply, err, _ = cli.run(
        "finalize-turn", "User: We decided against Gson for the converters; it is in maintenance mode. "
        "Agent: Understood, no Gson.")
    assert code == 0 and reply["ok"] and reply["memories"], err
    git(jvmrepo, "checkout", "-q", "-b", "feat/gson")
    (jvmrepo / "converters/gson").mkdir(parents=True, exist_ok=True)
    (jvmrepo / "converters/gson/GsonConverter.java").write_text(GSON)
    git(jvmrepo, "add", "-A")
    git(jvmrepo, "commit", "-qm", "gson converter")
    code, _, _, out = cli.run("check", "--base", "main", json_out=False)
    assert code == 1, out
    assert "converters/gson/GsonConverter.java:3" in out and "com.google.gson" in out, out
    assert "truth" not in out, out


def test_a_captured_maven_coordinate_meets_the_artifacts_package_not_the_groups(cli, jvmrepo):
    """"Don't add com.fasterxml.jackson.core:jackson-databind" was cut at its colon and rejected the group,
    com.fasterxml.jackson.core: the jackson-core import warned, the databind one did not (user trial 14, C6). A
    coordinate is one name, said by its artifact."""
    cli = cli.ingest_in(jvmrepo)
    for turn in ("User: Don't add com.fasterxml.jackson.core:jackson-databind to retrofit core; it is heavy.\n"
                 "Agent: Noted.",
                 "User: We decided against com.google.code.gson:gson.\nAgent: Noted."):
        code, reply, err, _ = cli.run("finalize-turn", turn)
        assert code == 0 and reply["ok"] and reply["memories"], err
    found = {(f, line, target) for f, line, _m, target in rejected(cli)}
    assert found == {("converters/jackson/JacksonConverter.java", 3, ":module/com-fasterxml-jackson-databind"),
                     ("converters/gson/GsonConverter.java", 3, ":module/com-google-gson"),
                     ("converters/gson/GsonConverter.java", 4, ":module/com-google-gson-stream")}


GUAVA = ("package app.cache;\n\nimport com.google.common.collect.ImmutableList;\n"
         "import com.google.common.base.Preconditions;\nimport okhttp3.OkHttpClient;\n"
         "import static com.google.common.truth.Truth.assertThat;\n\nfinal class Cache {\n"
         "  ImmutableList<String> keys;\n  OkHttpClient http;\n}\n")


def test_a_library_whose_package_does_not_carry_its_name_is_met_by_its_artifact(cli, tmp_path):
    """Guava is imported as com.google.common.*, OkHttp as okhttp3: "We decided against Guava" stored
    :dependency/guava and met nothing. Truth's package lies under com.google.common, but it is not Guava."""
    repo = commit_files(tmp_path / "app", {"src/Cache.java": GUAVA}, "cache")
    cli = cli.ingest_in(repo)
    for turn in ("User: We decided against Guava; the JDK's collections are enough now.\nAgent: Noted.",
                 "User: Let's not use OkHttp here, java.net.http does what we need.\nAgent: OK."):
        code, reply, err, _ = cli.run("finalize-turn", turn)
        assert code == 0 and reply["ok"] and reply["memories"], err
    assert {(f, line, target) for f, line, _m, target in rejected(cli)} == {
        ("src/Cache.java", 3, ":module/com-google-common-collect"),
        ("src/Cache.java", 4, ":module/com-google-common-base"),
        ("src/Cache.java", 5, ":module/okhttp3")}


def test_a_branch_adding_the_first_guava_import_fails_the_check(cli, tmp_path):
    """The rejection is captured before any code imports Guava (it stays :dependency/guava); a branch brings the
    first import, and the rule meets it by lore/jvm_names.json. Truth's import on the same branch is not Guava."""
    repo = commit_files(tmp_path / "app", {"src/Cache.java": "package app.cache;\n\nfinal class Cache {}\n"}, "cache")
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run("finalize-turn", "User: We decided against Guava for the cache.\nAgent: Understood.")
    assert code == 0 and reply["ok"] and reply["memories"], err
    git(repo, "checkout", "-q", "-b", "feat/guava")
    (repo / "src/Cache.java").write_text(GUAVA)
    git(repo, "commit", "-qam", "guava cache")
    code, _, _, out = cli.run("check", "--base", "main", json_out=False)
    assert code == 1, out
    assert "src/Cache.java:3" in out and "src/Cache.java:4" in out and "com.google.common" in out, out
    assert "src/Cache.java:6" not in out, out  # Truth

"""A hover on an import that a rejection of its parent package covers shows that decision: rejecting
com.google.common covers an import of com.google.common.collect (rejected_dependency warns on it), and the
hover on that import says why — through a real ``lore serve`` on a real ingested repository."""

from __future__ import annotations

import pytest

from .conftest import hover_text, ingest_complete, lsp, make_repo, open_doc, request, wait_for

GSON = ("package com.google.gson;\n\nimport com.google.common.collect.ImmutableMap;\n"
        "import com.google.errorprone.annotations.Keep;\nimport com.google.common.base.Strings;\n\n"
        "public final class Gson { ImmutableMap<String, String> m; }\n")
PATH = "src/main/java/com/google/gson/Gson.java"



@pytest.mark.asyncio
async def test_hover_on_a_covered_sub_package_import_shows_the_parent_decision(tmp_path):
    root = make_repo(tmp_path / "repo", {PATH: GSON})
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        await ingest_complete(client)
        reply = await request(client, "lore/transact", {
            "facts": '[[:decision/no-guava :rejects "com.google.common"] '
                     '[:decision/no-guava :description "no Guava at run time"]]',
            "reason": "review"})
        assert reply["ok"], reply
        uri = open_doc(client, root / PATH)
        lines = GSON.split("\n")
        collect = await hover_text(client, uri, 2, lines[2].index("collect") + 2)
        assert ":module/com-google-common-collect" in collect
        assert "no Guava at run time" in collect and ":decision/no-guava" in collect
        assert "com.google.common" in collect  # says which package the decision names
        base = await hover_text(client, uri, 4, lines[4].index("base") + 1)
        assert "no Guava at run time" in base
        # errorprone is only a cousin under com.google: no Guava decision on it
        keep = await hover_text(client, uri, 3, lines[3].index("errorprone") + 2)
        assert ":module/com-google-errorprone-annotations" in keep
        assert "no-guava" not in keep


def test_the_hover_operation_answers_the_same_without_the_hover_index(tmp_path):
    """``lspHover`` as the CLI, MCP and the working layer ask it (no hover index: the plain queries)."""
    from lore import operations
    from lore.store.graph import Graph

    root = make_repo(tmp_path / "repo", {PATH: GSON})
    operations.load_features()
    g = Graph(tmp_path / "g.duckdb")
    try:
        assert operations.run("ingest", g, {"repo": str(root), "wait": True})["ok"]
        reply = operations.run("transact", g, {"facts": '[[:decision/no-guava :rejects "com.google.common"] '
                                                        '[:decision/no-guava :description "no Guava at run time"]]',
                                               "reason": "r"})
        operations.derive(g, reply.pop("_result"))
        info = operations.run("lspHover", g, {"entity": ":module/com-google-common-collect"})
        assert [(m["entity"], m["via"]) for m in info["memories"]] == [
            (":decision/no-guava", [{"attribute": ":rejects", "package": "com.google.common"}])]
        assert info["memories"][0]["description"] == "no Guava at run time"
        info = operations.run("lspHover", g, {"entity": ":module/com-google-errorprone-annotations"})
        assert info["memories"] == []
    finally:
        g.close()


async def _typed_and_hovered(tmp_path, files: dict[str, str], path: str, decision: str, written: str,
                             text: str, line: int, col: int):
    """A repository of ``files`` in a real server; ``decision`` (described "why not") rejects ``written``; the
    unsaved buffer of ``path`` becomes ``text``: (its lore diagnostics once there are some, the hover at
    ``line``:``col``)."""
    root = make_repo(tmp_path / "repo", files)
    async with lsp(root / ".lore" / "lore.duckdb", root) as client:
        await ingest_complete(client)
        reply = await request(client, "lore/transact", {
            "facts": f'[[{decision} :rejects {written}] [{decision} :description "why not"]]', "reason": "review"})
        assert reply["ok"], reply
        uri = open_doc(client, root / path, text=text, version=2)  # unsaved: only in the buffer

        async def warned():
            diags = [d for d in client.diagnostics.get(uri, []) if d.source == "lore"]
            return diags or None

        diags = await wait_for(warned, 60, "the buffer's rejected import to be flagged")
        return diags, await hover_text(client, uri, line, col)


@pytest.mark.asyncio
@pytest.mark.parametrize("written", [":dependency/chardet", ":library/chardet"])
async def test_hover_on_an_import_shows_a_rejection_written_before_any_code_imported_it(tmp_path, written):
    # A decision names the package the way people do (:dependency/x) before the code ever imported it: the
    # reference stays as written until an ingest brings the code. rejected_dependency meets it (the buffer
    # that imports x is warned about); the hover on that import must say which decision, too.
    _, shown = await _typed_and_hovered(
        tmp_path, {"src/app.py": "def main():\n    return 1\n"}, "src/app.py", ":decision/no-chardet", written,
        "import chardet\n\n\ndef main():\n    return chardet.detect(b'')\n", 0, len("import ch"))
    assert "why not" in shown and ":decision/no-chardet" in shown, shown


@pytest.mark.asyncio
@pytest.mark.parametrize("written", [":dependency/logrus", '"github.com/sirupsen/logrus"'])
async def test_hover_on_a_go_import_shows_a_rejection_of_the_package_by_the_name_people_say(tmp_path, written):
    # User trial 11 (labstack/echo): "we decided against logrus" is :rejects :dependency/logrus (or the import
    # path, written as a string), while nothing imports it; the import typed is github.com/sirupsen/logrus.
    # The buffer is warned about, and the hover on the import says why.
    [diag], shown = await _typed_and_hovered(
        tmp_path, {"go.mod": "module example.com/app\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n"},
        "main.go", ":decision/no-logrus", written,
        'package main\n\nimport "github.com/sirupsen/logrus"\n\nfunc main() { logrus.Info("x") }\n',
        2, len('import "github.com/sir'))
    assert diag.range.start.line == 2 and "github.com/sirupsen/logrus" in diag.message, diag
    assert "why not" in shown and ":decision/no-logrus" in shown, shown


@pytest.mark.asyncio
@pytest.mark.parametrize("written", [":dependency/jackson", ":dependency/jackson-databind"])
async def test_hover_on_a_java_import_shows_a_rejection_of_the_library_by_its_product_name(tmp_path, written):
    # User trial 14 (square/retrofit): "Let's not use Jackson anymore" is :rejects :dependency/jackson, and
    # "jackson-databind" (the Maven artifact) :dependency/jackson-databind; the import typed is
    # com.fasterxml.jackson.databind.ObjectMapper. The unsaved buffer is warned about, and the hover says why.
    [diag], shown = await _typed_and_hovered(
        tmp_path, {PATH: GSON}, PATH, ":decision/no-jackson", written,
        GSON.replace("import com.google.errorprone.annotations.Keep;\n",
                     "import com.fasterxml.jackson.databind.ObjectMapper;\n"),
        3, len("import com.fasterxml.jack"))
    assert diag.range.start.line == 3 and "com.fasterxml.jackson.databind" in diag.message, diag
    assert "why not" in shown and ":decision/no-jackson" in shown, shown


@pytest.mark.asyncio
@pytest.mark.parametrize("written", [":dependency/guava", ":library/guava"])
async def test_hover_on_a_java_import_shows_a_rejection_of_the_artifact_its_package_does_not_name(tmp_path, written):
    # "We decided against Guava" is :rejects :dependency/guava; the import typed is com.google.common.collect,
    # a package that says nothing of Guava (lore/jvm_names.json says it). Warned about, and the hover says why.
    cache = "package app;\n\nimport java.util.List;\n\nfinal class Cache { List<String> keys; }\n"
    [diag], shown = await _typed_and_hovered(
        tmp_path, {"src/app/Cache.java": cache}, "src/app/Cache.java", ":decision/no-guava", written,
        cache.replace("import java.util.List;\n", "import java.util.List;\nimport com.google.common.collect.ImmutableList;\n"),
        3, len("import com.google.common.col"))
    assert diag.range.start.line == 3 and "com.google.common.collect" in diag.message, diag
    assert "why not" in shown and ":decision/no-guava" in shown, shown


@pytest.mark.asyncio
@pytest.mark.parametrize("written, typed, col", [
    (":dependency/pyyaml", "import yaml\n", len("import ya")),
    (":dependency/pillow", "from PIL import Image\n", len("from PI")),
    (":dependency/python-dateutil", "import dateutil.parser\n", len("import dateu")),
])
async def test_hover_on_a_python_import_shows_a_rejection_of_the_distribution_that_installs_it(
        tmp_path, written, typed, col):
    # "We decided against PyYAML" is :rejects :dependency/pyyaml; the import typed is yaml (Pillow: PIL,
    # python-dateutil: dateutil). Before, nothing met: the distribution's name is no import's. The unsaved
    # buffer is warned about on the import line, and the hover says why.
    [diag], shown = await _typed_and_hovered(
        tmp_path, {"src/app.py": "def main():\n    return 1\n"}, "src/app.py", ":decision/no-it", written,
        typed + "\n\ndef main():\n    return 1\n", 0, col)
    assert diag.range.start.line == 0, diag
    assert "why not" in shown and ":decision/no-it" in shown, shown


@pytest.mark.asyncio
@pytest.mark.parametrize("written", [":dependency/laminas-laminas-diactoros", '"laminas/laminas-diactoros"',
                                     ":dependency/diactoros"])
async def test_hover_on_a_php_use_shows_a_rejection_of_the_composer_package(tmp_path, written):
    # User trial 15 (slimphp/Slim): "Let's drop laminas/laminas-diactoros" is :rejects
    # :dependency/laminas-laminas-diactoros (or the Composer name, as a string); the line typed is a use of a class
    # in its namespace, Laminas\Diactoros. The unsaved buffer is warned about, and the hover on the use says why.
    kernel = "<?php\nnamespace Acme;\n\nclass Kernel\n{\n}\n"
    [diag], shown = await _typed_and_hovered(
        tmp_path, {"src/Kernel.php": kernel}, "src/Kernel.php", ":decision/no-diactoros", written,
        kernel.replace("\n\nclass", "\n\nuse Laminas\\Diactoros\\ServerRequest;\nuse Nyholm\\Psr7\\Response;\n\nclass"),
        3, len("use Laminas\\Diac"))
    assert diag.range.start.line == 3 and "Laminas\\Diactoros" in diag.message, diag
    assert "why not" in shown and ":decision/no-diactoros" in shown, shown

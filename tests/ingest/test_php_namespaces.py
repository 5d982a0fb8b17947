"""PHP's ``use`` as Composer resolves it (lore.ingest.resolve, lore.ingest.workspaces): a class of a namespace that
``composer.json``'s PSR-4 maps put in another folder (``Slim\\Tests\\`` -> ``tests/``) is that file, and an outside
class is named by its namespace (``GuzzleHttp\\Psr7``, the package guzzlehttp/psr7), not by its first segment.
Before, on slimphp/Slim (user trial 15), 35 test files' imports of ``Slim\\Tests\\…`` were an outside package
``:module/slim`` — which a constraint naming the project then flagged in every one — and every PSR import was one
``:module/psr``. Real git repositories, the real CLI. ``composer.json`` is repository input: a malformed or
escaping one maps nothing."""

from __future__ import annotations

import json

import pytest

from gitrepo import commit_files
from lore.ingest.workspaces import MAX_MANIFEST_BYTES, Workspaces, workspaces_of

from .conftest import deps_of as _deps

COMPOSER = json.dumps({
    "name": "acme/shop",
    "require": {"guzzlehttp/psr7": "^2", "laminas/laminas-diactoros": "^3"},
    "autoload": {"psr-4": {"Acme\\Shop\\": "src/"}},
    "autoload-dev": {"psr-4": {"Acme\\Shop\\Tests\\": ["tests/", "tests-more/"]}},
})
KERNEL = ("<?php\ndeclare(strict_types=1);\n\nnamespace Acme\\Shop;\n\nuse GuzzleHttp\\Psr7\\ServerRequest;\n"
          "use Psr\\Http\\Message\\ResponseInterface;\nuse Prophecy\\Argument;\nuse function sprintf;\n\n"
          "class Kernel\n{\n    public function handle(ServerRequest $r): ResponseInterface\n    {\n"
          "        return sprintf('%s', Argument::any());\n    }\n}\n")
TEST = ("<?php\nnamespace Acme\\Shop\\Tests;\n\nuse Acme\\Shop\\Kernel;\nuse Acme\\Shop\\Tests\\Mocks\\MockAction;\n"
        "use Acme\\Shop\\Tests\\Fixtures\\Seed;\nuse FastRoute\\RouteCollector;\n\nclass KernelTest {}\n")
FILES = {
    "composer.json": COMPOSER,
    "src/Kernel.php": KERNEL,
    "tests/KernelTest.php": TEST,
    "tests/Mocks/MockAction.php": "<?php\nnamespace Acme\\Shop\\Tests\\Mocks;\n\nclass MockAction {}\n",
    "tests-more/Fixtures/Seed.php": "<?php\nnamespace Acme\\Shop\\Tests\\Fixtures;\n\nclass Seed {}\n",
}


def test_a_psr4_namespace_is_the_files_of_its_folder_and_an_outside_class_its_namespace(tmp_path, cli):
    cli = cli.ingest_in(commit_files(tmp_path / "shop", FILES))
    # Acme\Shop\Tests\ -> tests/ and tests-more/ (a list of folders); FastRoute's class is the package FastRoute
    assert _deps(cli, ":module/tests-kerneltest-php") == {
        ":module/src-kernel-php", ":module/tests-mocks-mockaction-php", ":module/tests-more-fixtures-seed-php",
        ":module/fastroute"}
    # each outside class is its namespace: two PSR packages are two, not one :module/psr; a global name is itself
    assert _deps(cli, ":module/src-kernel-php") == {
        ":module/guzzlehttp-psr7", ":module/psr-http-message", ":module/prophecy", ":module/sprintf"}
    rc, reply, err, _ = cli.run("query", "[:find ?n :where [:module/guzzlehttp-psr7 :name ?n]]")
    assert rc == 0 and reply["results"] == [["GuzzleHttp\\Psr7"]], err


def test_the_projects_own_namespace_is_no_outside_package_in_history_or_the_working_layer(tmp_path, cli):
    repo = commit_files(tmp_path / "shop", FILES)
    cli = cli.ingest_in(repo)
    rc, _, err, _ = cli.run("transact", '[[:decision/no-acme :rejects :module/acme] '
                                        '[:decision/no-acme :description "No acme"]]', "--reason", "r")
    assert rc == 0, err
    rc, reply, err, _ = cli.run("warnings")
    assert rc == 0 and [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"] == [], err
    # an uncommitted test file, read by the working layer: resolved the same way
    (repo / "tests" / "SeedTest.php").write_text("<?php\nnamespace Acme\\Shop\\Tests;\n\n"
                                                 "use Acme\\Shop\\Tests\\Fixtures\\Seed;\n\nclass SeedTest {}\n")
    rc, reply, err, _ = cli.run("check", "--all", "--fail-on", "never")
    assert rc == 0 and reply["ok"], err
    assert [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"] == []


def _php_of(composer: bytes | str, links: frozenset[str] = frozenset()) -> tuple[tuple[str, str], ...]:
    blob = composer.encode() if isinstance(composer, str) else composer
    rows = [("composer.json", "b", "120000" if "composer.json" in links else "100644")]
    return workspaces_of(rows, lambda _b: blob if len(blob) <= MAX_MANIFEST_BYTES else None,
                         lambda mode: mode.startswith("100")).php


@pytest.mark.parametrize("composer", [
    '{"autoload": {"psr-4": {"Acme\\\\": "src/"}',  # cut short
    b'\xff{"autoload": {"psr-4": {"Acme\\\\": "src/"}}}',  # not UTF-8
    '{"autoload": {"psr-4": {"Acme\\\\": "src/"}}}' + " " * (MAX_MANIFEST_BYTES + 1),  # too big
    "[" * 100_000 + "]" * 100_000,  # nested deeper than the parser's stack
    '{"autoload": {"psr-4": ["src/"]}}',  # not a map
    '{"autoload": {"psr-4": {"Acme\\\\": 1, "Bad": "src/", "..\\\\": "src/", "A B\\\\": "src/"}}}',
    '{"autoload": {"psr-4": {"Acme\\\\": ["../outside", "/etc", "C:/x", "src/../../up", null]}}}',  # leaving it
    '{"autoload": "src/"}',
])
def test_a_malformed_or_escaping_composer_json_maps_nothing(composer):
    assert _php_of(composer) == ()


def test_psr4_maps_are_read_longest_prefix_first_and_a_symlinked_manifest_not_at_all():
    composer = json.dumps({"autoload": {"psr-4": {"Acme\\": "src", "": "lib/"}},
                           "autoload-dev": {"psr-4": {"Acme\\Tests\\": "tests/"}}})
    assert _php_of(composer) == (("Acme\\Tests\\", "tests"), ("Acme\\", "src"), ("", "lib"))
    assert _php_of(composer, links=frozenset({"composer.json"})) == ()
    assert workspaces_of([], lambda _b: None, lambda _m: True) == Workspaces()

"""One identity on a PHP repository (SPEC §1). A PHP package is said by its Composer name ("laminas/laminas-diactoros",
"guzzlehttp/psr7") or its namespace (``Slim\\Interfaces``, ``Slim\\App::handle``), and imported by a ``use`` of a class
in its namespace (``use Laminas\\Diactoros\\ServerRequest;``). Before (user trial 15, slimphp/Slim): "Let's drop
laminas/laminas-diactoros" met no import (every outside class was its first segment, ``:module/laminas``); "must not
depend on Slim\\Routing" rejected ``Slim`` — the project itself, 35 warnings; "Never rename Slim\\App::handle"
governed ``Slim\\App``. A namespace is said by its runs of segments from its first or second and by its Composer
package (vendor/vendor-product too); capture keeps a name's ``\\`` and ``::`` whole. Real git repository, real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from memory_helpers import rejected_imports as rejected
from memory_helpers import rejects_of as refs

from gitrepo import commit_files, git

KERNEL = ("<?php\nnamespace Acme\\Shop;\n\nuse GuzzleHttp\\Psr7\\ServerRequest;\n"  # line 4
          "use Laminas\\Diactoros\\ResponseFactory;\n"  # 5
          "use Nyholm\\Psr7\\Factory\\Psr17Factory;\n"  # 6: nyholm/psr7 shares "psr7" with guzzlehttp/psr7
          "use Psr\\Http\\Message\\ResponseInterface;\n"  # 7
          "use FastRoute\\RouteCollector;\n\n"  # 8
          "class Kernel\n{\n    public function handle(ServerRequest $r): ResponseInterface\n    {\n"
          "        return (new ResponseFactory())->createResponse();\n    }\n}\n")
ROUTER = "<?php\nnamespace Acme\\Shop\\Routing;\n\nclass Router\n{\n    public function handle(): void\n    {\n    }\n}\n"
COMPOSER = '{"name": "acme/shop", "autoload": {"psr-4": {"Acme\\\\Shop\\\\": "src/"}}}\n'
KERNEL_PATH = "src/Kernel.php"


@pytest.fixture
def phprepo(tmp_path: Path) -> Path:
    return commit_files(tmp_path / "shop", {"composer.json": COMPOSER, KERNEL_PATH: KERNEL,
                                            "src/Routing/Router.php": ROUTER}, "kernel")


def _turn(cli, text: str) -> list[dict]:
    code, reply, err, _ = cli.run("finalize-turn", text)
    assert code == 0 and reply["ok"], err
    return reply["memories"]


def test_composer_package_names_meet_the_namespaces_used(cli, phprepo):
    cli = cli.ingest_in(phprepo)
    [laminas] = _turn(cli, "User: Let's drop laminas/laminas-diactoros from require-dev; it's too slow to install in "
                           "CI. Agent: I'll remove it from composer.json.")
    # the one package the name answers: the reference is the code's entity
    assert refs(cli, laminas["entity"]) == [":module/laminas-diactoros"]
    code, reply, err, _ = cli.run(
        "transact", '[[:decision/no-guzzle :description "No guzzlehttp/psr7"] '
        '[:decision/no-guzzle :rejects :dependency/guzzlehttp-psr7] '
        '[:decision/no-fast-route :description "No fast-route"] [:decision/no-fast-route :rejects :library/fast-route] '
        '[:decision/no-message :description "No message"] [:decision/no-message :rejects :dependency/message]]',
        "--reason", "trial")
    assert code == 0 and reply["ok"], err
    # Guzzle's and Laminas's lines and FastRoute's (said split at its capitals), never Nyholm's (only "psr7" is
    # shared) nor the PSR interface's ("message" is a sub-namespace, no package's name)
    assert rejected(cli) == [(KERNEL_PATH, 4), (KERNEL_PATH, 5), (KERNEL_PATH, 8)]


def test_a_namespace_and_a_member_path_are_captured_whole_and_linked(cli, phprepo):
    cli = cli.ingest_in(phprepo)
    [keep] = _turn(cli, "User: Never rename Acme\\Shop\\Kernel::handle — it's the PSR-15 entry point every server "
                        "adapter calls. Agent: Understood.")
    assert keep["kind"] == "constraint" and keep["relation"] == [":governs", "Acme\\Shop\\Kernel::handle"], keep
    code, reply, err, _ = cli.run("query", f"[:find ?c :where [{keep['entity']} :relates-to ?c]]")
    assert code == 0 and [r[0] for r in reply["results"]] == [":function/src-kernel-php-kernel-handle"], err
    [layer] = _turn(cli, "User: Code under the Acme\\Shop\\Http namespace must not depend on Acme\\Shop\\Routing; "
                         "the HTTP layer stays free of routing. Agent: OK.")
    assert layer["kind"] == "constraint" and layer["rejects"] == ["Acme\\Shop\\Routing"], layer
    assert rejected(cli) == []  # not the project (Acme) nor anything it imports


def test_a_branch_adding_a_use_of_a_rejected_package_fails_the_check(cli, phprepo):
    """The rejection is recorded before the code uses the package; a branch brings the first use."""
    (phprepo / KERNEL_PATH).unlink()
    git(phprepo, "commit", "-qam", "no kernel yet")
    cli = cli.ingest_in(phprepo)
    _turn(cli, "User: We decided against guzzlehttp/psr7 for new code; nyholm/psr7 is lighter and faster. "
               "Agent: Noted.")
    git(phprepo, "checkout", "-q", "-b", "feat/kernel")
    (phprepo / KERNEL_PATH).write_text(KERNEL)
    git(phprepo, "add", "-A")
    git(phprepo, "commit", "-qm", "kernel")
    code, _, _, out = cli.run("check", "--base", "main", json_out=False)
    assert code == 1, out
    assert f"{KERNEL_PATH}:4" in out and "GuzzleHttp\\Psr7" in out, out
    assert "Nyholm" not in out and f"{KERNEL_PATH}:6" not in out, out


def test_a_package_said_by_its_namespace_stays_the_package_not_the_sub_namespace_used(cli, phprepo):
    """The code uses only Nyholm\\Psr7\\Factory; "nyholm/psr7" is the whole package (Nyholm\\Psr7): a later use of
    Nyholm\\Psr7\\Response is the same package's."""
    cli = cli.ingest_in(phprepo)
    [no_nyholm] = _turn(cli, "User: We decided against nyholm/psr7 here; Guzzle's implementation is already "
                             "installed. Agent: OK.")
    assert refs(cli, no_nyholm["entity"]) == [":dependency/nyholm-psr7"]
    assert rejected(cli) == [(KERNEL_PATH, 6)]
    (phprepo / "src/Reply.php").write_text("<?php\nnamespace Acme\\Shop;\n\nuse Nyholm\\Psr7\\Response;\n\n"
                                           "class Reply {}\n")
    code, reply, err, _ = cli.run("check", "--all", "--fail-on", "never")
    assert code == 0 and reply["ok"], err
    assert sorted((w["file"], w["line"]) for w in reply["warnings"] if w["rule"] == "rejected_dependency") == [
        (KERNEL_PATH, 6), ("src/Reply.php", 4)]

"""One identity (SPEC §1): a memory's reference to a package, module or file meets the code's own entity, so
`[:decision/x :rejects :dependency/certifi]` warns on `import certifi` exactly as `:module/certifi` does —
through the real CLI on a git repository the test builds and `lore ingest` reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitrepo import git as shared_git
from lore.memory import identity
from lore.store.graph import Graph
from lore.store.txdata import parse_tx


def git(repo: Path, *args: str) -> str:
    return shared_git(repo, *args, date="2024-01-15T10:00:00Z")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "repo"
    (r / "src" / "shop").mkdir(parents=True)
    (r / "src" / "shop" / "__init__.py").write_text("")
    (r / "src" / "shop" / "net.py").write_text("import certifi\nimport requests\n\n\ndef fetch():\n    return 1\n")
    (r / "src" / "shop" / "helpers.py").write_text("from shop import net\n\n\ndef helper():\n    return net\n")
    git(r, "init", "-q", "-b", "main")
    git(r, "add", ".")
    git(r, "commit", "-q", "-m", "first")
    return r


def rejected(cli) -> list[dict]:
    code, reply, err, _ = cli.run("warnings")
    assert code == 0 and reply["ok"], err
    return [w for w in reply["warnings"] if w["rule"] == "rejected_dependency"]


def current_refs(cli, entity: str, attribute: str) -> list[str]:
    code, reply, err, _ = cli.run("query", f"[:find ?v :where [{entity} {attribute} ?v]]")
    assert code == 0 and reply["ok"], err
    return sorted(r[0] for r in reply["results"])


@pytest.mark.parametrize("written", [":dependency/certifi", ":library/certifi", ":package/certifi",
                                     ":module/certifi"])
def test_a_rejection_written_any_way_warns_on_the_import(cli, repo, written):
    assert cli.run("ingest", str(repo))[0] == 0
    code, reply, err, _ = cli.run("transact", f'[[:decision/truststore :rejects {written}] '
                                  f'[:decision/truststore :description "use truststore instead of certifi"]]',
                                  "--reason", "decided")
    assert code == 0 and reply["ok"], err
    assert current_refs(cli, ":decision/truststore", ":rejects") == [":module/certifi"]
    ws = rejected(cli)
    assert [(w["entity"], w["file"], w["line"]) for w in ws] == [(":module/src-shop-net-py", "src/shop/net.py", 1)]
    assert ":decision/truststore" in ws[0]["slots"].values()  # the idents stay as data
    assert ws[0]["message"] == 'src/shop/net.py imports certifi, which the decision "use truststore instead of certifi" rejects'


def test_a_rejection_recorded_before_the_ingest_meets_the_import_after_it(cli, repo):
    code, _, err, _ = cli.run("transact", "[[:decision/truststore :rejects :dependency/certifi] "
                              "[:decision/no-helpers :rejects :module/helpers]]", "--reason", "decided early")
    assert code == 0, err
    # No code yet: the reference stays as written (nothing to meet), no warning.
    assert current_refs(cli, ":decision/truststore", ":rejects") == [":dependency/certifi"]
    assert rejected(cli) == []
    assert cli.run("ingest", str(repo))[0] == 0
    assert current_refs(cli, ":decision/truststore", ":rejects") == [":module/certifi"]
    # :module/helpers is not an ident ingestion wrote; the one tracked module named helpers is.
    assert current_refs(cli, ":decision/no-helpers", ":rejects") == [":module/src-shop-helpers-py"]
    assert [w["file"] for w in rejected(cli) if ":decision/truststore" in w["slots"].values()] == ["src/shop/net.py"]
    # History keeps what was written, closed by the identity transaction.
    code, reply, _, _ = cli.run("history", ":decision/truststore")
    ops = [(h["op"], h["value"]) for h in reply["history"] if h["attribute"] == ":rejects"]
    assert ("assert", ":dependency/certifi") in ops and ("retract", ":dependency/certifi") in ops
    assert ("assert", ":module/certifi") in ops


@pytest.mark.parametrize("order", ["ingest first", "decision first"])
def test_a_package_whose_import_name_has_an_underscore(cli, tmp_path, order):
    """``import typing_extensions`` is :module/typing-extensions (the slug of the name as imported), so a
    :dependency/typing_extensions decision must meet it in either order (seen on pallets/click: no warning)."""
    r = tmp_path / "te"
    (r / "src").mkdir(parents=True)
    (r / "src" / "a.py").write_text("import typing_extensions\nimport os\n")
    git(r, "init", "-q", "-b", "main")
    git(r, "add", ".")
    git(r, "commit", "-q", "-m", "first")
    decide = ("transact", "[[:decision/no-te :rejects :dependency/typing_extensions] "
              "[:decision/no-te :description \"no typing_extensions\"]]", "--reason", "decided")
    steps = [("ingest", str(r)), decide] if order == "ingest first" else [decide, ("ingest", str(r))]
    for step in steps:
        code, _, err, _ = cli.run(*step)
        assert code == 0, err
    assert current_refs(cli, ":decision/no-te", ":rejects") == [":module/typing-extensions"]
    assert [w["file"] for w in rejected(cli)] == ["src/a.py"]


def test_an_existing_graph_is_migrated(tmp_path, repo, cli):
    assert cli.run("ingest", str(repo))[0] == 0
    # Written the old way (straight into the store, as graphs made before this were).
    g = Graph(cli.graph)
    g.transact(parse_tx("[[:decision/old :rejects :dependency/certifi {:valid-from \"2020-01-01\"}]]"),
               reason="old graph", source="cli")
    g.close()
    # Any later command that catches memory up (here prepare-turn) rewrites it, keeping its valid time.
    assert cli.run("prepare-turn", "certifi")[0] == 0
    code, reply, _, _ = cli.run("sql", "SELECT v, valid_from FROM facts WHERE e = ':decision/old' "
                                "AND a = ':rejects' AND tx_to = 2147483647")
    assert reply["rows"] == [[":module/certifi", 1577836800000000]]
    assert [w["file"] for w in rejected(cli)] == ["src/shop/net.py"]


def test_retracting_what_was_written_retracts_the_canonical_fact(cli, repo):
    assert cli.run("ingest", str(repo))[0] == 0
    cli.run("transact", "[:decision/truststore :rejects :dependency/certifi]", "--reason", "d")
    assert rejected(cli)
    code, _, err, _ = cli.run("retract", "[:decision/truststore :rejects :dependency/certifi]", "--reason", "undo")
    assert code == 0, err
    assert current_refs(cli, ":decision/truststore", ":rejects") == []
    assert rejected(cli) == []


def test_what_must_not_be_rewritten(cli, repo):
    assert cli.run("ingest", str(repo))[0] == 0
    # A dependency the code does not have, a memory entity's own facts, vocabulary values: all as written.
    cli.run("transact", "[[:decision/a :rejects :dependency/left-pad] [:dependency/certifi :description \"CA\"] "
            "[:decision/a :entity-type :type/decision] [:dependency/api :calls :dependency/jwt]]", "--reason", "d")
    assert current_refs(cli, ":decision/a", ":rejects") == [":dependency/left-pad"]
    code, reply, _, _ = cli.run("query", "[:find ?d :where [:dependency/certifi :description ?d]]")
    assert reply["results"] == [["CA"]]
    assert current_refs(cli, ":decision/a", ":entity-type") == [":type/decision"]
    assert current_refs(cli, ":dependency/api", ":calls") == [":dependency/jwt"]


def test_resolve(graph):
    graph.transact(parse_tx('[[:module/certifi :entity-type :type/external-dependency] [:module/certifi :name "certifi"]'
                            ' [:module/src-shop-helpers-py :entity-type :type/module]'
                            ' [:module/src-shop-helpers-py :path "src/shop/helpers.py"]'
                            ' [:module/src-shop-init-py :entity-type :type/module]'
                            ' [:module/src-shop-init-py :path "src/shop/__init__.py"]'
                            ' [:module/a-util-py :entity-type :type/module] [:module/a-util-py :path "a/util.py"]'
                            ' [:module/b-util-py :entity-type :type/module] [:module/b-util-py :path "b/util.py"]]'),
                   reason="code", source="ingest")
    def r(x, **k):
        return identity.resolve(graph.con, x, **k)

    assert r(":dependency/certifi") == r(":library/certifi") == r("certifi") == ":module/certifi"
    assert r("src/shop/helpers.py") == r("helpers.py") == r(":module/helpers") == ":module/src-shop-helpers-py"
    assert r(":package/shop") == r("shop") == ":module/src-shop-init-py"
    assert r("util.py") is None and r(":dependency/util") is None  # two of them: ambiguous
    assert r(":dependency/left-pad") is None
    assert r(":dependency/left-pad", must_exist=False) == ":module/left-pad"
    assert r("src/new.py", must_exist=False) == ":module/src-new-py"
    assert r(":decision/certifi") is None and r(":type/module") is None
    for hostile in ["", ":", "/", "../../etc/passwd", "'; DROP TABLE facts; --", "x" * 10_000, ":dependency/",
                    "\x00", "a b c"]:
        assert r(hostile) is None
    assert graph.con.execute("SELECT count(*) FROM facts").fetchone()[0] == 10


def test_a_captured_rejection_warns_on_the_import(cli, repo):
    # The headline: a decision captured from conversation meets the import ingestion recorded.
    assert cli.run("ingest", str(repo))[0] == 0
    code, reply, err, _ = cli.run("finalize-turn", "User: We decided to use truststore instead of certifi "
                                  "because it uses the system store.\nAgent: Noted.")
    assert code == 0 and reply["ok"], err
    ws = rejected(cli)
    assert [(w["entity"], w["file"], w["line"]) for w in ws] == [(":module/src-shop-net-py", "src/shop/net.py", 1)]


def test_the_capture_reply_names_the_ident_it_stores(cli, repo):
    # The reply's edges are what the transaction writes (the code's :module/certifi), not the capture's first
    # reading (:dependency/certifi): an agent's next query by that ident must find the fact. A dry run says
    # the same and writes nothing.
    from lore.memory.capture import capture

    assert cli.run("ingest", str(repo))[0] == 0
    delta = "User: We decided to use truststore instead of certifi and httpx because it uses the system store."
    want = [[":rejects", ":module/certifi"], [":rejects", ":dependency/httpx"]]
    g = Graph(cli.graph)
    try:
        before = g.con.execute("SELECT count(*) FROM facts").fetchone()[0]
        dry = capture(g, delta, dry_run=True)
        assert dry["dry_run"] and [m["edges"] for m in dry["memories"]] == [want]
        assert g.con.execute("SELECT count(*) FROM facts").fetchone()[0] == before
    finally:
        g.close()
    code, reply, err, _ = cli.run("finalize-turn", delta)
    assert code == 0 and reply["ok"], err
    (memory,) = reply["memories"]
    assert memory["edges"] == want
    assert current_refs(cli, memory["entity"], ":rejects") == [":dependency/httpx", ":module/certifi"]
    # The stub capture makes for a name is kept only where nothing in the code is that name.
    assert current_refs(cli, ":dependency/certifi", ":description") == []
    assert current_refs(cli, ":dependency/httpx", ":description") == ["httpx"]


def test_a_stub_nothing_names_any_more_is_retracted_after_the_ingest(cli, repo):
    # Captured before any code: the names turned down get stubs of their own (there is nothing to meet yet).
    code, reply, err, _ = cli.run("finalize-turn", "User: We decided to use truststore instead of certifi and "
                                  "httpx because it uses the system store.")
    assert code == 0 and reply["ok"], err
    code, _, err, _ = cli.run("transact", '[[:decision/pins :rejects :dependency/requests] '
                              '[:dependency/requests :description "the HTTP client we pin at 2.31"]]',
                              "--reason", "a described dependency is a memory of its own")
    assert code == 0, err
    assert current_refs(cli, ":dependency/certifi", ":description") == ["certifi"]
    assert cli.run("ingest", str(repo))[0] == 0
    assert current_refs(cli, ":decision/truststore", ":rejects") == [":dependency/httpx", ":module/certifi"]
    # certifi's stub names nothing now and is gone (history keeps it); httpx's stays, the code has no httpx;
    # a dependency somebody described stays whatever the code has.
    assert current_refs(cli, ":dependency/certifi", ":description") == []
    assert current_refs(cli, ":dependency/certifi", ":entity-type") == []
    assert current_refs(cli, ":dependency/httpx", ":description") == ["httpx"]
    assert current_refs(cli, ":dependency/requests", ":description") == ["the HTTP client we pin at 2.31"]
    code, reply, _, _ = cli.run("history", ":dependency/certifi")
    assert {h["op"] for h in reply["history"]} == {"assert", "retract"}

"""Recording decisions from the editor (issue 17, Build 3): a code action on an import offers "we don't use
X…" (a decision that :rejects the imported module), one on a symbol a decision that :governs it; each is a
command whose argument carries suggestions only, which the client fills in (text and why) before the server
records. Then edit, supersede and retract, as lore/<op> requests. The suggested short name never inverts
the meaning. Real server (pytest-lsp), real CLI."""

from __future__ import annotations

import pytest
import pytest_asyncio
from lsprotocol import types

from .conftest import cli, lsp, make_repo, open_doc, request, wait_for

pytestmark = pytest.mark.asyncio(loop_scope="module")

COMPAT = ("import os\nimport OpenSSL\n\n\nclass Compat:\n"
          "    def detect(self, data):  # decision: Never import pyOpenSSL directly, go through urllib3\n"
          "        return OpenSSL.rand(data)\n")

DE_RS = "use serde::forward_to_deserialize_any;\n\npub fn parse() {}\n"

# The request's own transactions: the server's derived work (rules, links, identity; source `rule`) lands in
# the background at any moment, and counting it made these tests fail whenever it fell between two counts.
OWN_TXS = "SELECT count(*) FROM tx WHERE source <> 'rule'"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("record") / "repo", {"src/requests/compat.py": COMPAT,
                                                                   "native/src/de.rs": DE_RS})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "ingest", str(root))[0] == 0
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 50}}) as client:
        uri = open_doc(client, root / "src" / "requests" / "compat.py")
        yield client, root, graph, uri


async def _actions(client, uri, line, col):
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(types.Position(line, col), types.Position(line, col)),
        context=types.CodeActionContext(diagnostics=[])))


async def test_an_import_offers_a_rejection_that_warns(ws):
    client, root, graph, uri = ws
    actions = await _actions(client, uri, 1, 8)  # on `OpenSSL` in `import OpenSSL`
    reject = next(a for a in actions if "we don't use OpenSSL" in a.title)
    arg = reject.command.arguments[0]
    assert reject.command.command == "lore.recordDecision"
    assert arg["kind"] == "rejects" and arg["target"] == ":module/openssl" and arg["name"] == "no-openssl"
    assert arg["text"].startswith("We don't use OpenSSL")
    # the client asks the person, then calls the command with their words
    arg = {**arg, "text": "We don't use pyOpenSSL: urllib3 wraps it", "why": "one TLS code path"}
    reply = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="lore.recordDecision", arguments=[arg]))
    assert reply["ok"], reply
    assert reply["decision"] == ":decision/no-openssl" and reply["kind"] == "rejects"
    code, q = cli(graph, "query", "[:find ?a ?v :where [:decision/no-openssl ?a ?v]]")
    assert sorted(map(tuple, q["results"])) == [
        (":description", "We don't use pyOpenSSL: urllib3 wraps it"), (":entity-type", ":type/decision"),
        (":rationale", "one TLS code path"), (":rejects", ":module/openssl")]
    code, h = cli(graph, "history", ":decision/no-openssl")
    assert {x["source"] for x in h["history"]} == {"lsp"}
    # and the import is flagged at once, in the user's words
    [d] = await wait_for(lambda: [x for x in client.diagnostics.get(uri, []) if x.code == "rejected_dependency"],
                         timeout=60, what="the rejection's diagnostic")
    assert d.message == 'src/requests/compat.py imports OpenSSL, which the decision "We don\'t use pyOpenSSL…" rejects'
    # with its warning in the context (as editors send it), no second rejection is offered (user trial 12)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=d.range,
        context=types.CodeActionContext(diagnostics=[d])))
    titles = [a.title for a in actions]
    assert not any("record a rejection" in t for t in titles), titles
    assert any("dismiss this warning" in t for t in titles), titles
    assert list((root / ".lore" / "journal").iterdir())  # journaled like every editor write


async def test_a_symbol_offers_a_decision_named_without_inverting_it(ws):
    client, root, graph, uri = ws
    actions = await _actions(client, uri, 5, 9)  # on `detect`, whose line has a `# decision:` note
    record = next((a for a in actions if "record a decision about Compat.detect" in a.title), None)
    assert record is not None, [a.title for a in actions]
    arg = record.command.arguments[0]
    assert arg["kind"] == "governs" and arg["target"] == ":function/src-requests-compat-py-compat-detect"
    assert arg["text"] == "Never import pyOpenSSL directly, go through urllib3"
    assert arg["name"] == "never-import-pyopenssl-directly"  # not import-pyopenssl-directly-go-through
    reply = await request(client, "lore/recordDecision", {"kind": "governs", "target": arg["target"],
                                                         "text": arg["text"], "why": "urllib3 pins it"})
    assert reply["ok"] and reply["decision"] == ":decision/never-import-pyopenssl-directly"
    again = await request(client, "lore/recordDecision", {"kind": "governs", "target": arg["target"],
                                                         "text": arg["text"]})
    assert again["decision"] == ":decision/never-import-pyopenssl-directly-2"  # never overwrites another


async def test_a_form_records_several_targets_in_one_transaction(ws):
    """The VS Code form lists rejected alternatives and the code the decision governs: one decision, one tx."""
    client, root, graph, uri = ws
    before = cli(graph, "sql", OWN_TXS)[1]["rows"][0][0]
    params = {"kind": "rejects", "target": "chardet", "rejects": ["cchardet", ":dependency/mysql"],
              "governs": [":module/src-requests-compat-py"], "text": "Detect encodings with charset_normalizer",
              "name": "encoding detection"}
    first = await request(client, "lore/recordDecision", params)
    assert first["ok"] and first["decision"] == ":decision/encoding-detection", first
    assert cli(graph, "sql", OWN_TXS)[1]["rows"][0][0] == before + 1
    code, q = cli(graph, "query", "[:find ?a ?v :where [:decision/encoding-detection ?a ?v]]")
    assert sorted(map(tuple, q["results"])) == [
        (":description", "Detect encodings with charset_normalizer"), (":entity-type", ":type/decision"), (":governs", ":module/src-requests-compat-py"),
        (":rejects", ":dependency/mysql"), (":rejects", ":module/cchardet"), (":rejects", ":module/chardet")]
    second = await request(client, "lore/recordDecision", {**params, "text": "Another with the same short name"})
    assert second["decision"] == ":decision/encoding-detection-2"  # a second one, not merged into the first
    code, q = cli(graph, "query", "[:find ?t :where [:decision/encoding-detection :description ?t]]")
    assert q["results"] == [["Detect encodings with charset_normalizer"]]


@pytest.mark.parametrize("text,name", [
    ("Do not use chardet: it is LGPL", "no-chardet"),
    ("We don't use requests-toolbelt", "no-requests-toolbelt"),
    ("Never import pyOpenSSL directly, go through urllib3.contrib", "never-import-pyopenssl-directly"),
    ("Avoid global state in the session module", "avoid-global-state-session-module"),
    ("Use PostgreSQL 15 as the primary database", "postgresql-15-as-primary-database"),
    ("It must not block the event loop", "not-block-event-loop"),
])
async def test_suggested_names_keep_the_negation(ws, text, name):
    client, *_ = ws
    reply = await request(client, "lore/suggestDecision", {"kind": "governs", "text": text})
    assert reply["ok"] and reply["name"] == name


async def test_edit_supersede_and_retract(ws):
    client, root, graph, uri = ws
    # Its own decisions, under its own names: the other tests' may be there or not, in any order.
    d = (await request(client, "lore/recordDecision", {
        "kind": "governs", "target": ":function/src-requests-compat-py-compat-detect",
        "text": "Never import pyOpenSSL directly, go through urllib3", "name": "edit-test-note"}))["decision"]
    assert d == ":decision/edit-test-note"
    old = (await request(client, "lore/recordDecision", {
        "kind": "rejects", "target": ":module/openssl", "text": "We don't use pyOpenSSL here",
        "name": "edit-test-no-openssl"}))["decision"]
    assert old == ":decision/edit-test-no-openssl"

    def its_warnings() -> list:
        return [x for x in client.diagnostics.get(uri, []) if x.code == "rejected_dependency"
                and (x.data or {}).get("slots", {}).get("memory") == old]

    await wait_for(its_warnings, timeout=60, what="the rejection's warning")
    r = await request(client, "lore/editDecision", {"decision": d, "text": "Never import pyOpenSSL at all"})
    assert r["ok"], r
    code, q = cli(graph, "query", f"[:find ?t :where [{d} :description ?t]]")
    assert q["results"] == [["Never import pyOpenSSL at all"]]
    code, q = cli(graph, "query", f"[:find ?t :any-valid-time :where [{d} :description ?t]]")
    assert sorted(q["results"]) == [["Never import pyOpenSSL at all"], ["Never import pyOpenSSL directly, go through urllib3"]]
    # supersede: the new one governs what the old one did; it rejects nothing the old one did not say
    s = await request(client, "lore/supersedeDecision", {"decision": old,
                                                         "text": "pyOpenSSL is allowed in contrib only"})
    assert s["ok"] and s["supersedes"] == old
    assert s["decision"] == ":decision/pyopenssl-allowed-contrib-only"
    code, q = cli(graph, "query", f"[:find ?a ?v :where [{s['decision']} ?a ?v]]")
    assert sorted(map(tuple, q["results"])) == [(":description", "pyOpenSSL is allowed in contrib only"),
                                                (":entity-type", ":type/decision"), (":governs", ":module/openssl"),
                                                (":supersedes", old)]
    code, q = cli(graph, "query", f"[:find ?a :where [{old} ?a _]]")
    assert q["results"] == []  # the old decision holds no more (history keeps it)
    await wait_for(lambda: not its_warnings(), timeout=60, what="the superseded rejection's warning to go")
    r = await request(client, "lore/retractDecision", {"decision": s["decision"], "reason": "contrib is gone"})
    assert r["ok"]
    code, q = cli(graph, "query", f"[:find ?a :where [{s['decision']} ?a _]]")
    assert q["results"] == []


@pytest.mark.parametrize("method,params,code", [
    ("lore/recordDecision", {"kind": "rejects", "text": "no target"}, "bad-params"),
    ("lore/recordDecision", {"kind": "approves", "target": ":module/os", "text": "x"}, "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": "not an ident; DROP", "text": "x"}, "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": ":module/os", "text": ""}, "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": ":module/os", "text": 5}, "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": ":module/os", "text": "x" * 5000}, "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": ":module/os", "text": "x", "name": "!!!"}, "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": ":module/os", "text": "x", "rejects": "os"}, "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": ":module/os", "text": "x", "governs": ["not; an ident"]},
     "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": ":module/os", "text": "x", "rejects": [None]}, "bad-params"),
    ("lore/recordDecision", {"kind": "rejects", "target": ":module/os", "text": "x", "rejects": ["a"] * 51},
     "bad-params"),
    ("lore/editDecision", {"decision": ":decision/never-recorded", "text": "x"}, "unknown-decision"),
    ("lore/editDecision", {"decision": ":module/os", "text": "x"}, "bad-params"),
    ("lore/supersedeDecision", {"decision": ":decision/never-recorded", "text": "x"}, "unknown-decision"),
    ("lore/retractDecision", {"decision": ":decision/never-import-pyopenssl-directly-2"}, "missing-reason"),
    ("lore/retractDecision", {"decision": ["a list"], "reason": "r"}, "bad-params"),
])
async def test_malformed_requests_are_answered_and_write_nothing(ws, method, params, code):
    client, root, graph, _ = ws
    before = cli(graph, "sql", OWN_TXS)[1]["rows"][0][0]
    reply = await request(client, method, params)
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    assert cli(graph, "sql", OWN_TXS)[1]["rows"][0][0] == before


@pytest.mark.parametrize("target,ident", [
    ("node:crypto", ":module/crypto"), ("@hono/node-server", ":module/hono-node-server"),
    ("github.com/stretchr/testify", ":module/github-com-stretchr-testify"), ("anyhow", ":module/anyhow")])
async def test_a_rejection_names_a_package_as_an_import_does(ws, target, ident):
    """(found on honojs/hono: `:Lore reject node:crypto` answered "'target' must be an entity ident such as
    :module/chardet, got 'node:crypto'"; a Go path or a scoped npm package was refused the same way)"""
    client, root, graph, _ = ws
    reply = await request(client, "lore/recordDecision", {"kind": "rejects", "target": target, "text": f"no {target}"})
    assert reply["ok"], reply
    code, q = cli(graph, "query", f"[:find ?m :where [{reply['decision']} :rejects ?m]]")
    assert q["results"] == [[ident]], q


@pytest.mark.parametrize("target", ["../../etc/passwd", "/etc/passwd", "a b", "x;y", "x" * 201])
async def test_a_rejection_of_a_path_or_prose_is_refused(ws, target):
    client, root, graph, _ = ws
    before = cli(graph, "sql", OWN_TXS)[1]["rows"][0][0]
    reply = await request(client, "lore/recordDecision", {"kind": "rejects", "target": target, "text": "x"})
    assert reply["ok"] is False and reply["error"]["code"] == "bad-params", reply
    assert cli(graph, "sql", OWN_TXS)[1]["rows"][0][0] == before


@pytest.mark.parametrize("args", [
    [], [1], [{"kind": "rejects", "target": ":module/os"}],  # no text: the client must ask for it
    [{"kind": "rejects", "target": {"nested": True}, "text": "x"}], [{"text": ["list"], "target": ":module/os"}],
    [{"kind": "rejects", "target": ":module/os", "text": "x"}, {"extra": 1}],
])
async def test_malformed_command_arguments(ws, args):
    client, *_ = ws
    reply = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="lore.recordDecision", arguments=args))
    assert reply["ok"] is False and reply["error"]["code"] == "bad-params", reply
    status = await request(client, "lore/ingestStatus", {})  # the server is still up
    assert status["ok"]


async def test_the_rejection_of_an_import_path_names_the_package_it_rejects(ws):
    """`use serde::forward_to_deserialize_any;` imports the crate serde: the action rejected all of serde
    but said "we don't use serde::forward_to_deserialize_any…", as if only that macro (user trial 9,
    serde-rs/json in Neovim)."""
    client, root, graph, _ = ws
    uri = open_doc(client, root / "native" / "src" / "de.rs")
    actions = await _actions(client, uri, 0, 5)  # on `serde`
    reject = next(a for a in actions if "record a rejection" in a.title)
    arg = reject.command.arguments[0]
    assert arg["target"] == ":module/serde", arg
    assert reject.title == "Lore: we don't use serde… (record a rejection)", reject.title
    assert arg["text"] == "We don't use serde: " and arg["name"] == "no-serde", arg

"""Messages in the user's words (issue 17, Build 2): a diagnostic names files and symbols as written and a
decision by its text; confidence is data (the diagnostic's ``data`` and a lower severity for a guess), the
code links to the rule's own file, and related information points at the journal line that recorded the
decision. The CLI's ``--json`` keeps the idents (``entity``, ``slots``, ``related``)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import pytest_asyncio
from lsprotocol import types

from lore.lsp.diagnostics import severity_of
from lore.query.labels import label_of, quote

from .conftest import LORE, cli, lsp, make_repo, open_doc, request, wait_for

pytestmark = pytest.mark.asyncio(loop_scope="module")

COMPAT = "import os\nimport chardet\n\n\nclass Compat:\n    def detect(self, data):\n        return chardet.detect(data)\n"
DECISION = ('[[:decision/no-chardet :rejects :module/chardet] '
            '[:decision/no-chardet :description "Do not use chardet: it is LGPL and slow. Use charset_normalizer."]]')


def opened(client, root: Path) -> str:
    """compat.py open in the editor (once per server: any test may be the first to need it)."""
    path = root / "src" / "requests" / "compat.py"
    if not client.__dict__.get("_compat_open"):
        open_doc(client, path)
        client.__dict__["_compat_open"] = True
    return path.as_uri()


def about_chardet(ws: list) -> list:
    """Of these warnings or diagnostics, the chardet decision's (another test adds a constraint on os)."""
    return [x for x in ws if (x["slots"] if isinstance(x, dict) else (x.data or {}).get("slots", {})).get(
        "target") == ":module/chardet"]


def _path(uri: str) -> Path:
    return Path(unquote(urlparse(uri).path))


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def ws(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("messages") / "repo", {"src/requests/compat.py": COMPAT})
    graph = root / ".lore" / "lore.duckdb"
    assert cli(graph, "ingest", str(root))[0] == 0
    code, out = cli(graph, "transact", DECISION, "--reason", "licence review", cwd=root)
    assert code == 0, out
    async with lsp(graph, root, init_options={"diagnostics": {"debounceMs": 50}}) as client:
        yield client, root, graph


async def test_the_diagnostic_reads_as_a_person_would_say_it(ws):
    client, root, _ = ws
    uri = opened(client, root)
    [d] = await wait_for(lambda: about_chardet([x for x in client.diagnostics.get(uri, [])
                                                if x.code == "rejected_dependency"]),
                         timeout=60, what="the rejected_dependency diagnostic")
    assert d.message == 'src/requests/compat.py imports chardet, which the decision "Do not use chardet…" rejects'
    assert ":module/" not in d.message and "confidence" not in d.message
    # confidence as data; 0.9 is above the line where a warning is shown as a guess
    assert d.severity == types.DiagnosticSeverity.Warning
    assert d.data["confidence"] == 0.9
    assert d.data["slots"]["target"] == ":module/chardet" and d.data["slots"]["memory"] == ":decision/no-chardet"
    # the code's link is the rule's own file, inside the installed package (never an outside address)
    href = d.code_description.href
    assert href.startswith("file://") and _path(href).name == "rejected_dependency.sql" and _path(href).is_file()
    assert "-- name: rejected_dependency" in _path(href).read_text()
    # related information: the journal entry that recorded the decision, on the line that names it
    [rel] = d.related_information
    jfile = _path(rel.location.uri)
    assert jfile.parent == root / ".lore" / "journal"
    line = jfile.read_text().splitlines()[rel.location.range.start.line]
    assert ":decision/no-chardet" in line
    assert "Do not use chardet: it is LGPL and slow. Use charset_normalizer." in rel.message


async def test_the_cli_json_keeps_the_idents(ws):
    _, root, graph = ws
    code, out = cli(graph, "warnings", "src/requests/compat.py")
    assert code == 0
    [w] = about_chardet([w for w in out["warnings"] if w["rule"] == "rejected_dependency"])
    assert w["entity"] == ":module/src-requests-compat-py"
    assert w["slots"] == {"entity": ":module/src-requests-compat-py", "target": ":module/chardet",
                          "memory": ":decision/no-chardet", "verb": "rejects",
                          "why": " (Do not use chardet: it is LGPL and slow. Use charset_normalizer.)"}
    assert w["related"][0]["entity"] == ":decision/no-chardet" and w["related"][0]["journal"] is True
    assert w["message"].startswith("src/requests/compat.py imports chardet")
    assert w["rule_uri"].startswith("file://")
    # and people's text output says the same
    p = subprocess.run([LORE, "--graph", str(graph), "warnings"], capture_output=True, text=True, timeout=60)
    assert 'src/requests/compat.py imports chardet, which the decision "Do not use chardet…" rejects' in p.stdout


async def test_a_hostile_decision_text_stays_one_short_line(ws):
    client, root, graph = ws
    evil = "x" * 5000 + "\n\x1b[31mred\x1b[0m\n" + "y" * 300
    # a description of 5,000 characters with newlines and terminal escapes (json.dumps escapes it as EDN reads it)
    code, out = cli(graph, "transact", f'[[:constraint/no-os :forbids :module/os] '
                    f'[:constraint/no-os :description {json.dumps(evil)}]]', "--reason", "hostile", cwd=root)
    assert code == 0, out
    uri = opened(client, root)
    [d] = await wait_for(lambda: [x for x in client.diagnostics.get(uri, []) if "os" in (x.data or {}).get(
        "slots", {}).get("target", "")], timeout=60, what="the forbids diagnostic")
    assert "\n" not in d.message and len(d.message) < 200, d.message
    assert d.message.startswith('src/requests/compat.py imports os, which the constraint "xxx')
    assert d.message.endswith('…" forbids')


async def test_a_request_for_warnings_answers_with_the_same_words(ws):
    client, root, _ = ws
    reply = await request(client, "lore/warnings", {"file": "src/requests/compat.py"})
    assert reply["ok"]
    assert any(w["message"].startswith("src/requests/compat.py imports chardet") for w in reply["warnings"])


async def test_quote_keeps_a_negation_and_cuts_at_the_first_sentence():
    assert quote("Never import pyOpenSSL directly, go through urllib3.contrib instead") == \
        "Never import pyOpenSSL directly, go through urllib3.contrib…"
    assert quote("Do not use chardet: it is LGPL") == "Do not use chardet…"
    assert quote("No: that is wrong") == "No: that is wrong"  # too short a head to cut at
    assert quote("  many\n\n spaces\tand lines  ") == "many spaces and lines"
    assert quote("a" * 500).endswith("…") and len(quote("a" * 500)) == 61
    # a Ruby method's ! and an abbreviation's . before a lowercase word end no sentence (user trial 13)
    assert quote("Sinatra::Base.compile! must keep adding one") == "Sinatra::Base.compile! must keep adding one"
    assert quote("Prefer stdlib modules, e.g. json over simplejson") == "Prefer stdlib modules, e.g. json over simplejson"
    assert quote("Never import requests here. Use httpx instead.") == "Never import requests here…"


async def test_labels_name_code_as_written():
    assert label_of(":module/src-requests-compat-py", {":path": "src/requests/compat.py"}) == "src/requests/compat.py"
    assert label_of(":module/openssl", {":entity-type": ":type/external-dependency", ":name": "OpenSSL"}) == "OpenSSL"
    assert label_of(":function/src-a-py-c-m", {":qualified-name": "C.m", ":file": "src/a.py"}) == "C.m (src/a.py)"
    assert label_of(":decision/x", {}) == "the decision x"
    assert label_of(":commit/0123456789abcdef", {}) == "commit 0123456789ab"
    assert label_of(":service/api", {}) == ":service/api"


async def test_a_guess_is_shown_one_severity_lower():
    assert severity_of({"severity": "warning", "confidence": 0.9}) == types.DiagnosticSeverity.Warning
    assert severity_of({"severity": "warning", "confidence": 0.55}) == types.DiagnosticSeverity.Information
    assert severity_of({"severity": "information", "confidence": 0.55}) == types.DiagnosticSeverity.Hint
    assert severity_of({"severity": "bogus", "confidence": "high"}) == types.DiagnosticSeverity.Warning

"""The keystroke's context (lore.working.layer, lore.inference.context): the scoped warning rules a small
context of current rows can serve run over it instead of history; the answers must be exactly those of the
whole view. Two copies of one real graph over one real git repository take the same edits, one with the
context and one without, and every file's warnings (and all of them) are compared after each step, after a
transaction and after a new ingest. A workspace rule the context cannot serve runs over the whole view."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gitrepo import git
from lore import operations
from lore.inference.context import rule_reads
from lore.inference.rulefile import builtin_rules
from lore.store.graph import Graph
from lore.working.layer import LayerView, cite_graph_facts, layer_for

FILES = {
    "src/a.py": "import os\n\n\ndef get(key):\n    return os.environ.get(key)\n",
    "src/b.py": "import os\nimport chardet\n\n\ndef sniff(b):\n    return chardet.detect(b)\n",
    "src/c.py": "import json\n\n\ndef load(s):\n    return json.loads(s)\n",
}
MEMORY = ('[[:decision/no-chardet :rejects :module/chardet] '
          '[:decision/no-chardet :description "charset-normalizer only"] '
          '[:constraint/no-six :forbids :module/six] '
          '[:decision/calm :avoids :module/yaml] '
          '[:service/s1 :depends-on :module/redis] [:service/s2 :depends-on :module/redis] '
          '[:service/s3 :depends-on :module/redis] '
          '[:module/requests :description "an HTTP client"] '
          '[:constraint/strict :description "load() must stay strict json"]]')
# Served: it reads refs_now's :depends-on and :avoids rows only.
AVOIDED = """-- name: avoided_import
-- description: an import a memory avoids
-- kind: warning
-- reads: :depends-on :avoids
-- scope: subject
-- key: entity target memory
-- message: {{entity}} imports {{target}}, which {{memory}} avoids
SELECT d.e AS entity, d.target AS target, n.e AS memory, [d.id, n.id] AS provenance,
       'import' AS anchor_kind, d.e AS anchor_entity, d.target AS anchor_target
  FROM refs_now d JOIN refs_now n ON n.target = d.target
 WHERE d.a = ':depends-on' AND n.a = ':avoids'
   AND (lore_in_scope(d.e) OR lore_in_scope(d.target) OR lore_in_scope(n.e))
"""
# Not served: it reads history's facts directly (any row, any transaction).
DESCRIBED = """-- name: described_import
-- description: an import of something a memory describes
-- kind: warning
-- reads: :depends-on :description
-- scope: subject
-- key: entity target
-- message: {{entity}} imports {{target}} ({{why}})
SELECT d.e AS entity, d.target AS target, x.v AS why, [d.id, x.id] AS provenance,
       'import' AS anchor_kind, d.e AS anchor_entity, d.target AS anchor_target
  FROM refs_now d JOIN facts x ON x.e = d.target AND x.a = ':description' AND x.tx_to = 2147483647
 WHERE d.a = ':depends-on' AND (lore_in_scope(d.e) OR lore_in_scope(d.target))
"""


def run(graph: Graph, op: str, params: dict) -> dict:
    reply = operations.run(op, graph, params)
    result = reply.pop("_result", None)
    if result is not None:
        operations.derive(graph, result)
    assert reply.get("ok"), reply
    return reply


@pytest.fixture
def pair(tmp_path: Path, monkeypatch):
    """Two copies of one repository, each with its own graph (so each journals to its own repository),
    built the same way: one layer uses the context, the other never does."""
    monkeypatch.setenv("LORE_TRUST_RULES", "1")
    first = tmp_path / "fast" / "repo"
    for p, text in FILES.items():
        (first / p).parent.mkdir(parents=True, exist_ok=True)
        (first / p).write_text(text)
    git(first, "init", "-q", "-b", "main")
    git(first, "add", ".")
    git(first, "commit", "-qm", "init")
    shutil.copytree(tmp_path / "fast", tmp_path / "full", symlinks=True)
    operations.load_features()
    graphs = []
    for side in ("fast", "full"):
        (tmp_path / side / "rules").mkdir()
        (tmp_path / side / "rules" / "avoided_import.sql").write_text(AVOIDED)
        (tmp_path / side / "rules" / "described_import.sql").write_text(DESCRIBED)
        g = Graph(tmp_path / side / "g.duckdb")
        run(g, "transact", {"facts": MEMORY, "reason": "memories"})
        run(g, "ingest", {"repo": str(tmp_path / side / "repo"), "wait": True})
        graphs.append(Side(g, tmp_path / side / "repo"))
    layer_for(graphs[1].graph).use_context = False
    yield graphs[0], graphs[1]
    for side in graphs:
        side.graph.close()


class Side:
    def __init__(self, graph: Graph, root: Path) -> None:
        self.graph, self.root = graph, root


def every_answer(side: Side) -> dict:
    g, root = side.graph, side.root
    out = {"all": run(g, "layerWarnings", {"root": str(root)})["warnings"]}
    for p in FILES:
        out[p] = run(g, "layerWarnings", {"root": str(root), "file": p})["warnings"]
    # The copies differ only in where they are: a workspace rule's file, a journal entry.
    folder = Path(g.path).resolve().parent.as_uri()
    for ws in out.values():
        for w in ws:
            if "rule_uri" in w:
                w["rule_uri"] = w["rule_uri"].replace(folder, "<graph>")
            for r in w.get("related") or []:
                if r.get("journal"):
                    r["file"] = "<journal entry>"  # named by the time it was written
    return out


def same(fast: Side, full: Side) -> dict:
    a, b = every_answer(fast), every_answer(full)
    assert a == b
    return a


def edit(fast: Side, full: Side, path: str, text: str | None, version: int) -> None:
    for side in (fast, full):
        run(side.graph, "layerBuffer", {"root": str(side.root), "path": str(side.root / path), "text": text,
                                        "version": version})


EDITS = [
    ("src/a.py", "import os\nimport chardet\n\n\ndef get(key):\n    return os.environ.get(key)\n"),
    ("src/a.py", "import os\nimport chardet\nimport six\n\n\ndef get(key):\n    return os.environ.get(key)\n"),
    ("src/c.py", "import json\nimport yaml\nimport requests\nimport redis\n\n\ndef load(s):\n    return json.loads(s)\n"),
    ("src/b.py", "import os\n\n\ndef sniff(b):\n    return b\n"),
    ("src/a.py", "import os\nimport six\n\n\ndef get(key):\n    return os.environ.get(key)  # typed\n"),
    ("src/c.py", "import json\nimport requests\n\n\ndef load(s):\n    return json.loads(s, strict=False)\n"),
    ("src/c.py", "import json\nimport requests\n\n\ndef load(s):\n    return json.loads(s)\n"),
    ("src/b.py", None),
]


def test_the_context_answers_exactly_as_the_whole_view(pair):
    fast, full = pair
    served = {r.name for r in builtin_rules() if r.kind == "warning" and r.scope and rule_reads(r) is not None}
    assert {"rejected_dependency", "shared_dependency_risk", "timeout_conflict", "edited_decision"} <= served
    seen: set[str] = set()
    for version, (path, text) in enumerate(EDITS, start=2):
        edit(fast, full, path, text, version)
        answers = same(fast, full)
        seen |= {w["rule"] for w in answers["all"]}
    # the edits raised every kind of warning the fixture can: rejected, forbidden, avoided, described, shared
    assert {"rejected_dependency", "avoided_import", "described_import", "shared_dependency_risk",
            "edited_decision"} <= seen
    stats = layer_for(fast.graph).context_stats
    assert stats["served"] > 0 and stats["fallback"] > 0  # described_import always runs over the whole view
    assert stats["named"] > 0  # the warnings' naming look-ups read the context too
    assert layer_for(full.graph).context_stats == {"served": 0, "fallback": 0, "builds": 0, "named": 0,
                                                   "named_loads": 0}


def asked_again(side: Side, file: str | None) -> list[dict]:
    """The warnings over the same layer through a view that remembers nothing: dismissals, journal entries and
    naming facts are each read again from the graph, as lore.inference.warnings does for any other store."""
    layer = layer_for(side.graph)
    bare = LayerView(side.graph, layer.con, layer.lock)
    return cite_graph_facts(run(bare.as_graph(), "warnings",
                                {"catchUp": False, **({"file": file} if file else {})})["warnings"])


# Anchored on a memory that no code location holds: located at the memory's :path (a file the layer holds).
NOTED = """-- name: noted_file
-- description: a note about a file
-- kind: warning
-- reads: :path
-- key: entity
-- message: {{entity}} notes a file
SELECT e AS entity, [id] AS provenance, 'definition' AS anchor_kind, e AS anchor_entity
  FROM asserted_now WHERE a = ':path' AND vt = 's' AND starts_with(e, ':note/')
"""


def test_what_the_layer_remembers_for_the_warning_reader_answers_as_asking_again(pair):
    fast, _ = pair
    root = str(fast.root)
    (Path(fast.graph.path).parent / "rules" / "noted_file.sql").write_text(NOTED)
    run(fast.graph, "transact", {"facts": '[[:note/n1 :path "src/a.py"]]', "reason": "a note"})
    run(fast.graph, "infer", {})

    def check() -> dict:
        got = {p: run(fast.graph, "layerWarnings", {"root": root, "file": p})["warnings"] for p in FILES}
        got["all"] = run(fast.graph, "layerWarnings", {"root": root})["warnings"]
        for p, ws in got.items():
            assert ws == asked_again(fast, None if p == "all" else p), p
        return got

    # Recorded once the graph knows its repository: journaled there, so a warning citing it points at the entry.
    run(fast.graph, "transact", {"facts": "[[:decision/no-yaml :rejects :module/yaml]]", "reason": "later"})
    for version, (path, text) in enumerate(EDITS[:3], start=2):
        run(fast.graph, "layerBuffer", {"root": root, "path": str(fast.root / path), "text": text, "version": version})
        got = check()
    assert any(r.get("journal") for w in got["src/c.py"] for r in w["related"])
    assert [w["entity"] for w in got["src/a.py"] if w["rule"] == "noted_file"] == [":note/n1"]
    shown = [w for w in got["src/a.py"] if w["rule"] == "rejected_dependency"]
    assert shown
    # A dismissal is a transaction: the layer reads history's dismissals again, and the warning goes.
    run(fast.graph, "dismiss", {"id": shown[0]["id"], "reason": "known"})
    got = check()
    assert shown[0]["id"] not in {w["id"] for w in got["src/a.py"]}
    # An entry file that is gone is looked up again (the journal's table still names it).
    others = [w for w in got["all"] if any(r.get("journal") for r in w["related"])]
    assert others
    entry = Path(next(r["file"] for w in others for r in w["related"] if r.get("journal")))
    entry.rename(entry.with_name("moved"))
    run(fast.graph, "layerBuffer", {"root": root, "path": str(fast.root / "src/a.py"), "text": EDITS[0][1],
                                    "version": 9})
    check()


def rejected(ws: list[dict]) -> list[tuple[str, str]]:
    return sorted((w.get("file"), w["slots"]["target"].rsplit("/", 1)[-1]) for w in ws
                  if w["rule"] == "rejected_dependency")


def test_the_context_is_made_again_after_a_transaction_and_an_ingest(pair):
    fast, full = pair
    edit(fast, full, "src/a.py", "import os\nimport toml\n\n\ndef get(key):\n    return 1\n", 2)
    first = same(fast, full)
    assert rejected(first["src/a.py"]) == []
    builds = layer_for(fast.graph).context_stats["builds"]
    # A new rejection: a memory row the context did not hold.
    for side in (fast, full):
        run(side.graph, "transact", {"facts": "[[:decision/no-toml :rejects :module/toml]]", "reason": "toml"})
    # The first edit after history moved is laid over in the rebuild (over the whole view); the next one that
    # changes an import re-runs the rules over the context, which must hold the new row.
    edit(fast, full, "src/a.py", "import os\nimport toml\n\n\ndef get(key):\n    return 2\n", 3)
    assert rejected(same(fast, full)["src/a.py"]) == [("src/a.py", "toml")]
    edit(fast, full, "src/a.py", "import os\nimport toml\nimport json\n\n\ndef get(key):\n    return 2\n", 4)
    after = same(fast, full)
    assert rejected(after["src/a.py"]) == [("src/a.py", "toml")]
    assert layer_for(fast.graph).context_stats["builds"] > builds
    # A commit that drops b.py's chardet import, ingested: history closes a row the context had.
    for side in (fast, full):
        (side.root / "src" / "b.py").write_text("import os\n\n\ndef sniff(b):\n    return b\n")
        git(side.root, "commit", "-qam", "no chardet")
        run(side.graph, "ingest", {"repo": str(side.root), "wait": True})
    edit(fast, full, "src/a.py", "import os\nimport toml\nimport chardet\n\n\ndef get(key):\n    return 3\n", 5)
    assert rejected(same(fast, full)["all"]) == [("src/a.py", "chardet"), ("src/a.py", "toml")]
    # Deleting the import re-runs the rule over every importer of chardet: b.py no longer is one.
    edit(fast, full, "src/a.py", "import os\nimport toml\n\n\ndef get(key):\n    return 3\n", 6)
    assert rejected(same(fast, full)["all"]) == [("src/a.py", "toml")]


def test_rules_the_context_cannot_serve_are_named(pair):
    fast, _full = pair
    reply = run(fast.graph, "contextRules", {"attributes": [":depends-on"]})
    assert "avoided_import" in reply["served"] and "rejected_dependency" in reply["served"]
    assert "described_import" in reply["others"]
    assert ":depends-on" in reply["attributes"] and ":description" not in reply["attributes"]
    bad = operations.run("contextRules", fast.graph, {"attributes": "x"})
    assert not bad["ok"] and bad["error"]["code"] == "bad-params"


@pytest.mark.parametrize("sql, full, memory", [
    ("SELECT e AS entity, [id] AS provenance FROM refs_now WHERE a = ':x'", {":x"}, set()),
    ("SELECT e AS entity, [id] AS provenance FROM facts_now WHERE a IN (':x', ':y') AND NOT lore_is_code(e)",
     set(), {":x", ":y"}),
    ("SELECT f.e AS entity, [f.id] AS provenance FROM facts_now f JOIN refs_now r ON r.e = f.e "
     "WHERE f.a = ':x' AND r.a = ':y'", {":x", ":y"}, set()),
    ("WITH m AS (SELECT entity FROM memories) SELECT memory AS entity, [id] AS provenance FROM links_now "
     "WHERE memory IN (SELECT entity FROM m)", {":relates-to"}, set()),
    # not served: history itself, an unnamed attribute, an unqualified column of two views, other tables
    ("SELECT e AS entity, [id] AS provenance FROM facts WHERE a = ':x'", None, None),
    ("SELECT e AS entity, [id] AS provenance FROM facts_now WHERE v = 'x'", None, None),
    ("SELECT f.e AS entity, [f.id] AS provenance FROM facts_now f JOIN refs_now r ON r.e = f.e WHERE a = ':x'",
     None, None),
    ("SELECT e AS entity, [id] AS provenance FROM asserted_now WHERE a = ':x' "
     "AND e IN (SELECT e FROM facts WHERE a = ':y')", None, None),
    ("SELECT entity, [] AS provenance FROM code_entities", None, None),
    ("SELECT e AS entity, [] AS provenance FROM read_csv('/etc/passwd')", None, None),
    ("SELECT e AS entity, [id] AS provenance FROM other.main.facts_now WHERE a = ':x'", None, None),
    ("SELECT e AS entity FROM facts_now WHERE a = ':x'; SELECT 1", None, None),
    ("SELECT FROM WHERE (", None, None),
    # join conditions restrict the rows of both sides of an inner join, only the right side of a LEFT one
    ("SELECT c.e AS entity, [c.id] AS provenance FROM refs_now c JOIN facts_now t ON t.e = c.e AND c.a = ':y' "
     "AND t.a = ':x'", {":x", ":y"}, set()),
    ("SELECT c.e AS entity, [c.id] AS provenance FROM refs_now c LEFT JOIN facts_now t ON t.e = c.e "
     "AND t.a = ':x' WHERE c.a = ':y'", {":x", ":y"}, set()),
    ("SELECT c.e AS entity, [c.id] AS provenance FROM refs_now c LEFT JOIN facts_now t ON t.e = c.e "
     "AND c.a = ':y' AND t.a = ':x'", None, None),
    ("SELECT c.e AS entity, [c.id] AS provenance FROM refs_now c FULL JOIN facts_now t ON t.e = c.e "
     "AND c.a = ':y' AND t.a = ':x'", None, None),
])
def test_what_a_rule_reads(sql, full, memory):
    from dataclasses import replace

    rule = replace(next(r for r in builtin_rules() if r.name == "rejected_dependency"), sql=sql, digest=sql)
    got = rule_reads(rule)
    if full is None:
        assert got is None
    else:
        assert got is not None and set(got.full) == full and set(got.memory) == memory


def spof(ws: list[dict]) -> list[tuple[str, list[str]]]:
    return sorted((w["entity"], w["slots"]["dependents"]) for w in ws if w["rule"] == "shared_dependency_risk")


def test_a_rule_reading_an_attribute_only_of_memories_does_not_run_for_codes_rows(pair):
    fast, full = pair
    # shared_dependency_risk counts the memories that depend on a thing (NOT lore_is_code(e)): an import typed
    # in a buffer changes a module's :depends-on, which it never reads; rejected_dependency reads it of code.
    reply = run(fast.graph, "contextRules", {"attributes": [":depends-on"], "codeOnly": [":depends-on"]})
    assert "rejected_dependency" in reply["served"]
    assert "shared_dependency_risk" not in reply["served"] + reply["others"]
    reply = run(fast.graph, "contextRules", {"attributes": [":depends-on"]})  # a memory's row too: it runs
    assert "shared_dependency_risk" in reply["served"]
    before = spof(run(fast.graph, "warnings", {})["warnings"])
    assert before == [(":module/redis", [":service/s1", ":service/s2", ":service/s3"])]
    text = "import json\nimport redis\nimport chardet\n\n\ndef load(s):\n    return json.loads(s)\n"
    edit(fast, full, "src/c.py", text, 2)
    answers = same(fast, full)
    assert spof(answers["all"]) == before
    assert rejected(answers["src/c.py"]) == [("src/c.py", "chardet")]
    # What history concludes once the same text is committed and ingested: the layer said it already.
    (fast.root / "src" / "c.py").write_text(text)
    git(fast.root, "commit", "-qam", "redis and chardet")
    run(fast.graph, "ingest", {"repo": str(fast.root), "wait": True})
    assert spof(run(fast.graph, "warnings", {})["warnings"]) == spof(answers["all"])


@pytest.mark.parametrize("attributes, code_only, expected", [
    (None, [], {"rejected_dependency", "shared_dependency_risk"}),
    ([":depends-on"], [], {"rejected_dependency", "shared_dependency_risk"}),
    ([":depends-on"], [":depends-on"], {"rejected_dependency"}),  # code's imports: read of code by one only
    ([":rejects"], [":rejects"], set()),  # rejected_dependency reads :rejects only of memories
    ([":rejects"], [], {"rejected_dependency"}),
    ([":calls"], [":calls"], set()),  # neither reads :calls
])
def test_which_rules_a_change_reaches(attributes, code_only, expected):
    from lore.inference.context import reached

    rules = [r for r in builtin_rules() if r.name in ("rejected_dependency", "shared_dependency_risk")]
    assert {r.name for r in rules if reached(r, attributes, frozenset(code_only))} == expected

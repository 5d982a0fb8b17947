"""lore.inference.api.warnings and the warnings/dismiss operations: shape, threshold, dismissal, files,
past moments, and malformed or hostile parameters."""

from __future__ import annotations

import json

import pytest

from lore import operations
from lore.inference.api import warnings

TIMEOUT = ("[[:service/api :calls :service/auth] [:service/api :timeout-ms 3000] "
           "[:service/auth :processing-ms 5000]]")
SPOF = "[[:service/a :depends-on :db/x] [:service/b :depends-on :db/x] [:service/c :depends-on :db/x]]"

KEYS = {"id", "rule", "code", "message", "confidence", "severity", "entity", "related", "provenance"}


def test_shape(g):
    g.write(TIMEOUT)
    [w] = warnings(g.graph)
    assert KEYS <= set(w)
    assert w["id"].startswith("timeout-conflict-") and w["code"] == "timeout_conflict"
    json.dumps(w)  # plain JSON


def test_ids_are_stable_across_full_rederivation(g):
    g.write(TIMEOUT)
    before = [w["id"] for w in warnings(g.graph)]
    g.run(full=True)
    assert [w["id"] for w in warnings(g.graph)] == before


def test_threshold_hides_low_confidence(g):
    g.write(SPOF)
    assert [w["rule"] for w in warnings(g.graph)] == ["shared_dependency_risk"]  # 0.75
    assert warnings(g.graph, threshold=0.8) == []
    reply = operations.run("warnings", g.graph, {"threshold": 0.8})
    assert reply["ok"] and reply["warnings"] == []


def test_dismissed_warning_never_comes_back(g):
    g.write(TIMEOUT)
    [w] = warnings(g.graph)
    reply = operations.run("dismiss", g.graph, {"id": w["id"], "reason": "the timeout is a hard limit"})
    assert reply["ok"] and reply["id"] == w["id"]
    assert warnings(g.graph) == []
    # retracted and asserted again: same warning, still dismissed
    g.retract("[[:service/api :calls :service/auth]]")
    g.write("[[:service/api :calls :service/auth]]")
    g.run(full=True)
    assert warnings(g.graph) == []
    assert [x["id"] for x in warnings(g.graph, include_dismissed=True)] == [w["id"]]
    # the dismissal is a recorded user fact with its reason
    hist = operations.run("history", g.graph, {"entity": f":warning/{w['id']}"})["history"]
    assert hist[0]["attribute"] == ":lore/dismissed" and hist[0]["reason"] == "the timeout is a hard limit"


def test_past_warnings_visible_as_of(g):
    g.write(TIMEOUT)
    t = g.last_tx()
    g.retract("[[:service/api :timeout-ms 3000]]")
    assert warnings(g.graph) == []
    rows = g.sql("SELECT e FROM facts WHERE a = ':lore/warning' AND tx_from <= ? AND tx_to > ?", [t, t])
    assert rows == [(":service/api",)]


def test_file_and_uri_filters(g, tmp_path):
    g.code_tables()
    g.sql("INSERT INTO code_locations VALUES (':function/src-api-py-call', 'src/api.py', 'function', 'call', "
          "'call', 5, 0, 8, 0)")
    g.write("[[:function/src-api-py-call :calls :service/auth] [:function/src-api-py-call :timeout-ms 1] "
            "[:service/auth :processing-ms 2]]")
    assert len(warnings(g.graph, "src/api.py")) == 1
    assert len(warnings(g.graph, "./src/api.py")) == 1
    assert warnings(g.graph, "src/other.py") == []
    root = tmp_path  # the graph is <root>/.lore/lore.duckdb
    reply = operations.run("warnings", g.graph, {"uri": (root / "src" / "api.py").as_uri()})
    assert reply["ok"] and [w["line"] for w in reply["warnings"]] == [5]
    reply = operations.run("warnings", g.graph, {"file": str(root / "src" / "api.py")})
    assert reply["ok"] and len(reply["warnings"]) == 1


@pytest.mark.parametrize("params,code", [
    ({"file": 7}, "bad-params"),
    ({"file": ""}, "bad-params"),
    ({"file": "a\x00b"}, "bad-params"),
    ({"file": "x" * 5000}, "bad-params"),
    ({"uri": "http://example.com/a.py"}, "bad-params"),
    ({"uri": ["file:///a"]}, "bad-params"),
    ({"file": "a.py", "uri": "file:///a.py"}, "bad-params"),
    ({"threshold": "high"}, "bad-params"),
    ({"threshold": 2}, "bad-params"),
    ({"threshold": True}, "bad-params"),
])
def test_warnings_bad_params(g, params, code):
    reply = operations.run("warnings", g.graph, params)
    assert reply["ok"] is False and reply["error"]["code"] == code


@pytest.mark.parametrize("params,code", [
    ({"reason": "r"}, "bad-warning-id"),
    ({"id": 5, "reason": "r"}, "bad-warning-id"),
    ({"id": "'; DROP TABLE facts; --", "reason": "r"}, "bad-warning-id"),
    ({"id": "timeout-conflict-%%%%%%%%%%%%", "reason": "r"}, "bad-warning-id"),
    ({"id": "timeout-conflict-000000000000", "reason": "r"}, "unknown-warning"),
    ({"id": "timeout-conflict-000000000000"}, "missing-reason"),
    ({"id": "timeout-conflict-000000000000", "reason": "  "}, "missing-reason"),
])
def test_dismiss_bad_params_write_nothing(g, params, code):
    g.write(TIMEOUT)
    before = g.last_tx()
    reply = operations.run("dismiss", g.graph, params)
    assert reply["ok"] is False and reply["error"]["code"] == code
    assert g.last_tx() == before
    assert len(warnings(g.graph)) == 1


def test_infer_operation(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    reply = operations.run("infer", g.graph, {"full": True})
    assert reply["ok"] and reply["inserted"] == 0 and "transitive_depends_on" in reply["rules_run"]
    assert operations.run("infer", g.graph, {"full": "yes"})["error"]["code"] == "bad-params"

"""The engine's library entry points other parts of Lore use (inference runs Datalog rules with them)."""

from __future__ import annotations

import pytest

from lore import operations
from lore.errors import LoreError
from lore.query.api import compile_rule_query, rule_rows


def test_rule_rows_default_goal(q):
    q.tx("[[:a :next :b] [:b :next :c]]")
    rows = rule_rows(q.g, "[(hop2 ?x ?z) [?x :next ?y] [?y :next ?z]]")
    assert rows == [[":a", ":c"]]


def test_compile_rule_query_with_goal_and_time(q):
    q.tx("[[:a :next :b]]", valid_from="2020-01-01", valid_to="2021-01-01")
    q.tx("[[:b :next :c]]")
    rules = "[(r ?x ?y) [?x :next ?y]] [(r ?x ?y) [?x :next ?m] (r ?m ?y)]"
    rq = compile_rule_query(q.g, rules, "(r :a ?y)", any_valid_time=True)
    assert rq.variables == ["?y"] and sorted(rq.run(q.g)) == [[":b"], [":c"]]
    assert "WITH RECURSIVE" in rq.sql
    assert compile_rule_query(q.g, rules, "(r :a ?y)").run(q.g) == []  # now: the first edge has ended
    # transient rules are not stored
    assert q.error("[:find ?y :where (r :a ?y)]").code == "unknown-rule"


def test_compile_rule_query_with_params_and_builtins(q):
    q.tx("[[:module/a :depends-on :module/b]]")
    rq = compile_rule_query(q.g, "", "(reachable $m ?x)", params={"m": ":module/a"})
    assert rq.run(q.g) == [[":module/b"]]


@pytest.mark.parametrize("rules,goal", [("", None), ("", "[?a :b ?c]"), ("", "(reachable :a :b)"),
                                        ("[(bad", None)])
def test_compile_rule_query_errors(q, rules, goal):
    with pytest.raises(LoreError):
        compile_rule_query(q.g, rules, goal)


@pytest.mark.parametrize("params", [{}, {"query": 5}, {"query": "[:find ?e :where [?e :a _]]", "params": [1]},
                                    {"query": "[:find ?e :where [?e :a _]]", "params": {"x": 1}},
                                    {"query": "[:find ?e :where [?e :a _]]", "timeout": -1},
                                    {"query": "[:find ?e :where [?e :a _]]", "timeout": True}])
def test_query_operation_rejects_bad_params(graph, params):
    reply = operations.run("query", graph, params)
    assert reply["ok"] is False and reply["error"]["code"] in ("bad-params", "unknown-parameter")


def test_operations_round_trip(graph):
    assert operations.run("rule", graph, {"rule": "[(x ?a) [?a :b _]]"})["ok"]
    assert [r["name"] for r in operations.run("rules", graph, {})["rules"] if not r["builtin"]] == ["x"]
    assert operations.run("ruleRemove", graph, {"name": "x"})["ok"]
    for bad in ({}, {"rule": 3}, {"rule": ""}, {"rule": "nope"}):
        assert operations.run("rule", graph, bad)["ok"] is False
    assert operations.run("ruleRemove", graph, {})["ok"] is False


def test_rule_query_runs_on_a_cursor_from_another_thread(q):
    import threading

    q.tx("[[:a :next :b] [:b :next :a]]")
    rq = compile_rule_query(q.g, "[(t ?x ?y) [?x :next ?y]] [(t ?x ?y) (t ?x ?m) (t ?m ?y)]", "(t ?x ?y)")
    out: list = []
    cur = q.g.cursor()
    th = threading.Thread(target=lambda: out.append(sorted(rq.run(q.g, con=cur, timeout=30))))
    th.start()
    th.join(60)
    assert out == [[[":a", ":a"], [":a", ":b"], [":b", ":a"], [":b", ":b"]]]

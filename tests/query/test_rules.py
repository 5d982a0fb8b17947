"""Rules: registration and its checks, persistence, built-ins, recursion of every kind, stratified
negation, and the seeded (one bound end) evaluation agreeing with plain evaluation."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lore.errors import LoreError
from lore.query.api import run_query
from lore.query.rules import list_rules, register, remove
from lore.store.graph import Graph

REACH = ["[(reach ?x ?y) [?x :next ?y]]", "[(reach ?x ?y) [?x :next ?m] (reach ?m ?y)]"]


def test_rules_persist_across_reopen(tmp_path):
    path = tmp_path / "g.duckdb"
    g = Graph(path)
    from lore.store.txdata import parse_tx

    g.transact(parse_tx("[[:a :next :b] [:b :next :c]]", default_kind="add"), reason="t", source="cli")
    for r in REACH:
        assert register(g, r)["ok"]
    g.close()
    g = Graph(path)
    try:
        assert {tuple(r) for r in run_query(g, "[:find ?y :where (reach :a ?y)]")["results"]} == {(":b",), (":c",)}
        names = [r["name"] for r in list_rules(g) if not r["builtin"]]
        assert names == ["reach", "reach"]
    finally:
        g.close()


def test_registering_the_same_body_twice_is_a_no_op(q):
    assert q.rule(REACH[0])["added"] == 1
    again = q.rule(REACH[0])
    assert again["ok"] and again["added"] == 0 and again["bodies"] == 1


def test_several_rules_in_one_text(q):
    q.tx("[[:a :next :b] [:b :next :c]]")
    r = q.rule(" ".join(REACH))
    assert r["added"] == 2 and r["rule"] == "reach"
    assert q.set("[:find ?x ?y :where (reach ?x ?y)]") == {(":a", ":b"), (":b", ":c"), (":a", ":c")}


def test_remove(q):
    q.tx("[[:a :next :b]]")
    q.rule(REACH[0])
    assert remove(q.g, "reach") == {"ok": True, "rule": "reach", "removed": 1}
    assert q.error("[:find ?y :where (reach :a ?y)]").code == "unknown-rule"
    with pytest.raises(LoreError) as exc:
        remove(q.g, "reach")
    assert exc.value.code == "unknown-rule"
    with pytest.raises(LoreError) as exc:
        remove(q.g, "reachable")
    assert exc.value.code == "builtin-rule"


def test_remove_reports_callers_left_dangling(q):
    q.rule("[(base ?x) [?x :b true]]")
    q.rule("[(top ?x) (base ?x)]")
    assert remove(q.g, "base")["dangling"] == ["top"]


@pytest.mark.parametrize("rules,code", [
    (["[(r ?x ?y) [?x :e ?y]]", "[(r ?x) [?x :e _]]"], "arity-mismatch"),
    (["[(r ?x ?y) [?x :e _]]"], "unsafe-rule"),
    (["[(r ?x) (not [?x :e _])]"], "unsafe-rule"),
    (["[(p ?x) [?x :b true] (not (p ?x))]"], "negative-cycle"),
    (["[(p ?x) [?x :b true] (not (q ?x))]", "[(q ?x) [?x :b true] (not (p ?x))]"], "negative-cycle"),
    (["[(reachable ?a) [?a :x 1]]"], "arity-mismatch"),
])
def test_rejected_rules_store_nothing(q, rules, code):
    before = len(list_rules(q.g))
    with pytest.raises(LoreError) as exc:
        for r in rules:
            q.rule(r)
    assert exc.value.code == code
    # the failing rule was not stored (earlier ones in the list may have been)
    assert len(list_rules(q.g)) == before + len(rules) - 1


def test_calling_an_undefined_rule_is_allowed_at_registration_and_reported(q):
    assert q.rule("[(p ?x) (q ?x)]")["undefined"] == ["q"]
    assert q.error("[:find ?x :where (p ?x)]").code == "unknown-rule"


def test_builtins(q):
    q.tx("[[:commit/c3 :parent :commit/c2] [:commit/c2 :parent :commit/c1] [:module/a :depends-on :module/b] "
         "[:module/b :calls :function/f] [:function/f :contains :variable/v] [:module/z :depends-on :module/a]]")
    assert q.set("[:find ?a :where (ancestor :commit/c3 ?a)]") == {(":commit/c2",), (":commit/c1",)}
    assert q.set("[:find ?b :where (linked :module/a ?b)]") == {(":module/b",)}
    assert q.set("[:find ?b :where (reachable :module/a ?b)]") == {(":module/b",), (":function/f",), (":variable/v",)}
    assert q.set("[:find ?a :where (reachable ?a :function/f)]") == {(":module/a",), (":module/b",), (":module/z",)}
    assert (":module/z", ":variable/v") in q.set("[:find ?a ?b :where (reachable ?a ?b)]")
    names = {r["name"] for r in list_rules(q.g) if r["builtin"]}
    assert names == {"ancestor", "linked", "reachable"}


def test_user_bodies_extend_a_builtin(q):
    q.tx("[[:module/a :imports :module/b]]")
    q.rule("[(linked ?a ?b) [?a :imports ?b]]")
    assert q.set("[:find ?b :where (linked :module/a ?b)]") == {(":module/b",)}


def test_mutual_recursion_runs_as_a_fixpoint(q):
    q.tx("[[:n/0 :next :n/1] [:n/1 :next :n/2] [:n/2 :next :n/3] [:n/3 :next :n/4]]")
    q.rule("[(even ?x) [?x :start true]]")
    q.tx("[[:n/0 :start true]]")
    q.rule("[(odd ?y) (even ?x) [?x :next ?y]]")
    q.rule("[(even ?y) (odd ?x) [?x :next ?y]]")
    assert q.set("[:find ?x :where (even ?x)]") == {(":n/0",), (":n/2",), (":n/4",)}
    assert q.set("[:find ?x :where (odd ?x)]") == {(":n/1",), (":n/3",)}
    assert "fixpoint" in run_query(q.g, "[:find ?x :where (odd ?x)]", explain=True)["sql"]


def test_non_linear_recursion(q):
    q.tx("[[:a :next :b] [:b :next :c] [:c :next :d] [:d :next :a]]")
    q.rule("[(tc ?x ?y) [?x :next ?y]]")
    q.rule("[(tc ?x ?y) (tc ?x ?m) (tc ?m ?y)]")
    got = q.set("[:find ?x ?y :where (tc ?x ?y)]")
    nodes = [":a", ":b", ":c", ":d"]
    assert got == {(x, y) for x in nodes for y in nodes}


def test_stratified_negation_over_recursion(q):
    q.tx("[[:a :next :b] [:b :next :c] [:x :next :y] [:a :node true] [:b :node true] [:c :node true] "
         "[:x :node true] [:y :node true]]")
    for r in REACH:
        q.rule(r)
    q.rule("[(unreached ?n) [?n :node true] (not (reach :a ?n))]")
    assert q.set("[:find ?n :where (unreached ?n)]") == {(":a",), (":x",), (":y",)}


def test_rules_see_the_time_filtered_facts(q):
    q.tx("[[:a :next :b]]", valid_from="2020-01-01", valid_to="2021-01-01")
    q.tx("[[:b :next :c]]", valid_from="2020-01-01")
    for r in REACH:
        q.rule(r)
    assert q.set('[:find ?y :valid-at "2020-06-01" :where (reach :a ?y)]') == {(":b",), (":c",)}
    assert q.set('[:find ?y :valid-at "2022-01-01" :where (reach :a ?y)]') == set()
    assert q.set("[:find ?y :as-of 1 :any-valid-time :where (reach :a ?y)]") == {(":b",)}


def test_rule_with_constants_and_predicates_in_body(q):
    q.tx('[[:t/1 :prio 5] [:t/2 :prio 1] [:t/1 :owner "ann"]]')
    q.rule("[(urgent ?t ?o) [?t :prio ?p] [(> ?p 3)] [?t :owner ?o]]")
    assert q.set("[:find ?t ?o :where (urgent ?t ?o)]") == {(":t/1", "ann")}
    assert q.set('[:find ?t :where (urgent ?t "ann")]') == {(":t/1",)}


def _bfs(edges: set[tuple[int, int]], start: int) -> set[int]:
    out: set[int] = set()
    frontier = [start]
    while frontier:
        nxt = []
        for a in frontier:
            for x, y in edges:
                if x == a and y not in out:
                    out.add(y)
                    nxt.append(y)
        frontier = nxt
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20), st.integers(0, 7))
def test_seeded_and_plain_evaluation_agree_with_bfs(tmp_path_factory, edges, start):
    g = Graph(tmp_path_factory.mktemp("g") / "g.duckdb")
    try:
        from lore.store.txdata import parse_tx

        g.transact(parse_tx("[" + " ".join(f"[:n/{a} :next :n/{b}]" for a, b in edges)
                            + f" [:n/{start} :mark true]]", default_kind="add"), reason="t", source="cli")
        # right-linear, left-linear and the built-in, each from either end and unbound
        register(g, REACH[0] + REACH[1])
        register(g, "[(lreach ?x ?y) [?x :next ?y]] [(lreach ?x ?y) (lreach ?x ?m) [?m :next ?y]]")
        want = {f":n/{y}" for y in _bfs(edges, start)}
        for rule in ("reach", "lreach"):
            fwd = {r[0] for r in run_query(g, f"[:find ?y :where ({rule} :n/{start} ?y)]")["results"]}
            assert fwd == want, rule
            full = {(a, b) for a, b in run_query(g, f"[:find ?a ?b :where ({rule} ?a ?b)]")["results"]}
            assert {b for a, b in full if a == f":n/{start}"} == want
            back = {r[0] for r in run_query(g, f"[:find ?x :where ({rule} ?x :n/{start})]")["results"]}
            assert back == {a for a, b in full if b == f":n/{start}"}
            # seeded from a variable an earlier clause bound (evaluated from its values only)
            fwd_var = {r[0] for r in run_query(g, f"[:find ?y :where [?s :mark true] ({rule} ?s ?y)]")["results"]}
            assert fwd_var == want
            back_var = {r[0] for r in run_query(g, f"[:find ?x :where [?s :mark true] ({rule} ?x ?s)]")["results"]}
            assert back_var == back
    finally:
        g.close()


def test_a_long_chain(q):
    n = 300
    q.tx("[" + " ".join(f"[:c/{i} :next :c/{i + 1}]" for i in range(n)) + "]")
    for r in REACH:
        q.rule(r)
    assert len(q.rows("[:find ?y :where (reach :c/0 ?y)]")) == n
    assert len(q.rows(f"[:find ?x :where (reach ?x :c/{n})]")) == n
    rng = random.Random(3)
    i = rng.randrange(n)
    assert q.rows(f"[:find (count ?y) :where (reach :c/{i} ?y)]") == [[n - i]]



def test_rules_registered_while_the_graph_was_closed_are_seen_on_reopen(tmp_path):
    path = tmp_path / "g.duckdb"
    from lore.store.txdata import parse_tx

    a = Graph(path)
    a.transact(parse_tx("[[:x :next :y]]", default_kind="add"), reason="t", source="cli")
    register(a, REACH[0])
    assert run_query(a, "[:find ?y :where (reach :x ?y)]")["results"] == [[":y"]]  # cached now
    a.close()
    b = Graph(path)
    remove(b, "reach")
    register(b, "[(reach ?x ?y) [?y :next ?x]]")
    b.close()
    c = Graph(path)
    try:
        assert run_query(c, "[:find ?x :where (reach :y ?x)]")["results"] == [[":x"]]
    finally:
        c.close()

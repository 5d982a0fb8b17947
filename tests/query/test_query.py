"""Query semantics (SPEC §2) in-process on a real graph: patterns, predicates, functions, negation,
disjunction, aggregates, ordering, parameters, pseudo-attributes and time."""

from __future__ import annotations

import pytest

from lore.query.api import run_query


@pytest.fixture
def people(q):
    q.tx('[[:p/ann :name "Ann"] [:p/ann :age 31] [:p/ann :dept :dept/eng] [:p/ann :salary 100]'
         ' [:p/bob :name "Bob"] [:p/bob :age 25] [:p/bob :dept :dept/eng] [:p/bob :salary 50.5]'
         ' [:p/cy :name "cy"] [:p/cy :age "unknown"] [:p/cy :dept :dept/ops] [:p/cy :banned true]'
         ' [:dept/eng :title "Engineering"] [:p/ann :manages :p/bob]]')
    return q


def test_attribute_variable_and_wildcards(people):
    assert people.set("[:find ?a :where [:p/cy ?a _]]") == {(":name",), (":age",), (":dept",), (":banned",)}


def test_join_through_a_reference(people):
    assert people.set("[:find ?n ?t :where [?p :dept ?d] [?d :title ?t] [?p :name ?n]]") == {
        ("Ann", "Engineering"), ("Bob", "Engineering")}


def test_constant_types_are_distinct(q):
    q.tx('[[:x/a :v 1] [:x/b :v "1"] [:x/c :v 1.5] [:x/d :v true] [:x/e :v :x/a]]')
    assert q.set("[:find ?e :where [?e :v 1]]") == {(":x/a",)}
    assert q.set('[:find ?e :where [?e :v "1"]]') == {(":x/b",)}
    assert q.set("[:find ?e :where [?e :v true]]") == {(":x/d",)}
    assert q.set("[:find ?e :where [?e :v :x/a]]") == {(":x/e",)}
    assert q.set("[:find ?v :where [:x/c :v ?v]]") == {(1.5,)}


def test_comparisons_and_type_tests(people):
    assert people.set("[:find ?n :where [?p :age ?a] [(>= ?a 25)] [(< ?a 31)] [?p :name ?n]]") == {("Bob",)}
    assert people.set("[:find ?n :where [?p :name ?n] [(> ?n \"B\")]]") == {("Bob",), ("cy",)}
    assert people.set("[:find ?p :where [?p :age ?a] [(string? ?a)]]") == {(":p/cy",)}
    assert people.set("[:find ?p :where [?p :age ?a] [(integer? ?a)]]") == {(":p/ann",), (":p/bob",)}
    assert people.set("[:find ?p :where [?p :salary ?s] [(float? ?s)]]") == {(":p/bob",)}
    assert people.set("[:find ?p :where [?p :banned ?b] [(boolean? ?b)]]") == {(":p/cy",)}
    assert people.set("[:find ?d :where [_ :dept ?d] [(keyword? ?d)]]") == {(":dept/eng",), (":dept/ops",)}
    assert people.set("[:find ?p :where [?p :salary ?s] [(= ?s 100.0)]]") == {(":p/ann",)}
    assert people.set("[:find ?p :where [?p :age ?a] [(!= ?a 31)]]") == {(":p/bob",), (":p/cy",)}


def test_string_predicates(people):
    assert people.set('[:find ?n :where [_ :name ?n] [(starts-with? ?n "A")]]') == {("Ann",)}
    assert people.set('[:find ?n :where [_ :name ?n] [(ends-with? ?n "b")]]') == {("Bob",)}
    assert people.set('[:find ?n :where [_ :name ?n] [(matches? ?n "^[a-z]+$")]]') == {("cy",)}
    # string predicates never match non-strings
    assert people.set('[:find ?a :where [_ :age ?a] [(contains? ?a "3")]]') == set()


def test_binding_functions(people):
    assert people.set("[:find ?n ?b :where [?p :age ?a] [(+ ?a 1) ?b] [?p :name ?n]]") == {("Ann", 32), ("Bob", 26)}
    assert people.set("[:find ?x :where [:p/bob :salary ?s] [(* ?s 2) ?x]]") == {(101.0,)}
    assert people.set("[:find ?x :where [:p/ann :age ?a] [(/ ?a 2) ?x]]") == {(15.5,)}
    assert people.set("[:find ?x :where [:p/ann :age ?a] [(- ?a) ?x]]") == {(-31,)}
    assert people.set("[:find ?x :where [:p/ann :age ?a] [(/ ?a 0) ?x]]") == set()
    assert people.set('[:find ?s :where [:p/ann :name ?n] [(lower ?n) ?l] [(upper ?n) ?u] [(str ?l "/" ?u) ?s]]') \
        == {("ann/ANN",)}
    # a bound output variable is a check, not a new binding
    assert people.set("[:find ?p :where [?p :age ?a] [(+ 6 25) ?a]]") == {(":p/ann",)}


def test_predicate_before_its_binding_is_deferred(people):
    assert people.set("[:find ?n :where [(> ?a 30)] [?p :age ?a] [?p :name ?n]]") == {("Ann",)}


def test_not_and_not_join(people):
    assert people.set("[:find ?n :where [?p :name ?n] (not [?p :banned true])]") == {("Ann",), ("Bob",)}
    assert people.set("[:find ?n :where [?p :name ?n] (not-join [?p] [?m :manages ?p])]") == {("Ann",), ("cy",)}
    assert people.set("[:find ?n :where [?p :name ?n] (not [?p :dept :dept/eng] [?p :age 31])]") == {
        ("Bob",), ("cy",)}


def test_or_or_join_and(people):
    assert people.set("[:find ?p :where (or [?p :banned true] [?p :manages _])]") == {(":p/cy",), (":p/ann",)}
    assert people.set("[:find ?n :where [?p :name ?n] (or-join [?p] [?p :banned true] "
                      "(and [?p :age ?a] [(< ?a 30)]))]") == {("cy",), ("Bob",)}
    # a branch may test a variable bound outside it
    assert people.set("[:find ?n :where [?p :name ?n] [?p :age ?a] (or [(= ?a 25)] [(= ?a \"unknown\")])]") == {
        ("Bob",), ("cy",)}


def test_and_is_a_conjunction_anywhere(people):
    assert people.set("[:find ?n :where (and [?p :name ?n] [?p :dept :dept/eng])]") == {("Ann",), ("Bob",)}
    assert people.set("[:find ?n :where [?p :name ?n] (not (and [?p :dept :dept/eng] [?p :age 31]))]") == {
        ("Bob",), ("cy",)}


def test_aggregates(people):
    assert people.set("[:find ?d (count ?p) :where [?p :dept ?d]]") == {(":dept/eng", 2), (":dept/ops", 1)}
    assert people.set("[:find (count-distinct ?d) :where [_ :dept ?d]]") == {(2,)}
    assert people.set("[:find (sum ?s) (min ?s) (max ?s) :where [_ :salary ?s]]") == {(150.5, 50.5, 100)}
    assert people.set("[:find (avg ?a) :where [_ :age ?a] [(number? ?a)]]") == {(28.0,)}
    assert people.set("[:find (min ?n) (max ?n) :where [_ :name ?n]]") == {("Ann", "cy")}
    assert people.set("[:find (sum ?a) :where [_ :age ?a] [(integer? ?a)]]") == {(56,)}
    # an aggregate over nothing gives no row, except an ungrouped count
    assert people.rows("[:find (max ?a) :where [_ :nothing ?a]]") == []
    assert people.rows("[:find (count ?a) (count-distinct ?a) :where [_ :nothing ?a]]") == [[0, 0]]
    assert people.rows("[:find ?d (count ?a) :where [?d :nothing ?a]]") == []


def test_sum_of_non_numbers_is_an_error(people):
    assert people.error("[:find (sum ?a) :where [_ :age ?a]]").code == "type-error"
    assert people.error("[:find (avg ?n) :where [_ :name ?n]]").code == "type-error"


def test_order_by_and_limit(people):
    assert people.rows("[:find ?n :where [_ :name ?n] :order-by ?n]") == [["Ann"], ["Bob"], ["cy"]]
    assert people.rows("[:find ?n ?a :where [?p :name ?n] [?p :age ?a] :order-by [?a :desc] :limit 2]") == [
        ["cy", "unknown"], ["Ann", 31]]  # strings sort after numbers
    assert people.rows("[:find ?d (count ?p) :where [?p :dept ?d] :order-by [(count ?p) :desc]]")[0] == [
        ":dept/eng", 2]
    assert people.rows("[:find ?n :where [_ :name ?n] :limit 0]") == []


def test_parameters_are_bound_not_spliced(people):
    hostile = '"x\') OR 1=1 --"'
    assert run_query(people.g, "[:find ?p :in $n :where [?p :name $n]]", {"n": hostile})["results"] == []
    assert people.set("[:find ?p :in $n :where [?p :name $n]]", params={"n": '"Bob"'}) == {(":p/bob",)}
    assert people.set("[:find ?n :in $p :where [$p :name ?n]]", params={"p": ":p/ann"}) == {("Ann",)}
    assert people.set("[:find ?n :in $min :where [?p :age ?a] [(> ?a $min)] [?p :name ?n]]",
                      params={"$min": "30"}) == {("Ann",)}
    explained = run_query(people.g, "[:find ?p :in $n :where [?p :name $n]]", {"n": hostile}, explain=True)
    assert "OR 1=1" not in explained["sql"] and "x') OR 1=1 --" in explained["params"].values()


@pytest.mark.parametrize("params,code", [
    ({}, "missing-parameter"),
    ({"n": '"a"', "other": "1"}, "unknown-parameter"),
    ({"n": "[1 2]"}, "bad-parameter"),
    ({"n": "nil"}, "bad-parameter"),
    ({"n": '"unterminated'}, "bad-parameter"),
])
def test_parameter_errors(people, params, code):
    assert people.error("[:find ?p :in $n :where [?p :name $n]]", params=params).code == code


def test_undeclared_parameter_is_an_error(people):
    assert people.error("[:find ?p :where [?p :name $n]]").code == "unknown-parameter"


def test_pseudo_attributes(q):
    t1 = q.tx("[[:x/a :v 1]]", valid_from="2020-01-01", valid_to="2021-06-01T12:30:00Z")
    rows = q.rows("[:find ?vf ?vt ?tx ?inf ?c ?r :any-valid-time :where [:x/a :v _] [:x/a :db/valid-from ?vf] "
                  "[:x/a :db/valid-to ?vt] [:x/a :db/tx ?tx] [:x/a :db/inferred ?inf] [:x/a :db/confidence ?c] "
                  "[:x/a :db/rule ?r]]")
    assert rows == [["2020-01-01T00:00:00Z", "2021-06-01T12:30:00Z", t1, False, 1.0, None]]
    inst = q.rows("[:find ?i :any-valid-time :where [:x/a :v _] [:x/a :db/tx-instant ?i]]")[0][0]
    assert inst == q.g.transactions(1)[0]["instant"]
    # an open valid-to is no value
    q.tx("[[:x/b :v 2]]")
    assert q.rows("[:find ?vt :where [:x/b :v _] [:x/b :db/valid-to ?vt]]") == [[None]]
    # compared with an ISO string
    assert q.set('[:find ?e :any-valid-time :where [?e :v _] [?e :db/valid-from ?f] [(< ?f "2021-01-01")]]') == {
        (":x/a",)}


def test_pseudo_attribute_needs_a_pattern_before_it(q):
    assert q.error("[:find ?f :where [?e :db/valid-from ?f]]").code == "pseudo-attribute-without-pattern"
    assert q.error("[:find ?f :where [?e :v _] [?e :db/nonsense ?f]]").code == "unknown-pseudo-attribute"


def test_as_of_an_instant(q):
    q.tx("[[:x/a :v 1]]")
    inst = q.g.transactions(1)[0]["instant"]
    q.tx("[[:x/a :v 2]]")
    assert q.set(f'[:find ?v :as-of "{inst}" :where [:x/a :v ?v]]') == {(1,)}
    assert q.set('[:find ?v :as-of "2000-01-01" :where [:x/a :v ?v]]') == set()
    assert q.set("[:find ?v :as-of 0 :where [:x/a :v ?v]]") == set()
    assert q.set("[:find ?v :as-of 99 :where [:x/a :v ?v]]") == {(1,), (2,)}


def test_valid_at_an_inst_literal(q):
    q.tx("[[:x/a :v 1]]", valid_from="2020-01-01", valid_to="2021-01-01")
    assert q.set('[:find ?v :valid-at #inst "2020-06-01T00:00:00Z" :where [:x/a :v ?v]]') == {(1,)}


def test_map_form_query(people):
    assert people.set('{:find [?n] :where [[?p :name ?n] [?p :banned true]]}') == {("cy",)}


def test_results_are_sets_with_variables(people):
    r = run_query(people.g, "[:find ?d :where [_ :dept ?d]]")
    assert r["variables"] == ["?d"] and len(r["results"]) == 2


def test_explain_returns_sql_without_running(people):
    r = run_query(people.g, "[:find ?n :where [?p :name ?n] (not [?p :banned true])]", explain=True)
    assert r["ok"] and r["sql"].startswith("SELECT") and "NOT EXISTS" in r["sql"] and "results" not in r


def test_invalid_regex_is_a_clear_error(people):
    assert people.error('[:find ?n :where [_ :name ?n] [(matches? ?n "([")]]').code == "bad-regex"


def test_timeout_stops_a_runaway_rule(q):
    q.tx("[[:x/a :n 0]]")
    q.rule("[(up ?x) [_ :n ?x]]")
    q.rule("[(up ?y) (up ?x) [(+ ?x 1) ?y]]")
    err = q.error("[:find ?x :where (up ?x)]", timeout=0.5)
    assert err.code == "timeout"

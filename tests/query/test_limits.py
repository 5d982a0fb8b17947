"""Issue 18 item 2 (SPEC §2): :max-results with "truncated", :max-derived-facts, sum-distinct, nested
binding functions — what each concludes and what it must not."""

from __future__ import annotations

import pytest

from lore.query.api import run_query


@pytest.fixture
def nums(q):
    q.tx("[" + " ".join(f"[:e/{i} :n {i}]" for i in range(10)) + "]")
    return q


# ------------------------------------------------------------------ :max-results

def test_max_results_caps_and_says_truncated(nums):
    out = run_query(nums.g, "[:find ?e ?n :order-by ?n :max-results 3 :where [?e :n ?n]]")
    assert out["results"] == [[":e/0", 0], [":e/1", 1], [":e/2", 2]] and out["truncated"] is True


def test_max_results_not_reached_is_not_truncated(nums):
    out = run_query(nums.g, "[:find ?e :max-results 10 :where [?e :n _]]")
    assert len(out["results"]) == 10 and out["truncated"] is False
    assert "truncated" not in run_query(nums.g, "[:find ?e :where [?e :n _]]")


def test_max_results_with_limit_and_aggregates(nums):
    out = run_query(nums.g, "[:find ?e :limit 2 :max-results 5 :where [?e :n _]]")
    assert len(out["results"]) == 2 and out["truncated"] is False  # :limit asked for fewer
    out = run_query(nums.g, "[:find ?e :limit 8 :max-results 5 :where [?e :n _]]")
    assert len(out["results"]) == 5 and out["truncated"] is True
    out = run_query(nums.g, "[:find (count ?e) :max-results 1 :where [?e :n _]]")
    assert out["results"] == [[10]] and out["truncated"] is False
    out = run_query(nums.g, "[:find ?e :max-results 0 :where [?e :n _]]")
    assert out["results"] == [] and out["truncated"] is True


def test_max_results_at_the_row_cap_is_truncated_not_too_large(nums, monkeypatch):
    # :max-results N fetches N + 1 rows to know it truncated; that probe row is not a result, so
    # :max-results equal to LORE_MAX_RESULT_ROWS is the way out of too-large that errors.md names
    monkeypatch.setenv("LORE_MAX_RESULT_ROWS", "3")
    out = run_query(nums.g, "[:find ?e :max-results 3 :where [?e :n _]]")
    assert len(out["results"]) == 3 and out["truncated"] is True
    assert nums.error("[:find ?e :max-results 4 :where [?e :n _]]").code == "too-large"
    assert nums.error("[:find ?e :where [?e :n _]]").code == "too-large"


@pytest.mark.parametrize("bad", [":max-results -1", ":max-results 1.5", ":max-results \"3\"", ":max-results",
                                 ":max-results 1 2", ":max-results true"])
def test_max_results_takes_one_count(nums, bad):
    assert nums.error(f"[:find ?e {bad} :where [?e :n _]]").code == "bad-max-results"


# ------------------------------------------------------------------ :max-derived-facts

@pytest.fixture
def chain(q):
    q.tx("[" + " ".join(f"[:m/{i} :next :m/{i + 1}]" for i in range(30)) + "]")
    q.rule("[(reach ?x ?y) [?x :next ?y]] [(reach ?x ?y) [?x :next ?m] (reach ?m ?y)]")
    q.rule("[(tc ?x ?y) [?x :next ?y]] [(tc ?x ?y) (tc ?x ?m) (tc ?m ?y)]")  # non-linear: a fixpoint
    return q


@pytest.mark.parametrize("rule", ["reach", "tc"])
def test_max_derived_facts_stops_a_query_whose_rules_derive_more(chain, rule):
    # the closure of a 31-node chain has 465 pairs
    e = chain.error(f"[:find (count ?y) :max-derived-facts 100 :where ({rule} ?x ?y)]")
    assert e.code == "derived-facts-limit" and "100" in e.message
    assert chain.rows(f"[:find (count ?y) :with ?x :max-derived-facts 1000 :where ({rule} ?x ?y)]") == [[465]]


def test_max_derived_facts_does_not_touch_queries_without_rules(chain):
    assert chain.rows("[:find (count ?x) :max-derived-facts 0 :where [?x :next _]]") == [[30]]


def test_max_derived_facts_bad_values(chain):
    assert chain.error("[:find ?x :max-derived-facts -5 :where (reach ?x _)]").code == "bad-max-derived-facts"


# ------------------------------------------------------------------ sum-distinct

def test_sum_distinct_adds_each_value_once(q):
    q.tx("[[:p1 :cost 10] [:p2 :cost 10] [:p3 :cost 5] [:p4 :cost 2.5] [:p5 :cost 2.5] [:p6 :cost 5.0]]")
    # 10, 5 and 2.5 once each; 5 and 5.0 are two values (as everywhere in the dialect)
    assert q.rows("[:find (sum-distinct ?c) :with ?p :where [?p :cost ?c]]") == [[22.5]]
    assert q.rows("[:find (sum ?c) :with ?p :where [?p :cost ?c]]") == [[35.0]]
    assert q.rows("[:find (sum-distinct ?c) :with ?p :where [?p :cost ?c] [(integer? ?c)]]") == [[15]]


def test_sum_distinct_grouped_and_over_nothing(q):
    q.tx('[[:a :g "x"] [:a :v 1] [:b :g "x"] [:b :v 1] [:c :g "y"] [:c :v 3]]')
    assert q.set("[:find ?g (sum-distinct ?v) :with ?e :where [?e :g ?g] [?e :v ?v]]") == {("x", 1), ("y", 3)}
    assert q.rows("[:find (sum-distinct ?v) :where [?e :nothing ?v]]") == []


def test_sum_distinct_of_text_is_a_type_error(q):
    q.tx('[[:a :v 1] [:b :v "x"]]')
    assert q.error("[:find (sum-distinct ?v) :where [?e :v ?v]]").code == "type-error"


# ------------------------------------------------------------------ nested binding functions

def test_binding_functions_nest(nums):
    assert nums.rows("[:find ?b :where [:e/3 :n ?a] [(+ (* ?a 2) 1) ?b]]") == [[7]]
    assert nums.rows("[:find ?b :where [:e/3 :n ?a] [(- (* (+ ?a 1) (+ ?a 2)) (/ ?a 3)) ?b]]") == [[19.0]]
    assert nums.rows('[:find ?s :where [:e/3 :n ?a] [(str "n=" (+ ?a 1)) ?s]]') == [["n=4"]]


def test_nested_functions_in_predicates_and_not(nums):
    assert nums.set("[:find ?n :where [_ :n ?n] [(> (* ?n ?n) 50)]]") == {(8,), (9,)}
    assert nums.set("[:find ?n :where [_ :n ?n] [(< ?n 4)] (not [(= (* ?n 2) 4)])]") == {(0,), (1,), (3,)}


def test_nested_function_waits_for_its_variables(nums):
    # ?a is bound only by the pattern after the function
    assert nums.rows("[:find ?b :where [(+ (* ?a 2) 1) ?b] [:e/4 :n ?a]]") == [[9]]


def test_nested_functions_keep_the_type_rules(q):
    q.tx('[[:a :v "x"] [:b :v 2] [:c :v 0]]')
    assert q.set("[:find ?e ?r :where [?e :v ?v] [(+ (* ?v 2) 1) ?r]]") == {(":b", 5), (":c", 1)}
    assert q.set("[:find ?e :where [?e :v ?v] [(/ 1 (* ?v 1)) ?r]]") == {(":b",)}  # division by zero drops


def test_deep_nesting_grows_the_sql_linearly(nums):
    expr = "?a"
    for _ in range(15):  # 30 levels
        expr = f"(+ (* {expr} 1) 0)"
    out = run_query(nums.g, f"[:find ?b :where [:e/5 :n ?a] [{expr} ?b]]", explain=True)
    assert len(out["sql"]) < 200_000
    assert nums.rows(f"[:find ?b :where [:e/5 :n ?a] [{expr} ?b]]") == [[5]]


@pytest.mark.parametrize("query, code", [
    ("[:find ?b :where [:e/3 :n ?a] [(+ (< ?a 2) 1) ?b]]", "bad-clause"),
    ("[:find ?b :where [:e/3 :n ?a] [(+ (frob ?a) 1) ?b]]", "unknown-function"),
    ("[:find ?b :where [:e/3 :n ?a] [(+ (lower) 1) ?b]]", "bad-arity"),
    ("[:find ?b :where [:e/3 :n ?a] [(+ (* ?a _) 1) ?b]]", "bad-clause"),
    ("[:find ?b :where [:e/3 :n ?a] [(+ (* ?c 2) 1) ?b]]", "unbound-variable"),
    ("[:find ?b :where [:e/3 :n ?a] [(+ " + "(+ " * 40 + "?a" + " 1)" * 40 + " 1) ?b]]", "too-deep"),
])
def test_nested_function_errors(nums, query, code):
    assert nums.error(query).code == code

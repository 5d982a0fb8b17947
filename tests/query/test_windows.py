"""Window functions in :find (SPEC §2), in-process on a real graph: running aggregates, rankings,
lag/lead, partitions, ties, :desc, :with, mixed types, and the errors that must not become results."""

from __future__ import annotations

import pytest

from lore.query.api import run_query

TEAMS = ('[[:e1 :team "a"] [:e1 :score 10] [:e2 :team "a"] [:e2 :score 20] [:e3 :team "b"] [:e3 :score 5]'
         ' [:e4 :team "b"] [:e4 :score 7]]')


@pytest.fixture
def teams(q):
    q.tx(TEAMS)
    return q


def test_running_sum_over_the_whole_set(teams):
    rows = teams.rows("[:find ?e ?s (sum ?s :over (:order-by ?s)) :where [?e :score ?s]]")
    assert rows == [[":e3", 5, 5], [":e4", 7, 12], [":e1", 10, 22], [":e2", 20, 42]]  # in the window's order


def test_running_sum_restarts_in_each_partition(teams):
    rows = teams.set("[:find ?e ?t (sum ?s :over (:partition-by ?t :order-by ?s)) :with ?s "
                     ":where [?e :team ?t] [?e :score ?s]]")
    assert rows == {(":e1", "a", 10), (":e2", "a", 30), (":e3", "b", 5), (":e4", "b", 12)}


def test_the_column_is_named_by_the_expression_as_written(teams):
    out = run_query(teams.g, "[:find ?e (rank  :over (:order-by ?s :desc)) :with ?s :where [?e :score ?s]]")
    assert out["variables"] == ["?e", "(rank :over (:order-by ?s :desc))"]


def test_ties_share_a_rank_and_a_running_frame(q):
    q.tx("[[:x1 :n 3] [:x2 :n 3] [:x3 :n 5] [:x4 :n 5] [:x5 :n 9]]")
    rows = q.set("[:find ?x ?n (rank :over (:order-by ?n)) (dense-rank :over (:order-by ?n)) "
                 "(sum ?n :over (:order-by ?n)) (count ?x :over (:order-by ?n)) :where [?x :n ?n]]")
    assert rows == {(":x1", 3, 1, 1, 6, 2), (":x2", 3, 1, 1, 6, 2), (":x3", 5, 3, 2, 16, 4),
                    (":x4", 5, 3, 2, 16, 4), (":x5", 9, 5, 3, 25, 5)}


def test_row_number_breaks_ties_by_the_other_variables(q):
    q.tx("[[:x2 :n 3] [:x1 :n 3] [:x3 :n 1]]")
    for _ in range(3):
        assert q.rows("[:find ?x ?n (row-number :over (:order-by ?n)) :where [?x :n ?n]]") == [
            [":x3", 1, 1], [":x1", 3, 2], [":x2", 3, 3]]


def test_desc_reverses_the_order(teams):
    rows = teams.rows("[:find ?e ?s (row-number :over (:order-by ?s :desc)) :where [?e :score ?s]]")
    assert rows == [[":e2", 20, 1], [":e1", 10, 2], [":e4", 7, 3], [":e3", 5, 4]]
    rows = teams.set("[:find ?e ?t ?s (dense-rank :over (:partition-by ?t :order-by [?s :desc])) "
                     ":where [?e :team ?t] [?e :score ?s]]")
    assert rows == {(":e1", "a", 10, 2), (":e2", "a", 20, 1), (":e3", "b", 5, 2), (":e4", "b", 7, 1)}


def test_lag_and_lead_with_offsets_and_nulls_at_the_edges(teams):
    rows = teams.set("[:find ?e ?s (lag ?s :over (:order-by ?s)) (lead ?s :over (:order-by ?s)) "
                     "(lag ?e 2 :over (:order-by ?s)) :where [?e :score ?s]]")
    assert rows == {(":e3", 5, None, 7, None), (":e4", 7, 5, 10, None), (":e1", 10, 7, 20, ":e3"),
                    (":e2", 20, 10, None, ":e4")}
    rows = teams.set("[:find ?e ?t (lead ?e :over (:partition-by ?t :order-by ?s)) :with ?s "
                     ":where [?e :team ?t] [?e :score ?s]]")
    assert rows == {(":e1", "a", ":e2"), (":e2", "a", None), (":e3", "b", ":e4"), (":e4", "b", None)}


def test_min_max_avg_over_a_window(teams):
    rows = teams.set("[:find ?e ?t (min ?s :over (:partition-by ?t :order-by ?s :desc)) "
                     "(max ?s :over (:partition-by ?t :order-by ?s)) (avg ?s :over (:partition-by ?t :order-by ?s)) "
                     ":with ?s :where [?e :team ?t] [?e :score ?s]]")
    assert rows == {(":e1", "a", 10, 10, 10.0), (":e2", "a", 20, 20, 15.0), (":e3", "b", 5, 5, 5.0),
                    (":e4", "b", 7, 7, 6.0)}


def test_a_windows_argument_counts_as_found(teams):
    rows = teams.set("[:find ?e (sum ?s :over (:order-by ?s)) :where [?e :score ?s]]")
    assert rows == {(":e3", 5), (":e4", 12), (":e1", 22), (":e2", 42)}
    # but a variable named only in :over is not
    assert teams.error("[:find ?e (sum ?s :over (:order-by ?t)) :where [?e :score ?s] [?e :team ?t]]").code == \
        "window-variable"


def test_windows_run_over_the_set_of_bindings(q):
    # two entities with the same cost are one binding of ?c alone, two with :with ?p
    q.tx("[[:p1 :cost 10] [:p2 :cost 10] [:p3 :cost 5]]")
    assert q.rows("[:find ?c (sum ?c :over (:order-by ?c)) :where [?p :cost ?c]]") == [[5, 5], [10, 15]]
    assert q.set("[:find ?c (sum ?c :over (:order-by ?c)) :with ?p :where [?p :cost ?c]]") == {(5, 5), (10, 25)}


def test_partition_by_several_variables_and_order_by_several(q):
    q.tx('[[:a :g "x"] [:a :h 1] [:a :s 1] [:b :g "x"] [:b :h 1] [:b :s 2] [:c :g "x"] [:c :h 2] [:c :s 1]'
         ' [:d :g "y"] [:d :h 1] [:d :s 1]]')
    rows = q.set("[:find ?e ?g ?h (row-number :over (:partition-by ?g ?h :order-by ?s :desc)) :with ?s "
                 ":where [?e :g ?g] [?e :h ?h] [?e :s ?s]]")
    assert rows == {(":a", "x", 1, 2), (":b", "x", 1, 1), (":c", "x", 2, 1), (":d", "y", 1, 1)}
    rows = q.set("[:find ?e (rank :over (:order-by ?g :desc ?s)) :with ?g ?s :where [?e :g ?g] [?e :s ?s]]")
    assert rows == {(":d", 1), (":a", 2), (":c", 2), (":b", 4)}


def test_int_and_float_values_are_distinct_and_sum_as_numbers(q):
    q.tx("[[:a :v 1] [:b :v 1.5] [:c :v 2]]")
    rows = q.rows("[:find ?v (sum ?v :over (:order-by ?v)) :where [?e :v ?v]]")
    assert rows == [[1, 1], [1.5, 2.5], [2, 4.5]]


def test_values_of_several_types_order_as_the_query_orders_them(q):
    q.tx('[[:a :v 2] [:b :v "s"] [:c :v :k/w] [:d :v 1.5] [:e :v #inst "2024-01-01"]]')
    rows = q.rows("[:find ?v (row-number :over (:order-by ?v)) :where [?e :v ?v]]")
    assert [r[1] for r in rows] == [1, 2, 3, 4, 5]
    assert [r[0] for r in rows][:2] == [1.5, 2] and rows[3][0] == "s" and rows[4][0] == ":k/w"


def test_a_sum_window_over_text_is_a_type_error(q):
    q.tx('[[:a :v 1] [:b :v "x"]]')
    assert q.error("[:find ?e (sum ?v :over (:order-by ?e)) :with ?v :where [?e :v ?v]]").code == "type-error"


def test_no_bindings_give_no_rows(q):
    q.tx("[[:a :v 1]]")
    assert q.rows("[:find ?e (rank :over (:order-by ?e)) :where [?e :nothing ?v]]") == []


def test_order_by_a_window_and_limits(teams):
    rows = teams.rows("[:find ?e (rank :over (:order-by ?s)) :with ?s :order-by [(rank :over (:order-by ?s)) :desc] "
                      ":where [?e :score ?s]]")
    assert rows == [[":e2", 4], [":e1", 3], [":e4", 2], [":e3", 1]]
    out = run_query(teams.g, "[:find ?e (rank :over (:order-by ?s)) :with ?s :max-results 3 :where [?e :score ?s]]")
    assert len(out["results"]) == 3 and out["truncated"] is True
    # :limit applies after the window ran over every binding: ranks are not renumbered
    rows = teams.rows("[:find ?e ?s (rank :over (:order-by ?s)) :order-by [?s :desc] :limit 1 :where [?e :score ?s]]")
    assert rows == [[":e2", 20, 4]]


def test_windows_see_the_time_filter(q):
    t1 = q.tx("[[:a :n 1] [:b :n 2]]")
    q.tx("[[:c :n 3]]")
    assert q.rows(f"[:find ?e ?n (sum ?n :over (:order-by ?n)) :as-of {t1} :where [?e :n ?n]]") == [
        [":a", 1, 1], [":b", 2, 3]]


def test_a_window_over_a_rule(q):
    q.tx("[[:m/a :depends-on :m/b] [:m/b :depends-on :m/c] [:m/c :depends-on :m/d]]")
    rows = q.set("[:find ?x (count ?x :over (:order-by ?x)) :where (reachable :m/a ?x)]")
    assert rows == {(":m/b", 1), (":m/c", 2), (":m/d", 3)}


def test_parameters_in_a_windowed_query(teams):
    rows = teams.rows("[:find ?e ?s (lag ?s :over (:order-by ?s)) :in $t :where [?e :team $t] [?e :score ?s]]",
                      params={"t": '"b"'})
    assert rows == [[":e3", 5, None], [":e4", 7, 5]]


@pytest.mark.parametrize("query, code", [
    ("[:find ?t (count ?e) (sum ?s :over (:order-by ?s)) :where [?e :team ?t] [?e :score ?s]]", "window-and-aggregate"),
    ("[:find ?e (row-number :over (:order-by ?s)) :where [?e :score ?s]]", "window-variable"),
    ("[:find ?e ?s (rank :over (:partition-by ?t :order-by ?s)) :where [?e :team ?t] [?e :score ?s]]",
     "window-variable"),
    ("[:find ?e ?s (sum ?s :over (:partition-by ?e)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?s :over ()) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (rank ?s :over (:order-by ?s)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum :over (:order-by ?s)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?s ?e :over (:order-by ?s)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (lag ?s -1 :over (:order-by ?s)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (lag ?s \"1\" :over (:order-by ?s)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?s :over (:order-by ?s) ?e) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?s :over [:order-by ?s]) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?s :over (:order-by ?s :partition-by)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?s :over (:order-by ?s :order-by ?e)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?s :over (:frame ?s)) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?s :over (:order-by \"s\")) :where [?e :score ?s]]", "bad-variable"),
    ("[:find ?e ?s (ntile ?s :over (:order-by ?s)) :where [?e :score ?s]]", "unknown-window-function"),
    ("[:find ?e ?s (count-distinct ?s :over (:order-by ?s)) :where [?e :score ?s]]", "unknown-window-function"),
    ("[:find ?e ?s (row-number) :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e row-number :where [?e :score ?s]]", "bad-window-function"),
    ("[:find ?e ?s (sum ?x :over (:order-by ?s)) :where [?e :score ?s]]", "unknown-variable"),
])
def test_errors_are_errors_not_results(teams, query, code):
    e = teams.error(query)
    assert e.code == code, (e.code, e.message)
    assert e.message

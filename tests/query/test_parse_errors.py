"""Malformed queries are errors with a stable code and, where the reader knows it, a position."""

from __future__ import annotations

import pytest

from lore.errors import LoreError
from lore.query.api import run_query
from lore.query.parser import parse_query, parse_rules


@pytest.mark.parametrize("text,code", [
    ('[:find ?e :where [?e :d ?v] (contains? ?v "x")]', "predicate-needs-brackets"),
    ('[:find ?e :where [?e :d ?v] (< ?v 3)]', "predicate-needs-brackets"),
    ("[:find ?e :where [?e :d]]", "bad-pattern"),
    ("[:find ?e :where [?e :d ?v ?tx]]", "bad-pattern"),
    ("[:find ?e :where [?e :d foo]]", "bad-term"),
    ("[:find ?e :where [?e :d nil]]", "bad-term"),
    ("[:find ?e :where [?e :d {:a 1}]]", "bad-term"),
    ("[:find ?e :where ?e]", "bad-clause"),
    ("[:find ?e :where (and)]", "bad-clause"),
    ("[:find ?e :where (not)]", "bad-clause"),
    ("[:find ?e :where (not-join ?e [?e :d 1])]", "bad-clause"),
    ("[:find ?e :where (or-join [?e])]", "bad-clause"),
    ("[:find ?e :where [(frobnicate ?e)]]", "unknown-predicate"),
    ("[:find ?e :where [?e :d ?v] [(frob ?v) ?w]]", "unknown-function"),
    ("[:find ?e :where [?e :d ?v] [(< ?v)]]", "bad-arity"),
    ("[:find ?e :where [?e :d ?v] [(< ?v 1) ?w]]", "bad-clause"),
    ("[:find ?e :where [?e :d ?v] [(+ ?v 1)]]", "bad-clause"),
    ("[:find ?e :where [?e :d ?v] [(+ ?v 1) 5]]", "bad-clause"),
    ("[:find ?e :where [?e :d ?v] [(< _ 1)]]", "bad-clause"),
    ("[:find :where [?e :d ?v]]", "bad-query"),
    ("[:find ?e]", "bad-query"),
    ("[:find ?e :where]", "bad-query"),
    ("[:where [?e :d ?v]]", "bad-query"),
    ("(:find ?e :where [?e :d ?v])", "bad-query"),
    ('"just a string"', "bad-query"),
    ("[:find ?e :where [?e :d ?v] :sort ?e]", "unknown-section"),
    ("[:find ?e :find ?v :where [?e :d ?v]]", "duplicate-section"),
    ("[:find ?e :where [?e :d ?v] :limit -1]", "bad-limit"),
    ("[:find ?e :where [?e :d ?v] :limit 1.5]", "bad-limit"),
    ("[:find ?e :where [?e :d ?v] :limit]", "bad-limit"),
    ("[:find ?e :as-of -3 :where [?e :d ?v]]", "bad-as-of"),
    ("[:find ?e :as-of :x/y :where [?e :d ?v]]", "bad-as-of"),
    ("[:find ?e :valid-at 5 :where [?e :d ?v]]", "bad-valid-at"),
    ('[:find ?e :valid-at "2024-01-01" :any-valid-time :where [?e :d ?v]]', "bad-query"),
    ("[:find (median ?v) :where [?e :d ?v]]", "unknown-aggregate"),
    ("[:find (count ?v ?e) :where [?e :d ?v]]", "bad-aggregate"),
    ("[:find (count :x) :where [?e :d ?v]]", "bad-variable"),
    ("[:find ?e :in name :where [?e :d ?v]]", "bad-input"),
    ("[:find ?e :in $a $a :where [?e :d ?v]]", "bad-input"),
    ("[:find ?e :with 5 :where [?e :d ?v]]", "bad-variable"),
    ("[:find ?e :where [?e :d ?v] :order-by :desc]", "bad-order-by"),
    ("[:find ? :where [?e :d ?v]]", "bad-variable"),
    ("[:find ?e :where [?e :d ?v]", "edn-syntax"),
    ("", "edn-syntax"),
    ("[:find ?e :where [?e :d ?v]] extra", "edn-syntax"),
])
def test_parse_errors(text, code):
    with pytest.raises(LoreError) as exc:
        parse_query(text)
    assert exc.value.code == code, exc.value.message
    assert exc.value.message


def test_missing_brackets_message_shows_the_fix():
    with pytest.raises(LoreError) as exc:
        parse_query('[:find ?e :where [?e :d ?v]\n (contains? ?v "x")]')
    assert "[(contains? ?v \"x\")]" in exc.value.message
    assert exc.value.position == {"offset": 29, "line": 2, "column": 2}


@pytest.mark.parametrize("text,code", [
    ("[:find ?nope :where [?e :d ?v]]", "unknown-variable"),
    ("[:find ?e :with ?nope :where [?e :d ?v]]", "unknown-variable"),
    ("[:find ?e :where [?e :d ?v] :order-by ?v]", "bad-order-by"),
    ("[:find ?e :where [?e :d ?v] (not [?e :x ?w])]", "unbound-variable"),
    ("[:find ?e :where [?e :d ?v] (not-join [?w] [?e :x ?w])]", "unbound-variable"),
    ("[:find ?e :where [?e :d ?v] [(< ?w 3)]]", "unbound-variable"),
    ("[:find ?e :where [?e :d ?v] (or [?e :a 1] [?x :b 2])]", "or-variables"),
    ("[:find ?e :where (nosuchrule ?e)]", "unknown-rule"),
    ("[:find ?e :where (reachable ?e)]", "bad-arity"),
    ("[:find ?e :where [\"str\" :d ?e]]", "bad-entity"),
    ("[:find ?e :where [?e \"d\" ?v]]", "bad-attribute"),
    ("[:find ?e :where [?e :d ?v] (or-join [?e ?z] [?e :a 1] [?e :b 2])]", "unbound-variable"),
    ('[:find ?e :as-of "yesterday" :where [?e :d ?v]]', "bad-timestamp"),
    ('[:find ?e :valid-at "2024-13-45" :where [?e :d ?v]]', "bad-timestamp"),
])
def test_compile_errors(graph, text, code):
    with pytest.raises(LoreError) as exc:
        run_query(graph, text)
    assert exc.value.code == code, exc.value.message


def test_unknown_find_variable_points_at_it(graph):
    with pytest.raises(LoreError) as exc:
        run_query(graph, "[:find ?e ?nope :where [?e :d ?v]]")
    assert exc.value.position["column"] == 11


@pytest.mark.parametrize("text,code", [
    ("", "bad-rule"),
    ("(reach ?x ?y) [?x :next ?y]", "bad-rule"),
    ("[(reach ?x ?y)]", "bad-rule"),
    ("[(reach) [?x :next ?y]]", "bad-rule"),
    ("[(reach ?x ?x) [?x :next ?y]]", "bad-rule"),
    ("[(reach ?x :y) [?x :next ?y]]", "bad-variable"),
    ("[(not ?x) [?x :next ?y]]", "bad-rule-name"),
    ("[(?r ?x) [?x :next ?y]]", "bad-rule-name"),
    ("[(< ?x) [?x :next ?y]]", "bad-rule-name"),
    ("[((reach) ?x) [?x :next ?y]]", "bad-rule"),
])
def test_rule_parse_errors(text, code):
    with pytest.raises(LoreError) as exc:
        parse_rules(text)
    assert exc.value.code == code, exc.value.message

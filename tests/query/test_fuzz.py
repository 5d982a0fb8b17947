"""Fuzzing the parser and compiler: whatever the text, the engine answers with results or a LoreError
(never another exception, never a hang). Queries run with a short timeout; hitting it counts as a hang."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lore.errors import LoreError
from lore.query.api import run_query
from lore.query.rules import register
from lore.store.graph import Graph
from lore.store.txdata import parse_tx

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                         HealthCheck.too_slow])


@pytest.fixture(scope="module")
def g(tmp_path_factory):
    graph = Graph(tmp_path_factory.mktemp("fuzz") / "g.duckdb")
    graph.transact(parse_tx('[[:a :next :b] [:b :next :c] [:c :next :a] [:a :n 1] [:b :n 2.5] [:c :n "x"] '
                            '[:a :name "Ann"] [:b :flag true] [:module/m :depends-on :module/n] '
                            '[:a :when #inst "2024-01-01T00:00:00Z"]]', default_kind="add"),
                   reason="fuzz", source="cli")
    register(graph, "[(reach ?x ?y) [?x :next ?y]] [(reach ?x ?y) [?x :next ?m] (reach ?m ?y)]")
    register(graph, "[(tc ?x ?y) [?x :next ?y]] [(tc ?x ?y) (tc ?x ?m) (tc ?m ?y)]")
    register(graph, "[(ev ?x) [?x :n 1]] [(od ?y) (ev ?x) [?x :next ?y]] [(ev ?y) (od ?x) [?x :next ?y]]")
    yield graph
    graph.close()


def answer(g, text, params=None):
    try:
        r = run_query(g, text, params, timeout=10)
    except LoreError as exc:
        assert exc.code != "timeout", text
        assert isinstance(exc.message, str) and exc.code
        return None
    assert r["ok"] is True and isinstance(r["results"], list)
    for row in r["results"]:
        assert len(row) == len(r["variables"])
    return r


@FAST
@given(st.text(max_size=200))
def test_arbitrary_text(g, text):
    answer(g, text)


VARS = ["?a", "?b", "?c", "?d", "?e"]
TERMS = VARS + ["_", ":a", ":b", ":next", ":n", ":name", "1", "2.5", '"x"', "true", "$p", "nil", "foo", "?",
                '#inst "2024-01-01"', ":db/valid-from", ":db/tx", ":db/rule", ":db/nonsense", "[1]", "{}"]
ATTRS = [":next", ":n", ":name", ":flag", ":depends-on", ":db/valid-from", ":db/valid-to", ":db/tx",
         ":db/tx-instant", ":db/inferred", ":db/confidence", ":db/rule", "?a", "_", ":zzz"]
PREDS = ["<", ">", "=", "!=", "<=", ">=", "contains?", "starts-with?", "ends-with?", "matches?", "string?",
         "integer?", "keyword?", "frob"]
FNS = ["+", "-", "*", "/", "str", "lower", "upper", "zap"]
RULES = ["reach", "tc", "ev", "od", "reachable", "linked", "ancestor", "nope"]

term = st.sampled_from(TERMS)
var = st.sampled_from(VARS)


def clauses(depth: int):
    pattern = st.builds(lambda e, a, v: f"[{e} {a} {v}]", term, st.sampled_from(ATTRS), term)
    short = st.builds(lambda e, a: f"[{e} {a}]", term, st.sampled_from(ATTRS))
    pred = st.builds(lambda p, xs: f"[({p} {' '.join(xs)})]", st.sampled_from(PREDS), st.lists(term, max_size=3))
    bare = st.builds(lambda p, xs: f"({p} {' '.join(xs)})", st.sampled_from(PREDS), st.lists(term, max_size=2))
    fn = st.builds(lambda f, xs, o: f"[({f} {' '.join(xs)}) {o}]", st.sampled_from(FNS),
                   st.lists(term, max_size=3), st.sampled_from(VARS + ["_", "1"]))
    call = st.builds(lambda r, xs: f"({r} {' '.join(xs)})", st.sampled_from(RULES), st.lists(term, max_size=3))
    base = st.one_of(pattern, pattern, short, pred, bare, fn, call)
    if depth == 0:
        return base
    inner = st.lists(clauses(depth - 1), min_size=0, max_size=3).map(" ".join)
    nested = st.one_of(
        inner.map(lambda s: f"(not {s})"),
        st.builds(lambda vs, s: f"(not-join [{' '.join(vs)}] {s})", st.lists(var, max_size=2), inner),
        st.lists(inner.map(lambda s: f"(and {s})"), max_size=3).map(lambda bs: f"(or {' '.join(bs)})"),
        st.builds(lambda vs, s, t: f"(or-join [{' '.join(vs)}] {s} {t})", st.lists(var, max_size=2),
                  clauses(depth - 1), clauses(depth - 1)),
    )
    return st.one_of(base, base, nested)


find_item = st.one_of(var, var, st.builds(lambda f, v: f"({f} {v})",
                                          st.sampled_from(["count", "count-distinct", "sum", "avg", "min",
                                                           "max", "median"]), var))
extras = st.lists(st.sampled_from([":limit 2", ":limit -1", ":order-by ?a", ":order-by [?a :desc]", ":with ?b",
                                   ":as-of 1", ":as-of 0", ':as-of "2024-01-01"', ':valid-at "2020-01-01"',
                                   ":any-valid-time", ":in $p", ":in $q", ":bogus 1"]), max_size=3, unique=True)


@FAST
@given(st.lists(find_item, min_size=0, max_size=3), st.lists(clauses(2), min_size=0, max_size=4), extras,
       st.sampled_from([None, {"p": ":a"}, {"p": "1"}, {"p": "[x"}, {"q": '"x"'}]))
def test_generated_queries(g, finds, where, extra, params):
    text = f"[:find {' '.join(finds)} {' '.join(extra)} :where {' '.join(where)}]"
    answer(g, text, params)


@FAST
@given(st.lists(clauses(1), min_size=0, max_size=3), st.sampled_from(["r", "reach", "not", "?x"]),
       st.lists(var, max_size=3))
def test_generated_rules(tmp_path_factory, name, body, head):
    graph = Graph(tmp_path_factory.mktemp("r") / "g.duckdb")
    try:
        text = f"[({name} {' '.join(head)}) {' '.join(body)}]"
        try:
            register(graph, text)
        except LoreError:
            return
        answer(graph, f"[:find {' '.join(head) or '?z'} :where ({name} {' '.join(head)})]")
    finally:
        graph.close()


def test_deep_nesting_is_an_error_not_a_crash(g):
    text = "[:find ?a :where " + "(not " * 400 + "[?a :n 1]" + ")" * 400 + "]"
    with pytest.raises(LoreError):
        run_query(g, text)
    text = "[:find ?a :where [?a :n 1] " + "(not " * 3000 + "[?a :n 1]" + ")" * 3000 + "]"
    with pytest.raises(LoreError):
        run_query(g, text)


# well-formed queries (most of them run): the compiler's paths, not just the parser's errors
ENT = VARS + [":a", ":b", ":module/m"]
ATT = [":next", ":n", ":name", ":flag", ":depends-on", ":when"]
VAL = VARS + ["_", ":a", ":b", "1", "2.5", '"x"', '"Ann"', "true", '#inst "2024-01-01T00:00:00Z"']


PREFIX = "[?a ?e ?b] [?c :n ?d]"  # binds every variable the generator uses, so most queries run


def wf(depth: int):
    pattern = st.builds(lambda e, a, v: f"[{e} {a} {v}]", st.sampled_from(ENT), st.sampled_from(ATT + ["?e"]),
                        st.sampled_from(VAL))
    pseudo = st.builds(lambda e, a, v: f"[{e} :next ?zz] [{e} {a} {v}]", st.sampled_from(VARS),
                       st.sampled_from(ATTRS[5:12]), st.sampled_from(VARS + ["_"]))
    cmp_ = st.builds(lambda p, a, b: f"[({p} {a} {b})]", st.sampled_from(PREDS[:10]), st.sampled_from(VAL[:-1]),
                     st.sampled_from(VAL[:-1]).filter(lambda x: x != "_"))
    typ = st.builds(lambda p, a: f"[({p} {a})]", st.sampled_from(["string?", "integer?", "float?", "boolean?",
                                                                  "keyword?", "instant?", "number?"]),
                    st.sampled_from(VARS))
    fn = st.builds(lambda f, a, b, o: f"[({f} {a} {b}) {o}]", st.sampled_from(["+", "-", "*", "/", "str"]),
                   st.sampled_from(VARS + ["1", "2.5"]), st.sampled_from(VARS + ["1", '"x"']), st.sampled_from(VARS))
    call = st.builds(lambda r, a, b: f"({r} {a} {b})", st.sampled_from(["reach", "tc", "reachable", "linked"]),
                     st.sampled_from(ENT + ["_"]), st.sampled_from(ENT + ["_"]))
    call1 = st.builds(lambda r, a: f"({r} {a})", st.sampled_from(["ev", "od"]), st.sampled_from(ENT))
    base = st.one_of(pattern, pattern, pattern, pseudo, cmp_, typ, fn, call, call1)
    if depth == 0:
        return base
    inner = st.lists(wf(depth - 1), min_size=1, max_size=2).map(" ".join)
    nested = st.one_of(
        inner.map(lambda s: f"(not {s})"),
        st.builds(lambda v, s: f"(not-join [{v}] {s})", st.sampled_from(VARS), inner),
        st.lists(inner.map(lambda s: f"(and {s})"), min_size=1, max_size=3).map(lambda bs: f"(or {' '.join(bs)})"),
        st.builds(lambda v, s, t: f"(or-join [{v}] {s} {t})", st.sampled_from(VARS), wf(depth - 1), wf(depth - 1)),
    )
    return st.one_of(base, base, nested)


@FAST
@given(st.lists(wf(2), min_size=1, max_size=4),
       st.lists(st.one_of(st.sampled_from(VARS), st.builds(lambda f, v: f"({f} {v})",
                st.sampled_from(["count", "count-distinct", "min", "max", "sum"]), st.sampled_from(VARS))),
                min_size=1, max_size=3),
       st.sampled_from(["", ":any-valid-time", ":as-of 1", ':valid-at "2030-01-01"', ":limit 3"]))
def test_well_formed_queries(g, where, finds, extra):
    answer(g, f"[:find {' '.join(finds)} {extra} :where {PREFIX} {' '.join(where)}]")

"""SPEC §1: facts and time, through the store's own API (queries come with the Datalog engine)."""

import pytest

from lore.errors import LoreError
from lore.store.graph import MAX_TX
from lore.store.txdata import parse_tx
from lore.timeutil import FOREVER, parse_instant

D = parse_instant


def tx(graph, text, kind="add", vf=None, vt=None, reason="test", source="cli"):
    return graph.transact(parse_tx(text, kind), reason=reason, source=source,
                          valid_from=D(vf) if vf else None, valid_to=D(vt) if vt else None)


def values(graph, e, a, at=None, as_of=None):
    return sorted(v for attr, v in graph.entity(e, valid_at=D(at) if at else None, as_of=as_of) if attr == a)


def timeline(graph, e, a, v):
    rows = graph.con.execute(
        f"SELECT valid_from, valid_to FROM facts WHERE e=? AND a=? AND v=? AND tx_to={MAX_TX} ORDER BY 1",
        [e, a, v]).fetchall()
    return rows


def test_tx_numbers_have_no_gaps_and_instants_increase(graph):
    r1 = tx(graph, "[[:a :b 1]]")
    r2 = tx(graph, "[[:a :b 2]]")
    r3 = tx(graph, "[[:a :b 3]]", kind="retract")  # a no-op retraction still records the reason
    assert (r1.tx, r2.tx, r3.tx) == (1, 2, 3)
    assert r1.instant < r2.instant < r3.instant
    assert graph.transactions()[0] == {"tx": 3, "instant": graph.transactions()[0]["instant"],
                                       "reason": "test", "source": "cli"}


def test_newest_tx_follows_every_write_and_a_rollback(graph):
    """newest_tx answers from memory only while no write began since it last asked DuckDB: a transaction,
    a batch (the journal's), one rolled back (its number was begun, never committed)."""
    from lore.store.graph import TxSpec

    assert graph.newest_tx() == 0 and graph.last_tx() == (0, 0)
    tx(graph, "[[:a :b 1]]")
    assert graph.newest_tx() == 1 == graph.last_tx()[0]
    with graph.atomic():
        graph.apply_transactions([TxSpec(parse_tx("[[:a :b 2]]"), "batch", "cli"),
                                  TxSpec(parse_tx("[[:a :b 3]]"), "batch", "cli")])
    assert graph.newest_tx() == 3 == graph.last_tx()[0]
    with pytest.raises(RuntimeError):
        with graph.write_tx("abandoned", "cli"):
            raise RuntimeError("roll it back")
    assert graph.tx_begun == 4 and graph.newest_tx() == 3 == graph.last_tx()[0]
    tx(graph, "[[:a :b 4]]")  # takes the number the rolled-back write had begun
    assert graph.newest_tx() == 4 == graph.last_tx()[0]
    assert graph.last_tx()[1] == graph.con.execute("SELECT instant FROM tx WHERE tx = 4").fetchone()[0]


def test_default_window_is_tx_instant_to_forever(graph):
    r = tx(graph, "[[:a :b 1]]")
    assert timeline(graph, ":a", ":b", "1") == [(r.instant, FOREVER)]


def test_union_merges_overlapping_and_touching(graph):
    tx(graph, "[[:a :s 1]]", vf="2020-01-01", vt="2021-01-01")
    tx(graph, "[[:a :s 1]]", vf="2022-01-01", vt="2023-01-01")
    assert len(timeline(graph, ":a", ":s", "1")) == 2
    tx(graph, "[[:a :s 1]]", vf="2021-01-01", vt="2022-01-01")  # touches both: one interval
    assert timeline(graph, ":a", ":s", "1") == [(D("2020-01-01"), D("2023-01-01"))]


def test_windowed_retraction_splits_timeline(graph):
    tx(graph, "[[:a :s 1]]", vf="2020-01-01")
    tx(graph, "[[:a :s 1]]", kind="retract", vf="2021-01-01", vt="2022-01-01")
    assert timeline(graph, ":a", ":s", "1") == [(D("2020-01-01"), D("2021-01-01")), (D("2022-01-01"), FOREVER)]
    assert values(graph, ":a", ":s", at="2021-06-01") == []
    assert values(graph, ":a", ":s", at="2020-06-01") == [1]


def test_retract_without_window_removes_all_valid_time_but_keeps_history(graph):
    tx(graph, "[[:alice :role :engineer]]", vf="2023-01-01")
    tx(graph, "[[:alice :role :engineer]]", kind="retract")
    assert timeline(graph, ":alice", ":role", ":engineer") == []
    assert values(graph, ":alice", ":role", at="2024-01-01", as_of=1) == [":engineer"]
    ops = [h["op"] for h in graph.history(":alice")]
    assert ops == ["assert", "retract"]


def test_ops_apply_in_order_within_one_transaction(graph):
    tx(graph, "[[:a :b 1]]")
    tx(graph, "[[:db/retract :a :b 1] [:db/add :a :b 1]]")
    assert values(graph, ":a", ":b") == [1]
    tx(graph, "[[:db/add :a :b 2] [:db/retract :a :b 2]]")
    assert values(graph, ":a", ":b") == [1]


def test_two_values_in_one_transaction_are_both_stored(graph):
    tx(graph, '[[:a :tag "x"] [:a :tag "y"]]')
    assert values(graph, ":a", ":tag") == ["x", "y"]


def test_per_fact_window_overrides_transaction_window(graph):
    tx(graph, '[[:a :s 1 {:valid-from "2019-01-01" :valid-to "2019-06-01"}] [:a :s 2]]',
       vf="2020-01-01", vt="2021-01-01")
    assert timeline(graph, ":a", ":s", "1") == [(D("2019-01-01"), D("2019-06-01"))]
    assert timeline(graph, ":a", ":s", "2") == [(D("2020-01-01"), D("2021-01-01"))]


def test_cardinality_one_replaces_within_window_only(graph):
    tx(graph, "[[:status :db/cardinality :db.cardinality/one]]", vf="2000-01-01")
    tx(graph, "[[:svc :status :green]]", vf="2024-01-01")
    tx(graph, "[[:svc :status :red]]", vf="2024-06-01", vt="2024-09-01")
    assert values(graph, ":svc", ":status", at="2024-03-01") == [":green"]
    assert values(graph, ":svc", ":status", at="2024-07-01") == [":red"]
    assert values(graph, ":svc", ":status", at="2024-10-01") == [":green"]


def test_cardinality_many_by_default(graph):
    tx(graph, "[[:svc :owner :ann]]", vf="2024-01-01")
    tx(graph, "[[:svc :owner :bob]]", vf="2024-06-01")
    assert values(graph, ":svc", ":owner", at="2024-07-01") == [":ann", ":bob"]


def test_cardinality_declared_in_same_transaction_applies_to_later_ops(graph):
    tx(graph, "[[:level :db/cardinality :db.cardinality/one {:valid-from \"2000-01-01\"}] "
              "[:x :level 1 {:valid-from \"2020-01-01\"}] [:x :level 2 {:valid-from \"2021-01-01\"}]]")
    assert values(graph, ":x", ":level", at="2020-06-01") == [1]
    assert values(graph, ":x", ":level", at="2021-06-01") == [2]


def test_typed_values_round_trip(graph):
    tx(graph, '[[:a :s "txt"] [:a :i 7] [:a :f 2.5] [:a :b false] [:a :k :ns/x] '
              '[:a :t #inst "2024-01-15T10:00:00+02:00"] [:a :u #uuid "550e8400-e29b-41d4-a716-446655440000"]]')
    got = dict(graph.entity(":a"))
    assert got == {":s": "txt", ":i": 7, ":f": 2.5, ":b": False, ":k": ":ns/x", ":t": "2024-01-15T08:00:00Z",
                   ":u": "550e8400-e29b-41d4-a716-446655440000"}


def test_string_one_and_integer_one_are_different_values(graph):
    tx(graph, '[[:a :v "1"] [:a :v 1]]')
    got = [v for a, v in graph.entity(":a") if a == ":v"]
    assert sorted(got, key=repr) == sorted([1, "1"], key=repr)


def test_as_of_sees_the_graph_after_tx_n(graph):
    tx(graph, "[[:alice :age 30]]")
    tx(graph, "[[:alice :age 31]]")
    tx(graph, "[[:alice :age 30]]", kind="retract")
    assert values(graph, ":alice", ":age", as_of=2) == [30, 31]
    assert values(graph, ":alice", ":age") == [31]


def test_history_in_both_times(graph):
    tx(graph, "[[:decision/db :description \"Postgres\"]]", reason="chose db")
    tx(graph, "[[:decision/db :description \"Postgres\"]]", kind="retract", reason="switching",
       vf="2030-01-01")
    h = graph.history(":decision/db")
    assert [(x["tx"], x["op"], x["reason"]) for x in h] == [(1, "assert", "chose db"), (2, "assert", "switching"),
                                                          (2, "retract", "switching")]
    assert h[1]["valid_to"] == "2030-01-01T00:00:00Z"


def test_inverted_or_empty_window_is_an_error_and_stores_nothing(graph):
    with pytest.raises(LoreError) as exc:
        tx(graph, "[[:a :b 1]]", vf="2024-01-01", vt="2023-01-01")
    assert exc.value.code == "bad-window"
    with pytest.raises(LoreError):
        tx(graph, "[[:a :b 1]]", vf="2024-01-01", vt="2024-01-01")
    assert graph.last_tx() == (0, 0)
    assert graph.con.execute("SELECT count(*) FROM facts").fetchone()[0] == 0


def test_error_mid_transaction_rolls_back_everything(graph):
    tx(graph, "[[:a :b 1]]")
    with pytest.raises(LoreError):
        tx(graph, '[[:a :b 2] [:c :d 3 {:valid-from "2024-01-01" :valid-to "2020-01-01"}]]')
    assert graph.last_tx()[0] == 1
    assert values(graph, ":a", ":b") == [1]


def test_missing_reason_and_bad_source(graph):
    with pytest.raises(LoreError) as exc:
        tx(graph, "[[:a :b 1]]", reason="  ")
    assert exc.value.code == "missing-reason"
    with pytest.raises(LoreError) as exc:
        tx(graph, "[[:a :b 1]]", source="evil")
    assert exc.value.code == "bad-source"
    assert graph.last_tx() == (0, 0)


@pytest.mark.parametrize("text, code", [
    ("[[:a :b]]", "bad-tx"),
    ("[[:a :b 1 2 3]]", "bad-tx"),
    ("[[\"a\" :b 1]]", "bad-entity"),
    ("[[:a \"b\" 1]]", "bad-attribute"),
    ("[[:a :b nil]]", "bad-value"),
    ("[[:a :b [1 2]]]", "bad-value"),
    ("[[:Alice :b 1]]", "bad-ident"),
    ("[[:a :b :Ref]]", "bad-ident"),
    ("[[:db/frobnicate :a :b 1]]", "unknown-operation"),
    ("[]", "bad-tx"),
    ("{:a 1}", "bad-tx"),
    ("[[:a :b 1 {:valid-since \"2020-01-01\"}]]", "bad-tx"),
    ("[[:a :b 1 {:valid-from \"last week\"}]]", "bad-timestamp"),
    ("[[:a :b ?x]]", "bad-value"),
])
def test_malformed_transactions(graph, text, code):
    with pytest.raises(LoreError) as exc:
        tx(graph, text)
    assert exc.value.code == code, exc.value.message
    assert graph.last_tx() == (0, 0)


def test_single_fact_without_outer_vector(graph):
    tx(graph, "[:a :b 1]")
    assert values(graph, ":a", ":b") == [1]


def test_huge_value_is_refused(graph):
    big = "x" * 10_000_000
    with pytest.raises(LoreError) as exc:
        tx(graph, f'[[:a :b "{big}"]]')
    assert exc.value.code in ("value-too-large", "too-large")
    assert graph.last_tx() == (0, 0)


def test_graph_survives_reopen(tmp_path):
    from lore.store.graph import Graph

    path = tmp_path / "g.duckdb"
    g = Graph(path)
    tx(g, "[[:a :b 1]]")
    g.close()
    g = Graph(path)
    try:
        assert values(g, ":a", ":b") == [1]
        assert tx(g, "[[:a :b 2]]").tx == 2
        # fact row ids keep increasing across reopen
        ids = [r[0] for r in g.con.execute("SELECT id FROM facts ORDER BY id").fetchall()]
        assert ids == sorted(set(ids))
    finally:
        g.close()


def test_offsets_are_normalised_to_utc():
    assert parse_instant("2024-01-01T02:00:00+02:00") == parse_instant("2024-01-01T00:00:00Z")
    assert parse_instant("2024-01-01") == parse_instant("2024-01-01T00:00:00Z")
    with pytest.raises(LoreError):
        parse_instant("2024-13-01")
    with pytest.raises(LoreError):
        parse_instant("2024-01-01T10:00:00")  # no zone: ambiguous

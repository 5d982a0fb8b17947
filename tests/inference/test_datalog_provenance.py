"""Issue 18 item 5 (seed 002): Datalog rule files carry provenance — the ids of the facts a conclusion
was derived from — and so scale their confidence by their inputs' and hold while their inputs hold, as
SQL rules do; a person's retraction of one of their conclusions holds until the inputs change."""

from __future__ import annotations

from lore.store.graph import MAX_TX

RULE = (";; name: reaches_dl\n;; kind: fact\n;; derives: :reaches\n;; reads: :depends-on\n;; confidence: 0.8\n"
        "[(reaches ?x ?y) [?x :depends-on ?y]]\n")
TWO_HOPS = (";; name: two_hops_dl\n;; kind: fact\n;; derives: :two-hops\n;; reads: :depends-on\n"
            ";; goal: (two-hops ?e ?v)\n"
            "[(hop ?x ?y) [?x :depends-on ?y]]\n[(two-hops ?x ?z) (hop ?x ?y) (hop ?y ?z)]\n")


def _rules(g, tmp_path, *texts):
    folder = tmp_path / ".lore" / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    for i, t in enumerate(texts):
        (folder / f"r{i}.dl").write_text(t)


def _ids(g, e, a, v):
    return [r[0] for r in g.sql(f"SELECT id FROM facts WHERE e = ? AND a = ? AND v = ? AND tx_to = {MAX_TX}",
                                [e, a, v])]


def test_conclusions_name_their_input_facts(g, tmp_path):
    _rules(g, tmp_path, TWO_HOPS)
    g.write("[[:m/a :depends-on :m/b] [:m/b :depends-on :m/c]]")
    ab = _ids(g, ":m/a", ":depends-on", ":m/b")
    bc = _ids(g, ":m/b", ":depends-on", ":m/c")
    rows = g.sql(f"SELECT e, v, provenance FROM facts WHERE rule = 'two_hops_dl' AND tx_to = {MAX_TX}")
    assert rows == [(":m/a", ":m/c", sorted(ab + bc))]


def test_confidence_scales_by_the_inputs(g, tmp_path):
    _rules(g, tmp_path, RULE)
    # a -> b and b -> c are asserted (confidence 1); the built-in transitive rule infers a -> c at 0.5
    g.write("[[:s/a :depends-on :s/b] [:s/b :depends-on :s/c]]")
    assert g.inferred("transitive_depends_on") == {(":s/a", ":s/c"): 0.5}
    got = g.inferred("reaches_dl")
    assert got[(":s/a", ":s/b")] == 0.8 and got[(":s/b", ":s/c")] == 0.8
    assert abs(got[(":s/a", ":s/c")] - 0.4) < 1e-9  # 0.8 x the inferred input's 0.5
    prov = g.sql(f"SELECT provenance FROM facts WHERE rule = 'reaches_dl' AND v = ':s/c' AND e = ':s/a' "
                 f"AND tx_to = {MAX_TX}")[0][0]
    assert prov == _ids(g, ":s/a", ":depends-on", ":s/c")


def test_valid_time_follows_the_inputs(g, tmp_path):
    _rules(g, tmp_path, TWO_HOPS)
    g.write("[[:m/a :depends-on :m/b]]", validFrom="2020-01-01")
    g.write("[[:m/b :depends-on :m/c]]", validFrom="2021-06-01", validTo="2030-01-01")
    rows = g.sql(f"SELECT strftime(make_timestamp(valid_from), '%Y-%m-%d'), "
                 f"strftime(make_timestamp(valid_to), '%Y-%m-%d') FROM facts "
                 f"WHERE rule = 'two_hops_dl' AND tx_to = {MAX_TX}")
    assert rows == [("2021-06-01", "2030-01-01")]  # while both inputs hold


def test_a_retracted_datalog_conclusion_returns_only_with_new_inputs(g, tmp_path):
    _rules(g, tmp_path, TWO_HOPS)
    g.write("[[:m/a :depends-on :m/b] [:m/b :depends-on :m/c]]")
    assert (":m/a", ":m/c") in g.inferred("two_hops_dl")
    g.retract("[[:m/a :two-hops :m/c]]", reason="not a real dependency")
    assert (":m/a", ":m/c") not in g.inferred("two_hops_dl")
    g.write("[[:m/x :depends-on :m/y]]")
    assert g.run(full=True).inserted == 0 and (":m/a", ":m/c") not in g.inferred("two_hops_dl")
    g.retract("[[:m/b :depends-on :m/c]]")
    g.write("[[:m/b :depends-on :m/c]]")  # a new input fact
    assert (":m/a", ":m/c") in g.inferred("two_hops_dl")


def test_stable_when_nothing_changes(g, tmp_path):
    _rules(g, tmp_path, RULE, TWO_HOPS)
    g.write("[[:m/a :depends-on :m/b] [:m/b :depends-on :m/c]]")
    assert g.run(full=True).txs == []

"""Issue 18 item 4 (seed 000's feedback): a person's retraction of an inferred fact is recorded — the row
is closed by the person's transaction, with their reason — and the rule does not conclude it again until
its inputs change. Rules' own truth maintenance and ingestion are unaffected (`lore dismiss`: test_warnings_api.py)."""

from __future__ import annotations

from lore import operations
from lore.store.txdata import parse_tx

CHAIN = "[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]"
CONCLUSION = (":service/a", ":service/c")


def test_a_retracted_conclusion_stays_retracted(g):
    g.write(CHAIN)
    assert CONCLUSION in g.inferred("transitive_depends_on")
    tx = g.retract("[[:service/a :depends-on :service/c]]", reason="a no longer calls c through b")
    assert CONCLUSION not in g.inferred("transitive_depends_on")
    # recorded: the history says who retracted it and why
    hist = operations.run("history", g.graph, {"entity": ":service/a"})["history"]
    assert any(h["tx"] == tx and h["op"] == "retract" and h["reason"] == "a no longer calls c through b"
               for h in hist), hist
    # other writes, a full run, and a run of every rule from scratch do not bring it back
    g.write("[[:service/x :depends-on :service/y]]")
    assert g.run(full=True).inserted == 0
    assert CONCLUSION not in g.inferred("transitive_depends_on")
    assert (":service/x", ":service/y") not in g.inferred("transitive_depends_on")  # one hop is no inference


def test_it_comes_back_when_its_inputs_change(g):
    g.write(CHAIN)
    g.retract("[[:service/a :depends-on :service/c]]")
    # b -> c is retracted and asserted again: a new input fact, so new evidence
    g.retract("[[:service/b :depends-on :service/c]]")
    assert CONCLUSION not in g.inferred("transitive_depends_on")
    g.write("[[:service/b :depends-on :service/c]]")
    assert CONCLUSION in g.inferred("transitive_depends_on")


def test_other_conclusions_of_the_rule_are_untouched(g):
    g.write(CHAIN[:-1] + " [:service/c :depends-on :service/d]]")
    before = g.inferred("transitive_depends_on")
    assert {CONCLUSION, (":service/b", ":service/d"), (":service/a", ":service/d")} <= set(before)
    g.retract("[[:service/a :depends-on :service/c]]")
    after = g.inferred("transitive_depends_on")
    assert set(before) - set(after) == {CONCLUSION}


def test_the_rules_own_truth_maintenance_is_no_rejection(g):
    g.write(CHAIN)
    g.retract("[[:service/b :depends-on :service/c]]")  # the engine closes a -> c itself (source rule)
    assert CONCLUSION not in g.inferred("transitive_depends_on")
    g.write("[[:service/b :depends-on :service/c]]")
    assert CONCLUSION in g.inferred("transitive_depends_on")
    assert g.run(full=True).txs == []  # stable


def test_a_retraction_with_a_partial_window_leaves_the_conclusion(g):
    g.write(CHAIN)
    reply = operations.run("retract", g.graph, {"facts": "[[:service/a :depends-on :service/c]]", "reason": "r",
                                                "validFrom": "2000-01-01", "validTo": "2001-01-01"})
    assert reply["ok"] and reply["retracted"] == 0
    assert CONCLUSION in g.inferred("transitive_depends_on")


def test_writes_that_are_not_a_persons_never_reject(g):
    g.write(CHAIN)
    # ingestion and other internal writers call the store directly: no rejection
    g.graph.transact(parse_tx("[[:service/a :depends-on :service/c]]", default_kind="retract"),
                     reason="ingest", source="ingest")
    assert CONCLUSION in g.inferred("transitive_depends_on")
    # a client claiming to be the rule engine is refused (or, if let through, rejects nothing)
    reply = operations.run("retract", g.graph, {"facts": "[[:service/a :depends-on :service/c]]", "reason": "r",
                                                "source": "rule"})
    assert reply["ok"] is False or reply["retracted"] == 0
    assert CONCLUSION in g.inferred("transitive_depends_on")

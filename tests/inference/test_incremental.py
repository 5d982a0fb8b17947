"""Incremental runs (only affected rules; scoped rules over the changed entities only) must leave the
graph exactly where a full re-derivation would: after every random write or retraction, a full run
changes nothing."""

from __future__ import annotations

import random

import pytest

from lore.inference.engine import Engine

SERVICES = [f":service/s{i}" for i in range(6)]
PROBLEMS = [f":problem/p{i}" for i in range(3)]
FIXES = [f":fix/f{i}" for i in range(3)]
DECISIONS = [f":decision/d{i}" for i in range(3)]
MODULES = [f":module/m{i}" for i in range(3)]
EXTERNAL = [":module/redis", ":module/kafka"]
COMMITS = [f":commit/c{i}" for i in range(2)]
TAGS = ['"auth"', '"db"']
DESCS = ['"one"', '"two"']


def random_fact(rnd: random.Random) -> str:
    kind = rnd.randrange(16)
    c = rnd.choice
    if kind == 0:
        return f"[{c(SERVICES)} :depends-on {c(SERVICES)}]"
    if kind == 1:
        return f"[{c(FIXES + DECISIONS)} :solves {c(PROBLEMS + FIXES)}]"
    if kind == 2:
        return f"[{c(DECISIONS + SERVICES)} :causes {c(PROBLEMS)}]"
    if kind == 3:
        return f"[{c(SERVICES)} :calls {c(SERVICES)}]"
    if kind == 4:
        return f"[{c(SERVICES)} {c([':timeout-ms', ':processing-ms'])} {c([100, 200, 300])}]"
    if kind == 5:
        return f"[{c(DECISIONS)} {c([':rejects', ':forbids'])} {c(EXTERNAL)}]"
    if kind == 6:
        return f"[{c(MODULES)} :depends-on {c(EXTERNAL + MODULES)}]"
    if kind == 7:
        return f"[{c(PROBLEMS + FIXES)} :entity-type {c([':type/problem', ':type/general'])}]"
    if kind == 8:
        return f"[{c(DECISIONS + FIXES)} :tag {c(TAGS)}]"
    if kind == 9:
        return f"[{c(DECISIONS)} :relates-to {c(MODULES)}]"
    if kind == 10:
        return f"[{c(MODULES)} :modified-in {c(COMMITS)}]"
    if kind == 12:
        return f"[{c(MODULES)} :entity-type :type/module]"
    if kind == 13:
        return f"[{c(MODULES)} :renamed-to {c(MODULES)}]"
    if kind == 14:
        return f"[{c(DECISIONS)} :supersedes {c(DECISIONS)}]"
    return f"[{c(DECISIONS)} :description {c(DESCS)}]"


@pytest.mark.parametrize("seed", [1, 2])
def test_incremental_equals_full(g, seed):
    from lore import operations

    rnd = random.Random(seed)
    g.write('[[:commit/c0 :date "2001-01-01T00:00:00Z"] [:commit/c1 :date "2099-01-01T00:00:00Z"]]')
    asserted: list[str] = []
    scoped: set[str] = set()
    for step in range(25):
        if asserted and rnd.random() < 0.35:
            fact = asserted.pop(rnd.randrange(len(asserted)))
            op, text = "retract", f"[{fact}]"
        else:
            facts = [random_fact(rnd) for _ in range(rnd.randrange(1, 4))]
            asserted.extend(facts)
            op, text = "transact", f"[{' '.join(facts)}]"
        reply = operations.run(op, g.graph, {"facts": text, "reason": f"step {step}"})
        assert reply["ok"], reply
        touched = {a for _, a in reply["_result"].touched}
        rep = Engine(g.graph).run(touched=touched)
        assert not rep.errors
        scoped |= set(rep.scoped)
        check = Engine(g.graph).run(full=True)
        assert (check.inserted, check.closed) == (0, 0), (step, text, check.to_json())
    assert len(scoped) >= 4  # the scoped path really ran, for most scoped rules


def test_scoped_runs_happen_and_are_exact(g):
    g.write("[[:issue/i0 :entity-type :type/problem] [:fix/a :solves :issue/i0] [:fix/a :solves :issue/i1] "
            "[:issue/i1 :entity-type :type/problem]]")
    assert g.inferred("type_from_solves") == {(":fix/a", ":type/solution"): 0.9}
    # i0 stops being a problem: fix/a is still a solution through i1 (the scope grows to fix/a)
    from lore import operations
    from lore.inference.engine import Engine as E

    reply = operations.run("retract", g.graph, {"facts": "[[:issue/i0 :entity-type :type/problem]]",
                                                "reason": "t"})
    rep = E(g.graph).run(touched={":entity-type"})
    assert "type_from_solves" in rep.scoped
    assert g.inferred("type_from_solves") == {(":fix/a", ":type/solution"): 0.9}
    assert reply["ok"]
    reply = operations.run("retract", g.graph, {"facts": "[[:issue/i1 :entity-type :type/problem]]",
                                                "reason": "t"})
    rep = E(g.graph).run(touched={":entity-type"})
    assert "type_from_solves" in rep.scoped
    assert g.inferred("type_from_solves") == {}

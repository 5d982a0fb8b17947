"""The built-in fact rules: what each concludes, what it must not conclude, and its retraction."""

from __future__ import annotations

import pytest

# ------------------------------------------------------------ transitive_depends_on

def test_transitive_concludes_with_confidence_one_over_depth(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c] "
            "[:service/c :depends-on :service/d]]")
    got = g.inferred("transitive_depends_on")
    assert got == {(":service/a", ":service/c"): 0.5, (":service/b", ":service/d"): 0.5,
                   (":service/a", ":service/d"): pytest.approx(1 / 3)}
    # provenance: exactly the input rows of the chain
    rows = {(r[1], r[3]): r[5] for r in g.rows("transitive_depends_on")}
    ids = dict(((e, v), i) for i, e, v in g.sql(
        "SELECT id, e, v FROM facts WHERE a = ':depends-on' AND NOT inferred"))
    assert rows[(":service/a", ":service/c")] == sorted([ids[(":service/a", ":service/b")],
                                                         ids[(":service/b", ":service/c")]])


def test_transitive_no_duplicates_and_shortest_chain_wins(g):
    # a->b->c and a->x->y->c: one conclusion a->c, from the depth-2 chain
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c] "
            "[:service/a :depends-on :service/x] [:service/x :depends-on :service/y] "
            "[:service/y :depends-on :service/c]]")
    rows = [r for r in g.rows("transitive_depends_on") if (r[1], r[3]) == (":service/a", ":service/c")]
    assert len(rows) == 1 and rows[0][4] == 0.5


def test_transitive_does_not_restate_or_loop_or_walk_code(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c] "
            "[:service/a :depends-on :service/c] "                # stated: not concluded again
            "[:service/p :depends-on :service/q] [:service/q :depends-on :service/p] "  # a cycle
            "[:module/src-a-py :depends-on :module/src-b-py] [:module/src-b-py :depends-on :module/os]]")
    got = g.inferred("transitive_depends_on")
    assert (":service/a", ":service/c") not in got
    assert all(e != v for e, v in got)  # no self-dependency from the cycle
    assert not any(e.startswith(":module/") for e, _ in got)  # imports are ingestion's, not closed here
    assert got == {}


def test_transitive_retraction_closes_the_conclusion_and_as_of_still_sees_it(g):
    g.write("[[:service/a :depends-on :service/b] [:service/b :depends-on :service/c]]")
    seen_at = g.last_tx()
    assert (":service/a", ":service/c") in g.inferred("transitive_depends_on")
    g.retract("[[:service/b :depends-on :service/c]]")
    assert g.inferred("transitive_depends_on") == {}
    assert (":service/a", ":service/c") in g.inferred("transitive_depends_on", as_of=seen_at)


# ------------------------------------------------------------ type_from_solves

def test_type_from_solves_concludes_solution(g):
    g.write("[[:problem/slow-login :description \"logins take 5 s\"] [:fix/cache :solves :problem/slow-login] "
            "[:issue/leak :entity-type :type/problem] [:fix/restart :solves :issue/leak]]")
    got = g.inferred("type_from_solves")
    assert got == {(":fix/cache", ":type/solution"): 0.9, (":fix/restart", ":type/solution"): 0.9}


def test_type_from_solves_not_for_typed_or_non_problems(g):
    g.write("[[:problem/x :description \"p\"] [:fix/typed :entity-type :type/pattern] "
            "[:fix/typed :solves :problem/x] [:fix/other :solves :goal/ship]]")
    assert g.inferred("type_from_solves") == {}
    g.write("[[:fix/general :entity-type :type/general] [:fix/general :solves :problem/x]]")
    assert g.inferred("type_from_solves") == {(":fix/general", ":type/solution"): 0.9}


def test_type_from_solves_retraction(g):
    g.write("[[:fix/cache :solves :problem/slow]]")
    assert g.inferred("type_from_solves")
    g.retract("[[:fix/cache :solves :problem/slow]]")
    assert g.inferred("type_from_solves") == {}
    # giving it a type of its own also withdraws the inferred one
    g.write("[[:fix/cache :solves :problem/slow]]")
    g.write("[[:fix/cache :entity-type :type/workaround]]")
    assert g.inferred("type_from_solves") == {}


# ------------------------------------------------------------ co_occurrence_affinity

SHARED = ("[[:decision/a :governs :service/x] [:decision/b :governs :service/x] "
          "[:decision/a :motivated-by :constraint/y] [:decision/b :motivated-by :constraint/y] "
          "[:decision/a :rejects :lib/z] [:decision/b :rejects :lib/z]]")


def test_affinity_three_shared_neighbours_both_ways(g):
    g.write(SHARED)
    got = g.inferred("co_occurrence_affinity")
    assert got[(":decision/a", ":decision/b")] == pytest.approx(0.6)
    assert got[(":decision/b", ":decision/a")] == pytest.approx(0.6)


def test_affinity_not_with_two_shared(g):
    g.write("[[:decision/a :governs :service/x] [:decision/b :governs :service/x] "
            "[:decision/a :rejects :lib/z] [:decision/b :rejects :lib/z]]")
    assert not {k for k in g.inferred("co_occurrence_affinity") if set(k) == {":decision/a", ":decision/b"}}


def test_affinity_retraction(g):
    g.write(SHARED)
    g.retract("[[:decision/b :rejects :lib/z]]")
    assert not {k for k in g.inferred("co_occurrence_affinity") if set(k) == {":decision/a", ":decision/b"}}


# ------------------------------------------------------------ problem_solution_bridge

def test_bridge_concludes_addressed_by(g):
    g.write("[[:change/pool-size :causes :problem/timeouts] [:fix/retry :solves :problem/timeouts]]")
    assert g.inferred("problem_solution_bridge") == {(":change/pool-size", ":fix/retry"): 0.9}


def test_bridge_not_without_common_problem_or_to_itself(g):
    g.write("[[:change/a :causes :problem/one] [:fix/b :solves :problem/two] "
            "[:change/self :causes :problem/three] [:change/self :solves :problem/three]]")
    assert g.inferred("problem_solution_bridge") == {}


def test_bridge_retraction(g):
    g.write("[[:change/a :causes :problem/p] [:fix/b :solves :problem/p]]")
    g.retract("[[:change/a :causes :problem/p]]")
    assert g.inferred("problem_solution_bridge") == {}


# ------------------------------------------------------------ temporal_proximity

def test_temporal_proximity_shared_tag_recorded_close(g):
    g.write("[[:decision/a :tag \"auth\"] [:decision/b :tag \"auth\"] [:decision/c :tag \"billing\"]]")
    got = g.inferred("temporal_proximity")
    assert got == {(":decision/a", ":decision/b"): 0.6, (":decision/b", ":decision/a"): 0.6}


def test_temporal_proximity_not_when_recorded_far_apart(g):
    g.write("[[:decision/a :tag \"auth\"]]")
    # Move the first transaction's instant an hour back: recorded far apart.
    g.graph.con.execute("UPDATE tx SET instant = instant - 3600000000 WHERE tx = 1")
    g.write("[[:decision/b :tag \"auth\"]]")
    assert g.inferred("temporal_proximity") == {}


def test_temporal_proximity_retraction(g):
    g.write("[[:decision/a :tag \"auth\"] [:decision/b :tag \"auth\"]]")
    g.retract("[[:decision/b :tag \"auth\"]]")
    assert g.inferred("temporal_proximity") == {}


# ------------------------------------------------------------ supersession_chain

def test_supersession_head_is_current(g):
    g.write("[[:decision/v3 :supersedes :decision/v2] [:decision/v2 :supersedes :decision/v1] "
            "[:decision/v1 :supersedes :decision/v0]]")
    got = g.inferred("supersession_chain")
    assert got == {(":decision/v1", ":decision/v3"): 0.95, (":decision/v0", ":decision/v3"): 0.95}


def test_supersession_not_for_single_step_or_cycle(g):
    g.write("[[:decision/b :supersedes :decision/a] "
            "[:decision/x :supersedes :decision/y] [:decision/y :supersedes :decision/x]]")
    assert g.inferred("supersession_chain") == {}


def test_supersession_new_head_replaces_old_conclusion(g):
    g.write("[[:decision/v2 :supersedes :decision/v1] [:decision/v1 :supersedes :decision/v0]]")
    assert g.inferred("supersession_chain") == {(":decision/v0", ":decision/v2"): 0.95}
    before = g.last_tx()
    g.write("[[:decision/v3 :supersedes :decision/v2]]")
    assert g.inferred("supersession_chain") == {(":decision/v0", ":decision/v3"): 0.95,
                                                (":decision/v1", ":decision/v3"): 0.95}
    g.retract("[[:decision/v2 :supersedes :decision/v1]]")
    assert g.inferred("supersession_chain") == {}
    assert g.inferred("supersession_chain", as_of=before) == {(":decision/v0", ":decision/v2"): 0.95}

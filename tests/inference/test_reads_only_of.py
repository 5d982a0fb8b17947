"""A rule's ``reads_only_of`` (rulefile): rejected_dependency reads a memory's :description only when that
memory rejects or forbids something, so a memory written with no veto runs no rule (the turn after an
agent's write waited ~300 ms of CPU for it), while a description that can change a warning still does."""

from __future__ import annotations

import json

import pytest

from lore.inference.engine import Engine
from lore.inference.rulefile import RuleParseError, parse_rule

IMPORT = "[[:module/app :depends-on :module/redis]]"
RULE = "rejected_dependency"


def whys(g) -> list[str]:
    """The `why` of each rejected_dependency warning now (the vetoing memory's description)."""
    return sorted(json.loads(row[3])["slots"]["why"] for row in g.rows(RULE))


def write_and_run(g, edn: str, kind: str = "transact"):
    """A write, then the run a server's scheduler makes for it (its touched attributes): the run's report."""
    from lore import operations

    reply = operations.run(kind, g.graph, {"facts": edn, "reason": "test"})
    assert reply["ok"], reply
    return Engine(g.graph).run(touched={a for _, a in reply["_result"].touched})


def test_a_description_of_a_memory_without_a_veto_runs_no_rule(g):
    g.write(IMPORT)
    g.write('[[:decision/d0 :rejects :module/redis] [:decision/d0 :description "too heavy"]]')
    assert whys(g) == [" (too heavy)"]
    report = write_and_run(g, '[[:decision/d1 :description "keep build artefacts for 7 days"]]')
    assert RULE not in report.rules_run
    assert report.rules_run == []
    assert whys(g) == [" (too heavy)"]
    assert g.run(full=True).txs == []  # nothing was missed


def test_a_new_description_of_a_vetoing_memory_changes_its_warning(g):
    # Fails if the skip ignores who holds a veto: the warning would keep the old reason.
    g.write(IMPORT)
    g.write('[[:decision/d0 :rejects :module/redis] [:decision/d0 :description "too heavy"]]')
    report = write_and_run(g, '[[:decision/d0 :description "a second server to run"]]')
    assert RULE in report.rules_run
    assert whys(g) == [" (a second server to run)"]
    assert g.run(full=True).txs == []


def test_a_forbidding_memory_counts_as_a_veto_too(g):
    g.write(IMPORT)
    g.write("[[:decision/d0 :forbids :module/redis]]")
    assert whys(g) == [""]
    report = write_and_run(g, '[[:decision/d0 :description "no servers"]]')
    assert RULE in report.rules_run
    assert whys(g) == [" (no servers)"]


def test_a_description_written_before_the_veto_is_read_when_the_veto_comes(g):
    g.write(IMPORT)
    report = write_and_run(g, '[[:decision/d0 :description "too heavy"]]')
    assert RULE not in report.rules_run
    report = write_and_run(g, "[[:decision/d0 :rejects :module/redis]]")
    assert RULE in report.rules_run
    assert whys(g) == [" (too heavy)"]


def test_a_veto_retracted_with_a_description_in_one_run_closes_the_warning(g):
    g.write(IMPORT)
    g.write('[[:decision/d0 :rejects :module/redis] [:decision/d0 :description "too heavy"]]')
    assert whys(g) == [" (too heavy)"]
    from lore import operations

    # two writes, one run over both (a server's batch): the guard changed, so the rule runs
    touched: set[str] = set()
    for kind, edn in (("retract", "[[:decision/d0 :rejects :module/redis]]"),
                      ("transact", '[[:decision/d0 :description "lighter now"]]')):
        reply = operations.run(kind, g.graph, {"facts": edn, "reason": "test"})
        assert reply["ok"], reply
        touched |= {a for _, a in reply["_result"].touched}
    report = Engine(g.graph).run(touched=touched)
    assert RULE in report.rules_run
    assert whys(g) == []
    # and a later description of the memory, no longer vetoing, runs nothing
    report = write_and_run(g, '[[:decision/d0 :description "lighter still"]]')
    assert RULE not in report.rules_run
    assert g.run(full=True).txs == []


def test_a_retracted_description_of_a_vetoing_memory_drops_its_reason(g):
    g.write(IMPORT)
    g.write('[[:decision/d0 :rejects :module/redis] [:decision/d0 :description "too heavy"]]')
    report = write_and_run(g, '[[:decision/d0 :description "too heavy"]]', kind="retract")
    assert RULE in report.rules_run
    assert whys(g) == [""]


HEADER = "-- name: r\n-- kind: warning\n-- reads: :a :b :c\n-- message: {{entity}}\n"


def test_the_header_is_parsed():
    rule = parse_rule(HEADER + "-- reads_only_of: :a with :b :c; :b with :c\nSELECT 1 AS entity", path="r.sql")
    assert rule.reads_only_of == ((frozenset({":a"}), frozenset({":b", ":c"})),
                                  (frozenset({":b"}), frozenset({":c"})))
    assert parse_rule(HEADER + "SELECT 1 AS entity", path="r.sql").reads_only_of == ()


@pytest.mark.parametrize("value", [
    ":a", "with :b", ":a with", ":a with :b with :c", ":a with :x", ":x with :a", ":a with :a :b",
    "a with :b", ":a with b", ":a ; with :b", "\u00a0:a with :b\u00a0with",
])
def test_a_malformed_header_is_refused(value):
    with pytest.raises(RuleParseError) as exc:
        parse_rule(HEADER + f"-- reads_only_of: {value}\nSELECT 1 AS entity", path="r.sql")
    assert exc.value.code == "rule-bad-header"

"""Near the standout floor (issue 14, recall round 12): a memory among the few nearest in meaning whose standout is
just under the floor, and among the best lexical matches, is recalled after those that pass a floor. A question paraphrasing its answer meets a flat
top of cosines; the answer lost there stood 1st-4th nearest at z 2.00-2.09 on the recall sets' dev splits.

Memories are written to a real graph and embedded by the real sentence encoder; prepare-turn is asked as a user
would. The sentences are this test's own."""

from __future__ import annotations

import pytest
from memory_helpers import recalled, remember_decisions

from lore.memory import embed, turns, vectors

# One team's release and operations decisions.
MEMORIES = {
    "deploy-friday": "Production deploys are frozen from Friday noon until Monday morning",
    "deploy-canary": "Every release goes to one percent of hosts first and waits an hour before the rest",
    "deploy-rollback": "A failed health check rolls the release back automatically within five minutes",
    "deploy-flags": "Unfinished features ship dark behind flags that product managers toggle",
    "deploy-migrations": "Schema migrations run in their own release, one step ahead of the code that needs them",
    "deploy-artifacts": "Build artifacts are signed and kept for ninety days in the registry",
    "deploy-approvals": "Two engineers approve a release before it leaves staging",
    "deploy-changelog": "Each release note lists the tickets it closes and the people who wrote them",
    "oncall-rotation": "The on-call rotation changes every Tuesday and nobody covers two weeks in a row",
    "oncall-pager": "Pages go to the primary first and to the secondary after ten silent minutes",
    "oncall-postmortem": "Every outage longer than fifteen minutes gets a blameless written review within a week",
    "oncall-runbooks": "Each alert links a runbook page that says what to check first",
    "logs-retention": "Application logs are kept thirty days, audit logs seven years",
    "logs-format": "Services log structured JSON lines with a request id on each",
    "metrics-slo": "Checkout latency must stay under three hundred milliseconds at the ninety-ninth percentile",
    "secrets-vault": "Credentials live in Vault and are leased to services for one hour at a time",
    "backups-nightly": "The primary database is snapshotted nightly and restores are rehearsed each quarter",
    "dns-ttl": "Public DNS records carry a five minute time to live so failover is quick",
}
# Third nearest in meaning at z 2.096, under the floor of 2.1, behind two memories the floor admits (the canary
# decision it means, and the approvals), and among the best lexical matches by one word of the question ("build").
NEAR = ":decision/deploy-artifacts"
QUESTION = "Does a small share of hosts receive each new build before everyone else?"
# The canary decision in other words, sharing none of them: third nearest at z 2.01, but no lexical match at all.
UNSAID = ":decision/deploy-canary"
UNSAID_QUESTION = "Does a tiny slice of machines get the new build before everyone else?"


@pytest.fixture
def team(graph):
    if embed.model() is None or not embed.model().name.startswith(embed.MINILM):
        pytest.skip("the sentence encoder is not installed")
    remember_decisions(graph, MEMORIES)
    return graph


def _place(graph, question: str, entity: str) -> tuple[int, float]:
    ranked = vectors.search(graph, graph.con, question, k=30)
    return next((i + 1, z) for i, (e, _c, z) in enumerate(ranked) if e == entity)


def test_a_memory_just_under_the_standout_floor_and_matching_a_word_is_recalled(team):
    # What this exercises: among the few nearest, its standout under the floor but near it.
    rank, z = _place(team, QUESTION, NEAR)
    assert rank <= turns.NEAR_SEMANTIC_RANK
    assert turns.NEAR_STANDOUT_FLOOR <= z < turns.STANDOUT_FLOOR
    # On main it was under every floor and never recalled (two memories came back, not it).
    assert NEAR in recalled(team, QUESTION)


def test_it_comes_after_the_memories_that_pass_a_floor(team):
    got = recalled(team, QUESTION)
    assert got[-1] == NEAR
    assert len(got) <= 3


def test_near_in_meaning_alone_is_not_enough(team):
    # As near the floor, but not one word of the question in it: nothing else says it is the topic (without the
    # lexical rank, as many no-answer questions of the recall sets' dev splits gained a memory as answers were found).
    rank, z = _place(team, UNSAID_QUESTION, UNSAID)
    assert rank <= turns.NEAR_SEMANTIC_RANK
    assert turns.NEAR_STANDOUT_FLOOR <= z < turns.STANDOUT_FLOOR
    assert UNSAID not in recalled(team, UNSAID_QUESTION)


def test_a_memory_further_under_the_floor_stays_out(team):
    # Third nearest too, but at z 1.2: nothing near the floor.
    question = "What happens when a new version misbehaves after going out?"
    rank, z = _place(team, question, ":decision/deploy-rollback")
    assert z < turns.NEAR_STANDOUT_FLOOR
    assert ":decision/deploy-rollback" not in recalled(team, question)

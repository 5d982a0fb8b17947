"""A journal entry whose operation has an empty valid-time window (valid-from after valid-to, or an added fact
with only a :valid-to in the past) passed every check of reading and failed only when applied (``bad-window``):
the whole batch rolled back, so one such entry in a cloned repository kept every teammate's entry out of the
graph on every ingest and made `lore journal apply` fail. Now it is refused alone, when read, and remembered
as refused; the other entries apply."""

from __future__ import annotations

import pytest

from .clone import git, plant_journal_entry

EMPTY_WINDOWS = {
    "inverted": '[:db/add :x/a :n 1 {:valid-from #inst "2030-01-01T00:00:00Z" :valid-to #inst "2000-01-01T00:00:00Z"}]',
    "only-past-end": '[:db/add :x/a :n 1 {:valid-to #inst "2000-01-01T00:00:00Z"}]',
    "retract-inverted": '[:db/retract :x/a :n 1 {:valid-from #inst "2030-01-01T00:00:00Z" :valid-to #inst "2030-01-01T00:00:00Z"}]',
}


@pytest.mark.parametrize("facts", list(EMPTY_WINDOWS.values()), ids=list(EMPTY_WINDOWS))
def test_an_entry_with_an_empty_window_is_refused_alone(victim, facts):
    plant_journal_entry(victim.repo, "a" * 32, facts)
    plant_journal_entry(victim.repo, "b" * 32, '[:db/add :decision/ok :description "a teammate\'s decision"]',
                        instant="2024-01-02T00:00:00Z", stamp="20240102T000000.000000Z")
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "journal")
    rc, out, err, _ = victim.run("ingest")
    assert rc == 0 and not out.get("warnings"), (out, err)  # before: warnings [bad-window], nothing applied
    j = out["journal"]
    assert j["applied"] == 1 and j["refused"] == 1, j
    assert "valid-" in j["refused_entries"][0]["message"], j
    rc, out, err, _ = victim.run("query", "[:find ?d :where [:decision/ok :description ?d]]")
    assert rc == 0 and out["results"] == [["a teammate's decision"]], (out, err)
    rc, out, err, _ = victim.run("journal", "apply")  # before: exit 1, bad-window, on every run
    assert rc == 0 and out["applied"] == 0 and out["refused"] == 1, (out, err)
    rc, out, err, _ = victim.run("query", "[:find ?v :where [:x/a :n ?v]]")
    assert rc == 0 and out["results"] == [], (out, err)

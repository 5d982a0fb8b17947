"""Journal entries apply in instant order, and on a cardinality-one attribute the newest entry wins — also
over an older entry that arrives later, after which it is replayed. An entry's instant is whatever its writer
put in it (SPEC §6 keeps it): a cloned repository's entry dated 9999 won every cardinality-one attribute it
set, over every entry any teammate would ever write. Now an entry more than a day ahead of this machine's
clock waits (reported, not applied, not remembered as refused) until the clock is near it."""

from __future__ import annotations

from .clone import git, plant_journal_entry


def test_an_entry_from_the_future_does_not_win_for_ever(victim):
    plant_journal_entry(victim.repo, "a" * 32, '[:db/add :status :db/cardinality :db.cardinality/one {:valid-from #inst "2000-01-01T00:00:00Z"}]',
                        instant="2024-01-01T00:00:00Z", stamp="20240101T000000.000000Z", author="x@example.com")
    plant_journal_entry(victim.repo, "b" * 32, '[:db/add :service/api :status "compromised" {:valid-from #inst "2024-01-01T00:00:00Z"}]',
                        instant="9999-01-01T00:00:00Z", stamp="99990101T000000.000000Z", author="x@example.com")
    plant_journal_entry(victim.repo, "c" * 32, '[:db/add :service/api :status "healthy" {:valid-from #inst "2025-06-01T00:00:00Z"}]',
                        instant="2025-06-01T00:00:00Z", stamp="20250601T000000.000000Z", author="x@example.com")
    git(victim.repo, "add", ".")
    git(victim.repo, "commit", "-q", "-m", "journal")
    rc, out, err, _ = victim.run("ingest")
    assert rc == 0, (out, err)
    j = out["journal"]
    assert j["applied"] == 2, j
    assert any("ahead of this machine's clock" in r["message"] for r in j["refused_entries"]), j
    rc, out, err, _ = victim.run("query", "[:find ?s :where [:service/api :status ?s]]")
    assert rc == 0 and out["results"] == [["healthy"]], (out, err)  # before: [["compromised"]]
    # it waits: reported again on the next run, never recorded as applied
    rc, out, err, _ = victim.run("journal", "apply")
    assert rc == 0 and out["applied"] == 0, (out, err)
    assert any("ahead" in r["message"] for r in out["refused_entries"]), out

"""Journal entries apply in instant order, and on a cardinality-one attribute the newest entry wins — also
over an older entry that arrives later, after which it is replayed. An entry's instant is whatever its writer
put in it (SPEC §6 keeps it): a cloned repository's entry dated 9999 won every cardinality-one attribute it
set, over every entry any teammate would ever write. Now an entry more than a day ahead of this machine's
clock waits (reported, not applied, not remembered as refused) until the clock is near it."""

from __future__ import annotations

import uuid

from lore.journal import entry as E

from .clone import git


def _entry(victim, eid: str, instant: str, stamp: str, facts: str) -> None:
    d = victim.repo / ".lore" / "journal"
    d.mkdir(parents=True, exist_ok=True)
    text = ('{:lore/journal 1 :id #uuid "' + str(uuid.UUID(eid)) + f'" :instant #inst "{instant}"'
            f' :author "x@example.com" :source :cli :reason "r" :tx-data [{facts}]}}')
    (d / f"{stamp}-{eid}-{E.content_hash(text.encode())}.edn").write_text(text)


def test_an_entry_from_the_future_does_not_win_for_ever(victim):
    _entry(victim, "a" * 32, "2024-01-01T00:00:00Z", "20240101T000000.000000Z",
           '[:db/add :status :db/cardinality :db.cardinality/one {:valid-from #inst "2000-01-01T00:00:00Z"}]')
    _entry(victim, "b" * 32, "9999-01-01T00:00:00Z", "99990101T000000.000000Z",
           '[:db/add :service/api :status "compromised" {:valid-from #inst "2024-01-01T00:00:00Z"}]')
    _entry(victim, "c" * 32, "2025-06-01T00:00:00Z", "20250601T000000.000000Z",
           '[:db/add :service/api :status "healthy" {:valid-from #inst "2025-06-01T00:00:00Z"}]')
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

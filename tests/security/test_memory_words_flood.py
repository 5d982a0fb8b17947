"""Attack round 7: a journal whose memories are made of distinct made-up words.

Query expansion (lore.memory.expansion) embeds each word the memories say once and keeps it in the graph
(``mem_words_minilm``); every process that expands a question holds all of them as one matrix, 1.5 KB a word.
A memory brings at most 256 new words, but nothing bounded the memories' words together: a clone's journal of
4,000 memories of random words made a million (1.5 GB in every such process, about 1,000 CPU s of embedding),
growing with the journal. The table now keeps at most LORE_MAX_MEMORY_WORDS words (50,000); this test sets 2,000
against 40 memories of 256 words (main kept all 10,240).
"""

from __future__ import annotations

import random
import uuid

from .clone import git, plant_journal_entry

MEMORIES = 40
MAX_WORDS = 2_000


def _word(rng: random.Random) -> str:
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(4))


def test_a_journal_of_made_up_words_grows_the_words_table_only_to_its_bound(victim):
    rng = random.Random(7)
    plant_journal_entry(victim.repo, uuid.UUID(int=1).hex, " ".join(
        f'[:db/add :decision/d{i} :description "We adopt {" ".join(_word(rng) for _ in range(300))}"]'
        for i in range(MEMORIES)))
    git(victim.repo, "add", "-A")
    git(victim.repo, "commit", "-q", "-m", "journal")
    env = {"LORE_MAX_MEMORY_WORDS": str(MAX_WORDS)}
    rc, out, err, _ = victim.run("ingest", env=env, timeout=300)
    assert rc == 0 and out["ok"], (out, err[-2000:])
    rc, out, err, _ = victim.run("embed", env=env, timeout=600)
    assert rc == 0 and out["embedded"] == MEMORIES, (out, err[-2000:])
    rc, out, err, _ = victim.run("sql", "SELECT count(*) AS n FROM mem_words_minilm", env=env)
    assert rc == 0, (out, err[-2000:])
    n = out["rows"][0][0] if "rows" in out else out["results"][0][0]
    assert 0 < n <= MAX_WORDS, n
    # a question still recalls a memory by its own words
    rc, out, err, _ = victim.run("prepare-turn", "Do we adopt " + " ".join(_word(random.Random(7)) for _ in range(3)),
                                 env=env)
    assert rc == 0 and ":decision/d0 " in out["context"], (out, err[-2000:])

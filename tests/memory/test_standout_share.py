"""A standout is few memories standing out (user trial 16, BurntSushi/ripgrep): in a graph holding a few memories of
one Rust workspace, "lazily initialised global regex in ignore?" — which nothing said answers — recalled the anyhow
decision first, with its three warnings: at cosine 0.30 it stood 2.7 deviations above the reference (the memories
and the background's plain decisions), because every memory of the workspace does, against plain decisions, for
any question about Rust code. A rule that standing out admits nothing when more than a quarter of the graph's
memories stand out was built and taken out: it lost recall in small graphs (tests/memory/test_recall_pieces.py).
What holds: the memories a question does ask about are recalled, and hostile questions recall nothing.

Memories are written to a real graph as the trial said them and embedded by the real sentence encoder; prepare-turn
is asked as the editor's agent asked it."""

from __future__ import annotations

import pytest
from memory_helpers import embed_all, recalled, remember

from lore.memory import embed, turns

# What the trial's person said, as finalize-turn stored it (user trial 16's log).
SAID = {
    ":decision/no-anyhow": ("We decided against anyhow in the library crates; use thiserror so callers can match "
                            "errors", ":module/anyhow"),
    ":decision/clap-s-derive": ("We switched from structopt to clap's derive a while back, then dropped clap for "
                                "lexopt because clap's compile times were too slow", ":module/clap"),
    ":constraint/no-serde-json": ("Don't add serde-json to the printer crate's default features; JSON output stays "
                                  "behind the serde feature", ":module/serde-json"),
    ":preference/no-lazy-static": ("Let's not use lazy_static anymore, use std::sync::OnceLock instead",
                                   ":module/lazy-static"),
    ":decision/no-memmap2": ("We are dropping memmap2 from grep-searcher; the mmap path is a source of unsafety",
                             ":module/memmap2"),
}
UNANSWERED = "lazily initialised global regex in ignore?"


@pytest.fixture
def workspace(graph):
    if embed.model() is None or not embed.model().name.startswith(embed.MINILM):
        pytest.skip("the sentence encoder is not installed")
    facts = []
    for e, (desc, rejected) in SAID.items():
        facts += [f'[{e} :description "{desc}"]', f"[{e} :rejects {rejected}]",
                  f'[{rejected} :description "{rejected.split("/")[1]}"]']
    remember(graph, "[" + " ".join(facts) + "]")
    embed_all(graph)
    return graph


def test_a_question_the_memories_answer_still_recalls_its_answer(workspace):
    assert ":preference/no-lazy-static" in recalled(workspace, "Should I use lazy_static for a global regex?")[:2]
    assert recalled(workspace, "Can I add anyhow to a library crate?")[0] == ":decision/no-anyhow"
    assert ":decision/no-memmap2" in recalled(workspace, "Is memmap2 still fine for grep-searcher?")[:2]


def test_hostile_questions_recall_nothing_and_never_raise(workspace):
    for q in ("", "?", "the of and", "\u202e" * 50, "regex " * 5000):
        reply = turns.prepare_turn(workspace, q)
        assert reply["ok"]
    assert turns.prepare_turn(workspace, "?")["facts"] == []

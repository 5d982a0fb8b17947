"""A standout is few memories standing out (user trial 16, BurntSushi/ripgrep): in a graph holding a few memories of
one Rust workspace, "lazily initialised global regex in ignore?" — which nothing said answers — recalled the anyhow
decision first, with its three warnings: at cosine 0.30 it stood 2.7 deviations above the reference (the memories
and the background's plain decisions), because every memory of the workspace does, against plain decisions, for
any question about Rust code. When several memories, and more than a quarter of the graph's, stand out so, a memory
keeps its standout only with lexical evidence (what agreement asks) or standing well clear of that crowd; the
cosine floor and the lexical routes still admit. (Standing out admitting nothing at all then was taken out: a graph of a few memories on one subject lost a
synonym question's answer that shares a word with it, tests/memory/test_recall_pieces.py.)

Memories are written to a real graph as the trial said them and embedded by the real sentence encoder; prepare-turn
is asked as the editor's agent asked it."""

from __future__ import annotations

import pytest
from memory_helpers import embed_all, recalled, remember

from lore.memory import embed, turns, vectors

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


def test_a_question_near_what_all_memories_share_recalls_none_of_them(workspace):
    ranked = vectors.search(workspace, workspace.con, UNANSWERED, k=30)
    # What this exercises: the nearest memory stands out past the floor on a low cosine, as in the trial, within a
    # crowd of memories standing out (more than a quarter of the graph's); the question shares no word with any.
    top, cos, z = ranked[0]
    assert cos < turns.COSINE_FLOOR and z >= turns.STANDOUT_FLOOR, ranked[:3]
    clear = turns._clear_of_crowd({e: zz for e, _c, zz in ranked}, vectors.population(workspace))
    assert clear is not None and z < clear, ranked
    reply = turns.prepare_turn(workspace, UNANSWERED)
    assert reply["facts"] == [] and reply["context"] == "", reply["context"]


@pytest.mark.parametrize("question", ["global regex initialised lazily, once?",
                                      "Which crate initialises a global regex lazily, once per process?"])
def test_its_paraphrases_recall_nothing_either(workspace, question):
    assert recalled(workspace, question) == []


def test_a_question_the_memories_answer_still_recalls_its_answer(workspace):
    assert ":preference/no-lazy-static" in recalled(workspace, "Should I use lazy_static for a global regex?")[:2]
    assert recalled(workspace, "Can I add anyhow to a library crate?")[0] == ":decision/no-anyhow"
    assert ":decision/no-memmap2" in recalled(workspace, "Is memmap2 still fine for grep-searcher?")[:2]


def test_hostile_questions_recall_nothing_and_never_raise(workspace):
    for q in ("", "?", "the of and", "\u202e" * 50, "regex " * 5000):
        reply = turns.prepare_turn(workspace, q)
        assert reply["ok"]
    assert turns.prepare_turn(workspace, "?")["facts"] == []

"""Code beside weak memories (issue 14's no-answer goal): when every memory prepare-turn recalls is a weak match
(none covers half of the question, none lies near it in meaning), code needs two thirds of the question, not half,
unless the question names code, and so too when the graph has memories but none is recalled; a graph without
memories (code only) keeps code's own floor.

Memories and code are written to a real graph, the memories embedded by the real sentence encoder; prepare-turn is
asked as a user would. The sentences are this test's own."""

from __future__ import annotations

import pytest
from memory_helpers import add_code, embed_all, recalled, remember

MEMORIES = ('[[:decision/archive :description "Old invoices move to the cold archive bucket after a year"]'
            ' [:decision/retry :description "Payment webhooks are retried three times with backoff"]]')


@pytest.fixture
def billing(graph):
    code = add_code(graph, "src/billing/export.py", [("function", "export_invoice_batches", 5)])
    return graph, code["export_invoice_batches"]


def test_code_half_matching_a_question_only_weak_memories_match_is_left_out(billing):
    graph, export = billing
    remember(graph, MEMORIES)
    embed_all(graph)
    # the archive decision shares one word and is recalled on its meaning alone; the function covers about
    # half of the question's idf weight (more than CODE_COVER_FLOOR, less than WEAK_CODE_COVER_FLOOR)
    got = recalled(graph, "are invoice batches exported weekly?")
    assert got == [":decision/archive"], got  # before: the function as well
    # a memory covering half of the question: the code matching as much comes beside it, as before
    got = recalled(graph, "are old invoice batches exported?")
    assert got[:1] == [":decision/archive"] and export in got, got
    # the question names the code: code's own floor
    got = recalled(graph, "are invoice batches exported weekly by `export_invoice_batches`?")
    assert export in got, got


def test_code_only_graph_keeps_code_floor(billing):
    graph, export = billing
    embed_all(graph)
    assert recalled(graph, "are invoice batches exported weekly?") == [export]



def test_code_half_matching_a_question_no_memory_matches_is_left_out(billing):
    graph, export = billing
    remember(graph, MEMORIES)
    embed_all(graph)
    # the graph has memories, none of them about this; the function covers about half of the question's idf
    # weight: the weakest evidence of an answer, so code needs two thirds as beside weak memories
    assert recalled(graph, "are batches exported on sundays?") == []  # before: the function
    # the question names the code: code's own floor
    assert export in recalled(graph, "are batches exported on sundays by `export_invoice_batches`?")

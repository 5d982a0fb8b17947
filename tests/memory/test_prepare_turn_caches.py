"""What prepare-turn keeps or short-cuts between turns for speed (docs/DESIGN-CHOICES.md, the latency rounds):
each gives what the slow way gives, and a write between two turns is seen by the second."""

from __future__ import annotations

import re

import pytest

from lore.memory import mentions


def names_code_slowly(text: str) -> bool:
    """What prepare-turn asked before: every name found, then whether one is code."""
    return any(n.marked or "." in n.text or mentions.distinctive(n.text) for n in mentions.names_in(text))


QUESTIONS = [
    "which database do we use and why?", "how is configuration loaded?", "why does `cache` expire?",
    "what calls load_config?", "is TokenCache.evict still used?", "what does auth.py do?", "edit auth.py.bak now",
    "the function cache is slow", "cache() fails", "the methods evict and load", "how are magics registered?",
    "what about getHTTPClient", "x.y", "abcd.py", "a.b.c.d", "HTTP", "Http2 support", "config.yaml and",
    "the def main", "`abc`", "why `abcd`", "call   (", "renderer   (args)", "class   Renderer", "classes: Foo",
    "over the __init__ method", "_private", "ünïcödé wörds äbout cäching", "tabs\tand\nnewlines\r\nhere",
    "function", "functions are we using", "the callable", ".leading.dots.", "trailing.dots..", "",
    "a" * 5000, "word " * 3000 + "snake_case", "`" * 100, "(((((", "x" * 3 + "(" + "y" * 4,
]


@pytest.mark.parametrize("text", QUESTIONS)
def test_names_code_is_what_the_names_say(text):
    assert mentions.names_code(text) is names_code_slowly(text)


def test_names_code_on_recall_questions():
    """Every question of the recall sets: the short cut and the whole reading agree on each."""
    import json
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "bench" / "data"
    questions = [q["question"] for d in sorted(data.glob("recall*")) for q in json.loads((d / "questions.json").read_text())]
    assert len(questions) > 1000
    said = [mentions.names_code(q) for q in questions]
    assert said == [names_code_slowly(q) for q in questions]
    assert 0 < sum(said) < len(said)  # both answers occur: the comparison means something


def test_names_code_on_hostile_text():
    """Long runs of name characters, dots and marks: the answer, in bounded time, the same as before."""
    for text in ["a." * 20000, "`" + "a" * 50000 + "`", "(" * 50000, re.escape("x.py" * 10000), "\x00" * 1000 + "load_cfg"]:
        assert mentions.names_code(text) is names_code_slowly(text)

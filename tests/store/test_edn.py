import uuid

import pytest

from lore import edn
from lore.edn import Instant, Keyword, PList, Symbol, Vector
from lore.errors import LoreError


def test_reads_every_form():
    form = edn.read('[:a/b "s\\n\\"q\\" \\u00e9" 42 -7 3.5 1e3 true false nil #inst "2024-01-15T10:00:00Z" '
                    '#uuid "550e8400-e29b-41d4-a716-446655440000" (f ?x) {:valid-from "2023-01-01"} #{1 2} ?v _]')
    assert isinstance(form, Vector)
    assert form[0] == Keyword("a/b") and form[0].ident == ":a/b"
    assert form[1] == 's\n"q" é'
    assert form[2:6] == [42, -7, 3.5, 1000.0]
    assert form[6:9] == [True, False, None]
    assert form[9] == Instant(1705312800000000)
    assert form[10] == uuid.UUID("550e8400-e29b-41d4-a716-446655440000")
    assert isinstance(form[11], PList) and form[11][0] == Symbol("f")
    assert form[12] == {Keyword("valid-from"): "2023-01-01"}
    assert form[13] == frozenset({1, 2})
    assert form[14] == Symbol("?v") and form[15] == Symbol("_")


def test_keywords_are_not_strings():
    assert Keyword("a") != "a"
    assert {Keyword("a"): 1}.get("a") is None


def test_comments_commas_and_discard():
    assert edn.read("[1, 2 ; comment\n #_ 3 4]") == [1, 2, 4]


@pytest.mark.parametrize("text, fragment, line, column", [
    ("[:a :b", "never closed", 1, 1),
    ('[:a "unterminated]', "never closed", 1, 5),
    ("[:a)", "expected ']'", 1, 4),
    ("[1 2]]", "after the end", 1, 6),
    ("[\n  :a #foo 1]", "unknown tag", 2, 6),
    ('#inst "yesterday"', "not YYYY-MM-DD", 1, 1),
    ('#uuid "nope"', "not a UUID", 1, 1),
    ('"bad \\q escape"', "unknown escape", 1, 6),
    ("{:a}", "even number", 1, 1),
    ("", "end of input", 1, 1),
    (": x", "needs a name", 1, 1),
    ("12abc", "malformed number", 1, 1),
])
def test_errors_say_what_and_where(text, fragment, line, column):
    with pytest.raises(LoreError) as exc:
        edn.read(text)
    assert fragment in exc.value.message
    assert exc.value.position["line"] == line
    assert exc.value.position["column"] == column


def test_invalid_utf8_surrogates_are_refused():
    bad = b'[:a :b "\xff\xfe"]'.decode("utf-8", "surrogateescape")
    with pytest.raises(LoreError) as exc:
        edn.read(bad)
    assert exc.value.code == "invalid-utf8"


def test_round_trip_dumps():
    text = '[:a/b "x\\"y" 1 2.5 true nil #inst "2024-01-15T10:00:00Z" (not [?e :a _]) {:k 1}]'
    assert edn.dumps(edn.read(text)) == text

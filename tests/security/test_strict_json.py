"""Attack 13b: `--json` printed bare `NaN` / `Infinity` (not JSON, so a strict parser stopped), and an
instant in year 999 printed as "999-…" (not RFC 3339). Now non-finite numbers are null and years have four
digits, in the CLI and in the editor's replies alike."""

from __future__ import annotations

import json


def strict(text: str):
    def refuse(name):
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=refuse)


def test_nan_and_infinity_print_as_strict_json(victim):
    rc, _, _, text = victim.run("sql", "SELECT 'nan'::DOUBLE AS a, 'inf'::DOUBLE AS b, '-inf'::DOUBLE AS c, 1.5::DOUBLE AS d")
    assert rc == 0
    assert strict(text)["rows"] == [[None, None, None, 1.5]]


def test_an_instant_before_year_1000_keeps_four_digits(victim):
    rc, out, _, _ = victim.run("transact", '[[:event/founding :happened-at #inst "0999-03-04T05:06:07Z"]]',
                               "--reason", "r")
    assert rc == 0, out
    rc, _, _, text = victim.run("query", "[:find ?t :where [:event/founding :happened-at ?t]]")
    assert strict(text)["results"] == [["0999-03-04T05:06:07Z"]]

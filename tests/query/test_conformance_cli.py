"""The shared conformance cases (tests/query/data/datalog.jsonl and windows.jsonl, copies of the shared
conformance cases) run
through the real `lore` command line exactly as the outside runner does: one process per step."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

CASES = [json.loads(line) for line in (Path(__file__).parent / "data" / "datalog.jsonl").read_text().splitlines()
         if line.strip()]
ISO = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$")


def norm(v):
    if isinstance(v, str) and ISO.match(v):
        try:
            d = datetime.fromisoformat(v.replace("Z", "+00:00").replace(" ", "T"))
            if d.tzinfo is None:
                d = d.replace(tzinfo=timezone.utc)
            return "inst:" + d.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
        except ValueError:
            return v
    if isinstance(v, float):
        return round(v, 9) if v != int(v) else int(v)
    return v


def test_there_are_44_cases():
    assert len(CASES) == 44


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case(case, cli):
    for s in case["steps"]:
        if "rule" in s:
            args = ["rule", s["rule"]]
        else:
            op = "transact" if "transact" in s else "retract"
            args = [op, s[op], "--reason", "conformance"]
            if "valid_from" in s:
                args += ["--valid-from", s["valid_from"]]
            if "valid_to" in s:
                args += ["--valid-to", s["valid_to"]]
        rc, out, err, _ = cli.run(*args)
        if rc != 0 or not out or not out.get("ok"):
            assert case.get("expect_error"), f"step {args[0]} failed: rc={rc} out={out} err={err[-300:]}"
            assert out is not None and out.get("ok") is False and "error" in out
            return
    qargs = ["query", case["query"]]
    for k, v in (case.get("params") or {}).items():
        qargs += ["--param", f"{k}={v}"]
    rc, out, err, _ = cli.run(*qargs)
    if case.get("expect_error"):
        assert rc != 0 and out is not None and out.get("ok") is False and "error" in out, out
        assert out["error"]["code"] and out["error"]["message"]
        return
    assert rc == 0 and out and out.get("ok"), f"rc={rc} out={out} err={err[-300:]}"
    got = [[norm(v) for v in row] for row in out["results"]]
    want = [[norm(v) for v in row] for row in case["expect"]]
    if case.get("ordered"):
        assert got == want
    else:
        def key(r):
            return json.dumps(r, sort_keys=True)
        assert sorted(map(key, got)) == sorted(map(key, want))


# ------------------------------------------------------------------ windows.jsonl (window functions and limits)

WINDOW_CASES = [json.loads(line) for line in (Path(__file__).parent / "data" / "windows.jsonl").read_text()
                .splitlines() if line.strip()]


def test_there_are_10_window_cases():
    assert len(WINDOW_CASES) == 10


@pytest.mark.parametrize("case", WINDOW_CASES, ids=[c["name"] for c in WINDOW_CASES])
def test_window_case(case, cli):
    test_case(case, cli)

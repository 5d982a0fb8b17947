"""The capture sets' data (tests/memory/data/real/capture*.json): the shape bench/capture.py scores, labels that
name words of their own text, and the blind sets' builders regenerating their frozen files byte for byte."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "tests" / "memory" / "data" / "real"
FILES = sorted(p.name for p in REAL.glob("capture*.json"))
# the builders kept in the tree that write their set from labelset.write_heldout_set (sets 7 on)
BUILT = {f"capture{n}.json": f"build_labels_{n}.py"
         for n in (7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23)}
KINDS = {"decision", "preference", "constraint", "dependency", "architecture"}


def exchanges(name: str) -> list[dict]:
    return json.loads((REAL / name).read_text())["exchanges"]


def test_every_set_is_registered_in_the_bench():
    sys.path.insert(0, str(ROOT / "bench"))
    import capture

    assert sorted(p.name for p in capture.SETS.values()) == FILES
    assert list(capture.SETS) == [str(n) for n in range(1, len(FILES) + 1)]


@pytest.mark.parametrize("name", FILES)
def test_a_set_holds_real_turns_with_labels_of_a_known_shape(name):
    ex = exchanges(name)
    assert len({x["id"] for x in ex}) == len(ex)
    assert len({x["delta"] for x in ex}) == len(ex)
    for x in ex:
        assert x["source"].startswith("github.com/") and x["split"] in ("tune", "dev", "heldout"), x["id"]
        assert x["delta"].startswith("User: ") and x["delta"].endswith("\nAgent: Noted."), x["id"]
        text = x["delta"].lower()
        for fact in x["expected"]:
            assert fact["kind"] in KINDS and fact["terms"], x["id"]
            # a label asks for words the user turn holds: the bench cannot ask for what the text does not say
            assert all(t and t == t.lower() and t in text for t in fact["terms"]), (x["id"], fact)
            assert fact.get("rationale") is None or fact["rationale"] in text, (x["id"], fact)
    assert any(x["expected"] for x in ex) and any(not x["expected"] for x in ex)


@pytest.mark.parametrize("name", ["capture10.json", "capture11.json", "capture12.json", "capture13.json",
                                  "capture14.json", "capture15.json", "capture16.json",
                                  "capture17.json", "capture18.json", "capture19.json",
                                  "capture20.json", "capture21.json", "capture22.json", "capture23.json"])
def test_a_recent_sets_rejected_alternatives_are_named_in_its_text(name):
    for x in exchanges(name):
        for fact in x["expected"]:
            assert all(r in x["delta"].lower() for r in fact.get("rejects", [])), (x["id"], fact)


@pytest.mark.parametrize("name", sorted(BUILT))
def test_a_blind_sets_builder_regenerates_its_frozen_file(name, tmp_path):
    out = tmp_path / name
    p = subprocess.run([sys.executable, BUILT[name], str(out)], cwd=REAL, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    assert out.read_bytes() == (REAL / name).read_bytes()


def test_the_second_labelling_of_set_21_regenerates_and_labels_the_same_turns(tmp_path):
    """bench/agreement.py scores set 21's second labelling (bench/data/agreement1) against the first: the same
    exchanges, each fact's description holding its terms, its EDN what an agent passes to finalize-turn --facts."""
    second = ROOT / "bench" / "data" / "agreement1"
    out = tmp_path / "capture21_second.json"
    p = subprocess.run([sys.executable, "build_second.py", str(REAL / "capture21.json"), str(out)], cwd=second,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert out.read_bytes() == (second / "capture21_second.json").read_bytes()
    rows = json.loads(out.read_text())["exchanges"]
    assert [(x["id"], x["delta"]) for x in rows] == [(x["id"], x["delta"]) for x in exchanges("capture21.json")]
    for x in rows:
        assert x["agent_facts"].startswith("[") and (x["agent_facts"] == "[]") == (not x["facts"]), x["id"]
        for fact in x["facts"]:
            assert fact["kind"] in KINDS and all(t in fact["description"].lower() for t in fact["terms"]), x["id"]
            assert all(r in x["delta"].lower() for r in fact["rejects"]), (x["id"], fact)


@pytest.mark.parametrize("name", ["capture11.json", "capture12.json", "capture13.json", "capture14.json",
                                  "capture15.json", "capture16.json", "capture17.json",
                                  "capture18.json", "capture19.json", "capture20.json", "capture21.json",
                                  "capture22.json", "capture23.json"])
def test_a_blind_set_is_large_varied_and_about_a_quarter_noise(name):
    ex = exchanges(name)
    repos = {"/".join(x["source"].split("/")[1:3]).lower() for x in ex}
    forms = {x["source"].split("/")[3] for x in ex}
    noise = sum(1 for x in ex if not x["expected"])
    assert len(ex) >= 100 and len(repos) == len(ex) >= 80
    assert forms == {"issues", "pull", "commit", "blob"}
    assert 0.25 <= noise / len(ex) <= 0.30
    assert all(x["split"] == "heldout" for x in ex)

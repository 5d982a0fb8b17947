"""How memories.json was made (a fourth recall set, written blind: see README.md).

    python bench/data/recall4/build.py RFCS_REPO > bench/data/recall4/memories.json
    python bench/data/recall4/build.py --split bench/data/recall4/questions.json   # (re)draws each split

RFCS_REPO is a clone of buildpacks/rfcs (the Cloud Native Buildpacks project's RFCs, text/). Each memory is an
RFC's name (its `- Name:` metadata line) plus the first sentences (about 300 characters) of its Summary
(`description`) and of its Motivation (`rationale`), markdown removed, no other edit. Kept: every RFC whose
status is Implemented or Approved; Superseded, Draft and On Hold ones (and 0035, which has no metadata) decided
nothing that holds now.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import clean, command_line, git, print_memories, section, sentences, slug

RFCS_COMMIT = "9efea82cc3023dae597f7d1593f928b6a686931b"
STATUS = {"Implemented", "Approved"}
# Three early RFCs (0005, 0007, 0009) have no Summary: their "What it is" states the decision; the user-research
# RFC (0071) states it under "Objectives" and its context under "Background".
DECISION = ["Summary", "What it is", "Objectives"]
CONTEXT = ["Motivation", "Background"]


def meta(text: str, key: str) -> str:
    m = re.search(r"^- " + key + r":\s*(.*?)\s*(<!--.*)?$", text, re.M)
    return m.group(1).strip() if m else ""


def memory(number: str, text: str, source: str) -> dict:
    title = clean(meta(text, "Name").replace("\\_", "_")).rstrip(".")
    # "[summary]: #summary" anchors under each heading are no sentences, nor is an italic note opening a
    # section (0096: "*NOTE: This proposal is part of a larger initiative ...*")
    body_text = re.sub(r"^\[[^\]]+\]:\s*#\S*\s*$", "", text, flags=re.M)
    body_text = re.sub(r"^\*NOTE:[^\n]*\*\s*$", "", body_text, flags=re.M)
    body = sentences(section(body_text, DECISION), 300)
    why = sentences(section(body_text, CONTEXT), 300)
    if why == body or why == "N/A":  # 0055's Motivation is "N/A"
        why = ""
    return {"entity": f":decision/cnb-{number}-{slug(title)}", "description": f"{title}. {body}".strip(),
            "rationale": why, "source": source}


# Stated in the RFCs' metadata, between two kept RFCs: 0122 (2023H2 roadmap) "Supersedes: RFC 0118" (2023H1).
# The other Supersedes lines name RFCs that are themselves Superseded, so not kept.
EDGES = {"0122": {"supersedes": "0118"}}


def main(repo: str) -> None:
    out = []
    numbers = {}
    for name in git(repo, "ls-tree", "--name-only", f"{RFCS_COMMIT}:text").split():
        m = re.fullmatch(r"(\d{4})-.*\.md", name)
        if not m:
            continue
        text = git(repo, "show", f"{RFCS_COMMIT}:text/{name}")
        if meta(text, "Status") not in STATUS:
            continue
        mem = memory(str(int(m.group(1))), text, f"buildpacks/rfcs:text/{name}")
        numbers[m.group(1)] = mem["entity"]
        out.append(mem)
    for mem in out:
        number = re.search(r"cnb-(\d+)-", mem["entity"]).group(1).zfill(4)
        for key, target in EDGES.get(number, {}).items():
            mem[key] = numbers[target]
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

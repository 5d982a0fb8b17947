"""How memories.json was made (a seventh recall set, written blind: see README.md).

    python bench/data/recall7/build.py NUMPY_REPO > bench/data/recall7/memories.json
    python bench/data/recall7/build.py --split bench/data/recall7/questions.json   # (re)draws each split

NUMPY_REPO is a clone of numpy/numpy (BSD-3-Clause). Its decisions are of two kinds, both read at NUMPY_COMMIT:
- the NumPy Enhancement Proposals of doc/neps/ that the third set (bench/data/recall3) did not use: every NEP
  whose status is not Final, Accepted or Active, and NEP 0 (the process) — deferred, rejected, withdrawn,
  superseded and draft proposals. Each memory is made as the third set made its NEPs (recall3/build.py's own
  functions: title plus the first sentences of "Abstract" or "Executive summary", else of the first paragraph,
  as `description`; of "Motivation and scope", "Motivation", "Rationale" or "Background" as `rationale`), with
  one addition: the NEP's number and status (and what replaced it) after the title, since a rejected or
  deferred proposal's abstract alone reads as if it were decided;
- decision-stating commits (a deprecation, a removal, a switch, a revert, a rule of the project's, with a body
  saying why; listed in COMMITS): the subject without its tags ("DEP:", "MAINT, API:") and pull-request number,
  plus the first sentences (about 300 characters) of the body's prose (the squashed commits' "* subject" lines,
  trailers, "Closes/Fixes" lines dropped) as `description`, and the sentences after them (about 300 characters)
  as `rationale`. No other edit.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import clean, command_line, git, print_memories, sentences, set_builder, slug

HERE = Path(__file__).resolve().parent

recall3 = set_builder("recall3")

NUMPY = "numpy/numpy"
NUMPY_COMMIT = "1f90bbb55e"  # the third set's commit too
NEP_DECISION = recall3.NEP_DECISION
NEP_CONTEXT = recall3.NEP_CONTEXT
USED_STATUS = recall3.NEP_STATUS  # the statuses the third set took (all but NEP 0)

# Commits whose message states a decision and why (picked by reading `git log` for deprecations, removals,
# switches and reverts with a body of prose; hashes abbreviated, each checked by `git show`).
COMMITS = [
    "feeaad6bfc", "cd20e7c081", "4a1ca7d971", "3d4aed3cfe", "6bd3abfadd", "10908c5fd1", "aebf386626",
    "290a0345c8", "af4b110273", "1c8efa16b2", "e0d27e3818", "1be88ff070", "03d489735e", "34776f4c86",
    "822665c9c3", "6160c58aed", "83867fb042", "304612a884", "a63b5ea37d", "a9ae89c38e", "e1d875f45f",
    "3ed0e5ad76", "320de475a2", "f75bb0edb0", "d4de105d84", "6736c78639", "86d2a87cf9", "0884dab487",
    "ac624d012c", "fd9c3efc2d", "701119ee01", "dedc0954e7", "43bc819f9f", "393a3a452e", "396ece3d42",
    "c7fcd4c32c", "bc143e02a2", "3d49d86e0c", "ed6c0dd342", "ef387dcb3c", "7412b85a1b", "2bf1920ce2",
    "9451faa445", "3ab221383b", "426114879d", "8ffde7f488", "f0c9703bd4", "05a15c8b62",
    "df259db01e", "127ae2f54d", "75a2c03a08", "3ebc34878f", "05b5335ecf", "1350b46714", "8a92eb41e4",
    "b074b21c32", "ad174001a8",
]
DROP_LINE = re.compile(r"^\s*(\*\s|Co-authored-by|Signed-off-by|Closes\b|Fixes\b|Reverts\b|See gh-|\[ci skip\]"
                       r"|\[skip |\(cherry picked|-{3,}\s*$)", re.I)


def nep(repo: str, name: str, number: str) -> dict | None:
    raw = recall3.show(repo, NUMPY_COMMIT, f"doc/neps/{name}")
    status = re.search(r"^:Status:\s*(\w+)", raw, re.M)
    assert status, name
    if status.group(1) in USED_STATUS and number != "0000":
        return None  # the third set's
    replaced = re.search(r"^:Replaced-By:\s*:ref:`NEP(\d+)`", raw, re.M)
    text = recall3.rst_to_md(raw)
    heading = re.search(r"^#\s*(.+)$", text, re.M)
    assert heading, name
    title = clean(re.sub(r"^NEP\s*\d+\s*[—–-]+\s*", "", heading.group(1)))
    made = recall3.memory("nep", str(int(number)), title, text, NEP_DECISION, NEP_CONTEXT, f"{NUMPY}:doc/neps/{name}")
    state = status.group(1) + (f" by NEP {replaced.group(1)}" if replaced else "")
    made["description"] = made["description"].replace(f"{title}. ", f"{title} (NEP {int(number)}, {state}). ", 1)
    return made


def commit(repo: str, sha: str) -> dict:
    message = git(repo, "log", "-1", "--format=%B", sha)
    subject, _, body = message.strip().partition("\n\n")  # a subject may go on to a second line
    subject = " ".join(subject.split())
    subject = re.sub(r"^(?:[A-Z]+[,/ ]*)+:\s*(?:(?:lib|core):\s*)?", "", subject)  # DEP:, MAINT, API:, DEP: lib:
    subject = re.sub(r"\s*\((?:#|gh-)\d+\)\s*$", "", subject).strip()
    subject = re.sub(r"\s*\(cf\. [^)]*\)", "", subject).rstrip(".")
    lines = [line for line in body.split("\n") if not DROP_LINE.match(line)]
    prose = clean("\n".join(lines))
    what = sentences(prose, 300)
    why = sentences(prose[len(what):].strip(), 300)
    return {"entity": f":decision/numpy-commit-{sha[:7]}-{slug(subject)}",
            "description": f"{subject[:1].upper() + subject[1:]}. {what}".strip(), "rationale": why,
            "source": f"{NUMPY}@{git(repo, 'rev-parse', sha).strip()}"}


def main(repo: str) -> None:
    assert git(repo, "merge-base", "--is-ancestor", NUMPY_COMMIT, "HEAD") == ""
    used = {m["source"] for m in json.loads((HERE.parent / "recall3" / "memories.json").read_text())}
    out = []
    for name in recall3.ls(repo, NUMPY_COMMIT, "doc/neps"):
        found = re.fullmatch(r"nep-(\d{4})(?:-.*)?\.rst", name)
        if found:
            made = nep(repo, name, found.group(1))
            if made:
                assert made["source"] not in used, name
                out.append(made)
    for sha in COMMITS:
        git(repo, "merge-base", "--is-ancestor", sha, NUMPY_COMMIT)  # raises if not in the history ingested
        out.append(commit(repo, sha))
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

"""How memories.json was made (a fifth recall set, written blind: see README.md).

    python bench/data/recall5/build.py RFCS_REPO > bench/data/recall5/memories.json
    python bench/data/recall5/build.py --split bench/data/recall5/questions.json   # (re)draws each split

RFCS_REPO is a clone of rust-lang/rfcs (the Rust project's accepted RFCs, text/: a file there is an RFC that was
merged, so accepted). Each memory is an RFC's name (its file name's words) plus the first sentences (about 300
characters) of its Summary (`description`) and of its Motivation (`rationale`), markdown removed, no other edit.
Kept: the RFCS below, chosen by their file names before any was read (language features, tooling and editions that
an IDE such as rust-analyzer, the codebase beside, has to know).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import command_line, git, print_memories, section, sentences, slug

RFCS_COMMIT = "354518a8c9025f40be6f730452c1bfe71a12dc22"
RFCS = ["0135", "0141", "0160", "0195", "0214", "0243", "0453", "0911", "1210", "1216", "1317", "1444", "1522",
        "1525", "1566", "1598", "1624", "1682", "1733", "1937", "1940", "1946", "2000", "2005", "2008", "2046",
        "2052", "2094", "2103", "2113", "2126", "2128", "2151", "2166", "2229", "2289", "2349", "2359", "2361",
        "2383", "2394", "2457", "2476", "2495", "2497", "2515", "2535", "2582", "2585", "2591", "2795", "2909",
        "2912", "2920", "3013", "3058", "3101", "3107", "3137", "3151", "3185", "3324", "3348", "3425", "3498",
        "3513", "3617", "3668"]
DECISION = ["Summary"]
CONTEXT = ["Motivation", "Motivation and overview", "Background"]


def memory(number: str, name: str, text: str, source: str) -> dict:
    title = name[len(number) + 1: -len(".md")].replace("_", "-").replace("-", " ").strip()
    title = title[:1].upper() + title[1:]
    # "[summary]: #summary" anchors under each heading are no sentences
    body_text = re.sub(r"^\[[^\]]+\]:\s*#\S*\s*$", "", text, flags=re.M)
    body = sentences(section(body_text, DECISION), 300)
    why = sentences(section(body_text, CONTEXT), 300)
    if why == body:
        why = ""
    return {"entity": f":decision/rust-{int(number)}-{slug(title)}", "description": f"{title}. {body}".strip(),
            "rationale": why, "source": source}


def main(repo: str) -> None:
    out = []
    names = {n.split("/")[-1][:4]: n.split("/")[-1]
             for n in git(repo, "ls-tree", "--name-only", f"{RFCS_COMMIT}:text").split() if n.endswith(".md")}
    for number in RFCS:
        name = names[number]
        text = git(repo, "show", f"{RFCS_COMMIT}:text/{name}")
        out.append(memory(number, name, text, f"rust-lang/rfcs:text/{name}"))
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

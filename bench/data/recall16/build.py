"""How memories.json was made (a sixteenth recall set, written blind: see README.md).

    python bench/data/recall16/build.py VECTOR_REPO > bench/data/recall16/memories.json
    python bench/data/recall16/build.py --split bench/data/recall16/questions.json   # (re)draws each split

VECTOR_REPO is a clone of vectordotdev/vector (MPL-2.0), whose `rfcs/` holds the project's Requests for Comments
beside its own code. An RFC is merged into `rfcs/` once at least three of the Vector team approve it (rfcs/README.md).
Each file opens with a title ("# RFC 9477 - 2021-10-14 - Buffer Improvements"), then a paragraph saying what it
proposes, then the template's sections (which changed over the years: Motivation or Pain, Scope, Proposal or
Internal Proposal, Rationale, Drawbacks, Prior Art, Alternatives, Outstanding Questions, Plan Of Attack). Taken at
VECTOR_COMMIT: every RFC of `rfcs/` but the template, the README and the one marked archived (2685, the Docker dev
environment, since removed) — 73. Each memory is the title without its "RFC <number> - <date> -" prefix, then the
first sentences (about 300 characters) of the opening paragraph as `description` (of Summary or the proposal
section where an RFC has none: 2768, 2625, 2744, 3325), and of Motivation (else Pain, else Rationale, else Goals) as
`rationale`, markdown removed by the shared cleaner (bench/data/adrtext.py) and the sixth set's section reader
(recall6/build.py: sub-headings kept as sentences, a list's items ended by ";", hard-wrapped lines joined), as the
eighth to fifteenth sets did; HTML comments and fenced code blocks are dropped first, and a heading's outline number
("## 1.2. Motivation", in 3645) before the sections are found. No other edit.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import clean, command_line, git, print_memories, sentences, set_builder, slug, used_sources

HERE = Path(__file__).resolve().parent

recall6 = set_builder("recall6")

VECTOR = "vectordotdev/vector"  # both the RFCs and the code ingested beside (README.md)
VECTOR_COMMIT = "c3445d42d2799eb9afe102b71cba7ae96a80942b"
RFC = re.compile(r"rfcs/(\d{4}-\d{1,2}-\d{1,2})-([^/]+)\.md")
ARCHIVED = re.compile(r"^>\s*\*\*Archived:?\*\*", re.M)
PREFIX = "vector-rfc"
DECISION = ["Summary", "Proposal", "Guide-Level Proposal", "Guide Level Proposal", "Doc-level Proposal"]
CONTEXT = ["Motivation", "Pain", "Rationale", "Goals"]
ENDS = ".!?:;"
TITLE = re.compile(r"^(?:\d+\.\s*)?RFC\s*#?\s*(?:\d{4}-\d{2}-\d{2}|\d*)\s*-?\s*(?:\d{4}-\d{2}-\d{2}\s*-?\s*)?", re.I)
CONTENTS = re.compile(r"^[ \t]*(?:[-*]|\d+\.)[ \t]*\[[^\]\n]*\]\(#[^)\n]*\)[ \t]*$\n?", re.M)  # a table of contents
RULE = re.compile(r"^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$", re.M)


def source(repo: str, path: str) -> str:
    return html.unescape(git(repo, "show", f"{VECTOR_COMMIT}:{path}"))


def opening(text: str) -> str:
    """The paragraphs between the title line and the first heading (what the RFC proposes, by the template)."""
    rest = text.split("\n", 1)[1] if "\n" in text else ""
    found = re.search(r"^#", rest, re.M)
    body = rest[: found.start()] if found else rest
    return clean(recall6.unwrap(body))


def record(repo: str, path: str) -> dict:
    text = re.sub(r"<!--.*?-->", "", source(repo, path), flags=re.S)
    text = re.sub(r"^\s*```.*?^\s*```[^\n]*$", "", text, flags=re.S | re.M)  # code, whose "# ..." is no heading
    text = RULE.sub("", CONTENTS.sub("", text))
    text = re.sub(r"^(#+)\s*\d+(?:\.\d+)*\.?\s+", r"\1 ", text.lstrip(), flags=re.M)  # "## 1.2. Motivation"
    found = RFC.fullmatch(path)
    assert found, path
    head = text.split("\n", 1)[0]
    assert head.startswith("#"), path
    title = TITLE.sub("", clean(head.lstrip("#"))).strip(" .:-")
    assert title, path
    body = sentences(opening(text) or recall6.section(text, DECISION), 300, ENDS)
    why = sentences(recall6.section(text, CONTEXT), 300, ENDS)
    assert body and why, path
    if why == body:
        why = ""
    return {"entity": f":decision/{PREFIX}-{slug(found.group(2))}",
            "description": f"{title}. {body}".strip(), "rationale": why,
            "source": f"{VECTOR}:{path}"}


def chosen(repo: str, path: str) -> bool:
    return bool(RFC.fullmatch(path)) and not ARCHIVED.search(source(repo, path))


def main(repo: str) -> None:
    used = used_sources(HERE, recall6.FIRST_SET | recall6.OUTSIDE)
    assert VECTOR.lower() not in used, "an earlier set drew from Vector"
    assert git(repo, "merge-base", "--is-ancestor", VECTOR_COMMIT, "HEAD") == ""
    paths = [p for p in git(repo, "ls-tree", "-r", "--name-only", VECTOR_COMMIT, "rfcs/").split("\n") if chosen(repo, p)]
    out = [record(repo, path) for path in sorted(paths)]
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

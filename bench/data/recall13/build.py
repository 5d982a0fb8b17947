"""How memories.json was made (a thirteenth recall set, written blind: see README.md).

    python bench/data/recall13/build.py MSC_REPO > bench/data/recall13/memories.json
    python bench/data/recall13/build.py --split bench/data/recall13/questions.json   # (re)draws each split

MSC_REPO is a clone of matrix-org/matrix-spec-proposals (Apache-2.0), the Matrix Spec Change proposals (MSCs). Its
README says what a record is ("The proposals directory contains MSCs which have been accepted"), so every file of
`proposals/` is an accepted decision. Taken at MSC_COMMIT: every proposal numbered 3800 and above (opened from
mid-2022 on, the years of matrix-org/matrix-js-sdk's history that the code beside holds most of: README.md), but
MSC3923, which changes the spec process (bringing Matrix into the IETF) and not the protocol. Each file opens with
its title ("# MSC3816: Clarify Thread Participation"; two use "## " for it and "### " for their sections), an
introduction without a heading (the problem, sometimes the gist), then the template's sections: Proposal, Potential
issues, Alternatives, Security considerations, Unstable prefix, Dependencies. Each memory is the title, then the
first sentences (about 300 characters) of Proposal (else the introduction: the room-version MSCs have no Proposal)
as `description`, and of the introduction (else Background, Introduction, Problem, Rationale, High level overview,
Proposal Overview) as `rationale`, markdown removed by the shared cleaner (bench/data/adrtext.py) and the sixth set's
section reader (recall6/build.py: sub-headings kept as sentences, a list's items ended by ";", hard-wrapped lines
joined), as the eighth to twelfth sets did; HTML comments and fenced code blocks are dropped before the sections
are found. No other edit.
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
recall12 = set_builder("recall12")  # its title reader: the first line with words, a markdown heading's too

MSC_REPO = "matrix-org/matrix-spec-proposals"
JS_SDK = "matrix-org/matrix-js-sdk"  # the code ingested beside (README.md): no set drew from it either
MSC_COMMIT = "82e3177050e684fd4839edcc6a61583262f31c99"
PROPOSAL = re.compile(r"proposals/(\d{4})-[^/]+\.md")
FIRST = 3800
PROCESS = {3923}  # Bringing Matrix into the IETF process: the spec's process, not the protocol
PREFIX = "msc"
DECISION = ["Proposal"]
CONTEXT = ["Background", "Introduction", "Problem", "Rationale", "High level overview", "Proposal Overview"]
ENDS = ".!?:;"


def introduction(text: str) -> str:
    """The text between the title and the first heading after it (the MSC template has it without a heading)."""
    body = re.split(r"^#+\s", text.split("\n", 1)[1] if "\n" in text else "", maxsplit=1, flags=re.M)[0]
    return clean(recall6.unwrap(body))


def record(repo: str, path: str) -> dict:
    text = re.sub(r"<!--.*?-->", "", html.unescape(git(repo, "show", f"{MSC_COMMIT}:{path}")), flags=re.S)
    text = re.sub(r"^\s*```.*?^\s*```[^\n]*$", "", text, flags=re.S | re.M)  # code, whose "# ..." is no heading
    text = text.lstrip()
    name = Path(path).name[: -len(".md")]
    intro = introduction(text)
    body = sentences(recall6.section(text, DECISION) or intro, 300, ENDS)
    why = sentences(intro or recall6.section(text, CONTEXT), 300, ENDS)
    assert body, path
    if why == body:
        why = ""
    return {"entity": f":decision/{PREFIX}-{slug(name)}",
            "description": f"{recall12.title(text, name)}. {body}".strip(), "rationale": why,
            "source": f"{MSC_REPO}:{path}"}


def main(repo: str) -> None:
    used = used_sources(HERE, recall6.FIRST_SET | recall6.OUTSIDE)
    assert MSC_REPO.lower() not in used and JS_SDK.lower() not in used, "an earlier set drew from Matrix"
    assert not any(r.startswith("matrix-org/") for r in used), "an earlier set drew from matrix-org"
    assert git(repo, "merge-base", "--is-ancestor", MSC_COMMIT, "HEAD") == ""
    paths = [p for p in git(repo, "ls-tree", "-r", "--name-only", MSC_COMMIT, "proposals/").split("\n")
             if (m := PROPOSAL.fullmatch(p)) and int(m.group(1)) >= FIRST and int(m.group(1)) not in PROCESS]
    out = [record(repo, path) for path in sorted(paths, key=lambda p: int(PROPOSAL.fullmatch(p).group(1)))]
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

"""How memories.json was made (a twelfth recall set, written blind: see README.md).

    python bench/data/recall12/build.py GRPC_PROPOSAL_REPO > bench/data/recall12/memories.json
    python bench/data/recall12/build.py --split bench/data/recall12/questions.json   # (re)draws each split

GRPC_PROPOSAL_REPO is a clone of grpc/proposal (Apache-2.0), gRPC's design proposals (gRFCs). Its README says what a
record is ("All proposals merged into the repo are considered 'approved' and either implemented or ready to
implement"), so every proposal file is an accepted decision whatever its own Status line says (many keep the
template's "{Draft, In Review, Ready for Implementation, Implemented}"). Taken at GRPC_PROPOSAL_COMMIT: every
proposal that concerns the code beside (grpc/grpc-go, README.md): the `A` ones (they affect all languages), the `G`
ones (the protocol) and the two Go ones (`L7-go-…`, `L9-go-…`); not the other languages' `L` proposals nor the `P`
process ones. Each file opens with its title underlined by "----", its metadata list (Author(s), Approver, Status,
Implemented in, Last updated, Discussion at), then the template's sections: Abstract, Background, Proposal,
Rationale, Implementation (a few underline their section headings too: made "## " headings first). Each memory is the title, then the first sentences (about 300 characters) of Abstract
(else Proposal, Solution, Overview) as `description`, and of Background (else Motivation) as `rationale`, markdown
removed by the shared cleaner (bench/data/adrtext.py) and the sixth set's section reader (recall6/build.py:
sub-headings kept as sentences, a list's items ended by ";", hard-wrapped lines joined), as the eighth to eleventh
sets did; fenced code blocks are dropped before the sections are found. No other edit.
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

GRPC_PROPOSAL = "grpc/proposal"
GRPC_GO = "grpc/grpc-go"  # the code ingested beside (README.md): no set drew from it either
GRPC_PROPOSAL_COMMIT = "1fd061ad8e7c46422b326e5a60cf68d042476205"
PROPOSALS = re.compile(r"(A\d+|G\d+|L\d+-go)-[^/]+\.md")
PREFIX = "grfc"
DECISION = ["Abstract", "Proposal", "Solution", "Overview"]
CONTEXT = ["Background", "Motivation"]
ENDS = ".!?:;"


def title(text: str, name: str) -> str:
    """The first line with words, the proposal's title (underlined by "----", or a markdown heading)."""
    for line in text.split("\n"):
        line = clean(re.sub(r"^#+\s*", "", line)).strip(" .:")
        if re.search(r"\w", line):
            return line
    return name.replace("-", " ")


def record(repo: str, path: str) -> dict:
    text = re.sub(r"<!--.*?-->", "", html.unescape(git(repo, "show", f"{GRPC_PROPOSAL_COMMIT}:{path}")), flags=re.S)
    text = re.sub(r"^\s*```.*?^\s*```[^\n]*$", "", text, flags=re.S | re.M)  # code, whose "# ..." is no heading
    # a heading underlined by "----" or "====" (the title, and some proposals' sections: "Abstract\n----") is one
    text = re.sub(r"^([^#\s][^\n]*)\n[ \t]*(?:-{3,}|={3,})[ \t]*$", r"## \1", text, flags=re.M)
    name = path[: -len(".md")]
    body = sentences(recall6.section(text, DECISION), 300, ENDS)
    why = sentences(recall6.section(text, CONTEXT), 300, ENDS)
    assert body, path
    if why == body:
        why = ""
    return {"entity": f":decision/{PREFIX}-{slug(name)}",
            "description": f"{title(text, name)}. {body}".strip(), "rationale": why,
            "source": f"{GRPC_PROPOSAL}:{path}"}


def main(repo: str) -> None:
    used = used_sources(HERE, recall6.FIRST_SET | recall6.OUTSIDE)
    assert GRPC_PROPOSAL.lower() not in used and GRPC_GO.lower() not in used, "an earlier set drew from gRPC"
    assert git(repo, "merge-base", "--is-ancestor", GRPC_PROPOSAL_COMMIT, "HEAD") == ""
    paths = [p for p in git(repo, "ls-tree", "--name-only", GRPC_PROPOSAL_COMMIT).split("\n") if PROPOSALS.fullmatch(p)]
    out = [record(repo, path) for path in sorted(paths, key=lambda p: (p[0], int(re.match(r".(\d+)", p).group(1))))]
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

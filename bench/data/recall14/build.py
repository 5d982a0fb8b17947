"""How memories.json was made (a fourteenth recall set, written blind: see README.md).

    python bench/data/recall14/build.py SPEC_REPO > bench/data/recall14/memories.json
    python bench/data/recall14/build.py --split bench/data/recall14/questions.json   # (re)draws each split

SPEC_REPO is a clone of open-telemetry/opentelemetry-specification (Apache-2.0), whose `oteps/` folder holds the
OpenTelemetry Enhancement Proposals (OTEPs), moved there from open-telemetry/oteps in late 2024 (OTEP 0266). Its
README says an OTEP is merged once approved ("documents of intent" until the specification takes them in), so every
file there but the template and the README is an accepted decision. Taken at SPEC_COMMIT: every OTEP (79), in every
sub-folder (entities, experimental, logs, metrics, profiles, trace). Each file opens with its title ("# Named
Tracers and Meters"), a short summary without a heading (the template's "Short (one sentence) summary", something
fit for a changelog), then the template's sections: Motivation, Explanation, Internal details, Trade-offs and
mitigations, Prior art and alternatives, Open questions, Future possibilities. Each memory is the title, then the
first sentences (about 300 characters) of the summary (else Explanation, Proposal, Summary, TL;DR, Overview,
Introduction) as `description`, and of Motivation (else the summary, when it was not used already) as `rationale`,
markdown removed by the shared cleaner (bench/data/adrtext.py) and the sixth set's section reader
(recall6/build.py: sub-headings kept as sentences, a list's items ended by ";", hard-wrapped lines joined), as the
eighth to thirteenth sets did; HTML comments and fenced code blocks are dropped before the sections are found. No
other edit.
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

SPEC_REPO = "open-telemetry/opentelemetry-specification"
OTEPS = "open-telemetry/oteps"  # where the OTEPs were kept until OTEP 0266 moved them
OTEL_PYTHON = "open-telemetry/opentelemetry-python"  # the code ingested beside (README.md): no set drew from it either
SPEC_COMMIT = "1377f53b2bc0683c45169b8f20fd973eb4d59419"
OTEP = re.compile(r"oteps/(?:[a-z]+/)?(\d{4})-[^/]+\.md")
PREFIX = "otep"
DECISION = ["Explanation", "Proposal", "Summary", "TL;DR", "Overview", "Introduction", "Guidelines"]
CONTEXT = ["Motivation", "Purpose", "Why?"]
ENDS = ".!?:;"
CONTENTS = re.compile(r"^\s*([-*+]\s*\[[^\]]*\]\(#[^)]*\)|-{3,})\s*$", re.M)  # a table of contents' line, a rule
BYLINE = re.compile(r"^\**(Status|Author|Keywords|Related OTEPs|Original author)\**:.*$", re.M | re.I)


def summary(text: str) -> str:
    """The text between the title and the first heading after it (the OTEP template's one-sentence summary), less
    a table of contents and the status, author, keyword and related-OTEP lines some put there."""
    body = re.split(r"^#+\s", text.split("\n", 1)[1] if "\n" in text else "", maxsplit=1, flags=re.M)[0]
    return clean(BYLINE.sub("", recall6.unwrap(CONTENTS.sub("", body))))


def record(repo: str, path: str) -> dict:
    text = re.sub(r"<!--.*?-->", "", html.unescape(git(repo, "show", f"{SPEC_COMMIT}:{path}")), flags=re.S)
    text = re.sub(r"^\s*```.*?^\s*```[^\n]*$", "", text, flags=re.S | re.M)  # code, whose "# ..." is no heading
    text = text.lstrip()
    name = Path(path).name[: -len(".md")]
    gist = summary(text)
    body = sentences(gist or recall6.section(text, DECISION) or recall6.section(text, CONTEXT), 300, ENDS)
    why = sentences(recall6.section(text, CONTEXT) or gist, 300, ENDS)
    assert body, path
    if why == body:
        why = ""
    return {"entity": f":decision/{PREFIX}-{slug(name)}",
            "description": f"{recall12.title(text, name)}. {body}".strip(), "rationale": why,
            "source": f"{SPEC_REPO}:{path}"}


def main(repo: str) -> None:
    used = used_sources(HERE, recall6.FIRST_SET | recall6.OUTSIDE)
    assert not {SPEC_REPO.lower(), OTEPS.lower(), OTEL_PYTHON.lower()} & used, "an earlier set drew from OpenTelemetry"
    assert git(repo, "merge-base", "--is-ancestor", SPEC_COMMIT, "HEAD") == ""
    paths = [p for p in git(repo, "ls-tree", "-r", "--name-only", SPEC_COMMIT, "oteps/").split("\n") if OTEP.fullmatch(p)]
    paths = [p for p in paths if OTEP.fullmatch(p).group(1) != "0000"]  # the template
    out = [record(repo, path) for path in sorted(paths, key=lambda p: int(OTEP.fullmatch(p).group(1)))]
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

"""How memories.json was made (an eleventh recall set, written blind: see README.md).

    python bench/data/recall11/build.py NUGET_HOME_REPO > bench/data/recall11/memories.json
    python bench/data/recall11/build.py --split bench/data/recall11/questions.json   # (re)draws each split

NUGET_HOME_REPO is a clone of NuGet/Home (Apache-2.0), the home of the NuGet client's issues and of its design
proposals: the NuGet package manager for .NET (NuGet.exe, `dotnet` CLI commands, restore and pack in MSBuild, the
Visual Studio Package Manager UI, the nuget.org gallery). Its decisions are the designs the proposal process put in a
year's folder, read at NUGET_HOME_COMMIT: every `.md` under accepted/2020 to accepted/2024 (55) and implemented/2021
to implemented/2024 (5), not the folders' README nor accepted/archive (31 older designs, kept apart by the project).
The folder says what they are (accepted/README.md: "When a proposal has been accepted, it will be scheduled for work
and upon completion be moved to implemented"), so accepted or implemented; no status is added. Their headings vary
(the later template's Summary and Motivation, an older one's Problem Background and Solution, a product template's
"Description: What is it?" and "Problem: What problem is this solving?"), so each memory is the design's title (its
first level-one heading, or its file name's words where that heading is the template's "Title" or "Spec Name" or
missing), then the first sentences (about 300 characters) of the first of DECISION's sections it has (else of the
text before its first section heading, else its first section) as `description`, and of the first of CONTEXT's as
`rationale`, markdown removed by the shared cleaner (bench/data/adrtext.py) and the sixth set's section reader
(recall6/build.py: sub-headings kept as sentences, a list's items ended by ";", a heading's words after the name
kept as a sentence), as the eighth to tenth sets did; fenced code blocks are dropped before the sections are found.
No other edit.
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

NUGET_HOME = "NuGet/Home"
NUGET_CLIENT = "NuGet/NuGet.Client"  # the code ingested beside (README.md): no set drew from it either
NUGET_HOME_COMMIT = "f7a4b5e6b0f48776f80a2782436204a2b86531b5"
FOLDERS = re.compile(r"(accepted|implemented)/20\d\d/.+\.md")
PREFIX = "nuget-design"
DECISION = ["Summary", "Description", "Solution", "Solution Details", "Solution overview", "Proposal", "Goals"]
CONTEXT = ["Motivation", "Problem Background", "Problem", "Issue", "Background", "Why"]
PLACEHOLDERS = {"title", "spec name"}  # the template's first heading, left as it was
# a design's metadata, a list item before its text: "- Status: Implemented", "* Author(s): ...", "- Start Date 2021-04-01"
METADATA = re.compile(r"^[ \t]*[-*][ \t]+\**(?:Status|Authors?|Author\(s\)|Author Name|Start Date|GitHub Issue|GitHub PR"
                      r"|Issue(?=\**:))\b[^\n]*\n", re.M)
ENDS = ".!?:;"


def lead(text: str) -> str:
    """The text between the first level-one heading and the first heading after it (else the first section's)."""
    body = re.sub(r"^#\s[^\n]*\n", "", text, count=1, flags=re.M)
    before = re.split(r"^#+\s", body, maxsplit=1, flags=re.M)[0]
    if clean(before):
        return clean(before)
    heading = re.search(r"^#+\s*(.+?)\s*$", body, re.M)
    return recall6.section(body, [heading.group(1)]) if heading else ""


def record(repo: str, path: str) -> dict:
    text = re.sub(r"<!--.*?-->", "", html.unescape(git(repo, "show", f"{NUGET_HOME_COMMIT}:{path}")), flags=re.S)
    text = re.sub(r"^\s*```.*?^\s*```[^\n]*$", "", text, flags=re.S | re.M)  # code, whose "# ..." is no heading
    text = METADATA.sub("", text)
    folder, year, *_ = path.split("/")
    name = path.rsplit("/", 1)[1][: -len(".md")]
    words = re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("Nu Get", "NuGet").replace("-", " ").replace("_", " ").strip()
    heading = re.search(r"^#\s+(.+)$", text, re.M)
    title = clean(heading.group(1)).strip(" .:") if heading else ""
    if not title or title.lower() in PLACEHOLDERS:
        title = words[:1].upper() + words[1:]
    body = sentences(recall6.section(text, DECISION) or lead(text), 300, ENDS)
    why = sentences(recall6.section(text, CONTEXT), 300, ENDS)
    assert body, path
    if why == body:
        why = ""
    return {"entity": f":decision/{PREFIX}-{year}-{slug(name)}",
            "description": f"{title}. {body}".strip(), "rationale": why,
            "source": f"{NUGET_HOME}:{path}"}


def main(repo: str) -> None:
    used = used_sources(HERE, recall6.FIRST_SET | recall6.OUTSIDE)
    assert NUGET_HOME.lower() not in used and NUGET_CLIENT.lower() not in used, "an earlier set drew from NuGet"
    assert git(repo, "merge-base", "--is-ancestor", NUGET_HOME_COMMIT, "HEAD") == ""
    paths = [p for p in git(repo, "ls-tree", "-r", "--name-only", NUGET_HOME_COMMIT).split("\n") if FOLDERS.fullmatch(p)]
    out = [record(repo, path) for path in sorted(paths)]
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

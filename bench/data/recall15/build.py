"""How memories.json was made (a fifteenth recall set, written blind: see README.md).

    python bench/data/recall15/build.py RFCS_REPO > bench/data/recall15/memories.json
    python bench/data/recall15/build.py --split bench/data/recall15/questions.json   # (re)draws each split

RFCS_REPO is a clone of emberjs/rfcs (MIT), the Ember project's Requests for Comments. Each file of `text/` opens
with YAML front matter (stage, start-date, release-date, teams, prs), then a title ("# Helper Managers"), then the
template's sections: Summary, Motivation, Detailed design (a deprecation's: Transition Path), How we teach this,
Drawbacks, Alternatives, Unresolved questions. A file is merged once its RFC is accepted, and its stage goes on from
there (accepted, ready-for-release, released, recommended; or discontinued, when it was given up). Taken at
RFCS_COMMIT: every RFC numbered 0600 and up whose teams include `framework` (the team that keeps emberjs/ember.js, the
code ingested beside) and whose stage is not `discontinued` — 77. Each memory is the title, then the first sentences
(about 300 characters) of Summary as `description`, and of Motivation as `rationale`, markdown removed by the shared
cleaner (bench/data/adrtext.py) and the sixth set's section reader (recall6/build.py: sub-headings kept as
sentences, a list's items ended by ";", hard-wrapped lines joined), as the eighth to fourteenth sets did; HTML
comments and fenced code blocks are dropped before the sections are found. One RFC (0748) has no title line: its
title is its file name's words. No other edit.
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

RFCS = "emberjs/rfcs"
EMBER = "emberjs/ember.js"  # the code ingested beside (README.md): no set drew from it either
RFCS_COMMIT = "5208fbf3d43e154488ab8c9b9b10f2b8eb447495"
RFC = re.compile(r"text/(\d{4})-[^/]+\.md")
FIRST = 600
PREFIX = "ember-rfc"
DECISION = ["Summary"]
CONTEXT = ["Motivation"]
ENDS = ".!?:;"
FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)


def front(text: str) -> tuple[str, list[str]]:
    """The front matter's stage and teams (a team is a list item under `teams:`, up to the next key)."""
    found = FRONT.match(text)
    assert found, "no front matter"
    stage = re.search(r"^stage:\s*([\w-]+)", found.group(1), re.M)
    teams = re.search(r"^teams:[^\n]*\n((?:[ \t]*(?:-[^\n]*|#[^\n]*)?\n)*)", found.group(1) + "\n", re.M)
    names = re.findall(r"^[ \t]*-[ \t]*([\w-]+)", teams.group(1), re.M) if teams else []
    return (stage.group(1) if stage else ""), names


def title(text: str, name: str) -> str:
    """The title heading above Summary, else the file name's words (0748 opens with its Summary)."""
    head = text.split("## Summary", 1)[0] if "## Summary" in text else ""
    found = re.search(r"^#\s+(.+)$", head, re.M)
    line = clean(found.group(1)).strip(" .:") if found else ""
    return line or re.sub(r"^\d{4}-", "", name).replace("-", " ")


def record(repo: str, path: str) -> dict:
    text = html.unescape(git(repo, "show", f"{RFCS_COMMIT}:{path}"))
    text = FRONT.sub("", text, count=1)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"^\s*```.*?^\s*```[^\n]*$", "", text, flags=re.S | re.M)  # code, whose "# ..." is no heading
    text = text.lstrip()
    name = Path(path).name[: -len(".md")]
    body = sentences(recall6.section(text, DECISION), 300, ENDS)
    why = sentences(recall6.section(text, CONTEXT), 300, ENDS)
    assert body, path
    if why == body:
        why = ""
    return {"entity": f":decision/{PREFIX}-{slug(name)}",
            "description": f"{title(text, name)}. {body}".strip(), "rationale": why,
            "source": f"{RFCS}:{path}"}


def chosen(repo: str, path: str) -> bool:
    found = RFC.fullmatch(path)
    if not found or int(found.group(1)) < FIRST:
        return False
    stage, teams = front(html.unescape(git(repo, "show", f"{RFCS_COMMIT}:{path}")))
    assert stage, path
    return "framework" in teams and stage != "discontinued"


def main(repo: str) -> None:
    used = used_sources(HERE, recall6.FIRST_SET | recall6.OUTSIDE)
    assert not {RFCS.lower(), EMBER.lower()} & used, "an earlier set drew from Ember"
    assert git(repo, "merge-base", "--is-ancestor", RFCS_COMMIT, "HEAD") == ""
    paths = [p for p in git(repo, "ls-tree", "-r", "--name-only", RFCS_COMMIT, "text/").split("\n") if chosen(repo, p)]
    out = [record(repo, path) for path in sorted(paths)]
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

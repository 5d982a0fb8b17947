"""How memories.json was made (a tenth recall set, written blind: see README.md).

    python bench/data/recall10/build.py OPENDAL_REPO > bench/data/recall10/memories.json
    python bench/data/recall10/build.py --split bench/data/recall10/questions.json   # (re)draws each split

OPENDAL_REPO is a clone of apache/opendal (Apache-2.0), Apache OpenDAL, one data-access layer in Rust over many
storage services (S3, GCS, Azure Blob, HDFS, the local file system, Redis and other key-value stores ...), with
bindings for Python, Java, Node.js, Go, C and more. Its decisions are the RFCs of core/core/src/docs/rfcs/, read at
OPENDAL_COMMIT: every record there (83) but the template (0000_example.md), the folder's README and its mod.rs. A
file there is an RFC whose pull request was merged (the README: the RFC is renamed to its pull request's number
"if the RFC is accepted"), so accepted; the records carry no status. They follow the Rust RFC template, as the
fifth set's did: each memory is the RFC's name (its file name's words), then its number ("(RFC 3911)", its pull
request's), then the first sentences (about 300 characters) of its Summary as `description`, and of its
Motivation as `rationale`, markdown removed by the shared cleaner (bench/data/adrtext.py) and the sixth set's
section reader (recall6/build.py: sub-headings kept as sentences, a list's items ended by ";"), as the eighth and
ninth sets did; fenced code blocks are dropped before the sections are found (a shell comment in one, "# scan a
dir", is no heading; the cleaner drops the blocks anyway). No other edit.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import command_line, git, print_memories, sentences, set_builder, slug, used_sources

HERE = Path(__file__).resolve().parent

recall6 = set_builder("recall6")

OPENDAL = "apache/opendal"
OPENDAL_COMMIT = "68a76e499f57fbf707de0bee9b33e47721c45eb6"
FOLDER = "core/core/src/docs/rfcs"
PREFIX = "opendal-rfc"
SKIP = {"0000_example.md", "README.md", "mod.rs"}  # the template, the process, the module that lists them
DECISION = ["Summary"]
CONTEXT = ["Motivation"]
ENDS = ".!?:;"


def record(repo: str, name: str) -> dict:
    text = git(repo, "show", f"{OPENDAL_COMMIT}:{FOLDER}/{name}")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"^\s*```.*?^\s*```[^\n]*$", "", text, flags=re.S | re.M)  # code, whose "# ..." is no heading
    number = int(re.match(r"(\d+)_", name).group(1))  # type: ignore[union-attr]
    words = name[: -len(".md")].split("_", 1)[1]
    title = words.replace("_", " ").strip()
    title = title[:1].upper() + title[1:]
    body = sentences(recall6.section(text, DECISION), 300, ENDS)
    why = sentences(recall6.section(text, CONTEXT), 300, ENDS)
    assert body, name
    if why == body:
        why = ""
    return {"entity": f":decision/{PREFIX}-{number:04d}-{slug(words)}",
            "description": f"{title} (RFC {number}). {body}".strip(), "rationale": why,
            "source": f"{OPENDAL}:{FOLDER}/{name}"}


def main(repo: str) -> None:
    used = used_sources(HERE, recall6.FIRST_SET | recall6.OUTSIDE)
    assert OPENDAL.lower() not in used, "an earlier set drew from this repository"
    assert git(repo, "merge-base", "--is-ancestor", OPENDAL_COMMIT, "HEAD") == ""
    out = []
    for name in git(repo, "ls-tree", "--name-only", f"{OPENDAL_COMMIT}:{FOLDER}/").split("\n"):
        if name and name not in SKIP:
            assert re.fullmatch(r"\d{4}_[a-z0-9_]+\.md", name), name
            out.append(record(repo, name))
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

"""How memories.json was made (a ninth recall set, written blind: see README.md).

    python bench/data/recall9/build.py JAMES_REPO > bench/data/recall9/memories.json
    python bench/data/recall9/build.py --split bench/data/recall9/questions.json   # (re)draws each split

JAMES_REPO is a clone of apache/james-project (Apache-2.0), Apache James, the Java mail server (SMTP, IMAP, JMAP,
POP3 over Cassandra, OpenSearch, RabbitMQ, S3, PostgreSQL or JPA). Its decisions are the architecture decision
records of src/adr/, read at JAMES_COMMIT: every record there (77; the folder holds no README nor template). Each
memory is the record's title, then its number and status ("(ADR 11, Rejected)"; the status where the record's
Status section starts with one, since a proposed or rejected record's decision alone reads as if it had been
done), then the first sentences (about 300 characters) of its "Decision" section as `description`, and of its
"Context" as `rationale`, markdown removed by the shared cleaner (bench/data/adrtext.py) and the sixth set's
section reader (recall6/build.py: a heading's sub-headings kept as sentences, list items ended by ";"), as the
eighth set did. No other edit.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import clean, command_line, git, print_memories, sentences, set_builder, slug, used_sources

HERE = Path(__file__).resolve().parent

recall6 = set_builder("recall6")

JAMES = "apache/james-project"
JAMES_COMMIT = "20bf8083e39be4a750f606e576a162087bb3f18a"
FOLDER = "src/adr"
PREFIX = "james-adr"
PLACEHOLDER = 20  # a decision section shorter than this says nothing yet
DECISION = ["Decision"]
CONTEXT = ["Context & Problem Statement", "Context"]
# The words James's Status sections start with ("Accepted (lazy consensus) & implemented", "Adopted (lazy
# consensus)", "Proposed, not implemented yet.", "Rejected (leads to concurrency issues)", "Not-Implemented")
STATUS = re.compile(r"^\W*(Accepted|Adopted|Implemented|Not-Implemented|Rejected|Proposed)\b", re.I)
ENDS = ".!?:;"


def record(repo: str, path: str) -> dict:
    text = re.sub(r"<!--.*?-->", "", git(repo, "show", f"{JAMES_COMMIT}:{path}"), flags=re.S)
    heading = re.search(r"^#(?!#)\s*(.+)$", text, re.M)  # "#46. Generalize EventBus" has no space
    assert heading, path
    name = path.rsplit("/", 1)[1][: -len(".md")]
    number = int(re.match(r"(\d+)-", name).group(1))  # type: ignore[union-attr]
    title = clean(re.sub(r"^\d+\.?\s*", "", heading.group(1).strip())).rstrip(".")
    status = STATUS.match(recall6.section(text, ["Status"]))
    state = f"ADR {number}, {status.group(1)[:1].upper() + status.group(1)[1:].lower()}" if status else f"ADR {number}"
    decided = recall6.section(text, DECISION)
    context = recall6.section(text, CONTEXT)
    assert decided or context, path
    if len(decided) < PLACEHOLDER:  # no decision written: the context says what the record is about
        body = sentences(context, 300, ENDS)
        why = sentences(context[len(body):].strip(), 300, ENDS)
    else:
        body = sentences(decided, 300, ENDS)
        why = sentences(context, 300, ENDS)
    if why == body:
        why = ""
    words = re.sub(r"^\d+-", "", name)
    return {"entity": f":decision/{PREFIX}-{number:03d}-{slug(words)}",
            "description": f"{title} ({state}). {body}".strip(), "rationale": why,
            "source": f"{JAMES}:{path}"}


def main(repo: str) -> None:
    used = used_sources(HERE, recall6.FIRST_SET | recall6.OUTSIDE)
    assert JAMES.lower() not in used, "an earlier set drew from this repository"
    # Linagora, whose engineers write most of James, keeps a fork (linagora/james-project) and its own products
    assert not any(name.startswith("linagora/") for name in used), "an earlier set drew from Linagora's James"
    assert git(repo, "merge-base", "--is-ancestor", JAMES_COMMIT, "HEAD") == ""
    out = []
    for name in git(repo, "ls-tree", "--name-only", f"{JAMES_COMMIT}:{FOLDER}").split("\n"):
        if name.endswith(".md"):
            out.append(record(repo, f"{FOLDER}/{name}"))
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

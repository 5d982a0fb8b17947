"""How memories.json was made (an eighth recall set, written blind: see README.md).

    python bench/data/recall8/build.py COMETBFT_REPO > bench/data/recall8/memories.json
    python bench/data/recall8/build.py --split bench/data/recall8/questions.json   # (re)draws each split

COMETBFT_REPO is a clone of cometbft/cometbft (Apache-2.0), the Go consensus engine formerly Tendermint Core. Its
decisions are the architecture decision records of docs/references/architecture/ (CometBFT's own, ADR 100 to
119) and of docs/references/architecture/tendermint-core/ (Tendermint Core's, ADR 1 to 81, kept in the same
repository), read at COMETBFT_COMMIT: every record but the READMEs and the template. Each memory is the record's
title, then its number and status ("(ADR 73, Proposed)"; the status where the record's Status section starts
with one, since a proposed or rejected record's decision alone reads as if it had been done), then the first
sentences (about 300 characters) of its decision section ("Decision", else "Proposed solution", "Proposal", …;
the first paragraph where a record has none) as `description`, and of its "Context" (or "Background & Context",
"Background", "Scope") as `rationale`, markdown removed by the shared cleaner (bench/data/adrtext.py) and the
sixth set's section reader (recall6/build.py: a heading's sub-headings kept as sentences, list items ended by
";"). No other edit.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import clean, command_line, git, print_memories, sentences, set_builder, slug

HERE = Path(__file__).resolve().parent

recall6 = set_builder("recall6")

COMETBFT = "cometbft/cometbft"
COMETBFT_COMMIT = "5bba72c14f2be2b06ac4d89dbdf6712e2e5e095c"
FOLDERS = (("docs/references/architecture", "cmt-adr"), ("docs/references/architecture/tendermint-core", "tm-adr"))
SKIP = {"README.md", "adr-template.md"}
# The ADR template, now and in every version of its old path: its quoted guidance, left in some records, is no text
TEMPLATES = ("docs/references/architecture/adr-template.md", "docs/architecture/adr-template.md")
PLACEHOLDER = 20  # a decision section shorter than this says nothing yet ("TBD", "N/A", "TODO(thane)", "(pending)")
DECISION = ["Decision", "Decisions", "Proposed solution", "Proposed Solution", "Proposal", "Tendermint Proposal",
            "Decision Outcome"]
CONTEXT = ["Context", "Background & Context", "Background", "Scope"]
STATUS = re.compile(r"^\W*(Accepted|Implemented|Rejected in favour of ADR \d+|Rejected|Reverted|Declined|Proposed"
                    r"|Approved|Draft|Pending|In Review|Partially Accepted)\b", re.I)
ENDS = ".!?:;"


def used_sources() -> set[str]:
    """The repositories every other recall set, the capture sets and the outside set took text from (the sixth
    set's rule, which skips only its own folder: here this set's is skipped instead)."""
    used = {r.lower() for r in recall6.FIRST_SET | recall6.OUTSIDE}
    for path in HERE.parent.glob("recall*/memories.json"):
        if path.parent != HERE:
            used |= {m["source"].split(":")[0].split("@")[0].lower() for m in json.loads(path.read_text())}
    for path in (HERE.parents[2] / "tests" / "memory" / "data" / "real").glob("*.json"):
        for item in json.loads(path.read_text()).get("exchanges", []):
            found = re.match(r"(?:https?://)?github\.com/([^/]+/[^/]+)", item.get("source", ""))
            if found:
                used.add(found.group(1).lower())
    return used


def first_paragraph(text: str) -> str:
    """The prose after the title, where a record has no heading for its decision (ADR 8 is one paragraph)."""
    body = re.sub(r"^#\s.*$", "", text, count=1, flags=re.M)
    return clean(recall6.unwrap(body.split("\n## ")[0]))


def template_lines(repo: str) -> set[str]:
    found: set[str] = set()
    for path in TEMPLATES:
        for sha in git(repo, "log", "--format=%H", COMETBFT_COMMIT, "--", path).split():
            shown = subprocess.run(["git", "-C", repo, "show", f"{sha}:{path}"], capture_output=True, text=True)
            found |= {line.strip() for line in shown.stdout.split("\n") if line.strip().startswith(">")}
    return found


def record(repo: str, path: str, prefix: str, guidance: set[str]) -> dict | None:
    text = re.sub(r"<!--.*?-->", "", git(repo, "show", f"{COMETBFT_COMMIT}:{path}"), flags=re.S)
    text = "\n".join(line for line in text.split("\n") if line.strip() not in guidance)
    heading = re.search(r"^#\s+(.+)$", text, re.M)
    assert heading, path
    number = int(re.match(r"adr-(\d+)", path.rsplit("/", 1)[1]).group(1))  # type: ignore[union-attr]
    title = clean(re.sub(r"^ADR[\s-]*\d+\s*[:-]?\s*", "", heading.group(1))).rstrip(".")
    status = STATUS.match(recall6.section(text, ["Status"]))
    state = f"ADR {number}, {status.group(1)[:1].upper() + status.group(1)[1:].lower()}" if status else f"ADR {number}"
    state = re.sub(r"adr (\d+)$", r"ADR \1", state)
    decided = recall6.section(text, DECISION) or ("" if recall6.section(text, CONTEXT) else first_paragraph(text))
    context = recall6.section(text, CONTEXT)
    if not decided and not context:
        return None  # a title over the template's guidance (ADR 36, 38): nothing to remember
    if len(decided) < PLACEHOLDER:  # no decision written yet: the context says what the record is about
        body = sentences(context, 300, ENDS)
        why = sentences(context[len(body):].strip(), 300, ENDS)
    else:
        body = sentences(decided, 300, ENDS)
        why = sentences(context, 300, ENDS)
    if why == body:
        why = ""
    name = path.rsplit("/", 1)[1][: -len(".md")]
    words = re.sub(r"^adr-\d+-", "", name)
    return {"entity": f":decision/{prefix}-{number:03d}-{slug(words)}",
            "description": f"{title} ({state}). {body}".strip(), "rationale": why,
            "source": f"{COMETBFT}:{path}"}


def main(repo: str) -> None:
    used = used_sources()
    assert COMETBFT.lower() not in used, "an earlier set drew from this repository"
    assert not any(name.startswith("tendermint/") for name in used if name != "tendermint/coding"), \
        "an earlier set drew from Tendermint Core"  # tendermint/coding (a style guide) is a capture set's
    assert git(repo, "merge-base", "--is-ancestor", COMETBFT_COMMIT, "HEAD") == ""
    guidance = template_lines(repo)
    out = []
    for folder, prefix in FOLDERS:
        for name in git(repo, "ls-tree", "--name-only", f"{COMETBFT_COMMIT}:{folder}").split("\n"):
            if name.endswith(".md") and name not in SKIP:
                made = record(repo, f"{folder}/{name}", prefix, guidance)
                if made:
                    out.append(made)
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

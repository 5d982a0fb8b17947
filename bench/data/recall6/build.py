"""How memories.json was made (a sixth recall set, written blind: see README.md).

    python bench/data/recall6/build.py SGG_REPO > bench/data/recall6/memories.json
    python bench/data/recall6/build.py --split bench/data/recall6/questions.json   # (re)draws each split

SGG_REPO is a clone of HHS/simpler-grants-gov (the US Department of Health and Human Services' grants.gov
rewrite: a Python/Flask API, a Next.js front end, Terraform infrastructure; public domain and CC0 1.0). Its
decisions are of two kinds, both read at SGG_COMMIT:
- the architecture decision records (MADR format) under documentation/wiki/product/decisions/ (adr/ and infra/)
  and the four infra records of docs/decisions/infra/ the wiki has no copy of: each memory is the record's title
  plus the first sentences (about 300 characters) of its decision section ("Decision Outcome" and its variants;
  the proposal or overview where a record has none) as `description`, and of its "Context and Problem
  Statement" (or "Context", "Problem Statement", "Overview") as `rationale`, markdown removed, no other edit;
- ten squash-merge commits whose message states a decision (switch from X to Y, replace X, instead of): the
  subject without its issue and pull-request numbers plus the first sentences of "Changes proposed" (else the
  body) as `description`, and of "Context for reviewers" (else "Summary") as `rationale`.
Every record of those folders is kept but the READMEs, the template and one record with a title and no text.
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import clean, command_line, git, print_memories, sentences, slug

SGG = "HHS/simpler-grants-gov"
SGG_COMMIT = "32d9a126f4f2f54228d77abe8ea4e2395b2c78d6"
PRODUCT = "documentation/wiki/product/decisions/adr"
INFRA = "documentation/wiki/product/decisions/infra"
# docs/decisions/infra holds the template's records; these four have no copy under the wiki's infra/
TEMPLATE_INFRA = ["docs/decisions/infra/2023-09-11-separate-app-infrastructure-into-layers.md",
                  "docs/decisions/infra/2023-11-28-feature-flags-system-design.md",
                  "docs/decisions/infra/2023-12-01-network-layer-design.md",
                  "docs/decisions/infra/2025-01-09-notifications-architecture.md"]
SKIP = {"README.md", "use-ethnio-for-design-research.md"}  # an index; a title with no text
COMMITS = ["bf0217ec5", "7ec8a714f", "971b38faa", "d0a60081f", "2326b181c", "56ef8a5f5", "bd57e9899",
           "a7e41a889", "3eb39c90a", "56b89eab5"]
DECISION = ["Decision Outcome", "Decision Outcomes", "Decision Outcome(s)", "Decisions", "Decision Status",
            "Decision", "Proposal", "Approach", "Overview", "Notes"]  # headings, in any case
CONTEXT = ["Context and Problem Statement", "Context", "Problem Statement", "Overview"]
COMMIT_DECISION = ["Changes proposed"]
COMMIT_CONTEXT = ["Context for reviewers", "Summary"]
ENDS = ".!?:;"  # sentences, and the items of a list

# Sources no earlier set drew from (bench/data/recall*, tests/memory/data/real) and the outside held-out set's
FIRST_SET = {"ministryofjustice/cloud-platform", "ministryofjustice/modernisation-platform", "backstage/backstage"}
OUTSIDE = {"npryce/adr-tools", "thomvaill/log4brains", "adr/madr", "openedx/openedx-learning"}


def used_sources() -> set[str]:
    """The repositories the earlier recall and capture sets took text from (owner/name, lower case)."""
    here = Path(__file__).resolve()
    used = {r.lower() for r in FIRST_SET | OUTSIDE}
    for path in here.parents[1].glob("recall*/memories.json"):
        if path.parent != here.parent:
            used |= {m["source"].split(":")[0].lower() for m in json.loads(path.read_text())}
    for path in (here.parents[3] / "tests" / "memory" / "data" / "real").glob("*.json"):
        for item in json.loads(path.read_text()).get("exchanges", []):
            found = re.match(r"(?:https?://)?github\.com/([^/]+/[^/]+)", item.get("source", ""))
            if found:
                used.add(found.group(1).lower())
    return used


def unwrap(text: str) -> str:
    """Lines that go on a paragraph or a list item joined to it (markdown reads a line break there as a space)."""
    out: list[str] = []
    for line in text.split("\n"):
        starts = re.match(r"\s*([-*•|#>]|\d+\.\s|```)", line)
        if out and line.strip() and not starts and out[-1].strip() and not re.match(r"\s*([|#]|```)", out[-1]):
            out[-1] = out[-1].rstrip() + " " + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


def section(text: str, names: list[str]) -> str:
    """The text under the first heading among names (a heading may go on after the name with no letter between,
    "Decision Outcome: AWS Lambda function", "Decision Outcome - Data Replication": that rest is a sentence),
    down to the next heading of its level or above, its sub-headings kept as sentences."""
    for name in names:
        found = re.search(r"^(#+)\s*" + re.escape(name) + r"(?![ \t]*[\w(])[ \t]*([^\n]*)\n", text, re.M | re.I)
        if not found:
            continue
        level = len(found.group(1))
        rest = re.sub(r"<!--.*?-->", "", found.group(2)).strip(" :-\t`")
        end = re.search(r"^#{1,%d}\s" % level, text[found.end():], re.M)
        body = text[found.end(): found.end() + end.start()] if end else text[found.end():]
        body = re.sub(r"^#+\s*(.*?)\s*$", r"\1.", unwrap(body), flags=re.M)
        # a list item is a clause of its own: ended by ";" so that a list is cut between items, not dropped whole
        body = re.sub(r"^(\s*(?:[-*•]|\d+\.)\s+.*[^.!?:;,\s])[ \t]*$", r"\1;", body, flags=re.M)
        body = clean((rest + ". " if rest else "") + body)
        if body:
            return body
    return ""


def record(repo: str, path: str, prefix: str) -> dict:
    text = re.sub(r"<!--.*?-->", "", html.unescape(git(repo, "show", f"{SGG_COMMIT}:{path}")), flags=re.S)
    name = path.rsplit("/", 1)[1][: -len(".md")]
    heading = re.search(r"^#\s+(.+)$", text, re.M)
    words = re.sub(r"^[\d-]+", "", name).replace("-", " ").replace("_", " ").strip()
    title = clean(heading.group(1)) if heading else words[:1].upper() + words[1:]
    body = sentences(section(text, DECISION), 300, ENDS)
    why = sentences(section(text, CONTEXT), 300, ENDS)
    if why == body:
        why = ""
    stamp = re.match(r"^[\d-]*\d", name)
    tag = stamp.group(0) if stamp else ""
    return {"entity": f":decision/{prefix}-{tag + '-' if tag else ''}{slug(words)}",
            "description": f"{title}. {body}".strip(), "rationale": why, "source": f"{SGG}:{path}"}


def commit(repo: str, sha: str) -> dict:
    message = git(repo, "log", "-1", "--format=%B", sha)
    subject, _, body = message.partition("\n")
    subject = re.sub(r"^\[[^\]]*\]\s*", "", subject)
    subject = re.sub(r"\s*\(#\d+\)\s*$", "", subject).strip()
    body = re.sub(r"<!--.*?-->", "", body, flags=re.S)
    # pull-request template lines: the issue it closes, the review time, co-authors
    body = re.sub(r"^(?:Fixes|Work for)\b(?:\s+(?:for|:|Task))*\s*#\S+\s*$|^#*\s*Time to review\b.*$"
                  r"|^Co-authored-by\b.*$|^-{3,}\s*$", "", body, flags=re.M | re.I)
    changes = section(body, COMMIT_DECISION) or clean(body.split("\n## ")[0])
    why = sentences(section(body, COMMIT_CONTEXT), 300, ENDS)
    what = sentences(changes, 300, ENDS)
    if why == what:
        why = ""
    return {"entity": f":decision/sgg-commit-{sha[:7]}-{slug(subject)}",
            "description": f"{subject[:1].upper() + subject[1:]}. {what}".strip(), "rationale": why,
            "source": f"{SGG}@{git(repo, 'rev-parse', sha).strip()}"}


def main(repo: str) -> None:
    assert SGG.lower() not in used_sources(), "an earlier set drew from this repository"
    assert git(repo, "merge-base", "--is-ancestor", SGG_COMMIT, "HEAD") == ""
    out = []
    for folder, prefix in ((PRODUCT, "sgg"), (INFRA, "sgg-infra")):
        for name in git(repo, "ls-tree", "--name-only", f"{SGG_COMMIT}:{folder}").split("\n"):
            if name.endswith(".md") and name not in SKIP:
                out.append(record(repo, f"{folder}/{name}", prefix))
    out += [record(repo, path, "sgg-infra") for path in TEMPLATE_INFRA]
    out += [commit(repo, sha) for sha in COMMITS]
    entities = [m["entity"] for m in out]
    assert len(set(entities)) == len(entities), "two memories share an entity"
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

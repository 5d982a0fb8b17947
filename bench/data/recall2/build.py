"""How memories.json was made (a second recall set, written blind: see README.md).

    python bench/data/recall2/build.py NATS_ADR_REPO HYADES_REPO > bench/data/recall2/memories.json
    python bench/data/recall2/build.py --split bench/data/recall2/questions.json   # (re)draws each split

NATS_ADR_REPO is a clone of nats-io/nats-architecture-and-design, HYADES_REPO one of DependencyTrack/hyades (its
ADRs are read at the commit before they were moved out, HYADES_COMMIT). Each memory is an ADR's title plus the
first sentences (about 300 characters) of its decision section (`description`) and of its context section
(`rationale`), markdown removed, no other edit. The NATS ADRs name their sections freely, so the first heading
found from DECISION and CONTEXT is taken (a per-ADR override where an ADR's decision lives under another name).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import command_line, print_memories, section, sentences, slug

NATS_COMMIT = "f5f5126268f850017f049b53aef278dafc0dd401"
HYADES_COMMIT = "0c46b1b9"  # the last commit with docs/architecture/decisions (6ac14608 moved them out)

DECISION = ["Decision", "Design", "Proposal", "Specification", "Solution Overview", "Basic Design", "General Overview",
            "Implementation", "Overview", "Behavior", "Per-Message TTL", "Options", "Configuration"]
CONTEXT = ["Context and Problem Statement", "Context and motivation", "Context and Motivation", "Context",
           "Motivation", "Problem Statement", "Summary", "Background"]

# NATS ADRs kept: every ADR but the deprecated ones, ADR-1 (the JSON API's reference, no decision) and ADR-58
# (a roadmap of proposals). An override names the section holding the decision where the default would not.
NATS = {1: None, 2: None, 3: "Propagating headers", 4: "Context", 5: None, 6: "Notes", 7: "Design",
        8: "KV", 9: "Context", 10: "Options", 11: "Decision", 12: "Design", 13: "Design", 14: "Design",
        17: "Behavior", 19: "Design", 20: "Basic Design", 21: "Design", 22: "Implementation", 26: "Overview",
        28: "Design", 30: "Design", 31: "Feature: Direct Get", 32: "Design", 33: "Design", 34: "Design",
        35: "Decision", 36: "Features introduced", 37: "Design", 38: "Context and Problem Statement", 39: "Design",
        40: "Summary", 41: "Design", 42: "General Overview", 43: "General Behavior", 44: "Solution Overview",
        47: "Basic Design", 48: "Configuration", 49: "Solution Overview", 50: "Atomic Batched Publishes",
        51: "Single scheduled message", 53: "Design", 54: "Design", 55: "Server Configuration",
        56: "R1 `async` Persistence Mode", 57: "Mirror Configuration", 59: "Overview", 60: "Design"}
SKIP_NATS = {1}
HYADES = ["001-drop-kafka-dependency", "002-workflow-orchestration", "003-notification-publishing",
          "004-file-storage-plugin", "005-materialize-project-hierarchies", "006-consolidate-user-tables",
          "007-spec-first-rest-api-v2", "008-sbom-push-with-gitlab-token", "009-auth-and-roles",
          "010-vulnerability-datasource-extension-point", "011-notification-outbox", "012-extension-kv-store",
          "013-finding-status", "014-new-alias-schema", "015-package-metadata", "016-user-managed-vuln-policies",
          "017-notification-filter-expressions"]
HYADES_TITLES = {"007": "Spec-First REST API v2", "008": "SBOM push with GitLab token", "012": "Extension KV Store",
                 "016": "User-Managed Vulnerability Policies"}


def show(repo: str, rev: str, path: str) -> str:
    return subprocess.run(["git", "-C", repo, "show", f"{rev}:{path}"], capture_output=True, text=True,
                          check=True).stdout


def option(text: str, body: str) -> str:
    """'We will follow option D.' names a heading of the ADR ('#### D: Adopt ...'): its title is appended."""
    m = re.search(r"\b(?:option|solution) ([A-Z])\b", body)
    h = re.search(r"^#+\s*" + m.group(1) + r":\s*(.+?)\s*$", text, re.M) if m else None
    return f"{body} ({m.group(1)}: {h.group(1)}.)" if m and h and h.group(1) not in body else body


def memory(prefix: str, number: str, title: str, text: str, decision: list[str], source: str) -> dict:
    context = sentences(section(text, CONTEXT), 300)
    body = option(text, sentences(section(text, decision), 300))
    if body == context:  # the decision is stated in the context section itself (ADR-4, ADR-9)
        context = ""
    return {"entity": f":decision/{prefix}-{number}-{slug(title)}", "description": f"{title}. {body}".strip(),
            "rationale": context, "source": source}


# Edges stated in the ADR text itself: ADR-011 "As per ADR-003 we originally decided to leverage PostgreSQL's
# logical replication ... We will follow a classic transactional outbox design instead"; ADR-001 drops Kafka.
EDGES = {":decision/dt-11-notification-outbox": {"supersedes": ":decision/dt-3-notification-publishing"},
         ":decision/dt-1-drop-kafka-dependency": {"rejects": [":dependency/kafka"]}}


def main(nats_repo: str, hyades_repo: str) -> None:
    out = []
    for n, override in NATS.items():
        if n in SKIP_NATS:
            continue
        path = f"adr/ADR-{n}.md"
        text = show(nats_repo, NATS_COMMIT, path)
        title = text.strip().splitlines()[0].lstrip("# ").strip()
        out.append(memory("nats", str(n), title, text, ([override] if override else []) + DECISION,
                          f"nats-io/nats-architecture-and-design:{path}"))
    for name in HYADES:
        path = f"docs/architecture/decisions/{name}.md"
        text = show(hyades_repo, HYADES_COMMIT, path)
        number = name[:3]
        title = HYADES_TITLES.get(number) or name[4:].replace("-", " ").capitalize()
        out.append(memory("dt", number.lstrip("0"), title, text, DECISION, f"DependencyTrack/hyades:{path}"))
    for m in out:
        m.update(EDGES.get(m["entity"], {}))
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

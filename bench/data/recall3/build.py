"""How memories.json was made (a third recall set, written blind: see README.md).

    python bench/data/recall3/build.py JEP_REPO NUMPY_REPO > bench/data/recall3/memories.json
    python bench/data/recall3/build.py --split bench/data/recall3/questions.json   # (re)draws each split

JEP_REPO is a clone of jupyter/enhancement-proposals, NUMPY_REPO one of numpy/numpy (its NEPs, doc/neps/). Each
memory is a proposal's title plus the first sentences (about 300 characters) of the section that states what it
decides (`description`) and of the one that says why (`rationale`), markup removed, no other edit. The NEPs are
reStructuredText: their headings are made markdown headings first, so that one section reader serves both.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adrtext import clean, command_line, print_memories, section, sentences, slug

JEP_COMMIT = "adc5b88"
NUMPY_COMMIT = "1f90bbb55e"

# JEPs kept: every proposal but the guidelines and the first JEP process (29), which JEP 104 replaced.
JEPS = ["08-notebook-diff/notebook-diff.md", "104-jep-process-v2/jep-process-v2.md",
        "105-kernelspec-spec/kernelspec-spec.md", "106-connectionfile-spec/connectionfile-spec.md",
        "108-jupyter-subdomain-for-schemas/jupyter-subdomain-for-schemas.md",
        "118-restart-clarification/restart-clarification.md",
        "12-jupyter-kernel-gateway-incorporation/jupyter-kernel-gateway-incorporation.md",
        "122-jupyter-book-incorporation/jupyter-book-incorporation.md",
        "17-jupyter-dashboards-extension-incorporation/jupyter-dashboards-extension-incorporation.md",
        "18-jupyter-declarativewidgets-incorporation/jupyter-declarativewidgets-extension-incorporation.md",
        "22-jupyter-dashboards-deployment-attic/jupyter-dashboards-deployment-attic.md",
        "25-jupyter-enterprise-gateway-incorporation/jupyter-enterprise-gateway-incorporation.md",
        "28-jupyter-server/jupyter-server.md", "42-voila-incorporation/voila-incorporation.md",
        "44-xeus-incorporation/xeus-incorporation.md", "47-jupyter-debugger-protocol/jupyter-debugger-protocol.md",
        "62-cell-id/cell-id.md", "65-jupyter-xpub/jupyter-xpub.md", "66-jupyter-handshaking/jupyter-handshaking.md",
        "72-language-server-protocol/language-server-protocol.md", "79-notebook-v7/notebook-v7.md",
        "80-kernel-info/kernel-info.md",
        "87-jupyter-parameterized-kernel-spec/jupyter-parameterized-kernel-specs.md",
        "91-kernel-subshells/kernel-subshells.md", "92-jupyter-optional-features/jupyter-optional-features.md",
        "93-debugger-info-copy-to-globals/debugger-info-copy-to-globals.md",
        "97-add-schema/add-schema-to-notebook-format.md"]
JEP_DECISION = ["Proposed Enhancement", "Proposed enhancement", "Proposal", "Summary"]
JEP_CONTEXT = ["Problem", "Motivation", "Background"]

# NEPs kept: those Final, Accepted or Active, but NEP 0 (the NEP process itself). Draft, deferred, rejected,
# withdrawn and superseded NEPs decided nothing (yet, or any more).
NEP_STATUS = {"Final", "Accepted", "Active"}
NEP_DECISION = ["Abstract", "Executive summary"]
NEP_CONTEXT = ["Motivation and scope", "Motivation", "Rationale", "Background"]
RST_UNDERLINE = "=-~^\"'`#*+"


def show(repo: str, rev: str, path: str) -> str:
    return subprocess.run(["git", "-C", repo, "show", f"{rev}:{path}"], capture_output=True, text=True,
                          check=True).stdout


def ls(repo: str, rev: str, folder: str) -> list[str]:
    out = subprocess.run(["git", "-C", repo, "ls-tree", "--name-only", f"{rev}:{folder}"], capture_output=True,
                         text=True, check=True).stdout
    return out.split()


def rst_to_md(text: str) -> str:
    """reStructuredText made markdown enough for section(): headings (a line under- and maybe overlined by a
    run of one punctuation character) become '#' headings, levels in the order their styles first appear;
    roles, literals, link targets and directives lose their markup."""
    lines = text.splitlines()
    styles: list[str] = []
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        over = (re.fullmatch(r"([%s])\1{2,}" % re.escape(RST_UNDERLINE), line.strip() or "x")
                and i + 2 < len(lines) and lines[i + 2].strip() == line.strip())
        if over and lines[i + 1].strip():
            style, title, i = "o" + line.strip()[0], lines[i + 1].strip(), i + 3
        elif (line.strip() and re.fullmatch(r"([%s])\1{2,}" % re.escape(RST_UNDERLINE), nxt.strip() or "x")
              and len(nxt.strip()) >= len(line.strip())):
            style, title, i = nxt.strip()[0], line.strip(), i + 2
        else:
            out.append(line)
            i += 1
            continue
        if style not in styles:
            styles.append(style)
        out.append("#" * (styles.index(style) + 1) + " " + title)
    md = "\n".join(out)
    md = re.sub(r"^\.\. [^\n]*(\n[ \t]+[^\n]*)*", " ", md, flags=re.M)  # directives, comments, link targets
    md = re.sub(r"^:[\w-]+:(\s.*)?$", " ", md, flags=re.M)  # field lists (Author, Status, ...), not roles
    md = re.sub(r":\w+:`~?([^`<]*?)\s*(<[^>]*>)?`", r"\1", md)  # :ref:`NEP56`, :func:`~numpy.add`
    md = re.sub(r"`([^`<]+?)\s*<[^>]*>`__?", r"\1", md)  # `text <url>`_
    md = re.sub(r"`([^`]+)`_+", r"\1", md)
    md = re.sub(r"\[#?\w*\]_", "", md)  # footnote references
    md = re.sub(r"::\s*$", ":", md, flags=re.M)
    return md


def memory(prefix: str, number: str, title: str, text: str, decision: list[str], context: list[str],
           source: str) -> dict:
    why = sentences(section(text, context), 300)
    body = sentences(section(text, decision), 300)
    if not body:  # no decision heading: the first paragraph under the title states it (NEP 5, JEP 79, 104): headings skipped
        first = re.split(r"\n\s*\n", re.sub(r"^#[^\n]*$", "", text.strip(), flags=re.M).strip())
        body = sentences(clean(next((p for p in first if clean(p)), "")), 300)
    if why == body:
        why = ""
    return {"entity": f":decision/{prefix}-{number}-{slug(title)}", "description": f"{title}. {body}".strip(),
            "rationale": why, "source": source}


def main(jep_repo: str, numpy_repo: str) -> None:

    out = []
    for path in JEPS:
        text = re.sub(r"\A---\n.*?\n---\n", "", show(jep_repo, JEP_COMMIT, path), flags=re.S)  # front matter
        heading = re.search(r"^#\s+(.+)$", text, re.M)
        assert heading, path
        title = clean(heading.group(1))
        out.append(memory("jep", path.split("-", 1)[0].lstrip("0"), title, text, JEP_DECISION, JEP_CONTEXT,
                          f"jupyter/enhancement-proposals:{path}"))
    for name in ls(numpy_repo, NUMPY_COMMIT, "doc/neps"):
        m = re.fullmatch(r"nep-(\d{4})-.*\.rst", name)
        if not m or m.group(1) == "0000":
            continue
        raw = show(numpy_repo, NUMPY_COMMIT, f"doc/neps/{name}")
        status = re.search(r"^:Status:\s*(\w+)", raw, re.M)
        if not status or status.group(1) not in NEP_STATUS:
            continue
        text = rst_to_md(raw)
        heading = re.search(r"^#\s*(.+)$", text, re.M)
        assert heading, name
        title = clean(re.sub(r"^NEP\s*\d+\s*[—–-]+\s*", "", heading.group(1)))
        out.append(memory("nep", str(int(m.group(1))), title, text, NEP_DECISION, NEP_CONTEXT,
                          f"numpy/numpy:doc/neps/{name}"))
    print_memories(out)


if __name__ == "__main__":
    command_line(main)

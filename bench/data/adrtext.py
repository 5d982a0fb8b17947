"""What the recall sets' build scripts share: decision-record text made into a memory's sentences.

Each set's script (recall/extract.py, recall2/build.py, recall3/build.py, recall4/build.py,
recall5/build.py, recall6/build.py, recall7/build.py, recall8/build.py, recall9/build.py, recall10/build.py,
recall11/build.py, recall12/build.py) imports these, so
that one way of removing markdown, cutting sentences and naming entities makes every set; each set's data
regenerates byte for byte from its sources. Where the first set's script differed (fewer markup rules, no break after a colon), it asks
for its own variant by keyword rather than keeping a copy.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType


def git(repo: str, *args: str) -> str:
    """A git command's output in the source repository (every set's builder reads its records this way)."""
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, check=True).stdout


def used_sources(folder: Path, earlier: set[str]) -> set[str]:
    """The repositories every other recall set (``folder`` is this set's own, skipped), the capture sets and
    ``earlier`` (the first set's and the outside set's) took text from, lower case: any github.com address a
    capture set names counts (the ninth set's rule)."""
    used = {r.lower() for r in earlier}
    for path in folder.parent.glob("recall*/memories.json"):
        if path.parent != folder:
            used |= {m["source"].split(":")[0].split("@")[0].lower() for m in json.loads(path.read_text())}
    for path in (folder.parents[2] / "tests" / "memory" / "data" / "real").glob("*.json"):
        text = path.read_text()
        used |= {m.lower() for m in re.findall(r"github\.com/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)", text)}
    return used


def set_builder(name: str) -> ModuleType:
    """An earlier set's build script (``recall6`` -> bench/data/recall6/build.py) as a module, for a later set
    that reads its sources the same way (its section reader, its list of sources already used)."""
    spec = importlib.util.spec_from_file_location(f"{name}_build", Path(__file__).resolve().parent / name / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def clean(s: str, full: bool = True) -> str:
    """The text without markdown. full=False is the first set's rule list (code, links, emphasis, bullets)."""
    s = re.sub(r"```.*?```", " ", s, flags=re.S)
    if full:
        s = re.sub(r"<[^>]+>", " ", s)
        s = re.sub(r"^\s*\.\s*$", " ", s, flags=re.M)
        s = re.sub(r"^\|.*\|\s*$", " ", s, flags=re.M)  # tables (metadata, options) are no sentences
    s = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", s)
    if full:
        s = re.sub(r"\[([^\]]+)\]", r"\1", s)  # reference-style links: [OpenAPI]
        s = re.sub(r"https?://\S+", " ", s)
    s = re.sub(r"[*`>]+", "", s)
    s = re.sub(r"(?<!\w)_+|_+(?!\w)", "", s)
    s = re.sub(r"^\s*([-•]|\d+\.)\s*" if full else r"^\s*[-•]\s*", "", s, flags=re.M)
    return re.sub(r"\s+", " ", s).strip()


def sentences(s: str, limit: int, ends: str = ".!?:") -> str:
    """The first whole sentences of s up to about limit characters (at least one, cut at limit + 200)."""
    out = ""
    for part in re.split(r"(?<=[" + ends + r"])\s+", s):
        if out and len(out) + len(part) > limit:
            break
        out = (out + " " + part).strip()
    return out[: limit + 200]


def slug(s: str) -> str:
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9]+", "-", s.lower())).strip("-")[:48].rstrip("-")


def section(text: str, names: list[str]) -> str:
    """The text under the first heading named in names, down to the next heading of its level or above (its
    sub-headings' text kept, as a sentence each)."""
    for name in names:
        m = re.search(r"^(#+)\s*" + re.escape(name) + r"\s*\n", text, re.M | re.I)
        if not m:
            continue
        level = len(m.group(1))
        end = re.search(r"^#{1,%d}\s" % level, text[m.end():], re.M)
        body = text[m.end(): m.end() + end.start()] if end else text[m.end():]
        body = re.sub(r"^#+\s*(.*?)\s*$", r"\1.", body, flags=re.M)
        if clean(body):
            return clean(body)
    return ""


def split(question: str) -> str:
    """dev (misses may be read while improving recall) or heldout (only ever reported), fixed by the text."""
    return "dev" if hashlib.sha256(question.encode()).digest()[0] % 2 == 0 else "heldout"


def resplit(path: str) -> None:
    """(Re)draws every question's split in a questions.json."""
    items = json.loads(open(path).read())
    for item in items:
        item["split"] = split(item["question"])
    with open(path, "w") as f:
        json.dump(items, f, indent=1, ensure_ascii=False)
        f.write("\n")


def print_memories(memories: list[dict]) -> None:
    """A set's memories.json, as every build script writes it (to stdout)."""
    json.dump(memories, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


def command_line(build: Callable[..., None]) -> None:
    """A build script's command line: ``--split QUESTIONS_JSON`` redraws the splits, else build(*ARGS)."""
    if sys.argv[1] == "--split":
        resplit(sys.argv[2])
    else:
        build(*sys.argv[1:])

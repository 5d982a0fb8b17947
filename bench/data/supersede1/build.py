#!/usr/bin/env python3
"""Builds pairs.json: real decision records whose own authors marked one as superseding the other, and control
pairs of the same collections that neither supersedes (see README.md).

    python bench/data/supersede1/build.py [--mirror /work/.mirror]

Reads each source repository's git snapshot (``<mirror>/<owner>+<name>/repo``, as the search tool's fetch lays it)
at the commit recorded below, so the file regenerates byte for byte. Labels come from the records' own headers
and status lines (PEP ``Replaces``/``Superseded-By``, BIP ``Replaces``/``Proposed-Replacement``, an ADR's
``Superseded by``); nothing here judges whether one record replaces another.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = {
    "python/peps": "ba4deeb7969588d937da609008d05bb83a47b1ab",
    "bitcoin/bips": "7fe0b034ec967b52a5a28276419117326df93263",
    "ministryofjustice/cloud-platform": "7f879f3af6cd39f8711ec99ee3b4d2163ff54024",
    "alphagov/govuk-aws": "81ee9f6e91fd8692fbf751ecf980c671c13aa3c0",
}
# The held-out set outside this project uses these; they are never read here.
EXCLUDED = {"npryce/adr-tools", "thomvaill/log4brains", "adr/madr", "openedx/openedx-learning"}
NO_LICENCE = "none stated"
MAX_SECTION = 900   # characters kept of each section
MAX_TEXT = 2200     # characters kept of a record
STOP = set("""a an and the of for in on to with by from as at or is are be its into via use using new python pep
bip proposal support standard format based more adding add api""".split())
# Lines that state the supersession itself: removed from the "stripped" variant.
STATUS_LINE = re.compile(r"^\s*(?:Superseded-By|Replaces|Proposed-Replacement|Obsoleted-By)\s*:.*$", re.I | re.M)


def git(repo: str, *args: str, mirror: Path) -> str:
    d = mirror / repo.replace("/", "+") / "repo"
    return subprocess.run(["git", "--git-dir", str(d), *args], capture_output=True, text=True, check=True).stdout


def show(repo: str, path: str, mirror: Path) -> str:
    return git(repo, "show", f"{SOURCES[repo]}:{path}", mirror=mirror)


def ls(repo: str, mirror: Path) -> list[str]:
    return git(repo, "ls-tree", "-r", "--name-only", SOURCES[repo], mirror=mirror).splitlines()


def squeeze(s: str, n: int) -> str:
    s = re.sub(r"[ \t]+", " ", s)
    s = re.sub(r"\n{3,}", "\n\n", s).strip()
    if len(s) <= n:
        return s
    cut = s[:n]
    end = max(cut.rfind(". "), cut.rfind(".\n"))
    return cut[:end + 1] if end > n // 2 else cut


# ------------------------------------------------------------------ PEPs (reStructuredText)


def pep_headers(text: str) -> dict[str, str]:
    head = text.split("\n\n", 1)[0]
    out: dict[str, str] = {}
    key = ""
    for line in head.splitlines():
        m = re.match(r"^([A-Za-z-]+):\s*(.*)$", line)
        if m:
            key = m.group(1).lower()
            out[key] = m.group(2).strip()
        elif key and line.startswith(" "):
            out[key] += " " + line.strip()
    return out


def rst_clean(s: str) -> str:
    s = re.sub(r"^\.\. [^\n]*(?:\n(?:   |\t)[^\n]*)*", " ", s, flags=re.M)  # directives and their bodies
    s = re.sub(r":pep:`(?:[^`<]*<)?(\d+)[^`]*`", r"PEP \1", s)
    s = re.sub(r":[a-z:]+:`(?:([^`<]*?)\s*<[^`]*>|([^`]*))`", lambda m: (m.group(1) or m.group(2) or ""), s)
    s = re.sub(r"`([^`<]*?)\s*<[^`]*>`_+", r"\1", s)
    s = re.sub(r"`+([^`]*)`+_?", r"\1", s)
    s = re.sub(r"^::\s*$", " ", s, flags=re.M)
    s = re.sub(r"\*\*?([^*]+)\*\*?", r"\1", s)
    return s


def rst_sections(text: str) -> dict[str, str]:
    body = text.split("\n\n", 1)[1] if "\n\n" in text else text
    parts = re.split(r"^([^\n]+)\n(?:=+|-+)\s*$", body, flags=re.M)
    out: dict[str, str] = {}
    for i in range(1, len(parts) - 1, 2):
        name = parts[i].strip().lower()
        out.setdefault(name, parts[i + 1])
    return out


def pep_record(num: int, mirror: Path, files: set[str]) -> dict | None:
    path = f"peps/pep-{num:04d}.rst"
    if path not in files:
        return None
    text = show("python/peps", path, mirror)
    h = pep_headers(text)
    secs = rst_sections(text)
    keep = [s for s in ("abstract", "motivation", "rationale") if s in secs] or list(secs)[:1]
    body = "\n\n".join(squeeze(rst_clean(secs[s]), MAX_SECTION) for s in keep)
    status = f"Status: {h.get('status', '')}"
    links = [f"{k.title()}: {h[k]}" for k in ("replaces", "superseded-by") if k in h]
    return {"id": f"PEP {num}", "title": h.get("title", ""), "status": h.get("status", ""),
            "topic": h.get("topic", ""), "path": path,
            "licence": "public domain / CC0-1.0 (as each PEP states)",
            "head": "\n".join([f"PEP {num}: {h.get('title', '')}", status, *links]),
            "body": squeeze(body, MAX_TEXT),
            "replaces": [int(x) for x in re.findall(r"\d+", h.get("replaces", ""))],
            "superseded_by": [int(x) for x in re.findall(r"\d+", h.get("superseded-by", ""))]}


# ------------------------------------------------------------------ BIPs (MediaWiki or Markdown)


def wiki_clean(s: str) -> str:
    s = re.sub(r"<pre>.*?</pre>", " ", s, flags=re.S)
    s = re.sub(r"```.*?```", " ", s, flags=re.S)
    s = re.sub(r"<[^>]+>", " ", s)
    s = re.sub(r"\[\[[^|\]]*\|([^\]]*)\]\]", r"\1", s)
    s = re.sub(r"\[\[([^\]]*)\]\]", r"\1", s)
    s = re.sub(r"\[https?://\S+ ([^\]]*)\]", r"\1", s)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = re.sub(r"'{2,}", "", s)
    s = re.sub(r"\*\*([^*]+)\*\*", r"\1", s)
    return s


def bip_record(num: int, mirror: Path, files: set[str]) -> dict | None:
    path = next((p for p in (f"bip-{num:04d}.mediawiki", f"bip-{num:04d}.md") if p in files), None)
    if path is None:
        return None
    text = show("bitcoin/bips", path, mirror)
    pre = re.search(r"<pre>(.*?)</pre>", text, flags=re.S) or re.search(r"^```\n?(.*?)```", text, flags=re.S | re.M)
    h = {m.group(1).lower(): m.group(2).strip()
         for m in re.finditer(r"^\s*([A-Za-z-]+):\s*(.*)$", pre.group(1) if pre else "", flags=re.M)}
    parts = re.split(r"^(?:=+\s*([^=\n]+?)\s*=+|#+\s*([^\n]+))\s*$", text, flags=re.M)
    secs: dict[str, str] = {}
    for i in range(1, len(parts) - 2, 3):
        name = (parts[i] or parts[i + 1] or "").strip().lower()
        secs.setdefault(name, parts[i + 2])
    keep = [s for s in ("abstract", "motivation", "rationale") if s in secs]
    body = "\n\n".join(squeeze(wiki_clean(secs[s]), MAX_SECTION) for s in keep)
    status = f"Status: {h.get('status', '')}"
    links = [f"{k.title()}: {h[k]}" for k in ("replaces", "proposed-replacement", "superseded-by") if k in h]
    return {"id": f"BIP {num}", "title": h.get("title", ""), "status": h.get("status", ""),
            "topic": h.get("layer", ""), "path": path, "licence": h.get("license", NO_LICENCE),
            "head": "\n".join([f"BIP {num}: {h.get('title', '')}", status, *links]),
            "body": squeeze(body, MAX_TEXT),
            "replaces": [int(x) for x in re.findall(r"\d+", h.get("replaces", ""))],
            "superseded_by": [int(x) for x in re.findall(r"\d+", h.get("proposed-replacement", "")
                                                          + " " + h.get("superseded-by", ""))]}


# ------------------------------------------------------------------ ADRs (Markdown)


def adr_record(repo: str, path: str, mirror: Path, licence: str) -> dict:
    text = show(repo, path, mirror)
    title = re.search(r"^#\s+(.+)$", text, flags=re.M).group(1).strip()
    parts = re.split(r"^##\s+(.+?)\s*$", text, flags=re.M)
    secs = {parts[i].strip().lower(): parts[i + 1] for i in range(1, len(parts) - 1, 2)}
    status = squeeze(wiki_clean(secs.get("status", "")), 300)
    keep = [s for s in secs if s not in ("status", "consequences") and not s.startswith("consequence")][:3]
    body = "\n\n".join(squeeze(wiki_clean(secs[s]), MAX_SECTION) for s in keep)
    # the status section's own supersession lines are what the stripped variant leaves out
    links = [ln for ln in status.splitlines() if re.search(r"supersed|replace", ln, re.I)]
    plain = [ln for ln in status.splitlines() if ln.strip() and ln not in links]
    return {"id": path.rsplit("/", 1)[1].split("-")[0], "title": title, "status": status, "topic": "",
            "path": path, "licence": licence,
            "head": "\n".join([f"# {title}", *(f"Status: {ln.strip()}" for ln in plain), *links]),
            "body": squeeze(body, MAX_TEXT), "replaces": [], "superseded_by": []}


ADR_PAIRS = [  # (repo, old path, new path), as the old record's status line says
    ("ministryofjustice/cloud-platform", "architecture-decision-record/021-Multi-cluster.md",
     "architecture-decision-record/036-multi-cluster.md", "MIT"),
    ("alphagov/govuk-aws", "docs/architecture/decisions/0004-dns-definitions-for-hosts-and-services.md",
     "docs/architecture/decisions/0015-dns-infrastructure.md", "MIT"),
]
ADR_CONTROLS = [  # two records of the same collection on related topics; neither's status names the other
    ("ministryofjustice/cloud-platform", "architecture-decision-record/021-Multi-cluster.md",
     "architecture-decision-record/022-EKS.md", "MIT"),
    ("alphagov/govuk-aws", "docs/architecture/decisions/0004-dns-definitions-for-hosts-and-services.md",
     "docs/architecture/decisions/0033-ip-ranges.md", "MIT"),
]


# ------------------------------------------------------------------ pairs


def text_of(rec: dict, variant: str) -> str:
    head = rec["head"] if variant == "kept" else STATUS_LINE.sub("", rec["head"])
    if variant == "stripped":
        head = "\n".join(ln for ln in head.splitlines()
                         if not re.search(r"supersed|replaced by|replaces|obsolete", ln, re.I))
    return (head.strip() + "\n\n" + rec["body"]).strip()


def words(title: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z0-9]+", title.lower()) if w not in STOP and len(w) > 3}


def numbered_pairs(kind: str, recs: dict[int, dict]) -> tuple[list[tuple[int, int]], set[frozenset[int]]]:
    links: set[tuple[int, int]] = set()
    for n, r in recs.items():
        links |= {(old, n) for old in r["replaces"] if old in recs}
        links |= {(n, new) for new in r["superseded_by"] if new in recs}
    # every two records joined by a chain of supersessions are "linked": neither may be a control
    comp: dict[int, set[int]] = {}
    for a, b in links:
        s = comp.get(a, {a}) | comp.get(b, {b})
        for x in s:
            comp[x] = s
    linked = {frozenset((a, b)) for s in comp.values() for a in s for b in s if a != b}
    return sorted(links), linked


def controls_for(pairs: list[tuple[int, int]], recs: dict[int, dict], linked: set[frozenset[int]],
                 kind: str) -> list[tuple[int, int]]:
    """For each pair's old record, a later record of the collection on a related topic (a title word in common,
    else the same topic header) that no chain of supersessions joins to it."""
    out: list[tuple[int, int]] = []
    used: set[int] = set()
    for old, _new in pairs:
        if old in {o for o, _ in out}:
            continue
        w = words(recs[old]["title"])
        cands = [n for n in sorted(recs) if n > old and n not in used and frozenset((old, n)) not in linked
                 and recs[n]["body"] and recs[n]["status"].lower() not in ("superseded", "withdrawn", "replaced")]
        best = [n for n in cands if words(recs[n]["title"]) & w] or \
               [n for n in cands if recs[old]["topic"] and recs[n]["topic"] == recs[old]["topic"]]
        if best:
            out.append((old, best[0]))
            used.add(best[0])
    return out


def split_of(pid: str) -> str:
    return "dev" if int(hashlib.sha256(pid.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def entry(repo: str, kind: str, old: dict, new: dict, supersedes: bool) -> dict:
    pid = f"{repo}:{old['id']}>{new['id']}"
    return {"id": pid, "split": split_of(pid), "collection": repo, "supersedes": supersedes,
            "label": (f"{old['id']} is superseded by {new['id']} (the records' own headers/status lines)"
                      if supersedes else "control: neither record's status names the other"),
            "source": f"github.com/{repo}", "commit": SOURCES[repo],
            "old": {"id": old["id"], "title": old["title"], "path": old["path"], "licence": old["licence"],
                    "text_kept": text_of(old, "kept"), "text_stripped": text_of(old, "stripped")},
            "new": {"id": new["id"], "title": new["title"], "path": new["path"], "licence": new["licence"],
                    "text_kept": text_of(new, "kept"), "text_stripped": text_of(new, "stripped")}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default="/work/.mirror", type=Path)
    args = ap.parse_args()
    assert not EXCLUDED & set(SOURCES)
    out: list[dict] = []
    for repo, reader, pattern in (("python/peps", pep_record, r"peps/pep-(\d{4})\.rst$"),
                                  ("bitcoin/bips", bip_record, r"bip-(\d{4})\.(?:mediawiki|md)$")):
        files = set(ls(repo, args.mirror))
        nums = sorted({int(m.group(1)) for f in files if (m := re.match(pattern, f))})
        recs = {n: r for n in nums if (r := reader(n, args.mirror, files)) and r["body"]}
        pairs, linked = numbered_pairs(repo, recs)
        out += [entry(repo, "pair", recs[o], recs[n], True) for o, n in pairs]
        out += [entry(repo, "control", recs[o], recs[n], False) for o, n in controls_for(pairs, recs, linked, repo)]
    # a record that states no licence (three early BIPs) is left out, with every pair it is in
    out = [e for e in out if NO_LICENCE not in (e["old"]["licence"], e["new"]["licence"])]
    for rows, sup in ((ADR_PAIRS, True), (ADR_CONTROLS, False)):
        for repo, old, new, lic in rows:
            out.append(entry(repo, "adr", adr_record(repo, old, args.mirror, lic),
                             adr_record(repo, new, args.mirror, lic), sup))
    (HERE / "pairs.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    n_pairs = sum(e["supersedes"] for e in out)
    print(json.dumps({"pairs": n_pairs, "controls": len(out) - n_pairs,
                      "dev": sum(e["split"] == "dev" for e in out),
                      "by_collection": {r: sum(e["collection"] == r for e in out) for r in SOURCES}}))


if __name__ == "__main__":
    main()

# Shared by the capture-set builders (build_labels_2.py to build_labels_19.py): how an exchange, a noise exchange, a
# commit message, a document (sets 18 on) and an expected fact are written down, and the check that a new set uses no
# repository of the other sets. A builder imports X, ex, noise and d, calls ex/noise once per exchange in order, then
# numbers X and writes its json (sets 7 to 9 with write_heldout_set). Every builder regenerates its json byte for byte
# as before this module existed.
import glob
import json
import os
import re

A = "Agent: Noted."
X = []


def ex(source, user, expected):
    X.append({"source": source, "delta": f"User: {user}\n{A}", "expected": expected})


def noise(source, user):
    ex(source, user, [])


G = "github.com/"


def commit(repo, sha, user, expected):
    """A commit message, cited by its full hash (each quote was checked against git show of the fetched repository)."""
    ex(G + repo + "/commit/" + sha, user, expected)


def doc(repo, path, user, expected=()):
    """A document, cited by its path on the default branch (quoted from the text the code search stored)."""
    ex(G + repo + "/blob/HEAD/" + path, user, list(expected))


def d(kind, terms, rationale=None, rejects=None):
    e = {"kind": kind, "terms": terms}
    if rationale:
        e["rationale"] = rationale
    if rejects:
        e["rejects"] = rejects
    return e


# the outside held-out set and the sources of the recall set's and of other benches' text
OUTSIDE = {"npryce/adr-tools", "thomvaill/log4brains", "adr/madr", "openedx/openedx-learning",
           "ministryofjustice/cloud-platform", "ministryofjustice/modernisation-platform", "backstage/backstage"}


def assert_new_repositories(own):
    """No exchange of X comes from a repository named by another capture set (own is this set's file) or by the
    bench data, and no two come from the same one."""
    used = set(OUTSIDE)
    # a second labelling of this very set (bench/data/agreement1/capture21_second.json) names its repositories
    relabelled = os.path.splitext(own)[0] + "_"
    bench = [f for f in glob.glob("../../../../bench/data/**/*.json", recursive=True)
             if not os.path.basename(f).startswith(relabelled)]
    for f in sorted(set(glob.glob("capture*.json")) - {own}) + bench:
        text = open(f).read()
        used |= {m.lower() for m in re.findall(r"github\.com/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)", text)}
        # the recall sets name their sources "owner/name:path" (or "owner/name@commit:path") without github.com
        used |= {m.lower() for m in re.findall(r'"source": "([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)[:@]', text)}
    assert len(used) > 300, len(used)
    repos = ["/".join(x["source"].split("/")[1:3]).lower() for x in X]
    for repo in repos:
        assert repo not in used, repo
    assert len(repos) == len(set(repos)), [r for r in repos if repos.count(r) > 1]


def write_heldout_set(number, id_prefix, path):
    """Numbers the exchanges of X (id_prefix and two digits), holds them all out, writes them to path and prints
    what the set holds."""
    for i, x in enumerate(X, 1):
        x["id"] = f"{id_prefix}{i:02d}"
        x["split"] = "heldout"
    out = {"about": f"capture set {number} (issue 14): labels written by reading against docs/capture-labelling.md "
                    "before the extractor was run on this text; all held out (blind)",
           "exchanges": [{k: x[k] for k in ("id", "split", "source", "delta", "expected")} for x in X]}
    json.dump(out, open(path, "w"), indent=1, ensure_ascii=False)
    n = sum(1 for x in X if x["expected"])
    print(len(X), "exchanges,", n, "with facts,", sum(len(x["expected"]) for x in X), "facts,", len(X) - n, "noise")

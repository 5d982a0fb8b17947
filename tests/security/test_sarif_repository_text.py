"""`lore check --format sarif` is uploaded to code scanning in CI and shown to whoever reads the pull request.
Its messages carry the repository's text (a decision's description from the committed journal, file names),
and its locations the repository's paths. SARIF reads a plain-text message's `[text](target)` as an embedded
link (2.1.0 §3.11.6) and an `artifactLocation.uri` as a URI reference: a description with `[Fix it
here](javascript:…)` became a link, a file named `javascript:alert(1).py` a `javascript:` URI of its own, and
one named `..%2F..%2Fetc%2Fpasswd.py` — once a reader decoded it — a path above the repository's root.
Brackets are now escaped, control and bidirectional characters shown as `\\uXXXX`, paths percent-encoded."""

from __future__ import annotations

import json
import re
import subprocess
from urllib.parse import unquote, urljoin, urlparse

from .clone import commit_no_chardet_decision, git, lore_cmd

DESCRIPTION = r"\u202eNo [Fix it here](javascript:alert(1)) \u001b[31mRED"
NAMES = ["javascript:alert(1).py", "src/..%2F..%2F..%2F..%2Fetc%2Fpasswd.py", "src/a b#c?.py", "src/café.py"]
UNSEEN = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_sarif_shows_repository_text_as_text_and_paths_inside_the_root(victim):
    repo = victim.repo
    commit_no_chardet_decision(repo, DESCRIPTION)
    for name in NAMES:
        (repo / name).write_text("import chardet\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "files")
    rc, out, err, _ = victim.run("ingest", ".")
    assert rc == 0, (out, err)
    p = subprocess.run([*lore_cmd(), "check", "--all", "--format", "sarif"], cwd=repo, env=victim.env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1, p.stderr
    run = json.loads(p.stdout)["runs"][0]
    base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert unquote(urlparse(base).path) == str(repo) + "/"
    seen = set()
    for res in run["results"]:
        text = res["message"]["text"]
        # every bracket escaped: no embedded link, whatever the description says
        assert not re.search(r"(?<!\\)[\[\]]", text.replace("\\\\", "")), text
        assert not UNSEEN.search(text), text
        assert "\\u001b" in text and "\\u202e" in text, text
        uri = res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        full = urlparse(urljoin(base, uri))
        assert full.scheme == "file" and not full.fragment and not full.query, uri
        path = unquote(full.path)
        assert path.startswith(str(repo) + "/"), (uri, path)
        seen.add(path[len(str(repo)) + 1:])
    assert seen == set(NAMES), seen

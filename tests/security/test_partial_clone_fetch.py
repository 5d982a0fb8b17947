"""A "partial clone" (``extensions.partialClone``) fetches an object it lacks from its promisor remote the
moment any git command asks for it: ``cat-file`` of a blob, ``log`` with rename detection. The repository's
own configuration names that remote, so it names the program too: ``remote.origin.url=ext::sh -c …`` with
``protocol.ext.allow=always``, or a local url with ``remote.origin.uploadpack=<any command>`` and
``protocol.file.allow=always``. Lore's ``protocol.allow=never`` was only the default for protocols without a
``protocol.<name>.allow`` of their own, so ``lore ingest`` of such a repository (an unpacked archive: one blob
of HEAD deleted, five lines of config) ran the attacker's command. Now every git process Lore starts gets
``GIT_ALLOW_PROTOCOL`` empty (no transport, whatever the configuration says) and ``GIT_NO_LAZY_FETCH=1``."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .clone import git


def _make_partial(repo: Path, mark: Path, how: str) -> str:
    """Delete one blob of HEAD and make the repository a partial clone whose promisor runs ``touch mark``."""
    (repo / "src" / "lazy.py").write_text("import json\n\ndef lazy():\n    return json\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "lazy")
    blob = git(repo, "rev-parse", "HEAD:src/lazy.py").strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    git(repo, "config", "core.repositoryformatversion", "1")
    git(repo, "config", "extensions.partialClone", "origin")
    git(repo, "config", "remote.origin.promisor", "true")
    if how == "ext":
        git(repo, "config", "protocol.ext.allow", "always")
        git(repo, "config", "remote.origin.url", f"ext::sh -c touch% {mark}")
    else:
        git(repo, "config", "protocol.file.allow", "always")
        git(repo, "config", "remote.origin.url", str(repo))
        git(repo, "config", "remote.origin.uploadpack", f"touch '{mark}'; git-upload-pack")
    return blob


@pytest.mark.parametrize("how", ["ext", "uploadpack"])
def test_a_promisor_remote_runs_nothing(victim, tmp_path, how):
    mark = tmp_path / "fetched"
    blob = _make_partial(victim.repo, mark, how)
    # the attack is real: plain git runs the command to fetch the missing blob
    subprocess.run(["git", "-C", str(victim.repo), "cat-file", "-p", blob], capture_output=True)
    assert mark.exists()
    mark.unlink()

    rc, out, err, _ = victim.run("ingest", ".")
    assert rc in (0, 1), (out, err)  # the missing blob may be an error; the command must not run
    (victim.repo / "src" / "app.py").write_text("import os\nimport json\n")
    for args in (("check",), ("check", "--all"), ("warnings",), ("journal", "apply")):
        rc, out, err, _ = victim.run(*args)
        assert rc in (0, 1, 2), (args, out, err)
    assert not mark.exists(), how

"""A repository's own git configuration names programs git runs for it: ``core.fsmonitor`` on every status,
a filter's ``clean``/``process`` when a work-tree file is hashed, a diff driver's ``textconv``, ``gpg.program``
under ``log.showSignature``, hooks. A repository unpacked from an archive or copied from someone carries that
file, and Lore ran git in it unasked (ingest, the working layer, `lore check`): the victim's machine ran the
attacker's commands. Every git process Lore starts now overrides them (lore.gitcmd)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from lore import gitcmd

from .clone import git


def _plant(repo: Path, marks: Path) -> dict[str, Path]:
    """A hostile .git/config: each program writes its own marker file."""
    marks.mkdir()
    planted = {}

    def program(name: str, then: str = "") -> str:
        planted[name] = marks / name
        return f"touch '{marks / name}'{then}"

    (repo / ".gitattributes").write_text("*.py filter=evil diff=evil merge=evil\n")
    (repo / "src" / "app.py").write_text("import os\nimport chardet\n\ndef main():\n    return os.getcwd()\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "attributes")
    git(repo, "commit", "-q", "--allow-empty", "-m", "signed?")
    cfg = {
        "core.fsmonitor": program("fsmonitor", "; false"),
        "filter.evil.clean": program("clean", "; cat"),
        "filter.evil.smudge": program("smudge", "; cat"),
        "filter.evil.process": program("process"),
        "filter.evil.required": "true",
        "diff.evil.textconv": program("textconv", "; cat"),
        "diff.evil.command": program("diffcommand"),
        "diff.external": program("external"),
        "log.showSignature": "true",
        "gpg.program": program("gpg"),
        "core.pager": program("pager"),
        "core.hooksPath": str(marks / "hooks"),
        # held on main too (attack round 5): what git runs only to fetch, page, edit, sign or serve, and a
        # driver defined in an included file or config.worktree
        "core.sshCommand": program("ssh"),
        "core.askPass": program("askpass"),
        "credential.helper": "!" + program("credential"),
        "pager.log": program("pagerlog"),
        "pager.status": program("pagerstatus"),
        "merge.evil.driver": program("mergedriver"),
        "core.editor": program("editor"),
        "sequence.editor": program("sequenceeditor"),
        "uploadpack.packObjectsHook": program("packobjects"),
        "gpg.ssh.program": program("gpgssh"),
        "core.alternateRefsCommand": program("alternaterefs"),
        "extensions.worktreeConfig": "true",
        "include.path": "included.cfg",
    }
    for key, value in cfg.items():
        git(repo, "config", key, value)
    (repo / ".git" / "config.worktree").write_text(f"[core]\n\tfsmonitor = {program('fsmonitor_worktree', '; false')}\n")
    (repo / ".git" / "included.cfg").write_text(f"[filter \"evil\"]\n\tprocess = {program('included_process')}\n")
    hooks = marks / "hooks"
    hooks.mkdir()
    for hook in ("post-checkout", "post-commit", "pre-commit", "reference-transaction", "post-index-change"):
        planted[hook] = marks / hook
        (hooks / hook).write_text(f"#!/bin/sh\ntouch '{marks / hook}'\n")
        (hooks / hook).chmod(0o755)
    # an edit in the work tree, so a status has a file to hash through the filter
    (repo / "src" / "app.py").write_text("import os\nimport chardet\n\ndef main():\n    return 1\n")
    (repo / "src" / "new.py").write_text("import chardet\n")
    return planted


def _fired(planted: dict[str, Path]) -> list[str]:
    return sorted(name for name, path in planted.items() if path.exists())


def test_a_hostile_git_config_runs_nothing(victim, tmp_path):
    planted = _plant(victim.repo, tmp_path / "marks")
    # the planted config works on plain git: the attack is real
    subprocess.run(["git", "-C", str(victim.repo), "status", "--porcelain"], capture_output=True)
    assert {"fsmonitor_worktree"} <= set(_fired(planted)), _fired(planted)  # config.worktree wins over config
    for path in planted.values():
        path.unlink(missing_ok=True)

    rc, out, err, _ = victim.run("ingest", ".")
    assert rc == 0, (out, err)
    rc, out, err, _ = victim.run("transact", "--reason", "t",
                                 '[[:decision/no-chardet :description "We do not use chardet"] '
                                 '[:decision/no-chardet :rejects :module/chardet]]')
    assert rc == 0, (out, err)
    rc, out, err, _ = victim.run("check")  # the working layer: status, diff, ls-files of the work tree
    assert rc == 1 and any(w["file"] == "src/new.py" for w in out["warnings"]), (out, err)
    for args in (("check", "--all"), ("warnings",), ("status",), ("journal", "list"), ("ingest", ".")):
        rc, out, err, _ = victim.run(*args)
        assert rc in (0, 1), (args, out, err)
    assert _fired(planted) == [], _fired(planted)


def test_a_driver_added_after_the_first_look_is_overridden_too(tmp_path):
    repo = tmp_path / "r"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "a.py").write_text("x = 1\n")
    (repo / ".gitattributes").write_text("*.py filter=late\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "one")
    # emptied at the first look already: the attributes name it (test_git_attribute_drivers.py)
    assert ("filter.late.clean", "") in gitcmd.overrides(str(repo))
    mark = tmp_path / "late"
    git(repo, "config", "filter.late.clean", f"touch '{mark}'; cat")
    (repo / "a.py").write_text("x = 2\n")
    assert ("filter.late.clean", "") in gitcmd.overrides(str(repo))
    p = gitcmd.run(str(repo), "status", "--porcelain", capture_output=True)
    assert p.returncode == 0 and b"a.py" in p.stdout
    assert not mark.exists()


@pytest.mark.parametrize("count", ["", "2", "junk"])
def test_the_users_own_command_line_config_is_kept(tmp_path, count):
    """Settings the user passes to git through GIT_CONFIG_COUNT stay; Lore's come after them."""
    base = {"GIT_CONFIG_COUNT": count, "GIT_CONFIG_KEY_0": "user.name", "GIT_CONFIG_VALUE_0": "Ada",
            "GIT_CONFIG_KEY_1": "core.abbrev", "GIT_CONFIG_VALUE_1": "9"}
    env = gitcmd.environment(str(tmp_path), base)
    n = int(env["GIT_CONFIG_COUNT"])
    keys = [env[f"GIT_CONFIG_KEY_{i}"] for i in range(n) if f"GIT_CONFIG_KEY_{i}" in env]
    assert "core.fsmonitor" in keys
    if count == "2":
        assert keys[:2] == ["user.name", "core.abbrev"]

"""Lore reads a repository's configuration before each git process and empties the drivers it defines; a
checkout between that reading and the process starting could still activate an include (a tracked
`later.cfg` appears, an `includeIf "onbranch:…"` comes true) whose filter git then ran on a dirty file.
The full suite hit that window under load (test_git_config_later_include.py). The drivers the attributes
name are now emptied whether or not the configuration defines them yet, so an environment read before the
checkout runs nothing after it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from lore import gitcmd
from lore.errors import LoreError

from .clone import git


def _filter(mark: Path) -> str:
    return f"[filter \"evil\"]\n\tclean = touch '{mark}'; cat\n\trequired = true\n"


def _plant(repo: Path, mark: Path, how: str, attributes: str = "*.py filter=evil\n") -> None:
    """Branch `evil` activates a filter that the attributes of `main` already name."""
    (repo / ".gitattributes").write_text(attributes)
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "attributes")
    git(repo, "checkout", "-q", "-b", "evil")
    if how == "onbranch":
        (repo / ".git" / "evil.cfg").write_text(_filter(mark))
        include = '[includeIf "onbranch:evil"]\n\tpath = evil.cfg\n'
    else:
        (repo / "later.cfg").write_text(_filter(mark))
        git(repo, "add", "later.cfg")
        git(repo, "commit", "-q", "-m", "later")
        include = "[include]\n\tpath = ../later.cfg\n"
    git(repo, "checkout", "-q", "main")
    with open(repo / ".git" / "config", "a") as f:
        f.write(include)


def _diff_with(repo: Path, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    """What the working layer runs: the tracked files that differ from the index (a dirty one is hashed)."""
    return subprocess.run(["git", "-C", str(repo), "diff", "--name-only", "-z"], env=env, capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=60)


@pytest.mark.parametrize("how", ["onbranch", "appears"])
def test_an_environment_read_before_a_checkout_runs_no_filter_after_it(victim, tmp_path, how):
    repo, mark = victim.repo, tmp_path / "ran"
    _plant(repo, mark, how)
    env = gitcmd.environment(str(repo))  # read on main: the include is not active yet
    git(repo, "checkout", "-q", "evil")  # the user's own checkout (it runs no clean)
    (repo / "src" / "app.py").write_text("import os\n\ndef main():\n    return 3\n")
    assert not mark.exists()
    p = _diff_with(repo, env)  # a git process started from the reading made before the checkout
    assert p.returncode == 0, p.stderr
    assert b"src/app.py" in p.stdout
    assert not mark.exists()
    git(repo, "hash-object", "src/app.py")  # plain git runs the filter now: the attack is real
    assert mark.exists()


@pytest.mark.parametrize("where", ["subfolder", "info", "macro", "index-only"])
def test_every_attribute_file_git_reads_names_its_drivers(victim, tmp_path, where):
    repo, mark = victim.repo, tmp_path / "ran"
    (repo / "src" / "other.py").write_text("x = 1\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "other")
    if where == "subfolder":  # untracked, in a tracked folder: git reads it for src/app.py
        (repo / "src" / ".gitattributes").write_text("app.py filter=evil\n")
    elif where == "info":
        (repo / ".git" / "info").mkdir(exist_ok=True)
        (repo / ".git" / "info" / "attributes").write_text("*.py filter=evil\n")
    elif where == "macro":
        (repo / ".gitattributes").write_text("[attr]mine filter=evil -diff\n*.py mine\n")
    else:  # tracked, then removed from the work tree: git reads the index's copy
        (repo / "src" / ".gitattributes").write_text("app.py filter=evil\n")
        git(repo, "add", ".")
        git(repo, "commit", "-q", "-m", "attributes")
        (repo / "src" / ".gitattributes").unlink()
    env = gitcmd.environment(str(repo))
    (repo / "later.cfg").write_text(_filter(mark))  # the definition arrives after the reading
    with open(repo / ".git" / "config", "a") as f:
        f.write("[include]\n\tpath = ../later.cfg\n")
    (repo / "src" / "app.py").write_text("import os\n")
    p = _diff_with(repo, env)
    assert p.returncode == 0, p.stderr
    assert not mark.exists()
    git(repo, "diff", "--name-only")  # plain git runs the filter (hash-object reads no index's attributes)
    assert mark.exists()


def test_a_checkout_that_names_new_drivers_is_read_again(victim, tmp_path):
    """The reading is kept while its files are unchanged; a checkout moves HEAD, so the attributes it brings
    are read before the next git process."""
    repo = victim.repo
    git(repo, "checkout", "-q", "-b", "other")
    (repo / ".gitattributes").write_text("*.py filter=second\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "attributes")
    git(repo, "checkout", "-q", "main")
    assert ("filter.second.clean", "") not in gitcmd.overrides(str(repo))
    git(repo, "checkout", "-q", "other")
    assert ("filter.second.clean", "") in gitcmd.overrides(str(repo))
    assert ("filter.second.required", "false") in gitcmd.overrides(str(repo))


def test_a_flood_of_driver_names_is_refused(victim):
    repo = victim.repo
    lines = "".join(f"f{i}.py filter=d{i} diff=d{i}\n" for i in range(gitcmd.MAX_ATTR_DRIVERS))
    (repo / ".gitattributes").write_text(lines)
    before = sorted(p.name for p in (repo / ".git").iterdir())
    with pytest.raises(LoreError) as e:
        gitcmd.run(str(repo), "status", "--porcelain", capture_output=True, timeout=60)
    assert e.value.code == "unsafe-git-config" and "drivers" in str(e.value)
    assert sorted(p.name for p in (repo / ".git").iterdir()) == before  # no git ran: nothing written


def test_a_handful_of_drivers_runs_git_as_before(victim):
    """A project's own attributes (LFS, a diff driver) keep git working: the drivers are emptied, not refused,
    and the listing git gives is the same."""
    repo = victim.repo
    (repo / ".gitattributes").write_text("*.bin filter=lfs diff=lfs merge=lfs -text\n*.py diff=python\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "attributes")
    (repo / "src" / "app.py").write_text("changed\n")
    p = gitcmd.run(str(repo), "diff", "--name-only", capture_output=True, timeout=60)
    assert p.returncode == 0 and p.stdout.decode().split() == ["src/app.py"]
    pairs = dict(gitcmd.overrides(str(repo)))
    assert pairs["filter.lfs.process"] == "" and pairs["diff.python.textconv"] == ""
    assert pairs["merge.lfs.driver"] == ""

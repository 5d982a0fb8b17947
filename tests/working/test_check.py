"""``lore check`` (SPEC §3) on real git repositories the tests build, through the real CLI: a feature branch's
commits, staged and unstaged edits, untracked files, a shallow clone, a clone with no graph yet, a rebased
branch, a detached HEAD; the three formats and the exit codes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gitrepo import git

ROOT = Path(__file__).resolve().parents[2]
LORE = str(Path(sys.executable).with_name("lore"))
REJECT = ('[[:decision/no-chardet :rejects :module/chardet] '
          '[:decision/no-chardet :description "charset-normalizer only"]]')
APP = "import os\n\n\ndef get(key):\n    return os.environ.get(key)\n"
WITH_CHARDET = "import os\nimport chardet\n\n\ndef get(key):\n    return os.environ.get(key)\n"


def lore(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    env.pop("LORE_GRAPH_PATH", None)
    return subprocess.run([LORE, *args], cwd=repo, capture_output=True, text=True, env=env, timeout=300)


def check_json(repo: Path, *args: str) -> tuple[int, dict]:
    p = lore(repo, "check", "--format", "json", *args)
    return p.returncode, json.loads(p.stdout)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "repo"
    (r / "src").mkdir(parents=True)
    (r / "src" / "app.py").write_text(APP)
    (r / ".gitignore").write_text(".lore/\n")
    git(r, "init", "-q", "-b", "main")
    git(r, "add", ".")
    git(r, "commit", "-qm", "init")
    assert lore(r, "transact", REJECT, "--reason", "team decision").returncode == 0
    assert lore(r, "ingest", ".").returncode == 0
    return r


def test_a_branch_commit_is_reported_with_exit_1_and_linter_text(repo):
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    git(repo, "commit", "-qam", "use chardet")
    p = lore(repo, "check")
    assert p.returncode == 1, p.stderr
    assert p.stdout.splitlines() == [
        'src/app.py:2:1: rejected_dependency src/app.py imports chardet, which the decision '
        '"charset-normalizer only" rejects']
    # the graph's history was not written: main's code has no chardet, and no transaction was added
    q = json.loads(lore(repo, "--json", "query", "[:find ?t :where [:module/src-app-py :depends-on ?t]]").stdout)
    assert [":module/chardet"] not in q["results"]
    assert json.loads(lore(repo, "--json", "warnings").stdout)["warnings"] == []
    assert lore(repo, "check", "--fail-on", "never").returncode == 0


@pytest.mark.parametrize("written", [":dependency/chardet", ":library/chardet", ":package/chardet"])
def test_a_package_rejected_before_any_code_imported_it_is_flagged_when_an_edit_imports_it(repo, written):
    """A decision names a package the way people do (:dependency/x: what capture and agents write) before the
    code has ever imported it; the reference stays as written (no code to resolve it to), and the first edit
    that imports it must still be flagged (SPEC §1: the reference means the code's entity)."""
    decided = (f'[[:decision/no-chardet-2 :rejects {written}] '
               '[:decision/no-chardet-2 :description "chardet is too slow"]]')
    assert lore(repo, "transact", decided, "--reason", "decided before any import").returncode == 0
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    code, report = check_json(repo)
    assert code == 1
    memories = sorted(w["slots"]["memory"] for w in report["warnings"])
    assert memories == [":decision/no-chardet", ":decision/no-chardet-2"], report


def test_staged_unstaged_and_untracked_changes_count(repo):
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    code, staged_not = check_json(repo)
    assert code == 1 and [w["file"] for w in staged_not["warnings"]] == ["src/app.py"]  # unstaged
    git(repo, "add", "src/app.py")
    code, staged = check_json(repo)
    assert code == 1 and staged["warnings"][0]["line"] == 2  # staged
    git(repo, "checkout", "-q", "--", ".")
    git(repo, "reset", "-q")
    (repo / "src" / "app.py").write_text(APP)
    (repo / "src" / "new.py").write_text("import chardet\n")
    code, untracked = check_json(repo)
    assert code == 1 and [w["file"] for w in untracked["warnings"]] == ["src/new.py"]
    (repo / ".gitignore").write_text(".lore/\nsrc/new.py\n")
    code, ignored = check_json(repo)
    assert code == 0 and ignored["warnings"] == []  # ignored files are not the developer's change


def test_a_warning_only_the_change_has_can_be_dismissed_and_stays_dismissed_once_committed(repo):
    # lore check fails a pre-commit hook on an uncommitted import; the team keeps it for a reason: the id
    # lore check gave is dismissable now, and the dismissal holds once the change is in history.
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    code, report = check_json(repo)
    assert code == 1
    [w] = report["warnings"]
    p = lore(repo, "dismiss", w["id"], "--reason", "chardet stays for the legacy importer")
    assert p.returncode == 0, p.stderr
    code, report = check_json(repo)
    assert (code, report["warnings"]) == (0, [])
    git(repo, "commit", "-qam", "use chardet")
    assert lore(repo, "ingest", ".").returncode == 0
    assert json.loads(lore(repo, "--json", "warnings").stdout)["warnings"] == []
    dismissed = json.loads(lore(repo, "--json", "sql", "SELECT e FROM facts WHERE a = ':lore/dismissed'").stdout)
    assert dismissed["rows"] == [[f":warning/{w['id']}"]]
    # An id no layer and no history shows is still refused, and nothing is written.
    before = lore(repo, "--json", "sql", "SELECT count(*) FROM facts").stdout
    p = lore(repo, "dismiss", "rejected-dependency-000000000000", "--reason", "x")
    assert p.returncode != 0 and "unknown-warning" in p.stderr
    assert lore(repo, "--json", "sql", "SELECT count(*) FROM facts").stdout == before


def test_json_and_sarif_shapes(repo):
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    code, reply = check_json(repo)
    head = git(repo, "rev-parse", "HEAD").strip()
    assert code == 1 and reply["ok"] is True and reply["base"] == head
    [w] = reply["warnings"]
    assert w["code"] == "rejected_dependency" and (w["file"], w["line"]) == ("src/app.py", 2)
    p = lore(repo, "check", "--format", "sarif")
    log = json.loads(p.stdout)
    assert p.returncode == 1 and log["version"] == "2.1.0"
    run = log["runs"][0]
    assert run["tool"]["driver"]["name"] == "lore"
    [res] = run["results"]
    assert res["ruleId"] == "rejected_dependency"
    loc = res["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "src/app.py" and loc["region"]["startLine"] == 2
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["rejected_dependency"]


def test_only_new_warnings_unless_all(repo):
    # main itself gets the rejected import: history has that warning, a branch that keeps it adds nothing
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    git(repo, "commit", "-qam", "chardet on main")
    assert lore(repo, "ingest", ".").returncode == 0
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "other.py").write_text("def other():\n    return 1\n")
    code, reply = check_json(repo)
    assert code == 0 and reply["warnings"] == []
    code, every = check_json(repo, "--all")
    assert code == 1 and [w["file"] for w in every["warnings"]] == ["src/app.py"]
    # the branch removes the import: nothing new either (a removed warning never fails a check)
    (repo / "src" / "app.py").write_text(APP)
    code, reply = check_json(repo, "--all")
    assert code == 0 and reply["warnings"] == []


def test_paths_limit_the_report(repo):
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    (repo / "lib").mkdir()
    (repo / "lib" / "x.py").write_text("import chardet\n")
    code, reply = check_json(repo, "lib")
    assert code == 1 and [w["file"] for w in reply["warnings"]] == ["lib/x.py"]
    code, reply = check_json(repo, "src/app.py")
    assert [w["file"] for w in reply["warnings"]] == ["src/app.py"]
    p = lore(repo, "check", "/")
    assert p.returncode == 2 and "outside the work tree" in p.stderr


def test_base_ref(repo):
    git(repo, "checkout", "-qb", "one")
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    git(repo, "commit", "-qam", "chardet")
    git(repo, "checkout", "-qb", "two")
    (repo / "src" / "b.py").write_text("def b():\n    return 2\n")
    git(repo, "add", "src/b.py")
    git(repo, "commit", "-qm", "b")
    code, reply = check_json(repo, "--base", "one")
    assert reply["base"] == git(repo, "rev-parse", "one").strip()
    assert code == 0 and reply["warnings"] == [] and reply["changedFiles"] == 1
    code, reply = check_json(repo)  # against the graph's branch: the chardet commit is in the change
    assert code == 1
    p = lore(repo, "check", "--base", "no-such-branch")
    assert p.returncode == 2 and "no-such-branch" in p.stderr


def test_a_clone_without_a_graph_is_ingested_first(repo, tmp_path):
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(repo), str(clone))
    (clone / "src" / "app.py").write_text(WITH_CHARDET)
    p = lore(clone, "check")
    assert p.returncode == 0, p.stderr  # no decision in this fresh graph: nothing is rejected
    assert "ingested it first" in p.stderr
    assert (clone / ".lore" / "lore.duckdb").exists()
    p = lore(clone, "check")
    assert "ingested it first" not in p.stderr


def test_shallow_clone_checks_against_the_graph_head_and_says_so(repo, tmp_path):
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    git(repo, "commit", "-qam", "chardet on feature")
    git(repo, "checkout", "-q", "main")  # as a hosted origin: its HEAD is its default branch
    clone = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "feature", repo.as_uri(), str(clone))
    assert git(clone, "rev-parse", "--is-shallow-repository").strip() == "true"
    assert lore(clone, "transact", REJECT, "--reason", "team decision").returncode == 0
    # CI: a graph of main is restored from elsewhere (its head is not in this clone)
    graph = repo / ".lore" / "lore.duckdb"
    env_graph = ["--graph", str(graph)]
    p = lore(clone, *env_graph, "check", "--format", "json")
    reply = json.loads(p.stdout)
    assert p.returncode == 1, p.stderr
    assert reply["baseKind"] == "graph-blobs" and "not in this repository" in p.stderr
    assert [w["file"] for w in reply["warnings"]] == ["src/app.py"]
    # its own fresh graph: history is the shallow HEAD itself, so the branch's commit is no change — and a
    # silent "0 new warnings" would read as a pass: it says so, and what to do
    p = lore(clone, "check", "--format", "json")
    reply = json.loads(p.stdout)
    assert p.returncode == 0 and reply["warnings"] == [], p.stderr
    assert any("no main or master" in n and "--all" in n and "--base" in n for n in reply["notes"]), reply["notes"]
    assert "--all for every warning" in lore(clone, "check").stderr
    # --all shows the warning it holds
    p = lore(clone, "check", "--all", "--format", "json")
    assert p.returncode == 1 and json.loads(p.stdout)["warnings"][0]["file"] == "src/app.py"


def test_no_merge_base_checks_against_the_base_commit(repo, tmp_path):
    """A shallow fetch of the base: the base commit is here, the merge base is not."""
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    git(repo, "commit", "-qam", "chardet on feature")
    git(repo, "checkout", "-q", "main")
    (repo / "README.md").write_text("main moves on\n")
    git(repo, "add", "README.md")
    git(repo, "commit", "-qm", "readme")
    clone = tmp_path / "ci"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "feature", repo.as_uri(), str(clone))
    git(clone, "fetch", "-q", "--depth", "1", "origin", "main:main")
    p = lore(clone, "check", "--base", "main", "--format", "json")
    reply = json.loads(p.stdout)
    assert reply["baseKind"] == "base-commit" and "no merge base" in p.stderr


def test_rebased_branch_and_detached_head(repo):
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    git(repo, "commit", "-qam", "chardet")
    git(repo, "checkout", "-q", "main")
    (repo / "src" / "c.py").write_text("def c():\n    return 3\n")
    git(repo, "add", "src/c.py")
    git(repo, "commit", "-qm", "c")
    assert lore(repo, "ingest", ".").returncode == 0
    git(repo, "checkout", "-q", "feature")
    git(repo, "rebase", "-q", "main")
    code, reply = check_json(repo)
    assert code == 1 and reply["base"] == git(repo, "rev-parse", "main").strip() and reply["changedFiles"] == 1
    git(repo, "checkout", "-q", "--detach", "HEAD")
    code, reply = check_json(repo)
    assert code == 1 and reply["branch"] is None
    assert any("detached HEAD" in n for n in reply["notes"])


def test_a_thousand_changed_files(repo):
    gen = repo / "gen"
    gen.mkdir()
    for i in range(1000):
        (gen / f"m{i}.py").write_text(f"def f{i}():\n    return {i}\n" + ("import chardet\n" if i == 999 else ""))
    code, reply = check_json(repo)
    assert reply["changedFiles"] == 1000
    assert code == 1 and [w["file"] for w in reply["warnings"]] == ["gen/m999.py"]


def test_not_a_repository(tmp_path):
    p = lore(tmp_path, "--graph", str(tmp_path / "g.duckdb"), "check")
    assert p.returncode == 2 and "git" in p.stderr


def test_a_file_whose_name_is_not_utf8_is_checked_under_ingestion_s_name_for_it(repo):
    # A cloned repository may name a file in Latin-1 (b"caf\xe9.py"): ingestion calls it src/caf\xe9.py. The
    # working layer passed git's raw name on, refused as invalid UTF-8, and every `lore check` failed (exit 2).
    raw = os.path.join(os.fsencode(repo), b"src", b"caf\xe9.py")
    with open(raw, "wb") as fh:
        fh.write(APP.encode())
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "a Latin-1 name")
    assert lore(repo, "ingest", ".").returncode == 0
    with open(raw, "wb") as fh:
        fh.write(WITH_CHARDET.encode())  # unstaged: only the working layer has it
    code, reply = check_json(repo)
    assert code == 1, reply
    assert [(w["file"], w["line"], w["rule"]) for w in reply["warnings"]] == [
        ("src/caf\\xe9.py", 2, "rejected_dependency")]
    # and the unchanged history of that file is shadowed by the layer's, not doubled
    code, reply = check_json(repo, "--all")
    assert code == 1 and len(reply["warnings"]) == 1, reply


def _app_repo(path: Path, branch: str) -> Path:
    """A repository at ``path`` whose one commit on ``branch`` holds src/app.py (APP)."""
    (path / "src").mkdir(parents=True)
    (path / "src" / "app.py").write_text(APP)
    git(path, "init", "-q", "-b", branch)
    git(path, "add", ".")
    git(path, "commit", "-qm", "init")
    return path


def _origin_with_a_pull_request(tmp_path: Path) -> Path:
    """``tmp_path/origin``: main with the committed decision against chardet in its journal, and branch ``pr``
    whose commit imports chardet; main checked out, as a hosted origin's HEAD is its default branch."""
    origin = _app_repo(tmp_path / "origin", "main")
    assert lore(origin, "transact", REJECT, "--reason", "team decision").returncode == 0
    git(origin, "add", ".lore/journal")  # the decision travels with the code (.lore/.gitignore keeps the graph out)
    git(origin, "commit", "-qm", "decision: no chardet")
    git(origin, "checkout", "-qb", "pr")
    (origin / "src" / "app.py").write_text(WITH_CHARDET)
    git(origin, "commit", "-qam", "use chardet")
    git(origin, "checkout", "-q", "main")
    return origin


def test_a_pull_request_checked_out_as_ci_does_is_checked_against_its_base(tmp_path):
    """Found in a user trial (scrapy/scrapy, README's CI recipe): actions/checkout leaves a pull request's
    commit detached with no local main or master (the base is origin/<base>), and the decision is in the
    committed journal. `lore check --base origin/main` on that fresh clone ingested HEAD — the pull request
    itself — as history, so its rejected import was no change: exit 0, an empty SARIF, a green check."""
    origin = _origin_with_a_pull_request(tmp_path)
    ci = tmp_path / "ci"
    git(tmp_path, "clone", "-q", "--no-checkout", str(origin), str(ci))
    git(ci, "checkout", "-q", "--detach", "origin/pr")
    for branch in git(ci, "for-each-ref", "--format=%(refname:short)", "refs/heads").split():
        git(ci, "branch", "-q", "-D", branch)
    p = lore(ci, "check", "--base", "origin/main", "--format", "sarif")
    assert p.returncode == 1, (p.stdout, p.stderr)
    results = json.loads(p.stdout)["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in results] == \
        [("rejected_dependency", "src/app.py")]
    # the graph follows the base it was measured against, so the next check needs no ingest and agrees
    code, reply = check_json(ci, "--base", "origin/main")
    assert code == 1 and [w["file"] for w in reply["warnings"]] == ["src/app.py"], reply
    assert reply["baseKind"] == "merge-base" and reply["base"] == git(ci, "rev-parse", "origin/main").strip()


def test_a_clone_whose_origin_head_is_the_pull_request_checks_it_against_the_base(tmp_path):
    """Found in user trial 17 (pallets/flask): a clone of a work repository that was on the pull request's branch
    has origin/HEAD -> origin/pr; on its first check `--base origin/main` ingested origin/pr (origin's default)
    as history, and the check stopped with history-past-base (exit 2, an empty SARIF). With --base, a default
    branch whose tip the base does not hold is not the history: the base is."""
    origin = _origin_with_a_pull_request(tmp_path)
    git(origin, "checkout", "-q", "pr")  # the repository cloned was on the branch
    ci = tmp_path / "ci"
    git(tmp_path, "clone", "-q", str(origin), str(ci))
    assert git(ci, "symbolic-ref", "refs/remotes/origin/HEAD").strip() == "refs/remotes/origin/pr"
    git(ci, "checkout", "-q", "--detach", "origin/pr")
    for branch in git(ci, "for-each-ref", "--format=%(refname:short)", "refs/heads").split():
        git(ci, "branch", "-q", "-D", branch)
    p = lore(ci, "check", "--base", "origin/main", "--format", "sarif")
    assert p.returncode == 1, (p.stdout, p.stderr)
    results = json.loads(p.stdout)["runs"][0]["results"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results] == ["src/app.py"]
    code, reply = check_json(ci, "--base", "origin/main")
    assert code == 1 and reply["base"] == git(ci, "rev-parse", "origin/main").strip(), reply
    # a default branch the base holds stays the history (a clone with main, checked against origin/main)
    fresh = tmp_path / "fresh"
    git(tmp_path, "clone", "-q", "-b", "main", str(origin), str(fresh))
    git(fresh, "checkout", "-q", "pr")
    code, reply = check_json(fresh, "--base", "origin/main")
    assert code == 1 and [w["file"] for w in reply["warnings"]] == ["src/app.py"], reply
    assert "ingested origin/main's first" not in " ".join(reply["notes"]), reply["notes"]


def test_a_check_that_cannot_run_still_prints_one_sarif_log(repo, tmp_path):
    """Found in a user trial (scrapy/scrapy, the README's CI recipe): `lore check --format sarif > lore.sarif`
    with a base the clone does not have (a depth-1 checkout) exited 2 and printed nothing, and the next step,
    uploading lore.sarif, failed on an empty file. It prints one SARIF log saying the run failed, and why."""
    for cwd, args, why in [(repo, ["check", "--base", "origin/nope"], "origin/nope"),
                           (tmp_path, ["--graph", str(tmp_path / "g.duckdb"), "check"], "git")]:
        p = lore(cwd, *args, "--format", "sarif")
        assert p.returncode == 2, p.stderr
        log = json.loads(p.stdout)
        assert log["version"] == "2.1.0" and log["runs"][0]["tool"]["driver"]["name"] == "lore"
        assert log["runs"][0]["results"] == []
        invocation = log["runs"][0]["invocations"][0]
        assert invocation["executionSuccessful"] is False and invocation["exitCode"] == 2
        note = invocation["toolExecutionNotifications"][0]
        assert note["level"] == "error" and why in note["message"]["text"], note
        assert why in p.stderr  # and said where a person reads it


def _conflicting_branches(repo: Path) -> None:
    """feature imports chardet in src/app.py; main changes the same line: replaying or merging one onto the
    other stops on a conflict."""
    git(repo, "checkout", "-qb", "feature")
    (repo / "src" / "app.py").write_text(WITH_CHARDET)
    git(repo, "commit", "-qam", "chardet")
    git(repo, "checkout", "-q", "main")
    (repo / "src" / "app.py").write_text(WITH_CHARDET.replace("chardet", "json"))
    git(repo, "commit", "-qam", "json")


def _stopped(repo: Path, *args: str) -> None:
    """git ``args``, which stops for the person (a conflict): its failure is the point."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com", "GIT_EDITOR": "true"}
    p = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=env)
    assert p.returncode != 0, "git should have stopped on the conflict"


@pytest.mark.parametrize("operation,marker,said", [
    (("rebase", "main"), "rebase-merge", "a rebase is in progress"),
    (("merge", "main"), "MERGE_HEAD", "a merge is in progress"),
    (("cherry-pick", "main"), "CHERRY_PICK_HEAD", "a cherry-pick is in progress"),
])
def test_a_rebase_or_merge_in_progress_is_said_in_a_note_not_a_failure(repo, operation, marker, said):
    _conflicting_branches(repo)
    git(repo, "checkout", "-q", "feature")
    _stopped(repo, *operation)
    git_dir = repo / ".git"
    assert (git_dir / marker).exists()
    code, reply = check_json(repo, "--fail-on", "never")
    assert code == 0 and reply["ok"], reply
    notes = [n for n in reply["notes"] if "in progress" in n]
    assert len(notes) == 1 and notes[0].startswith(said) and marker in notes[0], reply["notes"]
    p = lore(repo, "check", "--fail-on", "never")
    assert p.returncode == 0 and f"lore check: {said}" in p.stderr, p.stderr
    # finished (here: aborted), the note goes
    git(repo, operation[0], "--abort")
    code, reply = check_json(repo, "--fail-on", "never")
    assert not [n for n in reply["notes"] if "in progress" in n], reply["notes"]


def test_in_progress_markers_in_a_hostile_git_folder_are_only_looked_at(repo):
    """A marker git would leave may be a FIFO, a folder, a dangling symlink, or the .git a file naming a folder
    elsewhere: each is only looked at (never opened), so check neither waits nor fails."""
    git(repo, "checkout", "-qb", "feature")
    os.mkfifo(repo / ".git" / "MERGE_HEAD")
    (repo / ".git" / "REVERT_HEAD").symlink_to(repo / "nowhere")
    code, reply = check_json(repo, "--fail-on", "never")
    assert code == 0 and reply["ok"], reply
    assert sorted(n.split(" is in progress")[0] for n in reply["notes"] if "in progress" in n) == [
        "a merge", "a revert"]
    # a linked work tree: .git is a file naming its own git folder, where git keeps its markers
    linked = repo.parent / "linked"
    git(repo, "worktree", "add", "-q", str(linked), "main")
    code, reply = check_json(linked, "--fail-on", "never")
    assert reply["ok"] and not [n for n in reply["notes"] if "in progress" in n], reply["notes"]
    gd = Path(git(linked, "rev-parse", "--absolute-git-dir").strip())
    (gd / "rebase-merge").mkdir()
    code, reply = check_json(linked, "--fail-on", "never")
    assert [n.split(":")[0] for n in reply["notes"] if "in progress" in n] == [
        "a rebase is in progress (rebase-merge)"], reply["notes"]


def test_a_graph_that_already_holds_the_pull_requests_commits_is_no_silent_pass(tmp_path):
    """Found in user trial 11 (labstack/echo): a teammate clones a pull request's branch (no local main), runs
    `lore ingest` as the journal section says — the graph follows that HEAD — then `lore check --base
    origin/main`. The pull request's rejected import was already history, so nothing was new: exit 0. The check
    now refuses (exit 2, history-past-base) and says how to check; a graph of the base finds the import."""
    origin = _origin_with_a_pull_request(tmp_path)
    mate = tmp_path / "mate"
    git(tmp_path, "clone", "-q", "-b", "pr", str(origin), str(mate))
    # A clone knows origin's default branch (origin/HEAD): its graph follows origin/main, and the check finds
    # the import. Without origin/HEAD (a fetch, not a clone; `remote set-head -d`) the graph follows HEAD.
    code, reply = check_json(mate, "--base", "origin/main")
    assert code == 1 and [w["file"] for w in reply["warnings"]] == ["src/app.py"], reply
    for f in (mate / ".lore").glob("lore.duckdb*"):  # a new graph (the journal stays)
        shutil.rmtree(f) if f.is_dir() else f.unlink()
    git(mate, "remote", "set-head", "origin", "-d")
    assert lore(mate, "ingest").returncode == 0
    p = lore(mate, "check", "--base", "origin/main")
    assert p.returncode == 2 and "--graph" in p.stderr, (p.stdout, p.stderr)
    code, reply = check_json(mate, "--base", "origin/main")
    assert code == 2 and reply["error"]["code"] == "history-past-base", reply
    p = lore(mate, "check", "--base", "origin/main", "--format", "sarif")
    assert p.returncode == 2 and json.loads(p.stdout)["runs"][0]["invocations"][0]["exitCode"] == 2
    # what the message says to do
    p = lore(mate, "check", "--base", "origin/main", "--graph", str(mate / ".lore" / "base.duckdb"))
    assert p.returncode == 1 and "src/app.py:2" in p.stdout, (p.stdout, p.stderr)
    # a clone with main, whose graph follows main, is checked against origin/main as before
    fresh = tmp_path / "fresh"
    git(tmp_path, "clone", "-q", "-b", "main", str(origin), str(fresh))
    git(fresh, "checkout", "-q", "pr")
    assert lore(fresh, "ingest").returncode == 0  # main exists here: the graph follows main
    code, reply = check_json(fresh, "--base", "origin/main")
    assert code == 1 and [w["file"] for w in reply["warnings"]] == ["src/app.py"], reply


def test_a_clone_of_a_project_whose_default_is_develop_checks_the_feature_against_develop(tmp_path):
    # The graph followed HEAD where there was no main or master, so on a feature branch of such a clone its
    # own commits were history and `lore check` passed what they brought.
    origin = _app_repo(tmp_path / "origin", "develop")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    git(clone, "checkout", "-qb", "feature")
    (clone / "src" / "app.py").write_text(WITH_CHARDET)
    git(clone, "commit", "-qam", "use chardet")
    assert lore(clone, "transact", REJECT, "--reason", "team decision").returncode == 0
    code, reply = check_json(clone)
    assert code == 1 and [w["file"] for w in reply["warnings"]] == ["src/app.py"], reply
    assert not any("HEAD" in n for n in reply["notes"]), reply["notes"]

"""One identity on a Python repository (SPEC §1). A Python package is said by the distribution that installs it
("PyYAML", "Pillow", "scikit-learn", "python-dateutil", "opencv-python") and imported by another name (``yaml``,
``PIL``, ``sklearn``, ``dateutil``, ``cv2``). Before, "We decided against PyYAML" was stored as a rejection of
``:dependency/pyyaml``, met no import, and no warning fired. Real git repository, real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitrepo import commit_files, git

APP = ("import yaml\nimport cv2\nfrom PIL import Image\nimport sklearn.linear_model\nimport dateutil.parser\n"
       "import arrow\nimport kafka\n\n\ndef load(p):\n    return yaml.safe_load(open(p))\n")


@pytest.fixture
def pyrepo(tmp_path: Path) -> Path:
    return commit_files(tmp_path / "proj", {"app/io.py": APP, "pyproject.toml": '[project]\nname = "proj"\n'},
                        "io")


def rejected(cli) -> set[tuple[str, int, str]]:
    code, reply, err, _ = cli.run("warnings")
    assert code == 0 and reply["ok"], err
    return {(w["file"], w["line"], w["slots"]["target"]) for w in reply["warnings"] if w["rule"] == "rejected_dependency"}


def test_captured_rejections_said_as_distributions_meet_the_imports(cli, pyrepo):
    cli = cli.ingest_in(pyrepo)
    for name in ("PyYAML", "Pillow", "scikit-learn", "python-dateutil", "opencv-python", "kafka-python"):
        code, reply, err, _ = cli.run("finalize-turn", f"User: We decided against {name}; it is too heavy.\n"
                                                       "Agent: Noted.")
        assert code == 0 and reply["ok"] and reply["memories"], err
    assert {(line, target) for _f, line, target in rejected(cli)} == {
        (1, ":module/yaml"), (2, ":module/cv2"), (3, ":module/pil"), (4, ":module/sklearn"), (5, ":module/dateutil"),
        (7, ":module/kafka")}


def test_py_and_a_name_is_no_name_of_that_import(cli, pyrepo):
    # pyarrow is not arrow (the dates library); pytest is no import "test"
    cli = cli.ingest_in(pyrepo)
    code, reply, err, _ = cli.run("finalize-turn", "User: We decided against pyarrow; it is too heavy.\nAgent: Noted.")
    assert code == 0 and reply["ok"] and reply["memories"], err
    assert rejected(cli) == set()


def test_a_branch_adding_the_first_import_of_a_rejected_distribution_fails_the_check(cli, tmp_path):
    """The rejection is captured before any code imports the package (it stays :dependency/pyyaml); a branch
    brings the first ``import yaml``."""
    repo = commit_files(tmp_path / "proj", {"app/io.py": "def load(p):\n    return open(p).read()\n"}, "io")
    cli = cli.ingest_in(repo)
    code, reply, err, _ = cli.run("finalize-turn", "User: We decided against PyYAML; use the json module.\n"
                                                   "Agent: Understood.")
    assert code == 0 and reply["ok"] and reply["memories"], err
    git(repo, "checkout", "-q", "-b", "feat/yaml")
    (repo / "app/io.py").write_text("import yaml\n\n\ndef load(p):\n    return yaml.safe_load(open(p))\n")
    git(repo, "commit", "-qam", "yaml config")
    code, _, _, out = cli.run("check", "--base", "main", json_out=False)
    assert code == 1, out
    assert "app/io.py:1" in out and "yaml" in out, out

"""The project's own name is no topic of a question asked inside that project (issue 14, recall7's misses).

A real git repository is ingested (lore.ingest), memories are written beside it, and prepare-turn is asked as a
user would: a memory that says only the project's name must not be recalled for a question about something else,
and the one that answers must be."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from memory_helpers import embed_all, recalled, remember, remember_decisions

from lore.memory.turns import prepare_turn

# Memories of one project: each names it (as every memory of numpy says "NumPy"), one answers the question below.
FLOOD = {
    "render": "Widgetkit renders charts to SVG only",
    "wheels": "Widgetkit publishes wheels for arm64 Linux",
    "python": "Widgetkit supports Python 3.10 and newer",
    "api": "Widgetkit keeps its public API in one namespace",
    "logging": "Widgetkit logs through the standard library logger",
    "license": "Widgetkit is licensed under the MIT licence",
    "docs": "Widgetkit documentation is built with Sphinx",
}
ANSWER = ("backoff", "Failed HTTP calls are repeated with exponential backoff and jitter")


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@example.com", "PATH": "/usr/bin:/bin", "HOME": str(repo)})


def _repo(root: Path, files: dict[str, str]) -> Path:
    repo = root / "repo"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    for path, text in files.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "initial layout")
    return repo


PACKAGE = {
    "widgetkit/__init__.py": "from widgetkit.charts import draw\n",
    "widgetkit/charts.py": "def draw(data):\n    return len(data)\n",
    "widgetkit/http.py": "def fetch(url):\n    return url\n",
    "widgetkit/store.py": "def save(path):\n    return path\n",
    "tests/__init__.py": "",
    "tests/test_charts.py": "def test_draw():\n    assert True\n",
}


@pytest.fixture
def project(graph, tmp_path):
    from lore.ingest.api import ingest

    ingest(graph, str(_repo(tmp_path, PACKAGE)))
    remember_decisions(graph, {**FLOOD, ANSWER[0]: ANSWER[1]})
    return graph


def test_the_project_name_admits_no_memory_on_its_own(project):
    # "Widgetkit" is the code's own package: on main it was half of this question's topic, and the question's
    # vector lay near every memory saying it (three of them were recalled on their embedding alone).
    got = recalled(project, "Does Widgetkit add jitter?")
    assert got[:1] == [":decision/backoff"]
    assert not [e for e in got if e.removeprefix(":decision/") in FLOOD]


def test_a_camel_case_project_name_is_left_out_whole(project):
    # "WidgetKit" is cut into widgetkit, widget and kit: none of the three is a topic here
    got = recalled(project, "Does WidgetKit add jitter to its backoff?")
    assert got[:1] == [":decision/backoff"]
    assert not [e for e in got if e.removeprefix(":decision/") in FLOOD]


def test_a_question_of_the_name_alone_asks_nothing(project):
    # Only the name: no topic term for the lexical side, no content word for the encoder, so no memory.
    reply = prepare_turn(project, "WidgetKit?")
    assert reply["ok"] and reply["facts"] == []


def test_the_name_still_ranks_what_says_it(project):
    # The whole word is no topic but still scores: of two memories the question matches equally, the one
    # that says the project's name comes first.
    remember(project, '[[:decision/a :description "Charts cache their layout in memory"] '
                      '[:decision/b :description "Widgetkit charts cache their layout in memory"]]')
    embed_all(project)
    got = recalled(project, "Do Widgetkit charts cache their layout?")
    assert got.index(":decision/b") < got.index(":decision/a")


def test_the_project_name_is_its_largest_package(project):
    from lore.memory import index

    assert index.project_names(project, project.con) == frozenset({"widgetkit"})


def test_no_name_when_no_package_holds_most_of_the_code(graph, tmp_path):
    from lore.ingest.api import ingest
    from lore.memory import index

    files = {f"tool{i}/__init__.py": "" for i in range(4)} | {f"tool{i}/run.py": "x = 1\n" for i in range(4)}
    files |= {f"scripts/s{i}.py": "y = 2\n" for i in range(4)}
    ingest(graph, str(_repo(tmp_path, files)))
    remember(graph, '[[:decision/x :description "Scripts stay flat"]]')
    embed_all(graph)
    assert index.project_names(graph, graph.con) == frozenset()


def test_a_test_folder_is_never_the_project_name(graph, tmp_path):
    # Most modules are tests (a src layout without __init__.py beside them): "tests" stays a topic word.
    from lore.ingest.api import ingest
    from lore.memory import index

    files = {"tests/__init__.py": ""} | {f"tests/test_{i}.py": "def test():\n    pass\n" for i in range(6)}
    files |= {"src/app.py": "x = 1\n"}
    ingest(graph, str(_repo(tmp_path, files)))
    remember(graph, '[[:decision/z :description "Tests run in parallel"]]')
    embed_all(graph)
    assert index.project_names(graph, graph.con) == frozenset()


def test_hostile_package_names_are_words_or_nothing(graph, tmp_path):
    # A crafted folder name: quotes, SQL and regex characters, an over-long name; none breaks the question.
    from lore.ingest.api import ingest
    from lore.memory import index

    evil = "x'); DROP TABLE facts; --.*+"
    files = {f"{evil}/__init__.py": "", f"{evil}/a.py": "a = 1\n", f"{evil}/b.py": "b = 1\n",
             f"{'n' * 70}/__init__.py": ""}
    ingest(graph, str(_repo(tmp_path, files)))
    remember(graph, '[[:decision/y :description "Modules stay small"]]')
    embed_all(graph)
    names = index.project_names(graph, graph.con)
    assert all(n.isascii() for n in names)
    reply = prepare_turn(graph, "Why do modules stay small? x'); DROP TABLE facts; --")
    assert reply["ok"] and reply["facts"][0]["entity"] == ":decision/y"
    assert graph.con.execute("SELECT count(*) FROM facts").fetchone()[0] > 0

"""The project's name from its package manifests (go.mod, Cargo.toml, package.json, pyproject.toml) is no topic of a
question asked inside that project (issue 14, recall7's causes: the name was found for Python packages only).

Real git repositories are ingested (lore.ingest), memories are written beside them and prepare-turn is asked as a
user would. A manifest is a cloned repository's file: malformed, huge or odd ones name nothing and raise nothing."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from memory_helpers import embed_all, recalled, remember, remember_decisions

from lore.memory import index

# Memories of one project: each names it, one answers the question (as in test_project_name).
FLOOD = {
    "render": "Widgetkit renders charts to SVG only",
    "wheels": "Widgetkit publishes builds for arm64 Linux",
    "python": "Widgetkit supports Python 3.10 and newer",
    "api": "Widgetkit keeps its public API in one namespace",
    "logging": "Widgetkit logs through the standard library logger",
    "license": "Widgetkit is licensed under the MIT licence",
    "docs": "Widgetkit documentation is built with Sphinx",
}
ANSWER = ("backoff", "Failed HTTP calls are repeated with exponential backoff and jitter")
QUESTION = "Does Widgetkit add jitter?"
MAX_BYTES = 256 * 1024  # manifests.MAX_MANIFEST_BYTES (a test asserts they agree)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@example.com", "PATH": "/usr/bin:/bin", "HOME": str(repo)})


def _repo(root: Path, files: dict[str, str | bytes]) -> Path:
    repo = root / "repo"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    for path, text in files.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            (repo / path).write_bytes(text)
        else:
            (repo / path).write_text(text)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "initial layout")
    return repo


GO = {"go.mod": "module github.com/acme/widgetkit/v2\n\ngo 1.22\n",
      "render.go": "package widgetkit\n\nfunc Render() int { return 1 }\n",
      "http.go": "package widgetkit\n\nfunc Fetch(url string) string { return url }\n",
      "cmd/main.go": "package main\n\nfunc main() {}\n"}
CARGO = {"Cargo.toml": '[package]\nname = "widgetkit"\nversion = "0.1.0"\nedition = "2021"\n',
         "src/lib.rs": "pub fn render() -> u32 { 1 }\n", "src/http.rs": "pub fn fetch() {}\n"}
CARGO_WORKSPACE = {"Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
                   "crates/widgetkit/Cargo.toml": '[package]\nname = "widgetkit"\n',
                   "crates/parser/Cargo.toml": '[package]\nname = "parser"\n',
                   "crates/parser/src/lib.rs": "pub fn parse() {}\n"}
CARGO_WORKSPACE |= {f"crates/widgetkit/src/m{i}.rs": f"pub fn f{i}() {{}}\n" for i in range(6)}
NPM = {"package.json": json.dumps({"name": "@acme/widgetkit", "version": "1.0.0"}),
       "src/render.ts": "export function render(): number { return 1 }\n",
       "src/http.ts": "export function fetch(url: string): string { return url }\n"}
PYPROJECT = {"pyproject.toml": '[project]\nname = "Widgetkit"\nversion = "1.0"\n',
             "render.py": "def render():\n    return 1\n", "http.py": "def fetch(url):\n    return url\n"}


def _ingest(graph, tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    from lore.ingest.api import ingest

    repo = _repo(tmp_path, files)
    ingest(graph, str(repo))
    return repo


def _flood(graph) -> None:
    remember_decisions(graph, {**FLOOD, ANSWER[0]: ANSWER[1]})


@pytest.mark.parametrize("files", [GO, CARGO, CARGO_WORKSPACE, NPM, PYPROJECT],
                         ids=["go.mod", "Cargo.toml", "cargo-workspace", "package.json", "pyproject.toml"])
def test_a_manifest_names_the_project_and_its_name_admits_nothing(graph, tmp_path, files):
    # No Python package holds this code (or none with __init__.py): on main no name was found, and "Widgetkit"
    # was half of the question's topic, admitting every memory that says it.
    _ingest(graph, tmp_path, files)
    _flood(graph)
    assert index.project_names(graph, graph.con) == frozenset({"widgetkit"})
    got = recalled(graph, QUESTION)
    assert got[:1] == [":decision/backoff"]
    assert not [e for e in got if e.removeprefix(":decision/") in FLOOD]


def test_a_workspace_member_holding_little_of_the_code_names_nothing(graph, tmp_path):
    # "parser" is a member of the workspace above but holds one file of eight: it stays a topic word.
    _ingest(graph, tmp_path, CARGO_WORKSPACE)
    remember(graph, '[[:decision/p :description "The parser recovers from errors"]]')
    embed_all(graph)
    index.project_names(graph, graph.con)
    assert graph.session.get(index.PROJECT).candidates == frozenset({"widgetkit"})


def test_a_name_few_memories_say_stays_a_topic(graph, tmp_path):
    # The code is widgetkit's, but of these memories only one says so: the word tells them apart, so it stays
    # a topic (as "pack" among the Buildpacks RFCs beside buildpacks/pack).
    _ingest(graph, tmp_path, GO)
    remember(graph, '[[:decision/a :description "Widgetkit retries failed uploads"] '
                    '[:decision/b :description "Uploads are chunked at eight megabytes"] '
                    '[:decision/c :description "Chunks are checksummed with CRC32C"] '
                    '[:decision/d :description "Checksums are verified on download"]]')
    embed_all(graph)
    assert index.project_names(graph, graph.con) == frozenset()
    assert graph.session.get(index.PROJECT).candidates == frozenset({"widgetkit"})
    assert recalled(graph, "Does widgetkit retry?")[:1] == [":decision/a"]


def test_the_ingested_manifest_is_read_not_the_working_tree(graph, tmp_path):
    repo = _ingest(graph, tmp_path, GO)
    (repo / "go.mod").write_text("module github.com/acme/otherkit\n")  # edited, never ingested
    _flood(graph)
    assert index.project_names(graph, graph.con) == frozenset({"widgetkit"})


def test_no_name_when_the_repository_is_gone(graph, tmp_path):
    repo = _ingest(graph, tmp_path, GO)
    shutil.rmtree(repo)
    _flood(graph)
    assert index.project_names(graph, graph.con) == frozenset()
    assert recalled(graph, QUESTION)[:1] == [":decision/backoff"]


def test_a_manifest_in_a_test_folder_names_nothing(graph, tmp_path):
    files = {"testdata/go.mod": "module example.com/fixture\n", "main.go": "package main\n\nfunc main() {}\n"}
    files |= {f"testdata/f{i}.go": "package fixture\n" for i in range(6)}
    _ingest(graph, tmp_path, files)
    _flood(graph)
    assert index.project_names(graph, graph.con) == frozenset()


@pytest.mark.parametrize("kind,text,name", [
    ("go.mod", "// comment\nmodule   github.com/acme/widgetkit // trailing\n", "widgetkit"),
    ("go.mod", 'module "example.com/quoted-kit"\n', "quoted_kit"),
    ("go.mod", "module widgetkit/v3\n", "widgetkit"),
    ("Cargo.toml", '[package]\nname = "widget-kit"\n', "widget_kit"),
    ("package.json", '{"name": "@scope/widgetkit"}', "widgetkit"),
    ("pyproject.toml", '[project]\nname = "Widget.Kit"\n', "widget_kit"),
])
def test_each_manifest_kind_states_its_name(kind, text, name):
    from lore.memory import manifests

    assert manifests.name_of(kind, text.encode()) == name


HOSTILE = [
    ("Cargo.toml", b'[package\nname = "widgetkit"\n'),  # malformed TOML
    ("Cargo.toml", b'[package]\nname = 42\n'),  # a name that is no string
    ("Cargo.toml", b'package = "widgetkit"\n'),  # [package] not a table
    ("pyproject.toml", b'[project]\nname = ["a", "b"]\n'),
    ("pyproject.toml", b'[project]\nname = "widget kit; rm -rf /"\n'),  # not one word
    ("pyproject.toml", b'[project]\nname = "' + "\u00e9l\u00e8ve".encode() + b'"\n'),  # not ASCII
    ("package.json", b'{"name": "widgetkit"'),  # malformed JSON
    ("package.json", b'["widgetkit"]'),  # no object
    ("package.json", b'{"name": "../../etc/passwd"}'),
    ("package.json", b'{"name": "' + b"n" * 200 + b'"}'),  # too long
    ("package.json", b"[" * 100_000 + b"]" * 100_000),  # nesting deep enough to exhaust the parser's recursion
    ("package.json", b'\xff\xfe{"name": "widgetkit"}'),  # not UTF-8
    ("go.mod", b"go 1.22\n"),  # no module line
    ("go.mod", b"module /\n"),
    ("go.mod", b"module " + b"a" * (MAX_BYTES + 10) + b"\n"),  # over the size bound
]


@pytest.mark.parametrize("kind,data", HOSTILE, ids=[f"{k}-{i}" for i, (k, _) in enumerate(HOSTILE)])
def test_hostile_manifests_name_nothing_and_raise_nothing(kind, data):
    from lore.memory import manifests

    assert manifests.name_of(kind, data) is None


def test_hostile_manifests_in_a_repository_break_no_question(graph, tmp_path):
    from lore.memory import manifests

    # A huge go.mod (over the bound: never read whole), malformed TOML and JSON, and an odd name, all ingested:
    # no name, no error, the question answered.
    files: dict[str, str | bytes] = {
        "go.mod": b"module example.com/" + b"x" * (manifests.MAX_MANIFEST_BYTES + 1) + b"\n",
        "Cargo.toml": b"[package\nname = ", "package.json": b'{"name": {"$ne": 1}', "pyproject.toml": b"\x00\xff",
        "main.go": "package main\n\nfunc main() {}\n"}
    _ingest(graph, tmp_path, files)
    _flood(graph)
    assert index.project_names(graph, graph.con) == frozenset()
    assert recalled(graph, "Is there backoff and jitter?")[:1] == [":decision/backoff"]


def test_the_size_bound_is_the_one_tested():
    from lore.memory import manifests

    assert manifests.MAX_MANIFEST_BYTES == MAX_BYTES


def test_writes_count_the_share_again_only_when_it_could_cross_the_line(graph, tmp_path, monkeypatch):
    """After every write the share of memories that say the name was counted again: two queries, 6-9 ms of CPU
    per write on real graphs. Documents are only added, so k new descriptions move each count by at most k: the
    share is counted again only when that could carry it across the line, and the answer still follows the
    memories exactly when it does."""
    _ingest(graph, tmp_path, GO)
    plain = {f"m{i}": f"Uploads of kind {i} are chunked at eight megabytes" for i in range(29)}
    remember_decisions(graph, {**plain, "says": "Widgetkit retries failed uploads"})
    counted: list[str] = []
    said_counts = index.said_counts
    monkeypatch.setattr(index, "said_counts", lambda con, name: counted.append(name) or said_counts(con, name))

    def names() -> frozenset[str]:
        index.sync(graph)
        return index.project_names(graph, graph.con)

    assert names() == frozenset() and counted == ["widgetkit"]  # 1 of 30
    for i in range(5):  # at most 6 of 35: the line (a third) cannot be reached
        remember(graph, f'[[:decision/w{i} :description "Downloads of kind {i} are verified"]]')
        assert names() == frozenset()
    assert counted == ["widgetkit"]
    remember(graph, "[" + " ".join(f'[:decision/s{i} :description "Widgetkit caches part {i}"]' for i in range(20))
             + "]")  # 21 of 55: across the line, counted again
    assert names() == frozenset({"widgetkit"}) and counted == ["widgetkit", "widgetkit"]


def _name_links(graph) -> set[tuple[str, str]]:
    rows = graph.con.execute("SELECT e, v FROM facts WHERE inferred AND a = ':relates-to' AND rule = 'link/name' "
                             "AND tx_to = (SELECT max(tx_to) FROM facts)").fetchall()
    return {(str(e), str(v)) for e, v in rows}


def test_a_bare_mention_of_the_project_names_no_symbol(graph, tmp_path):
    # OpenDAL's bindings define classes named OpenDAL: every memory of recall10 that said the project's name
    # linked to each of them. Written as code the name still links; other names link as before.
    files = CARGO | {"src/binding.rs": "pub struct WidgetKit;\n\npub fn render_svg() -> u32 { 1 }\n"}
    _ingest(graph, tmp_path, files)
    remember(graph, '[[:decision/svg :description "WidgetKit renders charts through render_svg only"] '
                    '[:decision/zst :description "The `WidgetKit` struct stays zero-sized"]]')
    embed_all(graph)
    targets = {mem: {t for m, t in _name_links(graph) if m == mem} for mem in (":decision/svg", ":decision/zst")}
    struct = [t for t in targets[":decision/zst"] if "widgetkit" in t]
    assert struct and struct[0].startswith(":class/"), targets  # marked as code: the struct
    assert not [t for t in targets[":decision/svg"] if t in struct], targets  # the project: no symbol
    assert [t for t in targets[":decision/svg"] if "render-svg" in t], targets  # its other names still link

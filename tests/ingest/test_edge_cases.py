"""Binary and huge files, invalid UTF-8, unparsable source, empty and merge commits, submodules, shallow
clones, ignore configuration and branch resolution — each on a repository the test builds."""

from __future__ import annotations

import subprocess

import pytest

from lore.errors import LoreError
from lore.ingest.api import ingest

from .conftest import Repo, valid_at


def paths_now(graph) -> set[str]:
    return {v for _e, v in valid_at(graph, ":path", None, ":module/")}


def test_binary_huge_and_unparsable_files_are_modules_without_structure(repo, graph):
    repo.write("img.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00binary")
    repo.write("blob.py", b"def f():\n    pass\n\x00\x01\x02")  # NUL: binary, not parsed
    repo.write("big.py", "def big():\n    pass\n" + "# pad\n" * 200_000)  # > 1 MB
    repo.write("broken.py", "def ok():\n    pass\n\ndef broken(:\n    ))) class\n")
    repo.write("good.py", "def fine():\n    return 1\n")
    repo.commit("files", "2024-01-01T00:00:00Z")
    res = ingest(graph, str(repo.path))
    assert res["status"] == "complete"
    assert paths_now(graph) == {"img.png", "blob.py", "big.py", "broken.py", "good.py"}
    names = {v for _e, v in valid_at(graph, ":name")}
    assert "fine" in names and "ok" in names  # tree-sitter recovers around the error
    assert "f" not in names and "big" not in names


def test_invalid_utf8_in_path_and_content(repo, graph):
    repo.write(b"caf\xe9.py", b"def caf\xe9():\n    pass\n\ndef plain():\n    return '\xff'\n")
    repo.write("ok.py", "x = 1\n")
    repo.commit("latin-1 name", "2024-01-01T00:00:00Z")
    res = ingest(graph, str(repo.path))
    assert res["status"] == "complete"
    assert paths_now(graph) == {"caf\\xe9.py", "ok.py"}
    names = valid_at(graph, ":name")
    assert (":function/caf-xe9-py-plain", "plain") in names
    assert any(e.startswith(":function/caf-xe9-py-caf") for e, _v in names)  # the invalid byte is not fatal
    from lore.store.values import IDENT_RE
    assert all(IDENT_RE.match(e[1:]) for e, _v in names)


def test_empty_and_merge_commits_follow_first_parent(repo, graph):
    repo.write("a.py", "def a():\n    pass\n")
    repo.commit("a", "2024-01-01T00:00:00Z")
    repo.commit("empty", "2024-01-02T00:00:00Z", allow_empty=True)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("feature.py", "def feat():\n    pass\n")
    feat = repo.commit("feature work", "2024-01-03T00:00:00Z")
    repo.git("checkout", "-q", "main")
    repo.write("main.py", "def m():\n    pass\n")
    repo.commit("main work", "2024-01-04T00:00:00Z")
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature", date="2024-01-05T00:00:00Z")
    merge = repo.git("rev-parse", "HEAD").strip()
    res = ingest(graph, str(repo.path))
    assert res["commits"] == 5 and res["first_parent_commits"] == 4
    assert paths_now(graph) == {"a.py", "feature.py", "main.py"}
    # feature.py joins the first-parent history at the merge, not at the side commit.
    assert "feature.py" not in paths_now_at(graph, "2024-01-04T12:00:00Z")
    intro = dict(valid_at(graph, ":introduced-by"))
    assert intro[":module/feature-py"] == ":commit/" + merge[:12]
    parents = {v for e, v in valid_at(graph, ":parent") if e == ":commit/" + merge[:12]}
    assert len(parents) == 2 and ":commit/" + feat[:12] in parents
    # The side commit is still a commit entity.
    assert (":commit/" + feat[:12], ":type/commit") in valid_at(graph, ":entity-type")


def paths_now_at(graph, when):
    return {v for _e, v in valid_at(graph, ":path", when, ":module/")}


def test_submodule_is_an_external_dependency_with_pinned_commit(tmp_path, graph):
    sub = Repo(tmp_path / "sub")
    sub.write("lib.py", "def lib():\n    pass\n")
    s1 = sub.commit("lib", "2024-01-01T00:00:00Z")
    main = Repo(tmp_path / "main")
    main.write("app.py", "import lib\nimport sub\n")
    main.commit("app", "2024-01-02T00:00:00Z")
    main.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub.path), "deps/sub")
    main.commit("add submodule", "2024-01-03T00:00:00Z")
    sub.write("lib.py", "def lib2():\n    pass\n")
    s2 = sub.commit("lib2", "2024-01-04T00:00:00Z")
    main.git("-C", "deps/sub", "pull", "-q")
    main.commit("bump submodule", "2024-01-05T00:00:00Z")
    ingest(graph, str(main.path))
    types = dict(valid_at(graph, ":entity-type"))
    assert types[":module/deps-sub"] == ":type/external-dependency"
    assert valid_at(graph, ":pinned-commit", None, ":module/deps-sub") == {(":module/deps-sub", s2)}
    assert valid_at(graph, ":pinned-commit", "2024-01-04", ":module/deps-sub") == {(":module/deps-sub", s1)}
    assert (":module/deps-sub", "sub") in valid_at(graph, ":submodule-name") or \
        (":module/deps-sub", "deps/sub") in valid_at(graph, ":submodule-name")
    assert "deps/sub/lib.py" not in paths_now(graph)
    # The import placeholder `sub`, seen before the submodule existed, is bridged to it.
    assert (":module/sub", ":module/deps-sub") in valid_at(graph, ":resolves-to")
    assert graph.con.execute("SELECT count(*) FROM facts WHERE a = ':resolves-to'").fetchone()[0] == 1


def test_shallow_clone(tmp_path, graph):
    src = Repo(tmp_path / "src")
    for i in range(5):
        src.write("m.py", f"def f{i}():\n    pass\n")
        src.commit(f"c{i}", f"2024-01-0{i + 1}T00:00:00Z")
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "2", f"file://{src.path}", str(shallow)], check=True)
    res = ingest(graph, str(shallow))
    assert res["status"] == "complete" and res["commits"] == 2
    assert {v for _e, v in valid_at(graph, ":name")} == {"f4"}
    assert paths_now(graph) == {"m.py"}


def test_ignore_defaults_env_and_loreignore(repo, graph, monkeypatch):
    repo.write("src/a.py", "def a():\n    pass\n")
    repo.write("node_modules/x/index.js", "function x() {}\n")
    repo.write("gen/out.py", "def gen():\n    pass\n")
    repo.write("src/api.pb.go", "package api\n")
    repo.write("src/b.py", "from gen import out\n")
    repo.write(".loreignore", "# generated\ngen/\n")
    repo.commit("files", "2024-01-01T00:00:00Z")
    monkeypatch.setenv("LORE_INGEST_IGNORE", "*.pb.go")
    ingest(graph, str(repo.path))
    assert paths_now(graph) == {"src/a.py", "src/b.py", ".loreignore"}
    # An import into an ignored path counts as external.
    assert (":module/src-b-py", ":module/gen") in valid_at(graph, ":depends-on")


def test_branch_resolution(repo, graph, monkeypatch, tmp_path):
    repo.write("a.py", "def on_main():\n    pass\n")
    repo.commit("main", "2024-01-01T00:00:00Z")
    repo.git("checkout", "-q", "-b", "dev")
    repo.write("a.py", "def on_dev():\n    pass\n")
    repo.commit("dev", "2024-01-02T00:00:00Z")
    # HEAD is on dev, but main wins by default.
    assert ingest(graph, str(repo.path))["branch"] == "main"
    assert {v for _e, v in valid_at(graph, ":name")} == {"on_main"}
    from lore.store.graph import Graph
    g2 = Graph(tmp_path / "dev.duckdb")
    monkeypatch.setenv("LORE_GIT_BRANCH", "dev")
    assert ingest(g2, str(repo.path))["branch"] == "dev"
    assert {v for _e, v in valid_at(g2, ":name")} == {"on_dev"}
    g2.close()
    with pytest.raises(LoreError) as exc:
        ingest(graph, str(repo.path), "no-such-branch")
    assert exc.value.code == "unknown-branch"
    with pytest.raises(LoreError) as exc:
        ingest(graph, str(repo.path), "--upload-pack=evil")
    assert exc.value.code == "bad-branch"


def test_master_fallback_and_empty_repo(tmp_path, graph):
    r = Repo(tmp_path / "m")
    res = ingest(graph, str(r.path))
    assert res["ok"] and res["commits"] == 0  # no commits yet
    r.git("checkout", "-q", "-b", "master")
    r.write("x.py", "X = 1\n")
    r.commit("x", "2024-01-01T00:00:00Z")
    assert ingest(graph, str(r.path))["branch"] == "master"


def test_not_a_repository(tmp_path, graph):
    with pytest.raises(LoreError) as exc:
        ingest(graph, str(tmp_path))
    assert exc.value.code == "not-a-repo"
    with pytest.raises(LoreError) as exc:
        ingest(graph, str(tmp_path / "missing"))
    assert exc.value.code == "bad-repo"


def test_tags_are_written_once(repo, graph):
    repo.write("a.py", "A = 1\n")
    c1 = repo.commit("one", "2024-01-01T00:00:00Z")
    repo.git("tag", "v1.0")
    repo.git("tag", "-a", "v1.0-annotated", "-m", "release", date="2024-01-02T00:00:00Z")
    ingest(graph, str(repo.path))
    tagged = valid_at(graph, ":tagged-commit")
    assert tagged == {(":tag/v1-0", ":commit/" + c1[:12]), (":tag/v1-0-annotated", ":commit/" + c1[:12])}
    repo.git("tag", "v2")
    res = ingest(graph, str(repo.path))
    assert res["up_to_date"] and res["tags_new"] == 1
    assert graph.con.execute("SELECT count(*) FROM facts WHERE a = ':tagged-commit'").fetchone()[0] == 3


def test_rewritten_history_is_refused_not_corrupted(repo, graph):
    repo.write("a.py", "def a():\n    pass\n")
    repo.commit("one", "2024-01-01T00:00:00Z")
    repo.write("a.py", "def b():\n    pass\n")
    repo.commit("two", "2024-01-02T00:00:00Z")
    ingest(graph, str(repo.path))
    before = graph.con.execute("SELECT count(*) FROM facts").fetchone()[0]
    repo.git("reset", "-q", "--hard", "HEAD~1")
    repo.write("a.py", "def c():\n    pass\n")
    repo.commit("two, rewritten", "2024-01-03T00:00:00Z")
    with pytest.raises(LoreError) as exc:
        ingest(graph, str(repo.path))
    assert exc.value.code == "history-rewritten"
    assert graph.con.execute("SELECT count(*) FROM facts").fetchone()[0] == before


def test_a_blob_missing_from_the_clone_does_not_stop_the_history(repo, graph):
    """Rename detection reads files deleted and added in one commit; a clone without one of those blobs (a
    blobless clone offline, a damaged object store — prometheus/alertmanager's vendored sqlite3-binding.c)
    made `git log -M` die, and the ingest ended in an error with the history half read. The walk goes on
    without rename detection from the last whole commit: every commit after it is there."""
    repo.write("app.py", "def one():\n    return 1\n")
    repo.write("vendor/big.c", "".join(f"int f{i}(void) {{ return {i}; }}\n" for i in range(200)))
    repo.commit("one", "2024-01-01T00:00:00Z")
    missing = repo.git("rev-parse", "HEAD:vendor/big.c").strip()
    repo.rm("vendor/big.c")
    repo.write("vendor/other.c", "".join(f"int g{i}(void) {{ return {i}; }}\n" for i in range(150)))
    repo.commit("vendor: big.c goes, other.c comes", "2024-02-01T00:00:00Z")
    repo.write("app.py", "def one():\n    return 1\n\n\ndef two():\n    return 2\n")
    last = repo.commit("two", "2024-03-01T00:00:00Z")
    # The object store loses that one blob (its loose object file): git itself now fails on the second commit.
    (repo.path / ".git" / "objects" / missing[:2] / missing[2:]).unlink()
    assert subprocess.run(["git", "-C", str(repo.path), "log", "-M", "--raw", "--first-parent"],
                          capture_output=True).returncode != 0
    out = ingest(graph, str(repo.path))
    assert out["status"] == "complete", out
    assert graph.con.execute("SELECT value FROM ingest_meta WHERE key = 'watermark'").fetchone()[0] == last
    assert graph.con.execute("SELECT count(*) FROM facts WHERE e = ':function/app-py-two' AND tx_to = 2147483647"
                             ).fetchone()[0] > 0


def _clone_of_develop(tmp_path):
    """A project whose default branch is develop, cloned, with a feature branch checked out in the clone."""
    origin = Repo(tmp_path / "origin")
    origin.git("checkout", "-q", "-b", "develop")
    origin.write("core.py", "def on_develop():\n    return 1\n")
    base = origin.commit("develop's code", "2024-01-01T00:00:00Z")
    subprocess.run(["git", "clone", "-q", str(origin.path), str(tmp_path / "clone")], check=True, capture_output=True)
    clone = Repo.__new__(Repo)
    clone.path = tmp_path / "clone"
    clone.git("config", "user.email", "dev@example.com")
    clone.git("config", "user.name", "Dev")
    clone.git("checkout", "-q", "-b", "feature")
    clone.write("feature.py", "def on_feature():\n    return 2\n")
    clone.commit("the feature", "2024-02-01T00:00:00Z")
    return clone, base


def test_a_clone_follows_origins_default_branch_not_the_feature_checked_out(tmp_path, graph):
    # A project whose default is develop, cloned and on a feature branch: the graph followed HEAD, so the
    # feature's own commits became history and what they bring no change.
    clone, base = _clone_of_develop(tmp_path)
    res = ingest(graph, str(clone.path))
    assert res["branch"] == "develop" and res["head"] == base, res
    assert {v for _e, v in valid_at(graph, ":name", entity_prefix=":function/")} == {"on_develop"}
    # no local develop: origin's own
    clone.git("branch", "-q", "-D", "develop")
    from lore.store.graph import Graph
    g2 = Graph(tmp_path / "remote.duckdb")
    res = ingest(g2, str(clone.path))
    assert res["branch"] == "origin/develop" and res["head"] == base, res
    g2.close()


def test_a_crafted_origin_head_falls_back_to_head(tmp_path, graph):
    clone, _ = _clone_of_develop(tmp_path)
    clone.git("branch", "-q", "-D", "develop")
    head = clone.git("rev-parse", "HEAD").strip()
    # origin's HEAD naming nothing there, or itself
    for target in ("refs/remotes/origin/no-such", "refs/remotes/origin/HEAD"):
        (clone.path / ".git" / "refs" / "remotes" / "origin" / "HEAD").write_text(f"ref: {target}\n")
        from lore.store.graph import Graph
        g = Graph(tmp_path / f"g{len(target)}.duckdb")
        res = ingest(g, str(clone.path))
        assert res["branch"] == "HEAD" and res["head"] == head, res
        g.close()

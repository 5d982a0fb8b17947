"""Correctness against git itself: modules now and at past dates, Python definitions against ``ast``,
renames from ``git log -M``, commit times that go backwards."""

from __future__ import annotations

import ast
import subprocess

from lore.ingest.api import ingest
from lore.ingest.ignore import build_ignore

from .conftest import Repo, valid_at

V1 = '''import os
from pkg import util

X = 1

class Cache:
    LIMIT = 3
    def get(self, key):
        return util.helper(key)
    def put(self, key, value):
        self.data = value
    class Entry:
        def touch(self):
            pass

def login(user):
    def inner():
        return 1
    return check(user)

def check(user):
    return bool(user)

if os.name == "nt":
    def windows_only():
        pass
'''

V2 = V1.replace("def check(user):\n    return bool(user)\n", "") + '''
async def logout(user):
    return None
'''


def ls_tree(repo: Repo, rev: str) -> set[str]:
    out = subprocess.run(["git", "-C", str(repo.path), "ls-tree", "-r", "-z", rev], capture_output=True).stdout
    paths = set()
    for rec in out.split(b"\0"):
        if rec:
            meta, path = rec.split(b"\t", 1)
            if meta.split()[0] != b"160000":
                paths.add(path.decode("utf-8", "backslashreplace"))
    return paths


def ast_defs(src: str) -> set[tuple[str, str]]:
    """(kind, qualified name) of module-level functions and classes and everything in class bodies, at
    any depth of compound statements but never inside a function: what a reader calls the file's API."""
    out: set[tuple[str, str]] = set()

    def visit(stmts, prefix):
        for node in stmts:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.add(("function", prefix + node.name))
            elif isinstance(node, ast.ClassDef):
                out.add(("class", prefix + node.name))
                visit(node.body, prefix + node.name + ".")
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    sub = getattr(node, field, None)
                    if isinstance(sub, list):
                        visit(sub, prefix)
                for case in getattr(node, "cases", []) or []:
                    visit(case.body, prefix)
    visit(ast.parse(src).body, "")
    return out


def build(repo: Repo) -> dict[str, str]:
    shas = {}
    repo.write("app/auth.py", V1)
    repo.write("pkg/util.py", "def helper(k):\n    return k\n")
    repo.write("pkg/__init__.py", "")
    repo.write("README.md", "# demo\n")
    repo.write("vendor/lib.py", "def vendored():\n    pass\n")
    repo.write("web/app.min.js", "function x(){}")
    shas["c1"] = repo.commit("first", "2024-01-10T10:00:00Z")
    repo.write("app/auth.py", V2)
    repo.write("docs/guide.md", "guide\n")
    shas["c2"] = repo.commit("second", "2024-03-10T10:00:00Z")
    repo.git("mv", "pkg/util.py", "pkg/helpers.py")
    repo.write("app/auth.py", V2.replace("from pkg import util", "from pkg import helpers as util"))
    shas["c3"] = repo.commit("rename util", "2024-06-10T10:00:00Z")
    repo.rm("docs")
    shas["c4"] = repo.commit("drop docs", "2024-09-10T10:00:00Z")
    return shas


def test_modules_now_and_then_match_git(repo, graph):
    shas = build(repo)
    res = ingest(graph, str(repo.path))
    assert res["ok"] and res["status"] == "complete" and res["first_parent_commits"] == 4
    ignore = build_ignore(env="")
    for when, rev in (("2024-02-01", shas["c1"]), ("2024-04-01", shas["c2"]), ("2024-07-01", shas["c3"]),
                      (None, shas["c4"])):
        want = {p for p in ls_tree(repo, rev) if not ignore(p)}
        got = {v for _e, v in valid_at(graph, ":path", when, ":module/")}
        assert got == want, when
    # Before the first commit there was nothing.
    assert valid_at(graph, ":path", "2023-12-31", ":module/") == set()
    # Ignored paths have no entities at all.
    assert not graph.con.execute("SELECT 1 FROM facts WHERE v LIKE 'vendor/%' OR v LIKE '%.min.js'").fetchall()


def test_python_definitions_match_ast(repo, graph):
    build(repo)
    ingest(graph, str(repo.path))
    head_src = (repo.path / "app/auth.py").read_text()
    want = ast_defs(head_src)
    rows = graph.con.execute(
        "SELECT t.v, q.v FROM facts c JOIN facts t ON t.e = c.v AND t.a = ':entity-type' "
        "JOIN facts q ON q.e = c.v AND q.a = ':qualified-name' "
        "WHERE c.e = ':module/app-auth-py' AND c.a = ':contains' "
        "AND c.tx_to = 2147483647 AND t.tx_to = 2147483647 AND q.tx_to = 2147483647 "
        "AND c.valid_to > 2305843009213693952 AND t.valid_to > 2305843009213693952 "
        "AND q.valid_to > 2305843009213693952").fetchall()
    got = {(kind.split("/")[1], q) for kind, q in rows if kind in (":type/function", ":type/class")}
    assert got == want
    assert ("function", "logout") in got and ("function", "check") not in got
    assert ("function", "login.inner") not in got and ("function", "inner") not in got
    # check() existed in January, not after March.
    jan = {v for _e, v in valid_at(graph, ":qualified-name", "2024-02-01", ":function/app-auth-py-")}
    assert "check" in jan and "logout" not in jan
    # Fields and variables.
    fields = {v for _e, v in valid_at(graph, ":qualified-name", None, ":field/app-auth-py-")}
    assert fields == {"Cache.LIMIT", "Cache.data"}
    assert {v for _e, v in valid_at(graph, ":qualified-name", None, ":variable/app-auth-py-")} == {"X"}


def test_idents_and_attributes(repo, graph):
    build(repo)
    ingest(graph, str(repo.path))
    e = ":function/app-auth-py-cache-get"
    attrs = dict(graph.con.execute(
        "SELECT a, v FROM facts WHERE e = ? AND tx_to = 2147483647 AND valid_to > 2305843009213693952 "
        "AND a IN (':name', ':qualified-name', ':entity-type', ':file')", [e]).fetchall())
    assert attrs == {":name": "get", ":qualified-name": "Cache.get", ":entity-type": ":type/function",
                     ":file": "app/auth.py"}
    # Imports: in-repo module, external package; calls resolved where unambiguous.
    deps = {v for _e, v in valid_at(graph, ":depends-on") if _e == ":module/app-auth-py"}
    assert deps == {":module/pkg-helpers-py", ":module/os"}
    jan_deps = {v for _e, v in valid_at(graph, ":depends-on", "2024-02-01") if _e == ":module/app-auth-py"}
    assert jan_deps == {":module/pkg-util-py", ":module/os"}
    assert (":module/os", ":type/external-dependency") in valid_at(graph, ":entity-type")
    calls = valid_at(graph, ":calls")
    assert (":function/app-auth-py-cache-get", ":function/pkg-helpers-py-helper") in calls
    assert (":function/app-auth-py-login", ":function/app-auth-py-check") not in calls  # check is gone
    jan_calls = valid_at(graph, ":calls", "2024-02-01")
    assert (":function/app-auth-py-login", ":function/app-auth-py-check") in jan_calls
    # Commits and their parents.
    commits = valid_at(graph, ":entity-type")
    assert sum(1 for _e, v in commits if v == ":type/commit") == 4


def test_file_rename_is_linked_like_git(repo, graph):
    build(repo)
    ingest(graph, str(repo.path))
    log = repo.git("log", "-M", "--name-status", "--format=")
    assert "R100\tpkg/util.py\tpkg/helpers.py" in log
    assert (":module/pkg-util-py", ":module/pkg-helpers-py") in valid_at(graph, ":renamed-to")
    assert (":module/pkg-helpers-py", ":module/pkg-util-py") in valid_at(graph, ":renamed-from")
    # The definitions follow the file.
    assert (":function/pkg-helpers-py-helper", ":function/pkg-util-py-helper") in valid_at(graph, ":renamed-from")


def test_commit_times_going_backwards_never_make_empty_intervals(repo, graph):
    repo.write("a.py", "def f():\n    pass\n")
    repo.commit("one", "2024-05-01T00:00:00Z")
    repo.write("a.py", "def g():\n    pass\n")
    repo.commit("two: clock skew", "2024-04-01T00:00:00Z")  # earlier than its parent
    repo.write("a.py", "def h():\n    pass\n")
    repo.commit("three", "2024-04-01T00:00:00Z")  # same instant
    ingest(graph, str(repo.path))
    bad = graph.con.execute("SELECT count(*) FROM facts WHERE valid_from >= valid_to").fetchone()[0]
    assert bad == 0
    names = [r[0] for r in graph.con.execute(
        "SELECT v FROM facts WHERE a = ':name' AND tx_to = 2147483647 ORDER BY valid_from").fetchall()]
    assert names == ["f", "g", "h"]
    assert {v for _e, v in valid_at(graph, ":name")} == {"h"}


def test_the_collector_pauses_for_the_walk_only(repo, graph):
    """Python's cycle collector is off while a run walks history and as it was before once the run ends
    (on after a run that found it on, still off after one that found it off), a stopped run included."""
    import gc

    repo.write("a.py", "def f():\n    return 1\n")
    repo.commit("one", "2024-01-01T00:00:00")
    repo.write("a.py", "def f():\n    return 2\n")
    repo.commit("two", "2024-01-02T00:00:00")
    during: list[bool] = []
    assert gc.isenabled()
    assert ingest(graph, str(repo.path), progress=lambda *_: during.append(gc.isenabled()))["status"] == "complete"
    assert during == [False, False] and gc.isenabled()
    repo.write("a.py", "def f():\n    return 3\n")
    repo.commit("three", "2024-01-03T00:00:00")
    gc.disable()
    try:
        assert ingest(graph, str(repo.path), cancel=lambda: True)["status"] == "stopped"
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert ingest(graph, str(repo.path), progress=lambda *_: during.append(gc.isenabled()))["status"] == "complete"
    assert during == [False, False, False] and gc.isenabled()

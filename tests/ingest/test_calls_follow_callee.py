"""Call and import edges follow what they point at: when the called definition (or the imported module)
goes away in a commit that leaves the caller's file untouched, the edge closes there, or re-points where the
name now resolves. A file with no edge to what went away is left as it was."""

from __future__ import annotations

from lore.ingest.api import ingest
from lore.store.graph import MAX_TX

from .conftest import valid_at

CALLER = "from pkg.util import helper\n\ndef run():\n    return helper()\n"
UTIL = "def helper():\n    return 1\n\ndef other():\n    return 2\n"


def calls(graph, when=None):
    return valid_at(graph, ":calls", when)


def test_a_call_closes_when_the_called_function_is_removed(repo, graph):
    repo.write("pkg/util.py", UTIL)
    repo.write("pkg/app.py", CALLER)
    repo.commit("v1", "2024-01-01T00:00:00Z")
    repo.write("pkg/util.py", "def other():\n    return 2\n")
    repo.commit("helper goes", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    edge = (":function/pkg-app-py-run", ":function/pkg-util-py-helper")
    assert edge in calls(graph, "2024-01-15")
    assert edge not in calls(graph)
    row = graph.con.execute(f"SELECT valid_to FROM facts WHERE e = ? AND a = ':calls' AND v = ? AND tx_to = {MAX_TX}",
                            list(edge)).fetchall()
    assert row == [(graph.con.execute("SELECT min(valid_from) FROM facts WHERE a = ':subject' "
                                      "AND v = 'helper goes'").fetchall()[0][0],)]


def test_call_and_import_close_when_the_module_is_deleted(repo, graph):
    repo.write("pkg/util.py", UTIL)
    repo.write("pkg/app.py", CALLER)
    repo.commit("v1", "2024-01-01T00:00:00Z")
    repo.rm("pkg/util.py")
    repo.commit("util goes", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    assert not calls(graph)
    assert (":module/pkg-app-py", ":module/pkg-util-py") in valid_at(graph, ":depends-on", "2024-01-15")
    assert (":module/pkg-app-py", ":module/pkg-util-py") not in valid_at(graph, ":depends-on")


def test_a_call_re_points_when_the_name_now_resolves_elsewhere(repo, graph):
    # util.py becomes a package (util/__init__.py) in one commit: the caller's import and call follow it.
    repo.write("pkg/util.py", UTIL)
    repo.write("pkg/app.py", CALLER)
    repo.commit("v1", "2024-01-01T00:00:00Z")
    repo.rm("pkg/util.py")
    repo.write("pkg/util/__init__.py", "def helper():\n    x = 1\n    y = x + 1\n    return y\n")
    repo.commit("a package", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    assert calls(graph) == {(":function/pkg-app-py-run", ":function/pkg-util-init-py-helper")}
    assert (":module/pkg-app-py", ":module/pkg-util-init-py") in valid_at(graph, ":depends-on")


def test_what_still_resolves_and_files_without_an_edge_are_left_alone(repo, graph):
    repo.write("pkg/util.py", UTIL)
    repo.write("pkg/app.py", CALLER)
    repo.write("pkg/solo.py", "def alone():\n    return 0\n")
    repo.commit("v1", "2024-01-01T00:00:00Z")
    repo.write("pkg/util.py", "def helper():\n    return 1\n")  # other() goes, helper() stays
    repo.commit("other goes", "2024-02-01T00:00:00Z")
    ingest(graph, str(repo.path))
    assert calls(graph) == {(":function/pkg-app-py-run", ":function/pkg-util-py-helper")}
    # The caller's and the bystander's rows were written once, in the first commit's interval, never again.
    for module in (":module/pkg-app-py", ":module/pkg-solo-py"):
        starts = graph.con.execute(f"SELECT DISTINCT valid_from FROM facts WHERE e = ? AND tx_to = {MAX_TX} "
                                   f"AND a <> ':modified-in'", [module]).fetchall()
        assert len(starts) == 1, (module, starts)

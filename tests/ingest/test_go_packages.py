"""A Go import names a package, a folder: the importer depends on every file of it (tests left out), and
keeps doing so as files join or leave the package — a run per commit writes what one run writes."""

from __future__ import annotations

from lore.ingest.api import ingest
from lore.store.graph import Graph

from .conftest import current_rows, valid_at

MAIN_GO = 'package main\n\nimport (\n\t"example.com/app/render"\n\t"fmt"\n)\n\nfunc main() { fmt.Println(render.A()) }\n'


def _deps(g: Graph, when: str | None = None) -> set[str]:
    return {v for e, v in valid_at(g, ":depends-on", when) if e == ":module/main-go"}


def test_a_go_import_depends_on_every_file_of_the_package(repo, tmp_path):
    repo.write("go.mod", "module example.com/app\n")
    repo.write("main.go", MAIN_GO)
    repo.write("render/a.go", "package render\n\nfunc A() int { return 1 }\n")
    repo.write("render/b.go", "package render\n\nfunc B() int { return 2 }\n")
    repo.write("render/a_test.go", "package render\n")
    repo.commit("one", "2024-01-01T00:00:00Z")
    g1 = Graph(tmp_path / "per-commit.duckdb")
    ingest(g1, str(repo.path))
    assert _deps(g1) == {":module/render-a-go", ":module/render-b-go", ":module/fmt"}
    rows = g1.con.execute("SELECT target FROM import_locations WHERE file = 'main.go' ORDER BY target").fetchall()
    assert [r[0] for r in rows] == [":module/fmt", ":module/render-a-go", ":module/render-b-go"]
    # a file joins the package, another leaves it: main.go itself never changes
    repo.write("render/c.go", "package render\n\nfunc C() int { return 3 }\n")
    repo.commit("two", "2024-02-01T00:00:00Z")
    ingest(g1, str(repo.path))
    assert _deps(g1) == {":module/render-a-go", ":module/render-b-go", ":module/render-c-go", ":module/fmt"}
    repo.rm("render/b.go")
    repo.commit("three", "2024-03-01T00:00:00Z")
    ingest(g1, str(repo.path))
    assert _deps(g1) == {":module/render-a-go", ":module/render-c-go", ":module/fmt"}
    assert ":module/render-b-go" in _deps(g1, "2024-02-15")
    g2 = Graph(tmp_path / "once.duckdb")
    ingest(g2, str(repo.path))
    assert current_rows(g1) == current_rows(g2)
    g1.close()
    g2.close()

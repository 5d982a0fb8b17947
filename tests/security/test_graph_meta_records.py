"""Attack round 8, the graph file and its meta record: a DuckDB file at the graph's path that a newer Lore
made, one whose schema version is no Lore's, one that is not a Lore graph, and a Lore graph whose meta and
ingest_meta values were crafted (negative or huge counters, a branch or watermark that looks like a git
option or climbs out with `..`).

Found: a graph whose meta said a newer schema was written before it was refused — this Lore's CREATE
statements ran first (a table the newer schema dropped came back, the file changed) and the refusal said
`graph-corrupt` ("left untouched"). Now the version is read first: `graph-newer` (or `graph-corrupt` for a
version no Lore writes) and the file is byte for byte what it was. The crafted values held."""

from __future__ import annotations

import hashlib
import shutil

import duckdb
import pytest

COMMANDS = [
    ("query", "[:find ?e :where [?e :description ?d]]"),
    ("sql", "SELECT count(*) FROM facts"),
    ("history", ":decision/no-os"),
    ("warnings",),
    ("status",),
    ("prepare-turn", "may we use os here?"),
    ("transact", '[[:decision/other :description "other"]]', "--reason", "r"),
    ("ingest",),
    ("check",),
]

# what reads a meta value: inference (warnings, a write's rules), ingestion, the check, recall
CRAFTED_COMMANDS = [c for c in COMMANDS if c[0] in ("warnings", "prepare-turn", "transact", "ingest", "check")]


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def ingested(victim):
    """The victim's own graph: the clone ingested and a decision against `os` (which src/app.py imports)."""
    rc, out, err, _ = victim.run("ingest")
    assert rc == 0 and out["ok"], (out, err)
    rc, out, err, _ = victim.run("transact", '[[:decision/no-os :rejects :module/os] '
                                 '[:decision/no-os :description "no os"]]', "--reason", "r")
    assert rc == 0 and out["ok"], (out, err)
    rc, out, err, _ = victim.run("warnings")
    assert rc == 0 and [w["rule"] for w in out["warnings"]] == ["rejected_dependency"], (out, err)
    return victim.repo / ".lore" / "lore.duckdb"


def _edit(path, *statements: tuple[str, list]) -> None:
    con = duckdb.connect(str(path))
    for sql, args in statements:
        con.execute(sql, args)
    con.close()


def _refused_untouched(victim, graph, code: str, commands=COMMANDS) -> None:
    before = _digest(graph)
    listing = sorted(p.name for p in graph.parent.iterdir())
    for args in commands:
        rc, out, err, _ = victim.run(*args)
        assert rc != 0 and out["error"]["code"] == code, (args, out, err)
        assert "Traceback" not in err, (args, err)
    assert _digest(graph) == before
    assert sorted(p.name for p in graph.parent.iterdir()) == listing


def test_a_graph_a_newer_lore_made_is_left_untouched(ingested, victim):
    # A newer schema: its own version, a table this Lore does not know, one this Lore has gone.
    _edit(ingested, ("UPDATE meta SET value = '2' WHERE key = 'schema_version'", []),
          ("CREATE TABLE facts_v2 (x INTEGER)", []), ("DROP TABLE rules", []))
    _refused_untouched(victim, ingested, "graph-newer")
    rc, out, _, _ = victim.run("status")
    assert "newer Lore" in out["error"]["message"] and "upgrade" in out["error"]["message"]
    con = duckdb.connect(str(ingested), read_only=True)
    tables = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    con.close()
    assert "rules" not in tables and "facts_v2" in tables


@pytest.mark.parametrize("version", ["x", "", "0", "9" * 40 + "\x1b]52;c;x\x07"])
def test_a_graph_of_a_version_no_lore_writes_is_left_untouched(ingested, victim, version):
    _edit(ingested, ("UPDATE meta SET value = ? WHERE key = 'schema_version'", [version]))
    _refused_untouched(victim, ingested, "graph-corrupt", [c for c in COMMANDS if c[0] in ("status", "transact")])


def test_a_duckdb_file_planted_at_the_default_graph_path_is_left_untouched(victim):
    """Not committed (that is `graph-tracked`), but left in the folder: an archive's `.lore/lore.duckdb`."""
    graph = victim.repo / ".lore" / "lore.duckdb"
    graph.parent.mkdir()
    _edit(graph, ("CREATE TABLE meta (key VARCHAR, value VARCHAR)", []),
          ("INSERT INTO meta VALUES ('not_schema_version', '1')", []))
    _refused_untouched(victim, graph, "not-a-graph")


# Sets of (table, key, value), each planted in one graph: counters negative, past 64 bits or not numbers; JSON
# records cut short; the graph's branch and watermark as git options or paths out of the repository; the
# repository it came from as /etc.
CRAFTED = {
    "negative": [("meta", "inference.watermark", "-5"), ("meta", "inference.pruned_at", "-99999999999999999999"),
                 ("meta", "inference.rules", "[1, 2"), ("meta", "inference.quarantine", '{"a":'),
                 ("meta", "inference.builtin_failed", "5"), ("ingest_meta", "branch", "--output=OUTSIDE"),
                 ("ingest_meta", "last_time", "-99999999999999999999"), ("ingest_meta", "state", "abc"),
                 ("ingest_meta", "extractor", "../OUTSIDE")],
    "huge": [("meta", "inference.watermark", "9" * 30), ("ingest_meta", "branch", "../../../OUTSIDE"),
             ("ingest_meta", "watermark", "--output=OUTSIDE"), ("ingest_meta", "repo", "/etc")],
    "words": [("meta", "inference.watermark", "abc"), ("meta", "inference.pruned_at", "abc"),
              ("ingest_meta", "last_time", "abc"), ("ingest_meta", "branch", "main\x1b[2J\n..")],
}


@pytest.mark.parametrize("crafted", CRAFTED)
def test_crafted_meta_values_give_answers_or_clear_errors(ingested, victim, tmp_path, crafted):
    outside = tmp_path / "outside"
    edits = []
    for table, key, value in CRAFTED[crafted]:
        edits += [(f"DELETE FROM {table} WHERE key = ?", [key]),
                  (f"INSERT INTO {table} VALUES (?, ?)", [key, value.replace("OUTSIDE", str(outside))])]
    _edit(ingested, *edits)
    for args in CRAFTED_COMMANDS:
        rc, out, err, _ = victim.run(*args)
        assert "Traceback" not in err, (args, err)
        assert out is not None and (out["ok"] or out["error"]["code"] != "internal"), (args, out)
        assert rc in (0, 1), (args, rc, out)
    assert not outside.exists()
    # the team's warning still stands (the graph's branch and history can be crafted; the code is still read)
    rc, out, _, _ = victim.run("warnings")
    assert rc == 0 and "rejected_dependency" in [w["rule"] for w in out["warnings"]], out


def test_a_newer_graph_named_by_path_is_refused_the_same_way(ingested, victim, tmp_path):
    """A copy elsewhere (`--graph`) is refused the same way: the check is the graph's, not the path's."""
    copy = tmp_path / "copy.duckdb"
    shutil.copy(ingested, copy)
    _edit(copy, ("UPDATE meta SET value = '7' WHERE key = 'schema_version'", []))
    before = _digest(copy)
    rc, out, err, _ = victim.run("--graph", str(copy), "transact", '[[:a/b :description "x"]]', "--reason", "r")
    assert rc != 0 and out["error"]["code"] == "graph-newer", (out, err)
    assert _digest(copy) == before

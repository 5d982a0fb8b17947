"""Attack 1: `.lore/lore.duckdb.tmp` committed as a symlink to `/` made DuckDB's allowed temporary folder
the whole filesystem: `lore sql` printed /etc/passwd, listed /root, and read the graph file and WAL by name.
Now the symlink is refused (`unsafe-path`, nothing written), the temporary folder is one Lore made, and SQL
may call no function that reads a file."""

from __future__ import annotations

import os

import pytest

from .clone import git

PASSWD = "SELECT content FROM read_text(current_setting('temp_directory')||'/etc/passwd')"


def test_committed_temp_symlink_to_root_is_refused(victim):
    lore = victim.repo / ".lore"
    lore.mkdir()
    os.symlink("/", lore / "lore.duckdb.tmp")
    git(victim.repo, "add", ".lore")
    git(victim.repo, "commit", "-q", "-m", "add a helpful cache")
    assert os.path.islink(lore / "lore.duckdb.tmp")

    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc != 0 and out["error"]["code"] == "unsafe-path", out
    assert not (lore / "lore.duckdb").exists()  # nothing written anywhere
    rc, out, _, _ = victim.run("sql", PASSWD)
    assert rc != 0 and out["ok"] is False
    assert "root:" not in str(out)


def test_symlink_planted_after_the_graph_exists_is_refused(victim):
    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc == 0, out
    tmp = victim.repo / ".lore" / "lore.duckdb.tmp"
    if tmp.exists():
        os.rmdir(tmp)
    os.symlink("/", tmp)  # e.g. arrived with a pull
    for args in (("sql", PASSWD), ("transact", "[[:a/b :description \"x\"]]", "--reason", "r")):
        rc, out, _, _ = victim.run(*args)
        assert rc != 0 and out["error"]["code"] == "unsafe-path", out


@pytest.mark.parametrize("suffix", [".wal", ""])
def test_graph_or_wal_symlinked_to_a_users_file_is_refused(victim, tmp_path, suffix):
    precious = tmp_path / "precious.txt"
    precious.write_text("my notes\n")
    (victim.repo / ".lore").mkdir()
    os.symlink(precious, victim.repo / ".lore" / f"lore.duckdb{suffix}")
    rc, out, _, _ = victim.run("transact", '[[:a/b :description "x"]]', "--reason", "r")
    assert rc != 0 and out["error"]["code"] == "unsafe-path", out
    assert precious.read_text() == "my notes\n"


def test_lore_folder_symlinked_elsewhere_is_refused(victim, tmp_path):
    elsewhere = tmp_path / "victims-config"
    elsewhere.mkdir()
    os.symlink(elsewhere, victim.repo / ".lore")
    rc, out, _, _ = victim.run("transact", '[[:a/b :description "x"]]', "--reason", "r")
    assert rc != 0 and out["error"]["code"] == "unsafe-path", out
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("sql", [
    PASSWD,
    "SELECT * FROM glob(current_setting('temp_directory') || '/*')",
    "SELECT content FROM read_blob('.lore/lore.duckdb')",
    "SELECT content FROM read_blob('.lore/lore.duckdb.wal')",
    "SELECT * FROM read_text('.lore/lore.duckdb')",
    "SELECT * FROM '.lore/lore.duckdb'",
    "SELECT * FROM facts, LATERAL (SELECT * FROM read_text(facts.v))",
    "SELECT json_execute_serialized_sql(json_serialize_sql('SELECT 1'))",
])
def test_sql_reads_no_file_not_even_the_graphs_own(victim, sql):
    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc == 0, out
    tmp = victim.repo / ".lore" / "lore.duckdb.tmp"
    assert tmp.is_dir() and not tmp.is_symlink() and (tmp.stat().st_mode & 0o077) == 0
    rc, out, _, _ = victim.run("sql", sql)
    assert rc != 0 and out["error"]["code"] == "sql-file-access", out
    rc, out, _, _ = victim.run("sql", "SELECT count(*) FROM facts")
    assert rc == 0 and out["rows"] == [[1]]


def test_a_planted_rule_cannot_read_files_even_once_trusted(victim):
    """The issue's third variant: a rule that copies a file into the graph on the victim's first write."""
    rules = victim.repo / ".lore" / "rules"
    rules.mkdir(parents=True)
    (rules / "exfil.sql").write_text(
        "-- name: exfil\n-- kind: fact\n-- derives: :exfil/content\n-- reads: :description\n"
        "SELECT e, content AS v, 's' AS vt, [id] AS provenance FROM facts_now, "
        "read_text(current_setting('temp_directory') || '/../../../../../etc/hostname')\n")
    git(victim.repo, "add", ".lore")
    git(victim.repo, "commit", "-q", "-m", "rules")
    assert victim.run("trust")[0] == 0
    rc, out, _, _ = victim.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "r")
    assert rc == 0, out
    rc, out, _, _ = victim.run("warnings")
    assert [e["code"] for e in out["rule_errors"]] == ["sql-file-access"], out
    rc, out, _, _ = victim.run("sql", "SELECT count(*) FROM facts WHERE a = ':exfil/content'")
    assert out["rows"] == [[0]]

"""The CLI contract of SPEC §3 for the store's commands, through the real `lore` executable."""

import json
import os
import subprocess

import pyarrow.parquet as pq
import pytest


def test_transact_then_history_json(cli):
    rc, out, err, _ = cli.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "picked")
    assert rc == 0 and out["ok"] is True and out["tx"] == 1
    rc, out, _, _ = cli.run("history", ":decision/db")
    assert rc == 0
    assert out["history"][0]["value"] == "use Postgres"
    assert out["history"][0]["reason"] == "picked"


def test_history_of_something_that_is_not_an_entity_is_an_error(cli):
    # It answered an empty history, which reads as "this entity never changed".
    cli.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "picked")
    for wrong in ("use Postgres", "decision", "", "decision db"):
        rc, out, _, _ = cli.run("history", wrong)
        assert rc == 1 and out["ok"] is False and out["error"]["code"] in ("bad-entity", "bad-params"), (wrong, out)
    rc, out, _, _ = cli.run("history", "use Postgres")
    assert out["error"]["code"] == "bad-entity" and "'use Postgres'" in out["error"]["message"], out
    rc, out, err, text = cli.run("history", "decision", json_out=False)
    assert rc == 1 and "did you mean :decision/" in err + text, (err, text)
    # an ident with no history is still an ident: an empty history, no error
    rc, out, _, _ = cli.run("history", ":decision/none")
    assert rc == 0 and out["history"] == []
    rc, out, _, _ = cli.run("history", "decision/db")  # the colon may be left out
    assert rc == 0 and out["entity"] == ":decision/db" and out["history"]


def test_history_of_a_uuid_entity_takes_the_form_it_was_written_in(cli):
    # SPEC §1 writes a uuid entity `#uuid "…"`; history refused that form (bad-entity) while naming it
    u = "6f1c2a3e-1234-4abc-8def-0123456789ab"
    cli.run("transact", f'[[#uuid "{u}" :description "a uuid entity"]]', "--reason", "r")
    for form in (f'#uuid "{u}"', u, f'  #uuid  "{u.upper()}" '):
        rc, out, _, _ = cli.run("history", form)
        assert rc == 0 and out["entity"] == u and [h["value"] for h in out["history"]] == ["a uuid entity"], out
    rc, out, _, _ = cli.run("history", '#uuid "not-a-uuid"')
    assert rc == 1 and out["error"]["code"] == "bad-entity", out


def test_valid_window_flags(cli):
    cli.run("transact", "[[:a :b 1]]", "--reason", "r", "--valid-from", "2020-01-01", "--valid-to", "2021-01-01")
    rc, out, _, _ = cli.run("sql", "SELECT valid_from, valid_to FROM facts")
    assert out["rows"] == [[1577836800000000, 1609459200000000]]


def test_people_output_is_a_table(cli):
    cli.run("transact", "[[:a :b 1]]", "--reason", "r")
    rc, _, _, text = cli.run("sql", "SELECT e, a, v FROM facts", json_out=False)
    assert rc == 0
    assert text.splitlines()[0].split() == ["e", "a", "v"]
    assert "(1 row)" in text


def test_graph_from_env_and_from_work_tree(tmp_path, lore_cmd, ROOT):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    env.pop("LORE_GRAPH_PATH", None)
    repo = tmp_path / "repo"
    (repo / "sub").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    p = subprocess.run([*lore_cmd, "--json", "transact", "[[:a :b 1]]", "--reason", "r"], cwd=repo / "sub",
                       env=env, capture_output=True, text=True)
    assert json.loads(p.stdout)["ok"], p.stderr
    assert (repo / ".lore" / "lore.duckdb").exists()
    other = tmp_path / "elsewhere.duckdb"
    p = subprocess.run([*lore_cmd, "--json", "transact", "[[:a :b 1]]", "--reason", "r"], cwd=repo,
                       env={**env, "LORE_GRAPH_PATH": str(other)}, capture_output=True, text=True)
    assert json.loads(p.stdout)["ok"] and other.exists()


@pytest.mark.parametrize("args, code", [
    (["transact", "[[:a :b", "--reason", "r"], "edn-syntax"),
    (["transact", "[[:a :b 1]]", "--reason", ""], "missing-reason"),
    (["transact", "[[:a :b 1]]"], "missing-reason"),
    (["transact", "[[:db/zap :a :b 1]]", "--reason", "r"], "unknown-operation"),
    (["transact", "[[:a :b 1]]", "--reason", "r", "--valid-from", "2024-01-01", "--valid-to", "2023-01-01"],
     "bad-window"),
    (["transact", "[[:a :b 1]]", "--reason", "r", "--valid-from", "01/02/2024"], "bad-timestamp"),
    (["retract", "[[:a :b 1]]", "--reason", "r", "--valid-from", "2024-01-01T00:00:00"], "bad-timestamp"),
    (["frobnicate"], "usage"),
])
def test_bad_input_is_a_json_error_and_stores_nothing(cli, args, code):
    rc, out, err, _ = cli.run(*args)
    assert rc == (2 if code == "usage" else 1)  # docs/reference/cli.md: 2 for a usage error, else 1
    assert out["ok"] is False and out["error"]["code"] == code, out
    if cli.graph.exists():
        _, s, _, _ = cli.run("sql", "SELECT count(*) FROM tx")
        assert s["rows"] == [[0]]


def test_ten_megabyte_string_is_refused(cli, tmp_path, lore_cmd, ROOT):
    big = "x" * 10_000_000
    script = (f"import sys; sys.argv=['lore','--graph',{str(cli.graph)!r},'--json','transact',"
              f"'[[:a :b \"' + 'x'*10_000_000 + '\"]]','--reason','r']; from lore.__main__ import main; "
              f"raise SystemExit(main())")
    p = subprocess.run([os.sys.executable, "-c", script], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT / "server")})
    assert p.returncode != 0
    assert json.loads(p.stdout)["error"]["code"] in ("value-too-large", "too-large")
    del big


def test_invalid_utf8_argument(cli, lore_cmd, ROOT):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server")}
    p = subprocess.run([*lore_cmd, "--graph", str(cli.graph), "--json", "transact",
                        b'[[:a :b "\xff\xfe"]]', "--reason", "r"], capture_output=True, env=env)
    assert p.returncode != 0
    assert json.loads(p.stdout)["error"]["code"] == "invalid-utf8"


def test_corrupt_graph_file(cli):
    cli.graph.write_bytes(b"this is not a database" * 1000)
    rc, out, _, _ = cli.run("transact", "[[:a :b 1]]", "--reason", "r")
    assert rc != 0 and out["error"]["code"] in ("graph-corrupt", "graph-open-failed")
    assert cli.graph.read_bytes().startswith(b"this is not a database")  # nothing overwritten


def test_unwritable_graph_location(cli, tmp_path, lore_cmd, ROOT):
    if os.geteuid() == 0:
        target = "/proc/lore-cannot-write-here/g.duckdb"
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        target = str(locked / "sub" / "g.duckdb")
    p = subprocess.run([*lore_cmd, "--graph", target, "--json", "transact", "[[:a :b 1]]", "--reason", "r"],
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "server")})
    assert p.returncode != 0
    assert json.loads(p.stdout)["error"]["code"] == "graph-unwritable"


def test_graph_held_by_another_process(cli):
    cli.run("transact", "[[:a :b 1]]", "--reason", "r")
    holder = subprocess.Popen(
        [os.sys.executable, "-c",
         f"import duckdb, sys, time; c = duckdb.connect({str(cli.graph)!r}); print('held', flush=True); "
         f"time.sleep(30)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        rc, out, _, _ = cli.run("transact", "[[:a :b 2]]", "--reason", "r")
        assert rc != 0 and out["error"]["code"] == "graph-locked"
        assert str(holder.pid) in out["error"]["message"]
    finally:
        holder.kill()
        holder.wait()
    rc, out, _, _ = cli.run("sql", "SELECT count(*) FROM tx")
    assert out["rows"] == [[1]]


@pytest.mark.parametrize("sql", [
    "DELETE FROM facts",
    "DROP TABLE facts",
    "INSERT INTO tx VALUES (9, 0, 'x', 'cli')",
    "UPDATE facts SET v = 'x'",
    "CREATE TABLE t AS SELECT 1",
    "COPY facts TO '/tmp/lore-leak.csv'",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_text('/etc/hostname')",
    "ATTACH '/tmp/lore-other.duckdb' AS o",
    "INSTALL httpfs",
    "LOAD json",
    "SET enable_external_access = true",
    "PRAGMA enable_profiling",
    "SELECT 1; DELETE FROM facts",
    "CALL checkpoint()",
])
def test_sql_is_read_only_and_sandboxed(cli, sql):
    cli.run("transact", "[[:a :b 1]]", "--reason", "r")
    rc, out, _, _ = cli.run("sql", sql)
    assert rc != 0 and out["ok"] is False, out
    _, s, _, _ = cli.run("sql", "SELECT count(*) FROM facts")
    assert s["rows"] == [[1]]
    assert not os.path.exists("/tmp/lore-leak.csv")


def test_sql_values_in_json_are_spec_values(cli):
    # SPEC §3: numbers as numbers, instants as RFC 3339 strings. A DECIMAL came back as text ("1.5") and a
    # TIMESTAMP as "2024-01-01 10:00:00" (no T, no zone).
    cli.run("transact", "[[:a/x :n 1]]", "--reason", "r")
    rc, out, _, _ = cli.run("sql", "SELECT 1.5 AS d, CAST(12 AS DECIMAL(10, 0)) AS w, round(2.345, 2) AS r, "
                                   "TIMESTAMP '2024-01-01 10:00:00' AS t, "
                                   "TIMESTAMPTZ '2024-01-01 12:00:00+02:00' AS z, DATE '2024-01-01' AS day, "
                                   "CAST('123456789012345678.5' AS DECIMAL(38, 1)) AS big, NULL AS n")
    assert rc == 0, out
    assert out["rows"] == [[1.5, 12, 2.35, "2024-01-01T10:00:00Z", "2024-01-01T10:00:00Z", "2024-01-01",
                            123456789012345678.5, None]], out
    assert isinstance(out["rows"][0][1], int)


def test_sql_select_side_effects_do_not_stay(cli):
    cli.run("transact", "[[:a :b 1]]", "--reason", "r")
    rc, out, _, _ = cli.run("sql", "SELECT count(*) AS n FROM facts")
    assert rc == 0 and out["columns"] == ["n"] and out["rows"] == [[1]]


def test_audit(cli):
    cli.run("transact", '[[:decision/db :description "d"] [:decision/cache :rationale "r"] [:misc/x :description "m"]]',
            "--reason", "r")
    rc, out, _, _ = cli.run("audit")
    found = {(v["entity"], v["rule"]) for v in out["violations"]}
    assert found == {(":decision/cache", "description"), (":misc/x", "namespace")}


def test_export_parquet(cli, tmp_path):
    cli.run("transact", '[[:decision/db :description "d"]]', "--reason", "r")
    cli.run("retract", '[[:decision/db :description "d"]]', "--reason", "r2")
    target = tmp_path / "out" / "facts.parquet"
    rc, out, _, _ = cli.run("export", str(target))
    assert rc == 0 and out["facts"] == 1 and out["transactions"] == 2
    t = pq.read_table(str(target))
    assert t.num_rows == 1 and t.column("e").to_pylist() == [":decision/db"]
    assert pq.read_table(out["tx_path"]).column("reason").to_pylist() == ["r", "r2"]


def test_status_for_people_is_lines_not_json(cli, tmp_path):
    # `memory` and `rules` were printed as raw JSON objects.
    cli.run("transact", '[[:decision/db :description "use Postgres"]]', "--reason", "picked",
            env={"LORE_EMBED_SECONDS": "0"})
    rc, out, _, _ = cli.run("status")
    assert rc == 0 and "memory" in out and "rules" in out
    rc, _, err, text = cli.run("status", json_out=False)
    assert rc == 0, err
    assert "{" not in text, text
    lines = text.splitlines()
    assert lines[0].startswith("graph: 1 transaction(s)"), text
    assert any(line.startswith("memory: recall ") for line in lines), text
    assert any("memories embedded" in line for line in lines), text
    assert any(line.startswith("rules: ") for line in lines), text
    assert not any(line.lstrip().startswith(("{", '"')) for line in lines), text
    # a workspace rule not trusted yet, and one that does not parse: named, one line each
    rules = cli.graph.parent / "rules"
    rules.mkdir()
    (rules / "mine.sql").write_text("-- name: mine\n-- kind: warning\nSELECT 1\n")
    (rules / "broken.dl").write_text("((( not datalog")
    rc, _, err, text = cli.run("status", json_out=False)
    assert rc == 0 and "{" not in text, (err, text)
    assert "untrusted workspace rule file(s)" in text and "mine.sql" in text, text

"""Attack 13f: with no server, two CLI writers at the same moment: the second failed at once with
`graph-locked`. Now a writer waits briefly for the other (LORE_LOCK_WAIT seconds, default 5), like a
database client's busy timeout, and both writes land."""

from __future__ import annotations

import subprocess
import sys

from .clone import lore_cmd


def test_a_writer_waits_for_the_process_holding_the_graph(victim):
    assert victim.run("transact", '[[:a/first :description "x"]]', "--reason", "r")[0] == 0
    graph = victim.repo / ".lore" / "lore.duckdb"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys; c = duckdb.connect(sys.argv[1]); print('held', flush=True); "
         "sys.stdin.readline(); c.close(); print('released', flush=True)", str(graph)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        writer = subprocess.Popen([*lore_cmd(), "-v", "--json", "transact", '[[:a/second :description "y"]]',
                                   "--reason", "r"], cwd=victim.repo, env={**victim.env, "LORE_LOCK_WAIT": "600"},
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for line in writer.stderr:  # the writer says it is waiting: only then let the holder go
            if "waiting for the graph" in line:
                break
        holder.stdin.write("go\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "released"
        out, err = writer.communicate(timeout=300)
        assert writer.returncode == 0, (out, err)
    finally:
        holder.kill()
        holder.wait()
    rc, out, _, _ = victim.run("sql", "SELECT count(*) FROM tx")
    assert out["rows"] == [[2]]


def test_concurrent_writers_all_land(victim):
    procs = [subprocess.Popen([*lore_cmd(), "--json", "transact", f'[[:a/w{i} :description "w"]]', "--reason", "r"],
                              cwd=victim.repo, env={**victim.env, "LORE_LOCK_WAIT": "600"},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(3)]
    results = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], results
    rc, out, _, _ = victim.run("sql", "SELECT list(tx ORDER BY tx) FROM tx")
    assert out["rows"] == [[[1, 2, 3]]]

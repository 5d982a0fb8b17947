"""Incremental ingest from the watermark, no-op re-ingest, and resuming after kill -9 with no fact lost
or duplicated (compared with one uninterrupted run, which also uses the 2-process parser)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from lore.ingest.api import ingest
from lore.store.graph import Graph
from lore.timeutil import FOREVER

from .conftest import Repo, current_rows, rows_of_one_run_and_per_commit, valid_at

ROOT = Path(__file__).resolve().parents[2]


def synth_history(repo: Repo, commits: int) -> None:
    """A history written with git fast-import: files gain, change, rename and lose functions."""
    lines = []
    t0 = 1_700_000_000
    for i in range(commits):
        lines.append(f"commit refs/heads/main\nmark :{i + 1}\ncommitter Dev <dev@example.com> {t0 + i * 3600} +0000\n")
        msg = f"commit {i}".encode()
        lines.append(f"data {len(msg)}\n{msg.decode()}\n")
        if i:
            lines.append(f"from :{i}\n")
        for k in range(3):
            n = (i * 3 + k) % 40
            body = "".join(f"def f{n}_{j}(x):\n    y = x + {j}\n    return g{n}(y)\n\n" for j in range(i % 7 + 1))
            body += f"def g{n}(v):\n    return v\n\nclass C{n}:\n    def m(self):\n        return f{n}_0(1)\n"
            data = f"import os\nfrom pkg import m{(n + 1) % 40}\n\n" + body
            lines.append(f"M 100644 inline pkg/m{n}.py\ndata {len(data.encode())}\n{data}\n")
        if i % 17 == 5:
            lines.append(f"D pkg/m{(i * 7) % 40}.py\n")
    stream = "".join(lines).encode()
    subprocess.run(["git", "-C", str(repo.path), "fast-import", "--quiet"], input=stream, check=True)
    repo.git("reset", "-q", "--hard", "main")


def test_incremental_equals_one_run(repo, tmp_path):
    repo.write("a.py", "def a():\n    return 1\n")
    repo.commit("a", "2024-01-01T00:00:00Z")
    g1 = Graph(tmp_path / "inc.duckdb")
    r = ingest(g1, str(repo.path))
    assert r["first_parent_commits"] == 1
    again = ingest(g1, str(repo.path))
    assert again["up_to_date"] and again["commits"] == 0
    repo.write("a.py", "def a():\n    return 2\n\ndef b():\n    return a()\n")
    repo.write("b.py", "import a\n")
    cb = repo.commit("b", "2024-02-01T00:00:00Z")
    r2 = ingest(g1, str(repo.path))
    assert r2["first_parent_commits"] == 1 and r2["commits"] == 1
    repo.rm("b.py")
    repo.write("a.py", "def b():\n    x = 3\n    return x\n")
    repo.commit("c", "2024-03-01T00:00:00Z")
    ingest(g1, str(repo.path))
    # A rename across runs: the previous version comes from the stored definition hashes, not a parse.
    repo.write("a.py", "def b2():\n    y = 3\n    return y\n")
    repo.commit("d", "2024-04-01T00:00:00Z")
    assert ingest(g1, str(repo.path))["files_parsed"] == 1
    assert (":function/a-py-b", ":function/a-py-b2") in valid_at(g1, ":renamed-to")
    g2 = Graph(tmp_path / "once.duckdb")
    ingest(g2, str(repo.path))
    assert current_rows(g1) == current_rows(g2)
    assert (":function/a-py-a", ":commit/" + cb[:12]) in valid_at(g1, ":modified-in", "2024-02-15")
    g1.close()
    g2.close()


def _run_cli(repo: Repo, graph: Path, env: dict) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "lore", "--graph", str(graph), "--json", "-v", "ingest", str(repo.path)]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT / "server"), **env})


def _watermark(graph: Path) -> str | None:
    g = Graph(graph)
    try:
        row = g.con.execute("SELECT value FROM ingest_meta WHERE key = 'watermark'").fetchone()
        return row[0] if row else None
    except Exception:  # noqa: BLE001 - table not created yet
        return None
    finally:
        g.close()


def test_kill_9_and_resume_loses_and_duplicates_nothing(repo, tmp_path):
    synth_history(repo, 240)
    tip = repo.git("rev-parse", "HEAD").strip()
    ref = tmp_path / "ref.duckdb"
    p = _run_cli(repo, ref, {"LORE_INGEST_WORKERS": "2"})
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err.decode()
    killed = tmp_path / "killed.duckdb"
    mid_run_kills = 0
    # Kill right after the k-th batch is committed (the run is then inside the next batch), then resume.
    for k in (1, 3, 2, 5):
        p = _run_cli(repo, killed, {"LORE_INGEST_WORKERS": "1", "LORE_INGEST_BATCH": "4"})
        seen = 0
        while seen < k:
            line = p.stderr.readline()
            if not line:
                break
            seen += b"commits written" in line
        if p.poll() is None:
            p.send_signal(signal.SIGKILL)
            p.wait()
            wm = _watermark(killed)
            if wm and wm != tip:
                mid_run_kills += 1
        else:
            p.wait()
    assert mid_run_kills >= 3, "the kills did not land in the middle of ingests"
    p = _run_cli(repo, killed, {"LORE_INGEST_WORKERS": "1"})
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err.decode()
    a, b = Graph(ref), Graph(killed)
    try:
        ra, rb = current_rows(a), current_rows(b)
        assert len(rb) == len(set(rb)), "duplicated facts"
        assert ra == rb
        assert b.con.execute("SELECT count(*) FROM facts WHERE valid_from >= valid_to").fetchone()[0] == 0
        locs_a = a.con.execute("SELECT * FROM code_locations ORDER BY ALL").fetchall()
        assert locs_a and locs_a == b.con.execute("SELECT * FROM code_locations ORDER BY ALL").fetchall()
        # The side tables a bulk run writes only at its end are whole after the resume too.
        for sql in ("SELECT path, e, a, vt, v, valid_from FROM ingest_open ORDER BY ALL",
                    "SELECT * FROM ingest_defs ORDER BY ALL", "SELECT * FROM ingest_files ORDER BY ALL",
                    "SELECT * FROM ingest_known ORDER BY ALL"):
            want = a.con.execute(sql).fetchall()
            assert want and want == b.con.execute(sql).fetchall(), sql
        stale = "SELECT value FROM ingest_meta WHERE key = 'open_complete'"
        assert a.con.execute(stale).fetchone() == b.con.execute(stale).fetchone() == ("true",)
    finally:
        a.close()
        b.close()


def test_cancel_at_every_point_of_a_history_with_merges(repo, tmp_path):
    """Stopping anywhere (even amid a merged branch's commits) and resuming gives exactly the facts of one
    uninterrupted run: no side-branch commit is written twice or lost."""
    day = 1
    repo.write("base.py", "def base():\n    return 0\n")
    repo.commit("base", f"2024-01-{day:02d}T00:00:00Z")
    for b in range(3):
        repo.git("checkout", "-q", "-b", f"feat{b}")
        for k in range(2):
            day += 1
            repo.write(f"feat{b}.py", f"def feat{b}_{k}():\n    return {k}\n")
            repo.commit(f"feat{b} {k}", f"2024-01-{day:02d}T00:00:00Z")
        repo.git("checkout", "-q", "main")
        day += 1
        repo.write("base.py", f"def base():\n    return {b + 1}\n")
        repo.commit(f"main {b}", f"2024-01-{day:02d}T00:00:00Z")
        day += 1
        repo.git("merge", "-q", "--no-ff", "-m", f"merge feat{b}", f"feat{b}", date=f"2024-01-{day:02d}T00:00:00Z")
    ref = Graph(tmp_path / "ref.duckdb")
    total = ingest(ref, str(repo.path))["commits"]
    want = current_rows(ref)
    ref.close()
    for stop_after in range(1, total):
        g = Graph(tmp_path / f"c{stop_after}.duckdb")
        calls = {"n": 0}

        def cancel(calls=calls, stop_after=stop_after):
            calls["n"] += 1
            return calls["n"] > stop_after

        first = ingest(g, str(repo.path), cancel=cancel)
        assert first["status"] in ("stopped", "complete")
        ingest(g, str(repo.path))
        assert current_rows(g) == want, stop_after
        g.close()


class _Crash(Exception):
    pass


SIDE_TABLES = ("SELECT path, e, a, vt, v, valid_from FROM ingest_open ORDER BY ALL",
               "SELECT * FROM ingest_defs ORDER BY ALL", "SELECT * FROM ingest_files ORDER BY ALL",
               "SELECT * FROM ingest_idents ORDER BY ALL", "SELECT * FROM ingest_known ORDER BY ALL",
               "SELECT * FROM code_locations ORDER BY ALL", "SELECT * FROM import_locations ORDER BY ALL")


def test_bulk_run_dying_between_flushes_resumes_to_the_same_graph(repo, tmp_path, monkeypatch):
    """A fresh graph's run writes ingest_open/ingest_defs only at its end; one that dies after some flushes
    leaves open_complete=false, and the next run rebuilds them from the facts table: the same graph as one
    uninterrupted run, side tables included."""
    synth_history(repo, 60)
    ref = Graph(tmp_path / "ref.duckdb")
    ingest(ref, str(repo.path))
    monkeypatch.setenv("LORE_INGEST_BATCH", "4")
    g = Graph(tmp_path / "died.duckdb")

    def die(done: int, total: int, commit: str | None = None) -> None:
        if done == total - 3:  # the last flush was at commit 56: the rest touches 12 of the 40 files
            raise _Crash()

    try:
        ingest(g, str(repo.path), progress=die)
    except _Crash:
        pass
    meta = dict(g.con.execute("SELECT key, value FROM ingest_meta").fetchall())
    assert meta["open_complete"] == "false" and meta["watermark"] != ref.con.execute(
        "SELECT value FROM ingest_meta WHERE key = 'watermark'").fetchone()[0]
    assert g.con.execute("SELECT count(*) FROM ingest_open").fetchone()[0] == 0
    monkeypatch.delenv("LORE_INGEST_BATCH")
    ingest(g, str(repo.path))
    try:
        assert current_rows(g) == current_rows(ref)
        for sql in SIDE_TABLES:
            want = ref.con.execute(sql).fetchall()
            assert want and want == g.con.execute(sql).fetchall(), sql
        # and it goes on incrementally from there like the reference does
        repo.write("pkg/m1.py", "def only():\n    return 1\n")
        repo.commit("one more", "2024-06-01T00:00:00Z")
        ingest(g, str(repo.path))
        ingest(ref, str(repo.path))
        assert current_rows(g) == current_rows(ref)
    finally:
        g.close()
        ref.close()


def test_reverts_and_edge_changes_in_one_run_equal_a_run_per_commit(repo, tmp_path):
    """One run diffs a changed file against the parts its last change computed (the same cached set for a
    blob that comes back, edges apart); a run per commit diffs against what the graph holds. Same facts."""
    v1 = "from b import helper\n\ndef a():\n    return helper()\n"
    v2 = "from b import helper\n\ndef a():\n    return helper() + 1\n\ndef extra():\n    return a()\n"
    steps = [
        {"a.py": v1, "b.py": "def helper():\n    return 1\n"},
        {"a.py": v2},
        {"a.py": v1},  # back to a blob the run has seen: its text facts are the cached set
        {"b.py": None},  # a.py unchanged, its import and call edges close
        {"b.py": "def helper():\n    return 2\n"},
        {"a.py": v2},
        {"a.py": v1, "b.py": "def other():\n    return 3\n"},  # text back, edge target gone
        {"a.py": v2, "c.py": "import a\n\ndef c():\n    return a.a()\n"},
    ]
    one, per_commit = rows_of_one_run_and_per_commit(repo, tmp_path, steps)
    assert any(r[1] == ":calls" for r in one) and any(r[1] == ":depends-on" for r in one)
    assert per_commit == one


def test_definition_level_diff_in_one_run_equals_a_run_per_commit(repo, tmp_path):
    """One run diffs a changed file's text facts definition by definition (an unchanged definition is skipped
    whole); a run per commit diffs every fact against the graph. Same facts through definitions that come and
    go, a field turning static (same entity, one fact changes), and two definitions sharing an entity
    (`codes` and `Codes` slug alike), where the run falls back to diffing every fact."""
    cls = "class K:\n    {field}\n\n    def m(self):\n        {body}\n        return 1\n"
    steps = [
        {"a.py": "def keep():\n    return 1\n\ndef gone():\n    return 2\n" + cls.format(field="x = 1", body="pass")},
        {"a.py": "def keep():\n    return 1\n\ndef new():\n    return 3\n" + cls.format(field="y = 1", body="self.x = 2")},
        {"a.py": "def keep():\n    return 1\n\ndef codes():\n    return 4\n\ndef Codes():\n    return 5\n"},
        {"a.py": "def keep():\n    return 1\n\ndef Codes():\n    return 5\n"},
        {"a.py": "def keep():\n    return 1\n\ndef codes():\n    return 5\n\ndef gone():\n    return 2\n"},
        {"a.py": "def keep():\n    return 1\n" + cls.format(field="x = 1", body="self.x = 2")},
    ]
    one, per_commit = rows_of_one_run_and_per_commit(repo, tmp_path, steps)
    names = {r[3] for r in one if r[1] == ":qualified-name" and r[5] == FOREVER}
    assert {"keep", "K", "K.m", "K.x"} <= names and not names & {"gone", "new", "codes", "Codes", "K.y"}
    assert per_commit == one

"""Attack 13d: on a full disk a write reported `internal: cannot rollback - no transaction is active`
instead of the cause. Now it reports `disk-full` with the system's words, nothing half-written, and the
graph still reads. Recreated on a real small filesystem (a 8 MiB tmpfs in a private mount namespace)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from .clone import lore_cmd

SCRIPT = textwrap.dedent("""
    import json, os, subprocess, sys
    mnt, cmd, env = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mnt], check=True)
    graph = os.path.join(mnt, "g.duckdb")
    def lore(*args):
        p = subprocess.run([*cmd, "--graph", graph, "--json", *args], capture_output=True, text=True, env=env)
        return json.loads(p.stdout.strip().splitlines()[-1]) if p.stdout.strip() else {"stderr": p.stderr}
    out = {"first": lore("transact", '[[:a/b :description "before"]]', "--reason", "r")}
    with open(os.path.join(mnt, "filler"), "wb") as f:  # take every free block
        try:
            while True:
                f.write(b"\\0" * 65536)
                f.flush()
        except OSError:
            pass
    out["full"] = lore("transact", '[[:a/c :description "' + "x" * 100000 + '"]]', "--reason", "r")
    out["read"] = lore("sql", "SELECT count(*) FROM tx")
    print(json.dumps(out))
""")


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare"), reason="needs root for a private tmpfs")
def test_a_write_on_a_full_disk_says_so(tmp_path):
    mnt = tmp_path / "small-disk"
    mnt.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "LORE_JOURNAL": "0"}
    p = subprocess.run(["unshare", "-m", "--propagation", "private", sys.executable, "-c", SCRIPT, str(mnt),
                        json.dumps(lore_cmd()), json.dumps(env)], capture_output=True, text=True, timeout=300)
    if p.returncode != 0 and "mount" in p.stderr:
        pytest.skip(f"cannot mount a tmpfs here: {p.stderr[-200:]}")
    assert p.stdout.strip(), p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["first"]["ok"], out
    assert out["full"]["ok"] is False and out["full"]["error"]["code"] == "disk-full", out["full"]
    assert "No space left" in out["full"]["error"]["message"]
    assert out["read"]["ok"] and out["read"]["rows"] == [[1]], out["read"]

"""How long `lore mcp` takes to answer an agent's `initialize`, and what it imports first: this checkout's code
beside another's (`--baseline CHECKOUT`, e.g. /work/main), in turns, in one run.

  python bench/mcp_start.py [--baseline /work/main] [--runs 5]

For each checkout and run, on a small fresh repository and graph (ingestion on start-up as by default):
- `initialize_ms`: from starting `lore mcp` (the SDK's stdio client) to the `initialize` reply; `first_call_ms`:
  from the start to the first `lore_status` reply (the graph open and the features loaded); the server's CPU
  (user + system, all its threads, from /proc) at each of the two.
- `import`: `import lore.mcp.server` in a fresh interpreter (wall ms, best of the runs) and which heavy modules it
  brought in (numpy, pyarrow, duckdb, onnxruntime, tokenizers, tree_sitter).
Every process gets PYTHONPATH=CHECKOUT/server, so the same `lore` script runs each checkout's code; each
reports the file its `lore` package came from. Medians and maxima over the runs; `load` is `os.getloadavg()`
before and after, since the machine is shared (CPU figures are what load does not inflate).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

LORE = str(Path(sys.executable).with_name("lore"))
HERE = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "pyarrow", "duckdb", "onnxruntime", "tokenizers", "tree_sitter")
TICK = os.sysconf("SC_CLK_TCK")


def proc_cpu_ms(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) * 1000.0 / TICK


def child_pids() -> set[int]:
    me, out = os.getpid(), set()
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == me:
                        out.add(int(d))
            except OSError:
                continue
    return out


def make_repo(path: Path) -> Path:
    env = {**os.environ, "GIT_AUTHOR_NAME": "B", "GIT_AUTHOR_EMAIL": "b@example.com",
           "GIT_COMMITTER_NAME": "B", "GIT_COMMITTER_EMAIL": "b@example.com"}
    path.mkdir(parents=True)
    (path / "src").mkdir()
    for i in range(5):
        (path / "src" / f"m{i}.py").write_text(f"import os\n\n\ndef f{i}():\n    return os.getcwd()\n")
    for args in (("init", "-q", "-b", "main"), ("add", "."), ("commit", "-q", "-m", "start")):
        subprocess.run(["git", *args], cwd=path, env=env, check=True)
    return path


def import_probe(server_dir: str) -> dict:
    code = ("import sys, time, json; t = time.perf_counter(); import lore.mcp.server; "
            "ms = (time.perf_counter() - t) * 1000; import lore; "
            f"print(json.dumps({{'ms': ms, 'lore': lore.__file__, 'heavy': [m for m in {HEAVY!r} if m in sys.modules]}}))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": server_dir}, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


async def start_once(server_dir: str, repo: Path, graph: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": server_dir, "LORE_GRAPH_PATH": ""}
    params = StdioServerParameters(command=LORE, args=["--graph", str(graph), "mcp"], cwd=str(repo), env=env)
    before = child_pids()
    t0 = time.perf_counter()
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        t_init = time.perf_counter()
        (pid,) = child_pids() - before
        cpu_init = proc_cpu_ms(pid)
        r = await session.call_tool("lore_status", {})
        t_call = time.perf_counter()
        cpu_call = proc_cpu_ms(pid)
        ok = bool((r.structured_content or {}).get("ok"))
    return {"initialize_ms": (t_init - t0) * 1000, "first_call_ms": (t_call - t0) * 1000,
            "cpu_at_initialize_ms": cpu_init, "cpu_at_first_call_ms": cpu_call, "first_call_ok": ok}


def summary(rows: list[dict], key: str) -> dict:
    xs = [r[key] for r in rows if r.get(key) is not None]
    return {"median": round(statistics.median(xs), 1), "max": round(max(xs), 1)} if xs else {}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", help="another checkout (its server/ is put on PYTHONPATH)")
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    checkouts = {"branch": str(HERE / "server")}
    if a.baseline:
        checkouts = {"baseline": str(Path(a.baseline).resolve() / "server"), **checkouts}
    tmp = Path(tempfile.mkdtemp(prefix="lore-mcp-start-"))
    load_before = os.getloadavg()
    starts: dict[str, list[dict]] = {k: [] for k in checkouts}
    imports: dict[str, list[dict]] = {k: [] for k in checkouts}
    for run in range(a.runs):
        for name, server_dir in checkouts.items():  # in turns: both see the same load
            imports[name].append(import_probe(server_dir))
            repo = make_repo(tmp / f"{name}-{run}" / "repo")
            starts[name].append(asyncio.run(start_once(server_dir, repo, tmp / f"{name}-{run}" / "g.duckdb")))
    out: dict = {"runs": a.runs, "load_before": [round(x, 2) for x in load_before]}
    for name in checkouts:
        out[name] = {
            "lore_from": imports[name][0]["lore"],
            "import_lore_mcp_server_ms": {"best": round(min(i["ms"] for i in imports[name]), 1),
                                         "median": round(statistics.median(i["ms"] for i in imports[name]), 1)},
            "heavy_modules_imported": imports[name][0]["heavy"],
            **{k: summary(starts[name], k) for k in ("initialize_ms", "cpu_at_initialize_ms", "first_call_ms",
                                                     "cpu_at_first_call_ms")},
            "first_call_ok": all(r["first_call_ok"] for r in starts[name]),
        }
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

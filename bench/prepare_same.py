"""Are two checkouts' prepare-turn replies the same? Each answers the same questions on its own copy of the same
graph, in a process of its own (PYTHONPATH=CHECKOUT/server), as a server answers (``resident``: the graph's
index and vectors held in memory, MiniLM in onnxruntime) and as a one-shot process does (``one-shot``: DuckDB's
index, the numpy encoder); every reply is compared whole.

  python bench/prepare_same.py --baseline /work/main --case recall=/work/graphs/requests.duckdb \\
      [--case recall6=/work/graphs/recall6-sgg.duckdb ...] [--case all=/work/graphs/ipython-10k.duckdb:ready] \\
      [--n 200] [--modes resident,one-shot] [--write-every K]

A case is SET=GRAPH: the questions of bench/data/SET/questions.json (``all``: every recall set's, each once)
asked beside GRAPH, a graph with the set's code ingested (copied, never changed), into which this checkout
first writes the set's memories and embeds them, as bench/recall.py does (``GRAPH:ready``: the graph already
holds its memories). Prints one JSON object: per case and mode, how many replies were identical, and the first
few that were not (the question and the keys that differ). ``--write-every K``: before every K-th question a memory
is written (a transact and its derived work, links then rules, as a write runs them), so the replies after writes
are compared too (a resident graph's caches follow each write; the written memories' instants are left out).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def set_questions(name: str) -> list[str]:
    """The questions of one recall set, in order (``all``: every set's, each once)."""
    dirs = sorted(HERE.glob("data/recall*")) if name == "all" else [HERE / "data" / name]
    out: list[str] = []
    for d in dirs:
        out += [q["question"] for q in json.loads((d / "questions.json").read_text())]
    return list(dict.fromkeys(out))


def build(src: str, set_name: str, out: Path) -> None:
    """(child) The code graph with the set's memories written and embedded (this checkout's code)."""
    sys.path.insert(0, str(HERE))
    from lore.store.graph import Graph
    from recall import copy_graph, embed_all, load_memories  # type: ignore[import-not-found]

    copy_graph(src, out)
    graph = Graph(out)
    load_memories(graph, json.loads((HERE / "data" / set_name / "memories.json").read_text()))
    embed_all(graph)
    graph.close()


WRITTEN = ":decision/prepare-same-"  # the memories --write-every writes


def answer(path: Path, set_name: str, mode: str, n: int, write_every: int = 0) -> None:
    """(child) One JSON line per question: the prepareTurn reply as the operation gives it."""
    from lore import operations
    from lore.memory import embed
    from lore.store.graph import Graph
    from lore.store.txdata import parse_tx

    if mode == "resident":
        embed.resident()
    graph = Graph(path)
    graph.session.resident = mode == "resident"
    operations.run("prepareTurn", graph, {"message": "warm up"})
    for i, q in enumerate(set_questions(set_name)[:n]):
        if write_every and i % write_every == 0:
            words = " ".join(q.split()[:8])
            result = graph.transact(parse_tx(f'[[{WRITTEN}{i} :description {json.dumps("we decided: " + words)}]]'),
                                    reason="bench", source="agent")
            operations.derive(graph, result)
        reply = operations.run("prepareTurn", graph, {"message": q})
        for fact in reply.get("facts") or []:  # the written memories' instants differ from run to run
            if str(fact.get("entity", "")).startswith(WRITTEN):
                fact.pop("valid_from", None)
        print(json.dumps(reply, sort_keys=True, ensure_ascii=False, default=str), flush=True)
    graph.close()


def checkout_python(server: Path) -> str:
    """The checkout's own venv's Python when it has one: its editable install maps ``lore.builtin_rules`` to
    its own rules/ (with this venv's, a baseline would read this checkout's rule files)."""
    own = server.parent / ".venv" / "bin" / "python"
    return str(own) if server.resolve() != (ROOT / "server").resolve() and own.exists() else sys.executable


def child(args: list[str], server: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(server), "LORE_JOURNAL": "0"}
    p = subprocess.run([checkout_python(server), __file__, *args], capture_output=True, text=True, env=env,
                       timeout=3600)
    if p.returncode:
        raise SystemExit(f"{' '.join(args[:2])} with {server} failed:\n{p.stderr[-3000:]}")
    return p.stdout


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] in ("--child-build", "--child-answer"):
        sys.path.insert(0, os.environ["PYTHONPATH"])
        if sys.argv[1] == "--child-build":
            build(sys.argv[2], sys.argv[3], Path(sys.argv[4]))
        else:
            answer(Path(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6]))
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", required=True, metavar="CHECKOUT", help="the other checkout (e.g. /work/main)")
    ap.add_argument("--case", action="append", required=True, metavar="SET=GRAPH[:ready]")
    ap.add_argument("--n", type=int, default=200, help="questions per case (the first n)")
    ap.add_argument("--modes", default="resident,one-shot")
    ap.add_argument("--write-every", type=int, default=0, metavar="K", help="a memory written before every K-th question")
    a = ap.parse_args()
    servers = {"this": ROOT / "server", "baseline": Path(a.baseline) / "server"}
    out: dict = {"baseline": a.baseline, "write_every": a.write_every, "load_before": os.getloadavg(), "cases": {}}
    tmp = Path(tempfile.mkdtemp(prefix="lore-prepare-same-"))
    try:
        for case in a.case:
            set_name, graph = case.split("=", 1)
            ready = graph.endswith(":ready")
            graph = graph.removesuffix(":ready")
            built = tmp / f"{set_name}.duckdb"
            if ready:
                shutil.copy(graph, built)
            else:
                child(["--child-build", graph, set_name, str(built)], servers["this"])
            questions = set_questions(set_name)[:a.n]
            result: dict = {"graph": graph, "questions": len(questions)}
            for mode in a.modes.split(","):
                replies = {}
                for name, server in servers.items():
                    copy = tmp / f"{set_name}-{mode}-{name}.duckdb"
                    shutil.copy(built, copy)
                    replies[name] = child(["--child-answer", str(copy), set_name, mode, str(a.n), str(a.write_every)],
                                          server).splitlines()
                    copy.unlink()
                pairs = list(zip(replies["this"], replies["baseline"]))
                differ = []
                for q, (x, y) in zip(questions, pairs):
                    if x != y:
                        rx, ry = json.loads(x), json.loads(y)
                        differ.append({"question": q, "keys": sorted(k for k in set(rx) | set(ry) if rx.get(k) != ry.get(k))})
                result[mode] = {"replies": len(pairs), "identical": len(pairs) - len(differ), "differing": differ[:5],
                                "answered": {k: len(v) for k, v in replies.items()}}
            out["cases"][set_name] = result
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out["load_after"] = os.getloadavg()
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

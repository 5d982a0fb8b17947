"""How long a hostile .loreignore costs ingestion's path filter: 40,000 globs against 300 paths (issue 13,
item 9: it was over 300 s). Prints JSON."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from lore.ingest.ignore import build_ignore


def main() -> None:
    lines = [[f"gen{i}/*.py", f"*.ext{i}", f"[a-c]x{i}?/*.py", f"out{i}/"][i % 4] for i in range(40_000)]
    paths = [f"src/pkg{i % 17}/mod{i}.py" for i in range(300)]
    t0 = time.perf_counter()
    ignore = build_ignore("\n".join(lines), env="")
    t1 = time.perf_counter()
    for _ in range(10):  # ingestion asks about a path more than once (per commit that touches it)
        hits = sum(ignore(p) for p in paths)
    t2 = time.perf_counter()
    print(json.dumps({"patterns": len(lines), "paths": len(paths), "compile_s": round(t1 - t0, 3),
                      "match_3000_s": round(t2 - t1, 4), "hits": hits}))


if __name__ == "__main__":
    main()

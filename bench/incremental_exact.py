#!/usr/bin/env python3
"""Does a parse from the previous text's tree give the facts a fresh parse gives, keystroke by keystroke?

    python bench/incremental_exact.py [--repos /work/repos] [--edits 3] [--files 2] [--baseline DIR]

Replays typing in real files of real repositories (Python, TypeScript, Rust, Go, C): a line deleted character
by character and typed back, a statement copied from elsewhere in the file typed into a function, a new
function typed between two top-level items; every state in between is a step, many of them half-typed with a
syntax error. Each step's text goes through ingestion's incremental path (``parse.parse_blob_packed`` with the
path's ``Trees``: the last version's tree edited and reparsed, its unchanged items' extraction reused) and
through a fresh parse (the same function without trees, which is what the working layer's
``extract_source`` does for an editor's buffer); the two extracts (definitions with locations and shape hashes,
imports, calls, the error flag) are compared after every step.

Prints JSON: steps, steps whose facts differ (all / with a syntax error in the text), by language, the first
few differing steps, and the CPU time per step of each path (mean, p50, p95, ms). With ``--baseline DIR`` the
same replay also runs with DIR's code (``DIR/server`` on the path), each side in a child process, one after
the other, and both are printed side by side with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (repository folder under --repos, language, files): real files of moderate size, in the ingested languages.
FILES = [
    ("requests", "python", ["src/requests/sessions.py", "src/requests/models.py", "src/requests/utils.py"]),
    ("hono", "typescript", ["src/context.ts", "src/hono-base.ts", "src/request.ts"]),
    ("ripgrep", "rust", ["crates/searcher/src/searcher/core.rs", "crates/searcher/src/sink.rs",
                         "crates/searcher/src/lines.rs"]),
    ("cobra", "go", ["command.go", "completions.go", "args.go"]),
    ("numpy", "c", ["numpy/_core/src/multiarray/refcount.c", "numpy/_core/src/multiarray/flagsobject.c",
                    "numpy/_core/src/umath/reduction.c"]),
]

# A new top-level function, as one would type it.
NEW_FUNCTION = {
    "python": "def typed_helper(value, limit=3):\n    total = compute(value) + limit\n    return total\n\n",
    "typescript": "export function typedHelper(value: number, limit = 3): number {\n"
                  "  const total = compute(value) + limit\n  return total\n}\n\n",
    "rust": "pub fn typed_helper(value: u32, limit: u32) -> u32 {\n    let total = compute(value) + limit;\n"
            "    total\n}\n\n",
    "go": "func typedHelper(value int, limit int) int {\n\ttotal := compute(value) + limit\n\treturn total\n}\n\n",
    "c": "static int\ntyped_helper(int value, int limit)\n{\n    int total = compute(value) + limit;\n"
         "    return total;\n}\n\n",
}

TOP_LEVEL_START = {
    "python": ("def ", "class "),
    "typescript": ("export ", "function ", "class "),
    "rust": ("pub fn ", "fn ", "impl ", "pub struct "),
    "go": ("func ",),
    "c": ("static ", "NPY_NO_EXPORT ", "int ", "void "),
}


class Blobs:
    """What ``parse_blob_packed`` reads its bytes from (``CatFile.read``'s contract), for texts in memory."""

    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}

    def read(self, blob: str, limit: int) -> bytes | None:
        d = self.data.get(blob)
        return None if d is None or len(d) > limit else d


def _body_lines(lines: list[str]) -> list[int]:
    """Indented statement lines worth retyping (inside a function or block)."""
    out = []
    for i, ln in enumerate(lines):
        s = ln.strip()
        if ln[:1] in (" ", "\t") and 12 <= len(s) <= 70 and not s.startswith(("#", "//", "/*", "*")):
            out.append(i)
    return out


OPENERS = {"python": ['"""', "'", "(", "["], "typescript": ["/*", "`", "{", "("], "rust": ["/*", '"', "{", "("],
           "go": ["/*", "`", "{", "("], "c": ["/*", '"', "{", "#if 0\n"]}
KINDS = ("retype-line", "type-statement", "type-function", "opener", "drop-closer")


def sequences(lang: str, text: str, rng: random.Random, edits: int):
    """Yield (edit kind, text) for every state of ``edits`` rounds of typing, starting from ``text``."""
    for r in range(edits):
        lines = text.splitlines(keepends=True)
        body = _body_lines(lines)
        kind = KINDS[r % len(KINDS)]
        if kind == "opener" and body:
            # An opener typed that turns the rest of the file into a comment, string or block, then a few
            # characters after it, then all of it deleted again.
            i = rng.choice(body)
            ln = lines[i]
            at = sum(len(x) for x in lines[:i]) + len(ln) - len(ln.lstrip())
            snippet = rng.choice(OPENERS[lang]) + "tmp"
            for k in range(1, len(snippet) + 1):
                yield kind, text[:at] + snippet[:k] + text[at:]
            for k in range(len(snippet) - 1, -1, -1):
                yield kind, text[:at] + snippet[:k] + text[at:]
            continue
        if kind == "drop-closer":
            # A block's closing line (or a Python block's first statement) deleted by backspace and typed back.
            cands = [i for i, ln in enumerate(lines) if (ln.strip() in ("}", "};", "})", "});") if lang != "python"
                                                         else ln.strip().startswith(("return ", "raise ")))]
            if cands:
                i = rng.choice(cands)
                start = sum(len(x) for x in lines[:i])
                ln = lines[i]
                end = start + len(ln)
                for cut in range(end - 1, start - 1, -1):
                    yield kind, text[:cut] + text[end:]
                for cut in range(start + 1, end + 1):
                    yield kind, text[:cut] + text[end:]
            continue
        if kind == "retype-line" and body:
            i = rng.choice(body)
            start = sum(len(x) for x in lines[:i])
            ln = lines[i]
            content_end = start + len(ln.rstrip("\r\n"))
            lead = len(ln) - len(ln.lstrip())
            cut = start + lead
            # Backspace from the line's end to its indentation, then type it back.
            for end in range(content_end - 1, cut - 1, -1):
                yield kind, text[:end] + text[content_end:]
            for end in range(cut + 1, content_end + 1):
                yield kind, text[:cut] + text[cut:end] + text[content_end:]
        elif kind == "type-statement" and len(body) > 1:
            i, j = rng.sample(body, 2)
            src = lines[j]
            indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
            snippet = indent + src.strip() + "\n"
            at = sum(len(x) for x in lines[:i])
            for k in range(1, len(snippet) + 1):
                yield kind, text[:at] + snippet[:k] + text[at:]
            text = text[:at] + snippet + text[at:]
        else:
            kind = "type-function"
            tops = [i for i, ln in enumerate(lines) if ln.startswith(TOP_LEVEL_START[lang]) and i > 0
                    and not lines[i - 1].strip()]
            if not tops:
                continue
            i = rng.choice(tops)
            at = sum(len(x) for x in lines[:i])
            snippet = NEW_FUNCTION[lang]
            for k in range(1, len(snippet) + 1):
                yield kind, text[:at] + snippet[:k] + text[at:]
            # ... and deleted again, a character at a time from its end.
            for k in range(len(snippet) - 1, -1, -1):
                yield "delete-function", text[:at] + snippet[:k] + text[at:]


def _summary(inc, fresh) -> dict:
    di, df = set(map(tuple, inc[0])), set(map(tuple, fresh[0]))
    ii, iff = set(map(tuple, inc[1])), set(map(tuple, fresh[1]))
    ci, cf = set(map(tuple, inc[2])), set(map(tuple, fresh[2]))
    return {"defs_only_incremental": sorted(d[2] for d in di - df)[:5],
            "defs_only_fresh": sorted(d[2] for d in df - di)[:5],
            "imports_differ": len(ii ^ iff), "calls_differ": len(ci ^ cf),
            "errors": [inc[3], fresh[3]]}


class Tally:
    """Steps compared, per language, and the CPU time of each path."""

    def __init__(self) -> None:
        self.langs: dict[str, dict] = {}
        self.examples: list[dict] = []
        self.inc_ms: list[float] = []
        self.fresh_ms: list[float] = []

    def lang(self, lang: str) -> dict:
        return self.langs.setdefault(lang, {"files": 0, "steps": 0, "differ": 0, "steps_with_errors": 0,
                                            "differ_with_errors": 0, "differ_by_kind": {}})

    def step(self, blobs: Blobs, trees, lang: str, path: str, key: str, data: bytes, kind: str, where: str) -> None:
        from lore.ingest.parse import parse_blob_packed

        blobs.data = {key: data}
        t0 = time.process_time()
        inc = parse_blob_packed(blobs, key, lang, path, trees)
        t1 = time.process_time()
        fresh = parse_blob_packed(blobs, key, lang, path, None)
        t2 = time.process_time()
        self.inc_ms.append((t1 - t0) * 1000)
        self.fresh_ms.append((t2 - t1) * 1000)
        st = self.lang(lang)
        st["steps"] += 1
        err = bool(fresh and fresh[3])
        st["steps_with_errors"] += err
        if inc != fresh:
            st["differ"] += 1
            st["differ_with_errors"] += err
            st["differ_by_kind"][kind] = st["differ_by_kind"].get(kind, 0) + 1
            if len(self.examples) < 8:
                self.examples.append({"file": where, "step": key, "kind": kind,
                                      **(_summary(inc, fresh) if inc and fresh else {})})

    def out(self) -> dict:
        total = {k: sum(s[k] for s in self.langs.values()) for k in ("steps", "differ", "steps_with_errors",
                                                                      "differ_with_errors")}

        def stats(xs: list[float]) -> dict:
            xs = sorted(xs)
            return {"mean": round(statistics.fmean(xs), 3), "p50": round(xs[len(xs) // 2], 3),
                    "p95": round(xs[int(len(xs) * 0.95)], 3), "max": round(xs[-1], 3)} if xs else {}

        return {"total": total, "by_language": self.langs, "examples": self.examples,
                "cpu_ms_per_step": {"incremental": stats(self.inc_ms), "fresh": stats(self.fresh_ms),
                                    "total_s": {"incremental": round(sum(self.inc_ms) / 1000, 2),
                                                "fresh": round(sum(self.fresh_ms) / 1000, 2)}}}


def typing(repos: Path, edits: int, files: int, seed: int) -> dict:
    from lore.ingest.parse import Trees, parse_blob_packed

    tally = Tally()
    for repo, lang, paths in FILES:
        for path in paths[:files]:
            f = repos / repo / path
            if not f.is_file():
                continue
            tally.lang(lang)["files"] += 1
            text = f.read_text(encoding="utf-8")
            rng = random.Random(f"{seed}:{repo}:{path}")
            blobs = Blobs()
            trees = Trees()
            blobs.data["v0"] = text.encode()
            parse_blob_packed(blobs, "v0", lang, path, trees)  # the file as opened
            for n, (kind, now) in enumerate(sequences(lang, text, rng, edits), 1):
                tally.step(blobs, trees, lang, path, f"v{n}", now.encode(), kind, f"{repo}/{path}")
    return tally.out()


EXT = {"python": ".py", "typescript": ".ts", "rust": ".rs", "go": ".go", "c": ".c"}
# Files whose whole history is replayed too: where an incremental parse was seen to differ from a fresh one
# (numpy's _dotblas.c at b098d6252f).
KNOWN = {"numpy": ["numpy/core/blasdot/_dotblas.c"]}


def history(repos: Path, top: int, cap: int) -> dict:
    """Each repository's ``top`` most often changed files of its language, their last ``cap`` versions in
    commit order (first parent), as ingestion's parse worker meets them; and every version of the KNOWN files."""
    from collections import Counter

    from lore.ingest.parse import Trees

    tally = Tally()
    for repo, lang, _paths in FILES:
        root = repos / repo
        if not (root / ".git").exists():
            continue
        log = subprocess.run(["git", "-C", str(root), "log", "--first-parent", "--format=", "--name-only",
                              "--diff-filter=AM", "--", f"*{EXT[lang]}"], capture_output=True, text=True).stdout
        counts = Counter(x for x in log.splitlines() if x.endswith(EXT[lang]))
        cat = subprocess.Popen(["git", "-C", str(root), "cat-file", "--batch"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE)
        try:
            picked = [(p, cap) for p, _n in counts.most_common(top)] + [(p, 0) for p in KNOWN.get(repo, [])]
            for path, last in picked:
                shas = subprocess.run(["git", "-C", str(root), "log", "--first-parent", "--format=%H", "--reverse",
                                       "--", path], capture_output=True, text=True).stdout.split()[-last:]
                tally.lang(lang)["files"] += 1
                blobs, trees = Blobs(), Trees()
                for sha in shas:
                    assert cat.stdin is not None and cat.stdout is not None
                    cat.stdin.write(f"{sha}:{path}\n".encode())
                    cat.stdin.flush()
                    head = cat.stdout.readline().split()
                    if len(head) < 3 or head[1] != b"blob":
                        continue
                    data = cat.stdout.read(int(head[2]))
                    cat.stdout.read(1)
                    tally.step(blobs, trees, lang, path, sha[:10], data, "commit", f"{repo}/{path}")
        finally:
            cat.kill()
            cat.wait()
    return tally.out()


def replay(repos: Path, edits: int, files: int, seed: int, top: int, cap: int) -> dict:
    return {"typing": typing(repos, edits, files, seed), "history": history(repos, top, cap) if top else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repos", default="/work/repos")
    ap.add_argument("--edits", type=int, default=3, help="rounds of typing per file")
    ap.add_argument("--files", type=int, default=3, help="files per language")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--history-files", type=int, default=4, help="files per repository replayed through their "
                    "history (0: none)")
    ap.add_argument("--history-versions", type=int, default=150, help="the last N versions of each")
    ap.add_argument("--baseline", help="another checkout whose server/ to run the same replay with")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child or not a.baseline:
        out = replay(Path(a.repos), a.edits, a.files, a.seed, a.history_files, a.history_versions)
        if not a.child:
            out = {"code": str(HERE.parent), "load_start_end": None, **out}
        print(json.dumps(out, indent=None if a.child else 1))
        return
    load0 = os.getloadavg()
    sides = {}
    for name, root in (("this", HERE.parent), ("baseline", Path(a.baseline))):
        env = dict(os.environ, PYTHONPATH=str(root / "server"))
        t0 = time.monotonic()
        r = subprocess.run([sys.executable, __file__, "--child", "--repos", a.repos, "--edits", str(a.edits),
                            "--files", str(a.files), "--seed", str(a.seed),
                            "--history-files", str(a.history_files), "--history-versions", str(a.history_versions)],
                           env=env, capture_output=True, text=True, check=True)
        sides[name] = {"code": str(root), "wall_s": round(time.monotonic() - t0, 1), **json.loads(r.stdout)}
    print(json.dumps({"load_start_end": [round(load0[0], 2), round(os.getloadavg()[0], 2)],
                      "cores": os.cpu_count(), **sides}, indent=1))


if __name__ == "__main__":
    main()

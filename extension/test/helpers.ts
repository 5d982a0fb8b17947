// Shared by the tests that drive the real Lore (CLI or `lore serve`): where its executable is.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isExecutableFile, whichAll } from "../src/discovery";

/** $LORE_BIN, else the repository's .venv (walking up from here), else `lore` on PATH; null when none. */
export function findLore(): string | null {
  const env = process.env.LORE_BIN;
  if (env) return env;
  let dir = process.cwd();
  for (;;) {
    const cand = path.join(dir, ".venv", "bin", "lore");
    if (isExecutableFile(cand)) return cand;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return whichAll("lore")[0] ?? null;
}

export function tmpDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A deterministic PRNG (mulberry32), so a failing random case can be replayed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

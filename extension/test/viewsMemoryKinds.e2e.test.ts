// The Lore view and CodeLens list the decisions, constraints and preferences written the README's way —
// `lore transact '[[:decision/db :description …]]'`, an agent's `finalize-turn --facts` — which carry no
// `:entity-type`: the view showed "Decisions 0" beside a diagnostic citing one (user trial 9, sindresorhus/ky).
// The view's reads go to the real Lore: `lore sql --json` prints exactly the `lore/sql` reply (SPEC §4).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";
import { ViewApi } from "../src/api";
import { findLore, tmpDir } from "./helpers";

const env = { ...process.env, LORE_GRAPH_PATH: "", GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.com" };

test("decisions without :entity-type are listed and counted", { timeout: 120000 }, async (t) => {
  const lore = findLore();
  if (!lore) return t.skip("no lore executable (set LORE_BIN, or create the repository's .venv)");
  const repo = tmpDir("lore-ext-kinds-");
  const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { cwd: repo, env, encoding: "utf8" });
  run("git", "init", "-q", "-b", "main");
  fs.mkdirSync(path.join(repo, "src"));
  fs.writeFileSync(path.join(repo, "src", "auth.py"), "import redis\n\n\ndef login(user):\n    return user\n");
  run("git", "add", ".");
  run("git", "commit", "-q", "-m", "auth");
  run(lore, "ingest", "--json");
  run(lore, "transact", '[[:decision/db :description "PostgreSQL 15 — primary database"] [:decision/db :rationale "ACID"]' +
    ' [:decision/no-redis :description "No Redis: sessions live in Postgres"] [:decision/no-redis :rejects :module/redis]' +
    ' [:constraint/py310 :description "Must support Python 3.10"]]', "--reason", "the README's way", "--json");
  run(lore, "finalize-turn", "--facts", '[[:preference/tabs :description "tabs in Makefiles"]]', "--json");
  const views = new ViewApi(async (method, params) => {
    assert.equal(method, "lore/sql");
    return JSON.parse(run(lore, "sql", (params as { sql: string }).sql, "--json"));
  });

  const mems = await views.memories();
  const got = new Map(mems.map((m) => [m.entity, [m.kind, m.description, m.rationale]]));
  assert.deepEqual(got.get(":decision/db"), ["decision", "PostgreSQL 15 — primary database", "ACID"], JSON.stringify(mems));
  assert.deepEqual(got.get(":decision/no-redis")?.[0], "decision");
  assert.deepEqual(got.get(":constraint/py310")?.[0], "constraint");
  assert.deepEqual(got.get(":preference/tabs")?.[0], "preference");
  assert.equal(mems.filter((m) => m.entity === ":decision/db").length, 1, "once each");
  const lens = await views.lens("src/auth.py");
  assert.equal(lens.find((l) => l.entity === ":module/redis")?.decisions, 1, JSON.stringify(lens));

  // Retracted, it leaves the list.
  run(lore, "retract", '[[:decision/db :description "PostgreSQL 15 — primary database"] [:decision/db :rationale "ACID"]]', "--reason", "moved", "--json");
  assert.ok(!(await views.memories()).some((m) => m.entity === ":decision/db"));
});

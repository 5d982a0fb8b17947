import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { test } from "node:test";
import { ednString, ident, isIdent, slug, suggestName } from "../src/edn";
import { decisionReply } from "../src/api";
import {
  DECISION_MAX_TEXT,
  dismissParams,
  editDecisionParams,
  freeIdent,
  historyParams,
  ingestParams,
  MAX_TEXT,
  memoryFacts,
  parseRefs,
  prepareTurnParams,
  recordDecisionParams,
  retractDecisionParams,
  supersedeDecisionParams,
  transactParams,
  warningsParams,
} from "../src/payloads";
import { findLore, rng, tmpDir } from "./helpers";

test("ednString escapes what EDN needs and nothing else", () => {
  assert.equal(ednString('say "hi"'), '"say \\"hi\\""');
  assert.equal(ednString("a\\b"), '"a\\\\b"');
  assert.equal(ednString("l1\nl2\r\tx"), '"l1\\nl2\\r\\tx"');
  assert.equal(ednString("\u0001\u007f"), '"\\u0001\\u007f"');
  assert.equal(ednString("π 😀"), '"π 😀"');
  assert.equal(ednString("lone \ud800 high"), '"lone \ufffd high"');
  assert.equal(ednString("lone \udc00 low"), '"lone \ufffd low"');
});

test("slug, ident and suggestName", () => {
  assert.equal(slug("  Use PostgreSQL_15!! "), "use-postgresql-15");
  assert.equal(slug("Café crème"), "cafe-creme");
  assert.equal(slug("!!!"), "");
  assert.equal(ident("decision", "PostgreSQL 15"), ":decision/postgresql-15");
  assert.equal(ident("decision", "中文"), null);
  assert.equal(ident("Bad NS", "x"), null);
  assert.equal(suggestName("We will use PostgreSQL 15 as the primary database"), "postgresql-15-as-primary-database");
  assert.equal(suggestName("the a an"), "the-a-an");
  // A negation is kept: the name never says the opposite of the decision.
  assert.equal(suggestName("Never import pyOpenSSL directly; go through urllib3"), "no-import-pyopenssl-directly-go");
  assert.equal(suggestName("We don't use chardet"), "no-chardet");
  assert.equal(suggestName("Do not use MySQL, it cannot scale"), "no-mysql-it-no-scale");
  assert.ok(isIdent(":module/redis"));
  for (const bad of ["module/redis", ":Module/redis", ":a/b/c", ":a/", ":/b", ":a b/c", ":a/b]", ""]) assert.equal(isIdent(bad), false, bad);
});

test("memoryFacts builds description, type, rationale and relations", () => {
  const r = memoryFacts({
    kind: "decision",
    name: "Postgres",
    description: "Use PostgreSQL 15",
    rationale: "ACID + JSON",
    related: "MySQL, :dependency/mongo ,, mysql",
    governs: [":module/src-db-py"],
  });
  assert.ok(r.ok);
  assert.equal(r.value.entity, ":decision/postgres");
  assert.equal(
    r.value.facts,
    '[[:decision/postgres :description "Use PostgreSQL 15"]\n' +
      " [:decision/postgres :entity-type :type/decision]\n" +
      ' [:decision/postgres :rationale "ACID + JSON"]\n' +
      " [:decision/postgres :rejects :module/mysql]\n" +
      " [:decision/postgres :rejects :dependency/mongo]\n" +
      " [:decision/postgres :governs :module/src-db-py]]",
  );
  const c = memoryFacts({ kind: "constraint", name: "no redis", description: "No Redis", related: "redis" });
  assert.ok(c.ok && c.value.facts.includes("[:constraint/no-redis :forbids :module/redis]"));
  const p = memoryFacts({ kind: "preference", name: "real db", description: "Real DB in tests", rationale: "  " });
  assert.ok(p.ok && !p.value.facts.includes(":rationale"));
});

test("memoryFacts rejects bad input with a message, never a malformed transaction", () => {
  const cases: [Parameters<typeof memoryFacts>[0], RegExp][] = [
    [{ kind: "decision", name: "", description: "x" }, /name/],
    [{ kind: "decision", name: "!!!", description: "x" }, /letter or digit/],
    [{ kind: "decision", name: "x", description: "   " }, /description/],
    [{ kind: "decision", name: "x", description: "a\0b" }, /NUL/],
    [{ kind: "decision", name: "x", description: "y".repeat(MAX_TEXT + 1) }, /longer than/],
    [{ kind: "decision", name: "x", description: "y", related: ":Bad/Ident" }, /not an ident/],
    [{ kind: "decision", name: "x", description: "y", related: "ok, ???" }, /no letters or digits/],
    [{ kind: "preference", name: "x", description: "y", related: "redis" }, /no rejected/],
    [{ kind: "decision", name: "x", description: "y", governs: ["src/auth.py"] }, /not an ident/],
    [{ kind: "bogus" as never, name: "x", description: "y" }, /unknown kind/],
    [{ kind: "decision", name: "x".repeat(300), description: "y" }, /too long/],
    [{ kind: "decision", name: 5 as never, description: "y" }, /must be text/],
  ];
  for (const [input, re] of cases) {
    const r = memoryFacts(input);
    assert.equal(r.ok, false, JSON.stringify(input).slice(0, 80));
    if (!r.ok) {
      assert.equal(r.error.code, "bad-input");
      assert.match(r.error.message, re);
    }
  }
});

test("parseRefs", () => {
  assert.deepEqual(parseRefs(""), { ok: true, value: [] });
  assert.deepEqual(parseRefs("Flask; Django\n:module/x"), { ok: true, value: [":module/flask", ":module/django", ":module/x"] });
});

test("request param builders validate", () => {
  assert.deepEqual(transactParams("[]", " why "), { ok: true, value: { facts: "[]", reason: "why" } });
  assert.equal(transactParams("[]", "").ok, false);
  assert.equal(transactParams("[]", undefined).ok, false);
  assert.deepEqual(prepareTurnParams(" how do we store tokens? "), { ok: true, value: { message: "how do we store tokens?" } });
  assert.equal(prepareTurnParams("").ok, false);
  assert.deepEqual(historyParams("decision/db"), { ok: true, value: { entity: ":decision/db" } });
  assert.deepEqual(historyParams(":function/src-auth-py-login"), { ok: true, value: { entity: ":function/src-auth-py-login" } });
  for (const bad of ["", "   ", "x", ":a/b c", '":a/b"', null, 3, ":a/b/c"]) assert.equal(historyParams(bad).ok, false, String(bad));
  assert.deepEqual(warningsParams(), {});
  assert.deepEqual(warningsParams(null), {});
  assert.deepEqual(warningsParams("file:///r/a.py"), { uri: "file:///r/a.py" });
  assert.deepEqual(dismissParams(17, "false positive"), { ok: true, value: { id: "17", reason: "false positive" } });
  assert.equal(dismissParams("w1", "").ok, false);
  assert.equal(dismissParams({}, "r").ok, false);
  assert.deepEqual(ingestParams(), { wait: false });
  assert.deepEqual(ingestParams("/r", "main"), { repo: "/r", branch: "main", wait: false });
});

// ------------------------------------------------------------------------------------ against the real Lore

const HOSTILE = [
  'he said "no" ]] [:x :y "z',
  "back\\slash \\n not a newline \\\"",
  "multi\nline\r\nwith\ttabs",
  "controls \u0001\u0002\u001f\u007f",
  "emoji 😀 and RTL \u202e text \u202c",
  "lone surrogate \ud83d end",
  '#inst "2024-01-01" :keyword/not-a-ref nil true 42',
  "${workspaceFolder} $(rm -rf /) `id` ; DROP TABLE facts; --",
  "  leading and trailing spaces are trimmed  ",
  "x".repeat(5000),
];

function randomText(next: () => number): string {
  const pool = ['"', "\\", "\n", "\r", "\t", "[", "]", "{", "}", "#", ":", " ", "a", "Z", "9", "é", "😀", "\u0001", "\u007f", "\ud800", "/", ";"];
  const n = 1 + Math.floor(next() * 40);
  let s = "";
  for (let i = 0; i < n; i++) s += pool[Math.floor(next() * pool.length)];
  return s;
}

/** What the store should hold for a description typed as `s`: trimmed, lone surrogates replaced. */
function expected(s: string): string {
  return JSON.parse(JSON.stringify(s.trim()).replace(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/gi, "\\ufffd"));
}

test("hostile and random text survives `lore transact` and comes back identical from `lore sql`", (t) => {
  const lore = findLore();
  if (!lore) return t.skip("no lore executable (set LORE_BIN, or create the repository's .venv)");
  const next = rng(20260108);
  const texts = [...HOSTILE];
  for (let i = 0; i < 150; i++) texts.push(randomText(next));
  const want = new Map<string, string>();
  const facts: string[] = [];
  texts.forEach((text, i) => {
    if (!text.trim()) return;
    const r = memoryFacts({ kind: "decision", name: `case ${i}`, description: text, rationale: text, related: "redis" });
    assert.ok(r.ok, `case ${i}: ${!r.ok && r.error.message}`);
    want.set(r.value.entity, expected(text));
    facts.push(r.value.facts.slice(1, -1)); // the inner facts, to send all cases in one transaction
  });
  const dir = tmpDir("lore-ext-edn-");
  const graph = path.join(dir, "g.duckdb");
  const run = (args: string[]) => JSON.parse(execFileSync(lore, [...args, "--graph", graph, "--json"], { cwd: dir, encoding: "utf8", maxBuffer: 64 << 20 }));
  const tx = run(["transact", `[${facts.join("\n")}]`, "--reason", ednUnsafeReason()]);
  assert.equal(tx.ok, true, JSON.stringify(tx));
  // `lore sql` over the documented facts table (docs/ARCHITECTURE.md): current rows only.
  const q = run(["sql", "SELECT e, a, vt, v FROM facts WHERE tx_to = 2147483647 ORDER BY e, a"]);
  assert.equal(q.ok, true, JSON.stringify(q));
  const rows = q.rows as [string, string, string, string][];
  const by = (attr: string) => new Map(rows.filter((r) => r[1] === attr).map((r) => [r[0], r]));
  const desc = by(":description");
  const rat = by(":rationale");
  const rej = by(":rejects");
  const got = new Map<string, string>();
  for (const [e, row] of desc) {
    assert.equal(row[2], "s", `${e}: description is a string`);
    assert.equal(rat.get(e)?.[3], row[3], `${e}: rationale equals description`);
    assert.deepEqual(rej.get(e)?.slice(2), ["k", ":module/redis"], `${e}: rejects is a ref`);
    got.set(e, row[3]);
  }
  assert.equal(got.size, want.size);
  for (const [e, d] of want) assert.equal(got.get(e), d, `${e} round-trips`);
});

function ednUnsafeReason(): string {
  // The reason is a plain CLI/LSP string, not EDN: quotes and newlines in it must not matter either.
  return 'recorded "from" VS Code\nline 2';
}

test("recordDecisionParams: a rejection of the first alternative, the rest beside it, in one request", () => {
  const r = recordDecisionParams(
    { kind: "decision", name: "Token cache", description: "  In process  ", rationale: "no hop", related: "redis, :dependency/memcached, redis", governs: [":module/src-auth-py", ":module/src-auth-py"] },
    "recorded in VS Code",
  );
  assert.ok(r.ok);
  assert.deepEqual(r.value, {
    kind: "rejects",
    target: ":module/redis",
    rejects: [":dependency/memcached"],
    governs: [":module/src-auth-py"],
    text: "In process",
    why: "no hop",
    name: "Token cache",
    reason: "recorded in VS Code",
  });
  // Nothing rejected: it governs the first code chosen; the server names it (no ident is built here).
  const g = recordDecisionParams({ kind: "decision", name: "pure", description: "g stays pure", governs: [":function/a-py-g", ":function/a-py-h"] }, "r");
  assert.ok(g.ok);
  assert.deepEqual(g.value, { kind: "governs", target: ":function/a-py-g", governs: [":function/a-py-h"], text: "g stays pure", name: "pure", reason: "r" });
  const plain = recordDecisionParams({ kind: "decision", name: "x", description: "d" }, "r");
  assert.ok(plain.ok);
  assert.deepEqual(plain.value, { kind: "governs", text: "d", name: "x", reason: "r" });
  for (const [input, reason, msg] of [
    [{ kind: "decision", name: "!!!", description: "d" }, "r", /letter or digit/],
    [{ kind: "decision", name: "n", description: "  " }, "r", /description/],
    [{ kind: "decision", name: "n", description: "x".repeat(DECISION_MAX_TEXT + 1) }, "r", /longer than 4000/],
    [{ kind: "decision", name: "n", description: "d", related: ":Bad/Ident" }, "r", /not an ident/],
    [{ kind: "decision", name: "n", description: "d", governs: ["src/auth.py"] }, "r", /not an ident/],
    [{ kind: "decision", name: "n", description: "d" }, " ", /reason/],
  ] as const) {
    const bad = recordDecisionParams(input as never, reason);
    assert.ok(!bad.ok && msg.test(bad.error.message), JSON.stringify(bad));
  }
});

test("editDecisionParams sends what changed; supersede and retract check the ident and the texts", () => {
  const cur = { description: "Use Redis", rationale: "shared" };
  assert.deepEqual(editDecisionParams(":decision/redis", cur, { description: "Use Redis 7", rationale: "shared" }), { ok: true, value: { decision: ":decision/redis", text: "Use Redis 7" } });
  assert.deepEqual(editDecisionParams(":decision/redis", cur, { description: "Use Redis ", rationale: "one store" }), { ok: true, value: { decision: ":decision/redis", why: "one store" } });
  // An emptied why is not sent (the server keeps it); nothing else changed: an error, not an empty request.
  const same = editDecisionParams(":decision/redis", cur, { description: "Use Redis", rationale: "" });
  assert.ok(!same.ok && same.error.code === "unchanged");
  for (const bad of [":module/redis", "decision/redis", ":decision/x]] [:a :b", 5, undefined]) {
    assert.ok(!editDecisionParams(bad, cur, { description: "y" }).ok, String(bad));
    assert.ok(!supersedeDecisionParams(bad, "y", "").ok, String(bad));
    assert.ok(!retractDecisionParams(bad, "why").ok, String(bad));
  }
  assert.ok(!editDecisionParams(":decision/redis", cur, { description: " " }).ok);
  assert.deepEqual(supersedeDecisionParams(":constraint/py310", " Support 3.12 ", " "), { ok: true, value: { decision: ":constraint/py310", text: "Support 3.12" } });
  assert.deepEqual(supersedeDecisionParams(":decision/a", "t", "w", "new name"), { ok: true, value: { decision: ":decision/a", text: "t", why: "w", name: "new name" } });
  assert.ok(!supersedeDecisionParams(":decision/a", "", "w").ok);
  assert.ok(!supersedeDecisionParams(":decision/a", "t", "w", "!!").ok);
  assert.deepEqual(retractDecisionParams(":decision/a", " gone "), { ok: true, value: { decision: ":decision/a", reason: "gone" } });
  assert.ok(!retractDecisionParams(":decision/a", "").ok);
});

test("decisionReply: the decision and tx, or a clear error", () => {
  assert.deepEqual(decisionReply({ ok: true, tx: 7, decision: ":decision/a-2" }, "m"), { entity: ":decision/a-2", tx: 7 });
  assert.throws(() => decisionReply({ ok: false, error: { code: "unknown-decision", message: "gone" } }, "m"), /gone/);
  assert.throws(() => decisionReply({ ok: true, tx: 7 }, "m"), /names no decision/);
  assert.throws(() => decisionReply({ ok: true, decision: ":decision/a" }, "m"), /no tx/);
  assert.throws(() => decisionReply("nope", "m"), /not an object/);
});

test("freeIdent: the name, else the first -N not taken", () => {
  assert.equal(freeIdent(":constraint/py310", []), ":constraint/py310");
  assert.equal(freeIdent(":constraint/py310", [":constraint/py310-old", ":constraint/py3100"]), ":constraint/py310");
  assert.equal(freeIdent(":constraint/py310", [":constraint/py310", ":constraint/py310-2", ":constraint/py310-4"]), ":constraint/py310-3");
});

import assert from "node:assert/strict";
import * as path from "node:path";
import { test } from "node:test";
import { DEFAULTS, expandPath, needsRestart, readSettings, serverOptionsPayload } from "../src/settings";

const from = (obj: Record<string, unknown>) => (k: string) => obj[k];
const ws = path.resolve("/work/ws");
const home = path.resolve("/home/ann");

test("empty configuration gives the documented defaults and no problems", () => {
  const { settings, problems } = readSettings(from({}), { workspaceFolder: ws });
  assert.deepEqual(problems, []);
  assert.equal(settings.lorePath, null);
  assert.equal(settings.interpreter, null);
  assert.deepEqual(settings.server, DEFAULTS);
  assert.equal(settings.server.minConfidence, 0.5);
});

test("VS Code's defaults (empty strings) mean unset", () => {
  const { settings, problems } = readSettings(from({ path: "", interpreter: "   ", graphPath: "" }), { workspaceFolder: ws });
  assert.deepEqual(problems, []);
  assert.equal(settings.lorePath, null);
  assert.equal(settings.interpreter, null);
  assert.equal(settings.server.graphPath, null);
});

test("paths expand ~, ${workspaceFolder}, ${userHome}, ${env:X} and resolve relative to the workspace", () => {
  const ctx = { workspaceFolder: ws, home };
  assert.equal(expandPath("~/bin/lore", ctx), path.join(home, "bin/lore"));
  assert.equal(expandPath("${workspaceFolder}/.venv/bin/python", ctx), path.join(ws, ".venv/bin/python"));
  assert.equal(expandPath("${userHome}/x", ctx), path.join(home, "x"));
  assert.equal(expandPath("${env:LORE_TEST_DIR}/lore", ctx, { LORE_TEST_DIR: "/opt/l" }), path.resolve("/opt/l/lore"));
  assert.equal(expandPath(".lore/g.duckdb", ctx), path.join(ws, ".lore/g.duckdb"));
  assert.equal(expandPath("/abs/lore", ctx), "/abs/lore");
  const { settings } = readSettings(from({ path: "  ~/bin/lore  ", graphPath: "data/g.duckdb" }), ctx);
  assert.equal(settings.lorePath, path.join(home, "bin/lore"));
  assert.equal(settings.server.graphPath, path.join(ws, "data/g.duckdb"));
});

test("${workspaceFolder} with no folder open is reported, not passed on", () => {
  const { settings, problems } = readSettings(from({ interpreter: "${workspaceFolder}/.venv/bin/python" }), {});
  assert.equal(settings.interpreter, null);
  assert.equal(problems.length, 1);
  assert.equal(problems[0].key, "lore.interpreter");
  assert.match(problems[0].message, /cannot be resolved/);
});

test("wrong types and out-of-range values fall back to defaults with a problem each", () => {
  const { settings, problems } = readSettings(
    from({ path: 42, interpreter: ["x"], autoIngest: "yes", autolink: 1, minConfidence: 1.5, logLevel: "loud", graphPath: "a\0b" }),
    { workspaceFolder: ws },
  );
  assert.equal(settings.lorePath, null);
  assert.equal(settings.interpreter, null);
  assert.equal(settings.server.graphPath, null);
  assert.equal(settings.server.autoIngest, true);
  assert.equal(settings.server.autolink, true);
  assert.equal(settings.server.minConfidence, 0.5);
  assert.equal(settings.server.logLevel, "info");
  assert.deepEqual(problems.map((p) => p.key).sort(), [
    "lore.autoIngest", "lore.autolink", "lore.graphPath", "lore.interpreter", "lore.logLevel", "lore.minConfidence", "lore.path",
  ]);
});

test("minConfidence accepts 0..1 and rejects NaN, Infinity, negatives, strings", () => {
  for (const ok of [0, 0.25, 1]) assert.equal(readSettings(from({ minConfidence: ok })).settings.server.minConfidence, ok);
  for (const bad of [NaN, Infinity, -0.1, "0.7", true]) {
    const r = readSettings(from({ minConfidence: bad }));
    assert.equal(r.settings.server.minConfidence, 0.5, String(bad));
    assert.equal(r.problems.length, 1);
  }
});

test("diagnostics, hover and configurationTimeoutMs: defaults, good values, and bad ones reported and defaulted", () => {
  const d = readSettings(from({})).settings.server;
  assert.deepEqual(d.diagnostics, { enabled: true, debounceMs: 250 });
  assert.deepEqual(d.hover, { enabled: true, maxMemories: 8, maxHistory: 6 });
  assert.equal(d.configurationTimeoutMs, 1500);

  const ok = readSettings(from({
    "diagnostics.enabled": false, "diagnostics.debounceMs": 0, "hover.enabled": false, "hover.maxMemories": 20, "hover.maxHistory": 0,
    configurationTimeoutMs: 2500.5,
  }));
  assert.deepEqual(ok.problems, []);
  assert.deepEqual(ok.settings.server.diagnostics, { enabled: false, debounceMs: 0 });
  assert.deepEqual(ok.settings.server.hover, { enabled: false, maxMemories: 20, maxHistory: 0 });
  assert.equal(ok.settings.server.configurationTimeoutMs, 2500.5);

  const bad = readSettings(from({
    "diagnostics.enabled": "false", "diagnostics.debounceMs": -1, "hover.enabled": 0, "hover.maxMemories": 2.5, "hover.maxHistory": "6",
    configurationTimeoutMs: Infinity,
  }));
  assert.deepEqual(bad.settings.server.diagnostics, DEFAULTS.diagnostics);
  assert.deepEqual(bad.settings.server.hover, DEFAULTS.hover);
  assert.equal(bad.settings.server.configurationTimeoutMs, 1500);
  assert.deepEqual(bad.problems.map((p) => p.key).sort(), [
    "lore.configurationTimeoutMs", "lore.diagnostics.debounceMs", "lore.diagnostics.enabled", "lore.hover.enabled", "lore.hover.maxHistory", "lore.hover.maxMemories",
  ]);
  assert.match(bad.problems.find((p) => p.key === "lore.hover.maxMemories")!.message, /whole number >= 0, got 2\.5/);
  assert.match(bad.problems.find((p) => p.key === "lore.configurationTimeoutMs")!.message, /number >= 0, got Infinity/);
});

test("number settings reject NaN, true, strings, objects, and integers too large to be exact", () => {
  for (const bad of [NaN, true, "250", {}, [250], -0.5]) {
    const r = readSettings(from({ "diagnostics.debounceMs": bad, "hover.maxHistory": bad }));
    assert.equal(r.settings.server.diagnostics.debounceMs, 250, String(bad));
    assert.equal(r.settings.server.hover.maxHistory, 6, String(bad));
    assert.equal(r.problems.length, 2, String(bad));
  }
  // A count past 2^53 is not exact in JavaScript, so it is refused; a duration may be any finite size.
  const huge = readSettings(from({ "diagnostics.debounceMs": 2 ** 60, "hover.maxHistory": 2 ** 60 }));
  assert.equal(huge.settings.server.diagnostics.debounceMs, 2 ** 60);
  assert.equal(huge.settings.server.hover.maxHistory, 6);
  assert.deepEqual(huge.problems.map((p) => p.key), ["lore.hover.maxHistory"]);
});

test("a returned settings object does not share the defaults' nested objects", () => {
  const a = readSettings(from({})).settings.server;
  a.hover.maxMemories = 99;
  assert.equal(DEFAULTS.hover.maxMemories, 8);
  assert.equal(readSettings(from({})).settings.server.hover.maxMemories, 8);
});

test("logLevel is case-insensitive and accepts warn as warning", () => {
  assert.equal(readSettings(from({ logLevel: "DEBUG" })).settings.server.logLevel, "debug");
  assert.equal(readSettings(from({ logLevel: "warn" })).settings.server.logLevel, "warning");
  assert.equal(readSettings(from({ logLevel: " error " })).settings.server.logLevel, "error");
});

test("the server payload carries every server setting under both vocabularies, nested as the server merges it", () => {
  const { settings, problems } = readSettings(from({
    graphPath: "/g.duckdb", autoIngest: false, watchGit: false, minConfidence: 0.8, autolink: false, journal: false, logLevel: "debug",
    "diagnostics.enabled": false, "diagnostics.debounceMs": 40.5, "hover.enabled": false, "hover.maxMemories": 0, "hover.maxHistory": 3,
    configurationTimeoutMs: 0,
  }));
  assert.deepEqual(problems, []);
  const p = serverOptionsPayload(settings.server);
  assert.deepEqual(p, {
    graphPath: "/g.duckdb",
    graph: "/g.duckdb",
    autoIngest: false,
    ingestOnStartup: false,
    watchGit: false,
    minConfidence: 0.8,
    diagnostics: { enabled: false, debounceMs: 40.5, minConfidence: 0.8 },
    hover: { enabled: false, maxMemories: 0, maxHistory: 3 },
    configurationTimeoutMs: 0,
    autolink: false,
    journal: false,
    logLevel: "debug",
  });
  // It must survive JSON (it goes over JSON-RPC).
  assert.deepEqual(JSON.parse(JSON.stringify(p)), p);
});

test("only program and graph changes need a restart", () => {
  const base = readSettings(from({})).settings;
  assert.equal(needsRestart(base, readSettings(from({ minConfidence: 0.9, logLevel: "debug" })).settings), false);
  assert.equal(needsRestart(base, readSettings(from({ "hover.maxMemories": 1, "diagnostics.enabled": false, configurationTimeoutMs: 10 })).settings), false);
  assert.equal(needsRestart(base, readSettings(from({ path: "/x/lore" })).settings), true);
  assert.equal(needsRestart(base, readSettings(from({ interpreter: "/x/python" })).settings), true);
  assert.equal(needsRestart(base, readSettings(from({ graphPath: "/x/g.duckdb" })).settings), true);
});

test("a getter that throws is not swallowed silently", () => {
  assert.throws(() => readSettings(() => { throw new Error("boom"); }), /boom/);
});

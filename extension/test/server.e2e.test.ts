// End to end against the real `lore serve`: discovery picks the repository's lore, a JSON-RPC connection
// speaks LSP to it exactly as the language client does (initializationOptions, workspace/configuration,
// work-done progress), and the extension's LoreApi drives the lore/* requests on a real git repository.
// Parts of the server that a build does not have yet (method not found) skip their subtest, saying so.
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { createMessageConnection, type MessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { LoreApi, ViewApi } from "../src/api";
import { StderrDedup } from "../src/serverLog";
import { discover } from "../src/discovery";
import { parseIngestProgress, LoreReplyError } from "../src/replies";
import { readSettings, serverOptionsPayload } from "../src/settings";
import { applyWorkDone, initialState, render, type StatusState } from "../src/status";
import { findLore, tmpDir } from "./helpers";


function git(cwd: string, ...args: string[]): void {
  execFileSync("git", args, {
    cwd,
    stdio: "ignore",
    env: { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.com" },
  });
}

function makeRepo(): string {
  const repo = tmpDir("lore-ext-e2e-");
  git(repo, "init", "-q", "-b", "main");
  fs.mkdirSync(path.join(repo, "src"));
  fs.writeFileSync(path.join(repo, "src", "auth.py"), "import redis\n\n\ndef login(user):\n    return user\n\n\nclass TokenCache:\n    def evict(self):\n        pass\n");
  git(repo, "add", ".");
  git(repo, "commit", "-q", "-m", "auth: login and token cache");
  fs.appendFileSync(path.join(repo, "src", "auth.py"), "\n\ndef logout(user):\n    return None\n");
  git(repo, "commit", "-q", "-am", "auth: logout");
  return repo;
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("the extension's requests against a real lore serve", { timeout: 120000 }, async (t) => {
  const lore = findLore();
  if (!lore) return t.skip("no lore executable (set LORE_BIN, or create the repository's .venv)");
  const repo = makeRepo();
  const graph = path.join(tmpDir("lore-ext-graph-"), "g.duckdb");
  const { settings } = readSettings((k) => ({ path: lore, graphPath: graph, minConfidence: 0.3 } as Record<string, unknown>)[k], { workspaceFolder: repo });
  const found = await discover({ lorePath: settings.lorePath, interpreter: null, pythonExtensionInterpreter: null, env: { PATH: "" }, serveArgs: ["--graph", graph] });
  assert.ok(found.ok, !found.ok ? found.message : "");

  const proc: ChildProcess = spawn(found.server.command, found.server.args, { cwd: repo, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, LORE_GRAPH_PATH: "" } });
  let stderr = "";
  proc.stderr?.on("data", (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const conn: MessageConnection = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));

  let status: StatusState = { ...initialState(), server: "running" };
  const progressSeen: string[] = [];
  const configAsked: unknown[] = [];
  conn.onRequest("window/workDoneProgress/create", () => null);
  conn.onRequest("client/registerCapability", () => null);
  conn.onRequest("workspace/configuration", (p: { items: { section?: string }[] }) => {
    configAsked.push(p);
    return p.items.map((it) => (it.section === "lore" ? serverOptionsPayload(settings.server) : null));
  });
  conn.onNotification("$/progress", (p: { token: string | number; value: { kind: string } }) => {
    progressSeen.push(p.value.kind);
    status = applyWorkDone(status, p.token, p.value);
  });
  conn.onNotification("lore/ingestProgress", (p: unknown) => {
    const ip = parseIngestProgress(p);
    if (ip) status = { ...status, ingest: ip };
  });
  const graphChanges: { kind: string; tx: number | null }[] = [];
  conn.onNotification("lore/graphChanged", (p: { kind: string; tx: number | null }) => graphChanges.push(p));
  const logMessages: string[] = [];
  conn.onNotification("window/logMessage", (p: { message: string }) => logMessages.push(p.message));
  conn.onNotification(() => undefined);
  conn.listen();
  t.after(() => {
    if (proc.exitCode === null) proc.kill("SIGKILL");
  });

  const init = (await conn.sendRequest("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(repo).href,
    workspaceFolders: [{ uri: pathToFileURL(repo).href, name: "repo" }],
    capabilities: { window: { workDoneProgress: true }, workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } },
    initializationOptions: serverOptionsPayload(settings.server),
  })) as { capabilities: { executeCommandProvider?: { commands?: string[] } } };
  assert.ok(init.capabilities, "initialize answers capabilities");
  await conn.sendNotification("initialized", {});
  const api = new LoreApi((m, p) => conn.sendRequest(m, p));

  const hostile = 'Use "PostgreSQL" ]] [:x :y \\ 15\nnot MySQL 😀';
  let entity = "";
  // The server keeps a decision's text on one line (runs of white space become one space).
  const hostileStored = hostile.trim().split(/\s+/).join(" ");
  await t.test("record a decision (lore/recordDecision) and read it back (lore/history)", async () => {
    const r = await api.recordMemory(
      { kind: "decision", name: "primary database", description: hostile, rationale: "ACID", related: "redis", governs: [":module/src-auth-py"] },
      "recorded by the extension's end-to-end test",
    );
    assert.equal(r.entity, ":decision/primary-database");
    assert.ok(Number.isInteger(r.tx) && r.tx >= 1);
    entity = r.entity;
    const h = await api.history(entity);
    const byAttr = new Map(h.rows.map((row) => [row.attribute, row]));
    assert.equal(byAttr.get(":description")?.value, hostileStored);
    assert.equal(byAttr.get(":rejects")?.value, ":module/redis");
    assert.equal(byAttr.get(":governs")?.value, ":module/src-auth-py");
    assert.equal(byAttr.get(":description")?.reason, "recorded by the extension's end-to-end test");
    assert.equal(byAttr.get(":description")?.op, "assert");
  });

  await t.test("bad input: refused in the extension, or answered as an error by the server", async () => {
    await assert.rejects(api.history("not an ident"), (e: unknown) => e instanceof LoreReplyError && e.code === "bad-input");
    await assert.rejects(api.transact("[[:a/b :c", "why"), (e: unknown) => e instanceof LoreReplyError && e.code !== "bad-reply" && e.message.length > 0);
    await assert.rejects(api.transact("[[:a/b :c 1]]", "   "), (e: unknown) => e instanceof LoreReplyError && /reason/.test(e.message));
    // Straight to the server, past the extension's checks: still an error reply, and the server lives on.
    await assert.rejects(
      conn.sendRequest("lore/history", { entity: 5 }).then((r) => api.history(String((r as { ok: boolean }).ok && "x"))),
      (e: unknown) => e instanceof LoreReplyError || e instanceof ResponseError,
    );
    const raw = (await conn.sendRequest("lore/transact", { facts: "[[:a/b :c \"unterminated]]", reason: "x" })) as { ok: boolean; error?: { code: string } };
    assert.equal(raw.ok, false);
    assert.ok(raw.error?.code);
    const h = await api.history(entity);
    assert.ok(h.rows.length >= 5, "nothing lost after the bad requests");
  });

  await t.test("ingestion: lore/ingest + lore/ingestStatus, progress into the status bar model", async () => {
    await api.ingestStatus();
    await api.ingest(repo);
    const done = await waitFor(
      "ingestion to finish",
      async () => {
        const s = await api.ingestStatus();
        return s && s.status !== "running" && s.status !== "starting" ? s : undefined;
      },
      90000,
    );
    assert.notEqual(done.status, "error", `ingestion failed: ${done.message ?? ""}\n${stderr.slice(-2000)}`);
    status = { ...status, ingest: done };
    assert.equal(render(status).busy, status.work.size > 0);
    if (progressSeen.length) {
      assert.equal(progressSeen[0], "begin");
      await waitFor("the work-done progress to end", async () => (progressSeen.includes("end") ? true : undefined), 30000);
      assert.equal(status.work.size, 0);
    }
    const named = await api.entitiesNamed("login");
    assert.ok(named.includes(":function/src-auth-py-login"), JSON.stringify(named));
    const h = await api.history(":function/src-auth-py-login");
    assert.ok(h.rows.length > 0, "ingested code has a history");
  });

  await t.test("warnings (lore/warnings) parse and count", async () => {
    // Rules run in the background after the write above: wait for the warning on `import redis` (the views'
    // test below reads its dismissal), rather than taking whatever list the first call happens to see.
    const ws = await waitFor("the warning on import redis", async () => {
      const all = await api.warnings();
      return all.some((w) => /redis/.test(w.message)) ? all : undefined;
    }, 60000);
    for (const w of ws) assert.ok(w.id && w.message);
    // Rules run in the background, so counts may grow between calls; what is asked for one file is about it.
    const forFile = await api.warnings(pathToFileURL(path.join(repo, "src", "auth.py")).href);
    for (const w of forFile) if (w.file) assert.match(w.file, /(^|\/)src\/auth\.py$/);
    status = { ...status, warnings: ws.length };
    assert.match(render(status).text, new RegExp(`\\$\\(warning\\) ${ws.length}`));
    await assert.rejects(api.dismiss("", "x"), (e: unknown) => e instanceof LoreReplyError && e.code === "bad-input");
    const redis = ws.find((w) => /redis/.test(w.message));
    assert.ok(redis, JSON.stringify(ws));
    await api.dismiss(redis.id, "the end-to-end test dismisses it");
    const after = await api.warnings();
    assert.ok(!after.some((w) => w.id === redis.id), "a dismissed warning is gone");
  });

  await t.test("the views' reads: memories, dismissed and undo, CodeLens rows, a neighbourhood, graphChanged", async () => {
    const views = new ViewApi((m, p) => conn.sendRequest(m, p));
    const mems = await views.memories();
    const mine = mems.find((m) => m.entity === entity);
    assert.ok(mine, JSON.stringify(mems));
    assert.equal(mine.kind, "decision");
    assert.equal(mine.description, hostileStored);
    assert.equal(mine.rationale, "ACID");
    // The decision governs the module: CodeLens rows for src/auth.py count it, once per entity.
    // (The head's code locations are swapped in with the history behind them: wait for them.)
    const lens = await waitFor("CodeLens rows for src/auth.py", async () => {
      const rows = await views.lens("src/auth.py");
      return rows.some((l) => l.entity === ":module/redis" && l.decisions >= 1) ? rows : undefined;
    }, 30000);
    assert.deepEqual(lens.find((l) => l.entity === ":module/redis"), { entity: ":module/redis", line: 1, endLine: 1, decisions: 1, constraints: 0, preferences: 0 });
    assert.deepEqual(await views.lens("no/such'file.py"), [], "a path with a quote is text, not SQL");
    // The warning on `import redis` was dismissed above: listed with its reason; undone, it is back.
    const before = graphChanges.length;
    const d = await views.dismissed();
    const first = d.find((x) => x.reason === "the end-to-end test dismisses it");
    assert.ok(first, JSON.stringify(d));
    assert.match(first.message ?? "", /redis/, "a dismissed warning keeps its message");
    assert.ok(!(await api.warnings()).some((w) => w.id === first.id));
    await views.undoDismiss(first.id, "undone in the test");
    assert.ok(!(await views.dismissed()).some((x) => x.id === first.id));
    assert.ok((await api.warnings()).some((w) => w.id === first.id), "the warning is back after the undo");
    await waitFor("lore/graphChanged after the undo", async () => (graphChanges.length > before ? true : undefined), 30000);
    assert.ok(graphChanges.slice(before).every((c) => typeof c.kind === "string"));
    await assert.rejects(views.undoDismiss("x]] [:a :b", "r"), (e: unknown) => e instanceof LoreReplyError && e.code === "bad-warning-id");
    const n = await views.neighbourhood(entity);
    assert.equal(n.center, entity);
    assert.ok(n.edges.some((e) => e.from === entity && e.to === ":module/redis"), JSON.stringify(n.edges));
    assert.ok(n.nodes.some((x) => x.id === ":module/src-auth-py"));
  });

  await t.test("the status bar's count is the editor's: an unsaved buffer's rejected import counts (lore/layerWarnings)", async () => {
    // The Problems panel lists the working layer's warnings; the count beside it said history's alone
    // (lore/warnings), "Lore ⚠ 0" beside a warning on an import typed into an unsaved buffer.
    const history = (await api.warnings()).length;
    const uri = pathToFileURL(path.join(repo, "src", "cache.py")).href;
    await conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "python", version: 1, text: "import redis\n\n\ndef get(k):\n    return k\n" } });
    const editor = await waitFor("the unsaved buffer's warning in the editor's count", async () => {
      const ws = await api.editorWarnings(repo);
      return ws.some((w) => w.file === "src/cache.py" && /redis/.test(w.message)) ? ws : undefined;
    }, 60000);
    assert.equal(editor.length, history + 1, JSON.stringify(editor.map((w) => [w.file, w.message])));
    // One file's (what CodeLens reads for the buffer): the unsaved import's warning, and no other file's;
    // lore/warnings for it has nothing (the file is in no commit), which the lenses showed before.
    const forFile = await api.editorWarnings(repo, path.join(repo, "src", "cache.py"));
    assert.deepEqual(forFile.map((w) => [w.file, w.line, /redis/.test(w.message)]), [["src/cache.py", 1, true]]);
    assert.deepEqual(await api.warnings(uri), []);
    assert.deepEqual((await api.editorWarnings(repo, "src/cache.py")).map((w) => w.id), forFile.map((w) => w.id), "relative to the root too");
    assert.equal((await api.warnings()).length, history, "lore/warnings stays history's (the CLI's lore warnings)");
    await conn.sendNotification("textDocument/didClose", { textDocument: { uri } });
    await waitFor("the closed buffer's warning gone from the count", async () => ((await api.editorWarnings(repo)).length === history ? true : undefined), 60000);
    // A folder that is no work tree: history's warnings, no error.
    assert.equal((await api.editorWarnings(tmpDir("lore-ext-not-a-repo-"))).length, history);
  });

  await t.test("ask memory (lore/prepareTurn)", async () => {
    const r = await api.prepareTurn("which primary database do we use?");
    assert.ok(r.facts.some((f) => f.entity === entity) || r.context.includes("primary-database"), JSON.stringify(r).slice(0, 500));
  });

  await t.test("decisions: the same short name twice is two decisions; edit, supersede and retract them", async () => {
    const views = new ViewApi((m, p) => conn.sendRequest(m, p));
    const reason = "the end-to-end test records it";
    const a = await api.recordMemory({ kind: "decision", name: "Cache tokens", description: "Cache tokens in process", governs: [":module/src-auth-py"] }, reason);
    const b = await api.recordMemory({ kind: "decision", name: "cache tokens", description: "Cache tokens for one hour at most" }, reason);
    assert.equal(a.entity, ":decision/cache-tokens");
    assert.equal(b.entity, ":decision/cache-tokens-2", "a second decision with the same short name is a new one");
    const texts = async () => new Map((await views.memories()).map((m) => [m.entity, m.description]));
    let now = await texts();
    assert.equal(now.get(a.entity), "Cache tokens in process", "the first one is untouched");
    assert.equal(now.get(b.entity), "Cache tokens for one hour at most");
    // A constraint has no naming request: the extension takes the next free name the same way.
    const c1 = await api.recordMemory({ kind: "constraint", name: "py310", description: "Must support Python 3.10" }, reason);
    const c2 = await api.recordMemory({ kind: "constraint", name: "py310", description: "Must run on Python 3.10 in CI" }, reason);
    assert.deepEqual([c1.entity, c2.entity], [":constraint/py310", ":constraint/py310-2"]);
    assert.equal((await texts()).get(c1.entity), "Must support Python 3.10");
    const sug = await api.suggestDecision("governs", "We don't use memcached for tokens");
    assert.equal(sug.name, "no-memcached-tokens");

    await api.editDecision(b.entity, { description: "Cache tokens for one hour at most", rationale: "" }, { description: "Cache tokens for ten minutes at most", rationale: "revocation" });
    const mb = (await views.memories()).find((m) => m.entity === b.entity);
    assert.deepEqual([mb?.description, mb?.rationale], ["Cache tokens for ten minutes at most", "revocation"]);
    await assert.rejects(api.editDecision(b.entity, { description: "x" }, { description: "x" }), (e: unknown) => e instanceof LoreReplyError && e.code === "unchanged");

    const sup = await api.supersedeDecision(a.entity, "Cache tokens in Redis", "several processes now");
    assert.equal(sup.entity, ":decision/cache-tokens-redis");
    now = await texts();
    assert.ok(!now.has(a.entity), "a superseded decision leaves the list");
    assert.equal(now.get(sup.entity), "Cache tokens in Redis");
    const h = await api.history(sup.entity);
    assert.ok(h.rows.some((r) => r.attribute === ":supersedes" && r.value === a.entity), JSON.stringify(h.rows));
    assert.ok(h.rows.some((r) => r.attribute === ":governs" && r.value === ":module/src-auth-py"), "it governs what the old one did");

    await assert.rejects(api.retractDecision(b.entity, "  "), (e: unknown) => e instanceof LoreReplyError && e.code === "bad-input");
    await api.retractDecision(b.entity, "tokens are not cached any more");
    assert.ok(!(await texts()).has(b.entity), "a retracted decision leaves the list");
    assert.ok((await api.history(b.entity)).rows.some((r) => r.op === "retract"), "its history keeps it");
    // Past the extension's checks, the server still answers with an error, and writes nothing.
    await assert.rejects(api.retractDecision(b.entity, "again"), (e: unknown) => e instanceof LoreReplyError && e.code === "unknown-decision");
    await assert.rejects(api.supersedeDecision(":decision/x]] [:a", "t"), (e: unknown) => e instanceof LoreReplyError && e.code === "bad-input");
    const raw = (await conn.sendRequest("lore/editDecision", { decision: ":decision/never-recorded", text: "x" })) as { ok: boolean; error?: { code: string } };
    assert.deepEqual([raw.ok, raw.error?.code], [false, "unknown-decision"]);
  });

  await t.test("settings pushed with didChangeConfiguration: the server takes every one, and keeps working", async () => {
    const pushed = {
      ...settings.server,
      minConfidence: 0.9,
      logLevel: "debug" as const,
      diagnostics: { enabled: false, debounceMs: 75 },
      hover: { enabled: true, maxMemories: 3, maxHistory: 2 },
      configurationTimeoutMs: 900,
    };
    await conn.sendNotification("workspace/didChangeConfiguration", { settings: { lore: serverOptionsPayload(pushed) } });
    const h = await api.history(entity);
    assert.ok(h.rows.length > 0);
    type Status = { settings: Record<string, unknown> };
    const seen = await waitFor("the pushed settings to apply", async () => {
      const s = (await conn.sendRequest("lore/serverStatus", {})) as Status;
      return (s.settings.hover as { maxMemories?: number } | undefined)?.maxMemories === 3 ? s : undefined;
    }, 10000);
    // The server's whole effective settings: a setting it reads that the extension does not send shows up here.
    assert.deepEqual(seen.settings, {
      graph: graph,
      ingestOnStartup: true,
      diagnostics: { enabled: false, debounceMs: 75, minConfidence: 0.9 },
      hover: { enabled: true, maxMemories: 3, maxHistory: 2 },
      configurationTimeoutMs: 900,
      autolink: true,
      journal: true,
      logLevel: "debug",
      watchGit: true,
    });
    assert.deepEqual(logMessages.filter((m) => /setting .* ignored/.test(m)), [], "the server rejected none of them");
  });

  await conn.sendRequest("shutdown");
  await conn.sendNotification("exit");
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([exited, new Promise<string>((r) => (timer = setTimeout(() => r("timeout"), 15000)))]);
  clearTimeout(timer);
  assert.equal(code, 0, `lore serve exits cleanly after shutdown/exit (stderr tail: ${stderr.slice(-1500)})`);
  // The output channel shows each of the server's records once: its stderr copy of a logMessage is dropped.
  const shown: string[] = [];
  const dedup = new StderrDedup((l) => shown.push(l), 0);
  for (const m of logMessages) dedup.logMessage(m);
  dedup.stderr(stderr);
  dedup.flush();
  const firstLines = new Set(logMessages.map((m) => m.split("\n")[0].trim()));
  assert.ok(logMessages.length > 0, "the server sent logMessage records");
  assert.deepEqual(shown.filter((l) => firstLines.has(l.replace(/^lore: /, "").trim())), [], "no record shown twice");
  conn.dispose();
});

// Runs the packaged extension inside a real VS Code (code-server's VS Code 1.100, driven by headless
// Chromium) on a small git repository. With lore.path pointing nowhere it must say what to install; with
// the real lore it must activate, start `lore serve`, show its status bar item, record a decision through
// the command palette and input boxes (read back with the `lore` CLI), list the warning it causes, answer
// Ask Memory, show the history of the function under the cursor, and dismiss the warning.
// Prints one JSON object; exits 1 on failure.
// Needs: scripts/install-check.sh run once (it prepares code-server in $LORE_CODE_SERVER_DIR), chromium
// ($CHROMIUM, default /usr/bin/chromium), puppeteer-core in $LORE_CODE_SERVER_DIR, and a lore ($LORE_BIN
// or the repository's .venv). Usage: node scripts/vscode-e2e.mjs [lore.vsix]
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const extDir = path.resolve(here, "..");
const vsix = path.resolve(process.argv[2] ?? path.join(extDir, "lore.vsix"));
const csDir = process.env.LORE_CODE_SERVER_DIR ?? path.join(os.tmpdir(), "lore-code-server");
const entry = path.join(csDir, "node_modules/code-server/out/node/entry.js");
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
const lore = process.env.LORE_BIN ?? path.resolve(extDir, "../.venv/bin/lore");
const steps = [];
const t0 = Date.now();
const step = (name, extra = {}) => steps.push({ name, ms: Date.now() - t0, ...extra });

function fail(message, extra = {}) {
  process.stdout.write(JSON.stringify({ ok: false, message, steps, ...extra }, null, 2) + "\n");
  process.exit(1);
}
for (const [what, p] of [["lore.vsix", vsix], ["code-server (run scripts/install-check.sh)", entry], ["chromium", chromium], ["lore", lore]]) {
  if (!fs.existsSync(p)) fail(`missing ${what}: ${p}`);
}
const puppeteer = createRequire(path.join(csDir, "package.json"))("puppeteer-core");

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// A git repository to open, and a fresh profile whose settings point at the lore under test.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "lore-vscode-e2e-"));
const repo = path.join(work, "repo");
const graph = path.join(work, "graph.duckdb");
const gitEnv = { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.com" };
fs.mkdirSync(path.join(repo, "src"), { recursive: true });
fs.writeFileSync(path.join(repo, "src/auth.py"), "import redis\n\n\ndef login(user):\n    return user\n");
execFileSync("git", ["init", "-q", "-b", "main"], { cwd: repo });
execFileSync("git", ["add", "."], { cwd: repo });
execFileSync("git", ["commit", "-q", "-m", "init"], { cwd: repo, env: gitEnv });
const exts = path.join(work, "extensions");
const baseSettings = {
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "workbench.tips.enabled": false,
};
const install = execFileSync("node", [entry, "--extensions-dir", exts, "--user-data-dir", path.join(work, "ud-install"), "--install-extension", vsix], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
if (!/successfully installed/.test(install)) fail("the .vsix did not install", { install });
step("installed the .vsix");

let browser;
const servers = [];
let csLog = "";
const cleanup = async () => {
  try {
    await browser?.close();
  } catch {
    // already gone
  }
  for (const cs of servers) cs.kill("SIGTERM");
};

/** code-server on `repo` with a fresh profile holding `settings`, and a browser page on it. */
async function openVSCode(name, settings) {
  const ud = path.join(work, `ud-${name}`);
  fs.mkdirSync(path.join(ud, "User"), { recursive: true });
  fs.writeFileSync(path.join(ud, "User/settings.json"), JSON.stringify({ ...baseSettings, ...settings }));
  const port = await freePort();
  const cs = spawn("node", [entry, "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--user-data-dir", ud, "--extensions-dir", exts, "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust", repo], {
    stdio: ["ignore", "pipe", "pipe"],
    // No directory that holds a `lore` stays on PATH, so only lore.path can find it.
    env: { ...process.env, PATH: (process.env.PATH ?? "").split(":").filter((d) => d && !fs.existsSync(path.join(d, "lore"))).join(":") },
  });
  servers.push(cs);
  let log = "";
  cs.stdout.on("data", (d) => (log += d));
  cs.stderr.on("data", (d) => (log += d));
  for (let i = 0; !/HTTP server listening/.test(log); i++) {
    if (i > 300) throw new Error("code-server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  csLog = log;
  step(`${name}: code-server listening`, { port });
  browser ??= await puppeteer.launch({ executablePath: chromium, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(repo)}`, { waitUntil: "domcontentloaded", timeout: 120000 });
  await page.waitForSelector(".monaco-workbench", { timeout: 120000 });
  step(`${name}: workbench loaded`);
  return page;
}

try {
  // A person without Lore installed: lore.path points nowhere and PATH has none.
  {
    const page = await openVSCode("not-found", { "lore.path": "/nonexistent/lore" });
    const nf = await page
      .waitForFunction(() => [...document.querySelectorAll(".notification-list-item-message")].map((n) => n.textContent ?? "").find((t) => t.includes("could not start its language server")), { timeout: 60000 })
      .then((h) => h.jsonValue());
    const label = await page.$eval('[id="lore.lore-vscode.lore.status"]', (el) => el.querySelector("a")?.getAttribute("aria-label") ?? el.getAttribute("aria-label") ?? "").catch(() => "");
    step("not found", { message: nf, statusBar: label });
    if (!/pip install lore-lsp/.test(nf) || !/\/nonexistent\/lore does not exist/.test(nf)) throw new Error(`not-found message: ${nf}`);
    if (!/no server/.test(label)) throw new Error("status bar does not say 'no server'");
    await page.close();
  }

  const page = await openVSCode("main", { "lore.path": lore, "lore.graphPath": graph });

  // The status bar item (id = <publisher>.<name>.<item id>) turns to "Lore" once the server runs.
  const itemSel = '[id="lore.lore-vscode.lore.status"]';
  const itemText = () => page.$eval(itemSel, (el) => el.textContent?.trim() ?? "").catch(() => "");
  const itemLabel = () => page.$eval(itemSel, (el) => el.querySelector("a")?.getAttribute("aria-label") ?? el.getAttribute("aria-label") ?? "").catch(() => "");
  let running = false;
  for (let i = 0; i < 600 && !running; i++) {
    const label = await itemLabel();
    running = /^book\s+Lore/.test(label) && /Lore/.test(await itemText());
    if (!running) await new Promise((r) => setTimeout(r, 250));
  }
  if (!running) throw new Error(`the status bar item never showed a running server (label: ${await itemLabel()})`);
  step("status bar: server running", { label: await itemLabel() });

  const palette = async (title) => {
    await page.keyboard.press("F1");
    await page.waitForSelector(".quick-input-widget:not([style*='display: none']) input", { visible: true, timeout: 30000 });
    await page.keyboard.type(title, { delay: 5 });
    await page.waitForFunction((t) => [...document.querySelectorAll(".quick-input-list .monaco-list-row")].some((r) => r.textContent?.includes(t)), { timeout: 30000 }, title);
    await page.keyboard.press("Enter");
  };
  const inputStep = async (titlePart, text, { clear = false } = {}) => {
    await page.waitForFunction(
      (t) => {
        const w = document.querySelector(".quick-input-widget");
        return w && w.style.display !== "none" && w.querySelector(".quick-input-title")?.textContent?.includes(t);
      },
      { timeout: 30000 },
      titlePart,
    );
    if (clear) {
      await page.keyboard.down("Control");
      await page.keyboard.press("KeyA");
      await page.keyboard.up("Control");
      await page.keyboard.press("Backspace");
    }
    if (text) await page.keyboard.type(text, { delay: 2 });
    await page.keyboard.press("Enter");
  };

  await palette("Lore: Record a Decision");
  const description = 'Use "PostgreSQL" 15 — not MySQL';
  await inputStep("(1/5)", description);
  await inputStep("(2/5)", "primary database", { clear: true });
  await inputStep("(3/5)", "ACID and JSON support");
  await inputStep("(4/5)", "mysql, redis");
  await inputStep("(5/5)", "");
  step("record-a-decision input boxes filled");
  const note = await page
    .waitForFunction(() => [...document.querySelectorAll(".notification-list-item-message")].map((n) => n.textContent ?? "").find((t) => t.includes("Lore: recorded")), { timeout: 60000 })
    .then((h) => h.jsonValue());
  step("notification", { text: note });
  if (!note.includes(":decision/primary-database")) throw new Error(`unexpected notification: ${note}`);

  // Read it back through the CLI (which forwards to the server that owns the graph).
  const hist = JSON.parse(execFileSync(lore, ["history", ":decision/primary-database", "--graph", graph, "--json"], { cwd: repo, encoding: "utf8" }));
  const attrs = Object.fromEntries((hist.history ?? []).map((h) => [h.attribute, h.value]));
  step("lore history", { attrs });
  if (attrs[":description"] !== description) throw new Error(`description in the graph: ${JSON.stringify(attrs[":description"])}`);
  if (attrs[":rationale"] !== "ACID and JSON support") throw new Error("rationale missing");
  if (!(hist.history ?? []).some((h) => h.attribute === ":rejects" && h.value === ":module/redis")) throw new Error("rejects :module/redis missing");

  const quickPickRows = () => page.$$eval(".quick-input-widget .quick-input-list .monaco-list-row", (rs) => rs.map((r) => r.getAttribute("aria-label") ?? r.textContent ?? ""));
  const quickTitle = () => page.$eval(".quick-input-widget .quick-input-title", (t) => t.textContent ?? "").catch(() => "");

  // Show Warnings: the quick pick lists what lore/warnings returns (the decision rejects redis; auth.py imports it).
  await palette("Lore: Show Warnings");
  await page.waitForFunction(() => /warning\(s\)|no warnings/.test(document.querySelector(".quick-input-widget .quick-input-title")?.textContent ?? "") || [...document.querySelectorAll(".notification-list-item-message")].some((n) => /no warnings/.test(n.textContent ?? "")), { timeout: 30000 });
  step("show warnings", { title: await quickTitle(), rows: await quickPickRows(), statusBar: await itemLabel() });
  await page.keyboard.press("Escape");

  // Ask Memory: lore/prepareTurn's facts in a quick pick.
  await palette("Lore: Ask Memory");
  await inputStep("Ask Lore", "which primary database do we use?");
  await page.waitForFunction(() => /fact\(s\) for/.test(document.querySelector(".quick-input-widget .quick-input-title")?.textContent ?? ""), { timeout: 30000 });
  const askRows = await quickPickRows();
  step("ask memory", { title: await quickTitle(), rows: askRows.slice(0, 6) });
  if (!askRows.some((r) => r.includes(":decision/primary-database"))) throw new Error("Ask Memory did not list the recorded decision");
  await page.keyboard.press("Escape");

  // Show History of Symbol: open src/auth.py at `login` and ask for its history.
  // Through the Explorer (Quick Open's file search needs ripgrep, which this code-server install lacks).
  const explorerRow = (name) => `.explorer-folders-view .monaco-list-row[aria-label^="${name}"]`;
  await page.waitForSelector(explorerRow("src"), { timeout: 30000 });
  await page.click(explorerRow("src"));
  await page.waitForSelector(explorerRow("auth.py"), { timeout: 30000 });
  await page.click(explorerRow("auth.py"));
  await page.waitForSelector(".monaco-editor .view-lines", { timeout: 30000 });
  await palette("Go to Line/Column");
  await page.keyboard.type("4:6", { delay: 5 });
  await page.keyboard.press("Enter");
  await palette("Lore: Show History of Symbol");
  // Either a pick among candidate entities, or straight to the history document.
  const histTitle = await page
    .waitForFunction(
      () => {
        const t = document.querySelector(".quick-input-widget .quick-input-title")?.textContent ?? "";
        if (/history of which entity/.test(t)) return "pick";
        const tabs = [...document.querySelectorAll(".tab .label-name")].map((e) => e.textContent ?? "");
        return tabs.find((x) => /Untitled/.test(x)) ? "doc" : false;
      },
      { timeout: 30000 },
    )
    .then((h) => h.jsonValue());
  if (histTitle === "pick") {
    const rows = await quickPickRows();
    step("history candidates", { rows });
    if (!rows.some((r) => r.includes(":function/src-auth-py-login"))) throw new Error("no :function/src-auth-py-login among the candidates");
    await page.keyboard.press("Enter");
  }
  // Monaco renders spaces as U+00A0.
  await page.waitForFunction(() => [...document.querySelectorAll(".view-line")].some((l) => (l.textContent ?? "").replace(/\u00a0/g, " ").includes("# History of")), { timeout: 30000 });
  const histText = await page.$$eval(".view-line", (ls) => ls.map((l) => (l.textContent ?? "").replace(/\u00a0/g, " ")).filter((t) => t.startsWith("# History of") || t.startsWith("|")).slice(0, 4));
  step("show history", { lines: histText });
  if (!histText.some((t) => t.includes(":function/src-auth-py-login"))) throw new Error("the history document is not about login()");

  // The server's diagnostic on `import redis` reaches the Problems view with source "lore".
  await palette("View: Focus Problems");
  await page.waitForFunction(() => [...document.querySelectorAll(".markers-panel .monaco-list-row")].some((r) => /redis/.test(r.textContent ?? "") && /lore/.test(r.textContent ?? "")), { timeout: 30000 });
  const problems = await page.$$eval(".markers-panel .monaco-list-row", (rs) => rs.map((r) => (r.textContent ?? "").replace(/\u00a0/g, " ")).filter((t) => /lore/.test(t)));
  step("diagnostics", { problems });

  // The server's code action "record a decision about login" runs this extension's command (same id) with
  // the server's argument: the description comes prefilled and the decision governs the function.
  await page.click(explorerRow("auth.py"));
  await palette("Go to Line/Column");
  await page.keyboard.type("4:6", { delay: 5 });
  await page.keyboard.press("Enter");
  await palette("Refactor...");
  await page.waitForFunction(() => [...document.querySelectorAll(".action-widget .monaco-list-row, .context-view .action-item, .action-widget-action-bar, .action-widget li")].some((r) => /record a decision about/.test(r.textContent ?? "")), { timeout: 30000 });
  const actions = await page.$$eval(".action-widget .monaco-list-row", (rs) => rs.map((r) => r.textContent ?? ""));
  const idx = actions.findIndex((a) => /record a decision about/.test(a));
  for (let i = 0; i < idx; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /\(1\/5\)/.test(document.querySelector(".quick-input-widget .quick-input-title")?.textContent ?? ""), { timeout: 30000 });
  const prefilled = await page.$eval(".quick-input-widget input", (i) => i.value);
  await inputStep("(1/5)", "");
  await inputStep("(2/5)", "");
  await inputStep("(3/5)", "");
  await inputStep("(4/5)", "");
  await inputStep("(5/5)", "");
  const viaAction = await page
    .waitForFunction(() => [...document.querySelectorAll(".notification-list-item-message")].map((n) => n.textContent ?? "").find((t) => /Lore: recorded :decision\/(?!primary-database)/.test(t)), { timeout: 30000 })
    .then((h) => h.jsonValue());
  const governed = viaAction.match(/:decision\/[a-z0-9_.?-]+/)?.[0];
  const gh = JSON.parse(execFileSync(lore, ["history", governed, "--graph", graph, "--json"], { cwd: repo, encoding: "utf8" }));
  const governs = (gh.history ?? []).filter((h) => h.attribute === ":governs").map((h) => h.value);
  step("code action: record a decision", { actions, prefilled, message: viaAction, governs });
  if (!/login/.test(prefilled)) throw new Error(`description not prefilled from the code action: ${prefilled}`);
  if (!governs.includes(":function/src-auth-py-login")) throw new Error(`the decision does not govern login(): ${governs}`);

  // Dismiss the warning: pick it, give a reason; the count in the status bar drops.
  await palette("Lore: Dismiss a Warning");
  await page.waitForFunction(() => /dismiss which warning/.test(document.querySelector(".quick-input-widget .quick-input-title")?.textContent ?? ""), { timeout: 30000 });
  await page.keyboard.press("Enter");
  await inputStep("dismiss warning", "redis is only used by the legacy cache");
  const dismissed = await page
    .waitForFunction(() => [...document.querySelectorAll(".notification-list-item-message")].map((n) => n.textContent ?? "").find((t) => t.includes("Lore: dismissed warning")), { timeout: 30000 })
    .then((h) => h.jsonValue());
  await page.waitForFunction((sel) => /warning\s+0/.test(document.querySelector(sel)?.querySelector("a")?.getAttribute("aria-label") ?? ""), { timeout: 30000 }, itemSel);
  step("dismiss warning", { message: dismissed, statusBar: await itemLabel() });

  await cleanup();
  process.stdout.write(JSON.stringify({ ok: true, vscode: "code-server 4.100.3 (VS Code 1.100), headless Chromium", steps, seconds: (Date.now() - t0) / 1000 }, null, 2) + "\n");
  process.exit(0);
} catch (e) {
  let shot;
  let loreLog;
  let notifications;
  try {
    const pages = await browser?.pages();
    const page = pages?.[pages.length - 1];
    if (page) {
      notifications = await page.$$eval(".notification-list-item-message", (ns) => ns.map((n) => n.textContent ?? "")).catch(() => undefined);
      // The "Lore" output channel (the extension's log and the server's stderr), as the editor shows it.
      await page.keyboard.press("Escape");
      await page.keyboard.press("F1");
      await page.keyboard.type("Lore: Show Log", { delay: 5 });
      await new Promise((r) => setTimeout(r, 800));
      await page.keyboard.press("Enter");
      await new Promise((r) => setTimeout(r, 2000));
      loreLog = await page.$$eval(".panel .view-lines .view-line", (ls) => ls.map((l) => l.textContent).join("\n")).catch(() => undefined);
    }
    if (pages?.length) {
      shot = path.join(work, "failure.png");
      await pages[pages.length - 1].screenshot({ path: shot });
    }
  } catch {
    // no screenshot
  }
  await cleanup();
  fail(String(e?.message ?? e), { screenshot: shot, notifications, loreLog, codeServerLogTail: csLog.slice(-1500) });
}

// The VS Code side: find and start `lore serve`, wire its custom requests to commands, and keep the status
// bar current. Everything that can be decided without VS Code lives in the plain modules beside this one.
import * as path from "node:path";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  type LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  type ServerOptions,
  State,
} from "vscode-languageclient/node";
import { LoreApi } from "./api";
import { LoreLanguageClient } from "./client";
import { entityArg, memoryPrefillArg, type MemoryPrefill, warningIdArg } from "./commands";
import { describe, discover, interpreterFromPythonApi, type Discovery } from "./discovery";
import { ident, suggestName } from "./edn";
import { type MemoryKind, RELATION, validateName } from "./payloads";
import { type FactItem, LoreReplyError, parseIngestProgress, renderHistory, type WarningItem } from "./replies";
import { needsRestart, readSettings, serverOptionsPayload, type Settings } from "./settings";
import { applyWorkDone, initialState, render, type StatusState } from "./status";
import { type CodeKind, enclosingIdents, rankForFile, repoRelative, type SymbolStep } from "./symbols";

const PYTHON_EXTENSION = "ms-python.python";

let controller: Controller | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  controller = new Controller(context);
  context.subscriptions.push(controller);
  controller.registerCommands();
  // Not awaited: discovery probes programs and the server may take a moment; activation must not wait.
  void controller.start();
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
  controller = undefined;
}

function workspaceRoot(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

function errorText(e: unknown): string {
  if (e instanceof LoreReplyError) return `${e.message} (${e.code})`;
  if (e instanceof Error) return e.message;
  return String(e);
}

class Controller implements vscode.Disposable {
  private readonly log: vscode.LogOutputChannel;
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private client: LanguageClient | undefined;
  private settings: Settings | undefined;
  private state: StatusState = initialState();
  private lastDiscovery: Discovery | undefined;
  private stopping = false;
  private warningsTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;

  constructor(readonly context: vscode.ExtensionContext) {
    this.log = vscode.window.createOutputChannel("Lore", { log: true });
    this.item = vscode.window.createStatusBarItem("lore.status", vscode.StatusBarAlignment.Left, 10);
    this.item.name = "Lore";
    this.item.command = "lore.statusClicked";
    this.item.show();
    this.disposables.push(this.log, this.item);
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration("lore")) void this.onSettingsChanged();
      }),
      vscode.languages.onDidChangeDiagnostics(() => this.onDiagnosticsChanged()),
    );
    this.paint();
  }

  get api(): LoreApi {
    return new LoreApi(async (method, params) => {
      const c = this.client;
      if (!c || c.state !== State.Running) throw new LoreReplyError("not-running", "the Lore server is not running (see \"Lore: Show Log\")");
      return c.sendRequest(method, params);
    });
  }

  // ------------------------------------------------------------------------------------ lifecycle

  private readSettings(): Settings {
    const root = workspaceRoot();
    const cfg = vscode.workspace.getConfiguration("lore");
    const { settings, problems } = readSettings((k) => cfg.get(k), { workspaceFolder: root });
    for (const p of problems) this.log.warn(`setting ${p.key} ignored: ${p.message}`);
    return settings;
  }

  private async pythonExtensionInterpreter(): Promise<{ present: boolean; path: string | null }> {
    const ext = vscode.extensions.getExtension(PYTHON_EXTENSION);
    if (!ext) return { present: false, path: null };
    try {
      const api = ext.isActive ? ext.exports : await withTimeout(ext.activate(), 10000);
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      return { present: true, path: await withTimeout(interpreterFromPythonApi(api, folder), 10000) };
    } catch (e) {
      this.log.warn(`could not ask the Python extension for its interpreter: ${errorText(e)}`);
      return { present: true, path: null };
    }
  }

  // Start, stop and restart run one at a time (a settings change can arrive while the server starts).
  private chain: Promise<void> = Promise.resolve();
  private serial(fn: () => Promise<void>): Promise<void> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  start(): Promise<void> {
    return this.serial(() => this.doStart());
  }

  stop(): Promise<void> {
    return this.serial(() => this.doStop());
  }

  restart(): Promise<void> {
    return this.serial(async () => {
      await this.doStop();
      await this.doStart();
    });
  }

  private async doStart(): Promise<void> {
    this.stopping = false;
    this.state = { ...initialState(), server: "starting" };
    this.paint();
    const settings = this.readSettings();
    this.settings = settings;
    const py = await this.pythonExtensionInterpreter();
    const found = await discover({
      lorePath: settings.lorePath,
      interpreter: settings.interpreter,
      pythonExtensionInterpreter: py.path,
      pythonExtensionPresent: py.present,
      serveArgs: settings.server.graphPath ? ["--graph", settings.server.graphPath] : [],
    });
    this.lastDiscovery = found;
    for (const a of found.attempts) this.log.info(`server discovery: ${describe(a.candidate)} -> ${a.ok ? "ok, " : ""}${a.detail}`);
    if (!found.ok) {
      this.state = { ...this.state, server: "not-found", detail: "No working `lore` server was found" };
      this.paint();
      this.log.error(found.message);
      void this.showNotFound(found);
      return;
    }
    const failedConfigured = found.attempts.filter((a) => !a.ok && (a.candidate.source === "lore.path" || a.candidate.source === "lore.interpreter"));
    if (failedConfigured.length) {
      void vscode.window.showWarningMessage(
        `Lore: ${failedConfigured.map((a) => `${a.candidate.source} did not work (${a.detail})`).join("; ")}; using ${found.server.command} from ${found.server.source} instead.`,
      );
    }
    this.log.info(`starting ${[found.server.command, ...found.server.args].join(" ")} (lore ${found.server.version}, from ${found.server.source})`);

    const root = workspaceRoot();
    const serverOptions: ServerOptions = {
      command: found.server.command,
      args: found.server.args,
      // No `transport`: TransportKind.stdio would append "--stdio", which `lore serve` does not take;
      // an Executable without one talks over stdin/stdout all the same.
      options: { cwd: root, env: { ...process.env } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [{ scheme: "file" }],
      diagnosticCollectionName: "lore",
      outputChannel: this.log,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      initializationOptions: serverOptionsPayload(settings.server),
      middleware: {
        handleWorkDoneProgress: (token, params, next) => {
          this.state = applyWorkDone(this.state, token, params);
          this.paint();
          next(token, params);
        },
        workspace: {
          // A server that pulls section "lore" gets the same normalised object as initializationOptions.
          configuration: async (params, token, next) => {
            const answer = await next(params, token);
            if (!Array.isArray(answer)) return answer;
            return params.items.map((it, i) => (it.section === "lore" && this.settings ? serverOptionsPayload(this.settings.server) : answer[i]));
          },
        },
      },
    };
    const client = new LoreLanguageClient("lore", "Lore", serverOptions, clientOptions);
    this.client = client;
    client.onDidChangeState((e) => {
      if (e.newState === State.Running) this.state = { ...this.state, server: "running", detail: `lore ${found.server.version} (${found.server.source})` };
      else if (e.newState === State.Starting) this.state = { ...this.state, server: "starting" };
      else this.state = { ...this.state, server: this.stopping ? "stopped" : "failed", work: new Map() };
      this.paint();
    });
    client.onNotification("lore/ingestProgress", (params: unknown) => {
      const p = parseIngestProgress(params);
      if (p) this.setIngest(p);
    });
    try {
      await client.start();
    } catch (e) {
      this.log.error(`the Lore server did not start: ${errorText(e)}`);
      this.state = { ...this.state, server: "failed", detail: `did not start: ${errorText(e)}` };
      this.paint();
      void vscode.window.showErrorMessage(`Lore: the server did not start: ${errorText(e)}`, "Show Log").then((b) => b && this.log.show());
      return;
    }
    void this.refreshIngest();
    this.scheduleWarningsRefresh(0);
  }

  private async doStop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.warningsTimer);
    const c = this.client;
    this.client = undefined;
    if (c) {
      try {
        await c.stop(5000);
      } catch (e) {
        this.log.warn(`stopping the server: ${errorText(e)}`);
      }
    }
    this.state = { ...this.state, server: "stopped", work: new Map() };
    this.paint();
  }

  private async onSettingsChanged(): Promise<void> {
    const before = this.settings;
    const after = this.readSettings();
    if (!before || needsRestart(before, after) || !this.client) {
      this.log.info("lore.path, lore.interpreter or lore.graphPath changed: restarting the server");
      await this.restart();
      return;
    }
    this.settings = after;
    if (this.client.state === State.Running) {
      await this.client.sendNotification(DidChangeConfigurationNotification.type, { settings: { lore: serverOptionsPayload(after.server) } });
    }
  }

  private async showNotFound(found: Extract<Discovery, { ok: false }>): Promise<void> {
    const pick = await vscode.window.showErrorMessage(found.message, "Copy Install Command", "Open Settings", "Show Log");
    if (pick === "Copy Install Command") {
      await vscode.env.clipboard.writeText(found.installCommand);
      void vscode.window.showInformationMessage(`Copied: ${found.installCommand}`);
    } else if (pick === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", "@ext:lore.lore-vscode");
    } else if (pick === "Show Log") {
      this.log.show();
    }
  }

  dispose(): void {
    void this.stop();
    for (const d of this.disposables) d.dispose();
  }

  // ------------------------------------------------------------------------------------ status

  private paint(): void {
    const v = render(this.state);
    this.item.text = v.text;
    this.item.tooltip = v.tooltip;
    this.item.backgroundColor =
      v.tone === "error" ? new vscode.ThemeColor("statusBarItem.errorBackground") : v.tone === "warning" ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
  }

  private setIngest(p: NonNullable<ReturnType<typeof parseIngestProgress>>): void {
    const wasBusy = this.state.ingest && (this.state.ingest.status === "running" || this.state.ingest.status === "starting");
    this.state = { ...this.state, ingest: p };
    this.paint();
    const busy = p.status === "running" || p.status === "starting";
    if (busy) this.pollIngest();
    if (wasBusy && !busy) this.scheduleWarningsRefresh(0);
  }

  /** Poll lore/ingestStatus while an ingestion runs, for servers that send no progress notifications. */
  private pollIngest(): void {
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => void this.refreshIngest(), 2000);
  }

  private async refreshIngest(): Promise<void> {
    try {
      const s = await this.api.ingestStatus();
      if (s) this.setIngest(s);
    } catch (e) {
      this.log.debug(`lore/ingestStatus: ${errorText(e)}`);
    }
  }

  private lastLoreDiagnostics = -1;

  /** Other sources' diagnostics change all the time; only a change in Lore's own count asks the server. */
  private onDiagnosticsChanged(): void {
    let n = 0;
    for (const [, ds] of vscode.languages.getDiagnostics()) for (const d of ds) if (d.source === "lore") n++;
    if (n === this.lastLoreDiagnostics) return;
    this.lastLoreDiagnostics = n;
    this.scheduleWarningsRefresh();
  }

  /** Commands that need the server: wait for a starting one, explain a missing one. */
  private async ensureRunning(): Promise<boolean> {
    const deadline = Date.now() + 30000;
    while (this.state.server === "starting" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    if (this.state.server === "running") return true;
    const d = this.lastDiscovery;
    if (this.state.server === "not-found" && d && !d.ok) {
      void this.showNotFound(d);
      return false;
    }
    const b = await vscode.window.showErrorMessage("Lore: the server is not running.", "Restart Server", "Show Log");
    if (b === "Restart Server") void this.restart();
    else if (b === "Show Log") this.log.show();
    return false;
  }

  private scheduleWarningsRefresh(delay = 1500): void {
    clearTimeout(this.warningsTimer);
    this.warningsTimer = setTimeout(() => void this.refreshWarnings(), delay);
  }

  private async refreshWarnings(): Promise<WarningItem[] | undefined> {
    if (this.client?.state !== State.Running) return undefined;
    try {
      const ws = await this.api.warnings();
      this.state = { ...this.state, warnings: ws.length };
      this.paint();
      return ws;
    } catch (e) {
      this.log.debug(`lore/warnings: ${errorText(e)}`);
      return undefined;
    }
  }

  // ------------------------------------------------------------------------------------ commands

  registerCommands(): void {
    const reg = (id: string, fn: (...args: unknown[]) => unknown, needsServer = true) =>
      this.disposables.push(
        vscode.commands.registerCommand(id, async (...args: unknown[]) => {
          try {
            if (needsServer && !(await this.ensureRunning())) return;
            await fn(...args);
          } catch (e) {
            this.log.error(`${id}: ${errorText(e)}`);
            void vscode.window.showErrorMessage(`Lore: ${errorText(e)}`);
          }
        }),
      );
    // Ids and argument shapes shared with the server's code actions (see commands.ts).
    reg("lore.recordDecision", (arg) => this.recordMemory("decision", memoryPrefillArg(arg)));
    reg("lore.recordPreference", (arg) => this.recordMemory("preference", memoryPrefillArg(arg)));
    reg("lore.recordConstraint", (arg) => this.recordMemory("constraint", memoryPrefillArg(arg)));
    reg("lore.askMemory", () => this.askMemory());
    reg("lore.showHistory", (arg) => this.showHistory(entityArg(arg)));
    reg("lore.ingest", () => this.ingestNow());
    reg("lore.showWarnings", () => this.showWarnings());
    reg("lore.dismissWarning", (arg) => this.dismissWarning(warningIdArg(arg)));
    reg("lore.restartServer", () => this.restart(), false);
    reg("lore.showOutput", () => this.log.show(), false);
    reg("lore.statusClicked", () => this.statusClicked(), false);
  }

  private async statusClicked(): Promise<void> {
    const d = this.lastDiscovery;
    if (this.state.server === "not-found" && d && !d.ok) return this.showNotFound(d);
    if (this.state.server !== "running") return this.log.show();
    return this.showWarnings();
  }

  private async recordMemory(kind: MemoryKind, prefill: MemoryPrefill = {}): Promise<void> {
    const what = { decision: "What was decided?", preference: "What is preferred?", constraint: "What must (or must not) hold?" }[kind];
    const example = {
      decision: "Use PostgreSQL 15 as the primary database",
      preference: "Always use real database connections in tests",
      constraint: "Must support Python 3.10",
    }[kind];
    const description = await vscode.window.showInputBox({
      title: `Record a ${kind} (1/5)`,
      prompt: `${what} Stored as :description.`,
      placeHolder: example,
      value: prefill.description,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? null : "a description is required"),
    });
    if (description === undefined) return;
    const name = await vscode.window.showInputBox({
      title: `Record a ${kind} (2/5)`,
      prompt: `A short name; the entity becomes :${kind}/<name>.`,
      value: suggestName(description),
      ignoreFocusOut: true,
      validateInput: (v) => {
        const bad = validateName(kind, v);
        if (bad) return bad;
        return { message: `Will be stored as ${ident(kind, v)}`, severity: vscode.InputBoxValidationSeverity.Info };
      },
    });
    if (name === undefined) return;
    const rationale = await vscode.window.showInputBox({
      title: `Record a ${kind} (3/5)`,
      prompt: "Why? (optional; stored as :rationale)",
      value: prefill.rationale,
      ignoreFocusOut: true,
    });
    if (rationale === undefined) return;
    let related: string | undefined = "";
    if (RELATION[kind]) {
      related = await vscode.window.showInputBox({
        title: `Record a ${kind} (4/5)`,
        prompt:
          kind === "decision"
            ? "Rejected alternatives (optional, comma-separated): package names become :module/<name>; or type idents like :dependency/mysql"
            : "What it forbids (optional, comma-separated): package names become :module/<name>; or type idents",
        ignoreFocusOut: true,
      });
      if (related === undefined) return;
    }
    const governs = prefill.entity ? [prefill.entity] : await this.pickScope(kind);
    if (governs === undefined) return;
    const reason = await vscode.window.showInputBox({
      title: `Record a ${kind} (5/5)`,
      prompt: "Reason for this change (kept in the history)",
      value: `Recorded a ${kind} in VS Code`,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? null : "a reason is required"),
    });
    if (reason === undefined) return;
    const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Lore: recording ${kind}` }, () =>
      this.api.recordMemory({ kind, name, description, rationale, related, governs }, reason),
    );
    this.log.info(`recorded ${r.entity} in tx ${r.tx}`);
    const b = await vscode.window.showInformationMessage(`Lore: recorded ${r.entity} (tx ${r.tx}).`, "Show History");
    if (b) await this.showHistory(r.entity);
  }

  /** The code the memory governs: none, the current file, or a symbol around the cursor. */
  private async pickScope(kind: MemoryKind): Promise<string[] | undefined> {
    const ctx = await this.cursorContext();
    if (!ctx) return [];
    const items: (vscode.QuickPickItem & { idents: string[] })[] = [{ label: "No specific code", description: "the whole project", idents: [] }];
    for (const id of ctx.idents) items.push({ label: id, description: id.startsWith(":module/") ? "this file" : "the symbol at the cursor", idents: [id] });
    const pick = await vscode.window.showQuickPick(items, { title: `Record a ${kind}: which code does it govern?`, ignoreFocusOut: true });
    return pick?.idents;
  }

  private async cursorContext(): Promise<{ rel: string; word: string | null; idents: string[] } | undefined> {
    const ed = vscode.window.activeTextEditor;
    const root = workspaceRoot();
    if (!ed || !root || ed.document.uri.scheme !== "file") return undefined;
    const rel = repoRelative(root, ed.document.uri.fsPath);
    if (!rel) return undefined;
    const pos = ed.selection.active;
    const wordRange = ed.document.getWordRangeAtPosition(pos);
    const word = wordRange ? ed.document.getText(wordRange) : null;
    let chain: SymbolStep[] = [];
    try {
      const syms = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>("vscode.executeDocumentSymbolProvider", ed.document.uri);
      chain = symbolChain(syms ?? [], pos);
    } catch {
      // No symbol provider for this language: the module and a name lookup remain.
    }
    return { rel, word, idents: enclosingIdents(rel, chain) };
  }

  private async askMemory(): Promise<void> {
    const ed = vscode.window.activeTextEditor;
    const sel = ed && !ed.selection.isEmpty ? ed.document.getText(ed.selection).slice(0, 500) : "";
    const message = await vscode.window.showInputBox({
      title: "Ask Lore's memory",
      prompt: "A question or the task at hand; Lore returns the decisions, constraints and code facts that bear on it",
      value: sel,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? null : "type a question"),
    });
    if (!message) return;
    const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: "Lore: asking memory" }, () => this.api.prepareTurn(message));
    type Item = vscode.QuickPickItem & { fact?: FactItem; context?: boolean };
    const items: Item[] = [];
    if (r.context.trim()) items.push({ label: "$(book) Open the full context", description: `${r.context.length} characters`, context: true });
    for (const f of r.facts) {
      items.push({
        label: f.entity,
        description: f.attribute + (f.confidence !== undefined && f.confidence < 1 ? ` (confidence ${f.confidence})` : ""),
        detail: f.value,
        fact: f,
      });
    }
    if (!items.length) {
      void vscode.window.showInformationMessage("Lore: memory has nothing on that yet.");
      return;
    }
    const pick = await vscode.window.showQuickPick(items, {
      title: `Lore: ${r.facts.length} fact(s) for "${message.slice(0, 60)}"`,
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (!pick) return;
    if (pick.context) await openMarkdown(`# Lore context\n\n> ${message.replace(/\n/g, "\n> ")}\n\n${r.context}\n`);
    else if (pick.fact) await this.showHistory(pick.fact.entity);
  }

  private async showHistory(entity?: string): Promise<void> {
    if (!entity) entity = await this.pickEntityAtCursor();
    if (!entity) return;
    const h = await this.api.history(entity);
    await openMarkdown(renderHistory(h.entity, h.rows));
  }

  private async pickEntityAtCursor(): Promise<string | undefined> {
    const ctx = await this.cursorContext();
    const ids: string[] = [];
    if (ctx) {
      if (ctx.word) {
        try {
          ids.push(...rankForFile(await this.api.entitiesNamed(ctx.word), ctx.rel));
        } catch (e) {
          this.log.debug(`looking up ${ctx.word}: ${errorText(e)}`);
        }
      }
      ids.push(...ctx.idents);
    }
    const unique = [...new Set(ids)];
    if (unique.length === 1) return unique[0];
    if (unique.length > 1) {
      const typeOwn = "$(edit) Type an entity…";
      const pick = await vscode.window.showQuickPick([...unique, typeOwn], { title: "Lore: history of which entity?" });
      if (pick !== typeOwn) return pick;
    }
    return vscode.window.showInputBox({
      title: "Lore: history of an entity",
      prompt: "An entity ident, e.g. :decision/postgres or :function/src-auth-py-login",
      ignoreFocusOut: true,
    });
  }

  private async ingestNow(): Promise<void> {
    const root = workspaceRoot();
    if (!root) throw new Error("open a folder (a git repository) to ingest");
    const r = await this.api.ingest(root);
    if (r) this.setIngest(r);
    else this.pollIngest();
    void vscode.window.showInformationMessage(`Lore: ingestion ${r?.status ?? "requested"}${r?.total ? ` (${r.processed ?? 0}/${r.total})` : ""}.`);
  }

  private async showWarnings(): Promise<void> {
    const ws = await this.api.warnings();
    this.state = { ...this.state, warnings: ws.length };
    this.paint();
    if (!ws.length) {
      void vscode.window.showInformationMessage("Lore: no warnings.");
      return;
    }
    const dismissButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon("close"), tooltip: "Dismiss this warning" };
    const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { w: WarningItem }>();
    qp.title = `Lore: ${ws.length} warning(s)`;
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.items = ws.map((w) => ({
      label: `${w.severity === "warning" ? "$(warning)" : "$(info)"} ${w.message}`,
      description: [w.code, w.file ? `${w.file}${w.line ? `:${w.line}` : ""}` : undefined].filter(Boolean).join(" · "),
      detail: [w.entity, w.confidence !== undefined ? `confidence ${w.confidence}` : undefined, `id ${w.id}`].filter(Boolean).join(" · "),
      buttons: [dismissButton],
      w,
    }));
    qp.onDidTriggerItemButton((e) => {
      qp.hide();
      void vscode.commands.executeCommand("lore.dismissWarning", e.item.w.id);
    });
    qp.onDidAccept(() => {
      const w = qp.selectedItems[0]?.w;
      qp.hide();
      if (w?.file) void openAt(w.file, w.line, w.column);
      else if (w?.entity) void this.showHistory(w.entity);
    });
    qp.onDidHide(() => qp.dispose());
    qp.show();
  }

  private async dismissWarning(id?: string): Promise<void> {
    if (!id) {
      const ws = await this.api.warnings();
      if (!ws.length) {
        void vscode.window.showInformationMessage("Lore: no warnings to dismiss.");
        return;
      }
      const pick = await vscode.window.showQuickPick(
        ws.map((w) => ({ label: w.message, description: `${w.code} · id ${w.id}`, id: w.id })),
        { title: "Lore: dismiss which warning?", matchOnDescription: true },
      );
      if (!pick) return;
      id = pick.id;
    }
    const reason = await vscode.window.showInputBox({
      title: `Lore: dismiss warning ${id}`,
      prompt: "Why is this warning wrong or no longer relevant? (recorded as a fact)",
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? null : "a reason is required"),
    });
    if (reason === undefined) return;
    await this.api.dismiss(id, reason);
    void vscode.window.showInformationMessage(`Lore: dismissed warning ${id}.`);
    this.scheduleWarningsRefresh(0);
  }
}

const KIND_OF: Partial<Record<vscode.SymbolKind, CodeKind>> = {
  [vscode.SymbolKind.Function]: "function",
  [vscode.SymbolKind.Method]: "function",
  [vscode.SymbolKind.Constructor]: "function",
  [vscode.SymbolKind.Class]: "class",
  [vscode.SymbolKind.Struct]: "class",
  [vscode.SymbolKind.Interface]: "class",
  [vscode.SymbolKind.Enum]: "class",
  [vscode.SymbolKind.Field]: "field",
  [vscode.SymbolKind.Property]: "field",
  [vscode.SymbolKind.Variable]: "variable",
  [vscode.SymbolKind.Constant]: "variable",
};

/** The chain of document symbols that contain `pos`, outermost first (kinds Lore ingests only). */
function symbolChain(symbols: vscode.DocumentSymbol[], pos: vscode.Position): SymbolStep[] {
  const out: SymbolStep[] = [];
  let level: vscode.DocumentSymbol[] = symbols;
  for (;;) {
    const hit = level.find((s) => s.range?.contains(pos));
    if (!hit) break;
    const kind = KIND_OF[hit.kind];
    if (kind) out.push({ name: hit.name, kind });
    level = hit.children ?? [];
  }
  return out;
}

async function openMarkdown(content: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ language: "markdown", content });
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

async function openAt(file: string, line?: number, column?: number): Promise<void> {
  const root = workspaceRoot();
  const full = path.isAbsolute(file) || !root ? file : path.join(root, file);
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(full));
  const pos = new vscode.Position(Math.max(0, (line ?? 1) - 1), Math.max(0, column ?? 0));
  await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos) });
}

function withTimeout<T>(p: Thenable<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

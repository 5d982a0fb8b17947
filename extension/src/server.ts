// One Lore server for one workspace folder: find the program (discovery.ts), start `lore serve` on the
// folder, follow its state, and hand out typed requests (api.ts). The server picks its graph from its root
// (`.lore/lore.duckdb` at the folder's git work tree, or lore.graphPath), so each folder of a multi-root
// workspace gets its own server; two folders of one repository share its graph (the second forwards to
// the first, which owns it).
import { spawn, type ChildProcess } from "node:child_process";
import * as vscode from "vscode";
import {
  CloseAction,
  DidChangeConfigurationNotification,
  type ErrorHandler,
  ErrorAction,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  type StreamInfo,
  State,
} from "vscode-languageclient/node";
import { LoreApi } from "./api";
import { LoreLanguageClient } from "./client";
import { commandLine, describe, discover, type Discovery, interpreterFromPythonApi, isInside } from "./discovery";
import { LoreReplyError, parseIngestProgress, warningsKey } from "./replies";
import { StderrDedup } from "./serverLog";
import { needsRestart, readSettings, serverOptionsPayload, type Settings } from "./settings";
import { applyWorkDone, initialState, type StatusState } from "./status";
import { errorText, withTimeout } from "./util";

const PYTHON_EXTENSION = "ms-python.python";

/** The lore/graphChanged notification: {kind: "write" | "derived" | "remote" | …, tx}. */
export interface GraphChange {
  kind: string;
  tx: number | null;
}

export class LoreServer implements vscode.Disposable {
  private client: LoreLanguageClient | undefined;
  private process: ChildProcess | undefined;
  private settings: Settings | undefined;
  private stopping = false;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  state: StatusState = initialState();
  discovery: Discovery | undefined;

  private readonly changed = new vscode.EventEmitter<void>();
  /** The status (server state, ingestion, warning count) changed. */
  readonly onDidChange = this.changed.event;
  private readonly notFound = new vscode.EventEmitter<void>();
  /** No working `lore` was found: someone should say what to install (extension.ts shows the message). */
  readonly onNotFound = this.notFound.event;
  private readonly graphChanged = new vscode.EventEmitter<GraphChange>();
  /** The graph changed (from the server's lore/graphChanged): views refresh on this, nothing polls. */
  readonly onGraphChanged = this.graphChanged.event;
  private readonly warningsChanged = new vscode.EventEmitter<void>();
  /** The editor's warnings (history with the working layer over it) are not those of the last count: an
   * unsaved buffer's import changes them without the graph changing. */
  readonly onWarningsChanged = this.warningsChanged.event;
  private warningsSeen: string | undefined;

  constructor(
    readonly folder: vscode.WorkspaceFolder,
    private readonly log: vscode.LogOutputChannel,
    /** Prefix for this folder's lines in the shared log when several folders are open. */
    private readonly label: () => string,
    /** Clones of the Lore repository to look for a `.venv/bin/lore` in (servers.ts). */
    private readonly clones: () => string[],
  ) {
    // The count follows the editor's warnings, which change without the graph changing (a rejected import
    // typed into an unsaved buffer): Lore's diagnostics in this folder changing is a reason to count again.
    this.diagnosticsListener = vscode.languages.onDidChangeDiagnostics((e) => {
      const mine = e.uris.some((u) => u.scheme === "file" && isInside(u.fsPath, this.root));
      if (mine && this.running) this.scheduleRefresh();
    });
  }

  private readonly diagnosticsListener: vscode.Disposable;

  get root(): string {
    return this.folder.uri.fsPath;
  }

  get running(): boolean {
    return this.client?.state === State.Running;
  }

  readonly api = new LoreApi(async (method, params) => {
    const c = this.client;
    if (!c || c.state !== State.Running) throw new LoreReplyError("not-running", 'the Lore server is not running (see "Lore: Show Log")');
    return c.sendRequest(method, params);
  });

  private say(level: "info" | "warn" | "error" | "debug", msg: string): void {
    this.log[level](`${this.label()}${msg}`);
  }

  private set(patch: Partial<StatusState>): void {
    this.state = { ...this.state, ...patch };
    this.changed.fire();
  }

  readSettings(): Settings {
    const cfg = vscode.workspace.getConfiguration("lore", this.folder.uri);
    const { settings, problems } = readSettings((k) => cfg.get(k), { workspaceFolder: this.root });
    for (const p of problems) this.say("warn", `setting ${p.key} ignored: ${p.message}`);
    return settings;
  }

  private async pythonExtensionInterpreter(): Promise<{ present: boolean; path: string | null }> {
    const ext = vscode.extensions.getExtension(PYTHON_EXTENSION);
    if (!ext) return { present: false, path: null };
    try {
      const api: unknown = ext.isActive ? ext.exports : await withTimeout(ext.activate(), 10000);
      const found = await withTimeout(interpreterFromPythonApi(api, this.folder.uri), 10000);
      // In an untrusted workspace a Python inside it (a cloned `.venv/bin/python`) is the repository's program.
      if (found && !vscode.workspace.isTrusted && isInside(found, this.root)) {
        this.say("warn", `the Python extension's interpreter ${found} is inside this untrusted workspace: not used`);
        return { present: true, path: null };
      }
      return { present: true, path: found };
    } catch (e) {
      this.say("warn", `could not ask the Python extension for its interpreter: ${errorText(e)}`);
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
      this.say("info", "restarting the server");
      await this.doStop();
      await this.doStart();
    });
  }

  private async doStart(): Promise<void> {
    this.stopping = false;
    this.state = { ...initialState(), server: "starting" };
    this.changed.fire();
    const settings = this.readSettings();
    this.settings = settings;
    const py = await this.pythonExtensionInterpreter();
    const found = await discover({
      lorePath: settings.lorePath,
      interpreter: settings.interpreter,
      pythonExtensionInterpreter: py.path,
      pythonExtensionPresent: py.present,
      serveArgs: settings.server.graphPath ? ["--graph", settings.server.graphPath] : [],
      clones: this.clones(),
    });
    this.discovery = found;
    for (const a of found.attempts) this.say("info", `server discovery: ${describe(a.candidate)} -> ${a.ok ? "ok, " : ""}${a.detail}`);
    if (!found.ok) {
      this.set({ server: "not-found", detail: "No working `lore` server was found" });
      this.say("error", found.message);
      this.notFound.fire();
      return;
    }
    const failedConfigured = found.attempts.filter((a) => !a.ok && (a.candidate.source === "lore.path" || a.candidate.source === "lore.interpreter"));
    if (failedConfigured.length) {
      void vscode.window.showWarningMessage(
        `Lore: ${failedConfigured.map((a) => `${a.candidate.source} did not work (${a.detail})`).join("; ")}; using ${found.server.command} from ${found.server.source} instead.`,
      );
    }
    this.say("info", `starting ${commandLine(found.server.command, found.server.args)} (lore ${found.server.version}, from ${found.server.source})`);

    const dedup = new StderrDedup((line) => this.log.appendLine(line));
    // The process is started here, not by the client, so that its stderr passes through the dedup
    // (the client would copy every byte of it to the channel beside the same records as logMessage).
    const serverOptions = (): Promise<StreamInfo> => {
      const cp = spawn(found.server.command, found.server.args, { cwd: this.root, env: { ...process.env }, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
      this.process = cp;
      cp.stderr?.setEncoding("utf8");
      cp.stderr?.on("data", (d: string) => dedup.stderr(d));
      cp.on("exit", (code, signal) => {
        dedup.flush();
        if (this.process === cp) this.process = undefined;
        if (!this.stopping) this.say(code === 0 ? "info" : "error", `the server exited (${signal ?? `code ${code}`})`);
      });
      cp.on("error", (e) => this.say("error", `could not run ${found.server.command}: ${e.message}`));
      return Promise.resolve({ reader: cp.stdout!, writer: cp.stdin! });
    };
    const clientOptions: LanguageClientOptions = {
      // This folder's files only: another folder has its own server.
      documentSelector: [{ scheme: "file", pattern: `${this.root.replace(/[[\]{}*?]/g, "\\$&")}/**/*` }],
      workspaceFolder: this.folder,
      diagnosticCollectionName: "lore",
      outputChannel: this.log,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      initializationOptions: serverOptionsPayload(settings.server),
      middleware: {
        handleWorkDoneProgress: (token, params, next) => {
          const before = this.state.work.size;
          this.state = applyWorkDone(this.state, token, params);
          this.changed.fire();
          // An ingestion's progress ended: its outcome (done, error) is in lore/ingestStatus.
          if (before > this.state.work.size) this.scheduleRefresh(0);
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
      // A normal stop (restart, settings change, window closing) is not a crash: no error, no restart.
      errorHandler: {
        error: (error, message, count) => (this.stopping ? { action: ErrorAction.Shutdown, handled: true } : crashes().error(error, message, count)),
        closed: () => (this.stopping ? { action: CloseAction.DoNotRestart, handled: true } : crashes().closed()),
      },
    };
    const client = new LoreLanguageClient("lore", "Lore", serverOptions, clientOptions);
    // A real crash: the client's own policy (restart a few times, then say so).
    let defaultHandler: ErrorHandler | undefined;
    const crashes = () => (defaultHandler ??= client.createDefaultErrorHandler(4));
    client.onLogged = (m) => dedup.logMessage(m);
    this.client = client;
    client.onDidChangeState((e) => {
      if (this.client !== client) return;
      if (e.newState === State.Running) this.set({ server: "running", detail: `lore ${found.server.version} (${found.server.source})` });
      else if (e.newState === State.Starting) this.set({ server: "starting" });
      else this.set({ server: this.stopping ? "stopped" : "failed", work: new Map() });
    });
    client.onNotification("lore/graphChanged", (params: unknown) => {
      const p = (typeof params === "object" && params !== null ? params : {}) as { kind?: unknown; tx?: unknown };
      const change: GraphChange = { kind: typeof p.kind === "string" ? p.kind : "write", tx: typeof p.tx === "number" ? p.tx : null };
      this.graphChanged.fire(change);
      this.scheduleRefresh();
    });
    try {
      await client.start();
    } catch (e) {
      this.say("error", `the Lore server did not start: ${errorText(e)}`);
      this.set({ server: "failed", detail: `did not start: ${errorText(e)}` });
      void vscode.window.showErrorMessage(`Lore: the server did not start: ${errorText(e)}`, "Show Log").then((b) => b && this.log.show());
      return;
    }
    this.scheduleRefresh(0);
  }

  private async doStop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.refreshTimer);
    const c = this.client;
    const cp = this.process;
    this.client = undefined;
    if (c) {
      try {
        await c.stop(5000);
      } catch (e) {
        this.say("warn", `stopping the server: ${errorText(e)}`);
      }
    }
    // The server leaves on `exit`; one that did not is ended (SIGTERM closes its graph cleanly).
    if (cp && cp.exitCode === null && cp.signalCode === null) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          cp.kill("SIGTERM");
          resolve();
        }, 2000);
        cp.once("exit", () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    this.set({ server: "stopped", work: new Map() });
  }

  /** Settings changed for this folder: restart for a new program or graph, else tell the server. */
  async settingsChanged(): Promise<void> {
    const before = this.settings;
    const after = this.readSettings();
    if (!before || needsRestart(before, after) || !this.client) {
      this.say("info", "lore.path, lore.interpreter or lore.graphPath changed: restarting the server");
      await this.restart();
      return;
    }
    this.settings = after;
    if (this.client.state === State.Running) {
      await this.client.sendNotification(DidChangeConfigurationNotification.type, { settings: { lore: serverOptionsPayload(after.server) } });
    }
  }

  /** Coalesce a burst of graph changes into one look at the warning count and the ingestion. */
  scheduleRefresh(delay = 150): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => void this.refresh(), delay);
  }

  private async refresh(): Promise<void> {
    if (!this.running) return;
    try {
      const [ws, ing] = await Promise.all([this.api.editorWarnings(this.root), this.api.ingestStatus().catch(() => null)]);
      this.set({ warnings: ws.length, ingest: ing ?? this.state.ingest });
      const seen = warningsKey(ws);
      if (seen !== this.warningsSeen) {
        this.warningsSeen = seen;
        this.warningsChanged.fire();
      }
    } catch (e) {
      this.say("warn", `could not read the warning count: ${errorText(e)}`);
    }
  }

  /** After lore/ingest: what it answered. */
  setIngest(p: NonNullable<ReturnType<typeof parseIngestProgress>>): void {
    this.set({ ingest: p });
  }

  dispose(): void {
    this.diagnosticsListener.dispose();
    void this.stop();
    this.changed.dispose();
    this.notFound.dispose();
    this.graphChanged.dispose();
    this.warningsChanged.dispose();
  }
}

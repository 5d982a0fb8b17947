// The servers of a (multi-root) workspace: one per workspace folder (a folder inside another is served by
// the outer one), started and stopped as folders come and go; settings changes go to the folder they
// affect. Commands and views ask for the server of a file, of the active editor, or let the user pick.
import * as vscode from "vscode";
import { isLoreClone } from "./discovery";
import { type GraphChange, LoreServer } from "./server";

export const CLONE_KEY = "lore.clone";

export class Servers implements vscode.Disposable {
  private readonly byFolder = new Map<string, LoreServer>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<LoreServer | undefined>();
  /** A server's status changed (undefined: the set of servers changed). */
  readonly onDidChange = this.changed.event;
  private readonly graphChanged = new vscode.EventEmitter<{ server: LoreServer; change: GraphChange }>();
  readonly onGraphChanged = this.graphChanged.event;
  private readonly warningsChanged = new vscode.EventEmitter<LoreServer>();
  /** A server's editor warnings (what the status bar counts) changed: the views read them again. */
  readonly onWarningsChanged = this.warningsChanged.event;
  private readonly notFound = new vscode.EventEmitter<LoreServer>();
  readonly onNotFound = this.notFound.event;

  constructor(
    readonly context: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      this.changed,
      this.graphChanged,
      this.warningsChanged,
      this.notFound,
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.sync()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        for (const s of this.byFolder.values()) if (e.affectsConfiguration("lore", s.folder.uri)) void s.settingsChanged();
      }),
    );
  }

  /** Clones of the Lore repository whose `.venv/bin/lore` may serve: the one installed from, and (in a
   * trusted workspace only: it names a program to run) workspace folders that are clones. */
  clones(): string[] {
    const out: string[] = [];
    const saved = this.context.globalState.get<string>(CLONE_KEY);
    if (saved) out.push(saved);
    if (vscode.workspace.isTrusted) for (const f of vscode.workspace.workspaceFolders ?? []) if (isLoreClone(f.uri.fsPath)) out.push(f.uri.fsPath);
    return [...new Set(out)];
  }

  /** The folders that get a server: every workspace folder not inside another one. */
  private outerFolders(): vscode.WorkspaceFolder[] {
    const all = [...(vscode.workspace.workspaceFolders ?? [])].filter((f) => f.uri.scheme === "file");
    const inside = (a: string, b: string) => a !== b && (a + "/").startsWith(b.endsWith("/") ? b : b + "/");
    return all.filter((f) => !all.some((g) => inside(f.uri.fsPath, g.uri.fsPath)));
  }

  /** Start a server for each new folder, stop those of folders that left. */
  async sync(): Promise<void> {
    const want = new Map(this.outerFolders().map((f) => [f.uri.toString(), f]));
    const gone = [...this.byFolder.entries()].filter(([k]) => !want.has(k));
    for (const [k, s] of gone) {
      this.byFolder.delete(k);
      await s.stop();
      s.dispose();
    }
    const started: Promise<void>[] = [];
    for (const [k, f] of want) {
      if (this.byFolder.has(k)) continue;
      const s = new LoreServer(f, this.log, () => (this.byFolder.size > 1 ? `[${f.name}] ` : ""), () => this.clones());
      s.onDidChange(() => this.changed.fire(s));
      s.onGraphChanged((change) => this.graphChanged.fire({ server: s, change }));
      s.onWarningsChanged(() => this.warningsChanged.fire(s));
      s.onNotFound(() => this.notFound.fire(s));
      this.byFolder.set(k, s);
      started.push(s.start());
    }
    this.changed.fire(undefined);
    await Promise.all(started);
  }

  all(): LoreServer[] {
    return [...this.byFolder.values()];
  }

  /** The server of the folder that holds `uri`. */
  forUri(uri: vscode.Uri | undefined): LoreServer | undefined {
    if (!uri) return undefined;
    const path = uri.fsPath;
    return this.all().find((s) => path === s.root || path.startsWith(s.root.endsWith("/") ? s.root : s.root + "/"));
  }

  /** The active editor's server, else the first. */
  active(): LoreServer | undefined {
    return this.forUri(vscode.window.activeTextEditor?.document.uri) ?? this.all()[0];
  }

  /** For a command: the active editor's server, the only one, or the folder the user picks. */
  async pick(title = "Lore: which folder?"): Promise<LoreServer | undefined> {
    const byEditor = this.forUri(vscode.window.activeTextEditor?.document.uri);
    if (byEditor) return byEditor;
    const all = this.all();
    if (all.length <= 1) return all[0];
    const p = await vscode.window.showQuickPick(
      all.map((s) => ({ label: s.folder.name, description: s.root, s })),
      { title },
    );
    return p?.s;
  }

  async restartAll(): Promise<void> {
    await Promise.all(this.all().map((s) => s.restart()));
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.all().map((s) => s.stop()));
  }

  dispose(): void {
    for (const s of this.all()) s.dispose();
    this.byFolder.clear();
    for (const d of this.disposables) d.dispose();
  }
}

// The server's own commands: ingest now, restart, the log, the status bar click, and installing the server
// from a clone of the Lore repository (what the README does: `make`, which creates `.venv/bin/lore`).
import * as path from "node:path";
import * as vscode from "vscode";
import { cloneInstallCommand, cloneLore, isExecutableFile, isLoreClone } from "../discovery";
import type { LoreServer } from "../server";
import { CLONE_KEY } from "../servers";
import { type Ctx, plainCommand, serverCommand } from "./register";

export function register(ctx: Ctx): vscode.Disposable[] {
  return [
    serverCommand(ctx, "lore.ingest", (s) => ingestNow(s)),
    plainCommand(ctx, "lore.restartServer", () => ctx.servers.restartAll()),
    plainCommand(ctx, "lore.showOutput", () => ctx.log.show()),
    plainCommand(ctx, "lore.statusClicked", () => statusClicked(ctx)),
    plainCommand(ctx, "lore.installServer", (arg) => installFromClone(ctx, typeof arg === "string" ? arg : undefined)),
    plainCommand(ctx, "lore.openWalkthrough", () =>
      vscode.commands.executeCommand("workbench.action.openWalkthrough", "lore.lore-vscode#lore.gettingStarted", false),
    ),
  ];
}

async function ingestNow(s: LoreServer): Promise<void> {
  const r = await s.api.ingest(s.root);
  if (r) s.setIngest(r);
  void vscode.window.showInformationMessage(`Lore: ingestion ${r?.status ?? "requested"}${r?.total ? ` (${r.processed ?? 0}/${r.total})` : ""}.`);
}

async function statusClicked(ctx: Ctx): Promise<void> {
  const s = ctx.servers.active();
  if (!s) return;
  if (s.state.server === "not-found") return showNotFound(ctx, s);
  if (s.state.server !== "running") return ctx.log.show();
  await vscode.commands.executeCommand("lore.showWarnings");
}

/** No server found: say what was tried; offer to install from a clone, the settings, the log. */
export async function showNotFound(ctx: Ctx, s: LoreServer): Promise<void> {
  const d = s.discovery;
  if (!d || d.ok) return;
  const pick = await vscode.window.showErrorMessage(d.message, "Install from a Clone…", "Copy Install Command", "Open Settings", "Show Log");
  if (pick === "Install from a Clone…") {
    await vscode.commands.executeCommand("lore.installServer");
  } else if (pick === "Copy Install Command") {
    await vscode.env.clipboard.writeText(d.installCommand);
    void vscode.window.showInformationMessage(`Copied: ${d.installCommand}`);
  } else if (pick === "Open Settings") {
    await vscode.commands.executeCommand("workbench.action.openSettings", "@ext:lore.lore-vscode");
  } else if (pick === "Show Log") {
    ctx.log.show();
  }
}

/** The clone to install from: the argument, a workspace folder that is one, the last one used, or asked. */
async function chooseClone(ctx: Ctx, given?: string): Promise<string | undefined> {
  if (given) return given;
  const known = [
    ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath).filter(isLoreClone),
    ...[ctx.context.globalState.get<string>(CLONE_KEY)].filter((x): x is string => !!x && isLoreClone(x)),
  ];
  const browse = "$(folder-opened) Choose a folder…";
  const items = [...new Set(known)].map((k) => ({ label: path.basename(k), description: k, dir: k as string | undefined }));
  if (items.length) {
    const p = await vscode.window.showQuickPick([...items, { label: browse, description: "", dir: undefined }], { title: "Lore: install the server from which clone?" });
    if (!p) return undefined;
    if (p.dir) return p.dir;
  }
  const chosen = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    openLabel: "Install from this clone",
    title: "Lore: a clone of the Lore repository (git clone …)",
  });
  return chosen?.[0]?.fsPath;
}

/** Run the README's install in a clone (a task in the terminal), then point lore.path at its `lore`. */
export async function installFromClone(ctx: Ctx, given?: string): Promise<void> {
  const clone = await chooseClone(ctx, given);
  if (!clone) return;
  if (!isLoreClone(clone)) throw new Error(`${clone} is not a clone of the Lore repository (its pyproject.toml does not name lore-lsp)`);
  const exe = cloneLore(clone);
  if (!isExecutableFile(exe)) {
    const task = new vscode.Task({ type: "lore-install" }, vscode.TaskScope.Global, "install the Lore server", "lore", new vscode.ShellExecution(cloneInstallCommand(clone)));
    const code = await new Promise<number | undefined>((resolve) => {
      const sub = vscode.tasks.onDidEndTaskProcess((e) => {
        if (e.execution.task.name !== task.name || e.execution.task.source !== task.source) return;
        sub.dispose();
        resolve(e.exitCode);
      });
      void vscode.tasks.executeTask(task).then(undefined, (err: unknown) => {
        sub.dispose();
        ctx.log.error(`the install task did not start: ${String(err)}`);
        resolve(undefined);
      });
    });
    if (code !== 0 || !isExecutableFile(exe)) throw new Error(`installing in ${clone} failed (exit ${code ?? "?"}); the terminal shows why`);
  }
  await ctx.context.globalState.update(CLONE_KEY, clone);
  // The user's (machine-level) setting: the program is on this machine, whatever the workspace.
  const cfg = vscode.workspace.getConfiguration("lore");
  if (cfg.inspect<string>("path")?.globalValue === exe) await ctx.servers.restartAll();
  else await cfg.update("path", exe, vscode.ConfigurationTarget.Global); // the change restarts the servers
  ctx.log.info(`lore.path set to ${exe} (installed from ${clone})`);
  void vscode.window.showInformationMessage(`Lore: the server from ${clone} is installed; lore.path is ${exe}.`);
}

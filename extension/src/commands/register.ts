// Registering a command: errors become one message (and one log line), and a command that needs the server
// first waits for a starting one and explains a missing one.
import * as vscode from "vscode";
import type { LoreServer } from "../server";
import type { Servers } from "../servers";
import { errorText } from "../util";
import { showNotFound } from "./server";

export interface Ctx {
  context: vscode.ExtensionContext;
  servers: Servers;
  log: vscode.LogOutputChannel;
}

/** Wait (on the server's own state events) while it starts; then whether it runs, with help if not. */
export async function ensureRunning(ctx: Ctx, s: LoreServer | undefined): Promise<boolean> {
  if (!s) {
    void vscode.window.showErrorMessage("Lore: open a folder (a git repository) first.");
    return false;
  }
  if (s.state.server === "starting") {
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => done(), 30000);
      const sub = s.onDidChange(() => s.state.server !== "starting" && done());
      function done() {
        clearTimeout(t);
        sub.dispose();
        resolve();
      }
    });
  }
  if (s.state.server === "running") return true;
  const d = s.discovery;
  if (s.state.server === "not-found" && d && !d.ok) {
    void showNotFound(ctx, s);
    return false;
  }
  const b = await vscode.window.showErrorMessage("Lore: the server is not running.", "Restart Server", "Show Log");
  if (b === "Restart Server") void s.restart();
  else if (b === "Show Log") ctx.log.show();
  return false;
}

/** A command that runs against one folder's server (the active editor's, or the one the user picks). */
export function serverCommand(
  ctx: Ctx,
  id: string,
  fn: (s: LoreServer, ...args: unknown[]) => unknown,
  /** The server an argument names (a tree item carries its folder's). */
  hint?: (args: unknown[]) => LoreServer | undefined,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      const s = hint?.(args) ?? (await ctx.servers.pick());
      if (!(await ensureRunning(ctx, s))) return;
      await fn(s as LoreServer, ...args);
    } catch (e) {
      ctx.log.error(`${id}: ${errorText(e)}`);
      void vscode.window.showErrorMessage(`Lore: ${errorText(e)}`);
    }
  });
}

/** A command that needs no server. */
export function plainCommand(ctx: Ctx, id: string, fn: (...args: unknown[]) => unknown): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      await fn(...args);
    } catch (e) {
      ctx.log.error(`${id}: ${errorText(e)}`);
      void vscode.window.showErrorMessage(`Lore: ${errorText(e)}`);
    }
  });
}

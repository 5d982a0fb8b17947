// The VS Code side, wired: the servers (one per workspace folder: servers.ts, server.ts), the status bar,
// the commands (commands/*), the Lore view, CodeLens and the history and graph webviews (views/*).
// Everything that can be decided without VS Code lives in the plain modules beside these.
import * as vscode from "vscode";
import * as decisions from "./commands/decisions";
import * as history from "./commands/history";
import * as memory from "./commands/memory";
import type { Ctx } from "./commands/register";
import * as server from "./commands/server";
import * as warnings from "./commands/warnings";
import { Servers } from "./servers";
import { StatusBar } from "./statusBar";
import { errorText } from "./util";
import { LoreCodeLens } from "./views/codeLens";
import { GraphPanel, HistoryPanel } from "./views/panels";
import { LoreTree } from "./views/tree";

let servers: Servers | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel("Lore", { log: true });
  servers = new Servers(context, log);
  const ctx: Ctx = { context, servers, log };
  const onError = (e: unknown) => {
    log.error(errorText(e));
    void vscode.window.showErrorMessage(`Lore: ${errorText(e)}`);
  };
  const tree = new LoreTree(servers);
  const historyPanel = new HistoryPanel(onError);
  const graphPanel = new GraphPanel(onError);
  const lenses = new LoreCodeLens(servers);
  context.subscriptions.push(
    log,
    servers,
    new StatusBar(servers),
    tree,
    vscode.window.createTreeView("lore.memory", { treeDataProvider: tree, showCollapseAll: true }),
    historyPanel,
    graphPanel,
    lenses,
    vscode.languages.registerCodeLensProvider({ scheme: "file" }, lenses),
    servers.onNotFound((s) => void server.showNotFound(ctx, s)),
    ...server.register(ctx),
    ...memory.register(ctx),
    ...decisions.register(ctx, tree),
    ...history.register(ctx, historyPanel, graphPanel),
    ...warnings.register(ctx, tree),
  );
  // Not awaited: discovery probes programs and the servers may take a moment; activation must not wait.
  void servers.sync();
}

export async function deactivate(): Promise<void> {
  await servers?.stopAll();
  servers = undefined;
}

// The status bar item: the state of the active editor's server (status.ts renders it), repainted when a
// server's state changes — which its lore/graphChanged notifications drive (server.ts), no polling.
import * as vscode from "vscode";
import type { Servers } from "./servers";
import { render } from "./status";

export class StatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly servers: Servers) {
    this.item = vscode.window.createStatusBarItem("lore.status", vscode.StatusBarAlignment.Left, 10);
    this.item.name = "Lore";
    this.item.command = "lore.statusClicked";
    this.disposables.push(
      this.item,
      servers.onDidChange(() => this.paint()),
      vscode.window.onDidChangeActiveTextEditor(() => this.paint()),
    );
    this.paint();
  }

  paint(): void {
    const s = this.servers.active();
    if (!s) {
      this.item.hide();
      return;
    }
    const v = render(s.state);
    this.item.text = v.text;
    this.item.tooltip = this.servers.all().length > 1 ? `${s.folder.name}\n${v.tooltip}` : v.tooltip;
    this.item.backgroundColor =
      v.tone === "error" ? new vscode.ThemeColor("statusBarItem.errorBackground") : v.tone === "warning" ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
    this.item.show();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

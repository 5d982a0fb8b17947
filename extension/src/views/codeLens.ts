// CodeLens above governed code: "2 decisions · 1 warning" over a definition or an import that memories name,
// and over lines with warnings. The server has no codeLens, so this reads lore/sql (code_locations,
// import_locations, the memories' facts) and the file's warnings as the Problems panel has them (history,
// the branch's changes and unsaved buffers: lore/layerWarnings, as the status bar counts them); lenses are
// recomputed when the server says its graph changed or the editor's warnings changed.
import * as vscode from "vscode";
import type { LensRow } from "../api";
import type { WarningItem } from "../replies";
import type { LoreServer } from "../server";
import type { Servers } from "../servers";
import { repoRelative } from "../symbols";
import { lensText } from "../lens";
import { viewApi } from "./panels";

export class LoreCodeLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly running = new WeakMap<LoreServer, boolean>();

  constructor(private readonly servers: Servers) {
    this.disposables.push(
      this.changed,
      servers.onGraphChanged(() => this.changed.fire()),
      servers.onWarningsChanged(() => this.changed.fire()),
      // A server that started (or stopped): its lenses anew. Not every status change: a count refreshed by a
      // diagnostics change would ask again, and the layer's answer can change diagnostics (a loop every ~2 s).
      servers.onDidChange((s) => {
        if (!s || this.running.get(s) === s.running) return;
        this.running.set(s, s.running);
        this.changed.fire();
      }),
    );
  }

  async provideCodeLenses(doc: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    if (doc.uri.scheme !== "file") return [];
    const s = this.servers.forUri(doc.uri);
    if (!s?.running) return [];
    const rel = repoRelative(s.root, doc.uri.fsPath);
    if (!rel) return [];
    let rows: LensRow[];
    let warnings: WarningItem[];
    try {
      [rows, warnings] = await Promise.all([viewApi(s).lens(rel), s.api.editorWarnings(s.root, doc.uri.fsPath)]);
    } catch {
      return []; // a server without code_locations (nothing ingested yet): no lenses
    }
    if (token.isCancellationRequested) return [];
    const out: vscode.CodeLens[] = [];
    const used = new Set<string>();
    for (const r of lensText(rows, warnings, doc.lineCount)) {
      const range = new vscode.Range(r.line - 1, 0, r.line - 1, 0);
      const arg = r.entity;
      out.push(
        new vscode.CodeLens(range, {
          title: r.title,
          tooltip: r.tooltip,
          command: r.entity ? "lore.showHistory" : "lore.showWarnings",
          arguments: arg ? [arg] : [],
        }),
      );
      if (r.entity && !used.has(r.entity)) {
        used.add(r.entity);
        out.push(new vscode.CodeLens(range, { title: "graph", tooltip: `The neighbourhood of ${r.entity}`, command: "lore.showGraph", arguments: [r.entity] }));
      }
    }
    return out;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

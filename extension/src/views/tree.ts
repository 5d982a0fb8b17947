// The Lore view (activity bar): decisions, constraints and preferences; warnings by file; dismissed warnings
// with undo. Read through existing requests (lore/sql; the warnings as the Problems panel and the status bar
// have them: history, the branch's changes and unsaved buffers, lore/layerWarnings) and refreshed when a
// server says its graph changed or the editor's warnings changed. With several folders open, each folder is
// a branch of its own.
import * as path from "node:path";
import * as vscode from "vscode";
import type { DismissedRow, MemoryRow } from "../api";
import type { WarningItem } from "../replies";
import type { LoreServer } from "../server";
import type { Servers } from "../servers";
import { errorText } from "../util";
import { viewApi } from "./panels";

type Node =
  | { t: "folder"; s: LoreServer }
  | { t: "group"; s: LoreServer; group: "decision" | "constraint" | "preference" | "warnings" | "dismissed" }
  | { t: "memory"; s: LoreServer; m: MemoryRow }
  | { t: "file"; s: LoreServer; file: string; warnings: WarningItem[] }
  | { t: "warning"; s: LoreServer; w: WarningItem }
  | { t: "dismissed"; s: LoreServer; d: DismissedRow }
  | { t: "note"; text: string };

interface Snapshot {
  memories: MemoryRow[];
  warnings: WarningItem[];
  dismissed: DismissedRow[];
  error?: string;
}

const GROUPS = [
  ["decision", "Decisions", "law"],
  ["constraint", "Constraints", "lock"],
  ["preference", "Preferences", "heart"],
  ["warnings", "Warnings", "warning"],
  ["dismissed", "Dismissed warnings", "eye-closed"],
] as const;

export class LoreTree implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly snapshots = new Map<LoreServer, Promise<Snapshot>>();
  private readonly disposables: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly servers: Servers) {
    this.disposables.push(
      this.changed,
      servers.onGraphChanged(({ server }) => this.refresh(server)),
      servers.onWarningsChanged((server) => this.refresh(server)),
      servers.onDidChange((s) => {
        // A server that (re)started or stopped: its branch is read anew.
        if (!s || s.state.server !== "running" || !this.snapshots.has(s)) this.refresh(s);
      }),
    );
  }

  /** Read anew (soon: a burst of changes is one read). */
  refresh(s?: LoreServer): void {
    if (s) this.snapshots.delete(s);
    else this.snapshots.clear();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.changed.fire(undefined), 200);
  }

  private snapshot(s: LoreServer): Promise<Snapshot> {
    let p = this.snapshots.get(s);
    if (!p) {
      p = (async () => {
        if (!s.running) return { memories: [], warnings: [], dismissed: [], error: s.state.server === "starting" ? "starting…" : `server ${s.state.server}` };
        try {
          const v = viewApi(s);
          const [memories, warnings, dismissed] = await Promise.all([v.memories(), s.api.editorWarnings(s.root), v.dismissed()]);
          return { memories, warnings, dismissed };
        } catch (e) {
          return { memories: [], warnings: [], dismissed: [], error: errorText(e) };
        }
      })();
      this.snapshots.set(s, p);
    }
    return p;
  }

  async getChildren(n?: Node): Promise<Node[]> {
    if (!n) {
      const all = this.servers.all();
      if (all.length > 1) return all.map((s) => ({ t: "folder", s }));
      if (!all.length) return [];
      n = { t: "folder", s: all[0] };
    }
    if (n.t === "folder") {
      const snap = await this.snapshot(n.s);
      if (snap.error) return [{ t: "note", text: snap.error }];
      const s = n.s;
      return GROUPS.map(([group]) => ({ t: "group", s, group }));
    }
    if (n.t === "group") {
      const snap = await this.snapshot(n.s);
      const s = n.s;
      if (n.group === "warnings") {
        const byFile = new Map<string, WarningItem[]>();
        for (const w of snap.warnings) byFile.set(w.file ?? "(no file)", [...(byFile.get(w.file ?? "(no file)") ?? []), w]);
        return [...byFile.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([file, warnings]) => ({ t: "file", s, file, warnings }));
      }
      if (n.group === "dismissed") return snap.dismissed.map((d) => ({ t: "dismissed", s, d }));
      const kind = n.group;
      return snap.memories.filter((m) => m.kind === kind).map((m) => ({ t: "memory", s, m }));
    }
    if (n.t === "file") {
      const s = n.s;
      return n.warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)).map((w) => ({ t: "warning", s, w }));
    }
    return [];
  }

  async getTreeItem(n: Node): Promise<vscode.TreeItem> {
    switch (n.t) {
      case "note":
        return new vscode.TreeItem(n.text);
      case "folder": {
        const it = new vscode.TreeItem(n.s.folder.name, vscode.TreeItemCollapsibleState.Expanded);
        it.iconPath = new vscode.ThemeIcon("root-folder");
        return it;
      }
      case "group": {
        const snap = await this.snapshot(n.s);
        const [, label, icon] = GROUPS.find(([g]) => g === n.group) as (typeof GROUPS)[number];
        const count = n.group === "warnings" ? snap.warnings.length : n.group === "dismissed" ? snap.dismissed.length : snap.memories.filter((m) => m.kind === n.group).length;
        const it = new vscode.TreeItem(label, count && n.group !== "dismissed" ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
        it.id = `${n.s.root}#${n.group}`;
        it.description = String(count);
        it.iconPath = new vscode.ThemeIcon(icon);
        return it;
      }
      case "memory": {
        const it = new vscode.TreeItem(n.m.description || n.m.entity);
        it.id = `${n.s.root}#m#${n.m.entity}`;
        it.description = n.m.entity;
        it.tooltip = new vscode.MarkdownString().appendCodeblock(n.m.entity).appendText(n.m.description);
        // lore.memory.decision / .constraint / .preference: the menus offer edit, supersede and retract on decisions
        it.contextValue = `lore.memory.${n.m.kind}`;
        it.iconPath = new vscode.ThemeIcon("book");
        it.command = { command: "lore.showHistory", title: "Show History", arguments: [n.m.entity] };
        return it;
      }
      case "file": {
        const it = new vscode.TreeItem(path.basename(n.file), vscode.TreeItemCollapsibleState.Expanded);
        it.id = `${n.s.root}#f#${n.file}`;
        it.description = `${path.dirname(n.file) === "." ? "" : path.dirname(n.file) + " · "}${n.warnings.length}`;
        if (n.file !== "(no file)") it.resourceUri = vscode.Uri.file(path.join(n.s.root, n.file));
        it.iconPath = vscode.ThemeIcon.File;
        return it;
      }
      case "warning": {
        const it = new vscode.TreeItem(n.w.message);
        it.id = `${n.s.root}#w#${n.w.id}`;
        it.description = `${n.w.line ? `line ${n.w.line} · ` : ""}${n.w.code}`;
        it.tooltip = `${n.w.message}\n${n.w.code} · id ${n.w.id}${n.w.confidence !== undefined ? ` · confidence ${n.w.confidence}` : ""}`;
        it.contextValue = "lore.warning";
        it.iconPath = new vscode.ThemeIcon(n.w.severity === "warning" ? "warning" : "info");
        if (n.w.file) {
          const uri = vscode.Uri.file(path.join(n.s.root, n.w.file));
          const pos = new vscode.Position(Math.max(0, (n.w.line ?? 1) - 1), Math.max(0, n.w.column ?? 0));
          it.command = { command: "vscode.open", title: "Open", arguments: [uri, { selection: new vscode.Range(pos, pos) }] };
        }
        return it;
      }
      case "dismissed": {
        const it = new vscode.TreeItem(n.d.message ?? n.d.id);
        it.id = `${n.s.root}#d#${n.d.id}`;
        it.description = n.d.reason;
        it.tooltip = `${n.d.message ? n.d.message + "\n" : ""}${n.d.file ? n.d.file + " · " : ""}id ${n.d.id}\nDismissed in tx ${n.d.tx}: ${n.d.reason}`;
        it.contextValue = "lore.dismissed";
        it.iconPath = new vscode.ThemeIcon("eye-closed");
        return it;
      }
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

/** What a tree item's inline action gets: the node; the commands take its entity / id / server. */
export function nodeEntity(arg: unknown): string | undefined {
  const n = arg as Partial<Node> | undefined;
  if (n && typeof n === "object" && "t" in n && n.t === "memory") return (n as { m: MemoryRow }).m.entity;
  return undefined;
}

/** The memory a tree item is, with its folder's server. */
export function nodeMemory(arg: unknown): { m: MemoryRow; server: LoreServer } | undefined {
  const n = arg as Node | undefined;
  if (n && typeof n === "object" && "t" in n && n.t === "memory") return { m: n.m, server: n.s };
  return undefined;
}

export function nodeWarningId(arg: unknown): { id: string; server?: LoreServer } | undefined {
  const n = arg as Node | undefined;
  if (n && typeof n === "object" && "t" in n) {
    if (n.t === "warning") return { id: n.w.id, server: n.s };
    if (n.t === "dismissed") return { id: n.d.id, server: n.s };
  }
  return undefined;
}

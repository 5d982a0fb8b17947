// What the editor knows at the cursor (file, word, enclosing symbols -> Lore idents) and opening a file at a
// line: shared by the commands and views.
import * as path from "node:path";
import * as vscode from "vscode";
import { type CodeKind, enclosingIdents, repoRelative, type SymbolStep } from "./symbols";

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
export function symbolChain(symbols: vscode.DocumentSymbol[], pos: vscode.Position): SymbolStep[] {
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

export interface CursorContext {
  /** The workspace folder the file is in. */
  root: string;
  rel: string;
  word: string | null;
  idents: string[];
}

/** The active editor's file (relative to its workspace folder), word and enclosing Lore idents. */
export async function cursorContext(): Promise<CursorContext | undefined> {
  const ed = vscode.window.activeTextEditor;
  if (!ed || ed.document.uri.scheme !== "file") return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(ed.document.uri);
  if (!folder) return undefined;
  const root = folder.uri.fsPath;
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
  return { root, rel, word, idents: enclosingIdents(rel, chain) };
}

export async function openMarkdown(content: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ language: "markdown", content });
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

/** Open `file` (relative to `root`, or absolute) at a 1-based line and 0-based column. */
export async function openAt(root: string | undefined, file: string, line?: number, column?: number): Promise<void> {
  const full = path.isAbsolute(file) || !root ? file : path.join(root, file);
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(full));
  const pos = new vscode.Position(Math.max(0, (line ?? 1) - 1), Math.max(0, column ?? 0));
  await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos) });
}

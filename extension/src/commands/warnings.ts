// Warnings: list them (quick pick), dismiss one with a reason, undo a dismissal. The list is the editor's
// (history, the branch's changes and unsaved buffers), as the status bar counts it and CodeLens shows it.
import * as vscode from "vscode";
import { warningIdArg } from "../commands";
import { openAt } from "../editor";
import type { WarningItem } from "../replies";
import type { LoreServer } from "../server";
import { viewApi } from "../views/panels";
import { type LoreTree, nodeWarningId } from "../views/tree";
import { type Ctx, plainCommand, serverCommand } from "./register";

export function register(ctx: Ctx, tree: LoreTree): vscode.Disposable[] {
  const idOf = (arg: unknown) => nodeWarningId(arg)?.id ?? warningIdArg(arg);
  const serverOf = (args: unknown[]) => nodeWarningId(args[0])?.server;
  return [
    serverCommand(ctx, "lore.showWarnings", (s) => showWarnings(s)),
    serverCommand(ctx, "lore.dismissWarning", (s, arg) => dismissWarning(s, idOf(arg)), serverOf),
    serverCommand(ctx, "lore.undoDismiss", (s, arg) => undoDismiss(s, idOf(arg)), serverOf),
    plainCommand(ctx, "lore.refreshView", () => tree.refresh()),
  ];
}

async function showWarnings(s: LoreServer): Promise<void> {
  const ws = await s.api.editorWarnings(s.root);
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
    if (w?.file) void openAt(s.root, w.file, w.line, w.column);
    else if (w?.entity) void vscode.commands.executeCommand("lore.showHistory", w.entity);
  });
  qp.onDidHide(() => qp.dispose());
  qp.show();
}

async function dismissWarning(s: LoreServer, id?: string): Promise<void> {
  if (!id) {
    const ws = await s.api.editorWarnings(s.root);
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
  await s.api.dismiss(id, reason);
  // The status bar and the view follow from the server's lore/graphChanged.
  void vscode.window.showInformationMessage(`Lore: dismissed warning ${id}.`, "Undo").then((b) => b && vscode.commands.executeCommand("lore.undoDismiss", id));
}

async function undoDismiss(s: LoreServer, id?: string): Promise<void> {
  const v = viewApi(s);
  if (!id) {
    const ds = await v.dismissed();
    if (!ds.length) {
      void vscode.window.showInformationMessage("Lore: no dismissed warnings.");
      return;
    }
    const pick = await vscode.window.showQuickPick(ds.map((d) => ({ label: d.id, description: d.reason, id: d.id })), { title: "Lore: bring back which warning?" });
    if (!pick) return;
    id = pick.id;
  }
  await v.undoDismiss(id, `undid the dismissal of ${id} in VS Code`);
  void vscode.window.showInformationMessage(`Lore: warning ${id} is back.`);
}

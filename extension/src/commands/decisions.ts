// Editing, superseding and retracting a decision: from the Lore view's context menu (the item carries its
// decision and folder) or the palette (a quick pick of the decisions). Each is one lore/*Decision request;
// the view is read anew at once (and again on the server's lore/graphChanged).
import * as vscode from "vscode";
import { entityArg } from "../commands";
import type { MemoryRow } from "../api";
import type { LoreServer } from "../server";
import { viewApi } from "../views/panels";
import { type LoreTree, nodeMemory } from "../views/tree";
import { type Ctx, serverCommand } from "./register";

export function register(ctx: Ctx, tree: LoreTree): vscode.Disposable[] {
  const serverOf = (args: unknown[]) => nodeMemory(args[0])?.server;
  const run = (id: string, fn: (s: LoreServer, m: MemoryRow) => Promise<boolean>, verb: string) =>
    serverCommand(
      ctx,
      id,
      async (s, arg) => {
        const m = await decisionOf(s, arg, verb);
        if (m && (await fn(s, m))) tree.refresh(s);
      },
      serverOf,
    );
  return [
    run("lore.editDecision", editDecision, "edit"),
    run("lore.supersedeDecision", supersedeDecision, "supersede"),
    run("lore.retractDecision", retractDecision, "retract"),
  ];
}

/** The view's item, an ident (or {entity}) from another command, else the person picks one. */
async function decisionOf(s: LoreServer, arg: unknown, verb: string): Promise<MemoryRow | undefined> {
  const fromNode = nodeMemory(arg)?.m;
  if (fromNode) return fromNode;
  const memories = (await viewApi(s).memories()).filter((m) => m.kind === "decision");
  const given = entityArg(arg);
  if (given) {
    const m = memories.find((x) => x.entity === given);
    if (!m) void vscode.window.showErrorMessage(`Lore: ${given} is not a decision that holds now.`);
    return m;
  }
  if (!memories.length) {
    void vscode.window.showInformationMessage("Lore: no decisions recorded yet.");
    return undefined;
  }
  const pick = await vscode.window.showQuickPick(
    memories.map((m) => ({ label: m.description || m.entity, description: m.entity, detail: m.rationale || undefined, m })),
    { title: `Lore: ${verb} which decision?`, matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true },
  );
  return pick?.m;
}

const short = (m: MemoryRow) => (m.description.length > 60 ? `${m.description.slice(0, 59)}…` : m.description) || m.entity;

async function editDecision(s: LoreServer, m: MemoryRow): Promise<boolean> {
  const description = await vscode.window.showInputBox({
    title: `Edit ${m.entity} (1/2)`,
    prompt: "The decision's text (the old text stays in its history)",
    value: m.description,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? null : "the text is required"),
  });
  if (description === undefined) return false;
  const rationale = await vscode.window.showInputBox({
    title: `Edit ${m.entity} (2/2)`,
    prompt: "Why? (stored as :rationale; leave it as it is to keep it)",
    value: m.rationale,
    ignoreFocusOut: true,
  });
  if (rationale === undefined) return false;
  if (description.trim() === m.description.trim() && (!rationale.trim() || rationale.trim() === m.rationale.trim())) {
    void vscode.window.showInformationMessage(`Lore: ${m.entity} is unchanged.`);
    return false;
  }
  const r = await s.api.editDecision(m.entity, m, { description, rationale });
  void vscode.window.showInformationMessage(`Lore: edited ${r.entity} (tx ${r.tx}).`);
  return true;
}

async function supersedeDecision(s: LoreServer, m: MemoryRow): Promise<boolean> {
  const text = await vscode.window.showInputBox({
    title: `Supersede ${m.entity} (1/2)`,
    prompt: `The decision that replaces "${short(m)}" (a new decision; the old one stops holding now)`,
    placeHolder: m.description,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? null : "the new decision's text is required"),
  });
  if (text === undefined) return false;
  const why = await vscode.window.showInputBox({
    title: `Supersede ${m.entity} (2/2)`,
    prompt: "Why? (optional; stored as the new decision's :rationale)",
    ignoreFocusOut: true,
  });
  if (why === undefined) return false;
  const r = await s.api.supersedeDecision(m.entity, text, why);
  const b = await vscode.window.showInformationMessage(`Lore: recorded ${r.entity}, which supersedes ${m.entity} (tx ${r.tx}).`, "Show History");
  if (b) await vscode.commands.executeCommand("lore.showHistory", r.entity);
  return true;
}

async function retractDecision(s: LoreServer, m: MemoryRow): Promise<boolean> {
  const reason = await vscode.window.showInputBox({
    title: `Retract ${m.entity}`,
    prompt: `Why does "${short(m)}" no longer hold? (kept in the history)`,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? null : "a reason is required"),
  });
  if (reason === undefined) return false;
  const yes = await vscode.window.showWarningMessage(
    `Retract ${m.entity}?`,
    { modal: true, detail: `"${m.description}" stops holding from now on; its history keeps it.` },
    "Retract",
  );
  if (yes !== "Retract") return false;
  const r = await s.api.retractDecision(m.entity, reason);
  void vscode.window.showInformationMessage(`Lore: retracted ${r.entity} (tx ${r.tx}).`);
  return true;
}

// Recording a decision, preference or constraint (from the palette, or from the server's code actions with
// a prefilled argument: the code it governs, the text, what it rejects), and asking memory.
import * as vscode from "vscode";
import { memoryPrefillArg, type MemoryPrefill } from "../commands";
import { ident, suggestName } from "../edn";
import { cursorContext, openMarkdown } from "../editor";
import { type MemoryKind, RELATION, validateName } from "../payloads";
import type { FactItem } from "../replies";
import type { LoreServer } from "../server";
import { type Ctx, serverCommand } from "./register";

export function register(ctx: Ctx): vscode.Disposable[] {
  return [
    serverCommand(ctx, "lore.recordDecision", (s, arg) => recordMemory(s, "decision", memoryPrefillArg(arg))),
    serverCommand(ctx, "lore.recordPreference", (s, arg) => recordMemory(s, "preference", memoryPrefillArg(arg))),
    serverCommand(ctx, "lore.recordConstraint", (s, arg) => recordMemory(s, "constraint", memoryPrefillArg(arg))),
    serverCommand(ctx, "lore.askMemory", (s) => askMemory(s)),
  ];
}

/** Where the cursor goes in a prefilled description: after a stem ending in ":" (to be completed), else the
 *  whole text selected (a suggestion to keep or replace). */
export function prefillSelection(value: string | undefined): [number, number] | undefined {
  if (!value) return undefined;
  return /:\s*$/.test(value) ? [value.length, value.length] : [0, value.length];
}

async function recordMemory(s: LoreServer, kind: MemoryKind, prefill: MemoryPrefill = {}): Promise<void> {
  const what = { decision: "What was decided?", preference: "What is preferred?", constraint: "What must (or must not) hold?" }[kind];
  const example = {
    decision: prefill.rejects ? `We don't use ${prefill.rejects.replace(/:[a-z]+\//g, "")}: …` : "Use PostgreSQL 15 as the primary database",
    preference: "Always use real database connections in tests",
    constraint: "Must support Python 3.10",
  }[kind];
  const description = await vscode.window.showInputBox({
    title: `Record a ${kind} (1/5)`,
    prompt: `${what} Stored as :description.`,
    placeHolder: example,
    value: prefill.description,
    // A code action's stem ("We don't use x: ") is to be completed: the cursor at its end, not the whole
    // text selected (VS Code's default), which the first key typed would replace.
    valueSelection: prefillSelection(prefill.description),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? null : "a description is required"),
  });
  if (description === undefined) return;
  const suggested = prefill.name && description === prefill.description ? prefill.name : await suggestedName(s, kind, description, prefill);
  const name = await vscode.window.showInputBox({
    title: `Record a ${kind} (2/5)`,
    prompt: `A short name; the entity becomes :${kind}/<name>${kind === "decision" ? " (-2, -3… when another decision has it)" : ""}.`,
    value: suggested,
    ignoreFocusOut: true,
    validateInput: (v) => {
      const bad = validateName(kind, v);
      if (bad) return bad;
      const taken = kind === "decision" ? " (or with -2… if taken)" : "";
      return { message: `Will be stored as ${ident(kind, v)}${taken}`, severity: vscode.InputBoxValidationSeverity.Info };
    },
  });
  if (name === undefined) return;
  const rationale = await vscode.window.showInputBox({
    title: `Record a ${kind} (3/5)`,
    prompt: "Why? (optional; stored as :rationale)",
    value: prefill.rationale,
    ignoreFocusOut: true,
  });
  if (rationale === undefined) return;
  let related: string | undefined = "";
  if (RELATION[kind]) {
    related = await vscode.window.showInputBox({
      title: `Record a ${kind} (4/5)`,
      prompt:
        kind === "decision"
          ? "Rejected alternatives (optional, comma-separated): package names become :module/<name>; or type idents like :dependency/mysql"
          : "What it forbids (optional, comma-separated): package names become :module/<name>; or type idents",
      value: kind === "decision" ? prefill.rejects : undefined,
      ignoreFocusOut: true,
    });
    if (related === undefined) return;
  }
  // From a code action the code is known: the symbol it governs, or (a rejection) the import it rejects.
  const governs = prefill.entity ? [prefill.entity] : prefill.rejects ? [] : await pickScope(kind);
  if (governs === undefined) return;
  const reason = await vscode.window.showInputBox({
    title: `Record a ${kind} (5/5)`,
    prompt: "Reason for this change (kept in the history)",
    value: `Recorded a ${kind} in VS Code`,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? null : "a reason is required"),
  });
  if (reason === undefined) return;
  const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Lore: recording ${kind}` }, () =>
    s.api.recordMemory({ kind, name, description, rationale, related, governs }, reason),
  );
  const b = await vscode.window.showInformationMessage(`Lore: recorded ${r.entity} (tx ${r.tx}).`, "Show History");
  if (b) await vscode.commands.executeCommand("lore.showHistory", r.entity);
}

/** A decision's name as the server would give it (lore/suggestDecision: one that keeps a negation, named
 * from what a rejection rejects); ours when the server has no such request or the kind is not a decision. */
async function suggestedName(s: LoreServer, kind: MemoryKind, description: string, prefill: MemoryPrefill): Promise<string> {
  if (kind === "decision") {
    const target = prefill.rejects?.split(",")[0]?.trim() || prefill.entity;
    try {
      return (await s.api.suggestDecision(prefill.rejects ? "rejects" : "governs", description, target)).name;
    } catch {
      // an older server: the extension's own suggestion (it keeps a negation too)
    }
  }
  return suggestName(description);
}

/** The code the memory governs: none, the current file, or a symbol around the cursor. */
async function pickScope(kind: MemoryKind): Promise<string[] | undefined> {
  const ctx = await cursorContext();
  if (!ctx) return [];
  const items: (vscode.QuickPickItem & { idents: string[] })[] = [{ label: "No specific code", description: "the whole project", idents: [] }];
  for (const id of ctx.idents) items.push({ label: id, description: id.startsWith(":module/") ? "this file" : "the symbol at the cursor", idents: [id] });
  const pick = await vscode.window.showQuickPick(items, { title: `Record a ${kind}: which code does it govern?`, ignoreFocusOut: true });
  return pick?.idents;
}

async function askMemory(s: LoreServer): Promise<void> {
  const ed = vscode.window.activeTextEditor;
  const sel = ed && !ed.selection.isEmpty ? ed.document.getText(ed.selection).slice(0, 500) : "";
  const message = await vscode.window.showInputBox({
    title: "Ask Lore's memory",
    prompt: "A question or the task at hand; Lore returns the decisions, constraints and code facts that bear on it",
    value: sel,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? null : "type a question"),
  });
  if (!message) return;
  const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: "Lore: asking memory" }, () => s.api.prepareTurn(message));
  type Item = vscode.QuickPickItem & { fact?: FactItem; context?: boolean };
  const items: Item[] = [];
  if (r.context.trim()) items.push({ label: "$(book) Open the full context", description: `${r.context.length} characters`, context: true });
  for (const f of r.facts) {
    items.push({
      label: f.entity,
      description: f.attribute + (f.confidence !== undefined && f.confidence < 1 ? ` (confidence ${f.confidence})` : ""),
      detail: f.value,
      fact: f,
    });
  }
  if (!items.length) {
    void vscode.window.showInformationMessage("Lore: memory has nothing on that yet.");
    return;
  }
  const pick = await vscode.window.showQuickPick(items, {
    title: `Lore: ${r.facts.length} fact(s) for "${message.slice(0, 60)}"`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!pick) return;
  if (pick.context) await openMarkdown(`# Lore context\n\n> ${message.replace(/\n/g, "\n> ")}\n\n${r.context}\n`);
  else if (pick.fact) await vscode.commands.executeCommand("lore.showHistory", pick.fact.entity);
}

// History of an entity (the symbol at the cursor, or one given) as a rendered timeline, and its
// neighbourhood as a graph.
import * as vscode from "vscode";
import { entityArg } from "../commands";
import { cursorContext } from "../editor";
import type { LoreServer } from "../server";
import { rankForFile } from "../symbols";
import { errorText } from "../util";
import type { GraphPanel, HistoryPanel } from "../views/panels";
import { nodeEntity } from "../views/tree";
import { type Ctx, serverCommand } from "./register";

export function register(ctx: Ctx, history: HistoryPanel, graph: GraphPanel): vscode.Disposable[] {
  const entityOf = (arg: unknown) => nodeEntity(arg) ?? entityArg(arg);
  const serverOf = (args: unknown[]) => (args[0] as { s?: LoreServer } | undefined)?.s;
  return [
    serverCommand(ctx, "lore.showHistory", async (s, arg) => {
      const entity = entityOf(arg) ?? (await pickEntityAtCursor(ctx, s, "history"));
      if (entity) await history.show(s, entity);
    }, serverOf),
    serverCommand(ctx, "lore.showGraph", async (s, arg) => {
      const entity = entityOf(arg) ?? (await pickEntityAtCursor(ctx, s, "neighbourhood graph"));
      if (entity) await graph.show(s, entity);
    }, serverOf),
  ];
}

async function pickEntityAtCursor(ctx: Ctx, s: LoreServer, what: string): Promise<string | undefined> {
  const cur = await cursorContext();
  const ids: string[] = [];
  if (cur) {
    if (cur.word) {
      try {
        ids.push(...rankForFile(await s.api.entitiesNamed(cur.word), cur.rel));
      } catch (e) {
        ctx.log.debug(`looking up ${cur.word}: ${errorText(e)}`);
      }
    }
    ids.push(...cur.idents);
  }
  const unique = [...new Set(ids)];
  if (unique.length === 1) return unique[0];
  if (unique.length > 1) {
    const typeOwn = "$(edit) Type an entity…";
    const pick = await vscode.window.showQuickPick([...unique, typeOwn], { title: `Lore: ${what} of which entity?` });
    if (pick !== typeOwn) return pick;
  }
  return vscode.window.showInputBox({
    title: `Lore: ${what} of an entity`,
    prompt: "An entity ident, e.g. :decision/postgres or :function/src-auth-py-login",
    ignoreFocusOut: true,
  });
}

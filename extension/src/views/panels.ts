// The history view (an entity's story: commits, renames and memories on one timeline) and the graph view
// (an entity's neighbourhood, laid out as SVG here): read-only webviews, one of each, reused.
import { randomBytes } from "node:crypto";
import * as vscode from "vscode";
import { sqlText, ViewApi } from "../api";
import { openAt } from "../editor";
import type { HistoryRow } from "../replies";
import type { LoreServer } from "../server";
import { buildStory, type CommitInfo, commitsOf, type MemoryLink, renamedFrom } from "../timeline";
import { graphHtml, storyHtml } from "../webview";

const MAX_TX = 2147483647;
const nonce = () => randomBytes(16).toString("base64");

export function viewApi(s: LoreServer): ViewApi {
  return new ViewApi((m, p) => s.api.send(m, p));
}

/** The entity's rows and those of its former names, followed back through :renamed-from (at most 8). */
async function histories(s: LoreServer, entity: string): Promise<Map<string, HistoryRow[]>> {
  const out = new Map<string, HistoryRow[]>();
  const todo = [entity];
  while (todo.length && out.size < 8) {
    const e = todo.shift() as string;
    if (out.has(e)) continue;
    const h = await s.api.history(e);
    out.set(e, h.rows);
    todo.push(...renamedFrom(h.rows));
  }
  return out;
}

async function commitInfo(v: ViewApi, commits: string[]): Promise<Map<string, CommitInfo>> {
  const out = new Map<string, CommitInfo>();
  if (!commits.length) return out;
  const rows = await v.sql(
    `SELECT e, a, v FROM facts WHERE e IN (${commits.slice(0, 500).map(sqlText).join(", ")}) AND a IN (':subject', ':author', ':date', ':hash') AND tx_to = ${MAX_TX}`,
  );
  for (const [e, a, val] of rows.map((r) => r.map(String))) {
    const c = out.get(e) ?? { subject: "", author: "", date: "", hash: "" };
    c[a.slice(1) as keyof CommitInfo] = val;
    out.set(e, c);
  }
  return out;
}

/** Memories that name any of `entities` (decision, constraint, preference), also those since retracted. */
async function memoryLinks(v: ViewApi, entities: string[]): Promise<MemoryLink[]> {
  const rows = await v.sql(
    `SELECT f.e, t.v, f.a, coalesce(any_value(d.v), ''), strftime(make_timestamp(min(x.instant)), '%Y-%m-%dT%H:%M:%SZ'), ` +
      `CASE WHEN max(f.tx_to) < ${MAX_TX} THEN strftime(make_timestamp(any_value(y.instant)), '%Y-%m-%dT%H:%M:%SZ') END ` +
      `FROM facts f JOIN facts t ON t.e = f.e AND t.a = ':entity-type' AND t.v IN (':type/decision', ':type/constraint', ':type/preference') AND t.tx_to = ${MAX_TX} ` +
      `LEFT JOIN facts d ON d.e = f.e AND d.a = ':description' AND d.tx_to = ${MAX_TX} JOIN tx x ON x.tx = f.tx_from LEFT JOIN tx y ON y.tx = f.tx_to ` +
      `WHERE f.vt = 'k' AND f.v IN (${entities.map(sqlText).join(", ")}) AND NOT f.inferred GROUP BY f.e, t.v, f.a ORDER BY 5 LIMIT 200`,
  );
  return rows.map((r) => ({
    memory: String(r[0]),
    kind: String(r[1]).replace(":type/", ""),
    relation: String(r[2]),
    description: String(r[3] ?? ""),
    recorded: String(r[4] ?? ""),
    retracted: r[5] ? String(r[5]) : undefined,
  }));
}

type Message = { open?: string; line?: number; history?: string; graph?: string };

abstract class Panel {
  protected panel: vscode.WebviewPanel | undefined;
  protected server: LoreServer | undefined;

  constructor(
    private readonly viewType: string,
    private readonly onError: (e: unknown) => void,
  ) {}

  protected reveal(title: string): vscode.WebviewPanel {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(this.viewType, title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, { enableScripts: true, localResourceRoots: [] });
      this.panel.onDidDispose(() => (this.panel = undefined));
      this.panel.webview.onDidReceiveMessage((m: Message) => void this.onMessage(m).catch(this.onError));
    }
    this.panel.title = title;
    this.panel.reveal(undefined, false);
    return this.panel;
  }

  private async onMessage(m: Message): Promise<void> {
    if (typeof m.open === "string" && this.server) await openAt(this.server.root, m.open, m.line);
    else if (typeof m.history === "string") await vscode.commands.executeCommand("lore.showHistory", m.history);
    else if (typeof m.graph === "string") await vscode.commands.executeCommand("lore.showGraph", m.graph);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

export class HistoryPanel extends Panel {
  constructor(onError: (e: unknown) => void) {
    super("lore.history", onError);
  }

  async show(s: LoreServer, entity: string): Promise<void> {
    this.server = s;
    const v = viewApi(s);
    const hs = await histories(s, entity);
    const all = [...hs.values()].flat();
    const [commits, memories] = await Promise.all([commitInfo(v, commitsOf(all)), memoryLinks(v, [...hs.keys()])]);
    const story = buildStory(entity, hs, commits, memories);
    this.reveal(`History: ${entity.replace(/^:[a-z-]+\//, "")}`).webview.html = storyHtml(story, nonce());
  }
}

export class GraphPanel extends Panel {
  constructor(onError: (e: unknown) => void) {
    super("lore.graph", onError);
  }

  async show(s: LoreServer, entity: string): Promise<void> {
    this.server = s;
    const n = await viewApi(s).neighbourhood(entity);
    this.reveal(`Graph: ${entity.replace(/^:[a-z-]+\//, "")}`).webview.html = graphHtml(n, nonce());
  }
}

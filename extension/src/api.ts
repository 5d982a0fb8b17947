// The lore/* requests as typed calls over any JSON-RPC "send" (the LanguageClient in VS Code; a plain
// vscode-jsonrpc connection in the end-to-end test), so the same code is exercised in both.
import { ednString } from "./edn";
import * as payloads from "./payloads";
import * as replies from "./replies";

export type Send = (method: string, params: unknown) => Promise<unknown>;

function unwrap<T>(r: payloads.Result<T>): T {
  if (!r.ok) throw new replies.LoreReplyError(r.error.code, r.error.message);
  return r.value;
}

/** {ok, decision, tx} -> {entity, tx}. */
export function decisionReply(reply: unknown, method: string): { entity: string; tx: number } {
  const r = replies.checkReply(reply, method);
  if (typeof r.decision !== "string" || !r.decision.startsWith(":")) throw new replies.LoreReplyError("bad-reply", `${method}: the reply names no decision`);
  if (typeof r.tx !== "number") throw new replies.LoreReplyError("bad-reply", `${method}: the reply has no tx number`);
  return { entity: r.decision, tx: r.tx };
}

export class LoreApi {
  constructor(readonly send: Send) {}

  async transact(facts: string, reason: string): Promise<{ tx: number }> {
    const r = replies.checkReply(await this.send("lore/transact", unwrap(payloads.transactParams(facts, reason))), "lore/transact");
    if (typeof r.tx !== "number") throw new replies.LoreReplyError("bad-reply", "lore/transact: the reply has no tx number");
    return { tx: r.tx };
  }

  /** A decision through lore/recordDecision (the server picks a free name: a second decision with the same
   * short name is `-2`, never merged into the first); a preference or constraint as a transaction. */
  async recordMemory(input: payloads.MemoryInput, reason: string): Promise<{ entity: string; tx: number }> {
    if (input.kind === "decision") return this.recordDecision(unwrap(payloads.recordDecisionParams(input, reason)));
    let m = unwrap(payloads.memoryFacts(input));
    // No server request names these: the first free `<name>`, `<name>-2`… as the server does for decisions
    // (so a second one with a name taken is a new memory, not facts merged into the first).
    const taken = await this.sqlColumn(`SELECT DISTINCT e FROM facts WHERE e = ${sqlText(m.entity)} OR starts_with(e, ${sqlText(m.entity + "-")}) LIMIT 10000`);
    const free = payloads.freeIdent(m.entity, taken);
    if (free !== m.entity) m = unwrap(payloads.memoryFacts({ ...input, name: free.slice(free.indexOf("/") + 1) }));
    const { tx } = await this.transact(m.facts, reason);
    return { entity: m.entity, tx };
  }

  private async sqlColumn(sql: string): Promise<string[]> {
    const r = replies.checkReply(await this.send("lore/sql", { sql }), "lore/sql");
    return Array.isArray(r.rows) ? r.rows.filter(Array.isArray).map((row) => String(row[0])) : [];
  }

  async recordDecision(params: payloads.RecordDecisionParams): Promise<{ entity: string; tx: number }> {
    return decisionReply(await this.send("lore/recordDecision", params), "lore/recordDecision");
  }

  /** The short name the server would give (one that keeps a negation), and the free ident it would be. */
  async suggestDecision(kind: "rejects" | "governs", text: string, target?: string): Promise<{ name: string; decision?: string }> {
    const r = replies.checkReply(await this.send("lore/suggestDecision", { kind, text, ...(target ? { target } : {}) }), "lore/suggestDecision");
    if (typeof r.name !== "string" || !r.name) throw new replies.LoreReplyError("bad-reply", "lore/suggestDecision: the reply has no name");
    return { name: r.name, decision: typeof r.decision === "string" ? r.decision : undefined };
  }

  async editDecision(decision: string, current: { description: string; rationale?: string }, edited: { description: string; rationale?: string }): Promise<{ entity: string; tx: number }> {
    return decisionReply(await this.send("lore/editDecision", unwrap(payloads.editDecisionParams(decision, current, edited))), "lore/editDecision");
  }

  /** A new decision that supersedes `decision` (the old one's facts end now); the reply's entity is the new one. */
  async supersedeDecision(decision: string, text: string, why?: string, name?: string): Promise<{ entity: string; tx: number }> {
    return decisionReply(await this.send("lore/supersedeDecision", unwrap(payloads.supersedeDecisionParams(decision, text, why, name))), "lore/supersedeDecision");
  }

  async retractDecision(decision: string, reason: string): Promise<{ entity: string; tx: number }> {
    return decisionReply(await this.send("lore/retractDecision", unwrap(payloads.retractDecisionParams(decision, reason))), "lore/retractDecision");
  }

  async prepareTurn(message: string): Promise<{ context: string; facts: replies.FactItem[] }> {
    return replies.parsePrepareTurn(await this.send("lore/prepareTurn", unwrap(payloads.prepareTurnParams(message))));
  }

  async history(entity: string): Promise<{ entity: string; rows: replies.HistoryRow[] }> {
    const p = unwrap(payloads.historyParams(entity));
    const h = replies.parseHistory(await this.send("lore/history", p));
    return { entity: h.entity || p.entity, rows: h.rows };
  }

  async warnings(uri?: string | null): Promise<replies.WarningItem[]> {
    return replies.parseWarnings(await this.send("lore/warnings", payloads.warningsParams(uri)));
  }

  /**
   * Every warning the editor shows: history with the working layer over it — the branch's changes and the
   * unsaved buffers (lore/layerWarnings) — as the Problems panel has them; lore/warnings is history's alone
   * (the CLI's `lore warnings`), which left the status bar at "0" beside an unsaved rejected import's warning.
   * The status bar, the Lore view, CodeLens and the warnings list all read this. `file` (a path, absolute or
   * relative to `root`): that file's alone. A server without the layer, or a folder that is no work tree,
   * answers with history's.
   */
  async editorWarnings(root: string, file?: string): Promise<replies.WarningItem[]> {
    try {
      return replies.parseWarnings(await this.send("lore/layerWarnings", file ? { root, file } : { root }));
    } catch (e) {
      if (e instanceof replies.LoreReplyError || (e instanceof Error && /method not found|unhandled method/i.test(e.message))) {
        return replies.parseWarnings(await this.send("lore/warnings", file ? { file } : {}));
      }
      throw e;
    }
  }

  async dismiss(id: string, reason: string): Promise<void> {
    replies.checkReply(await this.send("lore/dismiss", unwrap(payloads.dismissParams(id, reason))), "lore/dismiss");
  }

  /** Start ingesting; one already running (e.g. the server's own at start-up) is reported as running. */
  async ingest(repo?: string | null, branch?: string | null): Promise<replies.IngestProgress | null> {
    let r: Record<string, unknown>;
    try {
      r = replies.checkReply(await this.send("lore/ingest", payloads.ingestParams(repo, branch)), "lore/ingest");
    } catch (e) {
      if (e instanceof replies.LoreReplyError && e.code === "ingest-running") return { status: "running", message: e.message };
      throw e;
    }
    return replies.parseIngestProgress(r);
  }

  async ingestStatus(): Promise<replies.IngestProgress | null> {
    return replies.parseIngestProgress(replies.checkReply(await this.send("lore/ingestStatus", {}), "lore/ingestStatus"));
  }

  /** Entities whose :name is `name` (the definition's own name), for "the symbol under the cursor". */
  async entitiesNamed(name: string): Promise<string[]> {
    const q = "[:find ?e :in $name :where [?e :name $name]]";
    const reply = await this.send("lore/query", { query: q, params: { name: ednString(name) } });
    return replies.firstColumn(reply);
  }
}

// ------------------------------------------------------------------------------------ views
// The views read through requests that exist on every server: lore/query, lore/sql, lore/layerWarnings
// (lore/warnings before it), lore/history, and lore/graph when the server has it.

/** A SQL string literal. */
export function sqlText(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

const MAX_TX = 2147483647;

/**
 * SQL: `mem(e, v)`, each decision, constraint and preference that holds (`now`: a condition on `f`) with its
 * kind as `:type/…`. Its `:entity-type` says, else its ident's namespace: `lore transact '[[:decision/db
 * :description …]]'` (the README's way) and an agent's `finalize-turn --facts` write no `:entity-type`, and
 * the view listed none of them (user trial 9) while hovers, prepare-turn and `lore://decisions` did.
 */
function memoryKinds(now: string): string {
  return (
    `typed AS (SELECT f.e, f.v, 0 AS rank FROM facts f WHERE f.a = ':entity-type' AND f.v IN (':type/decision', ':type/constraint', ':type/preference') AND ${now} ` +
    `UNION ALL SELECT f.e, ':type/' || split_part(substr(f.e, 2), '/', 1), 1 FROM facts f ` +
    `WHERE (starts_with(f.e, ':decision/') OR starts_with(f.e, ':constraint/') OR starts_with(f.e, ':preference/')) AND NOT f.inferred AND ${now}), ` +
    `mem AS (SELECT e, arg_min(v, rank) AS v FROM typed GROUP BY e)`
  );
}

export interface MemoryRow {
  entity: string;
  kind: "decision" | "constraint" | "preference";
  description: string;
  rationale: string;
}

export interface DismissedRow {
  id: string;
  reason: string;
  tx: number;
  /** The warning's message and file, while the rule still concludes it. */
  message?: string;
  file?: string;
}

export interface LensRow {
  entity: string;
  line: number;
  endLine: number;
  decisions: number;
  constraints: number;
  preferences: number;
}

export interface GraphNode {
  id: string;
  label: string;
  kind: string;
}

export interface GraphEdge {
  from: string;
  to: string;
  label: string;
}

export interface Neighbourhood {
  center: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export class ViewApi {
  constructor(private readonly send: Send) {}

  async sql(sql: string): Promise<unknown[][]> {
    const r = replies.checkReply(await this.send("lore/sql", { sql }), "lore/sql");
    return Array.isArray(r.rows) ? r.rows.filter(Array.isArray) : [];
  }

  /** Decisions, constraints and preferences the graph holds now, with their descriptions. */
  async memories(): Promise<MemoryRow[]> {
    const now = (f: string) => `${f}.tx_to = ${MAX_TX} AND ${f}.valid_from <= epoch_us(now()) AND ${f}.valid_to > epoch_us(now())`;
    const rows = await this.sql(
      `WITH ${memoryKinds(now("f"))} ` +
        `SELECT t.e, t.v, coalesce(any_value(d.v), ''), coalesce(any_value(r.v), '') FROM mem t ` +
        `LEFT JOIN facts d ON d.e = t.e AND d.a = ':description' AND ${now("d")} LEFT JOIN facts r ON r.e = t.e AND r.a = ':rationale' AND ${now("r")} ` +
        `GROUP BY t.e, t.v ORDER BY t.v, t.e LIMIT 2000`,
    );
    return rows.map((r) => ({
      entity: String(r[0]),
      kind: String(r[1]).replace(":type/", "") as MemoryRow["kind"],
      description: String(r[2] ?? ""),
      rationale: String(r[3] ?? ""),
    }));
  }

  /** Warnings dismissed now, with the reason given. */
  async dismissed(): Promise<DismissedRow[]> {
    const rows = await this.sql(
      `WITH d AS (SELECT f.e, x.reason, x.tx FROM facts f JOIN tx x ON x.tx = f.tx_from WHERE f.a = ':lore/dismissed' AND f.vt = 'b' AND f.v = 'true' ` +
        `AND NOT f.inferred AND f.tx_to = ${MAX_TX} AND f.valid_to > epoch_us(now())), ` +
        `w AS (SELECT json_extract_string(v, '$.id') AS id, any_value(json_extract_string(v, '$.message')) AS message, any_value(json_extract_string(v, '$.file')) AS file ` +
        `FROM facts WHERE a = ':lore/warning' AND inferred AND tx_to = ${MAX_TX} GROUP BY 1) ` +
        `SELECT d.e, d.reason, d.tx, w.message, w.file FROM d LEFT JOIN w ON ':warning/' || w.id = d.e ORDER BY d.tx DESC LIMIT 500`,
    );
    return rows.map((r) => ({
      id: String(r[0]).replace(/^:warning\//, ""),
      reason: String(r[1] ?? ""),
      tx: Number(r[2]),
      message: typeof r[3] === "string" ? r[3] : undefined,
      file: typeof r[4] === "string" ? r[4] : undefined,
    }));
  }

  /** Undo a dismissal: retract the fact `lore dismiss` recorded. */
  async undoDismiss(id: string, reason: string): Promise<void> {
    if (!/^[a-z][a-z0-9-]{0,80}-[0-9a-f]{12}$/.test(id)) throw new replies.LoreReplyError("bad-warning-id", `${id} is not a warning id`);
    replies.checkReply(await this.send("lore/retract", { facts: `[[:warning/${id} :lore/dismissed true]]`, reason }), "lore/retract");
  }

  /** Definitions in `rel` (a path relative to the repository) and the memories about each, for CodeLens. */
  async lens(rel: string): Promise<LensRow[]> {
    const rows = await this.sql(
      `WITH here AS (SELECT entity, min(line) AS line, max(end_line) AS end_line FROM code_locations WHERE file = ${sqlText(rel)} GROUP BY entity ` +
        `UNION ALL SELECT target, min(line), max(end_line) FROM import_locations WHERE file = ${sqlText(rel)} GROUP BY target), ` +
        `${memoryKinds(`f.tx_to = ${MAX_TX} AND f.valid_to > epoch_us(now())`)} ` +
        `SELECT h.entity, h.line, h.end_line, ` +
        `count(DISTINCT CASE WHEN m.v = ':type/decision' THEN m.e END), count(DISTINCT CASE WHEN m.v = ':type/constraint' THEN m.e END), ` +
        `count(DISTINCT CASE WHEN m.v = ':type/preference' THEN m.e END) ` +
        `FROM here h JOIN facts f ON f.vt = 'k' AND f.v = h.entity AND f.tx_to = ${MAX_TX} AND f.valid_to > epoch_us(now()) JOIN mem m ON m.e = f.e ` +
        `GROUP BY h.entity, h.line, h.end_line ORDER BY h.line LIMIT 1000`,
    );
    return rows.map((r) => ({
      entity: String(r[0]),
      line: Number(r[1]),
      endLine: Number(r[2]),
      decisions: Number(r[3]),
      constraints: Number(r[4]),
      preferences: Number(r[5]),
    }));
  }

  /** An entity and what it points at / what points at it now: `lore/graph` when the server has it, else the facts. */
  async neighbourhood(entity: string, limit = 40): Promise<Neighbourhood> {
    try {
      const g = parseGraph(await this.send("lore/graph", { entity, format: "json" }), entity);
      if (g) return g;
    } catch (e) {
      // An older server has no lore/graph: the facts give the same picture.
      if (!(e instanceof Error) || !/unknown|not found|-32601/i.test(e.message + String((e as { code?: unknown }).code ?? ""))) throw e;
    }
    const rows = await this.sql(
      `SELECT e, a, v FROM facts WHERE vt = 'k' AND (e = ${sqlText(entity)} OR v = ${sqlText(entity)}) AND tx_to = ${MAX_TX} AND valid_to > epoch_us(now()) ` +
        `AND a NOT IN (':entity-type', ':introduced-by', ':modified-in') ORDER BY e = ${sqlText(entity)} DESC, a, e, v LIMIT ${limit}`,
    );
    return neighbourhoodFromFacts(entity, rows.map((r) => [String(r[0]), String(r[1]), String(r[2])]));
  }
}

const kindOf = (id: string) => (/^:([a-z0-9_.?-]+)\//.exec(id)?.[1] ?? "entity");

export function neighbourhoodFromFacts(center: string, facts: [string, string, string][]): Neighbourhood {
  const nodes = new Map<string, GraphNode>([[center, { id: center, label: center, kind: kindOf(center) }]]);
  const edges: GraphEdge[] = [];
  for (const [e, a, v] of facts) {
    for (const id of [e, v]) if (!nodes.has(id)) nodes.set(id, { id, label: id, kind: kindOf(id) });
    edges.push({ from: e, to: v, label: a });
  }
  return { center, nodes: [...nodes.values()], edges };
}

/** lore/graph's JSON ({entity, nodes: [{id, label, kind}], edges: [{from, to, relation}]}, as `lore graph
 * --format json`; other spellings of the same are taken too), or null when the reply has another shape. */
export function parseGraph(reply: unknown, center: string): Neighbourhood | null {
  const r = replies.checkReply(reply, "lore/graph");
  const g = (typeof r.graph === "object" && r.graph !== null ? r.graph : r) as Record<string, unknown>;
  if (!Array.isArray(g.nodes) || !Array.isArray(g.edges)) return null;
  const nodes: GraphNode[] = [];
  for (const n of g.nodes) {
    if (typeof n === "string") nodes.push({ id: n, label: n, kind: kindOf(n) });
    else if (n && typeof n === "object") {
      const o = n as Record<string, unknown>;
      const id = typeof o.id === "string" ? o.id : typeof o.entity === "string" ? o.entity : undefined;
      if (!id) continue;
      const label = typeof o.label === "string" ? o.label : typeof o.description === "string" ? o.description : id;
      nodes.push({ id, label, kind: typeof o.kind === "string" ? o.kind : kindOf(id) });
    }
  }
  const ids = new Set(nodes.map((n) => n.id));
  const edges: GraphEdge[] = [];
  for (const e of g.edges) {
    if (!e || typeof e !== "object") continue;
    const o = e as Record<string, unknown>;
    const from = o.from ?? o.source ?? o.e;
    const to = o.to ?? o.target ?? o.v;
    const label = o.label ?? o.relation ?? o.attribute ?? o.a ?? "";
    if (typeof from !== "string" || typeof to !== "string") continue;
    for (const id of [from, to]) {
      if (ids.has(id)) continue;
      ids.add(id);
      nodes.push({ id, label: id, kind: kindOf(id) });
    }
    edges.push({ from, to, label: String(label) });
  }
  if (!ids.has(center)) nodes.unshift({ id: center, label: center, kind: kindOf(center) });
  return { center: typeof g.center === "string" ? g.center : typeof g.entity === "string" ? g.entity : center, nodes, edges };
}

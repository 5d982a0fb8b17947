// Replies of the lore/* requests (identical to `lore … --json`): checked before use, because the server is
// a separate program that may be older or newer than this extension. A reply that does not fit becomes a
// LoreReplyError with a message, never an exception deep inside a command.

export class LoreReplyError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly position?: unknown,
  ) {
    super(message);
    this.name = "LoreReplyError";
  }
}

type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const str = (x: unknown): string | undefined => (typeof x === "string" ? x : undefined);
const num = (x: unknown): number | undefined => (typeof x === "number" && Number.isFinite(x) ? x : undefined);

/** `{"ok": true, …}` -> the object; `{"ok": false, "error": …}` or anything else -> LoreReplyError. */
export function checkReply(reply: unknown, method: string): Obj {
  if (!isObj(reply)) throw new LoreReplyError("bad-reply", `${method}: the server answered ${typeof reply}, not an object`);
  if (reply.ok === true) return reply;
  if (reply.ok === false) {
    const e = isObj(reply.error) ? reply.error : {};
    throw new LoreReplyError(str(e.code) ?? "error", str(e.message) ?? `${method} failed`, e.position);
  }
  throw new LoreReplyError("bad-reply", `${method}: the reply has no "ok" field`);
}

/** Any JSON value as one line of text for people. */
export function display(v: unknown): string {
  if (v === null || v === undefined) return "—";
  if (typeof v === "string") return v;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

// ------------------------------------------------------------------------------------ prepareTurn

export interface FactItem {
  entity: string;
  attribute: string;
  value: string;
  confidence?: number;
}

/** A fact given as [e a v …] or as an object with entity/attribute/value (or e/a/v). */
export function parseFact(f: unknown): FactItem | null {
  if (Array.isArray(f) && f.length >= 3) {
    return { entity: display(f[0]), attribute: display(f[1]), value: display(f[2]), confidence: num(f[3]) };
  }
  if (isObj(f)) {
    const entity = f.entity ?? f.e;
    const attribute = f.attribute ?? f.a;
    if (entity === undefined || attribute === undefined) return null;
    return { entity: display(entity), attribute: display(attribute), value: display(f.value ?? f.v), confidence: num(f.confidence) };
  }
  return null;
}

export function parsePrepareTurn(reply: unknown): { context: string; facts: FactItem[] } {
  const r = checkReply(reply, "lore/prepareTurn");
  const facts = Array.isArray(r.facts) ? r.facts.map(parseFact).filter((x): x is FactItem => x !== null) : [];
  return { context: str(r.context) ?? "", facts };
}

// ------------------------------------------------------------------------------------ warnings

export interface WarningItem {
  id: string;
  code: string;
  message: string;
  severity: "warning" | "information";
  confidence?: number;
  entity?: string;
  file?: string;
  /** 1-based, as the server sends it. */
  line?: number;
  column?: number;
}

/** What tells two lists of warnings apart for a view: each one's id and place, in any order. */
export function warningsKey(ws: WarningItem[]): string {
  return ws.map((w) => `${w.id} ${w.file ?? ""}:${w.line ?? ""}:${w.column ?? ""}`).sort().join("\n");
}

export function parseWarnings(reply: unknown): WarningItem[] {
  const r = checkReply(reply, "lore/warnings");
  const list = Array.isArray(r.warnings) ? r.warnings : [];
  const out: WarningItem[] = [];
  for (const w of list) {
    if (!isObj(w)) continue;
    const id = str(w.id) ?? (num(w.id) !== undefined ? String(w.id) : undefined);
    const message = str(w.message);
    if (!id || !message) continue;
    out.push({
      id,
      code: str(w.code) ?? str(w.rule) ?? "lore",
      message,
      severity: w.severity === "information" ? "information" : "warning",
      confidence: num(w.confidence),
      entity: str(w.entity),
      file: str(w.file),
      line: num(w.line),
      column: num(w.column),
    });
  }
  return out;
}

// ------------------------------------------------------------------------------------ history

export interface HistoryRow {
  tx: number;
  instant: string;
  reason: string;
  source: string;
  op: string;
  attribute: string;
  value: string;
  validFrom: string;
  validTo: string;
  inferred: boolean;
  rule?: string;
  confidence?: number;
}

export function parseHistory(reply: unknown): { entity: string; rows: HistoryRow[] } {
  const r = checkReply(reply, "lore/history");
  const rows: HistoryRow[] = [];
  for (const h of Array.isArray(r.history) ? r.history : []) {
    if (!isObj(h)) continue;
    rows.push({
      tx: num(h.tx) ?? 0,
      instant: str(h.instant) ?? "",
      reason: str(h.reason) ?? "",
      source: str(h.source) ?? "",
      op: str(h.op) ?? "",
      attribute: str(h.attribute) ?? "",
      value: display(h.value),
      validFrom: typeof h.valid_from === "string" ? h.valid_from : "−∞",
      // null is the open end (SPEC §3: "no value as null").
      validTo: typeof h.valid_to === "string" ? h.valid_to : "∞",
      inferred: h.inferred === true,
      rule: str(h.rule),
      confidence: num(h.confidence),
    });
  }
  return { entity: str(r.entity) ?? "", rows };
}

/** Text safe inside a Markdown table cell: no line breaks, pipes or HTML. */
export function mdCell(s: string): string {
  return s
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/[<>]/g, (c) => (c === "<" ? "&lt;" : "&gt;"))
    .replace(/[`*_[\]]/g, (c) => "\\" + c)
    .replace(/\r?\n|\r/g, " ");
}

export function renderHistory(entity: string, rows: HistoryRow[]): string {
  const lines = [`# History of \`${entity.replace(/`/g, "")}\``, ""];
  if (!rows.length) {
    lines.push("The graph has no facts about this entity (was the repository ingested?).");
    return lines.join("\n") + "\n";
  }
  lines.push("| tx | when | change | attribute | value | valid | reason | source |", "| ---: | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) {
    const change = r.op === "retract" ? "− retract" : "+ assert";
    const src = r.inferred ? `rule ${r.rule ?? "?"} (${r.confidence ?? "?"})` : r.source;
    lines.push(
      `| ${r.tx} | ${mdCell(r.instant)} | ${change} | ${mdCell(r.attribute)} | ${mdCell(r.value)} | ${mdCell(r.validFrom)} → ${mdCell(r.validTo)} | ${mdCell(r.reason)} | ${mdCell(src)} |`,
    );
  }
  return lines.join("\n") + "\n";
}

// ------------------------------------------------------------------------------------ ingestion

export interface IngestProgress {
  status: string;
  processed?: number;
  total?: number;
  /** Commits in the graph so far (lore/ingestStatus when idle). */
  ingested?: number;
  message?: string;
}

/** The reply of lore/ingest and lore/ingestStatus, or the lore/ingestProgress notification's params. */
export function parseIngestProgress(x: unknown): IngestProgress | null {
  if (!isObj(x)) return null;
  const src = isObj(x.ingestion) ? x.ingestion : x;
  const status = str(src.status);
  if (!status) return null;
  const out: IngestProgress = { status, processed: num(src.processed), total: num(src.total), message: str(src.message) ?? str(src.error) };
  const ingested = num(src.total_ingested);
  if (ingested !== undefined) out.ingested = ingested;
  return out;
}

/** Names of the ids found by `[:find ?e …]`: the first column of a query reply. */
export function firstColumn(reply: unknown, method = "lore/query"): string[] {
  const r = checkReply(reply, method);
  if (!Array.isArray(r.results)) return [];
  return r.results.filter(Array.isArray).map((row) => display((row as unknown[])[0]));
}

// What the status bar item says: server state, ingestion progress (standard work-done progress, and
// lore/ingestStatus read when the graph changes) and the number of warnings. Pure state -> text, unit-tested.
import type { IngestProgress } from "./replies";

export type ServerState = "starting" | "running" | "stopped" | "failed" | "not-found";

export interface WorkDone {
  title: string;
  message?: string;
  percentage?: number;
}

export interface StatusState {
  server: ServerState;
  ingest: IngestProgress | null;
  /** Active work-done progress by token. */
  work: Map<string, WorkDone>;
  warnings: number | null;
  detail?: string;
}

export function initialState(): StatusState {
  return { server: "starting", ingest: null, work: new Map(), warnings: null };
}

/** LSP $/progress values: begin / report / end. */
export function applyWorkDone(state: StatusState, token: string | number, value: unknown): StatusState {
  if (typeof value !== "object" || value === null) return state;
  const v = value as { kind?: unknown; title?: unknown; message?: unknown; percentage?: unknown };
  const key = String(token);
  const work = new Map(state.work);
  const pct = typeof v.percentage === "number" && Number.isFinite(v.percentage) ? Math.max(0, Math.min(100, v.percentage)) : undefined;
  const msg = typeof v.message === "string" ? v.message : undefined;
  if (v.kind === "begin") {
    work.set(key, { title: typeof v.title === "string" ? v.title : "working", message: msg, percentage: pct });
  } else if (v.kind === "report") {
    const cur = work.get(key) ?? { title: "working" };
    work.set(key, { title: cur.title, message: msg ?? cur.message, percentage: pct ?? cur.percentage });
  } else if (v.kind === "end") {
    work.delete(key);
  } else {
    return state;
  }
  return { ...state, work };
}

const BUSY = new Set(["starting", "running"]);

export interface StatusView {
  text: string;
  tooltip: string;
  /** "error" / "warning" background, or none. */
  tone: "error" | "warning" | null;
  busy: boolean;
}

function clampText(s: string, n = 40): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > n ? one.slice(0, n - 1) + "…" : one;
}

export function render(state: StatusState): StatusView {
  const tips: string[] = [];
  if (state.detail) tips.push(state.detail);
  if (state.server === "not-found") {
    return { text: "$(error) Lore: no server", tooltip: [...tips, "Click for what to install"].join("\n"), tone: "error", busy: false };
  }
  if (state.server === "failed") {
    return { text: "$(error) Lore", tooltip: [...tips, "The Lore server stopped; click to see the log"].join("\n"), tone: "error", busy: false };
  }
  if (state.server === "stopped") return { text: "$(circle-slash) Lore", tooltip: [...tips, "The Lore server is stopped"].join("\n"), tone: null, busy: false };
  if (state.server === "starting") return { text: "$(sync~spin) Lore", tooltip: [...tips, "Starting the Lore server…"].join("\n"), tone: null, busy: true };

  const ing = state.ingest;
  const ingBusy = ing !== null && BUSY.has(ing.status);
  const warn = state.warnings === null ? "" : ` $(warning) ${state.warnings}`;
  // Work-done progress is live (every report), and VS Code shows its message — the count — in its own
  // progress item beside this one: the item says what runs, not a second count (a stale 266/2655 stood
  // beside VS Code's 1890/2655 for 40 s, since lore/ingestStatus is read only when the graph changes).
  const active = [...state.work.values()];
  if (active.length) {
    const w = active[active.length - 1];
    // The server's titles already say "Lore: …"; the item says "Lore" once.
    const title = w.title.replace(/^\s*lore\s*:\s*/i, "") || "working";
    for (const a of active) tips.push(`${a.title}${a.message ? ": " + a.message : ""}${a.percentage !== undefined ? ` (${Math.round(a.percentage)}%)` : ""}`);
    if (state.warnings !== null) tips.push(`${state.warnings} warning(s)`);
    return { text: `$(sync~spin) Lore: ${clampText(title, 30)}${warn}`, tooltip: tips.join("\n"), tone: null, busy: true };
  }
  if (ingBusy) {
    const counts = ing.total ? ` ${ing.processed ?? 0}/${ing.total}` : ing.processed !== undefined ? ` ${ing.processed}` : "";
    tips.push(`Ingesting the repository: ${ing.status}${counts}`);
    if (state.warnings !== null) tips.push(`${state.warnings} warning(s)`);
    return { text: `$(sync~spin) Lore: ingesting${counts}${warn}`, tooltip: tips.join("\n"), tone: null, busy: true };
  }
  if (ing && ing.status === "error") tips.push(`Last ingestion failed${ing.message ? ": " + ing.message : ""}`);
  else if (ing) {
    const what = ing.ingested ? ` (${ing.ingested} commits in the graph)` : ing.processed !== undefined ? ` (${ing.processed} processed)` : "";
    tips.push(`Ingestion: ${ing.status}${what}`);
  }
  tips.push(state.warnings === null ? "Warnings: counting… (the server answers once it has caught up)" : `${state.warnings} warning(s) — click to list them`);
  const tone = ing && ing.status === "error" ? "warning" : null;
  return { text: `$(book) Lore${warn}`, tooltip: tips.join("\n"), tone, busy: false };
}

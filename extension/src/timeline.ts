// An entity's story for the history view: its commits (introduced, modified), renames, and the memories
// about it (decisions recorded, retracted), on one timeline, newest first. Pure data -> data (unit-tested);
// webview.ts renders it.
import type { HistoryRow } from "./replies";

export interface CommitInfo {
  subject: string;
  author: string;
  date: string;
  hash: string;
}

/** A memory's relation to the entity (from the facts: `[:decision/x :governs <entity>]`). */
export interface MemoryLink {
  memory: string;
  kind: string;
  relation: string;
  description: string;
  /** When it was recorded, and when it stopped being believed (retracted), if it did. */
  recorded: string;
  retracted?: string;
}

export interface Link {
  label: string;
  /** Open this file (relative to the workspace folder). */
  file?: string;
  /** Show this entity's history. */
  entity?: string;
  /** Show this entity's neighbourhood graph. */
  graph?: string;
}

export interface TimelineEvent {
  when: string;
  kind: "commit" | "memory" | "rename" | "change";
  title: string;
  detail?: string;
  links: Link[];
}

export interface Story {
  entity: string;
  file?: string;
  /** Earlier names of the entity (its :renamed-from chain), followed back. */
  formerly: string[];
  events: TimelineEvent[];
}

const COMMIT_ATTRS: Record<string, string> = { ":introduced-by": "Introduced", ":modified-in": "Modified" };
const HIDDEN_ATTRS = new Set([":introduced-by", ":modified-in", ":renamed-from", ":renamed-to", ":contains", ":entity-type"]);

export function commitsOf(rows: HistoryRow[]): string[] {
  return [...new Set(rows.filter((r) => COMMIT_ATTRS[r.attribute] && r.value.startsWith(":commit/")).map((r) => r.value))];
}

export function fileOf(rows: HistoryRow[]): string | undefined {
  const current = rows.filter((r) => (r.attribute === ":file" || r.attribute === ":path") && r.op !== "retract");
  return current.length ? current[current.length - 1].value : undefined;
}

export function renamedFrom(rows: HistoryRow[]): string[] {
  return [...new Set(rows.filter((r) => r.attribute === ":renamed-from" && r.op !== "retract" && r.value.startsWith(":")).map((r) => r.value))];
}

/**
 * The timeline. `histories` holds the entity's rows and those of its former names (renames followed);
 * a commit that touched several of them appears once.
 */
export function buildStory(entity: string, histories: Map<string, HistoryRow[]>, commits: Map<string, CommitInfo>, memories: MemoryLink[]): Story {
  const events: TimelineEvent[] = [];
  const seenCommit = new Set<string>();
  const own = histories.get(entity) ?? [];
  const file = fileOf(own) ?? [...histories.values()].map(fileOf).find(Boolean);
  for (const [name, rows] of histories) {
    for (const r of rows) {
      const verb = COMMIT_ATTRS[r.attribute];
      if (verb && r.op !== "retract") {
        const key = `${r.value}`;
        if (seenCommit.has(key)) continue;
        seenCommit.add(key);
        const c = commits.get(r.value);
        events.push({
          when: c?.date || r.validFrom,
          kind: "commit",
          title: `${verb}${name !== entity ? ` (as ${name})` : ""}: ${c?.subject || r.value}`,
          detail: c ? `${c.hash.slice(0, 12)} · ${c.author}` : undefined,
          links: [{ label: r.value, entity: r.value }, ...(fileOf(rows) ? [{ label: fileOf(rows) as string, file: fileOf(rows) }] : [])],
        });
      } else if (r.attribute === ":renamed-from" && r.op !== "retract") {
        events.push({ when: r.validFrom, kind: "rename", title: `Renamed from ${r.value}`, links: [{ label: r.value, entity: r.value }] });
      } else if (!HIDDEN_ATTRS.has(r.attribute) && r.source !== "ingest" && !r.inferred) {
        events.push({
          when: r.instant,
          kind: "change",
          title: `${r.op === "retract" ? "Retracted" : "Set"} ${r.attribute}${name !== entity ? ` of ${name}` : ""}`,
          detail: `${r.value}${r.reason ? ` — ${r.reason}` : ""}`,
          links: r.value.startsWith(":") && !r.value.includes(" ") ? [{ label: r.value, entity: r.value }] : [],
        });
      }
    }
  }
  for (const m of memories) {
    const what = `${m.kind[0].toUpperCase()}${m.kind.slice(1)} ${m.memory} (${m.relation.replace(/^:/, "")})`;
    events.push({ when: m.recorded, kind: "memory", title: `${what} recorded`, detail: m.description, links: [{ label: m.memory, entity: m.memory }, { label: "graph", graph: m.memory }] });
    if (m.retracted) events.push({ when: m.retracted, kind: "memory", title: `${what} retracted`, detail: m.description, links: [{ label: m.memory, entity: m.memory }] });
  }
  // Newest first; at the same instant a commit comes before the rename it made.
  const rank = { memory: 0, change: 1, commit: 2, rename: 3 };
  events.sort((a, b) => (a.when < b.when ? 1 : a.when > b.when ? -1 : rank[a.kind] - rank[b.kind]));
  return { entity, file, formerly: [...histories.keys()].filter((k) => k !== entity), events };
}

// The CodeLens lines of a file: memories per definition or import (from lore/sql) and the warnings on it
// (the editor's, from lore/layerWarnings), one lens per line. Pure data -> data, unit-tested.
import type { LensRow } from "./api";
import type { WarningItem } from "./replies";

export interface LensLine {
  line: number;
  title: string;
  tooltip: string;
  /** The entity whose history the lens opens (none: a line with warnings only). */
  entity?: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export function lensText(rows: LensRow[], warnings: WarningItem[], lineCount: number): LensLine[] {
  const byLine = new Map<number, { row?: LensRow; warnings: WarningItem[] }>();
  // The narrowest definition that holds a warning's line gets it; an import's line gets its own.
  const sorted = [...rows].sort((a, b) => a.endLine - a.line - (b.endLine - b.line));
  for (const r of rows) if (!byLine.has(r.line)) byLine.set(r.line, { row: r, warnings: [] });
  for (const w of warnings) {
    const line = w.line ?? 1;
    const holder = sorted.find((r) => r.line <= line && line <= Math.max(r.endLine, r.line));
    const key = holder ? holder.line : line;
    const slot = byLine.get(key) ?? { warnings: [] };
    slot.warnings.push(w);
    byLine.set(key, slot);
  }
  const out: LensLine[] = [];
  for (const [line, { row, warnings: ws }] of [...byLine.entries()].sort(([a], [b]) => a - b)) {
    if (line < 1 || line > Math.max(lineCount, 1)) continue;
    const parts: string[] = [];
    if (row?.decisions) parts.push(plural(row.decisions, "decision"));
    if (row?.constraints) parts.push(plural(row.constraints, "constraint"));
    if (row?.preferences) parts.push(plural(row.preferences, "preference"));
    if (ws.length) parts.push(plural(ws.length, "warning"));
    if (!parts.length) continue;
    const tips = [row ? `Memories about ${row.entity}` : "", ...ws.map((w) => `⚠ ${w.message}`)].filter(Boolean);
    out.push({ line, title: parts.join(" · "), tooltip: tips.join("\n"), entity: row?.entity });
  }
  return out;
}

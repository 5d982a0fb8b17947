// The HTML of the history and graph views: built from data here (no `vscode` import, unit-tested), shown in
// a webview with a strict Content-Security-Policy — no network, no remote script, only this page's inline
// script (by nonce), which posts {open: file} / {history: entity} / {graph: entity} back to the extension.
import type { GraphEdge, Neighbourhood } from "./api";
import type { Story } from "./timeline";

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

function page(title: string, nonce: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<title>${esc(title)}</title>
<style>
body{font-family:var(--vscode-font-family);font-size:var(--vscode-font-size);color:var(--vscode-foreground);padding:0 1.2em 2em}
h1{font-size:1.3em;font-weight:600} .sub{opacity:.75} a{color:var(--vscode-textLink-foreground);cursor:pointer;text-decoration:none} a:hover{text-decoration:underline}
ol.tl{list-style:none;margin:0;padding:0 0 0 1.2em;border-left:2px solid var(--vscode-panel-border,#8884)}
ol.tl li{position:relative;margin:0 0 1em 0} ol.tl li::before{content:"";position:absolute;left:-1.62em;top:.35em;width:.7em;height:.7em;border-radius:50%;background:var(--c)}
li.commit{--c:var(--vscode-charts-blue,#3794ff)} li.memory{--c:var(--vscode-charts-orange,#d18616)} li.rename{--c:var(--vscode-charts-purple,#b180d7)} li.change{--c:var(--vscode-charts-green,#89d185)}
.when{font-size:.85em;opacity:.7} .title{font-weight:600} .detail{white-space:pre-wrap} .links a{margin-right:.8em;font-family:var(--vscode-editor-font-family)}
svg text{fill:var(--vscode-foreground);font-family:var(--vscode-editor-font-family);font-size:12px} svg .edge{stroke:var(--vscode-editorWidget-border,#888);stroke-width:1.2}
svg .elabel{font-size:10px;opacity:.8} svg .node rect{fill:var(--vscode-editorWidget-background,#252526);stroke:var(--c);stroke-width:2} svg .node{cursor:pointer} svg .center rect{stroke-width:3}
</style></head><body>${body}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
document.addEventListener("click", (e) => {
  const a = e.target.closest("[data-open],[data-history],[data-graph]");
  if (!a) return;
  e.preventDefault();
  if (a.dataset.open) vscode.postMessage({ open: a.dataset.open, line: Number(a.dataset.line || 0) || undefined });
  else if (a.dataset.history) vscode.postMessage({ history: a.dataset.history });
  else if (a.dataset.graph) vscode.postMessage({ graph: a.dataset.graph });
});
</script></body></html>`;
}

function linkHtml(l: { label: string; file?: string; entity?: string; graph?: string }): string {
  if (l.file) return `<a data-open="${esc(l.file)}" title="Open ${esc(l.file)}">${esc(l.label)}</a>`;
  if (l.graph) return `<a data-graph="${esc(l.graph)}" title="Show the neighbourhood of ${esc(l.graph)}">${esc(l.label)}</a>`;
  if (l.entity) return `<a data-history="${esc(l.entity)}" title="History of ${esc(l.entity)}">${esc(l.label)}</a>`;
  return esc(l.label);
}

export function storyHtml(story: Story, nonce: string): string {
  const head = [
    `<h1>History of <code>${esc(story.entity)}</code></h1>`,
    `<p class="sub">${story.file ? `in ${linkHtml({ label: story.file, file: story.file })} · ` : ""}${linkHtml({ label: "neighbourhood graph", graph: story.entity })}` +
      `${story.formerly.length ? ` · formerly ${story.formerly.map((f) => linkHtml({ label: f, entity: f })).join(", ")}` : ""}</p>`,
  ];
  const items = story.events.map(
    (e) =>
      `<li class="${e.kind}"><div class="when">${esc(e.when)}</div><div class="title">${esc(e.title)}</div>` +
      `${e.detail ? `<div class="detail">${esc(e.detail)}</div>` : ""}${e.links.length ? `<div class="links">${e.links.map(linkHtml).join("")}</div>` : ""}</li>`,
  );
  const body = story.events.length ? `<ol class="tl">${items.join("")}</ol>` : "<p>The graph has nothing about this entity yet (was the repository ingested?).</p>";
  return page(`History of ${story.entity}`, nonce, head.join("") + body);
}

// ------------------------------------------------------------------------------------ the graph picture

export interface Placed {
  id: string;
  label: string;
  kind: string;
  x: number;
  y: number;
  w: number;
}

const COLORS: Record<string, string> = {
  decision: "var(--vscode-charts-orange,#d18616)",
  constraint: "var(--vscode-charts-red,#f14c4c)",
  preference: "var(--vscode-charts-yellow,#cca700)",
  module: "var(--vscode-charts-blue,#3794ff)",
  function: "var(--vscode-charts-green,#89d185)",
  class: "var(--vscode-charts-purple,#b180d7)",
  commit: "var(--vscode-descriptionForeground,#999)",
  warning: "var(--vscode-editorWarning-foreground,#cca700)",
};

const short = (s: string, n = 34) => (s.length > n ? s.slice(0, n - 1) + "…" : s);

/**
 * The center in the middle, neighbours on an ellipse around it (two past 16), each box as wide as its
 * label; the ellipse grows with the number of neighbours, and the picture is cropped to what it holds.
 */
export function layout(n: Neighbourhood): { nodes: Placed[]; width: number; height: number; x0: number; y0: number } {
  const others = n.nodes.filter((x) => x.id !== n.center);
  const rings = others.length > 16 ? [others.slice(0, Math.ceil(others.length / 2)), others.slice(Math.ceil(others.length / 2))] : [others];
  const boxW = (label: string) => Math.max(60, short(label).length * 7 + 16);
  const center = n.nodes.find((x) => x.id === n.center) ?? { id: n.center, label: n.center, kind: "entity" };
  const placed: Placed[] = [{ ...center, x: 0, y: 0, w: boxW(center.label) }];
  rings.forEach((ring, ri) => {
    const rx = Math.min(420, 150 + 22 * ring.length) * (ri + 1);
    const ry = Math.min(260, 70 + 16 * ring.length) * (ri + 1);
    ring.forEach((node, i) => {
      const a = (2 * Math.PI * i) / ring.length - Math.PI / 2 + ri * (Math.PI / Math.max(ring.length, 1));
      placed.push({ ...node, x: rx * Math.cos(a), y: ry * Math.sin(a), w: boxW(node.label) });
    });
  });
  const pad = 20;
  const x0 = Math.min(...placed.map((p) => p.x - p.w / 2)) - pad;
  const x1 = Math.max(...placed.map((p) => p.x + p.w / 2)) + pad;
  const y0 = Math.min(...placed.map((p) => p.y - 13)) - pad;
  const y1 = Math.max(...placed.map((p) => p.y + 13)) + pad;
  return { nodes: placed, width: x1 - x0, height: y1 - y0, x0, y0 };
}

export function graphSvg(n: Neighbourhood): string {
  const { nodes, width, height, x0, y0 } = layout(n);
  const at = new Map(nodes.map((p) => [p.id, p]));
  // Several relations between the same two nodes: one line, labels joined.
  const byPair = new Map<string, GraphEdge[]>();
  for (const e of n.edges) {
    const k = `${e.from}\u0000${e.to}`;
    byPair.set(k, [...(byPair.get(k) ?? []), e]);
  }
  const lines: string[] = [];
  for (const es of byPair.values()) {
    const a = at.get(es[0].from);
    const b = at.get(es[0].to);
    if (!a || !b || a === b) continue;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    // The arrow stops at the edge of the target's box, where it can be seen.
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.min(dx ? b.w / 2 / Math.abs(dx) : Infinity, dy ? 15 / Math.abs(dy) : Infinity, 1);
    const ex = b.x - dx * t;
    const ey = b.y - dy * t;
    lines.push(
      `<line class="edge" x1="${a.x.toFixed(1)}" y1="${a.y.toFixed(1)}" x2="${ex.toFixed(1)}" y2="${ey.toFixed(1)}" marker-end="url(#arrow)"/>` +
        `<text class="elabel" x="${mx.toFixed(1)}" y="${(my - 4).toFixed(1)}" text-anchor="middle">${esc(short(es.map((e) => e.label).join(", "), 40))}</text>`,
    );
  }
  const boxes = nodes.map((p) => {
    const c = COLORS[p.kind] ?? "var(--vscode-foreground,#ccc)";
    const cls = p.id === n.center ? "node center" : "node";
    return (
      `<g class="${cls}" style="--c:${c}" data-graph="${esc(p.id)}"><title>${esc(p.id)}${p.label !== p.id ? `\n${esc(p.label)}` : ""}</title>` +
      `<rect x="${(p.x - p.w / 2).toFixed(1)}" y="${(p.y - 13).toFixed(1)}" width="${p.w}" height="26" rx="5"/>` +
      `<text x="${p.x.toFixed(1)}" y="${(p.y + 4).toFixed(1)}" text-anchor="middle">${esc(short(p.label))}</text></g>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x0.toFixed(1)} ${y0.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}" width="100%" style="max-width:${Math.ceil(width * 1.4)}px" role="img" aria-label="${esc(`neighbourhood of ${n.center}`)}">` +
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#888"/></marker></defs>` +
    lines.join("") +
    boxes.join("") +
    `</svg>`
  );
}

export function graphHtml(n: Neighbourhood, nonce: string): string {
  const legend = `<p class="sub">${n.nodes.length} entities, ${n.edges.length} relations. Click an entity to centre on it; ${
    `<a data-history="${esc(n.center)}">history of ${esc(n.center)}</a>`
  }.</p>`;
  return page(`Neighbourhood of ${n.center}`, nonce, `<h1>Neighbourhood of <code>${esc(n.center)}</code></h1>${legend}${graphSvg(n)}`);
}

// The views' plain parts: the log without doubled lines, CodeLens lines, the history timeline, the HTML
// (escaped, no remote resource) and the graph layout, and lore/graph's reply.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type LensRow, neighbourhoodFromFacts, parseGraph } from "../src/api";
import { lensText } from "../src/lens";
import { LoreReplyError, type HistoryRow, type WarningItem } from "../src/replies";
import { StderrDedup } from "../src/serverLog";
import { buildStory } from "../src/timeline";
import { graphHtml, graphSvg, layout, storyHtml } from "../src/webview";

test("each server record is shown once: logMessage first or stderr first, other stderr kept", async () => {
  const shown: string[] = [];
  const d = new StderrDedup((l) => shown.push(l), 20);
  d.logMessage("owning the graph");
  d.stderr("lore: owning the graph\nlore: hover index bu");
  d.stderr("ilt\nTraceback (most recent call last):\n");
  d.logMessage("hover index built");
  d.stderr("lore: a pygls warning nobody mirrored\n");
  await new Promise((r) => setTimeout(r, 60));
  d.flush();
  assert.deepEqual(shown, ["Traceback (most recent call last):", "lore: a pygls warning nobody mirrored"]);
  // The same message twice: two records, each shown once.
  const twice: string[] = [];
  const d2 = new StderrDedup((l) => twice.push(l), 0);
  d2.logMessage("x");
  d2.logMessage("x");
  d2.stderr("lore: x\nlore: x\nlore: x\n");
  d2.flush();
  assert.deepEqual(twice, ["lore: x"]);
});

const row = (p: Partial<LensRow>): LensRow => ({ entity: ":function/a-py-f", line: 3, endLine: 9, decisions: 0, constraints: 0, preferences: 0, ...p });
const warning = (p: Partial<WarningItem>): WarningItem => ({ id: "w-0123456789ab", code: "rejected_dependency", message: "m", severity: "warning", ...p });

test("CodeLens lines: memories per definition or import, warnings to the narrowest definition", () => {
  const rows = [row({ decisions: 2 }), row({ entity: ":class/a-py-c", line: 12, endLine: 30, constraints: 1 }), row({ entity: ":function/a-py-c-m", line: 14, endLine: 16, preferences: 1 }), row({ entity: ":module/redis", line: 1, endLine: 1, decisions: 1 })];
  const ws = [warning({ line: 1 }), warning({ line: 15, message: "inside m" }), warning({ line: 40, message: "no definition" })];
  const lines = lensText(rows, ws, 50);
  assert.deepEqual(
    lines.map((l) => [l.line, l.title, l.entity]),
    [
      [1, "1 decision · 1 warning", ":module/redis"],
      [3, "2 decisions", ":function/a-py-f"],
      [12, "1 constraint", ":class/a-py-c"],
      [14, "1 preference · 1 warning", ":function/a-py-c-m"],
      [40, "1 warning", undefined],
    ],
  );
  assert.match(lines[3].tooltip, /inside m/);
  // Lines past the end of the document (a stale graph) get no lens.
  assert.deepEqual(lensText([row({ line: 80, endLine: 90, decisions: 1 })], [], 20), []);
});

const h = (p: Partial<HistoryRow>): HistoryRow => ({
  tx: 1, instant: "2026-01-01T00:00:00Z", reason: "ingest", source: "ingest", op: "assert", attribute: ":name", value: "f",
  validFrom: "2025-01-01T00:00:00Z", validTo: "∞", inferred: false, ...p,
});

test("the history timeline: commits once, renames followed, memories recorded and retracted, newest first", () => {
  const histories = new Map([
    [":function/a-py-g", [h({ attribute: ":file", value: "a.py" }), h({ attribute: ":renamed-from", value: ":function/a-py-f", validFrom: "2025-03-01T00:00:00Z" }), h({ attribute: ":modified-in", value: ":commit/bbb" })]],
    [":function/a-py-f", [h({ attribute: ":introduced-by", value: ":commit/aaa" }), h({ attribute: ":modified-in", value: ":commit/bbb" })]],
  ]);
  const commits = new Map([
    [":commit/aaa", { subject: "add f", author: "ann", date: "2025-01-01T00:00:00Z", hash: "aaa0000000000000" }],
    [":commit/bbb", { subject: "rename f to g", author: "bob", date: "2025-03-01T00:00:00Z", hash: "bbb0000000000000" }],
  ]);
  const story = buildStory(":function/a-py-g", histories, commits, [
    { memory: ":decision/keep-g-pure", kind: "decision", relation: ":governs", description: "g stays pure", recorded: "2025-04-01T00:00:00Z", retracted: "2025-05-01T00:00:00Z" },
  ]);
  assert.equal(story.file, "a.py");
  assert.deepEqual(story.formerly, [":function/a-py-f"]);
  assert.deepEqual(
    story.events.map((e) => [e.kind, e.title]),
    [
      ["memory", "Decision :decision/keep-g-pure (governs) retracted"],
      ["memory", "Decision :decision/keep-g-pure (governs) recorded"],
      ["commit", "Modified: rename f to g"],
      ["rename", "Renamed from :function/a-py-f"],
      ["commit", "Introduced (as :function/a-py-f): add f"],
    ],
  );
  assert.ok(story.events[2].links.some((l) => l.file === "a.py"));
});

test("the history page escapes what it shows and loads nothing from outside", () => {
  const story = buildStory(":decision/x", new Map([[":decision/x", [h({ source: "lsp", attribute: ":description", value: '<img src=x onerror="alert(1)">' })]]]), new Map(), []);
  const html = storyHtml(story, "NONCE");
  assert.ok(!html.includes("<img"), "no markup from the data");
  assert.match(html, /&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/);
  assert.match(html, /default-src 'none'/);
  assert.match(html, /script-src 'nonce-NONCE'/);
  assert.doesNotMatch(html, /https?:\/\//);
  assert.match(storyHtml(buildStory(":function/none", new Map(), new Map(), []), "N"), /has nothing about this entity/);
});

test("the neighbourhood graph: laid out without overlap at the centre, labels escaped, clickable", () => {
  const facts: [string, string, string][] = [[":decision/d", ":rejects", ":module/redis"], [":decision/d", ":governs", ":module/src-a-py"], [":module/src-a-py", ":depends-on", ":module/redis"]];
  const n = neighbourhoodFromFacts(":decision/d", facts);
  assert.equal(n.nodes.length, 3);
  const placed = layout(n);
  const center = placed.nodes[0];
  assert.equal(center.id, ":decision/d");
  for (const p of placed.nodes.slice(1)) assert.ok(Math.hypot(p.x - center.x, p.y - center.y) > 100, "neighbours are away from the centre");
  const svg = graphSvg({ ...n, nodes: [...n.nodes, { id: ":module/x", label: "<b>&", kind: "module" }] });
  assert.ok(!svg.includes("<b>"));
  assert.match(svg, /data-graph=":module\/redis"/);
  assert.match(svg, /rejects/);
  // Many neighbours: two rings, every node placed.
  const many = neighbourhoodFromFacts(":module/m", Array.from({ length: 30 }, (_, i) => [":module/m", ":depends-on", `:module/dep-${i}`] as [string, string, string]));
  assert.equal(layout(many).nodes.length, 31);
  assert.doesNotMatch(graphHtml(n, "N"), /https?:\/\/(?!www\.w3\.org)/);
});

test("lore/graph's reply: nodes and edges in the shapes a server may use; an error is an error", () => {
  const g = parseGraph({ ok: true, nodes: [{ id: ":decision/d", label: "Do not use chardet" }, ":module/chardet"], edges: [{ from: ":decision/d", to: ":module/chardet", label: ":rejects" }, { source: ":decision/d", target: ":module/new", attribute: ":governs" }, { nope: 1 }] }, ":decision/d");
  assert.ok(g);
  assert.deepEqual(g.nodes.map((x) => x.id), [":decision/d", ":module/chardet", ":module/new"]);
  assert.equal(g.nodes[0].label, "Do not use chardet");
  assert.deepEqual(g.edges.map((e) => e.label), [":rejects", ":governs"]);
  // The server's own shape (lore graph --format json): {entity, nodes, edges: [{from, to, relation}]}.
  const mine = parseGraph({ ok: true, entity: ":decision/no-chardet", nodes: [{ id: ":decision/no-chardet", label: "We don't use chardet", kind: "decision" }, { id: ":module/chardet", label: "chardet", kind: "module" }], edges: [{ from: ":decision/no-chardet", to: ":module/chardet", relation: ":rejects", inferred: false }], format: "json" }, ":x/other");
  assert.equal(mine?.center, ":decision/no-chardet");
  assert.deepEqual(mine?.edges, [{ from: ":decision/no-chardet", to: ":module/chardet", label: ":rejects" }]);
  assert.equal(parseGraph({ ok: true, text: "graph TD" }, ":x/y"), null);
  assert.throws(() => parseGraph({ ok: false, error: { code: "unknown-entity", message: "no" } }, ":x/y"), LoreReplyError);
});

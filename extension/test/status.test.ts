import assert from "node:assert/strict";
import { test } from "node:test";
import { applyWorkDone, initialState, render, type StatusState } from "../src/status";

const running = (extra: Partial<StatusState> = {}): StatusState => ({ ...initialState(), server: "running", ...extra });

test("starting, not-found and failed states say so", () => {
  assert.match(render(initialState()).text, /sync~spin/);
  const nf = render({ ...initialState(), server: "not-found" });
  assert.match(nf.text, /no server/);
  assert.equal(nf.tone, "error");
  assert.equal(render({ ...initialState(), server: "failed" }).tone, "error");
  assert.match(render({ ...initialState(), server: "stopped" }).text, /circle-slash/);
});

test("idle server shows the warning count once known", () => {
  assert.equal(render(running()).text, "$(book) Lore");
  assert.equal(render(running({ warnings: 3 })).text, "$(book) Lore $(warning) 3");
  assert.equal(render(running({ warnings: 0 })).text, "$(book) Lore $(warning) 0");
});

test("ingestion progress from lore/ingestProgress shows processed/total", () => {
  const v = render(running({ ingest: { status: "running", processed: 120, total: 400 }, warnings: 2 }));
  assert.equal(v.text, "$(sync~spin) Lore: ingesting 120/400 $(warning) 2");
  assert.equal(v.busy, true);
  assert.match(v.tooltip, /running 120\/400/);
  assert.equal(render(running({ ingest: { status: "starting" } })).text, "$(sync~spin) Lore: ingesting");
  const done = render(running({ ingest: { status: "complete", processed: 400, total: 400 } }));
  assert.equal(done.busy, false);
  assert.match(done.tooltip, /complete \(400 processed\)/);
  assert.match(render(running({ ingest: { status: "idle", processed: 0, ingested: 12 } })).tooltip, /Ingestion: idle \(12 commits in the graph\)/);
  const err = render(running({ ingest: { status: "error", message: "not a git repository" } }));
  assert.equal(err.tone, "warning");
  assert.match(err.tooltip, /not a git repository/);
});

test("work-done progress begin/report/end drives the item", () => {
  let s = running();
  s = applyWorkDone(s, "tok", { kind: "begin", title: "Lore: ingesting", percentage: 0 });
  // The server's title already says "Lore: ": the item says it once (it said "Lore: Lore: ingesting").
  assert.equal(render(s).text, "$(sync~spin) Lore: ingesting");
  s = applyWorkDone(s, "tok", { kind: "report", message: "10/40 commits", percentage: 25 });
  // VS Code shows the report's message in its own progress item: the count is said once, there.
  assert.equal(render(s).text, "$(sync~spin) Lore: ingesting");
  assert.match(render(s).tooltip, /10\/40 commits \(25%\)/);
  // lore/ingestStatus, read when the graph last changed, lags the reports: it never adds a second count.
  const both = render({ ...s, ingest: { status: "running", processed: 4, total: 40 }, warnings: 1 });
  assert.equal(both.text, "$(sync~spin) Lore: ingesting $(warning) 1");
  assert.doesNotMatch(both.text, /4\/40|%/);
  s = applyWorkDone(s, "tok", { kind: "end" });
  assert.equal(s.work.size, 0);
  assert.equal(render(s).busy, false);
});

test("hostile progress values are clamped or ignored, never thrown", () => {
  let s = running();
  for (const v of [null, 7, "x", { kind: "bogus" }, []]) assert.equal(applyWorkDone(s, 1, v), s);
  s = applyWorkDone(s, 1, { kind: "begin", title: 5, percentage: 900 });
  assert.equal(render(s).text, "$(sync~spin) Lore: working");
  assert.match(render(s).tooltip, /\(100%\)/);
  s = applyWorkDone(s, 1, { kind: "report", percentage: -4 });
  assert.match(render(s).tooltip, /\(0%\)/);
  s = applyWorkDone(s, 2, { kind: "report", percentage: NaN, message: "x".repeat(500) });
  assert.ok(render(s).text.length < 80, "status text stays short");
  // An end for an unknown token is harmless; state is not mutated in place.
  const before = s.work.size;
  const after = applyWorkDone(s, "nope", { kind: "end" });
  assert.equal(s.work.size, before);
  assert.equal(after.work.size, before);
});

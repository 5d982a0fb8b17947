import assert from "node:assert/strict";
import { test } from "node:test";
import {
  checkReply,
  firstColumn,
  LoreReplyError,
  mdCell,
  parseFact,
  parseHistory,
  parseIngestProgress,
  parsePrepareTurn,
  parseWarnings,
  warningsKey,
  renderHistory,
} from "../src/replies";

test("checkReply passes ok replies and turns errors into LoreReplyError with code and position", () => {
  assert.deepEqual(checkReply({ ok: true, tx: 3 }, "m"), { ok: true, tx: 3 });
  assert.throws(
    () => checkReply({ ok: false, error: { code: "parse", message: "expected ]", position: 7 } }, "lore/query"),
    (e: unknown) => e instanceof LoreReplyError && e.code === "parse" && e.message === "expected ]" && e.position === 7,
  );
});

test("malformed replies are errors with a message, never crashes", () => {
  for (const bad of [null, undefined, 3, "ok", [], [{ ok: true }], {}, { ok: "true" }, { ok: 1 }]) {
    assert.throws(() => checkReply(bad, "lore/x"), (e: unknown) => e instanceof LoreReplyError && e.code === "bad-reply", JSON.stringify(bad));
  }
  for (const bad of [{ ok: false }, { ok: false, error: "boom" }, { ok: false, error: { code: 5, message: [] } }]) {
    assert.throws(() => checkReply(bad, "lore/x"), (e: unknown) => e instanceof LoreReplyError && e.code === "error" && e.message === "lore/x failed");
  }
});

test("prepareTurn facts in either shape; junk entries are skipped", () => {
  const r = parsePrepareTurn({
    ok: true,
    context: "ctx",
    facts: [
      [":decision/db", ":description", "PostgreSQL 15"],
      { entity: ":decision/db", attribute: ":rationale", value: "ACID", confidence: 1 },
      { e: ":x/y", a: ":relates-to", v: ":function/a-py-f", confidence: 0.8 },
      [":too", "short"],
      { value: "no entity" },
      null,
      42,
    ],
  });
  assert.equal(r.context, "ctx");
  assert.deepEqual(r.facts, [
    { entity: ":decision/db", attribute: ":description", value: "PostgreSQL 15", confidence: undefined },
    { entity: ":decision/db", attribute: ":rationale", value: "ACID", confidence: 1 },
    { entity: ":x/y", attribute: ":relates-to", value: ":function/a-py-f", confidence: 0.8 },
  ]);
  assert.deepEqual(parsePrepareTurn({ ok: true }), { context: "", facts: [] });
  assert.deepEqual(parseFact([1, { a: 1 }, null]), { entity: "1", attribute: '{"a":1}', value: "—", confidence: undefined });
});

test("warnings: required id and message, numeric ids, severity defaulting", () => {
  const ws = parseWarnings({
    ok: true,
    warnings: [
      { id: "w1", rule: "decision/rejected-import", code: "rejected-import", message: "imports redis", confidence: 0.9, severity: "warning", file: "src/a.py", line: 3, column: 0, entity: ":module/src-a-py" },
      { id: 7, message: "info one", severity: "information" },
      { id: "w3", message: "odd severity", severity: "fatal", line: "3" },
      { message: "no id" },
      { id: "w5" },
      "junk",
    ],
  });
  assert.deepEqual(
    ws.map((w) => [w.id, w.code, w.severity, w.line]),
    [
      ["w1", "rejected-import", "warning", 3],
      ["7", "lore", "information", undefined],
      ["w3", "lore", "warning", undefined],
    ],
  );
  assert.deepEqual(parseWarnings({ ok: true, warnings: "nope" }), []);
  assert.throws(() => parseWarnings({ ok: false, error: { code: "x", message: "y" } }), LoreReplyError);
});

test("the views read the warnings again when the list changed, not when it came back in another order", () => {
  const a = { id: "w-1", code: "c", message: "m", severity: "warning" as const, file: "a.py", line: 1 };
  const b = { ...a, id: "w-2", file: "b.py" };
  assert.equal(warningsKey([a, b]), warningsKey([b, a]));
  assert.notEqual(warningsKey([a]), warningsKey([a, b]), "an unsaved buffer's warning added");
  assert.notEqual(warningsKey([a, b]), warningsKey([a, { ...b, line: 2 }]), "a warning that moved a line");
  assert.notEqual(warningsKey([a]), warningsKey([{ ...a, id: "w-3" }]), "one warning for another, the count the same");
});

test("history rows from the store's shape, open ends as ∞", () => {
  const h = parseHistory({
    ok: true,
    entity: ":decision/db",
    history: [
      { tx: 1, instant: "2026-01-01T00:00:00Z", reason: "init", source: "cli", op: "assert", attribute: ":description", value: "PG", valid_from: "2026-01-01T00:00:00Z", valid_to: null },
      { tx: 4, instant: "2026-02-01T00:00:00Z", reason: "rule ran", source: "rule", op: "retract", attribute: ":relates-to", value: ":function/a", valid_from: null, valid_to: "2026-03-01T00:00:00Z", inferred: true, rule: "link/name", confidence: 0.8 },
      "junk",
    ],
  });
  assert.equal(h.entity, ":decision/db");
  assert.equal(h.rows.length, 2);
  assert.equal(h.rows[0].validTo, "∞");
  assert.equal(h.rows[1].validFrom, "−∞");
  const md = renderHistory(h.entity, h.rows);
  assert.match(md, /^# History of `:decision\/db`/);
  assert.match(md, /\| 1 \| 2026-01-01T00:00:00Z \| \+ assert \| :description \| PG \| 2026-01-01T00:00:00Z → ∞ \| init \| cli \|/);
  assert.match(md, /− retract .* rule link\/name \(0\.8\) \|/);
  assert.match(renderHistory(":x/y", []), /no facts about this entity/);
});

test("markdown cells cannot break the table or inject HTML", () => {
  const evil = "a | b\n| --- |\n<img src=x onerror=alert(1)> `code` *bold* [link](http://x)";
  const cell = mdCell(evil);
  assert.ok(!/\n/.test(cell));
  assert.ok(!/(^|[^\\])\|/.test(cell), cell);
  assert.ok(!cell.includes("<img"));
  const md = renderHistory(":e/x", [{ tx: 1, instant: "t", reason: evil, source: "cli", op: "assert", attribute: ":a", value: evil, validFrom: "f", validTo: "∞", inferred: false }]);
  const tableRows = md.split("\n").filter((l) => l.startsWith("|"));
  assert.equal(tableRows.length, 3, "header, rule, one row");
  // Every data row has exactly the header's 8 cells (unescaped pipes = 9).
  assert.equal(tableRows[2].split(/(?<!\\)\|/).length, 10);
});

test("ingest progress from replies, nested objects and notifications", () => {
  assert.deepEqual(parseIngestProgress({ ok: true, status: "running", processed: 3, total: 10 }), { status: "running", processed: 3, total: 10, message: undefined });
  assert.deepEqual(parseIngestProgress({ ok: true, ingestion: { status: "error", error: "not a git repo" } }), { status: "error", processed: undefined, total: undefined, message: "not a git repo" });
  assert.deepEqual(parseIngestProgress({ ok: true, status: "idle", processed: 0, total_ingested: 12, watermark: "abc" }), { status: "idle", processed: 0, total: undefined, message: undefined, ingested: 12 });
  for (const junk of [null, "running", {}, { status: 5 }, { processed: 1 }]) assert.equal(parseIngestProgress(junk), null);
  assert.deepEqual(parseIngestProgress({ status: "running", processed: "3", total: Infinity }), { status: "running", processed: undefined, total: undefined, message: undefined });
});

test("firstColumn of query results", () => {
  assert.deepEqual(firstColumn({ ok: true, variables: ["?e"], results: [[":function/a"], [":function/b"], "junk"] }), [":function/a", ":function/b"]);
  assert.deepEqual(firstColumn({ ok: true }), []);
  assert.throws(() => firstColumn({ ok: false, error: { code: "unknown-method", message: "unknown operation 'query'" } }), /unknown operation/);
});

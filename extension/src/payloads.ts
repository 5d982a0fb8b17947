// Params of the lore/* requests the commands send (SPEC §4), built from what a person typed.
// Every builder validates and returns a Result, so bad input becomes a message, never a malformed request.
import { ednString, ident, isIdent, slug } from "./edn";

export type Result<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = <T>(code: string, message: string): Result<T> => ({ ok: false, error: { code, message } });

/** Long enough for a paragraph of rationale; short enough that a paste accident is caught. */
export const MAX_TEXT = 20000;

export type MemoryKind = "decision" | "preference" | "constraint";
export const MEMORY_KINDS: readonly MemoryKind[] = ["decision", "preference", "constraint"];

/** The relationship each kind's optional list uses (SPEC §1 vocabulary). */
export const RELATION: Record<MemoryKind, string | null> = {
  decision: ":rejects",
  constraint: ":forbids",
  preference: null,
};

export interface MemoryInput {
  kind: MemoryKind;
  /** Short name, becomes the ident `:kind/<slug>`. */
  name: string;
  description: string;
  rationale?: string;
  /** Things the decision rejects / the constraint forbids: idents, or names taken as `:module/<slug>`. */
  related?: string;
  /** Code entities the memory governs (idents). */
  governs?: string[];
}

export interface TransactParams {
  facts: string;
  reason: string;
  validFrom?: string;
  validTo?: string;
}

function text(field: string, v: unknown, required: boolean): Result<string | null> {
  if (v === undefined || v === null) return required ? fail("bad-input", `${field} is required`) : ok(null);
  if (typeof v !== "string") return fail("bad-input", `${field} must be text`);
  const t = v.trim();
  if (!t) return required ? fail("bad-input", `${field} must not be empty`) : ok(null);
  if (t.length > MAX_TEXT) return fail("bad-input", `${field} is longer than ${MAX_TEXT} characters`);
  if (t.includes("\0")) return fail("bad-input", `${field} contains a NUL character`);
  return ok(t);
}

/** "flask, :dependency/mysql" -> [":module/flask", ":dependency/mysql"]. */
export function parseRefs(list: string): Result<string[]> {
  const out: string[] = [];
  for (const raw of list.split(/[,\n;]/)) {
    const item = raw.trim();
    if (!item) continue;
    if (item.startsWith(":")) {
      if (!isIdent(item)) return fail("bad-input", `${item} is not an ident like :module/redis (lowercase, digits, - _ . ?)`);
      out.push(item);
    } else {
      const id = ident("module", item);
      if (!id) return fail("bad-input", `${JSON.stringify(item)} has no letters or digits to name an entity`);
      out.push(id);
    }
  }
  return ok([...new Set(out)]);
}

/** The transaction for a new decision / preference / constraint: description, type, rationale, relations. */
export function memoryFacts(input: MemoryInput): Result<{ entity: string; facts: string }> {
  if (!MEMORY_KINDS.includes(input.kind)) return fail("bad-input", `unknown kind ${String(input.kind)}`);
  const name = text("name", input.name, true);
  if (!name.ok) return name as Result<never>;
  const entity = ident(input.kind, name.value as string);
  if (!entity) return fail("bad-input", "the name needs at least one letter or digit");
  if (entity.length > 200) return fail("bad-input", "the name is too long for an ident (keep it under 200 characters)");
  const desc = text("description", input.description, true);
  if (!desc.ok) return desc as Result<never>;
  const rationale = text("rationale", input.rationale, false);
  if (!rationale.ok) return rationale as Result<never>;

  const facts: string[] = [
    `[${entity} :description ${ednString(desc.value as string)}]`,
    `[${entity} :entity-type :type/${input.kind}]`,
  ];
  if (rationale.value) facts.push(`[${entity} :rationale ${ednString(rationale.value)}]`);
  const rel = RELATION[input.kind];
  if (input.related && input.related.trim()) {
    if (!rel) return fail("bad-input", `a ${input.kind} has no rejected/forbidden list`);
    const refs = parseRefs(input.related);
    if (!refs.ok) return refs as Result<never>;
    for (const r of refs.value) facts.push(`[${entity} ${rel} ${r}]`);
  }
  for (const g of input.governs ?? []) {
    if (!isIdent(g)) return fail("bad-input", `${g} is not an ident`);
    facts.push(`[${entity} :governs ${g}]`);
  }
  return ok({ entity, facts: `[${facts.join("\n ")}]` });
}

/** `ident`, else `ident-2`, `ident-3`… : the first not in `taken` (the server's rule for decisions). */
export function freeIdent(ident: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  let out = ident;
  for (let n = 2; used.has(out); n++) out = `${ident}-${n}`;
  return out;
}

export function transactParams(facts: string, reason: unknown): Result<TransactParams> {
  const r = text("reason", reason, true);
  if (!r.ok) return r as Result<never>;
  return ok({ facts, reason: r.value as string });
}

export function prepareTurnParams(message: unknown): Result<{ message: string }> {
  const m = text("question", message, true);
  return m.ok ? ok({ message: m.value as string }) : (m as Result<never>);
}

/** Accepts `:ns/name` or `ns/name`. */
export function historyParams(entity: unknown): Result<{ entity: string }> {
  const e = text("entity", entity, true);
  if (!e.ok) return e as Result<never>;
  const v = (e.value as string).startsWith(":") ? (e.value as string) : `:${e.value}`;
  if (!isIdent(v)) return fail("bad-input", `${e.value} is not an ident like :function/src-auth-py-login`);
  return ok({ entity: v });
}

export function warningsParams(uri?: string | null): { uri?: string } {
  return uri ? { uri } : {};
}

export function dismissParams(id: unknown, reason: unknown): Result<{ id: string; reason: string }> {
  const i = text("warning id", typeof id === "number" ? String(id) : id, true);
  if (!i.ok) return i as Result<never>;
  const r = text("reason", reason, true);
  if (!r.ok) return r as Result<never>;
  return ok({ id: i.value as string, reason: r.value as string });
}

/** `wait: false`: start the job and answer at once; progress comes from lore/ingestStatus. */
export function ingestParams(repo?: string | null, branch?: string | null): { repo?: string; branch?: string; wait: false } {
  const out: { repo?: string; branch?: string; wait: false } = { wait: false };
  if (repo) out.repo = repo;
  if (branch) out.branch = branch;
  return out;
}

/** A validator for input boxes: the message to show, or null when the value is acceptable. */
export function validateName(_kind: MemoryKind, v: string): string | null {
  if (!v.trim()) return "a short name is required";
  if (!slug(v)) return "the name needs at least one letter or digit";
  return null;
}

// ------------------------------------------------------------------------------------ decisions
// lore/recordDecision, lore/editDecision, lore/supersedeDecision, lore/retractDecision: the server names a
// new decision (`-2`, `-3`… when the name is taken, so a second one never merges into the first) and writes
// each in one transaction.

/** The server's limit on a decision's text and why (memory/decisions.py MAX_TEXT). */
export const DECISION_MAX_TEXT = 4000;

export interface RecordDecisionParams {
  kind: "rejects" | "governs";
  target?: string;
  rejects?: string[];
  governs?: string[];
  text: string;
  why?: string;
  name: string;
  reason: string;
}

function decisionText(field: string, v: unknown, required: boolean): Result<string | null> {
  const t = text(field, v, required);
  if (t.ok && t.value && t.value.length > DECISION_MAX_TEXT) return fail("bad-input", `${field} is longer than ${DECISION_MAX_TEXT} characters`);
  return t;
}

/** The form's decision as lore/recordDecision's params: a rejection of the first alternative listed (the
 * others beside it), else a decision governing the first code chosen; all of it in one request. */
export function recordDecisionParams(input: MemoryInput, reason: unknown): Result<RecordDecisionParams> {
  const name = text("name", input.name, true);
  if (!name.ok) return name as Result<never>;
  if (!slug(name.value as string)) return fail("bad-input", "the name needs at least one letter or digit");
  if ((name.value as string).length > 200) return fail("bad-input", "the name is too long (keep it under 200 characters)");
  const desc = decisionText("description", input.description, true);
  if (!desc.ok) return desc as Result<never>;
  const why = decisionText("rationale", input.rationale, false);
  if (!why.ok) return why as Result<never>;
  const r = text("reason", reason, true);
  if (!r.ok) return r as Result<never>;
  const refs = input.related?.trim() ? parseRefs(input.related) : ok<string[]>([]);
  if (!refs.ok) return refs as Result<never>;
  const governs = [...new Set(input.governs ?? [])];
  for (const g of governs) if (!isIdent(g)) return fail("bad-input", `${g} is not an ident`);
  const [first, ...rest] = refs.value;
  const out: RecordDecisionParams = first
    ? { kind: "rejects", target: first, text: desc.value as string, name: name.value as string, reason: r.value as string }
    : { kind: "governs", text: desc.value as string, name: name.value as string, reason: r.value as string };
  if (!first && governs.length) out.target = governs.shift();
  if (rest.length) out.rejects = rest;
  if (governs.length) out.governs = governs;
  if (why.value) out.why = why.value;
  return ok(out);
}

const MEMORY_IDENT = /^:(decision|constraint|preference)\/[a-z0-9_.?-]+$/;

function decisionIdent(decision: unknown): Result<string> {
  if (typeof decision !== "string" || !MEMORY_IDENT.test(decision)) return fail("bad-input", `${String(decision)} is not a decision ident like :decision/no-redis`);
  return ok(decision);
}

/** What the person changed (text, why, or both); unchanged fields are not sent, nothing changed is an error. */
export function editDecisionParams(
  decision: unknown,
  current: { description: string; rationale?: string },
  edited: { description: string; rationale?: string },
): Result<{ decision: string; text?: string; why?: string }> {
  const d = decisionIdent(decision);
  if (!d.ok) return d as Result<never>;
  const t = decisionText("description", edited.description, true);
  if (!t.ok) return t as Result<never>;
  const w = decisionText("rationale", edited.rationale, false);
  if (!w.ok) return w as Result<never>;
  const out: { decision: string; text?: string; why?: string } = { decision: d.value };
  if (t.value !== current.description.trim()) out.text = t.value as string;
  if (w.value && w.value !== (current.rationale ?? "").trim()) out.why = w.value;
  if (out.text === undefined && out.why === undefined) return fail("unchanged", "nothing changed: the text and the why are as recorded");
  return ok(out);
}

export function supersedeDecisionParams(decision: unknown, newText: unknown, why: unknown, name?: unknown): Result<{ decision: string; text: string; why?: string; name?: string }> {
  const d = decisionIdent(decision);
  if (!d.ok) return d as Result<never>;
  const t = decisionText("the new decision", newText, true);
  if (!t.ok) return t as Result<never>;
  const w = decisionText("why", why, false);
  if (!w.ok) return w as Result<never>;
  const out: { decision: string; text: string; why?: string; name?: string } = { decision: d.value, text: t.value as string };
  if (w.value) out.why = w.value;
  const n = text("name", name, false);
  if (!n.ok) return n as Result<never>;
  if (n.value) {
    if (!slug(n.value)) return fail("bad-input", "the name needs at least one letter or digit");
    out.name = n.value;
  }
  return ok(out);
}

export function retractDecisionParams(decision: unknown, reason: unknown): Result<{ decision: string; reason: string }> {
  const d = decisionIdent(decision);
  if (!d.ok) return d as Result<never>;
  const r = text("why it no longer holds", reason, true);
  if (!r.ok) return r as Result<never>;
  return ok({ decision: d.value, reason: r.value as string });
}

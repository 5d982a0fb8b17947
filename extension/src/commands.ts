// The command ids this extension contributes (package.json "contributes.commands" must list exactly these),
// and the arguments they accept when invoked by something else, e.g. a code action from the server.

export const COMMANDS = [
  "lore.recordDecision",
  "lore.recordPreference",
  "lore.recordConstraint",
  "lore.editDecision",
  "lore.supersedeDecision",
  "lore.retractDecision",
  "lore.askMemory",
  "lore.showHistory",
  "lore.ingest",
  "lore.showWarnings",
  "lore.dismissWarning",
  "lore.restartServer",
  "lore.showOutput",
  "lore.installServer",
  "lore.undoDismiss",
  "lore.showGraph",
  "lore.refreshView",
  "lore.openWalkthrough",
] as const;

export type CommandId = (typeof COMMANDS)[number];

/**
 * The server announces commands of its own (executeCommandProvider), some with the same ids as ours
 * (lore.recordDecision, lore.showHistory, lore.dismissWarning) for its code actions. VS Code allows one
 * handler per id, so those stay ours (and accept the server's argument objects); the rest are registered
 * by the language client as usual.
 */
export function serverCommandsToRegister(commands: unknown): string[] {
  if (!Array.isArray(commands)) return [];
  const own = new Set<string>(COMMANDS);
  return commands.filter((c): c is string => typeof c === "string" && !own.has(c));
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const nonEmpty = (x: unknown): string | undefined => (typeof x === "string" && x.trim() ? x : undefined);

/** lore.showHistory's argument: an ident string or {entity}. */
export function entityArg(arg: unknown): string | undefined {
  if (typeof arg === "string") return nonEmpty(arg);
  return isObj(arg) ? nonEmpty(arg.entity) : undefined;
}

/** lore.dismissWarning's argument: an id (string or number) or {id}. */
export function warningIdArg(arg: unknown): string | undefined {
  if (typeof arg === "number" && Number.isFinite(arg)) return String(arg);
  if (typeof arg === "string") return nonEmpty(arg);
  if (isObj(arg)) return warningIdArg(arg.id);
  return undefined;
}

export interface MemoryPrefill {
  entity?: string;
  description?: string;
  rationale?: string;
  /** What the decision rejects (from a code action on an import): idents, comma-separated. */
  rejects?: string;
  /** The short name the server suggests (one that keeps the text's meaning). */
  name?: string;
}

const IDENT = /^:[a-z0-9_.?-]+\/[a-z0-9_.?-]+$/;

/**
 * lore.record*'s argument, from a code action. The server's: {kind: "rejects" | "governs", target, text,
 * name?} — on an import, kind "rejects" and the imported module as target ("We don't use X…"); on a
 * symbol, kind "governs". Also {entity, description?, rationale?, rejects?} (rejects: an ident or a list).
 * Anything else is ignored.
 */
export function memoryPrefillArg(arg: unknown): MemoryPrefill {
  if (!isObj(arg)) return {};
  const ident = (x: unknown) => (typeof x === "string" && IDENT.test(x.trim()) ? x.trim() : undefined);
  const target = ident(arg.target) ?? ident(arg.entity);
  const rawRejects = Array.isArray(arg.rejects) ? arg.rejects : typeof arg.rejects === "string" ? arg.rejects.split(",") : [];
  const rejects = rawRejects.map(ident).filter((r): r is string => !!r);
  const isRejection = arg.kind === "rejects" && target !== undefined;
  if (isRejection && !rejects.includes(target)) rejects.unshift(target);
  const name = nonEmpty(arg.name);
  return {
    entity: isRejection ? undefined : target,
    description: nonEmpty(arg.text) ?? nonEmpty(arg.description),
    rationale: nonEmpty(arg.why) ?? nonEmpty(arg.rationale),
    rejects: rejects.length ? rejects.join(", ") : undefined,
    ...(name && /[a-z0-9]/i.test(name) ? { name } : {}),
  };
}

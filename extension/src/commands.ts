// The command ids this extension contributes (package.json "contributes.commands" must list exactly these),
// and the arguments they accept when invoked by something else, e.g. a code action from the server.

export const COMMANDS = [
  "lore.recordDecision",
  "lore.recordPreference",
  "lore.recordConstraint",
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
}

const IDENT = /^:[a-z0-9_.?-]+\/[a-z0-9_.?-]+$/;

/**
 * lore.record*'s argument, from a code action: {entity?, description?, rationale?, rejects?} where rejects
 * is an ident or a list of idents (a code action on `import chardet` passes ":module/chardet"); anything
 * else is ignored.
 */
export function memoryPrefillArg(arg: unknown): MemoryPrefill {
  if (!isObj(arg)) return {};
  const entity = nonEmpty(arg.entity);
  const rawRejects = Array.isArray(arg.rejects) ? arg.rejects : typeof arg.rejects === "string" ? arg.rejects.split(",") : [];
  const rejects = rawRejects.map((r) => (typeof r === "string" ? r.trim() : "")).filter((r) => IDENT.test(r));
  return {
    entity: entity && IDENT.test(entity) ? entity : undefined,
    description: nonEmpty(arg.description),
    rationale: nonEmpty(arg.rationale),
    rejects: rejects.length ? rejects.join(", ") : undefined,
  };
}

// Settings: the raw values VS Code gives us -> what discovery uses and what the server reads.
// No `vscode` import here, so this is unit-tested with plain `node --test`.
import * as os from "node:os";
import * as path from "node:path";

export const LOG_LEVELS = ["debug", "info", "warning", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What the server reads, as initializationOptions and in workspace/didChangeConfiguration (section "lore"). */
export interface ServerSettings {
  graphPath: string | null;
  autoIngest: boolean;
  /** Ingest new commits of the graph's branch and follow HEAD. */
  watchGit: boolean;
  minConfidence: number;
  autolink: boolean;
  /** Write this editor's memories to .lore/journal (docs/JOURNAL.md). */
  journal: boolean;
  logLevel: LogLevel;
  diagnostics: { enabled: boolean; debounceMs: number };
  hover: { enabled: boolean; maxMemories: number; maxHistory: number };
  /** How long the server waits for a workspace/configuration answer. */
  configurationTimeoutMs: number;
}

export interface Settings {
  /** A `lore` executable (absolute after expansion), or null. */
  lorePath: string | null;
  /** A Python interpreter that has lore-lsp installed, or null. */
  interpreter: string | null;
  server: ServerSettings;
}

export const DEFAULTS: ServerSettings = {
  graphPath: null,
  autoIngest: true,
  watchGit: true,
  minConfidence: 0.5,
  autolink: true,
  journal: true,
  logLevel: "info",
  diagnostics: { enabled: true, debounceMs: 250 },
  hover: { enabled: true, maxMemories: 8, maxHistory: 6 },
  configurationTimeoutMs: 1500,
};

/** A settings value that was ignored, and why (shown in the log so a typo does not pass silently). */
export interface SettingProblem {
  key: string;
  message: string;
}

export interface PathContext {
  /** The first workspace folder, used for relative paths and ${workspaceFolder}. */
  workspaceFolder?: string;
  home?: string;
}

/** Expand `~`, `${workspaceFolder}`, `${userHome}` and `${env:NAME}`; resolve relative to the workspace. */
export function expandPath(raw: string, ctx: PathContext, env: NodeJS.ProcessEnv = process.env): string {
  const home = ctx.home ?? os.homedir();
  let p = raw.trim();
  p = p.replace(/\$\{(workspaceFolder|userHome|env:([A-Za-z_][A-Za-z0-9_]*))\}/g, (whole, name: string, envName?: string) => {
    if (name === "workspaceFolder") return ctx.workspaceFolder ?? whole;
    if (name === "userHome") return home;
    return env[envName as string] ?? "";
  });
  if (p === "~") p = home;
  else if (p.startsWith("~/") || p.startsWith("~\\")) p = path.join(home, p.slice(2));
  if (!path.isAbsolute(p) && ctx.workspaceFolder && !p.includes("${")) p = path.resolve(ctx.workspaceFolder, p);
  return p;
}

type Getter = (key: string) => unknown;

function optionalPath(get: Getter, key: string, ctx: PathContext, problems: SettingProblem[]): string | null {
  const v = get(key);
  if (v === undefined || v === null || v === "") return null;
  if (typeof v !== "string") {
    problems.push({ key: `lore.${key}`, message: `must be a string, got ${typeof v}` });
    return null;
  }
  if (v.trim() === "") return null;
  if (v.includes("\0")) {
    problems.push({ key: `lore.${key}`, message: "contains a NUL character" });
    return null;
  }
  const p = expandPath(v, ctx);
  if (p.includes("${")) {
    problems.push({ key: `lore.${key}`, message: `has a variable that cannot be resolved here: ${v}` });
    return null;
  }
  return p;
}

function bool(get: Getter, key: string, fallback: boolean, problems: SettingProblem[]): boolean {
  const v = get(key);
  if (v === undefined || v === null) return fallback;
  if (typeof v === "boolean") return v;
  problems.push({ key: `lore.${key}`, message: `must be true or false, got ${JSON.stringify(v)}` });
  return fallback;
}

/** A number >= 0 (an integer when `integer`); the server rejects negatives, and integers where it counts. */
function nonNegative(get: Getter, key: string, fallback: number, integer: boolean, problems: SettingProblem[]): number {
  const v = get(key);
  if (v === undefined || v === null) return fallback;
  if (typeof v === "number" && v >= 0 && (integer ? Number.isSafeInteger(v) : Number.isFinite(v))) return v;
  const want = integer ? "a whole number >= 0" : "a number >= 0";
  problems.push({ key: `lore.${key}`, message: `must be ${want}, got ${typeof v === "number" || typeof v === "bigint" ? String(v) : (JSON.stringify(v) ?? String(v))}` });
  return fallback;
}

/** Read every setting through `get` (a WorkspaceConfiguration.get for section "lore"). Never throws. */
export function readSettings(get: Getter, ctx: PathContext = {}): { settings: Settings; problems: SettingProblem[] } {
  const problems: SettingProblem[] = [];
  const lorePath = optionalPath(get, "path", ctx, problems);
  const interpreter = optionalPath(get, "interpreter", ctx, problems);
  const graphPath = optionalPath(get, "graphPath", ctx, problems);

  let minConfidence = DEFAULTS.minConfidence;
  const mc = get("minConfidence");
  if (mc !== undefined && mc !== null) {
    if (typeof mc === "number" && Number.isFinite(mc) && mc >= 0 && mc <= 1) minConfidence = mc;
    else problems.push({ key: "lore.minConfidence", message: `must be a number from 0 to 1, got ${JSON.stringify(mc)}` });
  }

  let logLevel: LogLevel = DEFAULTS.logLevel;
  const ll = get("logLevel");
  if (ll !== undefined && ll !== null) {
    const norm = typeof ll === "string" ? ll.trim().toLowerCase() : ll;
    if (norm === "warn") logLevel = "warning";
    else if (typeof norm === "string" && (LOG_LEVELS as readonly string[]).includes(norm)) logLevel = norm as LogLevel;
    else problems.push({ key: "lore.logLevel", message: `must be one of ${LOG_LEVELS.join(", ")}, got ${JSON.stringify(ll)}` });
  }

  return {
    settings: {
      lorePath,
      interpreter,
      server: {
        graphPath,
        autoIngest: bool(get, "autoIngest", DEFAULTS.autoIngest, problems),
        watchGit: bool(get, "watchGit", DEFAULTS.watchGit, problems),
        minConfidence,
        autolink: bool(get, "autolink", DEFAULTS.autolink, problems),
        journal: bool(get, "journal", DEFAULTS.journal, problems),
        logLevel,
        diagnostics: {
          enabled: bool(get, "diagnostics.enabled", DEFAULTS.diagnostics.enabled, problems),
          debounceMs: nonNegative(get, "diagnostics.debounceMs", DEFAULTS.diagnostics.debounceMs, false, problems),
        },
        hover: {
          enabled: bool(get, "hover.enabled", DEFAULTS.hover.enabled, problems),
          maxMemories: nonNegative(get, "hover.maxMemories", DEFAULTS.hover.maxMemories, true, problems),
          maxHistory: nonNegative(get, "hover.maxHistory", DEFAULTS.hover.maxHistory, true, problems),
        },
        configurationTimeoutMs: nonNegative(get, "configurationTimeoutMs", DEFAULTS.configurationTimeoutMs, false, problems),
      },
    },
    problems,
  };
}

/**
 * The payload of initializationOptions and of didChangeConfiguration's `settings.lore`. Each value goes out
 * under the names of SPEC's settings (graphPath, autoIngest, minConfidence, autolink, logLevel) and also
 * under the names the current server reads (graph, ingestOnStartup, diagnostics.minConfidence); the server
 * ignores keys it does not know, so both generations understand the same object. Diagnostics and hover
 * settings go nested ({diagnostics: {...}, hover: {...}}), the shape the server's Settings.update merges.
 */
export function serverOptionsPayload(s: ServerSettings): Record<string, unknown> {
  return {
    graphPath: s.graphPath,
    graph: s.graphPath,
    autoIngest: s.autoIngest,
    ingestOnStartup: s.autoIngest,
    watchGit: s.watchGit,
    minConfidence: s.minConfidence,
    diagnostics: { enabled: s.diagnostics.enabled, debounceMs: s.diagnostics.debounceMs, minConfidence: s.minConfidence },
    hover: { enabled: s.hover.enabled, maxMemories: s.hover.maxMemories, maxHistory: s.hover.maxHistory },
    configurationTimeoutMs: s.configurationTimeoutMs,
    autolink: s.autolink,
    journal: s.journal,
    logLevel: s.logLevel,
  };
}

/** Keys whose change needs a new server process (which program runs, or which graph it owns). */
export const RESTART_KEYS = ["lore.path", "lore.interpreter", "lore.graphPath"] as const;

export function needsRestart(before: Settings, after: Settings): boolean {
  return (
    before.lorePath !== after.lorePath ||
    before.interpreter !== after.interpreter ||
    before.server.graphPath !== after.server.graphPath
  );
}

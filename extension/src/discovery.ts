// Finding the `lore serve` to run: lore.path, lore.interpreter, the Python extension's interpreter, a clone's
// `.venv/bin/lore` (what the README's `make` creates), `lore` on PATH, in that order. Each candidate is probed by really running it (`--version` must answer "lore …"),
// so a stale path or a Python without lore-lsp is reported instead of failing later inside the client.
// No `vscode` import: the Python extension's API object is passed in as plain data.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

export type CandidateSource = "lore.path" | "lore.interpreter" | "Python extension" | "clone" | "PATH";

export interface Candidate {
  source: CandidateSource;
  command: string;
  /** Arguments before the subcommand: [] for a `lore` executable, PYTHON_RUN_LORE for a Python. */
  baseArgs: string[];
}

export interface Attempt {
  candidate: Candidate;
  ok: boolean;
  detail: string;
}

export interface ServerCommand {
  command: string;
  args: string[];
  source: CandidateSource;
  version: string;
}

export type Discovery =
  | { ok: true; server: ServerCommand; attempts: Attempt[] }
  | { ok: false; attempts: Attempt[]; message: string; installCommand: string };

export interface DiscoveryInput {
  lorePath: string | null;
  interpreter: string | null;
  /** The Python extension's active interpreter, when that extension is installed and has one. */
  pythonExtensionInterpreter: string | null;
  /** Whether the Python extension is installed (changes the advice when nothing works). */
  pythonExtensionPresent?: boolean;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Clones of the Lore repository known here (a workspace folder that is one, the last one installed from). */
  clones?: string[];
  /** Extra arguments after `serve` (e.g. ["--graph", PATH]). */
  serveArgs?: string[];
  probeTimeoutMs?: number;
}

/** How a Python runs Lore: not `-m lore`, which puts the working directory first on `sys.path` — the server
 * starts in the workspace folder, so a cloned repository with a `lore/` package of its own at its top would run
 * its code instead. The empty entry `-c` adds is dropped before lore is imported. */
export const PYTHON_RUN_LORE = ["-c", "import sys; sys.path[:] = [p for p in sys.path if p != '']; from lore.__main__ import main; sys.exit(main())"];

/** Whether `file` lies inside the folder `root` (symlinks resolved where they exist). */
export function isInside(file: string, root: string): boolean {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  const rel = path.relative(real(root), real(file));
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** A command as a person reads it (PYTHON_RUN_LORE shown as the `-m lore` it stands for). */
export function commandLine(command: string, args: string[]): string {
  const shown = args.length >= PYTHON_RUN_LORE.length && PYTHON_RUN_LORE.every((a, i) => args[i] === a)
    ? ["-m", "lore", ...args.slice(PYTHON_RUN_LORE.length)] : args;
  return [command, ...shown].join(" ");
}

/** The Python package a clone installs (pyproject.toml); it is not on PyPI, so it installs from a clone. */
export const PACKAGE_NAME = "lore-lsp";

/** Whether `dir` is a clone of the Lore repository (its pyproject.toml names the package). */
export function isLoreClone(dir: string): boolean {
  try {
    return /^name\s*=\s*"lore-lsp"/m.test(fs.readFileSync(path.join(dir, "pyproject.toml"), "utf8"));
  } catch {
    return false;
  }
}

/** The `lore` that the README's `make` (`.venv/`) puts in a clone. */
export function cloneLore(clone: string, platform: NodeJS.Platform = process.platform): string {
  return platform === "win32" ? path.join(clone, ".venv", "Scripts", "lore.exe") : path.join(clone, ".venv", "bin", "lore");
}

/** The shell command that installs the server in a clone, as the README does (`make`, else venv + pip). */
export function cloneInstallCommand(clone: string): string {
  const q = quoteArg(clone);
  return `cd ${q} && if command -v make >/dev/null 2>&1; then make .venv/.installed; else python3 -m venv .venv && .venv/bin/python -m pip install -e .; fi`;
}

/** Every executable named `name` on PATH, in PATH order (PATHEXT on Windows). */
export function whichAll(name: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string[] {
  const win = platform === "win32";
  const pathVar = (win ? env.Path ?? env.PATH : env.PATH) ?? "";
  const exts = win ? (env.PATHEXT ?? ".EXE;.CMD;.BAT;.COM").split(";").filter(Boolean) : [""];
  const out: string[] = [];
  for (const dir of pathVar.split(win ? ";" : ":")) {
    if (!dir) continue;
    for (const ext of exts) {
      const full = path.join(dir, name + ext.toLowerCase());
      if (isExecutableFile(full, platform) && !out.includes(full)) out.push(full);
    }
  }
  return out;
}

export function isExecutableFile(p: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) return false;
    if (platform === "win32") return true;
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The ordered candidates; a missing or non-executable configured path becomes a failed attempt at once. */
export function candidates(input: DiscoveryInput): { list: Candidate[]; rejected: Attempt[] } {
  const platform = input.platform ?? process.platform;
  const list: Candidate[] = [];
  const rejected: Attempt[] = [];
  const fileCandidate = (source: CandidateSource, p: string, baseArgs: string[]) => {
    const c: Candidate = { source, command: p, baseArgs };
    if (!fs.existsSync(p)) rejected.push({ candidate: c, ok: false, detail: `${p} does not exist` });
    else if (!isExecutableFile(p, platform)) rejected.push({ candidate: c, ok: false, detail: `${p} is not an executable file` });
    else list.push(c);
  };
  if (input.lorePath) fileCandidate("lore.path", input.lorePath, []);
  if (input.interpreter) fileCandidate("lore.interpreter", input.interpreter, PYTHON_RUN_LORE);
  if (input.pythonExtensionInterpreter) fileCandidate("Python extension", input.pythonExtensionInterpreter, PYTHON_RUN_LORE);
  for (const clone of input.clones ?? []) {
    const exe = cloneLore(clone, platform);
    // A clone not yet installed is no failed attempt: the message offers to install it.
    if (isExecutableFile(exe, platform)) list.push({ source: "clone", command: exe, baseArgs: [] });
  }
  for (const exe of whichAll("lore", input.env ?? process.env, platform)) list.push({ source: "PATH", command: exe, baseArgs: [] });
  return { list, rejected };
}

export interface ProbeResult {
  ok: boolean;
  version: string;
  detail: string;
}

/** Run `<command> <baseArgs> --version`; a Lore answers "lore X.Y.Z". */
export function probe(c: Candidate, timeoutMs = 15000, env: NodeJS.ProcessEnv = process.env): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(
      c.command,
      [...c.baseArgs, "--version"],
      { timeout: timeoutMs, env, windowsHide: true, maxBuffer: 64 * 1024 },
      (err, stdout, stderr) => {
        const out = `${stdout ?? ""}`.trim();
        const m = /^lore\s+(\S+)/m.exec(out);
        if (!err && m) return resolve({ ok: true, version: m[1], detail: out });
        const why = err
          ? (err as NodeJS.ErrnoException & { killed?: boolean }).killed
            ? `timed out after ${timeoutMs} ms`
            : lastLine(`${stderr ?? ""}`) || err.message
          : `answered ${JSON.stringify(out.slice(0, 80))}, not "lore <version>"`;
        resolve({ ok: false, version: "", detail: why });
      },
    );
  });
}

function lastLine(s: string): string {
  const lines = s.trim().split(/\r?\n/);
  return lines[lines.length - 1]?.trim() ?? "";
}

export function describe(c: Candidate): string {
  return `${c.source}: ${commandLine(c.command, c.baseArgs)}`;
}

/** Try the candidates in order; the first that answers as Lore wins. */
export async function discover(input: DiscoveryInput): Promise<Discovery> {
  const { list, rejected } = candidates(input);
  const attempts: Attempt[] = [...rejected];
  for (const c of list) {
    const r = await probe(c, input.probeTimeoutMs, input.env ?? process.env);
    attempts.push({ candidate: c, ok: r.ok, detail: r.ok ? `lore ${r.version}` : r.detail });
    if (r.ok) {
      return {
        ok: true,
        attempts,
        server: { command: c.command, args: [...c.baseArgs, "serve", ...(input.serveArgs ?? [])], source: c.source, version: r.version },
      };
    }
  }
  // Sort attempts back into discovery order for the message.
  const order: CandidateSource[] = ["lore.path", "lore.interpreter", "Python extension", "clone", "PATH"];
  attempts.sort((a, b) => order.indexOf(a.candidate.source) - order.indexOf(b.candidate.source));
  const installCommand = installCommandFor(input);
  return { ok: false, attempts, installCommand, message: notFoundMessage(input, attempts, installCommand) };
}

/**
 * What installs the server: lore-lsp is not published, so it comes from a clone of the Lore repository —
 * the README's `make` in a known clone, else `pip install -e` of a clone into the interpreter in use.
 */
export function installCommandFor(input: Pick<DiscoveryInput, "interpreter" | "pythonExtensionInterpreter" | "clones">): string {
  const clone = input.clones?.[0];
  if (clone) return cloneInstallCommand(clone);
  const python = input.interpreter ?? input.pythonExtensionInterpreter;
  return `${python ? quoteArg(python) : "python3"} -m pip install -e <path to a clone of the Lore repository>`;
}

function quoteArg(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./\\-]+$/.test(s) ? s : `"${s.replace(/(["\\$`])/g, "\\$1")}"`;
}

/** The message shown when no candidate works: what was tried, what to install, and how. */
export function notFoundMessage(input: DiscoveryInput, attempts: Attempt[], installCommand: string): string {
  const tried = attempts.length
    ? attempts.map((a) => `${describe(a.candidate)} (${a.detail})`).join("; ")
    : "lore.path and lore.interpreter are unset" +
      (input.pythonExtensionPresent ? ", the Python extension has no interpreter selected" : ", the Python extension is not installed") +
      ", and there is no `lore` on PATH";
  const clone = input.clones?.[0];
  const then = clone
    ? `then set "lore.path" to ${cloneLore(clone)} (or run "Lore: Install the Server from a Clone", which does both)`
    : `then set "lore.interpreter" to that Python, or "lore.path" to the clone's \`.venv/bin/lore\` (or run "Lore: Install the Server from a Clone")`;
  return (
    `Lore could not start its language server. Tried: ${tried}. ` +
    `The server (the Python package ${PACKAGE_NAME}) installs from a clone of the Lore repository: \`${installCommand}\`; ` +
    `${then}, and run "Lore: Restart Server".`
  );
}

/** The Python extension's active interpreter, read from its API object (either generation of the API). */
export async function interpreterFromPythonApi(api: unknown, resource?: unknown): Promise<string | null> {
  if (!api || typeof api !== "object") return null;
  const a = api as {
    environments?: {
      getActiveEnvironmentPath?: (r?: unknown) => { path?: string } | undefined;
      resolveEnvironment?: (e: unknown) => Promise<{ executable?: { uri?: { fsPath?: string } } } | undefined>;
    };
    settings?: { getExecutionDetails?: (r?: unknown) => { execCommand?: string[] } | undefined };
  };
  try {
    const envs = a.environments;
    if (envs?.getActiveEnvironmentPath) {
      const active = envs.getActiveEnvironmentPath(resource);
      if (active && envs.resolveEnvironment) {
        const resolved = await envs.resolveEnvironment(active);
        const exe = resolved?.executable?.uri?.fsPath;
        if (typeof exe === "string" && exe) return exe;
      }
      if (active && typeof active.path === "string" && active.path) return active.path;
    }
    const cmd = a.settings?.getExecutionDetails?.(resource)?.execCommand;
    if (Array.isArray(cmd) && typeof cmd[0] === "string" && cmd[0]) return cmd[0];
  } catch {
    // A broken or changed Python extension API must not stop discovery; the other candidates remain.
  }
  return null;
}

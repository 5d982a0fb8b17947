// Opens the packaged .vsix and checks what VS Code will install: the manifest's commands and settings,
// a self-contained bundle (requires only `vscode` and Node built-ins, compiles), and nothing else shipped.
// Prints one JSON object; exits 1 when a check fails.
import { Buffer } from "node:buffer";
import { builtinModules } from "node:module";
import * as fs from "node:fs";
import vm from "node:vm";
import yauzl from "yauzl";

const file = process.argv[2] ?? "lore.vsix";

const REQUIRED_COMMANDS = [
  "lore.recordDecision", "lore.recordPreference", "lore.recordConstraint", "lore.askMemory", "lore.showHistory",
  "lore.ingest", "lore.showWarnings", "lore.dismissWarning", "lore.restartServer", "lore.showOutput",
  "lore.editDecision", "lore.supersedeDecision", "lore.retractDecision",
];
const REQUIRED_SETTINGS = [
  "lore.path", "lore.interpreter", "lore.graphPath", "lore.autoIngest", "lore.minConfidence", "lore.autolink", "lore.logLevel",
  "lore.diagnostics.enabled", "lore.diagnostics.debounceMs", "lore.hover.enabled", "lore.hover.maxMemories", "lore.hover.maxHistory",
  "lore.configurationTimeoutMs",
];

function readZip(path) {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map();
      zip.on("entry", (entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks = [];
          stream.on("data", (c) => chunks.push(c));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const problems = [];
const check = (cond, msg) => {
  if (!cond) problems.push(msg);
};

if (!fs.existsSync(file)) {
  process.stdout.write(JSON.stringify({ ok: false, file, problems: [`${file} does not exist`] }) + "\n");
  process.exit(1);
}
const files = await readZip(file);
const names = [...files.keys()].sort();

for (const need of ["extension.vsixmanifest", "[Content_Types].xml", "extension/package.json", "extension/dist/extension.js", "extension/readme.md", "extension/LICENSE.txt"]) {
  check(files.has(need), `missing ${need}`);
}
for (const n of names) {
  check(!/(^|\/)node_modules\//.test(n), `ships node_modules: ${n}`);
  check(!/^extension\/(src|test|scripts)\//.test(n), `ships sources or tests: ${n}`);
  check(!n.endsWith(".map") && !n.endsWith(".ts"), `ships ${n}`);
}

const pkg = JSON.parse(files.get("extension/package.json")?.toString("utf8") ?? "{}");
const commands = (pkg.contributes?.commands ?? []).map((c) => c.command);
const settings = Object.keys(pkg.contributes?.configuration?.properties ?? {});
for (const c of REQUIRED_COMMANDS) check(commands.includes(c), `command ${c} not contributed`);
for (const s of REQUIRED_SETTINGS) check(settings.includes(s), `setting ${s} not contributed`);
check(pkg.main === "./dist/extension.js", `main is ${pkg.main}`);
check(typeof pkg.engines?.vscode === "string", "no engines.vscode");

const manifest = files.get("extension.vsixmanifest")?.toString("utf8") ?? "";
check(/<Identity[^>]*Id="lore-vscode"/.test(manifest) && /Publisher="lore"/.test(manifest), "vsixmanifest identity is not lore.lore-vscode");

const bundle = files.get("extension/dist/extension.js")?.toString("utf8") ?? "";
const requires = new Set([...bundle.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]));
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const external = [...requires].filter((r) => r !== "vscode" && !builtins.has(r));
check(external.length === 0, `the bundle requires modules that are not shipped: ${external.join(", ")}`);
check(requires.has("vscode"), "the bundle does not require vscode (wrong entry point?)");
try {
  new vm.Script(bundle, { filename: "extension.js" });
} catch (e) {
  problems.push(`the bundle does not compile: ${e.message}`);
}
check(/exports\.activate|activate:\s*\(\)\s*=>|\bactivate\b/.test(bundle), "the bundle has no activate");

const out = {
  ok: problems.length === 0,
  file,
  bytes: fs.statSync(file).size,
  entries: names,
  commands: commands.length,
  settings: settings.length,
  bundleBytes: bundle.length,
  bundleRequires: [...requires].sort(),
  problems,
};
process.stdout.write(JSON.stringify(out, null, 2) + "\n");
process.exit(out.ok ? 0 : 1);

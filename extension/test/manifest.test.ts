// package.json is what the .vsix installs: the commands and settings the issue lists must be there, and
// agree with the code.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";
import { COMMANDS, entityArg, memoryPrefillArg, serverCommandsToRegister, warningIdArg } from "../src/commands";
import { DEFAULTS } from "../src/settings";

const pkg = JSON.parse(fs.readFileSync(path.join(process.cwd(), "package.json"), "utf8"));

test("contributed commands are exactly the ones the extension registers, all in category Lore", () => {
  const ids = pkg.contributes.commands.map((c: { command: string }) => c.command);
  assert.deepEqual([...ids].sort(), [...COMMANDS].sort());
  for (const c of pkg.contributes.commands) {
    assert.equal(c.category, "Lore");
    assert.ok(c.title.length > 3);
  }
});

test("every setting the server reads is contributed, with the defaults the code uses", () => {
  const props = pkg.contributes.configuration.properties;
  const expected = [
    "lore.path", "lore.interpreter", "lore.graphPath", "lore.autoIngest", "lore.watchGit", "lore.minConfidence", "lore.autolink", "lore.journal", "lore.logLevel",
    "lore.diagnostics.enabled", "lore.diagnostics.debounceMs", "lore.hover.enabled", "lore.hover.maxMemories", "lore.hover.maxHistory",
    "lore.configurationTimeoutMs", "lore.trace.server",
  ];
  assert.deepEqual(Object.keys(props).sort(), [...expected].sort());
  for (const key of expected) {
    assert.ok(props[key].markdownDescription || props[key].description, `${key} is described`);
  }
  assert.equal(props["lore.autoIngest"].default, DEFAULTS.autoIngest);
  assert.equal(props["lore.watchGit"].default, DEFAULTS.watchGit);
  // Paths to programs are the machine's: kept in user/remote settings, overridable per workspace.
  assert.equal(props["lore.path"].scope, "machine-overridable");
  assert.equal(props["lore.interpreter"].scope, "machine-overridable");
  assert.equal(props["lore.minConfidence"].default, DEFAULTS.minConfidence);
  assert.equal(props["lore.minConfidence"].minimum, 0);
  assert.equal(props["lore.minConfidence"].maximum, 1);
  assert.equal(props["lore.autolink"].default, DEFAULTS.autolink);
  assert.equal(props["lore.journal"].default, DEFAULTS.journal);
  assert.equal(props["lore.logLevel"].default, DEFAULTS.logLevel);
  assert.deepEqual(props["lore.logLevel"].enum, ["debug", "info", "warning", "error"]);
  // The diagnostics and hover settings: the server's defaults, and the server's limits (>= 0; integers for counts).
  assert.equal(props["lore.diagnostics.enabled"].default, DEFAULTS.diagnostics.enabled);
  assert.equal(props["lore.diagnostics.debounceMs"].default, DEFAULTS.diagnostics.debounceMs);
  assert.equal(props["lore.hover.enabled"].default, DEFAULTS.hover.enabled);
  assert.equal(props["lore.hover.maxMemories"].default, DEFAULTS.hover.maxMemories);
  assert.equal(props["lore.hover.maxHistory"].default, DEFAULTS.hover.maxHistory);
  assert.equal(props["lore.configurationTimeoutMs"].default, DEFAULTS.configurationTimeoutMs);
  assert.deepEqual(
    [DEFAULTS.diagnostics.enabled, DEFAULTS.diagnostics.debounceMs, DEFAULTS.hover.enabled, DEFAULTS.hover.maxMemories, DEFAULTS.hover.maxHistory, DEFAULTS.configurationTimeoutMs],
    [true, 250, true, 8, 6, 1500],
    "the server's defaults (server/lore/lsp/settings.py)",
  );
  for (const key of ["lore.diagnostics.enabled", "lore.hover.enabled"]) assert.equal(props[key].type, "boolean", key);
  for (const key of ["lore.diagnostics.debounceMs", "lore.configurationTimeoutMs"]) assert.equal(props[key].type, "number", key);
  for (const key of ["lore.hover.maxMemories", "lore.hover.maxHistory"]) assert.equal(props[key].type, "integer", key);
  for (const key of ["lore.diagnostics.debounceMs", "lore.configurationTimeoutMs", "lore.hover.maxMemories", "lore.hover.maxHistory"]) {
    assert.equal(props[key].minimum, 0, key);
  }
  // Settings that name programs to run, or the file to open and write, are not taken from untrusted workspaces.
  assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.sort(),
                   ["lore.graphPath", "lore.interpreter", "lore.path"]);
});

test("@types/vscode is pinned to the engine's minimum (vsce refuses a newer one)", () => {
  const engine = pkg.engines.vscode.replace(/^\^/, "");
  assert.equal(pkg.devDependencies["@types/vscode"], engine);
  assert.equal(pkg.main, "./dist/extension.js");
});

test("server commands with our ids are left to us; others pass through", () => {
  assert.deepEqual(serverCommandsToRegister(["lore.recordDecision", "lore.showHistory", "lore.dismissWarning", "lore.serverOnly"]), ["lore.serverOnly"]);
  for (const junk of [undefined, null, "x", {}, [1, null]]) assert.deepEqual(serverCommandsToRegister(junk), []);
});

test("command arguments from the server's code actions", () => {
  assert.equal(entityArg({ entity: ":function/a-py-f" }), ":function/a-py-f");
  assert.equal(entityArg(":module/a-py"), ":module/a-py");
  for (const junk of [undefined, "", "  ", 5, { entity: 5 }, [":x/y"]]) assert.equal(entityArg(junk), undefined);
  assert.equal(warningIdArg({ id: "w-1" }), "w-1");
  assert.equal(warningIdArg(12), "12");
  for (const junk of [undefined, "", NaN, {}, { id: {} }, [1]]) assert.equal(warningIdArg(junk), undefined);
  assert.deepEqual(memoryPrefillArg({ entity: ":function/a-py-f", description: "Decision about f", rationale: 3 }), {
    entity: ":function/a-py-f",
    description: "Decision about f",
    rationale: undefined,
    rejects: undefined,
  });
  assert.deepEqual(memoryPrefillArg({ entity: "not an ident]" }), { entity: undefined, description: undefined, rationale: undefined, rejects: undefined });
  // A code action on an import: what the decision rejects, as an ident or a list; junk entries dropped.
  assert.equal(memoryPrefillArg({ rejects: ":module/chardet" }).rejects, ":module/chardet");
  assert.equal(memoryPrefillArg({ rejects: [":module/chardet", 5, "x]] [", ":module/simplejson"] }).rejects, ":module/chardet, :module/simplejson");
  assert.equal(memoryPrefillArg({ rejects: {} }).rejects, undefined);
  // The server's code actions: a rejection on an import, a decision about a symbol, with its suggestions.
  assert.deepEqual(memoryPrefillArg({ kind: "rejects", target: ":module/chardet", entity: ":module/chardet", label: "chardet", text: "We don't use chardet: ", name: "no-chardet" }), {
    entity: undefined,
    description: "We don't use chardet: ",
    rationale: undefined,
    rejects: ":module/chardet",
    name: "no-chardet",
  });
  assert.deepEqual(memoryPrefillArg({ kind: "governs", target: ":function/a-py-f", text: "", name: null }), {
    entity: ":function/a-py-f",
    description: undefined,
    rationale: undefined,
    rejects: undefined,
  });
  assert.equal(memoryPrefillArg({ kind: "rejects", target: "not an ident" }).rejects, undefined);
  assert.deepEqual(memoryPrefillArg("x"), {});
});

test("a decision in the Lore view has Edit, Supersede and Retract in its context menu; in the palette too", () => {
  type Item = { command: string; when?: string; group?: string };
  const menu: Item[] = pkg.contributes.menus["view/item/context"];
  const decisionItem = (c: string) => menu.find((m) => m.command === c && m.when === "view == lore.memory && viewItem == lore.memory.decision");
  for (const c of ["lore.editDecision", "lore.supersedeDecision", "lore.retractDecision"]) {
    const item = decisionItem(c);
    assert.ok(item, `${c} is not on a decision's context menu`);
    assert.ok(item.group && !item.group.startsWith("inline"), `${c} belongs in the menu, not inline`);
    assert.ok(!(pkg.contributes.menus.commandPalette as Item[]).some((m) => m.command === c && m.when === "false"), `${c} is hidden from the palette`);
  }
  assert.deepEqual(
    pkg.contributes.commands.filter((c: { command: string }) => /Decision$/.test(c.command) && c.command !== "lore.recordDecision").map((c: { title: string }) => c.title),
    ["Edit Decision…", "Supersede Decision…", "Retract Decision…"],
  );
  // The tree sets lore.memory.<kind> (views/tree.ts): history and graph stay inline on every memory.
  for (const c of ["lore.showHistory", "lore.showGraph"]) {
    const item = menu.find((m) => m.command === c && m.group === "inline");
    assert.ok(item && /viewItem =~ \/\^lore\\\.memory\\\.\//.test(item.when ?? ""), JSON.stringify(item));
  }
});

// Discovery runs real programs: the repository's own `lore` when there is one, and small executables this
// test writes to stand for a Python with lore installed, a stale path, an unrelated `lore`, and a hang.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";
import { candidates, cloneInstallCommand, cloneLore, commandLine, discover, interpreterFromPythonApi, isInside, isLoreClone, notFoundMessage, probe, PYTHON_RUN_LORE, whichAll } from "../src/discovery";
import { findLore, tmpDir } from "./helpers";

function script(dir: string, name: string, body: string, mode = 0o755): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, `#!/bin/sh\n${body}\n`, { mode });
  return p;
}

const posix = process.platform !== "win32";

/** A directory with: a fake python (running lore with `--version` works), a good lore, an impostor, a hang, a non-exec. */
function fixture() {
  const dir = tmpDir("lore-ext-disc-");
  const bin = path.join(dir, "bin");
  const other = path.join(dir, "other");
  fs.mkdirSync(bin);
  fs.mkdirSync(other);
  return {
    dir,
    bin,
    other,
    python: script(dir, "python3", 'if [ "$1" = "-c" ] && [ "$3" = "--version" ]; then echo "lore 1.2.3"; exit 0; fi\necho "No module named lore" >&2; exit 1'),
    pythonWithout: script(dir, "python-bare", 'echo "/usr/bin/python3: No module named lore" >&2; exit 1'),
    good: script(bin, "lore", 'echo "lore 0.9.0"'),
    impostor: script(other, "lore", 'echo "Lore RPG launcher v2"'),
    hang: script(dir, "lore-hang", "sleep 30"),
    notExec: script(dir, "lore-noexec", 'echo "lore 0.0.1"', 0o644),
  };
}

test("order: lore.path, lore.interpreter, Python extension, PATH", { skip: !posix }, () => {
  const f = fixture();
  const { list } = candidates({
    lorePath: f.good,
    interpreter: f.python,
    pythonExtensionInterpreter: f.pythonWithout,
    env: { PATH: [f.other, f.bin].join(":") },
  });
  assert.deepEqual(
    list.map((c) => [c.source, c.command, commandLine("", c.baseArgs).trim()]),
    [
      ["lore.path", f.good, ""],
      ["lore.interpreter", f.python, "-m lore"],
      ["Python extension", f.pythonWithout, "-m lore"],
      ["PATH", path.join(f.other, "lore"), ""],
      ["PATH", path.join(f.bin, "lore"), ""],
    ],
  );
});

test("the first candidate that answers as lore wins; serve args follow", { skip: !posix }, async () => {
  const f = fixture();
  const d = await discover({ lorePath: null, interpreter: f.python, pythonExtensionInterpreter: null, env: { PATH: f.bin }, serveArgs: ["--graph", "/g.duckdb"] });
  assert.ok(d.ok);
  assert.deepEqual(d.server, { command: f.python, args: [...PYTHON_RUN_LORE, "serve", "--graph", "/g.duckdb"], source: "lore.interpreter", version: "1.2.3" });
});

test("a broken configured path falls through, and the attempt says why", { skip: !posix }, async () => {
  const f = fixture();
  const d = await discover({
    lorePath: path.join(f.dir, "missing", "lore"),
    interpreter: f.pythonWithout,
    pythonExtensionInterpreter: f.notExec,
    env: { PATH: [f.other, f.bin].join(":") },
  });
  assert.ok(d.ok);
  assert.equal(d.server.command, path.join(f.bin, "lore"));
  assert.equal(d.server.source, "PATH");
  const why = d.attempts.map((a) => `${a.candidate.source}: ${a.detail}`);
  assert.ok(why.some((w) => /^lore\.path: .*does not exist/.test(w)), why.join("\n"));
  assert.ok(why.some((w) => /^lore\.interpreter: .*No module named lore/.test(w)), why.join("\n"));
  assert.ok(why.some((w) => /^Python extension: .*not an executable file/.test(w)), why.join("\n"));
  assert.ok(why.some((w) => /^PATH: answered "Lore RPG launcher v2", not "lore <version>"/.test(w)), why.join("\n"));
});

test("nothing works: the message says what was tried, what to install and how", { skip: !posix }, async () => {
  const f = fixture();
  const d = await discover({ lorePath: null, interpreter: null, pythonExtensionInterpreter: f.pythonWithout, pythonExtensionPresent: true, env: { PATH: f.other } });
  assert.equal(d.ok, false);
  if (d.ok) return;
  // lore-lsp is not on PyPI: the command installs a clone into the interpreter in use.
  assert.equal(d.installCommand, `${f.pythonWithout} -m pip install -e <path to a clone of the Lore repository>`);
  assert.match(d.message, /Lore could not start its language server/);
  assert.match(d.message, /Python extension: .*python-bare.*No module named lore/);
  assert.match(d.message, /PATH: .*other\/lore/);
  assert.ok(d.message.includes(`\`${f.pythonWithout} -m pip install -e <path to a clone of the Lore repository>\``));
  assert.doesNotMatch(d.message, /pip install lore-lsp/);
  assert.match(d.message, /Install the Server from a Clone/);
  assert.match(d.message, /"lore\.interpreter"/);
  assert.match(d.message, /"lore\.path"/);
  assert.match(d.message, /Lore: Restart Server/);
});

test("nothing configured and nothing on PATH: a message without attempts still says how", async () => {
  const empty = tmpDir("lore-ext-empty-");
  const d = await discover({ lorePath: null, interpreter: null, pythonExtensionInterpreter: null, env: { PATH: empty } });
  assert.equal(d.ok, false);
  if (d.ok) return;
  assert.deepEqual(d.attempts, []);
  assert.equal(d.installCommand, "python3 -m pip install -e <path to a clone of the Lore repository>");
  assert.match(d.message, /the Python extension is not installed, and there is no `lore` on PATH/);
  assert.match(notFoundMessage({ lorePath: null, interpreter: null, pythonExtensionInterpreter: null, pythonExtensionPresent: true }, [], "x"), /has no interpreter selected/);
});

test("an interpreter path with spaces and quotes is quoted in the install command", { skip: !posix }, async () => {
  const dir = tmpDir("lore ext 'q' ");
  const py = script(dir, "py thon", "exit 1");
  const d = await discover({ lorePath: null, interpreter: py, pythonExtensionInterpreter: null, env: { PATH: "" } });
  assert.equal(d.ok, false);
  if (!d.ok) assert.equal(d.installCommand, `"${py}" -m pip install -e <path to a clone of the Lore repository>`);
});

test("a probe that hangs times out instead of blocking activation", { skip: !posix }, async () => {
  const f = fixture();
  const t0 = Date.now();
  const r = await probe({ source: "lore.path", command: f.hang, baseArgs: [] }, 300);
  assert.equal(r.ok, false);
  assert.match(r.detail, /timed out after 300 ms/);
  assert.ok(Date.now() - t0 < 5000);
});

test("a directory or a missing file on PATH is not a candidate", { skip: !posix }, () => {
  const dir = tmpDir("lore-ext-path-");
  fs.mkdirSync(path.join(dir, "lore"));
  assert.deepEqual(whichAll("lore", { PATH: `${dir}::/nonexistent` }, "linux"), []);
});

test("the repository's real lore is found and accepted", async (t) => {
  const lore = findLore();
  if (!lore) return t.skip("no lore executable (set LORE_BIN, or create the repository's .venv)");
  const d = await discover({ lorePath: lore, interpreter: null, pythonExtensionInterpreter: null, env: { PATH: "" } });
  assert.ok(d.ok, !d.ok ? d.message : "");
  assert.match(d.server.version, /^\d+\.\d+/);
  assert.deepEqual(d.server.args, ["serve"]);
  // The venv's python next to it runs `-m lore` the same way.
  const py = path.join(path.dirname(lore), "python");
  if (fs.existsSync(py)) {
    const viaPy = await discover({ lorePath: null, interpreter: py, pythonExtensionInterpreter: null, env: { PATH: "" } });
    assert.ok(viaPy.ok, !viaPy.ok ? viaPy.message : "");
    assert.equal(viaPy.server.version, d.server.version);
    // Started in a hostile clone that ships a `lore` package of its own: the installed Lore still answers.
    const clone = tmpDir("lore-ext-hostile-");
    fs.mkdirSync(path.join(clone, "lore"));
    fs.writeFileSync(path.join(clone, "lore", "__init__.py"), "");
    fs.writeFileSync(path.join(clone, "lore", "__main__.py"), "print('lore 6.6.6 hijacked')\n");
    const out = execFileSync(py, [...viaPy.server.args.slice(0, PYTHON_RUN_LORE.length), "--version"], { cwd: clone, encoding: "utf8" });
    assert.equal(out.trim(), `lore ${d.server.version}`);
    // (what `-m lore` would have run there)
    assert.match(execFileSync(py, ["-m", "lore", "--version"], { cwd: clone, encoding: "utf8" }), /hijacked/);
  }
});

test("the Python extension API: new environments API, old settings API, and junk", async () => {
  const newApi = {
    environments: {
      getActiveEnvironmentPath: () => ({ id: "x", path: "/envs/x" }),
      resolveEnvironment: async () => ({ executable: { uri: { fsPath: "/envs/x/bin/python" } } }),
    },
  };
  assert.equal(await interpreterFromPythonApi(newApi), "/envs/x/bin/python");
  const unresolved = { environments: { getActiveEnvironmentPath: () => ({ path: "/usr/bin/python3" }), resolveEnvironment: async () => undefined } };
  assert.equal(await interpreterFromPythonApi(unresolved), "/usr/bin/python3");
  const oldApi = { settings: { getExecutionDetails: () => ({ execCommand: ["/old/python", "-X"] }) } };
  assert.equal(await interpreterFromPythonApi(oldApi), "/old/python");
  const throwing = { environments: { getActiveEnvironmentPath: () => { throw new Error("not ready"); } } };
  for (const junk of [undefined, null, 3, "x", {}, { settings: { getExecutionDetails: () => ({ execCommand: [7] }) } }, throwing]) {
    assert.equal(await interpreterFromPythonApi(junk), null);
  }
});

test("a clone of Lore: recognised by its pyproject, its .venv/bin/lore found, the README's install offered", { skip: !posix }, async () => {
  const clone = tmpDir("lore-ext-clone-");
  fs.writeFileSync(path.join(clone, "pyproject.toml"), '[project]\nname = "lore-lsp"\nversion = "0.1.0"\n');
  const other = tmpDir("lore-ext-notclone-");
  fs.writeFileSync(path.join(other, "pyproject.toml"), '[project]\nname = "lore-lsp-fork"\n');
  assert.equal(isLoreClone(clone), true);
  assert.equal(isLoreClone(other), false);
  assert.equal(isLoreClone(path.join(clone, "missing")), false);
  // Not installed yet: no attempt, and the install command is the README's, in that clone.
  const before = await discover({ lorePath: null, interpreter: null, pythonExtensionInterpreter: null, clones: [clone], env: { PATH: "" } });
  assert.equal(before.ok, false);
  if (before.ok) return;
  assert.deepEqual(before.attempts, []);
  assert.equal(before.installCommand, cloneInstallCommand(clone));
  assert.match(before.installCommand, /make \.venv\/\.installed/);
  assert.match(before.installCommand, /pip install -e \./);
  assert.ok(before.message.includes(cloneLore(clone)), before.message);
  // Installed: its lore answers and is used (after the configured ones, before PATH).
  fs.mkdirSync(path.join(clone, ".venv", "bin"), { recursive: true });
  script(path.join(clone, ".venv", "bin"), "lore", 'echo "lore 9.9.9"');
  const f = fixture();
  const after = await discover({ lorePath: null, interpreter: null, pythonExtensionInterpreter: null, clones: [clone], env: { PATH: f.bin } });
  assert.ok(after.ok);
  assert.equal(after.server.source, "clone");
  assert.equal(after.server.command, cloneLore(clone));
  assert.equal(after.server.version, "9.9.9");
  // A quote in the clone's path stays inside one shell word.
  assert.match(cloneInstallCommand("/tmp/it's here"), /^cd "\/tmp\/it's here" && /);
});

test("this repository is a clone: the install command's make target exists, and its .venv's lore is found", async (t) => {
  const repoRoot = path.resolve(process.cwd(), "..");
  if (!isLoreClone(repoRoot)) return t.skip("not run from a clone of Lore");
  const lore = cloneLore(repoRoot);
  if (!fs.existsSync(lore)) return t.skip("the clone has no .venv (make .venv/.installed)");
  // The target the command makes is the README's (a dry run: the venv is there already).
  execFileSync("make", ["-n", "-C", repoRoot, ".venv/.installed"], { stdio: "ignore" });
  assert.match(cloneInstallCommand(repoRoot), /make \.venv\/\.installed/);
  const d = await discover({ lorePath: null, interpreter: null, pythonExtensionInterpreter: null, clones: [repoRoot], env: { PATH: "" } });
  assert.ok(d.ok && d.server.source === "clone", !d.ok ? d.message : "");
});

test("isInside: a workspace's own interpreter is inside it, a sibling folder with the same prefix is not", { skip: !posix }, () => {
  const dir = tmpDir("lore-ext-inside-");
  fs.mkdirSync(path.join(dir, "repo", ".venv", "bin"), { recursive: true });
  fs.mkdirSync(path.join(dir, "repo-other"));
  fs.writeFileSync(path.join(dir, "repo", ".venv", "bin", "python"), "");
  assert.equal(isInside(path.join(dir, "repo", ".venv", "bin", "python"), path.join(dir, "repo")), true);
  assert.equal(isInside(path.join(dir, "repo-other", "python"), path.join(dir, "repo")), false);
  assert.equal(isInside("/usr/bin/python3", path.join(dir, "repo")), false);
  // a symlink out of the workspace to the real interpreter is judged by where it points
  fs.symlinkSync("/usr/bin", path.join(dir, "repo", "sys"));
  assert.equal(isInside(path.join(dir, "repo", "sys", "env"), path.join(dir, "repo")), false);
});

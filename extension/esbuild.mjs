// Bundles the extension (one CommonJS file; `vscode` is provided by the editor) and, with --tests, the unit
// tests. Type-checking is separate (`tsc --noEmit`): esbuild only strips types.
import { build } from "esbuild";
import { readdirSync } from "node:fs";

const tests = process.argv.includes("--tests");
const production = process.argv.includes("--production");

const common = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node18",
  sourcemap: !production,
  logLevel: "warning",
};

if (tests) {
  const entryPoints = readdirSync("test")
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => `test/${f}`);
  // Tests never load `vscode`; marking it external makes an accidental import fail loudly at run time.
  await build({ ...common, entryPoints, outdir: "dist/test", outExtension: { ".js": ".cjs" }, external: ["vscode"] });
} else {
  await build({
    ...common,
    entryPoints: ["src/extension.ts"],
    outfile: "dist/extension.js",
    external: ["vscode"],
    minify: production,
    metafile: false,
  });
}

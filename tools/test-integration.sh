#!/usr/bin/env bash
# tools/test-integration.sh [BUILD_DIR] -- what the HTTP side needs beyond
# ctest: installs the OpenAPI validator (npm, into tests/integration/
# node_modules from the lock file), validates openapi.yaml with it, starts
# BUILD_DIR/dungeond (default build/) on a free port and checks its live
# answers against the document's schemas. tools/test.sh runs it after ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ -x "$build/dungeond" ] || { echo "test-integration: $build/dungeond is not built" >&2; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null \
  || { echo "test-integration: node and npm are needed (tools/deps.sh test installs them)" >&2; exit 1; }

dir=tests/integration
# a Node older than a locked package's engines.node fails here in one sentence
node tools/node-check.js "$dir" >/dev/null
# reinstall only when the lock file changed since the last install
stamp=$dir/node_modules/.lock-stamp
if ! cmp -s "$dir/package-lock.json" "$stamp" 2>/dev/null; then
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$dir/package-lock.json" "$stamp"
fi
node "$dir/openapi_check.mjs" "$build/dungeond"

#!/usr/bin/env bash
# tools/test-integration.sh [BUILD_DIR] -- what the HTTP side needs beyond
# ctest: installs the OpenAPI tools (npm, into tests/integration/
# node_modules from the lock file), validates openapi.yaml with
# swagger-parser, starts BUILD_DIR/dungeond (default build/) on a free port
# and checks its live answers against the document's schemas; lints the
# document with Redocly and Spectral, and sends valid requests to a second
# daemon through Stoplight Prism's validating proxy; unpacks and repacks the
# Foundry module's compendium with Foundry's own CLI (foundry_cli_check.mjs,
# BUILD_DIR/dungeon and unzip); generates a TypeScript client from the
# document and compiles and runs a program on it (typescript_check.mjs).
# tools/test.sh runs it after ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ -x "$build/dungeond" ] || { echo "test-integration: $build/dungeond is not built" >&2; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null \
  || { echo "test-integration: node and npm are needed (tools/deps.sh test installs them)" >&2; exit 1; }

dir=tests/integration
# (no install scripts: none of these packages needs one to work, and
# @scarf/scarf's, under Spectral, only reports the install over the network)
bash tools/npm-ci.sh "$dir" --ignore-scripts

# The two linters read the YAML more strictly than swagger-parser (a
# continuation line at column 0, an unquoted comma in a flow mapping) and
# judge more than validity (operationIds, descriptions, 4xx answers); every
# warning fails. They and the Prism pass (its own daemon, its own port) run
# beside openapi_check.mjs: each is mostly start-up.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$dir/node_modules/.bin
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
  "$bin/redocly" lint --config "$dir/redocly.yaml" --format=stylish openapi.yaml >"$tmp/redocly" 2>&1 &
redocly=$!
"$bin/spectral" lint --ruleset "$dir/.spectral.yaml" --fail-severity=warn openapi.yaml >"$tmp/spectral" 2>&1 &
spectral=$!
node "$dir/prism_check.mjs" "$build/dungeond" >"$tmp/prism" 2>&1 &
prism=$!
node "$dir/foundry_cli_check.mjs" "$build" >"$tmp/foundry" 2>&1 &
foundry=$!

status=0
node "$dir/openapi_check.mjs" "$build/dungeond" || status=1
wait "$prism" || status=1
cat "$tmp/prism"
# after Prism, whose start-up (about 12 s of node) is the slowest thing here
# and times out when tsc competes with it on a loaded machine
node "$dir/typescript_check.mjs" "$build" >"$tmp/typescript" 2>&1 &
typescript=$!
wait "$foundry" || status=1
cat "$tmp/foundry"
wait "$typescript" || status=1
cat "$tmp/typescript"
if wait "$redocly"; then echo "redocly: openapi.yaml lints clean (recommended-strict)"
else cat "$tmp/redocly"; echo "redocly: FAIL"; status=1; fi
if wait "$spectral"; then echo "spectral: openapi.yaml lints clean (spectral:oas, warnings fail)"
else cat "$tmp/spectral"; echo "spectral: FAIL"; status=1; fi
exit "$status"

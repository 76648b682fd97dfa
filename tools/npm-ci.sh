#!/usr/bin/env bash
# tools/npm-ci.sh DIR [NPM_CI_FLAG...] -- installs DIR's locked npm packages
# (npm ci, from DIR/package-lock.json) unless DIR/node_modules already holds
# this lock file's install: npm ci starts from scratch, so it runs only when
# the lock file changed since the last install. A Node older than a locked
# package's engines.node fails here in one sentence. The browser, deploy and
# integration stages call it; tools/test.sh calls it for all three at its
# start, in the background, so their network waits overlap the build.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1
shift
command -v node >/dev/null && command -v npm >/dev/null \
  || { echo "npm-ci: node and npm are needed (tools/deps.sh test installs them)" >&2; exit 1; }
node tools/node-check.js "$dir" >/dev/null
stamp=$dir/node_modules/.lock-stamp
if ! cmp -s "$dir/package-lock.json" "$stamp" 2>/dev/null; then
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error "$@")
  cp "$dir/package-lock.json" "$stamp"
fi

#!/usr/bin/env bash
# tools/test-deploy.sh [BUILD_DIR] -- the deployment (deploy/): checks
# nginx.conf's limits against the daemon's, validates the Kubernetes
# manifests against the API schemas (npm kubernetes-models, installed into
# tests/deploy/node_modules from the lock file) and with
# BUILD_DIR/dungeond --check-config, then runs deploy/local.sh 3 end to end
# (tests/deploy/stack_test.sh: cache, limits, a load while instances die;
# about 15 s). tools/test.sh runs it after ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ -x "$build/dungeond" ] || { echo "test-deploy: $build/dungeond is not built" >&2; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null \
  || { echo "test-deploy: node and npm are needed (tools/deps.sh test installs them)" >&2; exit 1; }

dir=tests/deploy
bash tools/npm-ci.sh "$dir"
node "$dir/config_check.mjs" "$build/dungeond"
bash "$dir/stack_test.sh" "$build"

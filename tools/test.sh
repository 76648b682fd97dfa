#!/usr/bin/env bash
# tools/test.sh -- installs what is missing, builds with warnings as errors,
# runs every test (unit, golden, oracle, integration, browser, deploy), then
# the clang stage (tools/test-fuzz.sh): the unit, bigmap and sweep tests
# under AddressSanitizer + UndefinedBehaviorSanitizer, determinism across
# the two builds, and the fuzz targets.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh test

# the stages' npm packages (the integration stage's 583 are about 30 s of
# network) are fetched while the release build compiles; each stage finds
# them in place (tools/npm-ci.sh installs only when a lock file changed)
npm_log=$(mktemp)
(bash tools/npm-ci.sh tests/integration --ignore-scripts && bash tools/npm-ci.sh tests/browser \
   && bash tools/npm-ci.sh tests/deploy) >"$npm_log" 2>&1 &
npm_job=$!

jobs=2
cmake -S . -B build -DDG_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
# determinism compares this build's CLI with the clang stage's, so it runs
# there, once both exist
ctest --test-dir build -LE determinism -j"$jobs" --output-on-failure
echo "== installs, release build and tests: ${SECONDS} s"

wait "$npm_job" || { cat "$npm_log" >&2; echo "test: installing the stages' npm packages failed" >&2; exit 1; }
rm -f "$npm_log"
# the clang stage's build (about 245 s of CPU) runs niced beside the browser,
# deploy and integration stages, which leave a core idle much of their time
clang_log=$(mktemp)
nice -n 10 bash tools/clang-build.sh >"$clang_log" 2>&1 &
clang_job=$!
trap 'kill -- -"$clang_job" 2>/dev/null || kill "$clang_job" 2>/dev/null || true' EXIT
stage() {
    echo "== $1"
    local started=$SECONDS
    bash "$1"
    echo "== $1: $((SECONDS - started)) s"
}
for extra in tools/test-*.sh; do
    if [ -f "$extra" ] && [ "$extra" != tools/test-fuzz.sh ]; then stage "$extra"; fi
done
started=$SECONDS
wait "$clang_job" || { cat "$clang_log" >&2; echo "test: the clang stage's build failed" >&2; exit 1; }
echo "== the clang stage's build, beside the stages above: waited $((SECONDS - started)) s more"
trap - EXIT
rm -f "$clang_log"
stage tools/test-fuzz.sh
echo "== all stages: ${SECONDS} s"

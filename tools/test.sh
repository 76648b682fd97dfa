#!/usr/bin/env bash
# tools/test.sh -- installs what is missing, builds with warnings as errors,
# runs every test (unit, golden, oracle, integration, browser, deploy), then
# the clang stage (tools/test-fuzz.sh): the unit, bigmap and sweep tests
# under AddressSanitizer + UndefinedBehaviorSanitizer, determinism across
# the two builds, and the fuzz targets.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh test

jobs=2
cmake -S . -B build -DDG_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
# determinism compares this build's CLI with the clang stage's, so it runs
# there, once both exist
ctest --test-dir build -LE determinism -j"$jobs" --output-on-failure

for extra in tools/test-*.sh; do
    [ -f "$extra" ] || continue
    echo "== $extra"
    bash "$extra"
done

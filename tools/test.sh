#!/usr/bin/env bash
# tools/test.sh -- installs what is missing, builds with warnings as errors,
# runs every test (unit, golden, oracle, integration, browser), then the unit
# tests again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh test

jobs=2
cmake -S . -B build -DDG_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build -j"$jobs" --output-on-failure

for extra in tools/test-*.sh; do
    [ -f "$extra" ] || continue
    echo "== $extra"
    bash "$extra"
done

cmake -S . -B build-asan -DDG_SANITIZE=ON -DDG_WERROR=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-asan -j"$jobs"
ctest --test-dir build-asan -L 'unit|bigmap|sweep' -j"$jobs" --output-on-failure

#!/usr/bin/env bash
# tools/clang-build.sh [SECONDS] -- builds the clang stage's tree
# (build-clang/: clang, AddressSanitizer + UndefinedBehaviorSanitizer,
# -DDG_FUZZ=ON; see tools/test-fuzz.sh for why Debug at -O1 and why the fuzz
# targets link the unit tests' libraries) and determinism's other side, the
# release gcc build's CLI. tools/test-fuzz.sh runs it first; tools/test.sh
# runs it in the background beside the browser, deploy and integration
# stages, which leave a core idle most of their time (the browser stage:
# 28 s of CPU in 69 s), so the stage that follows finds it built. SECONDS
# (default 5) is the fuzz run's length a target: over 60 builds the deep
# libraries (libFuzzer's coverage in every source).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
deep=OFF
[ "$seconds" -gt 60 ] && deep=ON
command -v clang >/dev/null \
  || { echo "clang-build: clang is needed (tools/deps.sh test installs it)" >&2; exit 1; }
# determinism's other side, built first by tools/test.sh; brought up to date
# here when the clang stage runs alone
[ -f build/CMakeCache.txt ] \
  || { echo "clang-build: build/ (the release gcc build) is not configured; tools/test.sh makes it" >&2; exit 1; }
cmake --build build --target dungeon dungeon-full -j2 >/dev/null
CC=clang cmake -S . -B build-clang -DDG_FUZZ=ON -DDG_FUZZ_DEEP=$deep -DDG_WERROR=ON -DDG_FUZZ_SECONDS="$seconds" \
  -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DDG_DETERMINISM_PEER="$PWD/build/dungeon" >/dev/null
# only what the clang stage runs (the dg_sanitized target, CMakeLists.txt:
# the unit, bigmap and sweep tests, the fuzz targets, the CLI), not the
# daemon's HTTP tests, the benches and the gcc-only tests: a clean build 269 s
# of CPU against the whole tree's 311
cmake --build build-clang -j2 --target dg_sanitized

#!/usr/bin/env bash
# tools/test-fuzz.sh [SECONDS] -- the clang stage of the test command
# (tools/test.sh runs every tools/test-*.sh) and its one sanitizer pass.
# Builds the whole tree with clang, AddressSanitizer +
# UndefinedBehaviorSanitizer and libFuzzer's coverage (-DDG_FUZZ=ON) in
# build-clang/, which also proves every fuzz target still links. Debug
# (assertions on) at -O1, as AddressSanitizer's own docs advise: the same
# findings as -O0, the tests about 2.4x faster; -fno-omit-frame-pointer
# (DG_SANITIZE's flags) keeps the stack traces. Runs there the unit, bigmap
# and sweep tests (clang's UBSan catches what gcc's does not, e.g. a pointer
# stepped back with an unsigned offset), the determinism test against the
# release gcc build's CLI (build/dungeon: two compilers, -O2 against -O1, two
# processes each), and each fuzz target for SECONDS (default 10) from its
# committed corpus and crash reproducers (fuzz_render first replays its
# 1,200 inputs). Measured in a whole tools/test.sh on the shared 2-core
# machine (load 4-5): 12 minutes, the build 4 of them; the slowest tests
# test_alloc_fail 162 s, test_walls 139 s, fuzz_render 96 s, test_big_maps
# 71 s, determinism 25 s.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
command -v clang >/dev/null \
  || { echo "test-fuzz: clang is needed (tools/deps.sh test installs it)" >&2; exit 1; }
# determinism's other side, built first by tools/test.sh; brought up to date
# here when this stage runs alone
[ -f build/CMakeCache.txt ] \
  || { echo "test-fuzz: build/ (the release gcc build) is not configured; tools/test.sh makes it" >&2; exit 1; }
cmake --build build --target dungeon -j2 >/dev/null
CC=clang cmake -S . -B build-clang -DDG_FUZZ=ON -DDG_WERROR=ON -DDG_FUZZ_SECONDS="$seconds" \
  -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DDG_DETERMINISM_PEER="$PWD/build/dungeon" >/dev/null
cmake --build build-clang -j2
ctest --test-dir build-clang -L 'unit|bigmap|sweep|determinism|fuzz' -j2 --output-on-failure

#!/usr/bin/env bash
# tools/test-fuzz.sh [SECONDS] -- the clang stage of the test command
# (tools/test.sh runs every tools/test-*.sh) and its one sanitizer pass.
# Builds with clang, AddressSanitizer + UndefinedBehaviorSanitizer
# (-DDG_FUZZ=ON) in build-clang/ what its tests run, the fuzz targets
# included, which proves every one still links. A smoke run (the default)
# links them to the unit tests' libraries: its seconds go to replaying the
# corpus, and compiling every source a second time with libFuzzer's
# coverage cost the stage about 80 s of CPU. A long run (over 60 s a target)
# links copies of the libraries built with that coverage (-DDG_FUZZ_DEEP=ON),
# which the unit tests' own libraries do without: it made them 2.7x slower. Debug
# (assertions on) at -O1, as AddressSanitizer's own docs advise: the same
# findings as -O0, the tests about 2.4x faster; -fno-omit-frame-pointer
# (DG_SANITIZE's flags) keeps the stack traces. Runs there the unit, bigmap
# and sweep tests (clang's UBSan catches what gcc's does not, e.g. a pointer
# stepped back with an unsigned offset), the determinism test against the
# release gcc build's CLI (build/dungeon: two compilers, -O2 against -O1, two
# processes each), and each fuzz target for SECONDS (default 5: a smoke run a commit; a
# long one is `bash tools/test-fuzz.sh 600`) from its
# committed corpus and crash reproducers (fuzz_render first replays its
# 1,200 inputs). Measured alone on the 2-core machine: the build 163 s,
# the tests 200 s (fuzz_render 75 s of it); with coverage in every library
# it was 250 s and 469 s.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
deep=OFF
[ "$seconds" -gt 60 ] && deep=ON
command -v clang >/dev/null \
  || { echo "test-fuzz: clang is needed (tools/deps.sh test installs it)" >&2; exit 1; }
# determinism's other side, built first by tools/test.sh; brought up to date
# here when this stage runs alone
[ -f build/CMakeCache.txt ] \
  || { echo "test-fuzz: build/ (the release gcc build) is not configured; tools/test.sh makes it" >&2; exit 1; }
cmake --build build --target dungeon dungeon-full -j2 >/dev/null
CC=clang cmake -S . -B build-clang -DDG_FUZZ=ON -DDG_FUZZ_DEEP=$deep -DDG_WERROR=ON -DDG_FUZZ_SECONDS="$seconds" \
  -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DDG_DETERMINISM_PEER="$PWD/build/dungeon" >/dev/null
# only what the run below needs (the dg_sanitized target, CMakeLists.txt:
# the tests of these labels, the fuzz targets, the CLI), not the daemon's
# HTTP tests, the benches and the gcc-only tests: a clean build 269 s of
# CPU against the whole tree's 311
labels='unit|bigmap|sweep|determinism|fuzz'
cmake --build build-clang -j2 --target dg_sanitized
# cairo 1.16's one-time fontconfig pattern (tests/unit/lsan_cairo.supp)
# is the only leak suppressed, in every sanitized test and fuzz target that
# draws a sketch or a PDF
export LSAN_OPTIONS="suppressions=$PWD/tests/unit/lsan_cairo.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
ctest --test-dir build-clang -L "$labels" -j2 --output-on-failure

#!/usr/bin/env bash
# tools/test-fuzz.sh [SECONDS] -- the clang stage of the test command
# (tools/test.sh runs every tools/test-*.sh) and its one sanitizer pass.
# Builds (tools/clang-build.sh) with clang, AddressSanitizer +
# UndefinedBehaviorSanitizer (-DDG_FUZZ=ON) in build-clang/ what its tests
# run, the fuzz targets included, which proves every one still links. A smoke run (the default)
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
# the build (tools/clang-build.sh): up to date already when tools/test.sh ran
# it beside the browser, deploy and integration stages
bash tools/clang-build.sh "${1:-5}"
labels='unit|bigmap|sweep|determinism|fuzz'
# cairo 1.16's one-time fontconfig pattern (tests/unit/lsan_cairo.supp)
# is the only leak suppressed, in every sanitized test and fuzz target that
# draws a sketch or a PDF
export LSAN_OPTIONS="suppressions=$PWD/tests/unit/lsan_cairo.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
ctest --test-dir build-clang -L "$labels" -j2 --output-on-failure

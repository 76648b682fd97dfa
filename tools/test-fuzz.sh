#!/usr/bin/env bash
# tools/test-fuzz.sh [SECONDS] -- the clang stage of the test command
# (tools/test.sh runs every tools/test-*.sh). Builds the whole tree with
# clang, AddressSanitizer + UndefinedBehaviorSanitizer and libFuzzer's
# coverage (-DDG_FUZZ=ON) in build-clang/, which also proves every fuzz
# target still links; runs the unit tests there (clang's UBSan catches what
# gcc's does not, e.g. a pointer stepped back with an unsigned offset);
# then runs each fuzz target for SECONDS (default 10) from its committed
# corpus and crash reproducers (fuzz_render first replays its 1,200 inputs,
# 10-60 s). Measured on the loaded 2-core build machine (load 15): 7m43s in
# all, 2m36s of CPU; six targets x 10 s on two cores is about 30 s of it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
command -v clang >/dev/null \
  || { echo "test-fuzz: clang is needed (tools/deps.sh test installs it)" >&2; exit 1; }
CC=clang cmake -S . -B build-clang -DDG_FUZZ=ON -DDG_WERROR=ON -DDG_FUZZ_SECONDS="$seconds" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-clang -j2
ctest --test-dir build-clang -L 'unit|fuzz' -j2 --output-on-failure

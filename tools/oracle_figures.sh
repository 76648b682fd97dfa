#!/usr/bin/env bash
# tools/oracle_figures.sh [BUILD_DIR] -- remakes tests/oracle/reference_figures.tsv,
# the reference script's per-seed counts that test_oracle compares ours
# with, from live runs of ../shared/oracle/donjon_oracle.pl (1,600 of them,
# about 90 s of CPU). Run it when the script changes: test_oracle refuses a table
# made from another version (it records the script's sha256). The counts
# are test_oracle's own (its write_figures test, built in BUILD_DIR,
# default build/), so the table and the live check count the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
cmake --build "$build" --target test_oracle >/dev/null
out=tests/oracle/reference_figures.tsv
DG_ORACLE_FIGURES="$PWD/$out.tmp" "$build/tests/test_oracle" --filter 'oracle/write_figures'
[ -s "$out.tmp" ] || { echo "oracle_figures: nothing written (perl or ../shared missing?)" >&2; exit 1; }
mv "$out.tmp" "$out"
echo "oracle_figures: $(grep -vc '^#' "$out") seeds in $out"

#!/usr/bin/env bash
# tools/stock-ab.sh OLD_BUILD [NEW_BUILD] [maps] [rounds] -- two builds'
# stocking side by side in one process (bench/stock_ab.c says why): the
# old build's libdg_stock.a and libdg_core.a with every symbol they define
# renamed old_*, linked beside the new build's. NEW_BUILD defaults to
# ./build. Example, against main:
#   git worktree add /tmp/ab-old main && cmake -S /tmp/ab-old -B /tmp/ab-old/build \
#     -DDG_BUILD_TESTS=OFF && cmake --build /tmp/ab-old/build --target dg_stock
#   bash tools/stock-ab.sh /tmp/ab-old/build
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=${2:-build} maps=${3:-3000} rounds=${4:-12}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
nm --defined-only -g "$old/libdg_stock.a" "$old/libdg_core.a" 2>/dev/null |
    awk 'NF == 3 && $2 ~ /[TDBRVW]/ { print $3 " old_" $3 }' | sort -u >"$work/syms"
for lib in stock core; do
    cp "$old/libdg_$lib.a" "$work/old_$lib.a"
    objcopy --redefine-syms="$work/syms" "$work/old_$lib.a"
done
cc -O2 -Icore -Istock -Idata bench/stock_ab.c "$new/libdg_stock.a" "$new/libdg_core.a" \
    "$work/old_stock.a" "$work/old_core.a" -lm -o "$work/stock_ab"
"$work/stock_ab" "$maps" "$rounds"

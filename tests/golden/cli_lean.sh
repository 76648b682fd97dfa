#!/usr/bin/env bash
# cli_lean.sh DUNGEON DUNGEON_FULL -- the lean CLI (render/build_lean.c)
# loads neither cairo nor libzip, writes every output the same bytes as
# dungeon-full (itself for most; by running dungeon-full beside it for the
# sketch, the PDF and the Foundry module), and says so plainly when
# dungeon-full is not beside it.
set -euo pipefail
lean=$1 full=$2
fail=0
libs=$(LD_TRACE_LOADED_OBJECTS=1 "$lean")
for lib in libcairo libzip libcrypto libX11 libfontconfig; do
    if grep -q "$lib" <<<"$libs"; then echo "cli_lean: $lean loads $lib"; fail=1; fi
done
full_libs=$(LD_TRACE_LOADED_OBJECTS=1 "$full")
for lib in libcairo libzip; do
    grep -q "$lib" <<<"$full_libs" || { echo "cli_lean: $full does not load $lib"; fail=1; }
done
checked=0
for set in "seed=7" "seed=3 contents=full floors=2 stairs=yes" "seed=5 algorithm=caverns style=sketch"; do
    for fmt in json md png svg uvtt foundry foundry-bundle pdf; do
        # shellcheck disable=SC2086
        if ! cmp -s <("$lean" $set format=$fmt) <("$full" $set format=$fmt); then
            echo "cli_lean: '$set format=$fmt' differs between $lean and $full"
            fail=1
        fi
        checked=$((checked + 1))
    done
done
# alone, the lean CLI names what it needed
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$lean" "$tmp/dungeon"
if "$tmp/dungeon" seed=7 format=pdf >/dev/null 2>"$tmp/err"; then
    echo "cli_lean: a PDF without dungeon-full beside it succeeded"; fail=1
elif ! grep -q "dungeon-full" "$tmp/err"; then
    echo "cli_lean: without dungeon-full the error does not name it: $(cat "$tmp/err")"; fail=1
fi
"$tmp/dungeon" seed=7 format=txt >/dev/null || { echo "cli_lean: the lean CLI alone cannot write txt"; fail=1; }
echo "cli_lean: $checked outputs compared"
exit $fail

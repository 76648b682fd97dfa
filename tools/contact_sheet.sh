#!/bin/sh
# contact_sheet.sh -- renders a few maps in every style x grid (plus the glyph
# gallery in every style, GM and player view) into artifacts/contact/, for a
# person to look at before a renderer change goes in. Each run folder holds
# <style>-<grid>.png, sheet-<grid>.png (all styles side by side) and
# gallery-<style>-x3.png (doors both ways and stairs, enlarged 3x);
# families.png has every family in crosshatch and ink; caves-18.png and
# caves-32.png the cave families with their chamber numbers at 18 and 32 px;
# loops-some.png and loops-many.png every family with the loops key.
# docs/contact/ keeps seed7/sheet-square.png as styles.png, families.png and
# the caves sheets as the reference.
#
# usage: tools/contact_sheet.sh [BUILD_DIR]   (default: build)
#        extra runs: CONTACT_RUNS="name:key=value,key=value ..." tools/contact_sheet.sh
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=$root/artifacts/contact

if [ ! -x "$build/contact_sheet" ]; then
    cmake -S "$root" -B "$build" >/dev/null
    cmake --build "$build" --target contact_sheet -j2 >/dev/null
fi
if [ ! -x "$build/family_sheet" ]; then
    cmake --build "$build" --target family_sheet -j2 >/dev/null
fi
mkdir -p "$out"

# name:options (comma separated); one seed each, chosen to cover room
# shapes, density, door mixes, small and large cells and the player view
runs="seed7:seed=7
dense-poly:seed=11,rooms=dense,polymorph=many
complex-death:seed=1234,rooms=complex,doors=deathtrap,stairs=4
player:seed=99,rooms=dense,polymorph=yes,view=player
tiny-cells:seed=5,cell=8,rooms=scattered
big-cells:seed=21,cell=36,rows=15,cols=21,polymorph=many
caverns:seed=5,algorithm=caverns
cavernous:seed=8,layout=cavernous,view=player
${CONTACT_RUNS:-}"

echo "$runs" | tr ' ' '\n' | while IFS=: read -r name opts; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2046,SC2086 # word splitting of the key=value list is the point
    "$build/contact_sheet" "$out/$name" $(echo "$opts" | tr ',' ' ')
    echo "$out/$name"
done
"$build/family_sheet" all "$out/families.png" styles=crosshatch,ink
echo "$out/families.png"
# every family with loops dug (loops=some, loops=many): docs/contact keeps both
for l in some many; do
    "$build/family_sheet" all "$out/loops-$l.png" styles=crosshatch loops=$l
    echo "$out/loops-$l.png"
done
for px in 18 32; do
    "$build/family_sheet" caves "$out/caves-$px.png" cell=$px
    echo "$out/caves-$px.png"
done

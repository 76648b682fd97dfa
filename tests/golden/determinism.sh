#!/usr/bin/env bash
# determinism.sh WORKDIR DUNGEON [DUNGEON...] -- the same options must give
# the same bytes from two processes, from two optimisation levels and from
# gcc and clang. Runs each CLI given twice over a spread of option sets and
# every format and compares the outputs. The test command (tools/test-fuzz.sh)
# gives two builds it has made anyway: build/dungeon (gcc -O2) and
# build-clang/dungeon (clang -O1, sanitized). Given one CLI alone, builds
# two more straight from the sources (gcc -O0, clang -O2; about 80 s).
# A CLI missing, a build that fails, or fewer than two compilers among the
# CLIs is a failure, not one comparison fewer.
set -euo pipefail
work=$1
shift
[ $# -ge 1 ] || { echo "usage: determinism.sh WORKDIR DUNGEON [DUNGEON...]" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work"

bins=()
for bin in "$@"; do
    [ -x "$bin" ] || { echo "determinism: $bin is missing; build it first" >&2; exit 1; }
    bins+=("$bin")
done
if [ ${#bins[@]} -eq 1 ]; then
    flags=$(pkg-config --cflags --libs jansson gdlib libpng zlib libwebp libzip cairo cairo-svg cairo-pdf)
    source "$src/tools/source_dirs.sh"
    dirs=("${DG_LIB_DIRS[@]/#/$src/}")
    includes=("${dirs[@]/#/-I}")
    sources=()
    for dir in "${dirs[@]}"; do sources+=("$dir"/*.c); done
    # the whole render library: the CLI's lean stand-ins (build_lean.c) left out
    kept=()
    for s in "${sources[@]}"; do [ "$s" = "$src/render/build_lean.c" ] || kept+=("$s"); done
    sources=("${kept[@]}")
    build() { # compiler optimisation output
        "$1" -std=c11 "$2" -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE "${includes[@]}" \
            "${sources[@]}" "$src"/cli/main.c $flags -lm -o "$3"
    }
    build gcc -O0 "$work/dungeon-gcc-O0" || { echo "determinism: the gcc -O0 build failed" >&2; exit 1; }
    build clang -O2 "$work/dungeon-clang-O2" || { echo "determinism: the clang -O2 build failed" >&2; exit 1; }
    bins+=("$work/dungeon-gcc-O0" "$work/dungeon-clang-O2")
fi
# which compiler made each CLI: clang writes its name into .comment (gcc's
# C runtime objects put "GCC:" into every binary, so clang's mark decides)
compilers=()
for bin in "${bins[@]}"; do
    comment=$(readelf -p .comment "$bin") || { echo "determinism: readelf cannot read $bin" >&2; exit 1; }
    case $comment in *"clang version"*) compilers+=(clang) ;; *) compilers+=(gcc) ;; esac
done
distinct=$(printf '%s\n' "${compilers[@]}" | sort -u | wc -l)
[ "$distinct" -ge 2 ] || { echo "determinism: every CLI given was built by ${compilers[0]}; two compilers are needed" >&2; exit 1; }

sets=(
    "seed=7"
    "seed=1 rooms=dense polymorph=many layout=round"
    "seed=The_Dungeon_of_Random_Death rooms=complex doors=deathtrap egress=tiling"
    "seed=18446744073709551615 size=colossal rooms=symmetric polymorph=yes corridors=straight"
    "seed=42 rows=101 cols=151 layout=saltire corridors=labyrinth deadends=all stairs=many"
    "seed=3 layout=keep style=parchment grid=hex view=player"
    "seed=9 layout=hexagon style=crosshatch grid=vhex cell=12"
    "seed=11 rules=2024 level=9 party=5 motif=aquatic floors=2"
)
formats=(json donjon txt png foundry-bundle)
checked=0 failed=0
for set in "${sets[@]}"; do
    for fmt in "${formats[@]}"; do
        ref=""
        for bin in "${bins[@]}" "${bins[@]}"; do   # each twice: two processes
            # shellcheck disable=SC2086
            sum=$("$bin" $set format="$fmt" | sha256sum | cut -d' ' -f1)
            if [ -z "$ref" ]; then ref=$sum
            elif [ "$sum" != "$ref" ]; then
                echo "determinism: '$set format=$fmt' differs from $bin" >&2
                failed=$((failed + 1))
            fi
            checked=$((checked + 1))
        done
    done
done
echo "determinism: ${#bins[@]} builds (${compilers[*]}), each run twice, $checked outputs compared"
echo "$((checked - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# bench_http_instr.sh -- instructions an answer, cache off, for bench_http's
# four cases: the daemon under callgrind (one I/O thread, one worker, the
# cache off), warmed up with 20 requests, then instrumented while one curl
# sends N more on one keep-alive connection. Instruction counts do not move
# with the machine's load, where bench_http's CPU an answer does (the
# machine is shared): compare two builds with this, confirm with that.
# A benchmark, not a test: it prints, it never fails on a number.
#
# usage: bench/bench_http_instr.sh [BUILD_DIR or DAEMON] [N]   (defaults: build, 50)
# Needs valgrind and curl. Note: libmicrohttpd zeroes its 64 KB connection
# memory (and half of it again) every request with `rep stosb`, which
# callgrind counts a byte an instruction: about 98k of each answer's count
# that cost the CPU a few hundred cycles. The "less MHD memset" column
# takes it out.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
arg=${1:-$root/build}
n=${2:-50}
if [ -d "$arg" ]; then daemon=$arg/dungeond; else daemon=$arg; fi
for tool in valgrind callgrind_control callgrind_annotate curl; do
  command -v "$tool" >/dev/null || { echo "bench_http_instr: $tool not installed" >&2; exit 2; }
done
[ -x "$daemon" ] || { echo "bench_http_instr: $daemon not built" >&2; exit 2; }

work=$(mktemp -d /tmp/bench-http-instr-XXXXXX)
vp=
cleanup() {
  if [ -n "$vp" ]; then kill -TERM "$vp" 2>/dev/null || true; wait "$vp" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

cases=(json-map png-map json png)
declare -A path=([json]="/dungeon.json?seed=7" [png]="/dungeon.png?seed=7"
                 [json-map]="/dungeon.json?seed=7&contents=none" [png-map]="/dungeon.png?seed=7&contents=none")

printf '%-10s %14s %20s\n' "case" "Ir/answer" "less MHD memset"
for c in "${cases[@]}"; do
  out=$work/$c.cg pf=$work/$c.port
  valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out" "$daemon" --address 127.0.0.1 \
    --port 0 --port-file "$pf" --access-log off --cache off --io-threads 1 --workers 1 2>"$work/$c.log" &
  vp=$!
  for _ in $(seq 300); do [ -s "$pf" ] && break; sleep 0.1; done
  [ -s "$pf" ] || { echo "bench_http_instr: dungeond did not start" >&2; cat "$work/$c.log" >&2; exit 1; }
  url="http://127.0.0.1:$(cat "$pf")${path[$c]}"
  args=(); for _ in $(seq 20); do args+=(-o /dev/null "$url"); done
  curl -sf "${args[@]}"
  callgrind_control -i on "$vp" >/dev/null 2>&1
  args=(); for _ in $(seq "$n"); do args+=(-o /dev/null "$url"); done
  curl -sf "${args[@]}"
  callgrind_control -i off "$vp" >/dev/null 2>&1
  kill -TERM "$vp"; wait "$vp" 2>/dev/null || true; vp=
  total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
  # the memset MHD's pool calls: libc's memset under libmicrohttpd, by
  # inclusive caller cost (the pool's reset and reallocation)
  mhd=$(callgrind_annotate --tree=caller "$out" 2>/dev/null |
        awk '/^$/ { pending = 0 }
             /< .*libmicrohttpd/ { v = $1; gsub(",", "", v); pending += v }
             /\* .*memset/ { s += pending } END { print s + 0 }')
  printf '%-10s %14d %20d\n' "$c" $((total / n)) $(((total - mhd) / n))
done

#!/usr/bin/env bash
# bench_fair.sh -- fair admission (issue 23): one client loops the most
# expensive map the daemon admits (BIG, default a uvtt with its WebP image
# at 101x101, ppg 70: about 430 MB estimated, over a second of CPU, under
# the big maps' three quarters of the default 1 GiB budget) on HEAVY
# connections while wrk asks for small maps (bench/fair.lua: new seeds,
# the default JSON and a 151x151 PNG). Prints the small maps' 503 share and
# latency (goal: under 1% and p99 under 50 ms) and how many big maps were
# made. A benchmark: it reports, it never fails on a number.
#
# usage: bench/bench_fair.sh [BUILD_DIR] [SECONDS] [SMALL_CONNECTIONS] [HEAVY]
#        defaults: build 30 4 1. Needs wrk and curl.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
secs=${2:-30}
conns=${3:-4}
heavy=${4:-1}
big=${BIG:-/dungeon.uvtt?rows=101&cols=101&ppg=70&image=webp}
daemon=$build/dungeond
command -v wrk >/dev/null || { echo "bench_fair: wrk not installed" >&2; exit 2; }
[ -x "$daemon" ] || { echo "bench_fair: $daemon not built" >&2; exit 2; }

work=$(mktemp -d /tmp/bench-fair-XXXXXX)
pid=
loops=()
cleanup() {
  for l in "${loops[@]}"; do kill "$l" 2>/dev/null || true; done
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$daemon" --address 127.0.0.1 --port 0 --port-file "$work/port" --access-log off --cache off \
  --workers 2 --per-ip-connections 0 2>"$work/log" &
pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
[ -s "$work/port" ] || { echo "bench_fair: dungeond did not start" >&2; cat "$work/log" >&2; exit 1; }
base=http://127.0.0.1:$(cat "$work/port")

code=$(curl -s -o /dev/null -w '%{http_code}' "$base$big&seed=1")
echo "big map: $big -> $code (must be 200: admitted)"

# the heavy client: new seeds in a loop, each answer's status logged
for ((k = 0; k < heavy; k++)); do
  ( s=$((k * 1000000)); while :; do s=$((s + 1))
      curl -s -o /dev/null -w '%{http_code}\n' "$base$big&seed=$s" >>"$work/big.$k" || true
    done ) &
  loops+=($!)
done
sleep 1
wrk -t1 -c"$conns" -d"${secs}s" --timeout 10s -s "$root/bench/fair.lua" "$base" >"$work/wrk" 2>&1 || true
for l in "${loops[@]}"; do kill "$l" 2>/dev/null || true; done
loops=()
grep -E "^small maps" "$work/wrk" || cat "$work/wrk"
cat "$work"/big.* 2>/dev/null | sort | uniq -c | awk '{ printf "big maps: status %s: %d\n", $2, $1 }'

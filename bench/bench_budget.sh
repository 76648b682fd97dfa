#!/usr/bin/env bash
# bench_budget.sh -- the memory budget held at any worker count (issue 39):
# a daemon with WORKERS workers (default 6) and the default 1 GiB budget
# takes N (default 5) concurrent copies of the heaviest framed PNG a client
# can ask (449x449 at cell 32 with legend and ruler, about 2 bytes a pixel
# of 206 Mpx), cache off; prints each answer's status, the daemon's VmHWM
# over its RSS before, and the budget. Prints figures; asserts nothing.
#   bench/bench_budget.sh [BUILD_DIR] [WORKERS] [N] [TARGET]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
workers=${2:-6}
n=${3:-5}
target=${4:-/dungeon.png?seed=1&rows=449&cols=449&cell=32&legend=yes&ruler=yes}
work=$(mktemp -d /tmp/bench-budget-XXXXXX)
"$build/dungeond" --address 127.0.0.1 --port 0 --port-file "$work/port" --workers "$workers" --cache off \
  --access-log off 2>"$work/log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
port=$(cat "$work/port")
kib() { awk -v k="$1:" '$1 == k { print $2 }' "/proc/$pid/status"; }
before=$(kib VmRSS)
for i in $(seq "$n"); do
  curl -s -o /dev/null -w "%{http_code} %{time_total}s\n" "http://127.0.0.1:$port$target" >"$work/c$i" &
done
wait $(jobs -p | grep -v "^$pid$") 2>/dev/null || true
hwm=$(kib VmHWM)
budget=$("$build/dungeond" --check-config 2>/dev/null | awk -F" *= *" '$1 == "memory_budget" { print $2 }')
budget=${budget:-1073741824}
echo "$n x GET $target, --workers $workers, memory_budget $((budget >> 20)) MiB"
for i in $(seq "$n"); do echo "  answer $i: $(cat "$work/c$i")"; done
echo "daemon VmHWM $((hwm / 1024)) MiB, $(((hwm - before) / 1024)) MiB over its RSS before:" \
     "$(awk -v a=$(((hwm - before) * 1024)) -v b="$budget" 'BEGIN { printf "%.0f%%", 100 * a / b }') of the budget"

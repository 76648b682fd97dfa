#!/usr/bin/env bash
# bench_soak.sh -- a soak of dungeond: wrk at many connections for a while,
# with the cache off and then on, over random seeds and a mix of routes,
# sizes and families (bench/soak.lua), per_ip_connections lifted for the
# run. Prints per phase: req/s, p99, non-2xx answers (the deliberate 503s
# of a full queue or the memory budget apart), socket errors, and the
# daemon's RSS every 5 s with its drift after the first 10 s. A benchmark,
# not a test: it reports, it never fails on a number.
#
# usage: bench/bench_soak.sh [BUILD_DIR] [SECONDS] [CONNECTIONS]
#        defaults: build 60 256. Needs wrk (Debian: wrk). SOAK_GZIP=off:
#        clients that do not take gzip. Also prints the daemon's CPU time
#        per answer, steadier than req/s on a machine shared with others.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
secs=${2:-60}
conns=${3:-256}
daemon=$build/dungeond
command -v wrk >/dev/null || { echo "bench_soak: wrk not installed" >&2; exit 2; }
[ -x "$daemon" ] || { echo "bench_soak: $daemon not built" >&2; exit 2; }

work=$(mktemp -d /tmp/bench-soak-XXXXXX)
pid=
cleanup() {
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }

phase() { # name, cache on|off
  local name=$1 cache=$2
  local pf=$work/$name.port
  "$daemon" --address 127.0.0.1 --port 0 --port-file "$pf" --access-log off --cache "$cache" \
    --per-ip-connections 0 --max-connections $((conns * 2)) 2>"$work/$name.log" &
  pid=$!
  for _ in $(seq 100); do [ -s "$pf" ] && break; sleep 0.05; done
  [ -s "$pf" ] || { echo "bench_soak: dungeond did not start" >&2; cat "$work/$name.log" >&2; exit 1; }
  local port; port=$(cat "$pf")
  # RSS every 5 s while wrk runs
  ( for ((t = 0; t <= secs; t += 5)); do echo "$t $(rss_kib "$pid")"; sleep 5; done ) >"$work/$name.rss" &
  local sampler=$!
  wrk -t2 -c"$conns" -d"${secs}s" --timeout 10s --latency -s "$root/bench/soak.lua" "http://127.0.0.1:$port" \
    >"$work/$name.wrk" 2>&1 || true
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  local ticks; ticks=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
  local cache_line=""
  [ "$cache" = on ] && cache_line=$(curl -s "http://127.0.0.1:$port/metrics" | awk '/^dungeond_cache_bytes / { printf "cache_bytes counted %.1f MiB", $2 / 1048576 }')
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=
  echo "== cache $cache, ${secs} s, $conns connections"
  awk '/Requests\/sec/ { print "req/s        " $2 }
       / 99%/ { print "p99          " $2 }
       /Socket errors/ { print "socket errors " $0 }' "$work/$name.wrk"
  grep -q "Socket errors" "$work/$name.wrk" || echo "socket errors 0"
  grep -E "^(answers|non-2xx|503)" "$work/$name.wrk" || true
  awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" '/^answers/ && $2 > 0 { printf "CPU per answer %.0f us\n", t / hz * 1e6 / $2 }' "$work/$name.wrk"
  echo "RSS (s KiB): $(tr '\n' ' ' <"$work/$name.rss")"
  awk 'NR == 1 { next } $1 >= 10 && !base { base = $2 } base && $2 > 0 { last = $2; if ($2 > max) max = $2 }
       END { if (base) printf "RSS after 10 s: %d KiB, last %d KiB, max %d KiB, drift %+.1f%%\n", base, last, max, 100 * (last - base) / base }' "$work/$name.rss"
  [ -n "$cache_line" ] && echo "$cache_line"
  return 0
}

phase off off
phase on on

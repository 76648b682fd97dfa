#!/usr/bin/env bash
# bench_http.sh -- HTTP load on loopback, in one run: wrk against dungeond
# with the cache off (every request generates and encodes) and on (hits),
# and against nginx serving the very same bytes as static files. Prints
# req/s, p50, p99, the server's CPU per request (user + system time of its
# processes over the run, divided by the requests answered) and the ratio to
# nginx per case, then the targets. A benchmark, not a test: it reports, it
# never fails on a number. On a shared machine CPU an answer moves with the
# load by a third; bench_http_instr.sh counts the same cases' instructions,
# which it does not move: compare builds with that, confirm with this.
#
# usage: bench/bench_http.sh [BUILD_DIR] [SECONDS] [CONNECTIONS] [THREADS]
#        defaults: build 5 64 2; ROUNDS=3 in the environment: every case runs
#        that many times, interleaved with the others so drift in the
#        machine's load hits all alike, and the median round is shown.
#        Needs wrk and nginx (Debian: wrk nginx-light).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
secs=${2:-5}
conns=${3:-64}
threads=${4:-2}
rounds=${ROUNDS:-3}
daemon=$build/dungeond
# Cases: a name, dungeond's path, the static file nginx serves for it. The
# default map is stocked (the key, the bestiary: about 90% of its CPU); the
# map alone (contents=none) is what the cache-off targets were first set on.
cases=(json png json-map png-map)
declare -A dpath=([json]="/dungeon.json?seed=7" [png]="/dungeon.png?seed=7"
                  [json-map]="/dungeon.json?seed=7&contents=none" [png-map]="/dungeon.png?seed=7&contents=none")
declare -A npath=([json]=/dungeon.json [png]=/dungeon.png [json-map]=/map.json [png-map]=/map.png)

for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "bench_http: $tool not installed" >&2; exit 2; }
done
[ -x "$daemon" ] || { echo "bench_http: $daemon not built" >&2; exit 2; }

work=$(mktemp -d /tmp/bench-http-XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# A free port from the kernel: bind 0, read it back, let go.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Sets $port; no $(...) here: a subshell would run the EXIT trap.
start_dungeond() { # name, extra flags...
  local name=$1; shift
  local pf=$work/$name.port
  "$daemon" --address 127.0.0.1 --port 0 --port-file "$pf" --access-log off "$@" 2>"$work/$name.log" &
  pids+=($!)
  server_pids[$name]=$!
  for _ in $(seq 100); do [ -s "$pf" ] && break; sleep 0.05; done
  [ -s "$pf" ] || { echo "bench_http: dungeond ($name) did not start" >&2; cat "$work/$name.log" >&2; exit 1; }
  port=$(cat "$pf")
}

# wrk's latency lines say 312.00us / 1.23ms / 1.01s: milliseconds out.
to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.3f", n }'; }

# CPU time (user + system, in clock ticks) of the processes given.
cpu_ticks() {
  local t=0 p st
  for p in "$@"; do
    read -ra st <"/proc/$p/stat" || continue
    t=$((t + st[13] + st[14])) # utime, stime (the command name has no spaces)
  done
  echo "$t"
}
hz=$(getconf CLK_TCK)

declare -A rps p50 p99 cpu runs server_pids
run_wrk() { # key, url, server pids...
  local key=$1 url=$2 out r a b c n t0 t1
  shift 2
  # a short warm-up fills the cache (cache-on case) and wakes every thread
  wrk -t"$threads" -c"$conns" -d1s "$url" >/dev/null 2>&1 || true
  t0=$(cpu_ticks "$@")
  out=$(wrk -t"$threads" -c"$conns" -d"${secs}s" --latency "$url")
  t1=$(cpu_ticks "$@")
  if grep -q "Non-2xx" <<<"$out"; then
    echo "bench_http: $key answered non-2xx:" >&2; grep "Non-2xx" <<<"$out" >&2
  fi
  r=$(awk '/^Requests\/sec:/ { print $2 }' <<<"$out")
  a=$(to_ms "$(awk '$1 == "50%" { print $2 }' <<<"$out")")
  b=$(to_ms "$(awk '$1 == "99%" { print $2 }' <<<"$out")")
  n=$(awk '/ requests in / { print $1 }' <<<"$out")
  c=$(awk -v t=$((t1 - t0)) -v hz="$hz" -v n="$n" 'BEGIN { printf "%.0f", n ? 1e6 * t / hz / n : 0 }')
  runs[$key]+="$r $a $b $c"$'\n'
}

# The round with the median req/s stands for the case.
pick() { # key
  local line r a b
  line=$(sort -n <<<"${runs[$1]%$'\n'}" | awk '{ l[NR] = $0 } END { print l[int((NR + 1) / 2)] }')
  read -r r a b c <<<"$line"
  rps[$1]=$r; p50[$1]=$a; p99[$1]=$b; cpu[$1]=$c
}

# --- dungeond, cache off and on -------------------------------------------
start_dungeond off --cache off; off=$port
start_dungeond on --cache on; on=$port

# --- nginx with the same bytes -----------------------------------------------
mkdir -p "$work/www"
for f in "${cases[@]}"; do curl -sf "http://127.0.0.1:$on${dpath[$f]}" -o "$work/www${npath[$f]}"; done
chmod 644 "$work/www"/*
chmod 755 "$work/www"
ng=$(free_port)
cat >"$work/nginx.conf" <<EOF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx.err warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { application/json json; image/png png; }
  server {
    listen 127.0.0.1:$ng;
    root $work/www;
    # the query string is ignored: the same file answers /dungeon.json?seed=7
  }
}
EOF
nginx -c "$work/nginx.conf" -p "$work" -g 'daemon off;' &
pids+=($!)
nginx_master=$!
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$ng/dungeon.json" && break; sleep 0.05; done

# same bytes, or the comparison means nothing
for f in "${cases[@]}"; do
  cmp -s <(curl -sf "http://127.0.0.1:$ng${npath[$f]}") <(curl -sf "http://127.0.0.1:$off${dpath[$f]}") \
    || { echo "bench_http: nginx and dungeond differ for ${dpath[$f]}" >&2; exit 1; }
done

echo "wrk -t$threads -c$conns -d${secs}s on loopback, $(nproc) CPUs, median of $rounds rounds;" \
     "dungeond $("$daemon" --version | cut -d' ' -f2-); load average $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$rounds"); do
  for f in "${cases[@]}"; do
    # shellcheck disable=SC2046 # the master and its workers, one pid a word
    run_wrk "nginx $f" "http://127.0.0.1:$ng${npath[$f]}" "$nginx_master" $(pgrep -P "$nginx_master")
    run_wrk "off $f" "http://127.0.0.1:$off${dpath[$f]}" "${server_pids[off]}"
    run_wrk "on $f" "http://127.0.0.1:$on${dpath[$f]}" "${server_pids[on]}"
  done
done
for k in "${!runs[@]}"; do pick "$k"; done

# "CPU vs nginx" is nginx's CPU per answer over ours: on a machine shared
# with other work it moves far less than req/s does.
printf '\n%-30s %10s %9s %9s %11s %9s %12s\n' "case" "req/s" "p50 ms" "p99 ms" "CPU us/req" "vs nginx" "CPU vs nginx"
for f in "${cases[@]}"; do
  for k in "nginx $f" "off $f" "on $f"; do
    ratio=$(awk -v a="${rps[$k]}" -v b="${rps[nginx $f]}" 'BEGIN { printf "%.0f%%", 100 * a / b }')
    cratio=$(awk -v a="${cpu[$k]}" -v b="${cpu[nginx $f]}" 'BEGIN { printf "%.0f%%", a ? 100 * b / a : 0 }')
    case $k in
      nginx*) label="nginx static $f" ;;
      off*) label="dungeond cache off $f" ;;
      on*) label="dungeond cache on $f" ;;
    esac
    printf '%-30s %10.0f %9s %9s %11s %9s %12s\n' "$label" "${rps[$k]}" "${p50[$k]}" "${p99[$k]}" "${cpu[$k]}" "$ratio" "$cratio"
  done
done

verdict() { # text, awk condition over a, b
  if awk -v a="$2" -v b="$3" "BEGIN { exit !($4) }"; then echo "  met:    $1"; else echo "  missed: $1"; fi
}
echo
echo "targets:"
verdict "cache off json >= 50% of nginx" "${rps[off json]}" "${rps[nginx json]}" "a >= 0.5 * b"
verdict "cache off png  >= 20% of nginx" "${rps[off png]}" "${rps[nginx png]}" "a >= 0.2 * b"
verdict "cache off json, map alone >= 50% of nginx" "${rps[off json-map]}" "${rps[nginx json-map]}" "a >= 0.5 * b"
verdict "cache off png, map alone  >= 20% of nginx" "${rps[off png-map]}" "${rps[nginx png-map]}" "a >= 0.2 * b"
verdict "cache on json  >= 80% of nginx" "${rps[on json]}" "${rps[nginx json]}" "a >= 0.8 * b"
verdict "cache on png   >= 80% of nginx" "${rps[on png]}" "${rps[nginx png]}" "a >= 0.8 * b"
for k in "off json" "off png" "on json" "on png"; do
  verdict "p99 < 10 ms ($k)" "${p99[$k]}" 10 "a < b"
done
# CPU an answer with the cache off: what one made-from-nothing answer costs
# on this machine (stocked: map, stocking and the key's document; the PNG's
# deflate alone is 2.7M instructions for byte-identical images), guarding
# against regressions where a ratio to nginx's sendfile cannot be met. The
# budgets are the figures measured on 2026-11-27 (254, 957, 101 and 370 us,
# quiet machine) with a fifth more for run-to-run noise.
verdict "cache off json CPU <= 300 us an answer" "${cpu[off json]}" 300 "a <= b"
verdict "cache off png  CPU <= 1150 us an answer" "${cpu[off png]}" 1150 "a <= b"
verdict "cache off json, map alone CPU <= 120 us" "${cpu[off json-map]}" 120 "a <= b"
verdict "cache off png, map alone  CPU <= 450 us" "${cpu[off png-map]}" 450 "a <= b"

# --- a cold cache: 0% hits (issue 39) ----------------------------------------
# Every request a seed never asked before (miss.lua), against cache off and
# a cache on small enough (4 MB, about 100 default maps) to be full and
# evicting from the warm-up on:
# what storing and evicting cost. Minor page faults of the daemon over the
# run say whether evicted memory is recycled or trimmed and faulted again.
start_dungeond cold --cache on --cache-bytes 4194304; cold=$port
minflt() { local st; read -ra st <"/proc/$1/stat"; echo "${st[9]}"; }
declare -A crps ccpu cflt
for _ in $(seq "$rounds"); do
  for k in off cold; do
    p=${server_pids[$k]}; [ "$k" = off ] && u=$off || u=$cold
    wrk -t"$threads" -c"$conns" -d2s -s "$root/bench/miss.lua" "http://127.0.0.1:$u" >/dev/null 2>&1 || true
    t0=$(cpu_ticks "$p"); f0=$(minflt "$p")
    out=$(wrk -t"$threads" -c"$conns" -d"${secs}s" -s "$root/bench/miss.lua" "http://127.0.0.1:$u")
    t1=$(cpu_ticks "$p"); f1=$(minflt "$p")
    n=$(awk '/ requests in / { print $1 }' <<<"$out")
    crps[$k]+="$(awk '/^Requests\/sec:/ { print $2 }' <<<"$out") "
    ccpu[$k]+="$(awk -v t=$((t1 - t0)) -v hz="$hz" -v n="$n" 'BEGIN { printf "%.0f", n ? 1e6 * t / hz / n : 0 }') "
    cflt[$k]+="$(awk -v f=$((f1 - f0)) -v s="$secs" 'BEGIN { printf "%.0f", f * 5 / s }') "
  done
done
med() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ l[NR] = $0 } END { print l[int((NR + 1) / 2)] }'; }
echo
echo "cold cache, 0% hits (miss.lua, medians of $rounds):"
printf '%-30s %10s %11s %16s\n' "case" "req/s" "CPU us/req" "minor faults/5s"
for k in off cold; do
  [ "$k" = off ] && label="dungeond cache off" || label="dungeond cache on (4 MB, full)"
  printf '%-30s %10.0f %11s %16s\n' "$label" "$(med "${crps[$k]}")" "$(med "${ccpu[$k]}")" "$(med "${cflt[$k]}")"
done
verdict "cache on at 0% hits within 10% of cache off (CPU an answer)" "$(med "${ccpu[cold]}")" \
  "$(med "${ccpu[off]}")" "a <= 1.1 * b"

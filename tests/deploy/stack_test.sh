#!/usr/bin/env bash
# tests/deploy/stack_test.sh [BUILD_DIR] -- deploy/local.sh 3 end to end over
# real HTTP on loopback: nginx's cache (MISS then HIT, random seeds never
# stored, If-None-Match answered 304), its limits (a huge body, a stalled
# body and a flood from one address stop at nginx: the instances' access
# logs never show them), a 10 s load with 0 failed requests while one
# instance is SIGKILLed and another SIGTERMed, and local.sh stopping
# everything on SIGTERM. Skips (exit 0, saying why) only when nginx or wrk
# cannot be installed. Ends with "N passed, N failed".
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
export DUNGEOND=$build/dungeond
[ -x "$DUNGEOND" ] || { echo "stack_test: $DUNGEOND is not built" >&2; exit 1; }

skip() { echo "SKIP deploy stack test: $*"; exit 0; }
if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
    bash "$root/tools/deps.sh" test >/dev/null 2>&1 || true
    command -v nginx >/dev/null || skip "nginx is not installed and could not be (apt-get install nginx-light failed)"
    command -v wrk >/dev/null || skip "wrk is not installed and could not be (apt-get install wrk failed)"
fi

run=$(mktemp -d /tmp/stack-test-XXXXXX)
chmod 755 "$run"   # nginx's workers (nobody, when started as root) use the cache below
stack=""
cleanup() {
    [ -n "$stack" ] && kill -TERM "$stack" 2>/dev/null && wait "$stack" 2>/dev/null
    rm -rf "$run"
}
trap cleanup EXIT

passed=0 failed=0
ok() { echo "ok:   $*"; passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }
check() { # description, command...
    local what=$1; shift
    if "$@"; then ok "$what"; else bad "$what"; fi
}

RUN_DIR=$run/stack PORT=0 bash "$root/deploy/local.sh" 3 >"$run/local.out" 2>"$run/local.err" &
stack=$!
for _ in $(seq 200); do
    [ -s "$run/stack/address" ] && break
    kill -0 "$stack" 2>/dev/null || break
    sleep 0.05
done
if [ ! -s "$run/stack/address" ]; then
    cat "$run/local.err" >&2
    echo "stack_test: deploy/local.sh 3 did not come up" >&2
    exit 1
fi
url=$(cat "$run/stack/address")
port=${url##*:}
echo "stack at $url"

# header NAME from the headers in file F, without the CR
hdr() { awk -v n="$1" -F': ' 'tolower($1) == tolower(n) { sub(/\r$/, "", $2); print $2 }' "$2"; }
status() { head -n1 "$1" | awk '{ print $2 }'; }
get() { # headers-file, curl args...
    local h=$1; shift
    curl -s -o /dev/null -D "$h" "$@"
}
# requests the instances have logged (their access logs survive restarts)
instance_lines() { cat "$run"/stack/instance-*.log | grep -c -- "$1" || true; }

# --- the cache ------------------------------------------------------------
get "$run/h1" "$url/dungeon.json?seed=stack-miss-hit"
get "$run/h2" "$url/dungeon.json?seed=stack-miss-hit"
check "named seed: first MISS, then HIT ($(hdr X-Cache-Status "$run/h1"), $(hdr X-Cache-Status "$run/h2"))" \
    test "$(hdr X-Cache-Status "$run/h1")/$(hdr X-Cache-Status "$run/h2")" = MISS/HIT
check "named seed: one instance made it, once" test "$(instance_lines "seed=stack-miss-hit")" = 1
check "named seed: Cache-Control immutable passed on" \
    grep -q "immutable" <<<"$(hdr Cache-Control "$run/h2")"

entries() { find "$run/stack/nginx/cache" -type f 2>/dev/null | wc -l; }
before=$(entries)
get "$run/r1" "$url/dungeon.json"
get "$run/r2" "$url/dungeon.json"
after=$(entries)
check "random seed: never from the cache ($(hdr X-Cache-Status "$run/r1"), $(hdr X-Cache-Status "$run/r2"))" \
    test "$(hdr X-Cache-Status "$run/r1")/$(hdr X-Cache-Status "$run/r2")" = BYPASS/BYPASS
check "random seed: two different maps, both no-store" \
    test "$(hdr X-Dungeon-Seed "$run/r1")" != "$(hdr X-Dungeon-Seed "$run/r2")" \
    -a "$(hdr Cache-Control "$run/r1")" = no-store
check "random seed: nothing stored in nginx's cache ($before entries before, $after after)" \
    test "$before" = "$after"

etag=$(hdr ETag "$run/h2")
get "$run/c1" -H "If-None-Match: $etag" "$url/dungeon.json?seed=stack-miss-hit"
check "If-None-Match $etag: 304 through the proxy ($(status "$run/c1"))" test "$(status "$run/c1")" = 304
get "$run/c2" -H "If-None-Match: \"0000000000000000\"" "$url/dungeon.json?seed=stack-miss-hit"
check "another ETag: 200" test "$(status "$run/c2")" = 200
get "$run/g1" -H "Accept-Encoding: gzip, deflate, br" "$url/dungeon.json?seed=stack-miss-hit"
get "$run/g2" -H "Accept-Encoding: br;q=1.0, gzip;q=0.8" "$url/dungeon.json?seed=stack-miss-hit"
check "gzip: one entry for every way of asking ($(hdr X-Cache-Status "$run/g1"), $(hdr X-Cache-Status "$run/g2"))" \
    test "$(hdr X-Cache-Status "$run/g1")/$(hdr X-Cache-Status "$run/g2")/$(hdr Content-Encoding "$run/g2")" = MISS/HIT/gzip
get "$run/g3" -H "Accept-Encoding: gzip" -H "If-None-Match: $(hdr ETag "$run/g1")" "$url/dungeon.json?seed=stack-miss-hit"
check "gzip: its own ETag gives 304 too" test "$(status "$run/g3")" = 304

# ten clients at once for a new, slow map: one instance makes it once
lock_url="$url/dungeon.png?seed=stack-lock&rows=301&cols=301"
args=()
for _ in $(seq 10); do args+=(-o /dev/null "$lock_url"); done
codes=$(curl -s --no-progress-meter --parallel --parallel-immediate --parallel-max 10 -w '%{http_code}\n' "${args[@]}" | sort | uniq -c | xargs)
check "ten at once for one new map: all 200 ($codes), made once (proxy_cache_lock: $(instance_lines "seed=stack-lock"))" \
    test "$codes/$(instance_lines "seed=stack-lock")" = "10 200/1"

# every instance frozen: what nginx has stored is still served
pids=$(cat "$run"/stack/instance-*.pid)
# shellcheck disable=SC2086 # one pid a word
kill -STOP $pids
code=$(curl -s -m 5 -o /dev/null -D "$run/s1" -w '%{http_code}' "$url/dungeon.json?seed=stack-miss-hit" || true)
# shellcheck disable=SC2086
kill -CONT $pids
check "every instance stopped: a stored map is still served ($code, $(hdr X-Cache-Status "$run/s1"))" \
    test "$code/$(hdr X-Cache-Status "$run/s1")" = 200/HIT

code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    --data '{"seed": 3, "rooms": "dense"}' "$url/dungeon")
check "POST /dungeon with a small body goes through ($code)" test "$code" = 200
code=$(curl -s --interface 127.0.0.2 -o /dev/null -w '%{http_code}' "$url/metrics")
check "/metrics is not served to other addresses ($code)" test "$code" = 404

# --- nginx's limits -----------------------------------------------------------
# a stalled body: headers and 10 of 200 bytes, then nothing. nginx waits
# client_body_timeout (10 s) and closes; it runs beside the load below.
(
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'POST /dungeon HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"seed":1,' >&3
    t0=$(date +%s)
    timeout 30 cat <&3 >/dev/null || true
    echo $(($(date +%s) - t0)) >"$run/slow.secs"
) &
slow=$!

head -c 1048576 /dev/zero | tr '\0' ' ' >"$run/huge.json"
code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    --data-binary "@$run/huge.json" "$url/dungeon")
check "a 1 MB body: 413 from nginx ($code)" test "$code" = 413

# a flood from one address: 600 requests, 16 at a time, from 127.0.0.2
# (the machine's own 127.0.0.1 is not limited). nginx lets a burst of 200
# through, then 50 a second: what it served must fit that, whatever the
# machine's speed, and only what it served may reach an instance.
t0=$(date +%s%N)
curl -s --no-progress-meter --parallel --parallel-max 16 --interface 127.0.0.2 -o /dev/null -w '%{http_code}\n' \
    "$url/dungeon.txt?seed=flood[1-600]" >"$run/flood"
ms=$((($(date +%s%N) - t0) / 1000000))
served=$(grep -c '^200$' "$run/flood" || true)
refused=$(grep -c '^429$' "$run/flood" || true)
reached=$(instance_lines "seed=flood")
allowed=$((200 + 50 * ms / 1000 + 5))
check "flood of 600 from 127.0.0.2 in $ms ms: $served served (at most $allowed), $refused refused with 429" \
    test "$refused" -gt 0 -a "$served" -le "$allowed" -a $((served + refused)) = 600
check "flood: only the $served served ones reached an instance ($reached did)" test "$reached" = "$served"

# --- a 10 s load while instances die -----------------------------------------
wrk -t2 -c16 -d10s --timeout 5s -s "$root/tests/deploy/load.lua" "$url" >"$run/wrk.out" 2>&1 &
load=$!
sleep 3
kill -KILL "$(cat "$run/stack/instance-1.pid")"
sleep 3
kill -TERM "$(cat "$run/stack/instance-2.pid")"
wait "$load" || true
cat "$run/wrk.out"
total=$(awk '/ requests in / { print $1 }' "$run/wrk.out")
check "load: requests answered ($total)" test "${total:-0}" -gt 100
no_failures() { ! grep -q "Socket errors\|Non-2xx" "$run/wrk.out"; }
check "load: 0 failed requests (no socket errors, no non-2xx)" no_failures
retried=$(grep -c 'upstream=[^ ]*, ' "$run/stack/nginx.log" || true)
echo "      nginx retried $retried requests on another instance"
check "load: local.sh restarted both instances" \
    test "$(grep -c 'starting it again' "$run/local.err")" = 2

wait "$slow" || true
secs=$(cat "$run/slow.secs" 2>/dev/null || echo none)
check "a stalled body is cut by nginx after client_body_timeout (closed after $secs s)" \
    test "$secs" != none -a "$secs" -ge 9 -a "$secs" -le 15
check "neither the huge nor the stalled body reached an instance (only the small POST did)" \
    test "$(instance_lines "POST /dungeon")" = 1

# --- stopping -------------------------------------------------------------------
pids=$(cat "$run"/stack/instance-*.pid)
kill -TERM "$stack"
rc=0
wait "$stack" || rc=$?
stack=""
alive=0
for p in $pids; do kill -0 "$p" 2>/dev/null && alive=$((alive + 1)); done
pgrep -f "$run/stack/nginx.conf" >/dev/null && alive=$((alive + 1))
check "SIGTERM to local.sh: exit 0 ($rc), no instance or nginx left ($alive)" test "$rc" = 0 -a "$alive" = 0

echo "deploy stack: $passed passed, $failed failed"
[ "$failed" = 0 ]

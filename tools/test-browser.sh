#!/usr/bin/env bash
# tools/test-browser.sh [DUNGEOND] -- drives the form (web/) in headless
# Chromium against a dungeond on an ephemeral loopback port: npm ci in
# tests/browser, start the daemon, run form_test.mjs, stop the daemon.
# Screenshots land in artifacts/browser/. Skips (exit 0, saying why) only
# when Chromium cannot be installed or launched; any other trouble fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
daemon=${1:-${DUNGEOND:-build/dungeond}}
chromium=${CHROMIUM:-/usr/bin/chromium}

skip() { echo "SKIP browser test: $*" >&2; exit 0; }

if [ ! -x "$chromium" ]; then
    # tools/test.sh installs it through deps.sh; run alone, try once here
    bash tools/deps.sh test >/dev/null 2>&1 || true
    [ -x "$chromium" ] || skip "$chromium is not installed and could not be (apt-get install chromium failed)"
fi
if [ ! -x "$daemon" ]; then
    echo "test-browser: $daemon is missing; build it first (cmake --build build)" >&2
    exit 1
fi
command -v npm >/dev/null || { echo "test-browser: npm is missing (tools/deps.sh test installs it)" >&2; exit 1; }
bash tools/npm-ci.sh tests/browser >/dev/null

tmp=$(mktemp -d)
pid=""
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

"$daemon" --address 127.0.0.1 --port 0 --port-file "$tmp/port" --access-log off \
    >"$tmp/daemon.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
    [ -s "$tmp/port" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/daemon.log" >&2; echo "test-browser: dungeond exited" >&2; exit 1; }
    sleep 0.1
done
[ -s "$tmp/port" ] || { echo "test-browser: dungeond wrote no port in 10 s" >&2; exit 1; }
port=$(cat "$tmp/port")

mkdir -p artifacts/browser
set +e
DUNGEOND_URL="http://127.0.0.1:$port" CHROMIUM="$chromium" ARTIFACTS="$root/artifacts/browser" \
    node tests/browser/form_test.mjs
rc=$?
set -e
# 77: Chromium would not start (the test printed why)
[ "$rc" -eq 77 ] && skip "Chromium could not be launched"
if [ "$rc" -ne 0 ]; then
    echo "test-browser: daemon log:" >&2
    tail -n 20 "$tmp/daemon.log" >&2
fi
exit "$rc"

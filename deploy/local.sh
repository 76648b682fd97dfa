#!/usr/bin/env bash
# deploy/local.sh N [DUNGEOND FLAGS...] -- the whole stack on one machine,
# no Docker: N dungeond instances on loopback ports behind nginx with
# deploy/nginx.conf. Prints nginx's address once every instance answers
# /healthz, restarts an instance that exits (as Kubernetes or Compose
# would), and stops everything on Ctrl-C or SIGTERM.
#
# Flags after N go to every instance (e.g. --cache off --workers 1). The
# instances run with per_ip_connections 0: every request reaches them from
# nginx's address, and nginx limits the clients.
#
# Environment:
#   PORT=8080          nginx's port (0: a free one, shown in the address)
#   ADDRESS=127.0.0.1  nginx's address
#   DUNGEOND=build/dungeond
#   RUN_DIR=DIR        state, logs and nginx's cache here (default: a new
#                      temporary directory, removed at the end); DIR/address
#                      holds the address once the stack is up, DIR/instance-I.pid
#                      and .port each instance's
#   NGINX_CACHE=on|off off: the same nginx.conf with proxy_cache off (benches)
#
# Needs nginx (Debian: nginx-light; tools/deps.sh test installs it).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: deploy/local.sh N [dungeond flags...]  (N instances, 1..32)" >&2; exit 2; }
[ $# -ge 1 ] || usage
n=$1
shift
[[ $n =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 32 ] || usage
daemon=${DUNGEOND:-$root/build/dungeond}
address=${ADDRESS:-127.0.0.1}
port=${PORT:-8080}
cache=${NGINX_CACHE:-on}
[[ $port =~ ^[0-9]+$ ]] && [ "$port" -le 65535 ] || { echo "local.sh: PORT=$port is not a port (0..65535)" >&2; exit 2; }
[ "$cache" = on ] || [ "$cache" = off ] || { echo "local.sh: NGINX_CACHE=$cache: on or off" >&2; exit 2; }
# nginx takes no port 0: ask the kernel for a free one and pass it on
if [ "$port" = 0 ]; then
    port=$(perl -MIO::Socket::INET -e 'print IO::Socket::INET->new(Listen => 1, LocalAddr => "127.0.0.1:0")->sockport')
fi
[ -x "$daemon" ] || { echo "local.sh: $daemon is not built (cmake --build build)" >&2; exit 2; }
command -v nginx >/dev/null || { echo "local.sh: nginx is not installed (Debian: apt-get install nginx-light)" >&2; exit 2; }
command -v curl >/dev/null || { echo "local.sh: curl is not installed" >&2; exit 2; }

own_run=0
if [ -n "${RUN_DIR:-}" ]; then
    run=$RUN_DIR
    mkdir -p "$run"
else
    run=$(mktemp -d /tmp/dungeond-stack-XXXXXX)
    own_run=1
fi
rm -f "$run/address"
# started as root, nginx's workers run as nobody: they must reach the cache
chmod 755 "$run"

say() { echo "local.sh: $*" >&2; }

declare -a pids ports
nginx_pid=""
stopping=0

stop_all() {
    stopping=1
    trap '' INT TERM
    # nginx first: no new requests; QUIT lets the ones under way finish
    [ -n "$nginx_pid" ] && kill -QUIT "$nginx_pid" 2>/dev/null || true
    for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
    [ -n "$nginx_pid" ] && wait "$nginx_pid" 2>/dev/null || true
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    [ "$own_run" = 1 ] && rm -rf "$run"
    rm -f "$run/address" 2>/dev/null || true
}
on_signal() {
    say "stopping"
    stop_all
    exit 0
}
trap on_signal INT TERM
trap '[ "$stopping" = 1 ] || stop_all' EXIT

# Instance i on ports[i] (0 the first time: the kernel picks one, and
# restarts keep it, so nginx's list stays right). Sets pids[i], ports[i].
start_instance() {
    local i=$1 pf=$run/instance-$1.port
    rm -f "$pf"
    "$daemon" --address 127.0.0.1 --port "${ports[$i]:-0}" --port-file "$pf" \
        --per-ip-connections 0 "${extra[@]}" 2>>"$run/instance-$i.log" &
    pids[$i]=$!
    echo "${pids[$i]}" >"$run/instance-$i.pid"
    for _ in $(seq 100); do
        [ -s "$pf" ] && break
        kill -0 "${pids[$i]}" 2>/dev/null || break
        sleep 0.05
    done
    if [ ! -s "$pf" ]; then
        say "instance $i did not start; its log:"
        tail -n 5 "$run/instance-$i.log" >&2
        return 1
    fi
    ports[$i]=$(cat "$pf")
}

extra=("$@")
for i in $(seq "$n"); do
    start_instance "$i" || exit 1
done

# nginx's files: the config as shipped, with this machine's address and the
# instance list beside it
mkdir -p "$run/nginx"
hostport=$address:$port
[[ $address == *:* ]] && hostport="[$address]:$port"
sed -e "s|^\(\s*\)listen 8080;|\1listen $hostport;|" "$root/deploy/nginx.conf" >"$run/nginx.conf"
[ "$cache" = off ] && sed -i -e 's|^\(\s*\)proxy_cache dungeond;|\1proxy_cache off;|' "$run/nginx.conf"
grep -qF "listen $hostport;" "$run/nginx.conf" \
    || { say "deploy/nginx.conf has no 'listen 8080;' line to point at $hostport"; exit 1; }
if [ "$cache" = off ] && ! grep -q "proxy_cache off;" "$run/nginx.conf"; then
    say "deploy/nginx.conf has no 'proxy_cache dungeond;' line to turn off"; exit 1
fi
: >"$run/dungeond-servers.conf"
for i in $(seq "$n"); do
    # a refused connection or reset marks the instance down for 2 s (it is
    # being restarted); the request itself goes to the next one
    echo "server 127.0.0.1:${ports[$i]} max_fails=1 fail_timeout=2s;" >>"$run/dungeond-servers.conf"
done

nginx -p "$run/nginx/" -c "$run/nginx.conf" -g 'daemon off;' >"$run/nginx.log" 2>&1 &
nginx_pid=$!

url=http://$hostport
up=0
for _ in $(seq 100); do
    kill -0 "$nginx_pid" 2>/dev/null || break
    if curl -sf -o /dev/null "$url/healthz"; then up=1; break; fi
    sleep 0.05
done
if [ "$up" != 1 ]; then
    say "nginx did not come up on $hostport; its log:"
    tail -n 5 "$run/nginx.log" >&2
    exit 1
fi
echo "$url" >"$run/address"
echo "dungeond x$n behind nginx: $url/  (state and logs in $run; Ctrl-C stops it all)"

# Supervise: an instance that exits is started again on its port. The sleep
# runs in the background so a signal is handled at once.
while :; do
    for i in $(seq "$n"); do
        kill -0 "${pids[$i]}" 2>/dev/null && continue
        rc=0
        wait "${pids[$i]}" 2>/dev/null || rc=$?
        say "instance $i (port ${ports[$i]}) exited with status $rc; starting it again"
        start_instance "$i" || sleep 1
    done
    if ! kill -0 "$nginx_pid" 2>/dev/null; then
        say "nginx exited; its log:"
        tail -n 5 "$run/nginx.log" >&2
        exit 1
    fi
    sleep 0.2 &
    wait $! || true
done

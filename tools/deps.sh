#!/usr/bin/env bash
# tools/deps.sh run|test -- installs the Debian 12 packages dungeond needs
# for running (run) or for building and running every test (test), but only
# those that are missing, so a second call costs nothing.
set -euo pipefail

run_pkgs=(gcc make cmake pkg-config libmicrohttpd-dev libjansson-dev libgd-dev
          libpng-dev zlib1g-dev)
test_pkgs=(libcriterion-dev libcurl4-openssl-dev clang perl
           librsvg2-bin libxml2-utils) # test_svg: rsvg-convert renders, xmllint parses

want=("${run_pkgs[@]}")
if [ "${1:-run}" = test ]; then
    want+=("${test_pkgs[@]}")
    # node runs the OpenAPI validator and the browser test; the machine may
    # already have its own node, which is just as good
    command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || want+=(nodejs npm)
    command -v chromium >/dev/null 2>&1 || want+=(chromium)
fi

missing=()
for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# tools/deps.sh run|test -- installs the Debian 12 packages dungeond needs
# for running (run) or for building and running every test (test), but only
# those that are missing, so a second call costs nothing.
set -euo pipefail

run_pkgs=(gcc make cmake pkg-config libmicrohttpd-dev libjansson-dev libgd-dev
          libpng-dev zlib1g-dev libwebp-dev libzip-dev # libzip: format=foundry-bundle's archive
          libcairo2-dev fonts-dejavu-core) # style=sketch and format=pdf draw with cairo; the PDF's key is set in DejaVu
test_pkgs=(libcriterion-dev libcurl4-openssl-dev clang libclang-rt-14-dev perl nginx-light wrk curl
           librsvg2-bin libxml2-utils # test_svg: rsvg-convert renders, xmllint parses
           poppler-utils # the browser test reads the printed PDF with pdftotext
           libleveldb-dev # test_foundry_bundle: real LevelDB opens the bundle's pack
           unzip) # foundry_cli_check.mjs unpacks the Foundry module for its CLI

want=("${run_pkgs[@]}")
want_node=no
if [ "${1:-run}" = test ]; then
    want_node=yes
    want+=("${test_pkgs[@]}")
    # node runs the OpenAPI validator and the browser test; Debian 12's own
    # (Node 18) is enough, and so is a newer one the machine already has
    command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || want+=(nodejs npm)
    command -v chromium >/dev/null 2>&1 || want+=(chromium)
fi

missing=()
for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Which Node the npm tests will run on and why it is enough, or what they need
# instead: those tests stop with this same sentence; the rest go on.
say_node() {
    [ "$want_node" = yes ] || return 0
    (cd "$(dirname "$0")/.." && node tools/node-check.js tests/browser tests/integration 2>&1) \
        | sed 's/^/deps: /' >&2 || true
}
[ ${#missing[@]} -eq 0 ] && { say_node; exit 0; }

echo "deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
say_node

#!/usr/bin/env bash
# private_prefixes.sh CORE_LIB RENDER_LIB [STOCK_LIB] -- each library's
# private names carry its own prefix (STYLE.md): the generator's dg__ (core
# and the fiction over it, libdg_stock), render's dr__, so a name read
# anywhere says which side owns it. Fails, naming the symbol, when
# libdg_render defines a dg__ name or libdg_core or libdg_stock a dr__ one.
set -euo pipefail
core=${1:?usage: private_prefixes.sh CORE_LIB RENDER_LIB}
render=${2:?usage: private_prefixes.sh CORE_LIB RENDER_LIB}
stock=${3:-}
defined() { nm --defined-only -g "$1" 2>/dev/null | awk 'NF == 3 { print $3 }'; }
bad=$( { defined "$render" | grep '^dg__' | sed 's/^/render defines core-private /'
         defined "$core" | grep '^dr__' | sed 's/^/core defines render-private /'
         [ -z "$stock" ] || defined "$stock" | grep '^dr__' | sed 's/^/stock defines render-private /'; } || true)
if [ -n "$bad" ]; then
    echo "$bad" >&2
    exit 1
fi
echo "private prefixes apart: $(defined "$core" | grep -c '^dg__') dg__ in core, $(defined "$render" | grep -c '^dr__') dr__ in render"

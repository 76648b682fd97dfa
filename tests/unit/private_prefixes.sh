#!/usr/bin/env bash
# private_prefixes.sh CORE_LIB RENDER_LIB -- each library's private names
# carry its own prefix (STYLE.md): core's dg__, render's dr__, so a name
# read anywhere says which library owns it. Fails, naming the symbol, when
# libdg_render defines a dg__ name or libdg_core a dr__ one.
set -euo pipefail
core=${1:?usage: private_prefixes.sh CORE_LIB RENDER_LIB}
render=${2:?usage: private_prefixes.sh CORE_LIB RENDER_LIB}
defined() { nm --defined-only -g "$1" 2>/dev/null | awk 'NF == 3 { print $3 }'; }
bad=$( { defined "$render" | grep '^dg__' | sed 's/^/render defines core-private /'
         defined "$core" | grep '^dr__' | sed 's/^/core defines render-private /'; } || true)
if [ -n "$bad" ]; then
    echo "$bad" >&2
    exit 1
fi
echo "private prefixes apart: $(defined "$core" | grep -c '^dg__') dg__ in core, $(defined "$render" | grep -c '^dr__') dr__ in render"

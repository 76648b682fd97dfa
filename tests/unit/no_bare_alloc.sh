#!/usr/bin/env bash
# no_bare_alloc.sh -- the libraries (core/, stock/, data/, render/) allocate only through the hook of
# dg_replace_allocator (core/alloc.c), so an embedding program's allocator and
# the allocation-failure test (test_alloc_fail.c) see every block. Fails,
# naming file and line, on any bare malloc/calloc/realloc/free/strdup/strndup
# call outside core/alloc.c. Comments are stripped first, so prose may name
# them. libgd's, libpng's and jansson's own frees (gdFree, json_decref...) are
# other words and pass.
set -euo pipefail
src=${1:?usage: no_bare_alloc.sh SOURCE_DIR}
source "$src/tools/source_dirs.sh"
found=0
for dir in "${DG_LIB_DIRS[@]/#/$src/}"; do
  for f in "$dir"/*.[ch]; do
    [ "$(basename "$f")" = alloc.c ] && continue
    # drop /* ... */ comments (also across lines) and // comments, keep
    # line numbers, then look for a call not preceded by an identifier
    # character, '.' or '->' (fields named free are fine)
    hits=$(perl -0777 -pe 's{/\*.*?\*/}{ my $c = $&; $c =~ tr/\n//cd; $c }gse; s{//[^\n]*}{}g' "$f" |
           grep -nE '(^|[^A-Za-z0-9_.>])(malloc|calloc|realloc|free|strdup|strndup)[[:space:]]*\(' || true)
    if [ -n "$hits" ]; then
        while IFS= read -r line; do
            echo "${f#"$src"/}:$line: call dg__malloc/dg__calloc/dg__realloc/dg__free/dg__strdup instead"
        done <<< "$hits"
        found=1
    fi
  done
done
if [ "$found" -ne 0 ]; then
    echo "bare allocation calls in the libraries (see core/dg_common.h)" >&2
    exit 1
fi
echo "${DG_LIB_DIRS[*]} allocate only through core/alloc.c"

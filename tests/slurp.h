/* slurp.h -- a whole file read into memory, for tests that compare bytes
 * with a file on disk (golden dumps, CLI output, embedded web assets). */
#ifndef TESTS_SLURP_H
#define TESTS_SLURP_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

/* The file at path, NUL-terminated (caller frees); NULL when it cannot be
 * opened. *len (when len is not NULL) is its size in bytes. */
static inline char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    cr_assert_geq(n, 0, "%s: cannot tell its size", path);
    char *p = malloc((size_t)n + 1);
    cr_assert(p, "%s: out of memory", path);
    cr_assert_eq(fread(p, 1, (size_t)n, f), (size_t)n, "%s: short read", path);
    p[n] = '\0';
    fclose(f);
    if (len) *len = (size_t)n;
    return p;
}

#endif
